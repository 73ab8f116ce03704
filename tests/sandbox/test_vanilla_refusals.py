"""The sandbox refuses, truncates and wraps as vanilla does, strict mode or not (issue 28; ledger rows E1-E9).

Each test names its ledger row. The sandbox's own parser is met without the judge (a lenient
world, as `monopoli sandbox --console` runs), and where the judge words a refusal too, a strict
world must answer the same. Replies are read over the real RCON wire.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from monopoli_mc.errors import SandboxError
from monopoli_mc.rcon import RconClient
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.runner import Sandbox
from monopoli_mc.sandbox.versions import pack_format
from monopoli_mc.sandbox.world import World

PASSWORD = "refusals-pw"
DIALECTS = ["1.21.4", "1.21.11"]
UNCHANGED = "Nothing changed. The specified properties already have these values"


@pytest.fixture(scope="module", params=DIALECTS)
def lenient(request: pytest.FixtureRequest) -> Iterator[tuple[World, RconClient]]:
    """A sandbox of one dialect without strict mode (its own parser only), and a client on it."""
    with Sandbox(password=PASSWORD, version=request.param, ticking=False) as box:
        with RconClient(*box.address, PASSWORD) as rcon:
            yield box.world, rcon


def strict_reply(version: str, *commands: str) -> str:
    """What a strict world (the judge on Mojang's tree) answers to the last command, joined as RCON joins."""
    world = World(version=version, strict=True)
    for command in commands[:-1]:
        world.execute(command)
    return "".join(world.execute(commands[-1]))


def test_e2_an_int_past_the_int_range_is_refused_at_parse_time(lenient: tuple[World, RconClient]) -> None:
    """E2: brigadier's readInt is Integer.parseInt: 99999999999999 and 1.5 are "Invalid integer"."""
    world, rcon = lenient
    rcon.command("scoreboard objectives add d6 trigger")
    for value in ("99999999999999", "2147483648", "1.5", "--1"):
        command = f"scoreboard players set Kim d6 {value}"
        reply = rcon.command(command)
        assert reply == f"Invalid integer '{value}'...et Kim d6 {value}<--[HERE]"
        assert reply == strict_reply(world.version, "scoreboard objectives add d6 trigger", command)
    assert rcon.command("scoreboard players set Kim d6 -2147483648") == "Set [d6] for Kim to -2147483648"
    kim = Bot.join(world, "Kim")
    rcon.command("scoreboard players enable Kim d6")
    assert kim.command("/trigger d6 set 99999999999999") == [
        "Invalid integer '99999999999999'", "...er d6 set 99999999999999<--[HERE]"]
    assert rcon.command("scoreboard players get Kim d6") == "Kim has -2147483648 [d6]"
    world.tick(3)  # nothing poisoned: the ticks run
    kim.leave()


def test_e1_escapes_in_quoted_strings_by_release(lenient: tuple[World, RconClient]) -> None:
    """E1: up to 1.21.4 only the quote and `\\` may follow a backslash (brigadier readStringUntil, the
    old TagParser); 1.21.5+ SNBT takes `\\u`, `\\x`, `\\n` … (SnbtGrammar), other strings still not."""
    world, rcon = lenient
    command = 'data modify storage t:e1 c set value "a\\u001bb"'
    reply = rcon.command(command)
    if world.version == "1.21.4":
        assert reply == "Invalid escape sequence '\\u' in quoted string... value \"a\\u001bb\"<--[HERE]"
        assert rcon.command('data modify storage t:e1 c set value "a\\nb"').startswith(
            "Invalid escape sequence '\\n' in quoted string")
    else:
        assert reply == "Modified storage t:e1"
        assert rcon.command("data get storage t:e1 c") == 'Storage t:e1 has the following contents: "a\\x1Bb"'
        assert rcon.command('data modify storage t:e1 d set value "\\N{SNOWMAN}\\x41"') == "Modified storage t:e1"
        assert rcon.command("data get storage t:e1 d") == 'Storage t:e1 has the following contents: "\u2603A"'
    assert reply == strict_reply(world.version, command)
    # a selector's name is a brigadier string on every release
    assert rcon.command('kill @a[name="a\\tb"]').startswith("Invalid escape sequence '\\t' in quoted string")
    assert rcon.command('data modify storage t:e1 q set value "it\\"s"') == "Modified storage t:e1"


def test_e3_data_remove_of_nothing_is_nothing_changed(lenient: tuple[World, RconClient]) -> None:
    """E3: DataCommands.removeData throws ERROR_MERGE_UNCHANGED when NbtPath.remove removed nothing."""
    world, rcon = lenient
    assert rcon.command("data remove storage t:e3 inbox[{seq:4}]") == UNCHANGED
    rcon.command("data modify storage t:e3 inbox set value [{seq:4}]")
    assert rcon.command("data remove storage t:e3 inbox[{seq:4}]") == "Modified storage t:e3"
    assert rcon.command("data remove storage t:e3 inbox[{seq:4}]") == UNCHANGED


@pytest.mark.parametrize(("result", "kind", "scale", "stored"), [
    (-3, "int", "0.5", "-1"), (3, "int", "0.5", "1"), (-3, "long", "0.5", "-1L"),
    (300, "byte", "1", "44b"), (-129, "byte", "1", "127b"), (40000, "short", "1", "-25536s"),
    (2147483647, "int", "10", "2147483647"), (2147483647, "byte", "10", "-1b"),
    (-7, "double", "0.5", "-3.5d"), (1, "float", "0.1", "0.1f"), (2147483647, "long", "4", "8589934588L"),
])
def test_e4_execute_store_truncates_toward_zero_and_wraps(
        lenient: tuple[World, RconClient], result: int, kind: str, scale: str, stored: str) -> None:
    """E4: ExecuteCommand.storeData casts `(byte)(int)(r * scale)`, `(int)`, `(long)`, `(float)`."""
    world, rcon = lenient
    rcon.command("scoreboard objectives add e4 dummy")
    rcon.command(f"scoreboard players set #r e4 {result}")
    command = f"execute store result storage t:e4 v {kind} {scale} run scoreboard players get #r e4"
    assert rcon.command(command) == f"#r has {result} [e4]"
    assert rcon.command("data get storage t:e4 v") == f"Storage t:e4 has the following contents: {stored}"


@pytest.mark.parametrize(("value", "got"), [("3.0E10d", 2147483647), ("-2.5d", -3), ("5000000000L", 2147483647),
                                            ("-2147483648.5d", 2147483647), ("-3.0E10d", 2147483647)])
def test_e8_data_get_of_a_number_past_int_is_capped(lenient: tuple[World, RconClient], value: str, got: int) -> None:
    """E8: `data get` is Mth.floor(getAsDouble()): (int) saturates, and below the int range the `- 1`
    wraps to 2147483647."""
    world, rcon = lenient
    rcon.command("scoreboard objectives add e8 dummy")
    rcon.command(f"data modify storage t:e8 n set value {value}")
    rcon.command("execute store result score #n e8 run data get storage t:e8 n")
    assert rcon.command("scoreboard players get #n e8") == f"#n has {got} [e8]"


def test_e8_infinity_is_a_number_up_to_1_21_4_and_refused_after(lenient: tuple[World, RconClient]) -> None:
    """E8: 1.21.4's TagParser takes Double.parseDouble's Infinity (and `data get` of it, × 0, is NaN,
    floored to 0); 1.21.5+ SnbtParsing.parseFiniteDouble refuses it."""
    world, rcon = lenient
    rcon.command("scoreboard objectives add e8 dummy")
    for value in ("1e999d", "-1e999d", "1e39f"):
        command = f"data modify storage t:e8 inf set value {value}"
        reply = rcon.command(command)
        assert reply == strict_reply(world.version, command)
        if world.version == "1.21.11":
            assert reply == f"Non-finite numbers are not allowed...set value {value}<--[HERE]"
            continue
        assert reply == "Modified storage t:e8"
        rcon.command("execute store result score #i e8 run data get storage t:e8 inf")
        assert rcon.command("scoreboard players get #i e8") == "#i has 2147483647 [e8]"  # -∞: MIN - 1 wraps
        rcon.command("execute store result score #z e8 run data get storage t:e8 inf 0")
        assert rcon.command("scoreboard players get #z e8") == "#z has 0 [e8]"


@settings(max_examples=40, deadline=None)
@given(st.integers(-2**40, 2**40), st.sampled_from(["byte", "short", "int", "long"]),
       st.sampled_from(["1", "0.5", "-0.3", "7.5"]))
def test_e4_execute_store_never_raises(result: int, kind: str, scale: str) -> None:
    """E4, hostile values: whatever the result and scale, a store writes a tag of the type asked."""
    world = World(version="1.21.4")
    world.execute("scoreboard objectives add e4 dummy")
    world.execute(f"data modify storage t:e4 r set value {result}L")
    world.execute(f"execute store result score #r e4 run data get storage t:e4 r")
    reply = world.execute(f"execute store result storage t:e4 v {kind} {scale} run scoreboard players get #r e4")
    assert len(reply) == 1 and " has " in reply[0], reply
    suffix = {"byte": "b", "short": "s", "int": "", "long": "L"}[kind]
    shown = world.execute("data get storage t:e4 v")[0].rpartition(" ")[2]
    assert shown.rstrip("bsL").lstrip("-").isdigit() and shown.endswith(suffix)


def test_e5_a_click_event_of_the_other_dialect_is_plain_text(lenient: tuple[World, RconClient]) -> None:
    """E5: the style codec reads only its release's click key and ignores the other: 1.21.4's JSON
    `clickEvent`/`value`, 1.21.5+'s SNBT `click_event`/`command`; the player sees no button."""
    world, rcon = lenient
    kim = Bot.join(world, "Kim")
    modern = '{text:"[roll]",click_event:{action:"run_command",command:"/trigger d6"}}'
    legacy = '{"text":"[roll]","clickEvent":{"action":"run_command","value":"/trigger d6"}}'
    if world.version == "1.21.4":  # tellraw takes JSON here: the modern keys written as JSON
        modern = '{"text":"[roll]","click_event":{"action":"run_command","command":"/trigger d6"}}'
    else:  # and SNBT here: the legacy keys written as SNBT
        legacy = '{text:"[roll]",clickEvent:{action:"run_command",value:"/trigger d6"}}'
    own, other = (legacy, modern) if world.version == "1.21.4" else (modern, legacy)
    judged = World(version=world.version, strict=True)
    Bot.join(judged, "Kim")
    for component in (own, other):
        assert rcon.command(f"tellraw Kim {component}") == ""
        assert judged.execute(f"tellraw Kim {component}") == []  # Mojang's tree takes both lines
    assert judged.strict_failures == []
    assert kim.chat_text()[-2:] == ["[roll]", "[roll]"]
    assert kim.buttons() == [("[roll]", "/trigger d6")]  # the first line's only
    assert kim.chat()[-1].clicks == []
    kim.leave()


@pytest.mark.parametrize("version", DIALECTS)
def test_e6_return_fail_answers_returned_0(version: str, tmp_path: Path) -> None:
    """E6: `return fail` (and a failing `return run`) call onFailure, which is onResult(false, 0), so
    FunctionCommand's callback says "Function %s returned 0" after "Running function %s"."""
    pack = tmp_path / "pack"
    (pack / "data/t/function").mkdir(parents=True)
    (pack / "pack.mcmeta").write_text(json.dumps({"pack": {"pack_format": pack_format(version), "description": "t"}}))
    (pack / "data/t/function/fail.mcfunction").write_text("scoreboard players set #x e6 1\nreturn fail\n")
    (pack / "data/t/function/run.mcfunction").write_text("return run data get storage t:e6 nothing\n")
    (pack / "data/t/function/none.mcfunction").write_text("scoreboard players set #x e6 2\n")
    with Sandbox(password=PASSWORD, version=version, strict=True, ticking=False, datapack=pack) as box:
        with RconClient(*box.address, PASSWORD) as rcon:
            rcon.command("scoreboard objectives add e6 dummy")
            assert rcon.command("function t:fail") == "Running function t:failFunction t:fail returned 0"
            assert rcon.command("function t:run") == "Running function t:runFunction t:run returned 0"
            assert rcon.command("function t:none") == "Running function t:none"
        assert box.world.strict_failures == []


def test_e9_a_score_holder_written_as_a_uuid_is_that_entity(lenient: tuple[World, RconClient]) -> None:
    """E9: ScoreHolderArgument.parse: a name `UUID.fromString` reads is the entity with that UUID if one
    is loaded (a player's holder is their name), else the text itself; `#…` is always itself."""
    world, rcon = lenient
    rcon.command("scoreboard objectives add e9 dummy")
    kim = Bot.join(world, "Kim")
    uid = str(world.players["Kim"].uuid)
    assert rcon.command(f"scoreboard players set {uid} e9 5") == "Set [e9] for Kim to 5"
    assert rcon.command(f"scoreboard players get {uid.upper()} e9") == "Kim has 5 [e9]"
    assert rcon.command("scoreboard players get Kim e9") == "Kim has 5 [e9]"
    kim.leave()  # nobody with that UUID is loaded: the text is the holder
    assert rcon.command(f"scoreboard players set {uid} e9 6") == f"Set [e9] for {uid} to 6"
    assert rcon.command("scoreboard players set 1-2-3-4-5 e9 7") == "Set [e9] for 1-2-3-4-5 to 7"


@pytest.mark.parametrize("version", DIALECTS)
def test_e11_setblock_on_a_container(version: str) -> None:
    """E11: up to 1.21.4 setblock and fill empty a container (Clearable.tryClear) before placing, so
    setting the same chest again fails *and* empties it; 1.21.11 does not clear, and with no data and
    no state change nothing changes."""
    world = World(version=version, strict=True)
    chest = 'minecraft:chest{Items:[{Slot:0b,id:"minecraft:paper",count:3}]}'
    items = '[{count: 3, Slot: 0b, id: "minecraft:paper"}]'
    assert world.execute(f"setblock 0 64 0 {chest}") == ["Changed the block at 0, 64, 0"]
    assert world.execute("setblock 0 64 0 minecraft:chest") == ["Could not set the block"]
    kept = world.execute("data get block 0 64 0 Items")
    if version == "1.21.4":
        assert kept == ["0, 64, 0 has the following block data: []"]
        assert world.execute(f"fill 0 64 0 0 64 0 {chest}") == ["No blocks were filled"]
        assert world.execute("data get block 0 64 0 Items") == ["0, 64, 0 has the following block data: []"]
    else:
        assert kept == [f"0, 64, 0 has the following block data: {items}"]
    assert world.strict_failures == []


def test_e10_a_symlinked_pack_is_refused_unless_allowed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """E10: a server ignores a pack that is (or holds) a symbolic link unless allowed_symlinks.txt in
    its folder allows the target (ResourcePackOpener.open, SymlinkFinder); the sandbox refuses it with
    what to do, and loads it once the file allows it."""
    real = tmp_path / "packs" / "real"
    (real / "data/t/function").mkdir(parents=True)
    (real / "pack.mcmeta").write_text(json.dumps({"pack": {"pack_format": 94, "description": "t"}}))
    (real / "data/t/function/f.mcfunction").write_text("say hi\n")
    linked = tmp_path / "datapacks" / "monopoli"
    linked.parent.mkdir()
    linked.symlink_to(real, target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SandboxError, match="is or holds a symbolic link .*allowed_symlinks.txt"):
        World().load_datapack(linked)
    (tmp_path / "allowed_symlinks.txt").write_text(f"# the packs we build\n{tmp_path / 'packs'}\n")
    world = World()
    world.load_datapack(linked)
    assert world.execute("function t:f") == ["Running function t:f"]
    (real / "data/t/function/g.mcfunction").symlink_to("/etc/hostname")  # a link inside, not allowed
    with pytest.raises(SandboxError, match="g.mcfunction->/etc/hostname"):
        World().load_datapack(linked)


BOUNDED = ["setblock 99999999999 64 0 minecraft:stone", "forceload add 99999999999 0",
           "clear Kim minecraft:stone -1",
           "title Kim times 0 -1 0", "title Kim times 1.5.5 1 1", "schedule function t:f -1",
           "schedule function t:f 2x",
           "scoreboard players add Kim e2 -5", "bossbar set t:b max 0", "give Kim minecraft:stone 0"]


def test_e2_bounded_arguments_are_refused_as_the_judge_refuses_them(lenient: tuple[World, RconClient]) -> None:
    """E2: every int and time argument the project's commands take, out of its range, is refused by the
    sandbox's own parser with the words and cursor Mojang's tree gives (IntegerArgumentType's
    min/max, WorldCoordinate.parseInt's readInt, TimeArgument.parse: its cursor after the unit)."""
    world, rcon = lenient
    judged = World(version=world.version, strict=True)
    kim = Bot.join(world, "Kim")
    Bot.join(judged, "Kim")
    for setup in ("scoreboard objectives add e2 dummy", 'bossbar add t:b "b"'):
        rcon.command(setup), judged.execute(setup)
    for command in BOUNDED:
        reply = rcon.command(command)
        assert reply == "".join(judged.execute(command)), command
        assert any(word in reply for word in ("Invalid", "must not be")), (command, reply)
    assert len(judged.strict_failures) == len(BOUNDED)
    kim.leave()
