"""One board's game at runtime: the engine, what the world shows, and the timers around it.

The records of what a board's clocks have shown and said (`Walk`, `Bar`, `Reminded`) live here,
beside the board that holds them; `timers.py`, `timelimit.py` and `stall.py` act on them.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from monopoli_mc.bridge import outbox
from monopoli_mc.bridge.outbox import Picture, Table
from monopoli_mc.controller.game.offers import Draft
from monopoli_mc.controller.game.policy import forced_action
from monopoli_mc.controller.db.history import told_lines
from monopoli_mc.controller.db.saved import load_game, outcome
from monopoli_mc.controller.db.store import SNAPSHOT_EVERY, GameRow, Store
from monopoli_mc.datapack.layout import Layout
from monopoli_mc.datapack.world_config import WorldConfig
from monopoli_mc.errors import MonopoliError
from monopoli_mc.rules.board import Board
from monopoli_mc.rules.events import Event
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.phases import OVER

Action = tuple[str, int, Any]
LOG_KEPT = 50  # lines of a board's game log kept in memory (for the live page)


@dataclass
class Walk:
    """A player walking to the space the dice sent them to (walk mode)."""

    space: int
    deadline: float


@dataclass
class Bar:
    """What the world's boss bar of a board shows (so only changes are sent)."""

    shown: bool | None = None  # None: not known (a controller before this one, or a reset world, may show one)
    sent_at: float = 0.0  # time.time() of the last update
    value: int = -1
    words: str = ""
    color: str = ""
    warned: set[int] = field(default_factory=set)  # the timelimit.WARN_AT thresholds already told


@dataclass
class AuctionBar:
    """What the world's auction bar of a board shows (auction.py), so only changes are sent."""

    shown: bool | None = None  # None: not known (a restart, a sync, a player back, the controller silent)
    game: int = 0  # the game it was made for: a bar left by an earlier game is made again for this one
    window: float = 0.0
    seconds: int = -1
    words: str = ""


@dataclass
class Reminded:
    """Which wait a board's reminders are about (the game and its action count) and what was said of it."""

    key: tuple[int, int] = (0, -1)
    told: int = 0  # debt reminders said
    asked: int = 0  # the marks (stall.CHECK_AT, WAIT_AFTER) at which the read phase asked who is online
    offline: bool | None = None  # the player waited for was offline at the last ask; None: not known
    waiting: bool = False  # the table was told whom it waits for


