"""The older classic options (sheets 001 and 002) and the named presets built from them."""

from __future__ import annotations

import pytest

from monopoli_mc.errors import IllegalAction
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.phases import AUCTION, ROLL
from monopoli_mc.rules.settings import load_rules

from .helpers import BANK, BOARD, JAR, conserved, pays, position

A, B, C = 0, 1, 2


def test_rent_must_be_claimed_before_the_next_throw() -> None:
    game = position("classic-older", ("A", "B", "C"), dice=[(1, 2)], owner={"Baltic Avenue": "C"})
    events = game.apply(("roll", A, None))
    assert ("rent_due", A, C, 4, 3) in events and not pays(events, "rent")
    assert ("claim_rent", C, 3) in game.legal_actions(C)
    assert pays(game.apply(("claim_rent", C, 3))) == [(A, C, 4)]
    with pytest.raises(IllegalAction, match="no rent to claim"):
        game.apply(("claim_rent", C, 3))


def test_unclaimed_rent_is_forfeit_when_the_next_player_throws() -> None:
    game = position("classic-older", ("A", "B", "C"), dice=[(1, 2), (6, 5)], owner={"Baltic Avenue": "C"})
    game.apply(("roll", A, None))
    game.apply(("end_turn", A, None))
    events = game.apply(("roll", B, None))
    assert ("rent_forfeit", A, C, 4, 3) in events and not game.claims
    assert game.cash[A] == 1500 and conserved(game)


def test_a_claim_survives_the_payers_own_doubles() -> None:
    game = position("classic-older", dice=[(1, 1), (1, 2)], at={"A": 1}, owner={"Baltic Avenue": "B"})
    game.apply(("roll", A, None))   # 1 + 2 = Baltic, doubles
    game.apply(("roll", A, None))
    assert game.claims and ("claim_rent", B, 3) in game.legal_actions(B)


def test_claimed_rent_that_cannot_be_paid_is_a_debt() -> None:
    game = position("classic-older", dice=[(1, 2)], cash={"A": 2}, owner={"Baltic Avenue": "B", "Boardwalk": "A"})
    game.apply(("roll", A, None))
    game.apply(("end_turn", A, None)) if game.phase == "end_turn" else None
    game.apply(("claim_rent", B, 3))
    assert game.phase == "debt" and game.to_act() == A


def test_older_sets_have_a_75_dollar_luxury_tax_and_the_tax_choice() -> None:
    rules = load_rules("classic-older")
    assert rules.luxury_tax == 75 and rules.income_tax_percent == 10


def test_jackpot_is_the_jar_seeded_by_the_bank() -> None:
    game = position("jackpot", dice=[(2, 2)], jar=500)
    game.apply(("roll", A, None))
    assert game.jar == 500 + 200
    game.pos[B] = 10
    game.current, game.phase = B, ROLL
    game.rng.add((6, 4))
    events = game.apply(("roll", B, None))
    assert pays(events, "jar") == [(JAR, B, 700)] and pays(events, "jar_seed") == [(BANK, JAR, 500)]
    assert conserved(game)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7, 8])
def test_deal_all_deeds_evenly_and_auction_the_rest(players: int) -> None:
    game = Game.new(load_rules("deal-all"), BOARD, [f"P{i}" for i in range(players)], seed=players)
    counts = [game.owner.count(p) for p in range(players)]
    each = 28 // players
    assert counts == [each] * players and all(c == 1500 for c in game.cash)
    leftover = 28 - each * players
    if leftover:
        assert game.phase == AUCTION and len(game.auction_queue) == leftover - 1
        while game.phase == AUCTION:
            game.apply(("pass", game.to_act(), None))
    assert game.phase == ROLL and game.to_act() == game.first and conserved(game)
    assert any(e[0] == "deal" for e in game.setup_events)
