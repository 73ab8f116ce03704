"""Trade offers written with triggers: each change answered, bad values explained, nothing applied early."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from monopoli_mc.controller.game import intents, offers
from monopoli_mc.rules.board import default_board_path, load_board
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.settings import load_rules

BOARD = load_board(default_board_path())


def _game() -> Game:
    """Alex owns Baltic (3), Sam owns Boardwalk (39) and Park Place (37), Robin owns Reading (5)."""
    game = Game.new(load_rules("prom"), BOARD, ["Alex", "Sam", "Robin"], seed=1)
    for space, seat in ((3, 0), (39, 1), (37, 1), (5, 2)):
        game.owner[space] = seat
    return game


def test_a_draft_is_written_step_by_step_and_sent_as_the_engines_action() -> None:
    game, drafts = _game(), {}
    said, action = offers.handle(game, drafts, 0, "offer", 3)
    assert action is None and said == "Your trade offer to nobody yet: Baltic Avenue for nothing."
    said, _ = offers.handle(game, drafts, 0, "offer", 39)
    assert drafts[0]["to"] == 1 and "Your trade offer to Sam: Baltic Avenue for Boardwalk" in said
    said, _ = offers.handle(game, drafts, 0, "offer_cash", 100)
    said, _ = offers.handle(game, drafts, 0, "offer_cash", -50)
    assert drafts[0]["give_cash"] == 100 and drafts[0]["get_cash"] == 50
    said, action = offers.handle(game, drafts, 0, "offer_send", 1)
    assert said.startswith("You offer Sam ") and action is not None
    kind, seat, offer = action
    assert (kind, seat) == ("propose_trade", 0)
    assert offer == {"to": 1, "give": [3], "get": [39], "give_cash": 100, "get_cash": 50}


def test_jail_cards_go_in_only_as_many_as_are_held() -> None:
    game, drafts = _game(), {}
    said, _ = offers.handle(game, drafts, 0, "offer_card", 1)
    assert "you hold 0 Get Out of Jail Free cards" in said and drafts[0]["give_cards"] == 0
    said, _ = offers.handle(game, drafts, 0, "offer_card", -1)
    assert "nobody else holds 1 Get Out of Jail Free card:" in said
    game.jail_cards[0].append(["chance", 0])
    game.jail_cards[1].append(["chest", 0])
    offers.handle(game, drafts, 0, "offer", 39)
    offers.handle(game, drafts, 0, "offer_card", 1)
    said, _ = offers.handle(game, drafts, 0, "offer_card", -1)
    assert drafts[0]["give_cards"] == 1 and drafts[0]["get_cards"] == 1
    assert said == "Your trade offer to Sam: 1 jail card(s) for Boardwalk, 1 jail card(s)."


def test_a_deed_put_in_twice_is_taken_out_again() -> None:
    game, drafts = _game(), {}
    offers.handle(game, drafts, 0, "offer", 39)
    offers.handle(game, drafts, 0, "offer", 37)
    offers.handle(game, drafts, 0, "offer", 39)
    assert drafts[0]["get"] == [37]


def test_bad_values_are_explained_and_change_nothing() -> None:
    game, drafts = _game(), {}
    offers.handle(game, drafts, 0, "offer", 39)
    before = {k: (list(v) if isinstance(v, list) else v) for k, v in drafts[0].items()}
    for kind, value, expect in (("offer", 7, "space 7 is not a deed"),
                                ("offer", 40, "space 40 is not a deed"),
                                ("offer", -1, "space -1 is not a deed"),
                                ("offer", 1, "nobody owns Mediterranean Avenue: buy it instead"),
                                ("offer", 5, "Reading Railroad is Robin's, and your offer is to Sam"),
                                ("offer_cash", 0, "a cash amount is not 0"),
                                ("offer_cash", None, "offer_cash needs a whole number"),
                                ("offer_card", 0, "a number of cards is not 0"),
                                ("offer_card", 2**31 - 1, "you hold 0 Get Out of Jail Free cards"),
                                ("offer_card", -2**31, "nobody else holds 2147483648"),
                                ("offer_to", 1, "there is no other player in seat 1"),
                                ("offer_to", 9, "there is no other player in seat 9"),
                                ("offer_to", 3, "you ask for Sam's deeds")):
        said, action = offers.handle(game, drafts, 0, kind, value)
        assert action is None and expect in said, (kind, value, said)
        assert drafts[0] == before


def test_sending_without_a_partner_asks_for_one() -> None:
    game, drafts = _game(), {}
    offers.handle(game, drafts, 0, "offer", 3)
    said, action = offers.handle(game, drafts, 0, "offer_send", 1)
    assert action is None and "Choose whom you trade with first" in said
    assert drafts[0]["give"] == [3]


def test_a_bankrupt_player_cannot_be_chosen() -> None:
    game, drafts = _game(), {}
    game.bankrupt[2] = True
    said, _ = offers.handle(game, drafts, 0, "offer_to", 3)
    assert "no other player in seat 3" in said and drafts[0]["to"] is None


def test_clear_drops_the_draft() -> None:
    game, drafts = _game(), {}
    offers.handle(game, drafts, 0, "offer", 3)
    said, action = offers.handle(game, drafts, 0, "offer_clear", 1)
    assert drafts == {} and action is None and "dropped" in said


def test_an_offer_the_engine_refuses_is_named() -> None:
    game, drafts = _game(), {}
    offers.handle(game, drafts, 2, "offer_to", 1)  # Robin to Alex, with nothing in it
    _, action = offers.handle(game, drafts, 2, "offer_send", 1)
    assert action is not None and intents.why_not(game, action) is not None


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(offers.KINDS[:4]),
                          st.one_of(st.none(), st.integers(-2**31, 2**31 - 1))), max_size=12))
def test_any_sequence_of_changes_keeps_the_draft_sound(changes: list[tuple[str, int | None]]) -> None:
    """Whatever is typed, a draft only holds the writer's deeds to give and the partner's to get."""
    game, drafts = _game(), {}
    for kind, value in changes:
        said, action = offers.handle(game, drafts, 0, kind, value)
        assert said and action is None
    draft = drafts.get(0, offers.empty())
    assert all(game.owner[s] == 0 for s in draft["give"])
    assert all(game.owner[s] == draft["to"] for s in draft["get"])
    assert draft["to"] in (None, 1, 2) and draft["give_cash"] >= 0 and draft["get_cash"] >= 0
    assert draft["give_cards"] == 0 and draft["get_cards"] == 0  # nobody holds a jail card here
