"""What the fuzz of the command tree found (tests/sandbox/test_fuzz_tree.py), each line answered
as vanilla answers it on the release named; each failed before its fix."""

from __future__ import annotations

import json
import pathlib
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from test_world_place_template import _structure

from monopoli_mc.rcon import RconClient
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.javarandom import JavaRandom
from monopoli_mc.sandbox.runner import Sandbox
from monopoli_mc.sandbox.world import World

PASSWORD = "findings-pw"


@contextmanager
def server(version: str, pack: pathlib.Path | None = None) -> Iterator[tuple[World, RconClient]]:
    """A sandbox of one release (strict: each line below is one vanilla takes) and a client on it."""
    with Sandbox(password=PASSWORD, version=version, strict=True, ticking=False, datapack=pack) as box:
        with RconClient(*box.address, PASSWORD) as rcon:
            yield box.world, rcon
        assert box.world.strict_failures == []


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    """A template of 20 stones in a row, and a function that merges a compound into a storage."""
    root = tmp_path_factory.mktemp("pack")
    (root / "data/t/structure").mkdir(parents=True)
    (root / "data/t/function").mkdir(parents=True)
    (root / "pack.mcmeta").write_text(json.dumps({"pack": {"description": "t", "pack_format": 61,
                                                           "supported_formats": [61, 94]}}))
    stones: list[tuple[tuple[int, int, int], str, dict[str, str], dict[str, object] | None]] = [
        ((x, 0, 0), "stone", {}, None) for x in range(20)]
    (root / "data/t/structure/row.nbt").write_bytes(_structure(stones, (20, 1, 1)))
    (root / "data/t/function/merge.mcfunction").write_text("data merge storage t:m {a:{}}\n")
    return root


@pytest.mark.parametrize("version", ["1.21.4", "1.21.11"])
def test_item_replace_into_and_from_a_block(version: str) -> None:
    """ItemCommands: a block's slot is checked against its container (27 for a chest), the error
    names the slot's index; before, `… from entity` into a block was the sandbox's own refusal and
    a block slot other than `container.N` raised inside the sandbox."""
    with server(version) as (w, rcon):
        Bot.join(w, "Alex")
        rcon.command("setblock 0 64 0 minecraft:chest")
        rcon.command("give Alex minecraft:stone 3")
        assert rcon.command("item replace block 0 64 0 container.1 from entity Alex hotbar.0") == \
            "Replaced a slot at 0, 64, 0 with [Stone]"
        assert rcon.command("item replace block 0 64 0 weapon.mainhand with minecraft:stone") == \
            "The target does not have slot 98"
        assert rcon.command("item replace block 0 64 0 container.27 with minecraft:stone") == \
            "The target does not have slot 27"
        assert rcon.command("item replace entity Alex hotbar.1 from block 0 64 0 container.1") == \
            "Replaced a slot on Alex with [Stone]"
        assert rcon.command("item replace block 5 64 5 container.0 from block 0 64 0 container.1") == \
            "Target position 5, 64, 5 is not a container"


@pytest.mark.parametrize("version", ["1.21.4", "1.21.11"])
def test_place_template_with_an_integrity_drops_blocks_as_the_seed_draws(pack: pathlib.Path, version: str) -> None:
    """BlockRotProcessor: each block stays when the seed's Java random draws at most the integrity
    (after one draw for the palette); before, the sandbox refused any integrity below 1."""
    random = JavaRandom(7)
    random.next_int(1)
    kept = [x for x in range(20) if random.next_float() <= 0.5]
    assert 0 < len(kept) < 20
    with server(version, pack) as (w, rcon):
        assert rcon.command("place template t:row 0 64 0 none none 0.5 7") == 'Loaded template "t:row" at 0, 64, 0'
        assert [x for x in range(20) if (x, 64, 0) in w.blocks] == kept
        rcon.command("place template t:row 0 70 0 none none 0 7")
        assert not any((x, 70, 0) in w.blocks for x in range(20))


