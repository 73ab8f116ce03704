"""A controller that comes back (a restart, or a reconnect) applies the inputs queued while it was away
before it sends any prompt or title, and sends none for a state those inputs changed (issue 27 point 6).
After a restart: decided on snapshots (`decide_support.Desk`: the entries queued before `restart` are read
by the first poll after it). After a reconnect: what each bot saw in the strict sandbox, over RCON, which
also proves the loop's (re)connect path that both share (`Controller.connected` withholds the prompts)."""

from __future__ import annotations

from controller_support import Rig
from decide_support import Desk

from monopoli_mc.bridge import outbox
from monopoli_mc.rules.phases import OVER, ROLL
from monopoli_mc.sandbox.bots import Bot

ROLL_BUTTON = "function monopoli:input/d6"


def _mark(desk: Desk) -> None:
    """What every player has heard and seen so far counts as heard."""
    for name in desk.game.names:
        desk.said_to(name)
        desk.said_to(name, "title")


def _prompts_to(desk: Desk, name: str, since: int) -> list[str]:
    """The prompts (chat buttons) written to a player since the `since`-th command."""
    return [c for c in desk.written[since:] if c.startswith("function monopoli:ui/prompt") and f'player:"{name}"' in c]


def _rolls(command: str) -> bool:
    """Whether a prompt offers [Roll] (the turn's, or jail's)."""
    kind = command.split()[1].removeprefix("monopoli:ui/prompt/")
    return kind == "roll" or (kind.startswith("jail/") and "roll" in kind)


def test_a_roll_queued_while_the_controller_was_away_is_applied_before_any_prompt(desk: Desk) -> None:
    game = desk.game
    roller = game.names[game.to_act()]
    actions = desk.table.n_actions
    _mark(desk)
    desk.trigger(roller, "d6")  # queued by the pack while the controller is away
    desk.restart()
    since = len(desk.written)
    desk.step()
    game = desk.game
    assert desk.table.n_actions > actions  # the queued roll was applied at the first poll
    chat, titles = desk.said_to(roller), desk.said_to(roller, "title")
    assert any("throws" in line or "rolls" in line for line in chat), chat  # the roll was applied and told
    now = game.names[game.to_act()]
    if now != roller or game.phase != ROLL:  # the roller rolled: no "Your turn" or [Roll] came for the turn done
        assert "Your turn" not in titles, titles
        assert not any(_rolls(c) for c in _prompts_to(desk, roller, since))
    if now != roller:  # and whoever decides now was prompted, once
        assert desk.said_to(now, "title").count("Your turn") == (1 if game.phase == ROLL else 0)
    asks = outbox.prompts(game, desk.table.view)  # the prompts of the state the roll left, each written once
    assert asks and all(desk.written[since:].count(c) == 1 for c in asks), asks


def test_a_game_ended_while_the_controller_was_away_gets_no_your_turn() -> None:
    desk = Desk(["Alex", "Sam"], seed=2)
    game = desk.game
    roller = game.names[game.to_act()]
    _mark(desk)
    desk.trigger(roller, "d6")
    desk.admin("end", by="Op")  # the operator ends the game (`function monopoli:admin/end`) while away
    desk.restart()
    since = len(desk.written)
    desk.step()
    assert desk.game.phase == OVER
    for name in ("Alex", "Sam"):
        chat, titles = desk.said_to(name), desk.said_to(name, "title")
        assert "Your turn" not in titles, (name, titles)
        assert _prompts_to(desk, name, since) == []
        assert any("GAME OVER" in line for line in chat), (name, chat)


def _seen(bots: dict[str, Bot]) -> dict[str, tuple[int, int]]:
    """How many chat lines and titles each bot has seen so far."""
    return {name: (len(bot.chat()), len(bot.titles())) for name, bot in bots.items()}


def _since(bot: Bot, mark: tuple[int, int]) -> tuple[list[str], list[str], list[str]]:
    """A bot's chat lines, their buttons' commands, and its titles, since `mark`."""
    chat = bot.chat()[mark[0]:]
    return ([c.text for c in chat], [command for c in chat for _label, command in c.clicks],
            [text for kind, text in bot.titles()[mark[1]:] if kind == "title"])


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
