"""The rows of docs/vanilla-behaviour.md where releases differ, met by the sandbox of each release.

Each test names its ledger row. Replies are read over the real RCON wire, as the controller
reads them.
"""

from __future__ import annotations

import dataclasses
import json
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nbtlib import Compound, Int, IntArray, List, String

from monopoli_mc.datapack.layout import Layout
from monopoli_mc.rcon import RconClient
from monopoli_mc.sandbox import nbt_tags
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.runner import Sandbox
from monopoli_mc.sandbox.versions import pack_format
from monopoli_mc.vanilla import printed
from monopoli_mc.vanilla.releases import RELEASES as SUPPORTED

PASSWORD = "ledger-pw"
RELEASES = list(SUPPORTED)


@contextmanager
def server(version: str, **options: object) -> Iterator[tuple[Sandbox, RconClient]]:
    """A strict sandbox of one release whose clock the test drives, and a client on it."""
    with Sandbox(password=PASSWORD, version=version, strict=True, ticking=False, **options) as box:  # type: ignore[arg-type]
        with RconClient(*box.address, PASSWORD) as rcon:
            yield box, rcon
        assert box.world.strict_failures == []


def before(version: str, release: tuple[int, ...]) -> bool:
    return tuple(int(p) for p in version.split(".")) < release


@pytest.mark.parametrize("version", ["1.20.5", "1.21.4", "1.21.11"])
def test_c4_entity_arguments_say_no_entity_whatever_the_selector(version: str) -> None:
    """C4: `entities`/`entity` arguments answer "No entity was found", `players` ones "No player …"."""
    with server(version) as (_, rcon):
        for command in ("tag @a remove monopoli.walk", "data get entity Alex Pos", "tp @a 0 64 0",
                        "kill @a", "data get entity @p Pos"):
            assert rcon.command(command) == "No entity was found", command
        for command in ('tellraw @a "x"', "clear @a", "give Alex minecraft:stone"):
            assert rcon.command(command) == "No player was found", command


@pytest.mark.parametrize("version", RELEASES)
def test_s5_arrays_print_128_elements_from_1_21(version: str) -> None:
    """S5: `data get` prints an array's first 128 elements then `<...>` from 1.21; whole before."""
    with server(version) as (box, rcon):
        box.world.storage["monopoli:ledger"] = Compound({"a": IntArray(range(130)), "b": IntArray([1, 2])})
        reply = rcon.command("data get storage monopoli:ledger a")
        if before(version, (1, 21)):
            assert reply.endswith("contents: [I; " + ", ".join(map(str, range(130))) + "]")
        else:  # visitIntArray: "," after the 128th (not the array's last), then <...>
            assert reply.endswith("contents: [I; " + ", ".join(map(str, range(128))) + ",<...>]")
        assert rcon.command("data get storage monopoli:ledger b").endswith("contents: [I; 1, 2]")
        assert rcon.command("data modify storage monopoli:ledger e set value [I;]") == "Modified storage monopoli:ledger"
        assert rcon.command("data get storage monopoli:ledger e").endswith("contents: [I;]")


@pytest.mark.parametrize("version", ["1.20.5", "1.21.4", "1.21.11"])
def test_s7_a_compound_64_levels_down_folds(version: str) -> None:
    """S7: a list or compound at depth 64 prints `{<...>}` / `[<...>]`; Tag.toString never folds."""
    with server(version) as (box, rcon):
        deep = inner = Compound()
        for level in range(70):
            inner["d"] = Compound({"n": Int(level)})
            inner = inner["d"]
        box.world.storage["monopoli:ledger"] = Compound({"deep": deep, "list": [[[Int(1)]]]})
        reply = rcon.command("data get storage monopoli:ledger deep")
        assert reply.count("{") == 64 + 1 and "{d: {<...>}, n: 62}" in reply
        assert rcon.command("data get storage monopoli:ledger list").endswith("contents: [[[1]]]")
        assert nbt_tags.show(deep, pretty=False, version=version).count("{") == 71


@pytest.mark.parametrize("version", RELEASES)
def test_s9_control_characters_raw_before_1_21_5_escaped_after(version: str) -> None:
    """S9: quoted strings escape `\\n`, `\\t` and `\\xHH` from 1.21.5; before, print them raw."""
    with server(version) as (box, rcon):
        box.world.storage["monopoli:ledger"] = Compound({"s": String("a\nb\tc\x01d\\e'f\"g")})
        reply = rcon.command("data get storage monopoli:ledger s")
        if before(version, (1, 21, 5)):
            assert reply.endswith('contents: "a\nb\tc\x01d\\\\e\'f\\"g"')
        else:  # the first quote in the text is ', so it is quoted with " and its " escaped
            assert reply.endswith('contents: "a\\nb\\tc\\x01d\\\\e\'f\\"g"')


