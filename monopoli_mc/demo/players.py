"""Sandbox bot players at one board: the engine's strategies decide, the world is how they act.

A bot may look at the game to decide (as a person looks at the board), but it acts
only as a person can: walking, pressing a building's button, clicking a chat
button, or typing `/trigger`. A trade is asked of the operator, who records it.
The driver acts once per game state, so a game in the world makes the same
choices as its headless twin (`controller.policy.play_headless`).
"""

from __future__ import annotations

import itertools
import time
from typing import Any, Callable

from monopoli_mc.controller.game.policy import next_move
from monopoli_mc.datapack.layout import Layout
from monopoli_mc.errors import SandboxError
from monopoli_mc.rules.bots import Bot as Strategy
from monopoli_mc.rules.bots import make_bots
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.roles import ROLES
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.world import World

Action = tuple[str, int, Any]
BUTTON_LABELS = {"roll": "Roll", "end_turn": "End turn", "use_card": "Use card",
                 "accept_trade": "Accept", "refuse_trade": "Refuse"}
TRIGGERS = {"roll": "d6", "buy": "buy", "decline": "auction", "end_turn": "end_turn",
            "pay_fine": "jail_pay", "use_card": "jail_card", "accept_trade": "accept",
            "refuse_trade": "refuse", "pay_flat_tax": "buy", "pay_percent_tax": "auction",
            "lift_now": "buy", "keep_mortgage": "auction"}


class TablePlayers:
    """The bot players of one board, seated in the order given."""

    def __init__(self, world: World, layout: Layout, names: list[str], *, walk: bool,
                 operator: Callable[[str, dict[str, Any]], object],
                 strategies: list[Strategy] | None = None) -> None:
        self.world = world
        self.layout = layout
        self.names = names
        self.walk = walk
        self.operator = operator
        self.strategies = strategies or make_bots(len(names))
        self.people: dict[str, Bot] = {}
        self._acted: Any = None
        self._move: Action | None = None
        self._when = 0.0
        self._chance = itertools.cycle(("naughty", "nice"))

    def join(self) -> None:
        """Every bot connects and walks onto GO."""
        for name in self.names:
            self.people[name] = Bot.join(self.world, name)
            self.world.tick()
            self._walk_to_space(name, 0)

    def sit_down(self) -> None:
        """Every bot asks for a seat with `/trigger join`, in order."""
        for name in self.names:
            self.people[name].trigger("join")
            self.world.tick()

    def step(self, game: Game, version: Any, *, retry: float = 30.0) -> str | None:
        """Act for whoever should act in this state (once per state); what was done, or None.

        A person whose click got lost tries again: after `retry` seconds in the same
        state the same move is made again (never chosen again).
        """
        if version == self._acted:
            if self._move is not None and time.monotonic() - self._when > retry:
                self._when = time.monotonic()
                self.act(game, self._move)
                return "again"
            return None
        if self.walk:
            for seat, name in enumerate(game.names):
                if not game.bankrupt[seat] and game.jail_turns[seat] < 0:
                    self._walk_to_space(name, game.pos[seat])
        move = next_move(game, self.strategies)
        self._acted, self._move, self._when = version, move, time.monotonic()
        if move is None:
            return None
        self.act(game, move)
        return f"{game.names[move[1]]}: {move[0]}" + (f" {move[2]}" if move[2] is not None else "")

    def again(self) -> None:
        """The world lost what was last done (a server restart): do it again at the next step."""
        self._when = float("-inf")

    def act(self, game: Game, move: Action) -> None:
        """Do one action the way a person would."""
        kind, seat, arg = move
        name = game.names[seat]
        bot = self.people[name]
        if kind == "propose_trade":
            self._propose(bot, arg)
        elif kind == "draw":
            deck = game.pending["deck"]
            self._press(bot, next(self._chance) if deck == "chance" else "crate")  # side decks: either
            self.world.tick(2)  # the command block behind the button runs on the next tick
            self._walk_to_space(name, game.pos[seat], force=True)  # back to the board
        elif kind == "bid":
            bot.trigger("bid", "set", arg)
        elif kind in ("build", "sell", "mortgage", "lift"):
            bot.trigger(kind, "set", arg)
        elif kind == "bus":
            self._click_command(bot, f"/trigger bus set {arg + 1}", "bus", arg + 1)
        elif kind == "choose_role":
            self._click_command(bot, f"/trigger role set {ROLES.index(arg) + 1}", "role", ROLES.index(arg) + 1)
        elif kind == "claim_rent":
            self._click_command(bot, f"/trigger claim set {arg}", "claim", arg)
        elif kind == "choose_space":
            value = arg or len(game.board.spaces)  # GO is sent as 40: a trigger at 0 is never seen
            self._click_command(bot, f"/trigger goto set {value}", "goto", value)
        elif kind == "buy":
            self._click(bot, f"Buy for ${game.board.spaces[game.pending['space']].price}", "buy")
        elif kind == "pay_fine":
            self._click(bot, f"Pay ${game.rules.jail_fine}", "jail_pay")
        elif kind == "decline":
            self._click(bot, "Auction" if game.rules.auction_on_decline else "Decline", "auction")
        elif kind in BUTTON_LABELS:
            self._click(bot, BUTTON_LABELS[kind], TRIGGERS[kind])
        else:
            bot.trigger(TRIGGERS[kind])

    def _propose(self, bot: Bot, offer: dict[str, Any]) -> None:
        """Write the trade offer with the offer triggers, as a player would, and send it."""
        steps: list[tuple[str, int | None]] = [("offer_to", offer["to"] + 1)]
        steps += [("offer", s) for s in offer.get("give", []) + offer.get("get", [])]
        for trigger, give, get in (("offer_cash", "give_cash", "get_cash"), ("offer_card", "give_cards", "get_cards")):
            steps += [(trigger, sign * offer[key]) for sign, key in ((1, give), (-1, get)) if offer.get(key)]
        for trigger, value in steps + [("offer_send", None)]:
            if value is None:
                bot.trigger(trigger)
            else:
                bot.trigger(trigger, "set", value)
            self.world.tick()  # a trigger is locked until the pack has queued it

    def _click(self, bot: Bot, label: str, trigger: str) -> None:
        """Click the chat button if it was shown, else type the trigger."""
        try:
            bot.click(label)
        except SandboxError:
            bot.trigger(trigger)

    def _click_command(self, bot: Bot, command: str, trigger: str, value: int) -> None:
        """Click the latest chat button that runs this command if it was shown, else type it."""
        for label, run in reversed(bot.buttons()):
            if run == command:
                bot.command(run)
                return
        bot.trigger(trigger, "set", value)

    def _press(self, bot: Bot, kind: str) -> None:
        """Walk to a building's button and press it."""
        bot.run_and_press(self.layout.world(self.layout.buttons()[kind]),
                          self.layout.world(self.layout.press_spot(kind)))

    def _walk_to_space(self, name: str, space: int, *, force: bool = False) -> None:
        bot = self.people.get(name)
        if bot is None or self.world.player(name) is None:
            return
        here = bot.player.pos
        if self.layout.tile_at(here[0], here[2]) == space and not force:
            return
        bot.walk_onto(self.layout.world(self.layout.stand(space)))
