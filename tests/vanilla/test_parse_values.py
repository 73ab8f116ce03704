"""The judge's parse keeps what it read: the path's literals and each argument's value by the tree's name
(what a server that runs the line, the sandbox, reads instead of parsing the line again)."""

from __future__ import annotations

import pytest

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
