"""The speed die (sheet 001), each point from a compact position with scripted dice.

Scripted throws here are (white, white) pairs; the speed die is the next value: 1-3 a
number, 4 or 5 Mr. Monopoly, 6 the Bus.
"""

from __future__ import annotations

import pytest

from monopoli_mc.errors import IllegalAction
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.phases import BUS, BUY, END, ROLL, TRIPLES
from monopoli_mc.rules.settings import load_rules

from .helpers import BOARD, pays, position

A, B = 0, 1
MR_MONOPOLY, BUS_FACE = 4, 6


def speed(**kw: object) -> Game:
    game = position("speed-die", **kw)  # type: ignore[arg-type]
    game.speed_ready = [True] * len(game.names)
    return game


def test_rule_set_gives_an_extra_thousand() -> None:
    game = Game.new(load_rules("speed-die"), BOARD, ["A", "B"], 1)
    assert game.cash == [2500, 2500]


def test_not_used_before_first_passing_go_then_used() -> None:
    game = position("speed-die", dice=[(1, 2), (2, 3)], at={"A": 36})
    events = game.apply(("roll", A, None))
    assert not any(e[0] == "speed_die" for e in events) and game.pos[A] == 39 and not game.speed_ready[A]
    game.apply(("buy", A, None))
    game.apply(("end_turn", A, None))
    game.apply(("roll", B, None))   # B to Reading Railroad
    game.apply(("buy", B, None))
    game.apply(("end_turn", B, None))
    game.rng.add((1, 2))
    events = game.apply(("roll", A, None))   # passes GO: ready from the next throw
    assert game.speed_ready[A] and not any(e[0] == "speed_die" for e in events)


def test_from_start_setting_uses_it_at_once() -> None:
    game = position("speed-die", dice=[(1, 2)], speed_die_from_start=True)
    game.rng.values.append(3)
    events = game.apply(("roll", A, None))
    assert ("speed_die", A, "3") in events and game.pos[A] == 6


def test_a_number_adds_to_the_white_dice() -> None:
    game = speed(dice=[(1, 2)])
    game.rng.values.append(2)
    game.apply(("roll", A, None))
    assert game.pos[A] == 5


def test_bus_moves_by_either_white_die_or_the_sum() -> None:
    game = speed(dice=[(1, 4)])
    game.rng.values.append(BUS_FACE)
    game.apply(("roll", A, None))
    assert game.phase == BUS and game.legal_actions() == [("bus", A, 0), ("bus", A, 1), ("bus", A, 2)]
    with pytest.raises(IllegalAction):
        game.apply(("bus", A, 5))
    events = game.apply(("bus", A, 0))
    assert ("bus", A, "first", 1) in events and game.pos[A] == 1 and game.phase == BUY


def test_mr_monopoly_moves_resolves_then_goes_to_the_next_deed_the_bank_holds() -> None:
    game = speed(dice=[(1, 2)], owner={"Reading Railroad": "B", "Oriental Avenue": "B"})
    game.rng.values.append(MR_MONOPOLY)
    game.apply(("roll", A, None))          # Baltic Avenue first: buy or auction it
    assert game.phase == BUY and game.pos[A] == 3
    events = game.apply(("buy", A, None))
    assert ("mr_monopoly", A, 7 + 1) in events or ("mr_monopoly", A, 8) in events
    assert game.pos[A] == 8 and game.phase == BUY   # skips owned 5 and 6, and Chance at 7


def test_mr_monopoly_with_every_deed_owned_goes_where_rent_is_owed() -> None:
    owners = {s.name: "B" for s in BOARD.deeds}
    owners["Baltic Avenue"] = "A"
    game = speed(dice=[(2, 2)], owner=owners, mortgaged=["Reading Railroad"], cash={"A": 5000})
    game.rng.values.append(MR_MONOPOLY)
    events = game.apply(("roll", A, None))   # 4: income tax, then Mr. Monopoly
    assert ("mr_monopoly", A, 6) in events   # Reading is mortgaged: no rent, skipped
    assert pays(events, "rent") == [(A, B, 12)]   # the whole light blue group: double rent
    assert game.phase == ROLL, "Mr. Monopoly comes before the throw again for doubles"


