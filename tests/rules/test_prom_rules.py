"""The prom house rules (sheet 000), each against the official rule it replaces."""

from __future__ import annotations

import pytest

from monopoli_mc.errors import IllegalAction
from monopoli_mc.rules.phases import END, ROLL

from .helpers import BANK, JAR, conserved, pays, position, space

A, B = 0, 1


def test_income_tax_goes_to_the_jar() -> None:
    game = position("prom", dice=[(2, 2)])
    events = game.apply(("roll", A, None))
    assert pays(events, "tax") == [(A, JAR, 200)] and game.jar == 200


def test_luxury_tax_goes_to_the_jar() -> None:
    game = position("prom", dice=[(1, 2)], at={"A": 35})
    game.apply(("roll", A, None))
    assert game.jar == 100


@pytest.mark.parametrize("title, amount", [("Speeding Fine", 15), ("General Repairs", 25)])
def test_card_fees_go_to_the_jar(title: str, amount: int) -> None:
    game = position("prom", dice=[(3, 4)], top={"chance": [title]}, owner={"Mediterranean Avenue": "A",
                    "Baltic Avenue": "A"}, buildings={"Baltic Avenue": 1})
    game.apply(("roll", A, None))
    events = game.apply(("draw", A, None))
    assert pays(events, "card") == [(A, JAR, amount)] and game.jar == amount


def test_jail_fine_goes_to_the_jar() -> None:
    game = position("prom", jail={"A": 0})
    game.apply(("pay_fine", A, None))
    assert game.jar == 50


def test_free_parking_pays_the_whole_jar() -> None:
    game = position("prom", dice=[(6, 4)], at={"A": 10}, jar=430)
    events = game.apply(("roll", A, None))
    assert pays(events, "jar") == [(JAR, A, 430)] and game.jar == 0 and conserved(game)


def test_jar_is_not_a_house_rule_of_the_official_set() -> None:
    game = position("classic", dice=[(2, 2)])
    events = game.apply(("roll", A, None))
    assert pays(events, "tax") == [(A, BANK, 200)] and game.jar == 0


def test_no_interest_when_lifting_a_mortgage() -> None:
    game = position("prom", owner={"Boardwalk": "A"}, mortgaged=["Boardwalk"])
    assert pays(game.apply(("lift", A, space("Boardwalk")))) == [(A, BANK, 200)]


def test_buildings_sell_back_for_ten_dollars_less() -> None:
    game = position("prom", owner={"Park Place": "A", "Boardwalk": "A"}, buildings={"Park Place": 1})
    assert pays(game.apply(("sell", A, space("Park Place")))) == [(BANK, A, 190)]
    classic = position("classic", owner={"Park Place": "A", "Boardwalk": "A"}, buildings={"Park Place": 1})
    assert pays(classic.apply(("sell", A, space("Park Place")))) == [(BANK, A, 100)]


def test_no_limit_on_houses_and_hotels() -> None:
    game = position("prom", owner={"Park Place": "A", "Boardwalk": "A"}, cash={"A": 5000})
    game.houses_out, game.hotels_out = 500, 100
    game.apply(("build", A, space("Park Place")))
    assert game.houses_out == 501


def test_doubles_out_of_jail_roll_again() -> None:
    game = position("prom", dice=[(2, 2)], jail={"A": 0})
    game.apply(("roll", A, None))
    game.apply(("buy", A, None))  # Virginia Avenue
    assert game.phase == ROLL and game.current == A
    classic = position("classic", dice=[(2, 2)], jail={"A": 0})
    classic.apply(("roll", A, None))
    classic.apply(("buy", A, None))
    assert classic.phase == END


def test_doubles_out_of_jail_count_towards_three() -> None:
    game = position("prom", dice=[(2, 2), (1, 1), (3, 3)], jail={"A": 0})
    game.apply(("roll", A, None))
    game.apply(("buy", A, None))
    game.apply(("roll", A, None))  # 14 + 2 = 16, St. James Place
    game.apply(("buy", A, None))
    events = game.apply(("roll", A, None))
    assert ("jail", A, "doubles") in events


def test_received_mortgaged_deed_still_costs_ten_percent_in_prom() -> None:
    game = position("prom", owner={"Boardwalk": "B"}, mortgaged=["Boardwalk"])
    game.apply(("propose_trade", A, {"to": B, "get": [39], "give_cash": 100}))
    game.apply(("accept_trade", B, None))
    assert pays(game.apply(("keep_mortgage", A, None)), "fee") == [(A, BANK, 20)]
    assert pays(game.apply(("lift", A, 39))) == [(A, BANK, 200)]


def test_received_mortgaged_deed_lifted_at_once_costs_only_the_mortgage_in_prom() -> None:
    game = position("prom", owner={"Boardwalk": "B"}, mortgaged=["Boardwalk"])
    game.apply(("propose_trade", A, {"to": B, "get": [39], "give_cash": 100}))
    game.apply(("accept_trade", B, None))
    assert pays(game.apply(("lift_now", A, None))) == [(A, BANK, 200)]


def test_illegal_action_changes_nothing() -> None:
    game = position("prom", dice=[(1, 2)])
    before = game.to_data()
    for action in [("buy", A, None), ("roll", B, None), ("build", A, 1), ("lift", A, 39),
                   ("bid", A, 10), ("pay_fine", A, None), ("propose_trade", A, {"to": A}),
                   ("propose_trade", A, {"to": B}), ("nonsense", A, None), ("roll", 7, None),
                   ("close_auction", -1, None), ("mortgage", A, "Boardwalk")]:
        with pytest.raises(IllegalAction):
            game.apply(action)
        assert game.to_data() == before, action