@dataclass
class BoardGame:
    """A board, its game (None while players are being seated) and what the world shows of it."""

    name: str
    layout: Layout
    view: Table
    game: Game | None = None
    game_id: int = 0
    n_actions: int = 0
    shown: Picture = field(default_factory=dict)
    prompted: tuple[Any, ...] = ()
    books_out: list[tuple[int, str, int]] = field(default_factory=list)
    offers: dict[int, Draft] = field(default_factory=dict)  # trade offers being written, by seat
    walks: dict[int, Walk] = field(default_factory=dict)
    auction_since: float | None = None
    auction_key: tuple[Any, ...] = ()
    paused: bool = False
    paused_since: tuple[float, float] | None = None  # (clock, time of day) of the last poll while paused (timers.hold)
    limit: float | None = None  # the game's time limit in seconds (stored with it; timelimit.py)
    ends_at: float | None = None  # when it runs out (seconds since the epoch); None: no limit, or over
    bar: Bar = field(default_factory=Bar)  # what the world's boss bar of the time left shows (timelimit.py)
    auction_bar: AuctionBar = field(default_factory=AuctionBar)  # its open auction's countdown (auction.py)
    since: float = 0.0  # time.time() of the game's last action: how long the game has waited (stall.py)
    reminded: Reminded = field(default_factory=Reminded)  # the reminders of a wait (stall.py)
    log: deque[tuple[int, str]] = field(default_factory=lambda: deque(maxlen=LOG_KEPT))  # (game id, line told)
    away: frozenset[str] = frozenset()  # players of this game seated at another board since (`seats`): none of theirs

    def seat_of(self, name: str) -> int | None:
        """The seat of a player in this board's game."""
        if self.game is None:
            return None
        try:
            return self.game.names.index(name)
        except ValueError:
            return None

    def load(self, store: Store, row: GameRow, board: Board, actions: list[Action] | None = None) -> None:
        """Rebuild the game from the last snapshot and the actions after it (`actions`: the log, if read)."""
        actions = store.actions(row.id) if actions is None else actions  # read once, for the game and its lines
        game, n = load_game(store, row, board, actions)
        self.game, self.game_id, self.n_actions = game, row.id, n
        self.since = store.last_action_at(row.id) or row.started
        self.shown, self.prompted, self.walks = {}, (), {}
        # The move list as the store has it: after a restart, an undo (the undone lines leave) or a
        # poll rolled back (its lines were never stored).
        kept = [(g, line) for g, line in self.log if g != row.id]
        self.log = deque(kept + [(row.id, line) for line in told_lines(store, row, board, most=LOG_KEPT, actions=actions)],
                         maxlen=LOG_KEPT)

    def apply(self, store: Store, action: Action, origin: str) -> list[Event]:
        """Apply an action and the forced moves after it, logging each (inside a transaction).

        Raises IllegalAction (nothing changed, nothing logged) when the action is not legal.
        """
        game = self.game
        if game is None:
            raise MonopoliError(f"no game is running on board {self.name!r}")
        events = game.apply(action)
        self._logged(store, action, origin, events)
        forced = forced_action(game)
        while forced is not None:
            more = game.apply(forced)
            self._logged(store, forced, "forced", more)
            events += more
            forced = forced_action(game)
        if game.phase == OVER:
            store.set_over(self.game_id)
        return events

    def _logged(self, store: Store, action: Action, origin: str, events: list[Event]) -> None:
        assert self.game is not None
        store.log(self.game_id, action, origin, outcome=outcome(events))
        self.n_actions += 1
        self.since = time.time()
        if self.n_actions % SNAPSHOT_EVERY == 0:
            store.snapshot(self.game_id, self.n_actions, self.game.to_data())

    def writes(self, events: list[Event]) -> list[str]:
        """World commands after a batch: picture diff, books, titles, teleports, new prompts."""
        game = self.game
        if game is None:
            return []
        out: list[str] = []
        if any(ev[0] in ("turn", "game_over") for ev in events):  # drawn cards go back
            for seat, deck, card in self.books_out:
                out.append(outbox.calls.take_card(game.names[seat], deck, card))
            self.books_out = []
        out += outbox.effects(game, events, self.view, stamp=self.game_id)
        self.books_out += outbox.drawn_books(events)
        new = outbox.picture(game, self.view, away=self.away)
        out += outbox.diff(self.shown, new) + outbox.refresh(self.shown, new, self.view)
        self.shown = new
        return out + self.prompt_writes()

    def prompt_writes(self, *, force: bool = False) -> list[str]:
        """Prompts for whoever decides now, when that changed (or always with force)."""
        game = self.game
        if game is None:
            return []
        key = outbox.prompt_key(game)
        if key == self.prompted and not force:
            return []
        self.prompted = key
        return outbox.prompts(game, self.view)

    def sync(self) -> list[str]:
        """Rewrite the whole picture of this board."""
        if self.game is None:
            return []
        self.bar.shown = None  # the time bar too, at the next poll
        self.auction_bar.shown = None  # and the auction's: made again while one is open, else removed
        self.shown = outbox.picture(self.game, self.view, away=self.away)
        self.prompted = outbox.prompt_key(self.game)
        return outbox.sync(self.game, self.view, stamp=self.game_id, drawn=self.books_out, away=self.away)

    def seat_again(self, name: str) -> list[str]:
        """A player of this game back online: what their seat gives them, nothing else (`outbox.seat_again`)."""
        seat = self.seat_of(name)
        if self.game is None or seat is None or name in self.away:
            return []
        return outbox.seat_again(self.game, self.view, seat, stamp=self.game_id,
                                 drawn=[b for b in self.books_out if b[0] == seat])

    def reseat(self, away: frozenset[str]) -> tuple[list[str], list[str]]:
        """This game's players seated elsewhere now are `away`: (what those who left give back, at once: the
        game's books, colour, line, seat and map copy; what those who came back get again)."""
        gone, back = away - self.away, self.away - away
        self.away = away
        for name in gone:  # written again should they come back
            for key in [k for k in self.shown if len(k) == 2 and k[1] == name]:
                del self.shown[key]
        leave = [cmd for name in sorted(gone) for cmd in (outbox.calls.leave(name),
                                                          outbox.calls.map_drop(self.name, name))]
        return leave, [cmd for name in sorted(back) for cmd in self.seat_again(name)]


def table_of(tables: Iterable[BoardGame], name: str) -> BoardGame | None:
    """The board whose current game seats this player: the game still running, else their latest. A player
    whose game at one board is over may sit down at another; the first board's game, over, still seats them
    until its next game starts, and must not take their inputs (they were told 'the game is over')."""
    seating = [table for table in tables if table.seat_of(name) is not None]
    return max(seating, key=lambda t: (t.game is not None and t.game.phase != OVER, t.game_id), default=None)


def seats(tables: Iterable[BoardGame], lobbies: dict[str, list[str]]) -> dict[str, str]:
    """Where each player sits now, by board: the board whose next game they are seated for (its lobby),
    else the board of their current game (`table_of`). What a player holds, hears and reads is that
    board's alone."""
    tables = list(tables)
    where = {name: table.name for name in {n for t in tables if t.game is not None for n in t.game.names}
             if (table := table_of(tables, name)) is not None}
    where.update({name: board for board, names in lobbies.items() for name in names})
    return where


def away_from(table: BoardGame, where: dict[str, str]) -> frozenset[str]:
    """The players of a board's game who sit at another board now (`seats`)."""
    names = table.game.names if table.game is not None else []
    return frozenset(name for name in names if where.get(name, table.name) != table.name)


def boards(world: WorldConfig) -> dict[str, BoardGame]:
    """Every board of a world config, by name, with no game yet (the loop loads theirs from the store)."""
    single = len(world.boards) == 1
    return {place.name: BoardGame(place.name, Layout(place), Table(
        board=place.name, colors=world.colors, version=world.version, role_colors=world.role_colors,
        teleport=world.movement == "teleport", broadcast=single, number=n))
        for n, place in enumerate(world.boards, start=1)}