@settings(max_examples=60, deadline=None)
@given(st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=20))
def test_s8_s9_a_quoted_string_reads_back(text: str) -> None:
    """S8/S9: 1.21.5+ quoting reads back through SNBT to the same text; before, only \\ and the quote are escaped."""
    assert printed.read(nbt_tags.quote(text, "1.21.11")) == text
    old = nbt_tags.quote(text, "1.21.4")
    assert old[1:-1].replace("\\\\", "").replace("\\" + old[0], "").count("\\") == 0


def _pack(tmp_path: Path, version: str, functions: dict[str, str], load: str | None = None) -> Path:
    """A pack of the release's format with `ledger:` functions (and a #minecraft:load tag)."""
    plural = "s" if before(version, (1, 21)) else ""  # folders are singular from 1.21
    for name, text in functions.items():
        path = tmp_path / "data" / "ledger" / f"function{plural}" / f"{name}.mcfunction"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    if load is not None:
        tag = tmp_path / "data" / "minecraft" / "tags" / f"function{plural}" / "load.json"
        tag.parent.mkdir(parents=True)
        tag.write_text('{"values": ["%s"]}' % load)
    meta = {"pack": {"pack_format": pack_format(version), "description": "ledger"}}
    (tmp_path / "pack.mcmeta").write_text(json.dumps(meta))
    return tmp_path


ECHO = {"echo": "$data modify storage monopoli:ledger pasted set value '$(x)'\n"}


@pytest.mark.parametrize("version", ["1.20.5", "1.21.4", "1.21.5", "1.21.11"])
def test_m1_m2_macro_arguments_are_pasted_as_vanilla_pastes_them(version: str, tmp_path: Path) -> None:
    """M1: floats by DecimalFormat("#"); M2: compounds by Tag.toString, keys sorted, `1` quoted from 1.21.5."""
    pasted = {
        "{x:0.5d}": ".5", "{x:2.0d}": "2", "{x:1.0E7d}": "10000000", "{x:0.1f}": ".100000001490116",
        "{x:-0.25f}": "-.25", "{x:7b}": "7", "{x:12L}": "12", "{x:hello}": "hello",
        "{x:{b:1,a:2b,c:[1,2]}}": "{a:2b,b:1,c:[1,2]}",
        "{x:{z:1,\"1\":1}}": "{1:1,z:1}" if before(version, (1, 21, 5)) else '{"1":1,z:1}',
    }
    with server(version, datapack=_pack(tmp_path, version, ECHO)) as (_, rcon):
        for args, text in pasted.items():
            assert rcon.command(f"function ledger:echo {args}") == "Running function ledger:echo", args
            assert rcon.command("data get storage monopoli:ledger pasted").endswith(
                "contents: " + nbt_tags.quote(text, version)), args


@pytest.mark.parametrize("version", ["1.20.5", "1.21.4", "1.21.5", "1.21.11"])
def test_m4_a_tag_in_an_error_is_its_tag_to_string_of_the_release(version: str) -> None:
    """M4: "Expected object, got: %s" and "Expected list, got: %s" print the tag as the release's
    Tag.toString (M2): no spaces, keys sorted, a key `1` bare before 1.21.5 and quoted from it."""
    with server(version) as (box, rcon):
        box.world.storage["monopoli:ledger"] = Compound({
            "list": List[Int]([Int(1), Int(2)]), "map": Compound({"z": Int(1), "1": String("it's")})})
        shown = '{1:"it\'s",z:1}' if before(version, (1, 21, 5)) else '{"1":"it\'s",z:1}'
        worded = ("Expected object, got: %s", "Expected list, got: %s") if before(version, (1, 21, 9)) else (
            "Expected an object: got %s", "Expected a list: got %s")  # C19
        assert rcon.command("data modify storage monopoli:ledger list merge value {a:1}") == worded[0] % "[1,2]"
        assert rcon.command("data modify storage monopoli:ledger map append value 3") == worded[1] % shown


@pytest.mark.parametrize("version", RELEASES)
def test_f5_an_empty_server_pauses_from_1_21_2(version: str, tmp_path: Path) -> None:
    """F5: 20 × pause-when-empty-seconds empty ticks, then no game time and no load function."""
    pack = _pack(tmp_path, version, {"load": "scoreboard players add $loads monopoli.ledger 1\n"},
                 load="ledger:load")
    with server(version, datapack=pack) as (box, rcon):
        rcon.command("scoreboard objectives add monopoli.ledger dummy")
        box.world.tick(1200)
        pauses = not before(version, (1, 21, 2))
        assert box.world.paused is pauses
        assert rcon.command("time query gametime") == f"The time is {1199 if pauses else 1200}"
        assert ("Server empty for 60 seconds, pausing" in box.world.log) is pauses
        rcon.command("reload")
        box.world.tick(5)
        loads = "$loads has 1 [monopoli.ledger]"
        assert (rcon.command("scoreboard players get $loads monopoli.ledger") == loads) is not pauses
        Bot.join(box.world, "Alex")  # someone joins: the next tick runs, load with it
        box.world.tick(1)
        assert rcon.command("scoreboard players get $loads monopoli.ledger") == loads
        assert not box.world.paused


