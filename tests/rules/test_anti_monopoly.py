"""Anti-Monopoly (sheet 003): competitors and monopolists on the same engine."""

from __future__ import annotations

import pytest

from monopoli_mc.errors import IllegalAction
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.phases import DRAW, END, ROLE, ROLL
from monopoli_mc.rules.settings import load_rules
from monopoli_mc.rules.state import HOTEL

from .helpers import BOARDS, pays, position, space

A, B, C = 0, 1, 2
ANTI = BOARDS["anti-monopoly"]


def anti(**kw: object) -> Game:
    kw.setdefault("roles", {"A": "competitor", "B": "monopolist"})
    return position("anti-monopoly", **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7, 8])
def test_sides_are_chosen_in_throw_order_and_differ_by_at_most_one(players: int) -> None:
    game = Game.new(load_rules("anti-monopoly"), ANTI, [f"P{i}" for i in range(players)], seed=players)
    assert game.phase == ROLE and game.to_act() == game.first
    chosen = []
    while game.phase == ROLE:
        p = game.to_act()
        chosen.append(p)
        options = [a[2] for a in game.legal_actions()]
        game.apply(("choose_role", p, "monopolist" if "monopolist" in options else options[0]))
    assert chosen == [(game.first + i) % players for i in range(players)]
    assert abs(game.roles.count("monopolist") - game.roles.count("competitor")) <= 1
    assert game.phase == ROLL and game.to_act() == game.first and game.cash == [1500] * players


def test_a_full_side_cannot_be_chosen() -> None:
    game = Game.new(load_rules("anti-monopoly"), ANTI, ["A", "B"], seed=1)
    game.apply(("choose_role", game.to_act(), "monopolist"))
    with pytest.raises(IllegalAction, match="monopolists are full"):
        game.apply(("choose_role", game.to_act(), "monopolist"))


def test_a_declined_property_stays_with_the_treasury() -> None:
    game = anti(dice=[(1, 2)])
    game.apply(("roll", A, None))
    events = game.apply(("decline", A, None))
    assert not any(e[0] == "auction_start" for e in events) and game.owner[3] == -1 and game.phase == END


def test_competitors_build_on_any_street_up_to_four_houses_then_an_apartment() -> None:
    game = anti(owner={"Park Place": "A"}, cash={"A": 5000}, buildings={"Park Place": 4})
    events = game.apply(("build", A, space("Park Place")))
    assert ("build", A, 37, HOTEL) in events and game.houses_out == 0 and game.hotels_out == 1
    with pytest.raises(IllegalAction, match="already has"):
        game.apply(("build", A, space("Park Place")))


def test_monopolists_build_only_in_a_monopolised_city_three_houses_then_an_apartment() -> None:
    game = anti(current="B", owner={"Kentucky Avenue": "B"}, cash={"B": 5000})
    with pytest.raises(IllegalAction, match="own 2 streets of its city"):
        game.apply(("build", B, space("Kentucky Avenue")))
    game.owner[space("Indiana Avenue")] = B
    game._touch()
    for _ in range(3):
        game.apply(("build", B, space("Kentucky Avenue")))   # freely: no even building
    events = game.apply(("build", B, space("Kentucky Avenue")))
    assert ("build", B, 21, HOTEL) in events and game.houses_out == 0


def test_building_only_on_the_players_own_turn() -> None:
    game = anti(owner={"Park Place": "B", "Boardwalk": "B"}, cash={"B": 5000})
    assert not [a for a in game.legal_actions(B) if a[0] == "build"]
    with pytest.raises(IllegalAction, match="own turn"):
        game.apply(("build", B, 37))


def test_competitive_rent_for_competitors_and_monopoly_rent_doubled_for_monopolists() -> None:
    game = anti(dice=[(1, 2)], current="B", owner={"Baltic Avenue": "A", "Mediterranean Avenue": "A"})
    assert pays(game.apply(("roll", B, None)), "rent") == [(B, A, 4)], "competitors never double"
    game = anti(dice=[(1, 2)], owner={"Baltic Avenue": "B"})
    assert pays(game.apply(("roll", A, None)), "rent") == [(A, B, 5)], "monopoly rent, a quarter above"
    game = anti(dice=[(1, 2)], owner={"Baltic Avenue": "B", "Mediterranean Avenue": "B"})
    assert pays(game.apply(("roll", A, None)), "rent") == [(A, B, 10)], "doubled in a monopolised city"
    game = anti(dice=[(1, 2)], owner={"Baltic Avenue": "B", "Mediterranean Avenue": "B"},
                buildings={"Baltic Avenue": HOTEL})
    assert pays(game.apply(("roll", A, None)), "rent") == [(A, B, 563)], "the apartment's monopoly rent"


