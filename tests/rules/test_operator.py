"""Operator actions go through the engine: they can fix the game but not break its rules."""

from __future__ import annotations

import pytest

from monopoli_mc.errors import IllegalAction
from monopoli_mc.rules.phases import AUCTION, DEBT, ROLL, SYSTEM

from .helpers import BANK, JAR, conserved, pays, position, space

A, B, C = 0, 1, 2


def test_pay_and_fine() -> None:
    game = position("prom")
    assert pays(game.apply(("admin_pay", SYSTEM, {"player": B, "amount": 75}))) == [(BANK, B, 75)]
    assert pays(game.apply(("admin_fine", SYSTEM, {"player": A, "amount": 25}))) == [(A, JAR, 25)]
    assert conserved(game)


def test_a_fine_that_cannot_be_paid_is_a_debt_then_the_turn_goes_on() -> None:
    game = position("prom", cash={"B": 10}, owner={"Boardwalk": "B"})
    game.apply(("admin_fine", SYSTEM, {"player": B, "amount": 100}))
    assert game.phase == DEBT and game.to_act() == B
    game.apply(("mortgage", B, space("Boardwalk")))
    game.apply(("pay_debt", B, None))
    assert game.phase == ROLL and game.to_act() == A


def test_only_the_operator_and_only_between_decisions() -> None:
    game = position("prom", dice=[(1, 2)])
    with pytest.raises(IllegalAction, match="operator only"):
        game.apply(("admin_pay", A, {"player": A, "amount": 10}))
    with pytest.raises(IllegalAction, match="positive whole number"):
        game.apply(("admin_pay", SYSTEM, {"player": A, "amount": -10}))
    with pytest.raises(IllegalAction, match="no player in seat 9"):
        game.apply(("admin_fine", SYSTEM, {"player": 9, "amount": 10}))
    game.apply(("roll", A, None))
    game.apply(("decline", A, None))
    assert game.phase == AUCTION
    with pytest.raises(IllegalAction, match="wait until the auction is over"):
        game.apply(("admin_pay", SYSTEM, {"player": A, "amount": 10}))


def test_move_places_the_token_without_resolving() -> None:
    game = position("prom", jail={"A": 1})
    events = game.apply(("admin_move", SYSTEM, {"player": A, "space": 5}))
    assert events == [("move", A, 10, 5)] and game.jail_turns[A] == -1


def test_give_deed_from_the_bank_or_another_player_but_not_from_a_built_group() -> None:
    game = position("prom", owner={"Park Place": "B", "Boardwalk": "B"}, buildings={"Park Place": 1})
    game.apply(("admin_give_deed", SYSTEM, {"player": A, "space": 1}))
    assert game.owner[1] == A
    with pytest.raises(IllegalAction, match="sell the buildings"):
        game.apply(("admin_give_deed", SYSTEM, {"player": A, "space": 39}))
    with pytest.raises(IllegalAction, match="not a property"):
        game.apply(("admin_give_deed", SYSTEM, {"player": A, "space": 0}))


def test_the_deed_for_sale_now_cannot_be_given() -> None:
    """Else the buy or the auction that follows would hand it out a second time."""
    game = position("prom", ("A", "B", "C"), dice=[(1, 2)])
    game.apply(("roll", A, None))
    with pytest.raises(IllegalAction, match="'Baltic Avenue' is for sale right now"):
        game.apply(("admin_give_deed", SYSTEM, {"player": C, "space": 3}))
    game.apply(("admin_give_deed", SYSTEM, {"player": C, "space": 1}))  # another deed is fine
    assert game.owner[1] == C


def test_kick_the_player_to_act_passes_the_turn_and_auctions_their_deeds() -> None:
    game = position("prom", ("A", "B", "C"), owner={"Boardwalk": "A"})
    events = game.apply(("kick", SYSTEM, {"player": A}))
    assert ("bankrupt", A, BANK) in events and game.phase == AUCTION
    game.apply(("pass", B, None))
    game.apply(("pass", C, None))
    assert game.phase == ROLL and game.current == B and conserved(game)


def test_kick_another_player_keeps_the_turn() -> None:
    game = position("prom", ("A", "B", "C"), owner={"Boardwalk": "C"})
    game.apply(("kick", SYSTEM, {"player": C}))
    assert game.phase == AUCTION
    game.apply(("pass", A, None))
    game.apply(("pass", B, None))
    assert game.phase == ROLL and game.current == A


def test_kick_down_to_one_player_ends_the_game() -> None:
    game = position("prom")
    events = game.apply(("kick", SYSTEM, {"player": B}))
    assert ("game_over", A, "last_standing") in events


def test_time_up_ends_the_game_with_the_richest() -> None:
    game = position("prom", ("A", "B", "C"), cash={"A": 100, "B": 900, "C": 800})
    events = game.apply(("time_up", SYSTEM, None))
    assert events == [("game_over", B, "time_limit")]
    with pytest.raises(IllegalAction, match="over"):
        game.apply(("roll", A, None))


def test_the_operator_ends_the_game_in_any_phase_the_richest_by_net_worth_winning() -> None:
    game = position("prom", ("A", "B", "C"), cash={"A": 600, "B": 900, "C": 800}, owner={"Boardwalk": "A"},
                    dice=[(2, 3)])
    with pytest.raises(IllegalAction, match="only the operator or the clock"):
        game.apply(("admin_end", A, None))
    game.apply(("roll", A, None))
    assert game.phase == "buy"  # Reading Railroad: the purchase is cut short
    events = game.apply(("admin_end", SYSTEM, None))
    assert events == [("game_over", A, "operator")]  # $600 and Boardwalk's $400 beat B's $900
    assert game.phase == "game_over" and game.legal_actions(B) == []
    with pytest.raises(IllegalAction, match="over"):
        game.apply(("admin_end", SYSTEM, None))


def test_no_amount_takes_a_score_past_32_bits() -> None:
    """Cash and the jar are Minecraft scores: a signed 32-bit int holds $2,147,483,647 at most."""
    game = position("prom", cash={"A": 1500})
    with pytest.raises(IllegalAction, match=r"A would hold \$2,147,484,148, more than a Minecraft score "
                                            r"holds \(\$2,147,483,647\)"):
        game.apply(("admin_pay", SYSTEM, {"player": A, "amount": 2_147_482_648}))
    assert game.cash[A] == 1500
    game.apply(("admin_pay", SYSTEM, {"player": A, "amount": 2_147_482_147}))
    assert game.cash[A] == 2_147_483_647
    game.jar = 2_000_000_000
    with pytest.raises(IllegalAction, match="the jar would hold"):
        game.apply(("admin_fine", SYSTEM, {"player": A, "amount": 200_000_000}))
