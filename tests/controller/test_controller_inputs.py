"""Bad input from the world: each is answered with a clear message and changes nothing; walk mode's walk
and teleport. Decided on a snapshot with no server (`decide_support.Desk`); that an idle poll is one
request is proven on the wire by `test_controller_requests.test_a_walking_turn_reads_the_walkers_position_with_the_inbox`."""

from __future__ import annotations

import dataclasses

from decide_support import Desk, open_auction

from monopoli_mc.bridge import outbox
from monopoli_mc.datapack import calls
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.rules.phases import DRAW, ROLL


def _others(desk: Desk) -> list[str]:
    game = desk.game
    return [n for n in game.names if n != game.names[game.to_act()]]


def test_game_started_with_everyone_seated(desk: Desk) -> None:
    game = desk.game
    assert game.names == ["Alex", "Sam", "Robin"] and game.phase == ROLL
    assert calls.cash("Alex", 1500) in desk.written
    current = game.names[game.to_act()]
    assert "Your turn" in desk.said_to(current, "title")


def test_out_of_turn_trigger_is_answered_and_changes_nothing(desk: Desk) -> None:
    before = desk.game.to_data()
    other = _others(desk)[0]
    desk.trigger(other, "d6")
    assert desk.step() == 1
    assert desk.game.to_data() == before
    said = " ".join(desk.said_to(other))
    assert "decision, not" in said and other in said


def test_repeated_roll_is_refused_the_second_time(desk: Desk) -> None:
    current = desk.game.names[desk.game.to_act()]
    desk.trigger(current, "d6")
    desk.step()
    desk.said_to(current)
    after_first = desk.game.to_data()
    assert after_first["phase"] != ROLL or after_first["doubles"] > 0
    if desk.game.phase == ROLL:  # doubles: a second throw is legal; use a meaningless input instead
        desk.trigger(current, "accept")
    else:
        desk.trigger(current, "d6")
    desk.step()
    assert desk.game.to_data() == after_first
    assert any("not possible" in line or "no trade" in line.lower() or "decision" in line
               for line in desk.said_to(current))


def test_meaningless_and_huge_values(desk: Desk) -> None:
    before = desk.game.to_data()
    name = _others(desk)[0]
    desk.trigger(name, "build", 999)
    desk.step()
    assert any("there is no space 999" in line for line in desk.said_to(name))
    desk.trigger(name, "bid", 2147483647)
    desk.step()
    assert any("bid" in line and "not possible" in line for line in desk.said_to(name))
    desk.trigger(name, "mortgage", 39)
    desk.step()
    assert desk.said_to(name)
    desk.trigger(name, "deed", 7)
    desk.step()
    assert any("no title deed" in line for line in desk.said_to(name))
    assert desk.game.to_data() == before


def test_second_button_press_after_a_draw(desk: Desk) -> None:
    game = desk.game
    current = game.names[game.to_act()]
    before = game.to_data()
    desk.trigger(current, "crate", 0, button=True)  # the pack queues a button press as {kind, value:0, button:1b}
    desk.step()
    assert desk.game.to_data() == before
    assert any("draw" in line and "not possible" in line for line in desk.said_to(current))
    assert game.phase != DRAW


def test_player_who_leaves_mid_turn_gets_the_prompt_back(desk: Desk) -> None:
    game = desk.game
    current = game.names[game.to_act()]
    before = game.to_data()
    desk.trigger(current, "online", 0)  # back on the server: the pack queues {kind:"online"}
    desk.step()
    assert desk.game.to_data() == before
    assert "Welcome back." in desk.said_to(current)
    assert set(outbox.prompts(game, desk.table.view)) <= set(desk.writes)  # their turn's prompt, again


def test_operator_pay_pause_and_undo(desk: Desk) -> None:
    game = desk.game
    before = game.to_data()
    assert desk.ask("pay", player="Sam", amount=100) == "pay Sam: done"
    assert desk.game.cash[1] == before["cash"][1] + 100
    assert calls.cash("Sam", before["cash"][1] + 100) in desk.writes
    assert "positive whole number" in desk.ask("fine", player="Sam", amount=-5)
    desk.ask("pause")
    current = desk.game.names[desk.game.to_act()]
    desk.trigger(current, "d6")
    desk.step()
    assert any("paused" in line for line in desk.said_to(current))
    desk.request("resume")
    assert "undid" in desk.ask("undo")
    assert desk.game.to_data() == before
    assert calls.cash("Sam", before["cash"][1]) in desk.writes


def test_in_game_admin_function_goes_through_the_engine(desk: Desk) -> None:
    before = desk.game.cash[2]
    desk.admin("pay", target="Robin", text="50")  # `function monopoli:admin/pay {player:"Robin",amount:50}`
    desk.step()
    assert desk.game.cash[2] == before + 50
    desk.admin("give_deed", target="Nobody", text="39")
    desk.step()
    assert desk.game.owner[39] == -1


