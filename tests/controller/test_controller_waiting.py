"""A table waiting on one player is told whom and since when (issue 27, point 11): once, at 15 s when
that player is offline, else at 60 s; `list uuids` is asked at those two marks only, never every poll.
Decided on snapshots (`decide_support.Desk`), the time of day moved by the test and the read phase's asks
counted as it makes them (`Desk.read_waits`); the read phase asking the server at a wait's mark, over RCON:
`test_controller_boards.py::test_status_of_every_board_asks_once_who_is_online_before_deciding`."""

from __future__ import annotations

import time

from decide_support import Desk

from monopoli_mc.rules.phases import ROLL


def _waited(desk: Desk, *, until: float, step: float = 5.0) -> int:
    """Polls every `step` seconds of the time of day up to `until` seconds after the game's last action; how
    many asked who is online."""
    since, asked = desk.table.since, 0
    while desk.wall < since + until:
        desk.tick(min(step, since + until - desk.wall))
        asked += desk.read_waits()
        desk.step()
    return asked


def test_a_table_is_told_once_whom_it_waits_for_when_that_player_is_offline(desk: Desk) -> None:
    """Robin's turn; Robin has left the server. After 15 s the others hear it once, with since when."""
    table = desk.table
    game = desk.game
    assert game.phase == ROLL
    away = game.names[game.to_act()]
    others = [n for n in game.names if n != away]
    desk.online = set(others)  # what `list uuids` says whenever it is asked: the player waited for left
    for name in others:
        desk.said_to(name)
    assert _waited(desk, until=14.0) == 0 and not desk.said_to(others[0])  # not yet
    asked = _waited(desk, until=120.0)
    since = time.strftime("%H:%M", time.localtime(table.since))
    line = f"The table waits for {away} (roll) since {since}: {away} is offline."
    for name in others:
        assert desk.said_to(name) == [line]  # once, though the wait goes on
    assert asked == 1  # asked at 15 s; told then, so not again at 60 s


def test_a_table_is_told_once_whom_it_waits_for_after_a_minute_of_nothing(desk: Desk) -> None:
    """Online but not acting: the table hears it at 60 s, once; a move starts a new wait."""
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
