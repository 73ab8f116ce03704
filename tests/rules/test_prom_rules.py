"""The prom house rules (sheet 000), each against the official rule it replaces."""

from __future__ import annotations

import pytest

from monopoli_mc.errors import IllegalAction
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.phases import DEBT, END, RECEIVED, ROLL

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


def bankrupt_to_a_with_mortgaged_boardwalk(rules: str) -> Game:
    """B owes A rent it cannot pay and goes bankrupt, handing A a mortgaged Boardwalk ($200 mortgage)."""
    game = position(rules, ("A", "B", "C"), dice=[(1, 2)], current="B", at={"B": 0}, cash={"B": 10},
                    owner={"Baltic Avenue": "A", "Mediterranean Avenue": "A", "Boardwalk": "B"},
                    buildings={"Baltic Avenue": 5, "Mediterranean Avenue": 4}, mortgaged=["Boardwalk"])
    game.apply(("roll", B, None))  # Baltic Avenue with a hotel: $450
    game.apply(("bankrupt", B, None))
    assert game.phase == RECEIVED and game.to_act() == A and game.owner[39] == A
    return game


def test_prom_deed_from_a_bankrupt_costs_ten_percent_at_once_when_kept() -> None:
    game = bankrupt_to_a_with_mortgaged_boardwalk("prom")
    assert pays(game.apply(("keep_mortgage", A, None))) == [(A, BANK, 20)]
    assert pays(game.apply(("lift", A, 39))) == [(A, BANK, 200)] and conserved(game)


def test_prom_deed_from_a_bankrupt_costs_ten_percent_at_once_when_lifted_at_once() -> None:
    """Sheet 000: 'the new owner must at once pay the Bank the amount of interest on the loan,
    which is 10%' - lifting at once does not skip it; the mortgage itself has no interest."""
    game = bankrupt_to_a_with_mortgaged_boardwalk("prom")
    assert game.received_costs() == (220, 20)
    events = game.apply(("lift_now", A, None))
    assert pays(events) == [(A, BANK, 20), (A, BANK, 200)] and pays(events, "fee") == [(A, BANK, 20)]
    assert not game.mortgaged[39] and conserved(game)


def test_official_deed_from_a_bankrupt_lifted_at_once_costs_the_mortgage_plus_interest() -> None:
    game = bankrupt_to_a_with_mortgaged_boardwalk("classic")
    assert game.received_costs() == (220, 20)
    assert pays(game.apply(("lift_now", A, None))) == [(A, BANK, 220)]


def test_prom_deed_bought_mortgaged_costs_no_fee_and_lifts_for_the_mortgage() -> None:
    """Sheet 000: 'the new owner can lift the mortgage by paying off the mortgage to the Bank' -
    no 10% on the purchase, so there is nothing to decide when the deed changes hands."""
    game = position("prom", owner={"Boardwalk": "B"}, mortgaged=["Boardwalk"])
    game.apply(("propose_trade", A, {"to": B, "get": [39], "give_cash": 100}))
    events = game.apply(("accept_trade", B, None))
    assert game.phase == ROLL and game.to_act() == A and not pays(events, "fee")
    assert game.owner[39] == A and game.mortgaged[39]
    assert pays(game.apply(("lift", A, 39))) == [(A, BANK, 200)] and conserved(game)


def test_official_deed_bought_mortgaged_costs_ten_percent_when_kept() -> None:
    game = position("classic", owner={"Boardwalk": "B"}, mortgaged=["Boardwalk"])
    game.apply(("propose_trade", A, {"to": B, "get": [39], "give_cash": 100}))
    game.apply(("accept_trade", B, None))
    assert game.phase == RECEIVED
    assert pays(game.apply(("keep_mortgage", A, None))) == [(A, BANK, 20)]


def test_prom_third_turn_in_jail_pays_fifty_to_the_jar_then_throws() -> None:
    """Sheet 000: 'On the third turn in jail, you have to pay $50 to get out and roll.'"""
    game = position("prom", jail={"A": 2}, dice=[(1, 2)])
    assert [a[0] for a in game.legal_actions() if a[0] in ("roll", "pay_fine", "use_card")] == ["pay_fine"]
    with pytest.raises(IllegalAction, match="last turn in jail"):
        game.apply(("roll", A, None))
    events = game.apply(("pay_fine", A, None))
    assert pays(events) == [(A, JAR, 50)] and ("leave_jail", A, "fine") in events and game.phase == ROLL
    game.apply(("roll", A, None))
    assert game.pos[A] == 13


def test_prom_second_turn_in_jail_still_throws_for_doubles() -> None:
    game = position("prom", jail={"A": 1}, dice=[(1, 2)])
    events = game.apply(("roll", A, None))
    assert ("jail_stay", A, 2) in events and game.phase == END and not pays(events)


def test_prom_third_turn_in_jail_may_use_a_card_instead() -> None:
    game = position("prom", jail={"A": 2}, jail_cards={"A": ["Get Out of Jail Free"]})
    events = game.apply(("use_card", A, None))
    assert ("leave_jail", A, "card") in events and not pays(events) and game.phase == ROLL


def test_prom_third_turn_in_jail_short_of_fifty_raises_it_first() -> None:
    game = position("prom", jail={"A": 2}, dice=[(1, 2)], cash={"A": 20}, owner={"Boardwalk": "A"})
    game.apply(("pay_fine", A, None))
    assert game.phase == DEBT and game.jail_turns[A] < 0
    game.apply(("mortgage", A, 39))
    events = game.apply(("pay_debt", A, None))
    assert pays(events) == [(A, JAR, 50)] and game.phase == ROLL
    game.apply(("roll", A, None))
    assert game.pos[A] == 13 and conserved(game)


def test_official_third_turn_in_jail_throws_and_pays_only_when_it_fails() -> None:
    game = position("classic", jail={"A": 2}, dice=[(1, 2)])
    assert ("roll", A, None) in game.legal_actions()
    events = game.apply(("roll", A, None))
    assert pays(events, "jail_fine") == [(A, BANK, 50)] and game.pos[A] == 13


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