@pytest.mark.parametrize(("version", "unit"), [("1.21.4", "tick(s)"), ("1.21.1", "ticks"), ("1.21.11", "tick(s)")])
def test_schedule_of_a_tag_says_ticks_as_the_release_words_it(pack: pathlib.Path, version: str, unit: str) -> None:
    """commands.schedule.created.tag: "… in %s ticks …" up to 1.21.1, "tick(s)" from 24w33a (1.21.2)."""
    (pack / "data/minecraft/tags/function").mkdir(parents=True, exist_ok=True)
    (pack / "data/minecraft/tags/function/both.json").write_text('{"values":["t:merge"]}')
    with Sandbox(password=PASSWORD, version=version, ticking=False, datapack=pack) as box:
        with RconClient(*box.address, PASSWORD) as rcon:
            assert rcon.command("schedule function #minecraft:both 2") == \
                f"Scheduled tag 'minecraft:both' in 2 {unit} at gametime 2"


@pytest.mark.parametrize(("version", "passed", "big"), [
    ("1.21.4", "Test passed, count: 1", "(maximum 256, specified 289)"),
    ("1.21.11", "Test passed. Count: 1", "(maximum 256, but specified 289)")])
def test_replies_25w36a_reworded_are_worded_as_the_release_does(version: str, passed: str, big: str) -> None:
    """1.21.9 reworded `commands.execute.conditional.pass_count`, `….toobig`, `…expected_object`…"""
    with server(version) as (w, rcon):
        Bot.join(w, "Alex")
        assert rcon.command("execute if entity @a") == passed
        assert rcon.command("forceload add 0 0 260 260") == f"Too many chunks in the specified area {big}"
        rcon.command("data modify storage t:s a set value 1")
        expected = "Expected object, got: 1" if version == "1.21.4" else "Expected an object: got 1"
        assert rcon.command("data modify storage t:s a merge value {b:1}") == expected


@pytest.mark.parametrize("version", ["1.21.4", "1.21.11"])
def test_summon_of_an_entity_the_sandbox_has_no_model_of_fails_as_vanilla_fails(version: str) -> None:
    """A player is never summoned ("Unable to summon entity"); the sandbox models frames only, and
    fails the same way for other entities, where it answered with a sentence of its own."""
    with server(version) as (_, rcon):
        assert rcon.command("summon minecraft:player") == "Unable to summon entity"
        assert rcon.command("summon minecraft:pig ~ ~ ~") == "Unable to summon entity"


@pytest.mark.parametrize(("version", "text"), [("1.21.4", "Invalid argument type: INT, expected Compound"),
                                                ("1.21.11", "Invalid argument type: INT. Expected Compound")])
def test_function_with_arguments_that_are_no_compound_names_their_type(pack: pathlib.Path, version: str, text: str) -> None:
    """FunctionCommand.getArgumentTag: the error names the tag's type (`getType().getName()`), not its value."""
    with server(version, pack) as (_, rcon):
        rcon.command("data modify storage t:s n set value 5")
        assert rcon.command("function t:merge with storage t:s n") == text


@pytest.mark.parametrize("version", ["1.21.4", "1.21.11"])
def test_a_functions_merge_never_shares_its_own_tag_with_the_storage(pack: pathlib.Path, version: str) -> None:
    """`data merge` puts copies (CompoundTag.merge: `put(key, tag.copy())`): a function's parsed
    `{a:{}}` changed through the storage was merged again changed the next time it ran."""
    with server(version, pack) as (_, rcon):
        rcon.command("function t:merge")
        rcon.command("data modify storage t:m a.b set value 1")
        rcon.command("data remove storage t:m a")
        rcon.command("function t:merge")
        assert rcon.command("data get storage t:m a") == "Storage t:m has the following contents: {}"


@pytest.mark.parametrize("version", ["1.21.4", "1.21.11"])
@pytest.mark.parametrize("strict", [True, False])
def test_an_int_range_bound_past_the_int_range_is_refused_when_read(version: str, strict: bool) -> None:
    """MinMaxBounds.Ints reads each bound with Integer.parseInt: "Invalid integer '2147483648'" when
    the line is read; before, `random roll 2147483648..` raised inside the sandbox (and the judge took it)."""
    world = World(version=version, strict=strict)
    assert world.execute("random roll 2147483648..") == ["Invalid integer '2147483648'",
                                                           "...ndom roll 2147483648..<--[HERE]"]
    assert world.execute("random value -2147483649..0")[0] == "Invalid integer '-2147483649'"


@pytest.mark.parametrize("version", ["1.21.4", "1.21.11"])
def test_random_value_says_randomized_value(version: str) -> None:
    """RandomCommand: "Randomized value: %s" (`commands.random.sample.success`), not "Random value"."""
    with server(version) as (_, rcon):
        assert rcon.command("random value 3..4") in ("Randomized value: 3", "Randomized value: 4")
