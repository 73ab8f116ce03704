"""Trades written in the world with triggers: the draft is answered, sent, accepted, and survives a restart
(decided on snapshots, `decide_support.Desk`)."""

from __future__ import annotations

from typing import Any

from decide_support import Desk

from monopoli_mc.datapack import calls


def test_a_trade_written_with_triggers_is_accepted(desk: Desk) -> None:
    desk.give_deed("Alex", 3)
    desk.give_deed("Sam", 39)
    desk.said_to("Alex")
    desk.trigger("Alex", "offer", 3)
    desk.step()
    said = desk.said_to("Alex")
    assert any("Your trade offer to nobody yet: Baltic Avenue for nothing" in line for line in said), said
    # whom to: a button each ([Sam], [Robin]), then [Send the offer]
    assert calls.prompt_offer_to("Alex", [(1, "Sam"), (2, "Robin")]) in desk.writes
    assert calls.prompt("Alex", "offer") in desk.writes
    desk.trigger("Alex", "offer_to", 2)  # [Sam] runs /trigger offer_to set 2: her seat, counted from 1
    desk.step()
    assert any("Your trade offer to Sam: Baltic Avenue for nothing" in line for line in desk.said_to("Alex"))
    desk.trigger("Alex", "offer", 39)
    desk.step()
    desk.trigger("Alex", "offer_cash", 100)
    desk.step()
    assert any("to Sam: Baltic Avenue, $100 for Boardwalk" in line for line in desk.said_to("Alex"))
    desk.trigger("Alex", "offer_send")
    desk.step()
    assert any("You offer Sam" in line for line in desk.said_to("Alex"))
    assert desk.tables["main"].offers == {}
    desk.trigger("Sam", "accept")
    desk.step()
    game = desk.game
    assert game.owner[39] == 0 and game.owner[3] == 1
    assert calls.cash("Alex", game.cash[0]) in desk.writes


def test_an_offer_the_engine_refuses_is_kept(desk: Desk) -> None:
    desk.trigger("Robin", "offer_to", 1)
    desk.step()
    desk.trigger("Robin", "offer_send")
    desk.step()
    said = desk.said_to("Robin")
    assert any("your offer is kept" in line for line in said), said
    assert calls.prompt("Robin", "offer") in desk.writes  # its buttons, [Drop it] among them
    assert desk.tables["main"].offers[2]["to"] == 0


def test_a_draft_survives_a_controller_restart(desk: Desk) -> None:
    desk.give_deed("Sam", 39)
    desk.trigger("Alex", "offer", 39)
    desk.step()
    draft = desk.tables["main"].offers[0]
    assert draft["to"] == 1 and draft["get"] == [39]
    desk.restart()  # a controller started again on the same database
    assert desk.tables["main"].offers == {0: draft}
    desk.said_to("Alex")
    desk.trigger("Alex", "offer_send")  # the draft goes on where it was
    desk.step()
    assert any("You offer Sam" in line for line in desk.said_to("Alex"))


def test_trade_triggers_with_bad_values_are_answered(desk: Desk) -> None:
    before = desk.game.to_data()
    for objective, value, expect in (("offer", 7, "space 7 is not a deed"),
                                     ("offer", 39, "nobody owns Boardwalk"),
                                     ("offer_to", 9, "no other player in seat 9"),
                                     ("offer_to", 1, "no other player in seat 1")):
        desk.trigger("Alex", objective, value)
        desk.step()
        assert any(expect in line for line in desk.said_to("Alex")), objective
    desk.trigger("Alex", "offer_send")
    desk.step()
    assert any("Choose whom you trade with first" in line for line in desk.said_to("Alex"))
    assert desk.game.to_data() == before


def test_an_operator_trade_says_whether_it_was_offered(desk: Desk) -> None:
    offer: dict[str, Any] = {"from": "Alex", "to": "Sam", "give": [1], "get": [], "give_cash": 0, "get_cash": 500}
    assert desk.ask("trade", **offer) == "refused: Alex does not own space 1"
    desk.give_deed("Alex", 1)
    assert desk.ask("trade", **offer) == (
        "trade offered: Mediterranean Avenue for $500; Sam accepts with /trigger accept")
    assert desk.game.phase == "trade" and desk.game.to_act() == 1
