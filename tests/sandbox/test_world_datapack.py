"""A small datapack: load, tick, schedule, macros, reload and folder checks."""

from __future__ import annotations

import json
import pathlib

from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.world import World


def make_pack(root: pathlib.Path, *, folder: str = "function", fmt: int = 94) -> pathlib.Path:
    pack = root / "pack"
    (pack / "data/minecraft/tags" / folder).mkdir(parents=True)
    fn = pack / "data/t" / folder
    fn.mkdir(parents=True)
    (pack / "pack.mcmeta").write_text(json.dumps({"pack": {"pack_format": fmt, "description": "t"}}))
    (pack / "data/minecraft/tags" / folder / "load.json").write_text('{"values":["t:load"]}')
    (pack / "data/minecraft/tags" / folder / "tick.json").write_text('{"values":["t:tick"]}')
    (fn / "load.mcfunction").write_text(
        "# set up\nscoreboard objectives add ticks dummy\n"
        "scoreboard players set #loads ticks 0\nscoreboard players add #loads ticks 1\n"
        "data modify storage t:bridge inbox set value []\n")
    (fn / "tick.mcfunction").write_text("scoreboard players add #n ticks 1\n")
    (fn / "push.mcfunction").write_text(
        "$data modify storage t:bridge inbox append value {kind:\"$(kind)\",value:$(value)}\n"
        "scoreboard players add #seq ticks 1\n")
    (fn / "later.mcfunction").write_text("scoreboard players set #later ticks 42\n")
    (fn / "ret.mcfunction").write_text("return 5\n")
    return pack


def test_load_tick_schedule(tmp_path: pathlib.Path) -> None:
    w = World(strict=True)
    w.load_datapack(make_pack(tmp_path))
    assert w.load_errors == []
    assert w.execute("scoreboard players get #loads ticks") == ["#loads has 1 [ticks]"]
    w.tick(3)
    assert w.execute("scoreboard players get #n ticks") == ["#n has 3 [ticks]"]
    assert w.execute("schedule function t:later 2t") == [
        "Scheduled function 't:later' in 2 tick(s) at gametime 5"]
    w.tick(1)
    assert w.execute("scoreboard players get #later ticks") == [
        "Can't get value of ticks for #later; none is set"]
    w.tick(1)
    assert w.execute("scoreboard players get #later ticks") == ["#later has 42 [ticks]"]
    assert w.execute("schedule clear t:later") == ["No schedules with id t:later"]
    assert w.execute("reload") == ["Reloading!"]
    w.tick()
    assert w.execute("scoreboard players get #loads ticks") == ["#loads has 1 [ticks]"]
    assert w.execute("function t:ret") == ["Running function t:ret", "Function t:ret returned 5"]
    assert w.execute("function t:nope") == ["Unknown function t:nope"]
    assert w.strict_failures == []


def test_macros(tmp_path: pathlib.Path) -> None:
    w = World(strict=True)
    w.load_datapack(make_pack(tmp_path))
    assert w.execute('function t:push {kind:"d6",value:3}') == ["Running function t:push"]
    w.execute('data modify storage t:args a set value {kind:"buy",value:2}')
    assert w.execute("function t:push with storage t:args a") == ["Running function t:push"]
    assert w.execute("data get storage t:bridge inbox") == [
        'Storage t:bridge has the following contents: [{kind: "d6", value: 3}, {kind: "buy", value: 2}]']
    out = w.execute('function t:push {kind:"x"}')
    assert out[-1] == "Failed to instantiate function t:push: Missing argument value to function t:push"
    assert w.strict_failures == []


def test_wrong_folder_for_version(tmp_path: pathlib.Path) -> None:
    w = World()
    w.load_datapack(make_pack(tmp_path, folder="functions", fmt=41))
    assert any("functions/" in p for p in w.load_errors)
    assert any("pack_format 41 does not include" in p for p in w.load_errors)
    assert w.execute("function t:load") == ["Unknown function t:load"]
    old = World(version="1.20.5")
    old.load_datapack(make_pack(tmp_path / "old", folder="functions", fmt=41))
    assert old.load_errors == []
    assert old.execute("scoreboard players get #loads ticks") == ["#loads has 1 [ticks]"]


def test_json_dialect_before_1_21_5() -> None:
    w = World(version="1.21.4", strict=True)
    alex = Bot.join(w, "Alex")
    w.execute('tellraw Alex {"text":"Roll","clickEvent":{"action":"run_command","value":"/trigger roll"}}')
    assert alex.buttons() == [("Roll", "/trigger roll")]
    assert w.strict_failures == []


def test_each_world_reads_text_in_its_own_dialect(tmp_path: pathlib.Path) -> None:
    """Two worlds of different versions in one process: neither changes how the other parses."""
    new_pack = make_pack(tmp_path / "new")
    (new_pack / "data/t/function/prompt.mcfunction").write_text(
        'tellraw @a {text:"Roll",click_event:{action:"run_command",command:"/trigger roll"}}\n')
    old = World(version="1.21.4", strict=True)
    old.execute('tellraw @a {"text":"hi"}')  # the old world parses JSON first
    new = World(strict=True)
    new.load_datapack(new_pack)
    assert new.load_errors == []
    alex = Bot.join(new, "Alex")
    assert new.execute("function t:prompt") == ["Running function t:prompt"]
    assert alex.buttons() == [("Roll", "/trigger roll")]
    assert old.strict_failures == [] and new.strict_failures == []


def test_a_function_that_fails_to_load_does_not_exist(tmp_path: pathlib.Path) -> None:
    pack = make_pack(tmp_path)
    (pack / "data/t/function/bad.mcfunction").write_text("scoreboard players sett x y 1\n")
    w = World()
    w.load_datapack(pack)
    assert w.load_errors == ["t:bad:1: Incorrect argument for command: scoreboard players sett x y 1"]
    assert w.execute("function t:bad") == ["Unknown function t:bad"]


def test_one_execution_stops_at_the_command_limit(tmp_path: pathlib.Path) -> None:
    """Vanilla runs at most max_command_sequence_length commands per execution, then drops the rest."""
    pack = make_pack(tmp_path)
    (pack / "data/t/function/count.mcfunction").write_text(
        "scoreboard players add #count ticks 1\n"
        "execute if score #count ticks matches ..99 run function t:count\n")
    (pack / "data/t/function/twice.mcfunction").write_text(
        "function t:count\nscoreboard players set #after ticks 1\n")
    w = World(strict=True)
    w.load_datapack(pack)
    assert w.chain_limit() == 65536
    assert w.execute("function t:twice") == ["Running function t:twice"]
    assert w.execute("scoreboard players get #count ticks") == ["#count has 100 [ticks]"]
    w.execute("gamerule max_command_sequence_length 50")
    w.execute("scoreboard players set #count ticks 0")
    w.execute("scoreboard players set #after ticks 0")
    # the calls of twice and count, then 3 a round (add, the execute stage, the call): 16 rounds
    assert w.execute("function t:twice") == ["Running function t:twice"]
    assert w.execute("scoreboard players get #count ticks") == ["#count has 16 [ticks]"]
    assert w.execute("scoreboard players get #after ticks") == ["#after has 0 [ticks]"]
    assert w.log[-1] == "Command execution stopped due to limit (executed 50 commands)"
    assert w.execute("scoreboard players get #count ticks") == ["#count has 16 [ticks]"]  # a new quota