def test_a_three_street_city_is_monopolised_by_any_two_and_doubles_on_the_third_too() -> None:
    game = anti(dice=[(2, 1)], at={"A": 18}, owner={"Kentucky Avenue": "B", "Indiana Avenue": "B"})
    assert pays(game.apply(("roll", A, None)), "rent") == [(A, B, 46)], "Kentucky: 23 monopoly rent, doubled"
    game = anti(dice=[(3, 2)], at={"A": 19}, owner={"Kentucky Avenue": "B", "Indiana Avenue": "B",
                                                     "Illinois Avenue": "B"})
    assert pays(game.apply(("roll", A, None)), "rent") == [(A, B, 50)], "the third street, acquired: doubled too"
    game = anti(dice=[(3, 2)], at={"A": 18}, owner={"Indiana Avenue": "B"})
    assert pays(game.apply(("roll", A, None)), "rent") == [(A, B, 23)], "one street is no monopoly"


def test_transportation_companies_and_utilities_have_a_monopoly_rent_too() -> None:
    for side, railroad, utility in (("competitor", 25, 4 * 7), ("monopolist", 32, 5 * 7)):
        roles = {"A": "competitor", "B": side}
        game = anti(dice=[(1, 4)], roles=roles, owner={"Reading Railroad": "B"})
        assert pays(game.apply(("roll", A, None)), "rent") == [(A, B, railroad)], side
        game = anti(dice=[(3, 4)], at={"A": 5}, roles=roles, owner={"Electric Company": "B"})
        assert pays(game.apply(("roll", A, None)), "rent") == [(A, B, utility)], side


def test_an_apartment_is_worth_the_houses_it_replaced_and_itself() -> None:
    game = anti(current="B", owner={"Baltic Avenue": "B", "Mediterranean Avenue": "B"}, cash={"B": 1000})
    for _ in range(4):  # three houses, then the monopolist's apartment
        game.apply(("build", B, 3))
    assert game.buildings[3] == HOTEL and game.cash[B] == 1000 - 4 * 50
    assert game.net_worth(B) == 800 + 60 + 60 + 4 * 50
    assert game.max_raisable(B) == 800 + 30 + 30 + 4 * 25  # the same four buildings sold back at half


def test_no_buildings_on_a_mortgaged_street_but_the_rest_of_the_city_may_build() -> None:
    game = anti(owner={"Park Place": "A", "Boardwalk": "A"}, mortgaged=["Park Place"], cash={"A": 5000})
    with pytest.raises(IllegalAction, match="it is mortgaged"):
        game.apply(("build", A, 37))
    game.apply(("build", A, 39))
    with pytest.raises(IllegalAction):
        game.apply(("mortgage", A, 39))
    assert pays(game.apply(("lift", A, 37))) == [(A, -1, 175 + 18)]


def test_doubles_give_one_extra_throw_whose_doubles_are_ordinary() -> None:
    game = anti(dice=[(2, 2), (3, 3)], at={"A": 0}, cash={"A": 5000})
    game.apply(("roll", A, None))   # 4: Income Tax, then the extra throw
    assert game.phase == ROLL
    game.apply(("roll", A, None))   # doubles again, to Just Visiting: an ordinary throw
    assert game.pos[A] == 10 and game.phase == END and game.jail_turns[A] == -1


def test_each_side_draws_from_its_own_deck_and_monopolists_face_antitrust() -> None:
    game = anti(dice=[(3, 4)], current="B", top={"monopolist": ["Antitrust Action"]})
    game.apply(("roll", B, None))
    assert game.phase == DRAW and game.pending["deck"] == "monopolist"
    events = game.apply(("draw", B, None))
    assert ("jail", B, "card") in events
    game = anti(dice=[(3, 4)], top={"competitor": ["Price War"]})
    game.apply(("roll", A, None))
    assert game.pending["deck"] == "competitor"
    assert pays(game.apply(("draw", A, None)), "card") == [(A, -1, 50)]


def test_game_b_the_richest_of_the_other_side_wins() -> None:
    game = position("anti-monopoly-b", ("A", "B", "C"), dice=[(2, 2)], cash={"A": 10, "B": 900, "C": 800},
                    roles={"A": "monopolist", "B": "competitor", "C": "competitor"})
    game.apply(("roll", A, None))   # Income Tax: A cannot pay
    events = game.apply(("bankrupt", A, None))
    assert ("game_over", B, "side_standing") in events


def test_game_a_goes_on_until_one_player_is_left() -> None:
    game = position("anti-monopoly", ("A", "B", "C"), dice=[(2, 2)], cash={"A": 10},
                    roles={"A": "monopolist", "B": "competitor", "C": "competitor"})
    game.apply(("roll", A, None))
    game.apply(("bankrupt", A, None))
    assert game.phase == ROLL and game.current == B
