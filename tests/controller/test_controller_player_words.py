"""Words for people (issue 27, point 8): a player's ordinary slip is told to them and to nobody else, a
player held up by another is told whom they wait for, and no player is told an operator's command."""

from __future__ import annotations

from pathlib import Path

from controller_support import Rig, ask

from monopoli_mc.controller import setaside
from monopoli_mc.rules.phases import DEBT, ROLL
from monopoli_mc.sandbox.bots import Bot


def _chat_of_everyone(rig: Rig) -> list[str]:
    return [line for bot in rig.bots.values() for line in bot.chat_text()]


def test_joining_twice_or_late_is_told_to_the_player_not_set_aside_nor_a_warning(rig: Rig) -> None:
    """Alex types /trigger join again in his running game, Zed arrives after the start and is queued for
    the next game: each is told in words; nothing piles up in `admin status`, and the operator's terminal has no warning."""
    lines: list[str] = []
    rig.ctl.on_line = lines.append
    rig.bots["Alex"].trigger("join")
    late = rig.bots["Zed"] = Bot.join(rig.box.world, "Zed")
    rig.box.world.tick()
    late.trigger("join")
    rig.step(2)
    assert rig.said_to("Alex")[-1:] == ["You already play at board main: nothing to join."]
    told = rig.said_to("Zed")
    assert told[-1:] == ["A game is running at board main: you have a seat at its next game, place 1 in the "
                         "queue. You will be told when the table is free."], told  # queued (issue 35 point 7)
    assert setaside.count(rig.store) == 0
    assert not [line for line in lines if line.startswith("warning")], lines
    status = ask(rig.store, rig.step, "status")
    assert "set aside" not in status
    assert not [line for line in _chat_of_everyone(rig) if "monopoli admin" in line]


def test_joining_a_second_board_s_lobby_names_no_operator_command(tmp_path: Path) -> None:
    """Seated at the annex for its next game, Robin types /trigger join on the main board: she is told
    where she is seated and to ask the organiser, never `monopoli admin unseat Robin`."""
    from controller_support import seat_by_walking, two_boards

    from monopoli_mc.controller.loop import Controller, Settings
    from monopoli_mc.controller.store import Store
    from monopoli_mc.datapack.layout import Layout

    with two_boards(tmp_path) as (box, rcon, world):
        store = Store(tmp_path / "night.db")
        lines: list[str] = []
        ctl = Controller(rcon, world, store, Settings(seed=2), on_line=lines.append)
        ctl.start()
        bots = seat_by_walking(box, world, ctl, {"Robin": "annex"})
        bots["Robin"].chat_text()
        seen = len(bots["Robin"].chat_text())
        layout = Layout(world.board("main"))
        x, y, z = layout.world(layout.stand(0))
        bots["Robin"].walk_to((x + 0.5, float(y), z + 0.5))
        ctl.poll()  # the controller reads as it walks (it polls 20 times a second): the pack hears it
        bots["Robin"].trigger("join")
        box.world.tick()
        ctl.poll()
        told = bots["Robin"].chat_text()[seen:]
        assert told == ["You are already seated at board annex, for its next game: play there, or ask the "
                        "organiser to take you off it first."], told
        assert store.lobby("annex") == ["Robin"] and store.lobby("main") == []
        assert setaside.count(store) == 0 and not [line for line in lines if line.startswith("warning")]
        store.close()


def test_a_player_held_up_by_another_s_debt_is_told_whom_they_wait_for(rig: Rig) -> None:
    """Kim's throw while Alex owes: "roll is not possible now (debt). You can: mortgage" said nothing of
    Alex. Now it says Alex must first pay, and that the table waits for Alex."""
    game = rig.game
    assert game.phase == ROLL
    thrower = game.names[game.to_act()]
    debtor = next(n for n in game.names if n != thrower)
    ask(rig.store, rig.step, "give_deed", player=debtor, space=39)  # something to mortgage: a debt, not bankruptcy
    ask(rig.store, rig.step, "fine", player=debtor, amount=1600)
    assert game.phase == DEBT and game.names[game.to_act()] == debtor
    rig.said_to(thrower)
    rig.bots[thrower].trigger("d6")
    rig.step()
    [told] = rig.said_to(thrower)
    assert f". {debtor} must first pay their debt to the jar: waiting for {debtor}" in told, told  # prom: fines fill the jar
    assert "monopoli admin" not in told



def test_a_press_while_seated_before_the_start_says_the_game_has_not_started(tmp_path: Path) -> None:
    """Seated at the annex, no game yet: Robin's [Roll] was answered "you are not playing at a board:
    stand on it and use /trigger join", which she had done."""
    from controller_support import seat_by_walking, two_boards

    from monopoli_mc.controller.loop import Controller, Settings
    from monopoli_mc.controller.store import Store

    with two_boards(tmp_path) as (box, rcon, world):
        store = Store(tmp_path / "night.db")
        ctl = Controller(rcon, world, store, Settings(seed=2), on_line=lambda line: None)
        ctl.start()
        robin = seat_by_walking(box, world, ctl, {"Robin": "annex"})["Robin"]
        seen = len(robin.chat_text())
        robin.trigger("d6")
        box.world.tick()
        ctl.poll()
        assert robin.chat_text()[seen:] == ["You are seated at board annex; its game has not started yet."]
        store.close()
