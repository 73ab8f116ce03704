"""A table waiting on one player is told whom and since when (issue 27, point 11): once, at 15 s when
that player is offline, else at 60 s; `list uuids` is asked at those two marks only, never every poll.
The offline wait against the strict sandbox over RCON (the read phase's list, end to end), the controller's
time of day moved by the test; the online one decided on snapshots (`decide_support.Desk`)."""

from __future__ import annotations

import time

from controller_support import Counting, Rig
from decide_support import Desk

from monopoli_mc.bridge.inbox import LIST_UUIDS
from monopoli_mc.rules.phases import ROLL


class Clock:
    """A clock the test moves on."""

    def __init__(self, start: float) -> None:
        self.t = start

    def __call__(self) -> float:
        return self.t


def _idle(rig: Rig, wall: Clock, *, until: float, step: float = 5.0) -> list[str]:
    """Polls every `step` seconds of the time of day up to `until` seconds after the game's last action;
    the requests sent."""
    counting = Counting(rig.rcon)
    rig.ctl.rcon = counting
    since = rig.ctl.tables["main"].since
    while wall.t < since + until:
        wall.t = min(wall.t + step, since + until)
        rig.step()
    return counting.take()


def test_a_table_is_told_once_whom_it_waits_for_when_that_player_is_offline(rig: Rig) -> None:
    """Sam's turn; Sam has left the server. After 15 s the others hear it once, with since when."""
    table = rig.ctl.tables["main"]
    wall = Clock(table.since)
    rig.ctl.wall = wall
    game = rig.game
    assert game.phase == ROLL
    away = game.names[game.to_act()]
    others = [n for n in game.names if n != away]
    rig.bots[away].leave()
    for name in others:
        rig.said_to(name)
    sent = _idle(rig, wall, until=14.0)
    assert LIST_UUIDS not in sent and not rig.said_to(others[0])  # not yet
    sent = _idle(rig, wall, until=120.0)
    since = time.strftime("%H:%M", time.localtime(table.since))
    line = f"The table waits for {away} (roll) since {since}: {away} is offline."
    for name in others:
        assert rig.said_to(name) == [line]  # once, though the wait goes on
    assert sent.count(LIST_UUIDS) == 1  # asked at 15 s; told then, so not again at 60 s


def _waited(desk: Desk, *, until: float, step: float = 5.0) -> int:
    """Polls every `step` seconds of the time of day up to `until` seconds after the game's last action; how
    many asked who is online."""
    since, asked = desk.table.since, 0
    while desk.wall < since + until:
        desk.tick(min(step, since + until - desk.wall))
        asked += desk.read_waits()
        desk.step()
    return asked


def test_a_table_is_told_once_whom_it_waits_for_after_a_minute_of_nothing(desk: Desk) -> None:
    """Online but not acting: the table hears it at 60 s, once; a move starts a new wait. Decided on a
    snapshot (`decide_support.Desk`), the read phase's asks counted as it would make them."""
    table = desk.table
    game = desk.game
    slow = game.names[game.to_act()]
    other = next(n for n in game.names if n != slow)
    desk.online = set(game.names)  # what `list uuids` says whenever it is asked
    desk.said_to(other)
    assert _waited(desk, until=59.0) == 1 and desk.said_to(other) == []  # asked at 15 s: online, so nothing said
    asked = _waited(desk, until=200.0)
    since = time.strftime("%H:%M", time.localtime(table.since))
    assert desk.said_to(other) == [f"The table waits for {slow} (roll) since {since}: nothing from {slow} for 1 min."]
    assert asked == 1  # the 60 s mark
    desk.wall = time.time()  # the controller stamps the throw with the real time of day
    desk.trigger(slow, "d6")
    desk.step()
    assert table.reminded.waiting is False and table.reminded.asked == 0  # a new wait, told anew when long
