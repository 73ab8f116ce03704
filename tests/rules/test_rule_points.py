"""One test per point of the reference's "Rule points that engines often get wrong"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from monopoli_mc.errors import IllegalAction
from monopoli_mc.rules.phases import AUCTION, BUY, DEBT, DRAW, END, JAIL, ROLL

from .helpers import BANK, BOARD, JAR, card, conserved, pays, position, space

A, B, C = 0, 1, 2


# 1. Doubles -----------------------------------------------------------------------------

def test_doubles_move_resolve_and_roll_again() -> None:
    game = position("classic", dice=[(3, 3)], at={"A": 0})
    events = game.apply(("roll", A, None))
    assert ("move", A, 0, 6) in events and ("buy_offer", A, 6, 100) in events
    game.apply(("buy", A, None))
    assert game.phase == ROLL and game.current == A


def test_third_doubles_go_to_jail_without_moving_and_the_turn_ends() -> None:
    game = position("classic", dice=[(1, 1), (2, 2), (3, 3)], at={"A": 0})
    game.apply(("roll", A, None))   # to 2: Community Chest
    game.decks["community_chest"] = [card("community_chest", "Beauty Contest")] + \
        [c for c in game.decks["community_chest"] if c != card("community_chest", "Beauty Contest")]
    game.apply(("draw", A, None))
    game.apply(("roll", A, None))   # to 6
    game.apply(("decline", A, None))
    game.apply(("pass", A, None))
    game.apply(("pass", B, None))
    events = game.apply(("roll", A, None))
    assert ("jail", A, "doubles") in events
    assert ("move", A, 6, 10) in events and not any(e[0] == "move" and e[3] == 12 for e in events)
    assert game.jail_turns[A] == 0 and game.phase == END
    assert game.legal_actions() == [("end_turn", A, None), ("propose_trade", A, None)]


# 2. GO ----------------------------------------------------------------------------------

def test_passing_go_by_dice_pays_salary() -> None:
    game = position("classic", dice=[(4, 3)], at={"A": 38}, cash={"A": 100})
    events = game.apply(("roll", A, None))
    assert (BANK, A, 200) in pays(events, "salary") and game.pos[A] == 5


def test_landing_on_go_pays_salary() -> None:
    game = position("classic", dice=[(1, 3)], at={"A": 36})
    events = game.apply(("roll", A, None))
    assert pays(events, "salary") == [(BANK, A, 200)] and game.pos[A] == 0


def test_passing_go_then_advance_to_go_pays_twice() -> None:
    game = position("classic", dice=[(3, 4)], at={"A": 35}, top={"community_chest": ["Advance to GO"]})
    events = game.apply(("roll", A, None))  # 35 + 7 = 42 -> Community Chest at 2
    assert game.phase == DRAW
    events += game.apply(("draw", A, None))
    assert pays(events, "salary") == [(BANK, A, 200), (BANK, A, 200)]


def test_going_to_jail_never_pays_go() -> None:
    game = position("classic", dice=[(4, 3)], at={"A": 36}, top={"chance": ["Go to Jail"]})
    game.pos[A] = 29
    events = game.apply(("roll", A, None))  # 29 + 7 = 36 Chance
    events += game.apply(("draw", A, None))
    assert ("jail", A, "card") in events and not pays(events, "salary")
    game = position("classic", dice=[(1, 0 + 1)], at={"A": 28})
    events = game.apply(("roll", A, None))  # 28 + 2 = Go To Jail
    assert ("jail", A, "go_to_jail") in events and not pays(events, "salary") and game.pos[A] == 10


# 3. Jail --------------------------------------------------------------------------------

def test_leave_jail_on_doubles_moves_and_official_rules_do_not_roll_again() -> None:
    game = position("classic", dice=[(2, 2)], jail={"A": 0})
    assert game.phase == JAIL
    events = game.apply(("roll", A, None))
    assert ("leave_jail", A, "doubles") in events and game.pos[A] == 14
    game.apply(("buy", A, None))
    assert game.phase == END


def test_leave_jail_with_a_card_bought_from_another_player() -> None:
    game = position("classic", jail={"A": 0}, jail_cards={"B": ["Get Out of Jail Free"]})
    game.apply(("propose_trade", A, {"to": B, "get_cards": 1, "give_cash": 40}))
    game.apply(("accept_trade", B, None))
    events = game.apply(("use_card", A, None))
    assert ("leave_jail", A, "card") in events and game.phase == ROLL


def test_pay_fine_before_rolling() -> None:
    game = position("classic", jail={"A": 1}, dice=[(1, 2)])
    events = game.apply(("pay_fine", A, None))
    assert pays(events) == [(A, BANK, 50)] and game.phase == ROLL
    game.apply(("roll", A, None))
    assert game.pos[A] == 13


def test_third_failed_throw_pays_fine_and_moves_by_that_throw() -> None:
    game = position("classic", jail={"A": 2}, dice=[(1, 2)])
    events = game.apply(("roll", A, None))
    assert pays(events, "jail_fine") == [(A, BANK, 50)]
    assert ("leave_jail", A, "fine") in events and game.pos[A] == 13


def test_failed_throw_stays_in_jail_and_ends_the_turn() -> None:
    game = position("classic", jail={"A": 0}, dice=[(1, 2)])
    events = game.apply(("roll", A, None))
    assert ("jail_stay", A, 1) in events and game.phase == END and game.pos[A] == 10


def test_in_jail_a_player_collects_rent_builds_and_mortgages() -> None:
    game = position("classic", jail={"B": 0}, dice=[(1, 2)], at={"A": 0},
                    owner={"Baltic Avenue": "B", "Mediterranean Avenue": "B", "Reading Railroad": "B"})
    events = game.apply(("roll", A, None))
    assert pays(events, "rent") == [(A, B, 8)]
    assert ("build", B, space("Baltic Avenue"), 1) in [a[:2] + (a[2], 1) for a in game.legal_actions(B)
                                                        if a[0] == "build"]
    game.apply(("mortgage", B, space("Reading Railroad")))
    assert game.mortgaged[space("Reading Railroad")]


def test_jail_third_turn_fine_unaffordable_opens_debt_then_moves() -> None:
    game = position("classic", jail={"A": 2}, dice=[(1, 2)], cash={"A": 20}, owner={"Boardwalk": "A"})
    game.apply(("roll", A, None))
    assert game.phase == DEBT
    game.apply(("mortgage", A, space("Boardwalk")))
    events = game.apply(("pay_debt", A, None))
    assert ("leave_jail", A, "fine") in events and game.pos[A] == 13


# 4. Nearest railroad / utility, go back three -------------------------------------------

def test_nearest_railroad_pays_twice_the_rent() -> None:
    game = position("classic", dice=[(3, 4)], owner={"Reading Railroad": "B", "Pennsylvania Railroad": "B"},
                    top={"chance": ["Nearest Railroad"]})
    game.apply(("roll", A, None))  # 0 + 7 = Chance at 7
    events = game.apply(("draw", A, None))
    assert game.pos[A] == 15 and pays(events, "rent") == [(A, B, 100)]


def test_nearest_utility_throws_again_and_pays_ten_times() -> None:
    game = position("classic", dice=[(3, 4), (6, 5)], owner={"Electric Company": "B"},
                    top={"chance": ["Nearest Utility"]})
    game.apply(("roll", A, None))
    events = game.apply(("draw", A, None))
    assert ("rent_roll", A, 6, 5) in events and pays(events, "rent") == [(A, B, 110)]


def test_nearest_unowned_may_be_bought() -> None:
    game = position("classic", dice=[(3, 4)], top={"chance": ["Nearest Utility"]})
    game.apply(("roll", A, None))
    game.apply(("draw", A, None))
    assert game.phase == BUY and game.pending["space"] == space("Electric Company")


def test_go_back_three_from_the_third_chance_lands_on_community_chest_and_draws() -> None:
    game = position("classic", dice=[(3, 4)], at={"A": 29}, top={"chance": ["Go Back 3 Spaces"],
                                                                 "community_chest": ["Bank Error"]})
    game.apply(("roll", A, None))
    events = game.apply(("draw", A, None))
    assert game.pos[A] == 33 and game.phase == DRAW
    events = game.apply(("draw", A, None))
    assert pays(events) == [(BANK, A, 200)]


# 5. Building evenly ------------------------------------------------------------------------

def _blues(**kw: object) -> object:
    return position("classic", owner={"Park Place": "A", "Boardwalk": "A"}, cash={"A": 5000}, **kw)


def test_build_evenly_and_sell_evenly() -> None:
    game = _blues()
    pp, bw = space("Park Place"), space("Boardwalk")
    game.apply(("build", A, pp))
    with pytest.raises(IllegalAction, match="build evenly"):
        game.apply(("build", A, pp))
    game.apply(("build", A, bw))
    game.apply(("build", A, bw))
    with pytest.raises(IllegalAction, match="sell evenly"):
        game.apply(("sell", A, pp))
    game.apply(("sell", A, bw))


def test_hotel_needs_four_houses_on_every_street() -> None:
    game = _blues(buildings={"Park Place": 3, "Boardwalk": 4})
    with pytest.raises(IllegalAction):
        game.apply(("build", A, space("Boardwalk")))
    game.apply(("build", A, space("Park Place")))
    events = game.apply(("build", A, space("Boardwalk")))
    assert ("build", A, space("Boardwalk"), 5) in events and game.hotels_out == 1 and game.houses_out == 4


def test_no_building_while_a_street_of_the_group_is_mortgaged() -> None:
    game = _blues(mortgaged=["Park Place"])
    with pytest.raises(IllegalAction, match="mortgaged"):
        game.apply(("build", A, space("Boardwalk")))


def test_mortgage_needs_every_building_of_the_group_sold() -> None:
    game = _blues(buildings={"Park Place": 1, "Boardwalk": 0})
    with pytest.raises(IllegalAction, match="sell the buildings"):
        game.apply(("mortgage", A, space("Boardwalk")))
    game.apply(("sell", A, space("Park Place")))
    game.apply(("mortgage", A, space("Boardwalk")))


def test_group_not_complete_cannot_build() -> None:
    game = position("classic", owner={"Park Place": "A"}, cash={"A": 5000})
    with pytest.raises(IllegalAction, match="group not complete"):
        game.apply(("build", A, space("Park Place")))


# 6. Building shortage (official) -------------------------------------------------------------

def test_no_houses_left_means_waiting() -> None:
    game = _blues()
    game.houses_out = 32
    game._touch()
    with pytest.raises(IllegalAction, match="no houses left"):
        game.apply(("build", A, space("Park Place")))
    assert not [a for a in game.legal_actions(A) if a[0] == "build"]


def test_breaking_a_hotel_needs_four_houses_from_the_bank() -> None:
    game = _blues(buildings={"Park Place": 5, "Boardwalk": 5})
    game.houses_out = 30
    game._touch()
    with pytest.raises(IllegalAction, match="too few houses"):
        game.apply(("sell", A, space("Park Place")))
    events = game.apply(("sell_all", A, space("Park Place")))
    assert game.buildings[space("Park Place")] == game.buildings[space("Boardwalk")] == 0
    assert sum(e[3] for e in events if e[0] == "pay") == 2 * 5 * 100


# 7. Declined purchase goes to auction -------------------------------------------------------------

def test_declined_deed_is_auctioned_to_everyone_including_the_decliner() -> None:
    game = position("classic", ("A", "B", "C"), dice=[(2, 3)])
    game.apply(("roll", A, None))
    game.apply(("buy", A, None))
    game.apply(("end_turn", A, None))
    game.rng.add((1, 2))
    game.apply(("roll", B, None))   # 3: Baltic Avenue
    events = game.apply(("decline", B, None))
    assert ("auction_start", space("Baltic Avenue")) in events and game.phase == AUCTION
    game.apply(("bid", C, 1))       # any price, any seat, out of order
    game.apply(("bid", B, 5))       # the decliner bids too
    with pytest.raises(IllegalAction, match="bid more"):
        game.apply(("bid", A, 5))
    game.apply(("pass", A, None))
    game.apply(("pass", C, None))
    assert game.owner[space("Baltic Avenue")] == B and game.cash[B] == 1495


def test_auction_nobody_bids_leaves_the_deed_with_the_bank() -> None:
    game = position("classic", dice=[(1, 2)])
    game.apply(("roll", A, None))
    game.apply(("decline", A, None))
    game.apply(("pass", A, None))
    events = game.apply(("pass", B, None))
    assert ("auction_unsold", 3) in events and game.owner[3] == -1 and game.phase == END


def test_controller_closes_a_quiet_auction() -> None:
    game = position("classic", dice=[(1, 2)])
    game.apply(("roll", A, None))
    game.apply(("decline", A, None))
    game.apply(("bid", B, 30))
    with pytest.raises(IllegalAction):
        game.apply(("close_auction", A, None))
    events = game.apply(("close_auction", -1, None))
    assert ("auction_won", B, 3, 30) in events


# 8. Private sales only of unimproved groups -----------------------------------------------------

def test_cannot_trade_a_deed_from_a_built_group() -> None:
    game = _blues(buildings={"Park Place": 1})
    with pytest.raises(IllegalAction, match="sell the buildings"):
        game.apply(("propose_trade", A, {"to": B, "give": [space("Boardwalk")], "get_cash": 100}))


def test_trade_moves_deeds_cash_and_cards() -> None:
    game = position("classic", owner={"Boardwalk": "A", "Park Place": "B"}, jail_cards={"A": ["Get Out of Jail Free"]})
    game.apply(("propose_trade", A, {"to": B, "give": [39], "get": [37], "give_cash": 10, "give_cards": 1}))
    assert game.to_act() == B
    game.apply(("accept_trade", B, None))
    assert game.owner[39] == B and game.owner[37] == A and game.cash == [1490, 1510]
    assert len(game.jail_cards[B]) == 1 and game.phase == ROLL


# 9. Mortgage interest and received mortgaged deeds ------------------------------------------------

def test_official_lift_costs_mortgage_plus_ten_percent() -> None:
    game = position("classic", owner={"Boardwalk": "A"}, mortgaged=["Boardwalk"])
    events = game.apply(("lift", A, 39))
    assert pays(events) == [(A, BANK, 220)]


def test_received_mortgaged_deed_costs_ten_percent_and_again_on_lifting() -> None:
    game = position("classic", owner={"Boardwalk": "B"}, mortgaged=["Boardwalk"])
    game.apply(("propose_trade", A, {"to": B, "get": [39], "give_cash": 100}))
    game.apply(("accept_trade", B, None))
    assert game.phase == "received_mortgage" and game.to_act() == A
    events = game.apply(("keep_mortgage", A, None))
    assert pays(events, "fee") == [(A, BANK, 20)] and game.phase == ROLL
    events = game.apply(("lift", A, 39))
    assert pays(events, "lift") == [(A, BANK, 220)]


def test_received_mortgaged_deed_may_be_lifted_at_once_for_mortgage_plus_ten_percent() -> None:
    game = position("classic", owner={"Boardwalk": "B"}, mortgaged=["Boardwalk"])
    game.apply(("propose_trade", A, {"to": B, "get": [39], "give_cash": 100}))
    game.apply(("accept_trade", B, None))
    events = game.apply(("lift_now", A, None))
    assert pays(events) == [(A, BANK, 220)] and not game.mortgaged[39] and game.phase == ROLL


# 10. Bankruptcy ------------------------------------------------------------------------------------

def test_bankrupt_to_a_player_hands_over_everything_buildings_at_half_price() -> None:
    game = position("classic", ("A", "B", "C"), dice=[(1, 2)], at={"A": 0}, cash={"A": 10},
                    owner={"Baltic Avenue": "B", "Mediterranean Avenue": "B",
                           "Oriental Avenue": "A", "Vermont Avenue": "A", "Connecticut Avenue": "A",
                           "Reading Railroad": "A"},
                    buildings={"Baltic Avenue": 5, "Mediterranean Avenue": 4, "Oriental Avenue": 1,
                               "Vermont Avenue": 1, "Connecticut Avenue": 1},
                    mortgaged=["Reading Railroad"], jail_cards={"A": ["Get Out of Jail Free"]})
    game.apply(("roll", A, None))   # Baltic with a hotel: $450
    assert game.phase == DEBT
    assert game.max_raisable(A) < 450
    events = game.apply(("bankrupt", A, None))
    assert ("bankrupt", A, B) in events
    # 3 houses at $50 cost, half price -> $75, plus $10 cash, all to B
    assert pays(events, "bankruptcy")[-1] == (A, B, 85)
    assert all(game.owner[s] == B for s in (5, 6, 8, 9)) and game.buildings[6] == 0
    assert game.phase == "received_mortgage" and game.to_act() == B
    assert pays(game.apply(("keep_mortgage", B, None)), "fee") == [(B, BANK, 10)]
    assert len(game.jail_cards[B]) == 1 and game.bankrupt[A] and game.current == B
    assert conserved(game)


def test_bankrupt_to_the_bank_auctions_every_deed_and_returns_cards() -> None:
    game = position("classic", ("A", "B", "C"), dice=[(2, 2)], at={"A": 0}, cash={"A": 10},
                    owner={"Reading Railroad": "A", "Mediterranean Avenue": "A", "Baltic Avenue": "A"},
                    buildings={"Mediterranean Avenue": 1, "Baltic Avenue": 1}, mortgaged=["Reading Railroad"],
                    jail_cards={"A": ["Get Out of Jail Free"]})
    game.apply(("roll", A, None))   # Income Tax $200; at most $120 can be raised
    events = game.apply(("bankrupt", A, None))
    assert ("bankrupt", A, BANK) in events
    assert ("card_returned", A, "chance", card("chance", "Get Out of Jail Free")) in events
    assert game.buildings[1] == game.buildings[3] == 0 and game.houses_out == 0
    assert game.phase == AUCTION and game.pending["space"] == 1
    game.apply(("bid", C, 10))
    game.apply(("pass", B, None))
    assert game.owner[1] == C and game.phase == AUCTION and game.pending["space"] == 3
    game.apply(("pass", B, None))
    game.apply(("pass", C, None))
    assert game.pending["space"] == 5 and not game.mortgaged[5]
    game.apply(("pass", B, None))
    game.apply(("pass", C, None))
    assert game.phase == ROLL and game.current == B and conserved(game)


def test_bankruptcy_is_refused_while_money_can_still_be_raised() -> None:
    game = position("classic", dice=[(2, 2)], at={"A": 0}, cash={"A": 10}, owner={"Boardwalk": "A"})
    game.apply(("roll", A, None))
    with pytest.raises(IllegalAction, match="can still raise"):
        game.apply(("bankrupt", A, None))


def test_last_player_standing_wins() -> None:
    game = position("classic", dice=[(2, 2)], at={"A": 0}, cash={"A": 10})
    game.apply(("roll", A, None))
    events = game.apply(("bankrupt", A, None))
    assert ("game_over", B, "last_standing") in events and game.legal_actions() == []


# 11. Get Out of Jail Free cards and deck cycling --------------------------------------------------

def test_jail_card_is_out_of_the_deck_until_used_then_goes_to_the_bottom() -> None:
    goojf = card("chance", "Get Out of Jail Free")
    game = position("classic", dice=[(3, 4)], top={"chance": ["Get Out of Jail Free"]})
    game.apply(("roll", A, None))
    game.apply(("draw", A, None))
    assert goojf not in game.decks["chance"] and len(game.decks["chance"]) == 15
    game.jail_turns[A] = 0
    game.phase = JAIL
    game.apply(("use_card", A, None))
    assert game.decks["chance"][-1] == goojf


def test_decks_are_shuffled_once_and_cycled() -> None:
    game = position("classic", dice=[(3, 4)], top={"chance": ["Bank Dividend"]})
    game.apply(("roll", A, None))
    order = list(game.decks["chance"])
    game.apply(("draw", A, None))
    assert game.decks["chance"] == order[1:] + order[:1]


# 12. Free Parking ------------------------------------------------------------------------------

def test_official_free_parking_pays_nothing() -> None:
    game = position("classic", dice=[(6, 4)], at={"A": 10})
    events = game.apply(("roll", A, None))
    assert not pays(events) and game.jar == 0


# Rent -----------------------------------------------------------------------------------------

def test_double_rent_on_a_full_group_even_with_one_street_mortgaged() -> None:
    game = position("classic", dice=[(1, 2)], owner={"Mediterranean Avenue": "B", "Baltic Avenue": "B"},
                    mortgaged=["Mediterranean Avenue"])
    events = game.apply(("roll", A, None))
    assert pays(events, "rent") == [(A, B, 8)]


def test_no_rent_on_a_mortgaged_deed() -> None:
    game = position("classic", dice=[(1, 2)], owner={"Baltic Avenue": "B"}, mortgaged=["Baltic Avenue"])
    assert not pays(game.apply(("roll", A, None)), "rent")


@pytest.mark.parametrize("owned, rent", [(1, 25), (2, 50), (3, 100), (4, 200)])
def test_railroad_rent_by_number_owned(owned: int, rent: int) -> None:
    names = ["Reading Railroad", "Pennsylvania Railroad", "B&O Railroad", "Short Line"][:owned]
    game = position("classic", dice=[(2, 3)], owner={n: "B" for n in names} | {"Reading Railroad": "B"})
    assert pays(game.apply(("roll", A, None)), "rent") == [(A, B, rent)]


@pytest.mark.parametrize("both, rent", [(False, 4 * 12), (True, 10 * 12)])
def test_utility_rent_is_four_or_ten_times_the_throw(both: bool, rent: int) -> None:
    owners = {"Electric Company": "B"} | ({"Water Works": "B"} if both else {})
    game = position("classic", dice=[(6, 6)], owner=owners)
    assert pays(game.apply(("roll", A, None)), "rent") == [(A, B, rent)]


def test_hotel_rent() -> None:
    game = position("classic", dice=[(1, 2)], owner={"Mediterranean Avenue": "B", "Baltic Avenue": "B"},
                    buildings={"Mediterranean Avenue": 5, "Baltic Avenue": 5})
    assert pays(game.apply(("roll", A, None)), "rent") == [(A, B, 450)]


def test_board_numbers_match_the_reference() -> None:
    """Every price, rent and house cost equals the table in docs/reference/official-us.md."""
    reference = Path(__file__).resolve().parents[2] / "docs" / "reference" / "official-us.md"
    rows = [line.split("|")[1:-1] for line in reference.read_text().splitlines()
            if re.match(r"^\| \d+ \|", line)]
    assert len(rows) == 40 == len(BOARD.spaces)
    for cells in rows:
        index, name, price = int(cells[0]), cells[1].strip(), cells[3].strip()
        sp = BOARD.spaces[index]
        assert name.startswith(sp.name) or sp.name in name, (index, name, sp.name)
        if price:
            assert sp.price == int(price), name
        rents = [c.strip() for c in cells[4:10]]
        if rents[0]:
            assert sp.rent == tuple(int(r) for r in rents), name
            assert BOARD.groups[sp.group].house_cost == int(cells[10]), name
    assert len(BOARD.decks["chance"]) == len(BOARD.decks["community_chest"]) == 16
    assert JAR == -2


# The older income tax choice (sheet 002) ------------------------------------------------------

def test_income_tax_choice_flat_or_percent_of_total_worth() -> None:
    game = position("classic", dice=[(2, 2)], cash={"A": 1000}, owner={"Boardwalk": "A", "Park Place": "A"},
                    buildings={"Boardwalk": 1, "Park Place": 1}, mortgaged=[], income_tax_percent=10)
    events = game.apply(("roll", A, None))
    assert ("tax_prompt", A, 200, 10) in events and game.phase == "tax_choice"
    before = game.to_data()
    events = game.apply(("pay_percent_tax", A, None))
    # cash 1000 + deeds at printed price 750 + buildings at cost 400 = 2150 -> $215
    assert pays(events, "tax") == [(A, BANK, 215)]
    flat = position("classic", dice=[(2, 2)], income_tax_percent=10)
    flat.apply(("roll", A, None))
    assert pays(flat.apply(("pay_flat_tax", A, None)), "tax") == [(A, BANK, 200)]
    assert before["phase"] == "tax_choice"


def test_percent_tax_counts_mortgaged_deeds_at_printed_price() -> None:
    game = position("classic", dice=[(2, 2)], cash={"A": 500}, owner={"Boardwalk": "A"},
                    mortgaged=["Boardwalk"], income_tax_percent=10)
    game.apply(("roll", A, None))
    assert pays(game.apply(("pay_percent_tax", A, None)), "tax") == [(A, BANK, 90)]


def _short(houses_out: int) -> object:
    game = position("classic", ("A", "B", "C"), cash={"A": 2000, "B": 2000, "C": 2000},
                    owner={"Park Place": "A", "Boardwalk": "A", "Mediterranean Avenue": "B", "Baltic Avenue": "B"})
    game.houses_out = houses_out
    game._touch()
    return game


def test_shortage_auction_when_more_players_want_houses_than_the_bank_has() -> None:
    game = _short(31)   # one house left, A and B both may build
    events = game.apply(("build", A, 37))
    assert ("building_auction", "house", A, 1) in events and game.phase == AUCTION
    assert game.legal_actions(C) == [], "C cannot build, so C does not bid"
    with pytest.raises(IllegalAction, match="only players who may build"):
        game.apply(("bid", C, 10))
    game.apply(("bid", A, 60))
    game.apply(("bid", B, 80))
    events = game.apply(("pass", A, None))
    assert ("auction_won", B, 1, 80) in events and ("build", B, 1, 1) in events
    assert game.houses_out == 32 and game.cash[B] == 1920 and game.phase == ROLL and conserved(game)


def test_no_shortage_auction_while_the_bank_has_enough_or_one_player_wants() -> None:
    game = _short(30)   # two left for two players
    events = game.apply(("build", A, 37))
    assert pays(events, "build") == [(A, BANK, 200)]
    prom = position("prom", ("A", "B"), owner={"Park Place": "A", "Boardwalk": "A"})
    prom.apply(("build", A, 37))
    assert prom.phase == ROLL
