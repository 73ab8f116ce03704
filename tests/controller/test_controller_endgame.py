"""Issue 19 item 9: a game ended by the operator or the clock is decided by what players own and owe.

Robin owes the jar $2,000 and does not pay (he could: mortgaging brings enough). Before, his
debt was left out: `admin end` said "Robin wins; Robin $3,180, Sam $2,750". Decided on
snapshots (`decide_support.Desk`), through the operator's requests and in-game functions.
"""

from __future__ import annotations

import time

import pytest
from decide_support import Desk

from monopoli_mc.controller.clocks import stall
from monopoli_mc.rules.phases import DEBT, OVER

ROBINS = (21, 23, 24, 31, 32, 34, 5, 25)  # the reds, the greens, Reading and B&O: $2,000 at price


@pytest.fixture
def stalled() -> Desk:
    """Sam and Robin; Robin $1,180 and $2,000 of deeds, Sam $1,250 and Park Place, Boardwalk; then fined
    $2,000 (to the jar) that he does not pay."""
    desk = Desk(["Sam", "Robin"])
    for space in ROBINS:
        assert desk.ask("give_deed", player="Robin", space=space) == "give-deed Robin: done"
    for space in (37, 39):
        desk.ask("give_deed", player="Sam", space=space)
    desk.ask("fine", player="Robin", amount=320)
    desk.ask("fine", player="Sam", amount=250)
    game = desk.game
    assert [game.net_worth(p) for p in (0, 1)] == [1250 + 750, 1180 + 2000]
    desk.ask("fine", player="Robin", amount=2000)
    assert game.phase == DEBT and game.to_act() == 1 and game.max_raisable(1) >= 2000
    return desk


def test_admin_end_counts_the_debt_left_unpaid(stalled: Desk) -> None:
    answer = stalled.ask("end")
    assert answer == ("game 1 on board 'main' ended: Sam wins; "
                      "net worth Sam $2,000, Robin $1,180 (owes $2,000)")  # was: Robin wins, Robin $3,180
    assert "Final net worth: Sam $2,000, Robin $1,180 (owes $2,000)." in stalled.said_to("Sam")


def test_a_tie_is_said_as_a_tie() -> None:
    desk = Desk(["Sam", "Robin"])
    answer = desk.ask("end")
    assert answer == ("game 1 on board 'main' ended: a tie: Sam and Robin; "
                      "net worth Sam $1,500, Robin $1,500")  # was: Sam wins (the first seat)
    heard = desk.said_to("Robin")
    assert "Sam and Robin tie at $1,500 net worth" in "; ".join(heard), heard
    assert "A tie!" in desk.heard("Robin", "title") and "Sam and Robin" in desk.heard("Robin", "subtitle")
    assert desk.game.winner is None and desk.ask("status").endswith(
        "ended in round 1: a tie: Sam and Robin; next: seat the players (/trigger join on the board, "
        "or monopoli admin seat NAME), then monopoli admin start")


def test_a_stalled_debt_is_shown_with_its_wait_and_settled_by_the_operator(stalled: Desk) -> None:
    table = stalled.table
    table.since = time.time() - 7 * 60  # the game has waited for Robin for 7 minutes
    status = stalled.ask("status")
    assert status.endswith("debt for Robin, jar $570; Robin owes the jar $2,000, waiting 7 min: "
                           "`monopoli admin bankrupt Robin` settles it"), status
    stalled.said_to("Sam")
    table.since = time.time() - 7 * 60
    stalled.step()
    told = ("Robin has owed the jar $2,000 for 7 min: sell or mortgage and pay, or go bankrupt when nothing is "
            "left to raise.")
    assert stalled.said_to("Sam") == [told]
    stalled.step()
    assert stalled.said_to("Sam") == []  # once, until the next reminder is due
    assert stalled.ask("bankrupt", player="Sam") == "refused: Sam owes nothing now"
    assert stalled.ask("bankrupt", player="Robin") == "Robin is bankrupt: everything goes to the jar (owed $2,000)"
    assert stalled.game.phase == OVER and stalled.game.winner == 0 and stalled.game.end_reason == "last_standing"


def test_in_game_the_operator_settles_it_with_a_function(stalled: Desk) -> None:
    stalled.said_to("Sam")
    stalled.admin("bankrupt", target="Robin", value=0, by="Sam")  # Sam, an operator, runs the function
    stalled.step()
    said = stalled.said_to("Sam")
    assert "admin bankrupt: Robin is bankrupt: everything goes to the jar (owed $2,000)" in said, said
    assert stalled.game.phase == OVER and stalled.game.bankrupt[1]


def test_reminders_come_after_the_first_wait_then_every_few_minutes(stalled: Desk) -> None:
    table = stalled.table
    now = table.since
    assert stall.reminders(table, now + stall.FIRST - 1) == ([], [])
    writes, lines = stall.reminders(table, now + stall.FIRST)
    assert writes and lines == ["Robin has owed the jar $2,000 for 2 min: sell or mortgage and pay, or go bankrupt "
                                "when nothing is left to raise. `monopoli admin bankrupt Robin` settles it."]
    assert stall.reminders(table, now + stall.FIRST + stall.EVERY - 1) == ([], [])
    assert stall.reminders(table, now + stall.FIRST + stall.EVERY)[1]
    table.paused = True
    assert stall.reminders(table, now + stall.FIRST + 3 * stall.EVERY) == ([], [])
