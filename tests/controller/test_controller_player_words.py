"""Words for people (issue 27, point 8): a player's ordinary slip is told to them and to nobody else, a
player held up by another is told whom they wait for, and no player is told an operator's command.
Decided on snapshots (`decide_support.Desk`), with no server."""

from __future__ import annotations

from decide_support import Desk, two_boards

from monopoli_mc.controller.db import setaside
from monopoli_mc.rules.phases import DEBT, ROLL


def test_joining_twice_or_late_is_told_to_the_player_not_set_aside_nor_a_warning(desk: Desk) -> None:
    """Alex types /trigger join again in his running game, Zed arrives after the start and is queued for
    the next game: each is told in words; nothing piles up in `admin status`, and the operator's terminal
    has no warning."""
    desk.trigger("Alex", "join")
    desk.trigger("Zed", "join")
    desk.step()
    assert desk.said_to("Alex")[-1:] == ["You already play at board main: nothing to join."]
    told = desk.said_to("Zed")
    assert told[-1:] == ["A game is running at board main: you have a seat at its next game, place 1 in the "
                         "queue. You will be told when the table is free."], told  # queued (issue 35 point 7)
    assert setaside.count(desk.store) == 0
    assert not [line for line in desk.lines if line.startswith("warning")], desk.lines
    assert "set aside" not in desk.ask("status")
    assert not [line for line in desk.messages() if "monopoli admin" in line]


def test_joining_a_second_board_s_lobby_names_no_operator_command() -> None:
    """Seated at the annex for its next game, Robin types /trigger join on the main board: she is told
    where she is seated and to ask the organiser, never `monopoli admin unseat Robin`."""
    desk = Desk([], world=two_boards(), seed=2)
    desk.stand("Robin", "annex")
    desk.trigger("Robin", "join")
    desk.step()
    desk.said_to("Robin")
    desk.stand("Robin", "main")
    desk.trigger("Robin", "join")
    desk.step()
    told = desk.said_to("Robin")
    assert told == ["You are already seated at board annex, for its next game: play there, or ask the "
                    "organiser to take you off it first."], told
    assert desk.store.lobby("annex") == ["Robin"] and desk.store.lobby("main") == []
    assert setaside.count(desk.store) == 0 and not [line for line in desk.lines if line.startswith("warning")]


def test_a_player_held_up_by_another_s_debt_is_told_whom_they_wait_for(desk: Desk) -> None:
    """Kim's throw while Alex owes: "roll is not possible now (debt). You can: mortgage" said nothing of
    Alex. Now it says Alex must first pay, and that the table waits for Alex."""
    game = desk.game
    assert game.phase == ROLL
    thrower = game.names[game.to_act()]
    debtor = next(n for n in game.names if n != thrower)
    desk.ask("give_deed", player=debtor, space=39)  # something to mortgage: a debt, not bankruptcy
    desk.ask("fine", player=debtor, amount=1600)
    assert game.phase == DEBT and game.names[game.to_act()] == debtor
    desk.said_to(thrower)
    desk.trigger(thrower, "d6")
    desk.step()
    [told] = desk.said_to(thrower)
    assert f". {debtor} must first pay their debt to the jar: waiting for {debtor}" in told, told  # prom: fines fill the jar
    assert "monopoli admin" not in told


def test_a_press_while_seated_before_the_start_says_the_game_has_not_started() -> None:
    """Seated at the annex, no game yet: Robin's [Roll] was answered "you are not playing at a board:
    stand on it and use /trigger join", which she had done."""
    desk = Desk([], world=two_boards(), seed=2)
    desk.stand("Robin", "annex")
    desk.trigger("Robin", "join")
    desk.step()
    desk.said_to("Robin")
    desk.trigger("Robin", "d6")
    desk.step()
    assert desk.said_to("Robin") == ["You are seated at board annex; its game has not started yet."]