def test_doubles_count_the_white_dice_only() -> None:
    game = speed(dice=[(2, 3)])
    game.rng.values.append(1)
    game.apply(("roll", A, None))
    game.apply(("buy", A, None)) if game.phase == BUY else None
    assert game.phase == END and game.doubles == 0


def test_triples_move_anywhere_with_no_further_throw_and_no_jail() -> None:
    game = speed(dice=[(1, 1), (2, 2), (3, 3)], at={"A": 20})
    game.rng.values.insert(2, 1)   # first throw: speed 1 -> 1,1,1 triples
    events = game.apply(("roll", A, None))
    assert ("triples", A) in events and game.phase == TRIPLES
    assert len([a for a in game.legal_actions() if a[0] == "choose_space"]) == 40
    events = game.apply(("choose_space", A, 39))
    assert game.pos[A] == 39 and not pays(events, "salary") and game.phase == BUY
    game.apply(("buy", A, None))
    assert game.phase == END


@pytest.mark.parametrize("white, face", [(4, MR_MONOPOLY), (5, 5), (6, BUS_FACE)])
def test_doubles_beside_mr_monopoly_or_the_bus_are_not_triples(white: int, face: int) -> None:
    """Mr. Monopoly and the Bus are valued 0: 4-4 beside Mr. Monopoly is plain doubles."""
    game = speed(dice=[(white, white)], at={"A": 0})
    game.rng.values.append(face)
    events = game.apply(("roll", A, None))
    assert ("triples", A) not in events and game.phase != TRIPLES and game.doubles == 1


def test_third_doubles_ignore_the_speed_die_and_go_to_jail() -> None:
    game = speed(dice=[(1, 1)], at={"A": 0})
    game.doubles = 2
    game.rng.values.append(BUS_FACE)
    events = game.apply(("roll", A, None))
    assert ("jail", A, "doubles") in events and game.speed_value == 0


def test_triples_on_the_third_doubles_still_go_anywhere() -> None:
    game = speed(dice=[(2, 2)], at={"A": 0})
    game.doubles = 2
    game.rng.values.append(2)
    game.apply(("roll", A, None))
    assert game.phase == TRIPLES and game.jail_turns[A] == -1


def test_utility_rent_counts_all_three_dice_and_the_bus_as_zero() -> None:
    game = speed(dice=[(3, 4)], at={"A": 2}, owner={"Electric Company": "B"})
    game.rng.values.append(3)       # 2 + 3 + 4 + 3 = 12: Electric Company
    events = game.apply(("roll", A, None))
    assert pays(events, "rent") == [(A, B, 4 * 10)]
    bus = speed(dice=[(6, 4)], at={"A": 2}, owner={"Electric Company": "B"})
    bus.rng.values.append(BUS_FACE)
    bus.apply(("roll", A, None))
    events = bus.apply(("bus", A, 2))
    assert pays(events, "rent") == [(A, B, 4 * 10)]


def test_jail_throws_never_use_the_speed_die() -> None:
    game = speed(dice=[(1, 2)], jail={"A": 0})
    events = game.apply(("roll", A, None))
    assert not any(e[0] == "speed_die" for e in events)


def test_a_jail_throw_onto_a_utility_counts_the_white_dice_only() -> None:
    game = speed(dice=[(1, 1)], jail={"A": 0}, owner={"Electric Company": "B"})
    game.speed_value = 3  # left over from the previous player's throw
    events = game.apply(("roll", A, None))  # doubles: out of jail, 10 + 2 = Electric Company
    assert pays(events, "rent") == [(A, B, 2 * 4)]
