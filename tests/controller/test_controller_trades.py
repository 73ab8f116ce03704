"""Trades written in the world with triggers: the draft is answered, sent, accepted, and survives a restart."""

from __future__ import annotations

from controller_support import Rig

from monopoli_mc.controller.loop import Controller, Settings


def _give(rig: Rig, name: str, space: int) -> None:
    rig.rcon.command(f'function monopoli:admin/give_deed {{player:"{name}",space:{space}}}')
    rig.step()


def test_a_trade_written_with_triggers_is_accepted(rig: Rig) -> None:
    _give(rig, "Alex", 3)
    _give(rig, "Sam", 39)
    alex = rig.bots["Alex"]
    rig.said_to("Alex")
    alex.trigger("offer", "set", 3)
    rig.step()
    said = rig.said_to("Alex")
    assert any("Your trade offer to nobody yet: Baltic Avenue for nothing" in line for line in said), said
    clicks = [label for line in rig.box.world.player("Alex").chat[-6:] for label, _ in line.clicks]
    assert "[Sam]" in clicks and "[Robin]" in clicks and "[Send the offer]" in clicks  # whom to: a button each
    alex.click("Sam")
    rig.step()
    assert any("Your trade offer to Sam: Baltic Avenue for nothing" in line for line in rig.said_to("Alex"))
    alex.trigger("offer", "set", 39)
    rig.step()
    alex.trigger("offer_cash", "set", 100)
    rig.step()
    assert any("to Sam: Baltic Avenue, $100 for Boardwalk" in line for line in rig.said_to("Alex"))
    alex.click("Send the offer")
    rig.step()
    assert any("You offer Sam" in line for line in rig.said_to("Alex"))
    assert rig.ctl.tables["main"].offers == {}
    rig.said_to("Sam")
    rig.bots["Sam"].click("Accept")
    rig.step()
    game = rig.game
    assert game.owner[39] == 0 and game.owner[3] == 1
    assert rig.box.world.execute("scoreboard players get Alex monopoli.cash") == [
        f"Alex has {game.cash[0]} [Cash]"]


def test_an_offer_the_engine_refuses_is_kept(rig: Rig) -> None:
    robin = rig.bots["Robin"]
    robin.trigger("offer_to", "set", 1)
    rig.step()
    robin.trigger("offer_send")
    rig.step()
    said = rig.said_to("Robin")
    assert any("your offer is kept" in line for line in said), said
    clicks = [label for line in rig.box.world.player("Robin").chat[-2:] for label, _ in line.clicks]
    assert "[Drop it]" in clicks
    assert rig.ctl.tables["main"].offers[2]["to"] == 0


def test_a_draft_survives_a_controller_restart(rig: Rig) -> None:
    _give(rig, "Sam", 39)
    rig.bots["Alex"].trigger("offer", "set", 39)
    rig.step()
    draft = rig.ctl.tables["main"].offers[0]
    assert draft["to"] == 1 and draft["get"] == [39]
    again = Controller(rig.rcon, rig.world, rig.store, Settings(rules="prom", seed=3, start_at=3,
                                                                auction_quiet=0.0, walk_wait=0.0))
    again.start()
    assert again.tables["main"].offers == {0: draft}


def test_trade_triggers_with_bad_values_are_answered(rig: Rig) -> None:
    before = rig.game.to_data()
    alex = rig.bots["Alex"]
    for objective, value, expect in (("offer", 7, "space 7 is not a deed"),
                                     ("offer", 39, "nobody owns Boardwalk"),
                                     ("offer_to", 9, "no other player in seat 9"),
                                     ("offer_to", 1, "no other player in seat 1")):
        alex.trigger(objective, "set", value)
        rig.step()
        assert any(expect in line for line in rig.said_to("Alex")), objective
    alex.trigger("offer_send")
    rig.step()
    assert any("Choose whom you trade with first" in line for line in rig.said_to("Alex"))
    assert rig.game.to_data() == before


def test_an_operator_trade_says_whether_it_was_offered(rig: Rig) -> None:
    offer = {"from": "Alex", "to": "Sam", "give": [1], "get": [], "give_cash": 0, "get_cash": 500}
    refused = rig.store.request("trade", offer)
    rig.step()
    assert rig.store.answer_of(refused) == "refused: Alex does not own space 1"
    _give(rig, "Alex", 1)
    offered = rig.store.request("trade", offer)
    rig.step()
    assert rig.store.answer_of(offered) == (
        "trade offered: Mediterranean Avenue for $500; Sam accepts with /trigger accept")
    assert rig.game.phase == "trade" and rig.game.to_act() == 1
