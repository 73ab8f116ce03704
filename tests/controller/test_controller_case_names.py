"""Two players whose names differ only in case, online at once (an offline-mode server allows it): the
controller never writes to the wrong one, and never seats the second, telling both in one line.

Vanilla finds a player written by name ignoring case, the first online in join order
(`PlayerList.getPlayerByName`, docs/vanilla-behaviour.md row N1); the strict sandbox does the same. The
refusal is decided on a snapshot (`decide_support.Desk`); what reaches whom, written and read, goes over
real RCON.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from controller_support import Rig, make_rig
from decide_support import Desk

from monopoli_mc.bridge.inbox import InboxError, parse_pos, pos_query
from monopoli_mc.datapack import calls
from monopoli_mc.sandbox.bots import Bot

REFUSAL = ("alex cannot be seated: Alex is a player of tonight too, and Minecraft finds a player by name "
           "ignoring case, so books, cash and prompts could reach the wrong one; play under another name")


@pytest.fixture()
def rig(tmp_path: Path) -> Iterator[Rig]:
    yield from make_rig(tmp_path, ["Alex", "Sam"])


def test_alex_in_lower_case_is_not_seated_and_both_are_told() -> None:
    desk = Desk(["Alex", "Sam"])
    desk.trigger("alex", "join")
    desk.step()
    assert REFUSAL in desk.said_to("alex")
    assert REFUSAL in desk.said_to("Alex")
    assert desk.game.names == ["Alex", "Sam"] and desk.store.lobby("main") == []


def test_alex_plays_while_alex_in_lower_case_is_online_first_and_nothing_of_his_reaches_the_other(rig: Rig) -> None:
    """The writes are aimed exactly (`calls.exactly`, as the loop sends them), and so is the read phase's
    question of where a player stands: by name vanilla would answer with the twin (and `parse_pos` refuse
    the reply), aimed exactly it answers with the player."""
    world = rig.box.world
    lower = Bot.join(world, "alex")
    rig.bots["alex"] = lower
    rig.bots["Alex"].leave()
    rig.bots["Alex"] = Bot.join(world, "Alex")  # back: now after alex in the server's player list
    assert world.player_named("Alex") is lower.player  # what `tellraw Alex` would reach
    rig.step(2)
    rig.said_to("Alex"), rig.said_to("alex")
    lower.trigger("jar")  # an input of alex's makes the controller see the twin
    rig.step()

    game = rig.game
    turns = 0
    for _ in range(8):  # a few turns: prompts, deeds and cash for both players of the game
        mover = game.names[game.current]
        turns += mover == "Alex"
        for objective in ("d6", "buy", "end_turn"):  # what the prompts' buttons run; a locked one does nothing
            rig.bots[mover].trigger(objective)
            rig.step(2)
    assert turns >= 2
    assert any("[Roll]" in line for line in rig.bots["Alex"].chat_text())
    cash = game.cash[game.names.index("Alex")]
    # read as vanilla would: `Alex` written by name would find alex, the first of the two online
    assert world.execute("scoreboard players get @a[name=Alex,limit=1] monopoli.cash") == [f"Alex has {cash} [Cash]"]
    assert world.execute("scoreboard players get @a[name=alex,limit=1] monopoli.cash")[0].startswith("Can't get value")
    assert lower.books() == [] and not [line for line in lower.chat_text() if "[Roll]" in line]

    lower.walk_to((10.5, 64.0, 0.5))
    rig.bots["Alex"].walk_to((-20.5, 64.0, 0.5))
    with pytest.raises(InboxError):
        parse_pos(rig.rcon.command(pos_query("Alex")), "Alex")  # alex's position, named alex
    query = f"data get entity {calls.aimed('Alex', calls.case_twins(['Alex', 'alex']))} Pos"
    assert parse_pos(rig.rcon.command(query), "Alex") == (-20.5, 64.0, 0.5)


def test_the_calls_aim_exactly_at_a_name_with_a_twin_and_show_it_as_it_is() -> None:
    twins = calls.case_twins(["Alex", "alex", "Sam"])
    assert twins == {"Alex", "alex"}
    out = calls.exactly([calls.cash("Alex", 1500), calls.cash("Sam", 10), calls.hud("main", "Alex"),
                         "tag alex add monopoli.walk"], twins)
    assert out == ['function monopoli:ui/cash {player:"@a[name=Alex,limit=1]",cash:1500}',
                   'function monopoli:ui/cash {player:"Sam",cash:10}', calls.hud("main", "Alex"),
                   "tag @a[name=alex,limit=1] add monopoli.walk"]
