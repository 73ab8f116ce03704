"""Bad input from the world: each is answered with a clear message and changes nothing."""

from __future__ import annotations

from pathlib import Path

from controller_support import Rig, make_rig, open_auction

from monopoli_mc.datapack.layout import Layout
from monopoli_mc.rules.phases import DRAW, ROLL


def _others(rig: Rig) -> list[str]:
    game = rig.game
    return [n for n in game.names if n != game.names[game.to_act()]]


def test_game_started_with_everyone_seated(rig: Rig) -> None:
    game = rig.game
    assert game.names == ["Alex", "Sam", "Robin"] and game.phase == ROLL
    assert rig.box.world.execute("scoreboard players get Alex monopoli.cash") == ["Alex has 1500 [Cash]"]
    current = game.names[game.to_act()]
    assert any("Your turn" == text for kind, text in rig.bots[current].titles() if kind == "title")


def test_out_of_turn_trigger_is_answered_and_changes_nothing(rig: Rig) -> None:
    before = rig.game.to_data()
    other = _others(rig)[0]
    rig.bots[other].trigger("d6")
    assert rig.step() == 1
    assert rig.game.to_data() == before
    said = " ".join(rig.said_to(other))
    assert "decision, not" in said and other in said


def test_repeated_roll_is_refused_the_second_time(rig: Rig) -> None:
    current = rig.game.names[rig.game.to_act()]
    rig.bots[current].trigger("d6")
    rig.step()
    rig.said_to(current)
    after_first = rig.game.to_data()
    assert after_first["phase"] != ROLL or after_first["doubles"] > 0
    if rig.game.phase == ROLL:  # doubles: a second throw is legal; use a meaningless input instead
        rig.bots[current].trigger("accept")
    else:
        rig.bots[current].trigger("d6")
    rig.step()
    assert rig.game.to_data() == after_first
    assert any("not possible" in line or "no trade" in line.lower() or "decision" in line
               for line in rig.said_to(current))


def test_meaningless_and_huge_values(rig: Rig) -> None:
    before = rig.game.to_data()
    name = _others(rig)[0]
    bot = rig.bots[name]
    bot.trigger("build", "set", 999)
    rig.step()
    assert any("there is no space 999" in line for line in rig.said_to(name))
    bot.trigger("bid", "set", 2147483647)
    rig.step()
    assert any("bid" in line and "not possible" in line for line in rig.said_to(name))
    bot.trigger("mortgage", "set", 39)
    rig.step()
    assert rig.said_to(name)
    bot.trigger("deed", "set", 7)
    rig.step()
    assert any("no title deed" in line for line in rig.said_to(name))
    assert rig.game.to_data() == before


def test_second_button_press_after_a_draw(rig: Rig) -> None:
    game = rig.game
    current = game.names[game.to_act()]
    before = game.to_data()
    bot = rig.bots[current]
    layout = Layout(rig.world.board("main"))
    stand = layout.world(layout.press_spot("crate"))
    bot.walk_to((stand[0] + 0.5, float(stand[1]), stand[2] + 0.5))
    bot.press_button(layout.world(layout.buttons()["crate"]))
    rig.step(2)
    assert rig.game.to_data() == before
    assert any("draw" in line and "not possible" in line for line in rig.said_to(current))
    assert game.phase != DRAW


def test_player_who_leaves_mid_turn_gets_the_prompt_back(rig: Rig) -> None:
    game = rig.game
    current = game.names[game.to_act()]
    before = game.to_data()
    rig.bots[current].leave()
    rig.step()
    rig.bots[current].trigger = None  # type: ignore[assignment]  # gone: cannot type
    rig.box.world.join(current)
    rig.step(2)
    assert rig.game.to_data() == before
    said = rig.said_to(current)
    assert any("Welcome back" in line for line in said)
    assert any("Roll" in label for label, _ in rig.box.world.player(current).chat[-1].clicks) or \
        any("Your turn" in line for line in said)


def test_operator_pay_pause_and_undo(rig: Rig) -> None:
    game = rig.game
    before = game.to_data()
    pay = rig.store.request("pay", {"player": "Sam", "amount": 100})
    rig.step()
    assert rig.store.answer_of(pay) == "pay Sam: done"
    assert rig.game.cash[1] == before["cash"][1] + 100
    assert rig.box.world.execute("scoreboard players get Sam monopoli.cash") == [
        f"Sam has {before['cash'][1] + 100} [Cash]"]
    bad = rig.store.request("fine", {"player": "Sam", "amount": -5})
    rig.step()
    assert "positive whole number" in (rig.store.answer_of(bad) or "")
    rig.store.request("pause", {})
    rig.step()
    current = rig.game.names[rig.game.to_act()]
    rig.bots[current].trigger("d6")
    rig.step()
    assert any("paused" in line for line in rig.said_to(current))
    rig.store.request("resume", {})
    undo = rig.store.request("undo", {})
    rig.step()
    assert "undid" in (rig.store.answer_of(undo) or "")
    assert rig.game.to_data() == before
    assert rig.box.world.execute("scoreboard players get Sam monopoli.cash") == [
        f"Sam has {before['cash'][1]} [Cash]"]