def test_negative_values_are_answered(desk: Desk) -> None:
    before = desk.game.to_data()
    name = _others(desk)[0]
    desk.trigger(name, "bid", -5)
    desk.step()
    assert any("above 0, not -5" in line for line in desk.said_to(name))
    desk.trigger(name, "lift", -1)
    desk.step()
    assert any("there is no space -1" in line for line in desk.said_to(name))
    assert desk.game.to_data() == before


def test_walk_mode_marks_the_space_and_teleports_after_the_wait() -> None:
    desk = Desk(["Alex", "Sam"], world=dataclasses.replace(load_world(), movement="walk"), walk_wait=30.0)
    game = desk.game
    current = game.names[game.to_act()]
    other = next(n for n in game.names if n != current)
    seat = game.names.index(current)
    desk.trigger(current, "d6")
    desk.walk_step()
    space = game.pos[seat]
    assert game.jail_turns[seat] < 0  # seed 3: not sent to jail, so they walk
    assert desk.said_to(current, "actionbar") == [f"Walk to {game.board.spaces[space].name}"]
    assert desk.said_to(other, "actionbar") == []
    assert calls.walk(current) in desk.writes  # the pack reports where they stand from the next tick
    assert not [c for c in desk.writes if c.startswith("function monopoli:ui/tp ")]  # not teleported yet
    desk.tick(29.0)
    desk.walk_step()
    assert desk.writes == []  # still walking, somewhere else
    desk.tick(1.0)
    desk.walk_step()  # the wait is over: untagged and teleported onto the space, them alone
    assert desk.writes == [calls.walked(current), calls.teleport(current, "main", space)]


def test_operator_requests_with_bad_names_are_refused(desk: Desk) -> None:
    seat = desk.request("seat", player="Al ex")
    kick = desk.request("kick", player="Nobody")
    odd = desk.request("frobnicate")
    desk.step()
    assert "not a player name" in (desk.store.answer_of(seat) or "")
    assert "Nobody does not play on board 'main'" in (desk.store.answer_of(kick) or "")
    assert "unknown request 'frobnicate'" in (desk.store.answer_of(odd) or "")


def test_bad_values_of_the_new_choices_are_explained(desk: Desk) -> None:
    before = desk.game.to_data()
    for objective, value, expect in (("bus", 7, "the Bus moves by the first die (1)"),
                                     ("role", 3, "choose competitor (1) or monopolist (2)"),
                                     ("goto", 41, "choose 1 to 39, or 40 for GO"),
                                     ("claim", -2, "name the space of the rent")):
        desk.trigger("Alex", objective, value)
        desk.step()
        assert any(expect in line for line in desk.said_to("Alex")), objective
    assert desk.game.to_data() == before


def test_a_claim_with_no_rent_due_is_explained() -> None:
    desk = Desk(["Alex", "Sam"], rules="speed-die", seed=3)
    current = desk.game.names[desk.game.to_act()]
    desk.trigger(current, "claim", 5)
    desk.step()
    said = " ".join(desk.said_to(current))
    assert "has no rent to claim on space 5" in said and "roll (/trigger d6)" in said


def test_a_bid_in_the_poll_the_auction_would_close_keeps_it_open() -> None:
    from monopoli_mc.rules.phases import AUCTION

    desk = Desk(["Alex", "Sam"], seed=2)  # the auction's quiet time is 0 s here
    game = desk.game
    name, other = open_auction(desk)  # its quiet time runs from here: the next poll would close it
    desk.trigger(other, "bid", 15)
    desk.step()
    assert game.phase == AUCTION and game.pending["high"] == 15  # the bid restarted the wait
    desk.step()
    assert game.phase != AUCTION and game.owner[game.pos[game.names.index(name)]] == game.names.index(other)


def test_operator_answers_say_refused_and_name_the_board(desk: Desk) -> None:
    start = desk.request("start")
    status = desk.request("status", "main")
    nope = desk.request("status", "nope")
    give = desk.request("give-deed", player="Alex", space=39)
    desk.step()
    assert desk.store.answer_of(start) == "refused: board 'main' already has a game running"
    assert (desk.store.answer_of(status) or "").startswith("main: game 1 (prom rules) of Alex, Sam, Robin; round 1, ")
    assert desk.store.answer_of(nope) == "error: no board named 'nope'; boards: main"
    assert desk.store.answer_of(give) == "give-deed Alex: done"
    kick = [desk.request("kick", player=name) for name in ("Sam", "Robin")]
    desk.step()
    assert all(desk.store.answer_of(k) == f"kick {n}: done" for k, n in zip(kick, ("Sam", "Robin")))
    assert desk.ask("status") == ("main: game 1 (prom rules) ended in round 1: Alex wins; next: seat the players "
                                  "(/trigger join on the board, or monopoli admin seat NAME), then "
                                  "monopoli admin start")
