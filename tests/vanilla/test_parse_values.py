"""The judge's parse keeps what it read: the path's literals and each argument's value by the tree's name
(what a server that runs the line, the sandbox, reads instead of parsing the line again)."""

from __future__ import annotations

import pytest

from monopoli_mc.vanilla.items import BlockInput, ItemInput
from monopoli_mc.vanilla.judge import RCON_LEVEL, read
from monopoli_mc.vanilla.selector import Selector


@pytest.mark.parametrize("version", ["1.21.4", "1.21.11"])
def test_a_line_s_literals_and_arguments_by_name(version: str) -> None:
    parsed, refusal = read("scoreboard players operation @a[scores={Cash=1..5},tag=!out] Cash += #bank Bank",
                           version, RCON_LEVEL)
    assert refusal is None and parsed is not None
    assert parsed.literals == ("scoreboard", "players", "operation")
    targets = parsed.args["targets"]
    assert isinstance(targets, Selector) and targets.kind == "a"
    assert targets.scores == {"Cash": (1.0, 5.0)} and targets.tags == [("out", True)]
    assert {k: v for k, v in parsed.args.items() if k != "targets"} == {
        "targetObjective": "Cash", "operation": "+=", "source": "#bank", "sourceObjective": "Bank"}


def test_options_keep_their_values() -> None:
    parsed, _ = read('tag @e[type=!minecraft:player,name="A b",x=1,dz=-2.5,limit=3,sort=nearest,nbt={a:1b},'
                     'distance=..4,team=red] add x', "1.21.11", RCON_LEVEL)
    assert parsed is not None
    sel = parsed.args["targets"]
    assert (sel.kind, sel.types, sel.names, sel.teams) == ("e", [("minecraft:player", True)], [("A b", False)],
                                                          [("red", False)])
    assert (sel.xyz, sel.dxyz, sel.limit, sel.sort, sel.distance) == ([1.0, None, None], [None, None, -2.5], 3,
                                                                     "nearest", (None, 4.0))
    assert len(sel.nbt) == 1 and sel.nbt[0][1] is False


def test_a_refused_line_has_no_parse_and_a_refused_click_has_one() -> None:
    assert read("scoreboard players set Alex Cash x", "1.21.11", RCON_LEVEL)[0] is None
    parsed, refusal = read('tellraw @a {text:"x",click_event:{action:"run_command",command:"/op Alex"}}',
                           "1.21.11", RCON_LEVEL)
    assert parsed is not None and refusal is not None and not refusal.vanilla  # a player may not run /op


def _args(line: str, version: str = "1.21.11") -> dict[str, object]:
    parsed, refusal = read(line, version, RCON_LEVEL)
    assert refusal is None and parsed is not None, refusal
    return parsed.args


def test_blocks_items_and_predicates_keep_their_values() -> None:
    """What setblock, give, clear and execute if items run on (issue 36: no second reader in the sandbox)."""
    block = _args("setblock 1 2 3 minecraft:oak_sign[rotation=4]{front_text:{messages:['a','b','c','d']}}")["block"]
    assert isinstance(block, BlockInput) and block.id == "minecraft:oak_sign"
    assert block.states == (("rotation", "4"),) and isinstance(block.nbt, dict)
    item = _args("give @a stone[!minecraft:food,minecraft:custom_data={a:1b}] 3")["item"]
    assert isinstance(item, ItemInput) and item.id == "minecraft:stone"
    assert [group[0][:2] for group in item.components] == [("!", "minecraft:food"), ("=", "minecraft:custom_data")]
    wanted = _args("clear @a *[minecraft:custom_data|!minecraft:damage=2,minecraft:food]")["item"]
    assert isinstance(wanted, ItemInput) and wanted.id == "*"
    assert [[test[:2] for test in group] for group in wanted.components] == [
        [("", "minecraft:custom_data"), ("!=", "minecraft:damage")], [("", "minecraft:food")]]
    assert _args("fill 0 0 0 1 1 1 stone replace #minecraft:logs")["filter"] == BlockInput("#minecraft:logs", (), None)


def test_small_arguments_keep_their_values() -> None:
    assert _args("team modify red color DARK_RED")["value"] == "dark_red"  # ChatFormatting.getByName's clean name
    assert _args("op Alex")["targets"] == "Alex"
    assert isinstance(_args("op @a")["targets"], Selector)
    start = _args("forceload add ~1 -2")["from"]
    assert isinstance(start, tuple) and [(c.value, c.relative) for c in start] == [(1.0, True), (-2.0, False)]
    assert _args("execute align xz run say x")["axes"] == "xz"
    assert _args("schedule function t:f 1.5s")["time"] == 30  # a float times the unit's ticks, rounded


def test_a_path_keeps_where_each_step_begins_and_its_tail_is_a_command() -> None:
    parsed, _ = read("execute as @a run say hi", "1.21.11", RCON_LEVEL)
    assert parsed is not None and parsed.starts == (0, 8, 11, 14, 18, 22)
    tail = parsed.tail(4)
    assert (tail.literals, tail.args, tail.starts) == (("say",), {"message": "hi"}, (18, 22))
