"""The rules engine: `Game.new`, `legal_actions()`, `apply(action) -> events`.

A pure function of its inputs: all randomness comes from the game's own seeded
generator, whose state is part of the game state, and every random outcome is
recorded in the event it caused. See phases.py for how a turn flows.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Final, Iterable

from monopoli_mc.errors import IllegalAction
from monopoli_mc.rules.board import Board
from monopoli_mc.rules.events import BANK, JAR, Event
from monopoli_mc.rules.phases import (ALL_ACTIONS, AUCTION, BUS, BUY, DEBT, DRAW, END, JAIL, MANAGE_ACTIONS,
                                      MANAGE_PHASES, OVER, PHASE_ACTIONS, RECEIVED, ROLE, ROLL, SYSTEM, TAX,
                                      TRADE, TRIPLES)
from monopoli_mc.rules.operator import ADMIN_ACTIONS, OperatorMixin
from monopoli_mc.rules.property import PropertyMixin
from monopoli_mc.rules.roles import ROLES, RolesMixin
from monopoli_mc.rules.settings import Rules
from monopoli_mc.rules.settle import SettleMixin
from monopoli_mc.rules.state import NOT_IN_JAIL
from monopoli_mc.rules.turn import TurnMixin

Handler = Callable[[int, Any, list[Event]], None]
_SINGLE_ACTION: Final = {ROLL: "roll", DRAW: "draw", END: "end_turn"}
_MANAGE: Final = frozenset(MANAGE_ACTIONS)
_CURRENT_DECIDES: Final = frozenset({ROLL, JAIL, BUY, DRAW, TAX, END, BUS, TRIPLES})


class Game(TurnMixin, PropertyMixin, SettleMixin, OperatorMixin, RolesMixin):
    """One game of Monopoly under a rule set, on a board, for 2 to 8 seats."""

    @classmethod
    def new(cls, rules: Rules, board: Board, players: Iterable[str], seed: int) -> Game:
        """Seat the players, shuffle the decks and throw for the first player.

        Raises IllegalAction when the number of players or their names are not allowed.
        """
        names = [str(n) for n in players]
        if not rules.min_players <= len(names) <= rules.max_players:
            raise IllegalAction(f"{rules.name!r} rules take {rules.min_players} to "
                                f"{rules.max_players} players, not {len(names)}")
        if len(set(names)) != len(names) or any(not n for n in names):
            raise IllegalAction(f"player names must be distinct and not empty: {names!r}")
        game = cls()
        game.rules = rules
        game.board = board
        game.rng = random.Random(seed)
        n = len(names)
        spaces = len(board.spaces)
        game.names = names
        game.cash = [0] * n
        game.pos = [0] * n
        game.bankrupt = [False] * n
        game.roles = [""] * n
        game.jail_turns = [NOT_IN_JAIL] * n
        game.jail_cards = [[] for _ in range(n)]
        game.owner = [-1] * spaces
        game.buildings = [0] * spaces
        game.mortgaged = [False] * spaces
        game.jar = game.bank = game.houses_out = game.hotels_out = 0
        game.round = game.turns = game.doubles = 0
        game.last_dice = (0, 0)
        game.speed_value = 0
        game.speed_ready = [False] * n
        game.phase, game.pending = ROLL, {}
        game.debts, game.after, game.trade, game.trade_return = [], [], None, ""
        game.auction_queue, game.claims, game.winner, game.end_reason = [], [], None, ""
        game.received = []
        game._derive()
        ev: list[Event] = []
        for p in range(n):
            game._pay(BANK, p, rules.starting_cash, "start", ev)
        game._pay(BANK, JAR, rules.jar_seed if rules.free_parking_jar else 0, "jar_seed", ev)
        game.decks = {}
        for deck, cards in board.decks.items():
            order = list(range(len(cards)))
            game.rng.shuffle(order)
            game.decks[deck] = order
            ev.append(("shuffle", deck, tuple(order)))
        game.current = game.first = game._throw_for_first(ev)
        ev.append(("first_player", game.current))
        game._start_turn(ev)
        if rules.deal_deeds:
            game._deal_deeds(ev)
        if rules.roles:
            game._start_roles(ev)
        game.setup_events = ev
        return game

    @classmethod
    def from_data(cls, data: dict[str, Any], board: Board) -> Game:
        """Rebuild a game from `to_data()` output and its board."""
        game = cls()
        game._load_data(data, board)
        game._derive()
        return game

    def copy(self) -> Game:
        """An independent copy (through the JSON-safe data)."""
        return Game.from_data(self.to_data(), self.board)

    def _deal_deeds(self, ev: list[Event]) -> None:
        """Deal every deed, shuffled, evenly and free; the ones left over go to auction first."""
        deeds = [s.index for s in self.board.deeds]
        self.rng.shuffle(deeds)
        ev.append(("deal", tuple(deeds)))
        n = len(self.names)
        each = len(deeds) // n
        for i, s in enumerate(deeds[:each * n]):
            p = (self.first + i) % n
            self.owner[s] = p
            ev.append(("deed", s, -1, p))
        self._touch()
        self.auction_queue = sorted(deeds[each * n:])
        if self.auction_queue:
            self.after = [["phase", self.phase, self.pending]]
            self.phase = ""
            self._resume(ev)

    def _derive(self) -> None:
        """Tables computed from the rules and the board, never stored."""
        rules, board = self.rules, self.board
        self._n_spaces = len(board.spaces)
        self._kind = [s.kind for s in board.spaces]
        self._price = [s.price for s in board.spaces]
        self._rent = [s.rent for s in board.spaces]
        self._monopoly_rent = [s.monopoly_rent for s in board.spaces]
        self._tax = [s.tax for s in board.spaces]
        self._group_of = [board.groups[s.group] if s.group else None for s in board.spaces]
        self._members = [g.spaces if g else () for g in self._group_of]
        self._house_cost = [g.house_cost if g else 0 for g in self._group_of]
        self._jail = board.jail
        self._tax_to = JAR if rules.jar_takes("taxes") else BANK
        self._card_to = JAR if rules.jar_takes("card_fees") else BANK
        self._fine_to = JAR if rules.jar_takes("jail_fines") else BANK
        self._group_list = [(g.kind, g.spaces) for g in board.groups.values()]
        self._group_index = [-1] * len(board.spaces)
        for gi, (_, members) in enumerate(self._group_list):
            for m in members:
                self._group_index[m] = gi
        self._group_cache = {}
        self._manage_cache = {}
        self._spend_cache = {}
        self._stock_was_low = True
        self.owners_version = 0
        # Every action kind K is applied by the method _do_K (see phases.ALL_ACTIONS).
        self._handlers: dict[str, Handler] = {kind: getattr(self, f"_do_{kind}") for kind in ALL_ACTIONS}

    # -- who decides, and what they may do ---------------------------------------

    def to_act(self) -> int:
        """The seat whose decision the game waits for (SYSTEM when it is over)."""
        phase = self.phase
        if phase == TRADE:
            return int(self.trade["to"])  # type: ignore[index]
        if phase == DEBT:
            return int(self.debts[0][0])
        if phase == RECEIVED:
            return int(self.received[0][0])
        if phase == ROLE:
            return int(self.pending["next"])
        if phase == AUCTION:
            return int(self.pending["next"])
        if phase == OVER:
            return SYSTEM
        return self.current

    def legal_actions(self, player: int | None = None) -> list[tuple[str, int, Any]]:
        """Every action `player` (default: the one to act) may take now.

        A `bid` carries the lowest legal amount; `propose_trade` carries None.
        """
        phase = self.phase
        p = self.to_act() if player is None else player
        if phase == OVER or type(p) is not int or not 0 <= p < len(self.bankrupt) or self.bankrupt[p]:
            return []
        out = self._decision_actions(phase, p)
        if phase in MANAGE_PHASES:
            out += self._manage_actions(p)
        return out

    def decision_actions(self, player: int | None = None) -> list[tuple[str, int, Any]]:
        """The actions of the pending decision open to `player` (default: the one to act), without
        the management actions that `legal_actions()` lists after them."""
        p = self.to_act() if player is None else player
        if self.phase == OVER or type(p) is not int or not 0 <= p < len(self.bankrupt) or self.bankrupt[p]:
            return []
        return self._decision_actions(self.phase, p)

    def _decision_actions(self, phase: str, p: int) -> list[tuple[str, int, Any]]:
        out: list[tuple[str, int, Any]]
        only = _SINGLE_ACTION.get(phase)
        if only is not None:  # roll, draw, end turn: always legal for the seat to act
            out = [(only, p, None)] if p == self.current else []
        elif phase == AUCTION:
            out = self._auction_actions(p)
        elif phase == BUS:
            out = [("bus", p, i) for i in self._bus_options()] if p == self.current else []
        elif phase == ROLE:
            out = [("choose_role", p, r) for r in ROLES if p == self.to_act() and self._g_choose_role(p, r) is None]
        elif phase == TRIPLES:
            out = [("choose_space", p, s) for s in range(self._n_spaces)] if p == self.current else []
        elif p == self.to_act():
            guards = _GUARDS
            out = [(kind, p, None) for kind in PHASE_ACTIONS[phase] if guards[kind](self, p, None) is None]
        else:
            out = []
        return out

    def is_legal(self, action: tuple[str, int, Any]) -> bool:
        """Whether `apply(action)` would be accepted now."""
        return self._why_not(action[0], action[1], action[2]) is None

    def explain(self, action: tuple[str, int, Any]) -> str | None:
        """Why an action is illegal now, in words for the player; None when it is legal."""
        return self._why_not(action[0], action[1], action[2])

    def apply(self, action: tuple[str, int, Any]) -> list[Event]:
        """Apply one action and return the events it caused.

        Raises IllegalAction (and changes nothing) when the action is not legal now.
        """
        kind, p, arg = action
        why = self._why_not(kind, p, arg)
        if why is not None:
            raise IllegalAction(why)
        ev: list[Event] = []
        self._handlers[kind](p, arg, ev)
        return ev

    def apply_legal(self, action: tuple[str, int, Any]) -> list[Event]:
        """Apply an action taken from `legal_actions()` of this very state, without checking it
        again (headless runs). Anything else must go through `apply`."""
        ev: list[Event] = []
        self._handlers[action[0]](action[1], action[2], ev)
        return ev

    def _why_not(self, kind: str, p: int, arg: Any) -> str | None:
        """The reason an action is illegal, or None. Changes nothing."""
        phase = self.phase
        if kind in PHASE_ACTIONS[phase] and type(p) is int and 0 <= p < len(self.bankrupt) \
                and not self.bankrupt[p] and (p == self.current and phase in _CURRENT_DECIDES
                                              or phase == AUCTION or p == self.to_act()):
            return _GUARDS[kind](self, p, arg)
        if kind in ("time_up", "admin_end"):
            return "the game is over" if phase == OVER else (
                None if p == SYSTEM else "only the operator or the clock can end the game")
        if kind in ADMIN_ACTIONS:
            return "the game is over" if phase == OVER else self._g_admin(kind, p, arg)
        if kind == "close_auction":
            if p != SYSTEM:
                return "only the controller closes an auction"
            return None if phase == AUCTION else "there is no auction to close"
        if not isinstance(p, int) or not 0 <= p < len(self.names):
            return f"no player in seat {p!r}"
        name = self.names[p]
        if phase == OVER:
            return "the game is over"
        if self.bankrupt[p]:
            return f"{name} is bankrupt and out of the game"
        guard = _GUARDS.get(kind)
        if guard is None:
            return f"unknown action {kind!r}"
        if kind in PHASE_ACTIONS[phase]:
            if phase != AUCTION and p != self.to_act():
                return f"it is {self.names[self.to_act()]}'s decision, not {name}'s"
            return guard(self, p, arg)
        if kind in _MANAGE:
            if phase not in MANAGE_PHASES:
                return f"{kind.replace('_', ' ')} is not possible during {phase.replace('_', ' ')}"
            return guard(self, p, arg)
        return f"{kind.replace('_', ' ')} is not possible now ({phase.replace('_', ' ')})"

    # -- phase guards (each returns a reason or None) --------------------------------

    def _g_pay_fine(self, p: int, arg: Any) -> str | None:
        if self.jail_turns[p] < 0:
            return f"{self.names[p]} is not in jail"
        if self._must_pay_fine(p):
            return None  # short of cash, the fine becomes a debt to settle first
        fine = self.rules.jail_fine
        return None if self.cash[p] >= fine else f"the fine is ${fine}; {self.names[p]} has ${self.cash[p]}"

    def _g_roll(self, p: int, arg: Any) -> str | None:
        if self.jail_turns[p] >= 0 and self._must_pay_fine(p):
            return (f"on the last turn in jail {self.names[p]} pays the ${self.rules.jail_fine} fine "
                    "(or uses a Get Out of Jail Free card) before throwing")
        return None

    def _g_use_card(self, p: int, arg: Any) -> str | None:
        if self.jail_turns[p] < 0:
            return f"{self.names[p]} is not in jail"
        return None if self.jail_cards[p] else f"{self.names[p]} has no Get Out of Jail Free card"

    def _g_buy(self, p: int, arg: Any) -> str | None:
        price = self._price[self.pending["space"]]
        return None if self.cash[p] >= price else \
            f"{self.board.spaces[self.pending['space']].name} costs ${price}; {self.names[p]} has ${self.cash[p]}"

    def _g_always(self, p: int, arg: Any) -> str | None:
        return None

    def _g_pay_debt(self, p: int, arg: Any) -> str | None:
        owed = self.debts[0][2]
        return None if self.cash[p] >= owed else \
            f"{self.names[p]} owes ${owed} and has ${self.cash[p]}: sell buildings or mortgage first"

    def _g_bankrupt(self, p: int, arg: Any) -> str | None:
        owed = self.debts[0][2]
        most = self.max_raisable(p)
        return None if most < owed else \
            f"{self.names[p]} can still raise ${most} of the ${owed} owed: sell or mortgage first"


# The guard of action kind K is _g_K where it has one; other kinds are legal whenever their
# phase allows them. Operator actions have one guard of their own (_g_admin).
_GUARDS: Final[dict[str, Callable[[Game, int, Any], str | None]]] = {
    kind: getattr(Game, f"_g_{kind}", Game._g_always) for kind in ALL_ACTIONS}
