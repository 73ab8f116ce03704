"""A controller that comes back (a restart, or a reconnect) applies the inputs queued while it was away
before it sends any prompt or title, and sends none for a state those inputs changed (issue 27 point 6):
what each bot saw in the strict sandbox, over RCON."""

from __future__ import annotations

from pathlib import Path

from controller_support import Rig, make_rig

from monopoli_mc.controller.loop import Controller
from monopoli_mc.rules.phases import OVER, ROLL
from monopoli_mc.sandbox.bots import Bot

ROLL_BUTTON = "function monopoli:input/d6"


def _seen(bots: dict[str, Bot]) -> dict[str, tuple[int, int]]:
    """How many chat lines and titles each bot has seen so far."""
    return {name: (len(bot.chat()), len(bot.titles())) for name, bot in bots.items()}


def _since(bot: Bot, mark: tuple[int, int]) -> tuple[list[str], list[str], list[str]]:
    """A bot's chat lines, their buttons' commands, and its titles, since `mark`."""
    chat = bot.chat()[mark[0]:]
    return ([c.text for c in chat], [command for c in chat for _label, command in c.clicks],
            [text for kind, text in bot.titles()[mark[1]:] if kind == "title"])


def _restart(rig: Rig) -> None:
    """The controller stops (cleanly) and a new one starts on the same database and world, then polls once."""
    settings = rig.ctl.settings
    rig.ctl.release()
    rig.ctl = Controller(rig.rcon, rig.world, rig.store, settings)
    rig.ctl.start()
    rig.ctl.poll()


def test_a_roll_queued_while_the_controller_was_away_is_applied_before_any_prompt(rig: Rig) -> None:
    game = rig.game
    roller = game.names[game.to_act()]
    actions = rig.ctl.tables["main"].n_actions
    rig.ctl.release()  # the controller is away
    mark = _seen(rig.bots)
    rig.bots[roller].trigger("d6")
    rig.box.world.tick()  # the pack queues the roll
    _restart(rig)
    game = rig.game
    assert rig.ctl.tables["main"].n_actions > actions  # the queued roll was applied at the first poll
    chat, buttons, titles = _since(rig.bots[roller], mark[roller])
    assert any("throws" in line or "rolls" in line for line in chat), chat  # the roll was applied and told
    now = game.names[game.to_act()]
    if now != roller or game.phase != ROLL:  # the roller rolled: no "Your turn" or [Roll] came for the turn done
        assert "Your turn" not in titles, titles
        assert not any(ROLL_BUTTON in command for command in buttons), buttons
    if now != roller:  # and whoever decides now was prompted, once
        assert _since(rig.bots[now], mark[now])[2].count("Your turn") == (1 if game.phase == ROLL else 0)


def test_a_game_ended_while_the_controller_was_away_gets_no_your_turn(tmp_path: Path) -> None:
    for rig in make_rig(tmp_path, ["Alex", "Sam"], seed=2):
        op = Bot.join(rig.box.world, "Op")
        rig.box.world.tick()
        assert "Made Op a server operator" in rig.rcon.command("op Op")
        rig.step()
        game = rig.game
        roller = game.names[game.to_act()]
        rig.ctl.release()
        mark = _seen(rig.bots)
        rig.bots[roller].trigger("d6")
        rig.box.world.tick()
        op.command("function monopoli:admin/end")  # the operator ends the game while the controller is away
        rig.box.world.tick()
        _restart(rig)
        assert rig.game.phase == OVER
        for name in ("Alex", "Sam"):
            chat, buttons, titles = _since(rig.bots[name], mark[name])
            assert "Your turn" not in titles, (name, titles)
            assert not any("monopoli:input/" in command for command in buttons), (name, buttons)
            assert any("GAME OVER" in line for line in chat), (name, chat)


def test_a_roll_queued_while_rcon_was_down_is_applied_before_any_prompt(rig: Rig) -> None:
    """The same after a reconnect: the controller reads the world again, rewrites it, and prompts only after the
    inputs queued while the connection was down."""
    game = rig.game
    roller = game.names[game.to_act()]
    actions = rig.ctl.tables["main"].n_actions
    rig.rcon.close()  # the connection drops
    mark = _seen(rig.bots)
    rig.bots[roller].trigger("d6")
    rig.box.world.tick()
    rig.ctl._step(lambda: False)  # the poll fails, and the controller reconnects by itself
    rig.ctl._step(lambda: False)  # then reads which world this is, rewrites it, and polls
    assert rig.ctl.tables["main"].n_actions > actions
    chat, buttons, titles = _since(rig.bots[roller], mark[roller])
    assert any("throws" in line or "rolls" in line for line in chat), chat
    if game.names[game.to_act()] != roller or game.phase != ROLL:
        assert "Your turn" not in titles, titles
        assert not any(ROLL_BUTTON in command for command in buttons), buttons