def test_in_game_admin_function_goes_through_the_engine(rig: Rig) -> None:
    before = rig.game.cash[2]
    rig.rcon.command('function monopoli:admin/pay {player:"Robin",amount:50}')
    rig.step()
    assert rig.game.cash[2] == before + 50
    rig.rcon.command('function monopoli:admin/give_deed {player:"Nobody",space:39}')
    rig.step()
    assert rig.game.owner[39] == -1


def test_idle_poll_is_one_request(rig: Rig) -> None:
    rig.step()
    before = rig.ctl.requests
    for _ in range(5):
        rig.step()
    assert rig.ctl.requests - before == 5


def test_negative_values_are_answered(rig: Rig) -> None:
    before = rig.game.to_data()
    name = _others(rig)[0]
    rig.bots[name].trigger("bid", "set", -5)
    rig.step()
    assert any("above 0, not -5" in line for line in rig.said_to(name))
    rig.bots[name].trigger("lift", "set", -1)
    rig.step()
    assert any("there is no space -1" in line for line in rig.said_to(name))
    assert rig.game.to_data() == before


def test_walk_mode_marks_the_space_and_teleports_after_the_wait(tmp_path: Path) -> None:
    for rig in make_rig(tmp_path, ["Alex", "Sam"], movement="walk"):
        game = rig.game
        current = game.names[game.to_act()]
        rig.bots[current].trigger("d6")
        rig.step()
        space = game.board.spaces[game.pos[game.names.index(current)]]
        assert ("actionbar", f"Walk to {space.name}") in rig.bots[current].titles()
        rig.step()  # walk_wait is 0 in the rig: teleported at the next poll
        pos = rig.bots[current].player.pos
        layout = Layout(rig.world.board("main"))
        if game.jail_turns[game.names.index(current)] < 0:
            assert layout.tile_at(pos[0], pos[2]) == game.pos[game.names.index(current)]


def test_operator_requests_with_bad_names_are_refused(rig: Rig) -> None:
    seat = rig.store.request("seat", {"player": "Al ex"})
    kick = rig.store.request("kick", {"player": "Nobody"})
    odd = rig.store.request("frobnicate", {})
    rig.step()
    assert "not a player name" in (rig.store.answer_of(seat) or "")
    assert "Nobody does not play on board 'main'" in (rig.store.answer_of(kick) or "")
    assert "unknown request 'frobnicate'" in (rig.store.answer_of(odd) or "")


def test_bad_values_of_the_new_choices_are_explained(rig: Rig) -> None:
    before = rig.game.to_data()
    alex = rig.bots["Alex"]
    for objective, value, expect in (("bus", 7, "the Bus moves by the first die (1)"),
                                     ("role", 3, "choose competitor (1) or monopolist (2)"),
                                     ("goto", 41, "choose 1 to 39, or 40 for GO"),
                                     ("claim", -2, "name the space of the rent")):
        alex.trigger(objective, "set", value)
        rig.step()
        assert any(expect in line for line in rig.said_to("Alex")), objective
    assert rig.game.to_data() == before


def test_a_claim_with_no_rent_due_is_explained(tmp_path: Path) -> None:
    for rig in make_rig(tmp_path, ["Alex", "Sam"], rules="speed-die", seed=3):
        current = rig.game.names[rig.game.to_act()]
        rig.bots[current].trigger("claim", "set", 5)
        rig.step()
        said = " ".join(rig.said_to(current))
        assert "has no rent to claim on space 5" in said and "roll (/trigger d6)" in said


def test_a_bid_in_the_poll_the_auction_would_close_keeps_it_open(tmp_path: Path) -> None:
    from monopoli_mc.rules.phases import AUCTION

    for rig in make_rig(tmp_path, ["Alex", "Sam"], seed=2):  # the auction's quiet time is 0 s here
        game = rig.game
        name, other = open_auction(rig)  # its quiet time runs from here: the next poll would close it
        rig.bots[other].trigger("bid", "set", 15)
        rig.step()
        assert game.phase == AUCTION and game.pending["high"] == 15  # the bid restarted the wait
        rig.step()
        assert game.phase != AUCTION and game.owner[game.pos[game.names.index(name)]] == game.names.index(other)


def test_operator_answers_say_refused_and_name_the_board(rig: Rig) -> None:
    start = rig.store.request("start", {})
    status = rig.store.request("status", {}, "main")
    nope = rig.store.request("status", {}, "nope")
    give = rig.store.request("give-deed", {"player": "Alex", "space": 39})
    rig.step()
    assert rig.store.answer_of(start) == "refused: board 'main' already has a game running"
    assert (rig.store.answer_of(status) or "").startswith("main: game 1 (prom rules) of Alex, Sam, Robin; round 1, ")
    assert rig.store.answer_of(nope) == "error: no board named 'nope'; boards: main"
    assert rig.store.answer_of(give) == "give-deed Alex: done"
    kick = [rig.store.request("kick", {"player": name}) for name in ("Sam", "Robin")]
    rig.step()
    assert all(rig.store.answer_of(k) == f"kick {n}: done" for k, n in zip(kick, ("Sam", "Robin")))
    over = rig.store.request("status", {})
    rig.step()
    assert rig.store.answer_of(over) == ("main: game 1 (prom rules) ended in round 1: Alex wins; next: seat the players "
                                          "(/trigger join on the board, or monopoli admin seat NAME), then "
                                          "monopoli admin start")