def test_f5_pause_when_empty_seconds_is_the_servers_setting() -> None:
    """F5: 0 never pauses; a short setting pauses sooner; 1.21.1 has no such setting."""
    with server("1.21.11", pause_when_empty_seconds=0) as (box, _):
        box.world.tick(1500)
        assert not box.world.paused and box.world.game_time == 1500
    with server("1.21.11", pause_when_empty_seconds=2) as (box, _):
        box.world.tick(45)
        assert box.world.paused and box.world.game_time == 39
    with server("1.21.1") as (box, _):
        assert box.world.pause_when_empty_seconds == 0


@pytest.mark.parametrize("version", ["1.20.5", "1.21.4", "1.21.5", "1.21.11"])
def test_b1_block_data_on_an_unchanged_state(version: str) -> None:
    """B1: up to 1.21.4 setblock drops the data of a block whose state is unchanged, and fails."""
    banner = 'setblock 5 64 5 minecraft:gray_banner[rotation=8]{CustomName:"%s"} replace'
    if before(version, (1, 21, 5)):
        banner = banner.replace('"%s"', '\'"%s"\'')  # a JSON text component before 1.21.5
    with server(version) as (_, rcon):
        assert rcon.command(banner % "Alex") == "Changed the block at 5, 64, 5"
        if before(version, (1, 21, 5)):
            assert rcon.command(banner % "Sam") == "Could not set the block"
            assert "Alex" in rcon.command("data get block 5 64 5 CustomName")
        else:
            assert rcon.command(banner % "Sam") == "Changed the block at 5, 64, 5"
            assert "Sam" in rcon.command("data get block 5 64 5 CustomName")
        assert rcon.command(banner % "Sam") == "Could not set the block"  # nothing changed at all


@pytest.mark.parametrize("version", ["1.21.4", "1.21.11"])
def test_b1_a_mortgaged_banner_that_changes_hands_shows_its_new_owner(version: str, tmp_path: Path) -> None:
    """The pack clears a banner before writing it, so every release shows the new owner's name."""
    from monopoli_mc.datapack import calls
    from monopoli_mc.datapack.build import build_pack
    from monopoli_mc.datapack.pack import write_pack
    from monopoli_mc.datapack.versions import get_version
    from monopoli_mc.datapack.world_config import load_world
    from monopoli_mc.rules.board import default_board_path, load_board

    world = dataclasses.replace(load_world(), version=get_version(version))
    folder, _ = write_pack(build_pack(world, load_board(default_board_path())), tmp_path)
    with server(version, datapack=folder) as (_, rcon):
        for owner in ("Alex", "Sam"):
            rcon.command(calls.banner("main", 1, "gray", owner))
        x, y, z = Layout(world.boards[0]).world(Layout(world.boards[0]).banner(1))
        assert "Sam" in rcon.command(f"data get block {x} {y} {z} CustomName")


def test_t3_a_list_inherits_the_style_of_its_first_element_even_nested() -> None:
    """createFromList copies the first element and appends the rest: they take its style."""
    from monopoli_mc.sandbox.text import spans
    red = {"text": "a", "color": "red"}
    assert [s.color for _, s in spans([red, "b"])] == ["red", "red"]
    assert [s.color for _, s in spans([[red, "b"], "c"])] == ["red", "red", "red"]
    assert [s.bold for _, s in spans(["x", {"text": "y", "bold": True}, "z"])] == [False, True, False]


@pytest.mark.parametrize("version", ["1.21.4", "1.21.11"])
def test_n2_an_offline_players_uuid_is_vanillas(version: str) -> None:
    """N2: an offline-mode player's UUID is `UUID.nameUUIDFromBytes("OfflinePlayer:" + name)`, the same on every
    server: `list uuids` on two sandboxes shows one UUID for a name, and Notch's is the one every offline
    server gives him."""
    with server(version) as (box, rcon), server(version) as (other, rcon2):
        for world in (box.world, other.world):
            Bot.join(world, "Notch")
            Bot.join(world, "notch")  # another name: another UUID
        listing = "There are 2 of a max of 20 players online: Notch (b50ad385-829d-3141-a216-7e7d7539ba7f), notch ("
        assert rcon.command("list uuids").startswith(listing)
        assert rcon.command("list uuids") == rcon2.command("list uuids")
        lower = uuid.UUID(rcon.command("list uuids")[len(listing):-1])
        assert (lower.version, lower.variant) == (3, uuid.RFC_4122) and str(lower) != "b50ad385-829d-3141-a216-7e7d7539ba7f"
