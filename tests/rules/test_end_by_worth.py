"""A game ended by the operator, the time limit or the round limit: decided by what players own and owe."""

from __future__ import annotations

import pytest

from monopoli_mc.errors import IllegalAction
from monopoli_mc.rules.narrate import Narrator
from monopoli_mc.rules.phases import DEBT, OVER, SYSTEM

from .helpers import BOARD, JAR, conserved, position

SAM, ROBIN = 0, 1
ROBINS = ("Pacific Avenue", "North Carolina Avenue", "Pennsylvania Avenue", "Kentucky Avenue", "Indiana Avenue",
          "Illinois Avenue", "B&O Railroad", "Reading Railroad")  # $2,000 at price


def stalled() -> object:
    """Issue 19's example: Robin lands on Sam's Boardwalk hotel ($2,000) with $1,180 and does not pay."""
    game = position("prom", ("Sam", "Robin"), current="Robin", at={"Robin": 35}, dice=[(1, 3)],
                    cash={"Sam": 1000, "Robin": 1180}, owner={"Park Place": "Sam", "Boardwalk": "Sam",
                                                              **{deed: "Robin" for deed in ROBINS}},
                    buildings={"Boardwalk": 5})
    game.apply(("roll", ROBIN, None))
    assert game.phase == DEBT and game.debts == [[ROBIN, SAM, 2000, "rent"]]
    assert game.max_raisable(ROBIN) >= 2000  # he could pay: mortgaging brings $1,000 more
    return game


@pytest.mark.parametrize("end, reason", [("time_up", "time_limit"), ("admin_end", "operator")])
def test_a_debt_left_unpaid_counts_against_the_debtor_and_for_the_creditor(end: str, reason: str) -> None:
    game = stalled()
    assert game.net_worth(ROBIN) == 3180 - 2000 and game.net_worth(SAM) == 2750 + 2000
    events = game.apply((end, SYSTEM, None))
    assert events == [("game_over", SAM, reason)]  # not Robin, who stalled
    assert game.standings() == [(SAM, 4750), (ROBIN, 1180)]  # the debt still counts once the game is over
    assert conserved(game)


def test_a_debt_to_the_bank_only_lowers_the_debtor() -> None:
    game = position("prom", ("Sam", "Robin"), cash={"Sam": 900, "Robin": 10}, owner={"Boardwalk": "Robin"})
    game.apply(("admin_fine", SYSTEM, {"player": ROBIN, "amount": 500}))
    assert game.phase == DEBT and game.net_worth(ROBIN) == 10 + 400 - 500 and game.net_worth(SAM) == 900


def test_equal_net_worth_is_a_tie_naming_everyone_at_the_top() -> None:
    game = position("prom", ("Alex", "Sam", "Kim"), cash={"Alex": 1500, "Sam": 1500, "Kim": 900})
    events = game.apply(("admin_end", SYSTEM, None))
    assert events == [("tie", [0, 1], 1500), ("game_over", None, "operator")]
    assert game.phase == OVER and game.winner is None and game.tied() == [0, 1]
    tell = Narrator(BOARD, game.names)
    assert tell.lines(events) == ["Alex and Sam tie at $1,500 net worth",
                                  "GAME OVER: a tie, no single winner (the richest when the operator ended the game)"]


def test_a_single_winner_has_no_tie() -> None:
    game = position("prom", ("Alex", "Sam"), cash={"Alex": 1500, "Sam": 1499})
    game.apply(("time_up", SYSTEM, None))
    assert game.winner == 0 and game.tied() == []


def test_the_operator_declares_a_stalled_debtor_bankrupt_to_the_creditor() -> None:
    game = stalled()
    with pytest.raises(IllegalAction, match="Sam owes nothing"):
        game.apply(("admin_bankrupt", SYSTEM, {"player": SAM}))
    with pytest.raises(IllegalAction, match="operator only"):
        game.apply(("admin_bankrupt", ROBIN, {"player": ROBIN}))
    events = game.apply(("admin_bankrupt", SYSTEM, {"player": ROBIN}))
    assert ("bankrupt", ROBIN, SAM) in events and ("game_over", SAM, "last_standing") in events
    assert all(game.owner[BOARD.space_named(deed).index] == SAM for deed in ROBINS) and conserved(game)


def test_the_operator_bankrupts_one_debtor_of_three_and_the_game_goes_on() -> None:
    game = position("prom", ("Alex", "Sam", "Kim"), cash={"Sam": 10}, owner={"Boardwalk": "Sam"})
    game.apply(("admin_fine", SYSTEM, {"player": 1, "amount": 500}))
    assert game.phase == DEBT
    events = game.apply(("admin_bankrupt", SYSTEM, {"player": 1}))
    assert ("bankrupt", 1, JAR) in events and game.phase != OVER and game.bankrupt[1] and conserved(game)
