"""Timers: an auction's quiet time, a game's time limit and its boss bar, players walking to their space;
a pause stops them all, and a resume gives them back as they stood.

Each is decided from what the poll read and the clocks, without asking the server:
the walkers' positions come with the inbox read (or, from a pack that does not report
them, from the read phase's own requests).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Callable

from monopoli_mc.bridge.inbox import Position
from monopoli_mc.controller.clocks import auction, stall, timelimit
from monopoli_mc.controller.game.policy import CLOSE_AUCTION
from monopoli_mc.controller.db.store import Store
from monopoli_mc.controller.game.table import Action, BoardGame, Walk
from monopoli_mc.datapack import calls
from monopoli_mc.rules.events import Event
from monopoli_mc.rules.phases import AUCTION, OVER, SYSTEM

Due = tuple[BoardGame, Action, tuple[int, int]]  # (table, action, the game's action count when it fell due)


def auction_clock(tables: Iterable[BoardGame], now: float) -> None:
    """Restart an auction's quiet time whenever its game moved (a bid) since the last poll."""
    for table in tables:
        game = table.game
        if game is None or game.phase != AUCTION:
            table.auction_since, table.auction_key = None, ()
            continue
        key = (table.game_id, table.n_actions)
        if key != table.auction_key:
            table.auction_key, table.auction_since = key, now


def set_paused(store: Store, table: BoardGame, paused: bool, *, now: float, wall: float) -> None:
    """Pause or resume a board (inside a transaction): a pause stops its game's clocks, a resume gives
    them back as they stood. Its time limit is moved on by the time paused (stored with the game, so a
    restart keeps it); its auction's quiet time, walks and reminders by `hold` at each poll."""
    if paused == table.paused:
        return
    hold([table], now, wall)  # the clocks stand still up to this moment
    began = timelimit.pause_began(store, table.name)
    if paused:
        store.set_pause_began(table.name, wall)
        table.paused_since = (now, wall)
    else:
        row = store.current_game(table.name)
        if row is not None and row.id == table.game_id and not row.over and began is not None:
            total = timelimit.paused_for(store, row.id) + max(0.0, wall - max(began, row.started))
            store.set_time_paused(row.id, total)
        store.set_pause_began(table.name, None)
        table.paused_since = None
        auction.resumed(table, now)  # its whole wait back, not the seconds left at the pause
    table.paused = paused
    store.set_paused(table.name, paused)


def hold(tables: Iterable[BoardGame], now: float, wall: float) -> None:
    """Each poll: a paused board's clocks stand still (its auction's quiet time, its walks, its time limit
    and how long its game has waited are moved on by the time since the last poll)."""
    for table in tables:
        if not table.paused:
            table.paused_since = None
            continue
        if table.paused_since is not None:
            clock, day = now - table.paused_since[0], wall - table.paused_since[1]
            if table.auction_since is not None:
                table.auction_since += clock
            for walk in table.walks.values():
                walk.deadline += clock
            if table.ends_at is not None:
                table.ends_at += day
            table.since += day
        table.paused_since = (now, wall)


def due(tables: Iterable[BoardGame], now: float, wall: float, *, auction_quiet: float,
        auction_first: float | None = None) -> list[Due]:
    """(table, action, the game's action count now) for each timer that has run out (an auction's quiet
    time is `auction_first` until its first bid: auction.window)."""
    out: list[Due] = []
    for table in tables:
        game = table.game
        if game is None or game.phase == OVER or table.paused:
            continue
        key = (table.game_id, table.n_actions)
        if game.phase == AUCTION and table.auction_since is not None and table.auction_key == key and \
                now - table.auction_since >= auction.window(game, quiet=auction_quiet, first=auction_first):
            out.append((table, CLOSE_AUCTION, key))
        elif table.ends_at is not None and wall >= table.ends_at:
            out.append((table, ("time_up", SYSTEM, None), key))
    return out


def time_bars(tables: Iterable[BoardGame], wall: float, on_line: Callable[[str], None]) -> list[str]:
    """Each board's boss bar of the time left (updated every few seconds) and the warnings; and the
    reminders of a debt left unpaid (stall.py)."""
    out: list[str] = []
    for table in tables:
        for writes, told in (timelimit.writes(table, wall), stall.reminders(table, wall)):
            out += writes
            for line in told:
                on_line(f"[{table.name}] {line}")
    return out


class Walks:
    """Walk mode: players walk to the space the dice sent them to; after the wait they are teleported.

    `positions` (by name) come with each inbox read: the pack reports the players it was
    asked to (`ui/walk`) until they are untagged (`ui/walked`); None when the pack reports none.
    """

    def __init__(self) -> None:
        self.positions: dict[str, Position] | None = None
        self.walked: list[str] = []  # walkers who arrived: untagged with the next write

    def read(self, by_uuid: dict[str, Position] | None, names: dict[str, str]) -> None:
        """The positions of this poll's read (by UUID) by name."""
        self.positions = None if by_uuid is None else {names[u]: p for u, p in by_uuid.items() if u in names}

    @staticmethod
    def walkers(tables: Iterable[BoardGame]) -> list[str]:
        """The names of the players walking now."""
        return [table.game.names[seat] for table in tables if table.game is not None for seat in table.walks]

    def start(self, table: BoardGame, events: list[Event], now: float, wait: float) -> list[str]:
        """Tell each moved player where to walk; they are teleported after `wait` seconds."""
        game = table.game
        if game is None or table.view.teleport:
            return []
        out: list[str] = []
        for seat in sorted({ev[1] for ev in events if ev[0] == "move"}):
            if game.jail_turns[seat] < 0 and not game.bankrupt[seat]:
                table.walks[seat] = Walk(game.pos[seat], now + wait)
                space = game.board.spaces[game.pos[seat]].name
                out += calls.messages("actionbar", game.names[seat], f"Walk to {space}", table.view.version)
                if self.positions is not None:  # the pack reports their position from the next tick
                    out.append(calls.walk(game.names[seat]))
        return out

    def check(self, tables: Iterable[BoardGame], now: float, standing: dict[str, Position | None]) -> list[str]:
        """Has each walking player reached their space? After the wait, teleport them.

        `standing`: the walkers' positions read for a pack that reports none.
        """
        out: list[str] = []
        for table in tables:
            game = table.game
            for seat, walk in list(table.walks.items()):
                if game is None:
                    break
                name = game.names[seat]
                # not there yet: tagged after this tick, or offline
                pos = (self.positions if self.positions is not None else standing).get(name)
                if pos is not None and table.layout.tile_at(pos[0], pos[2]) == walk.space:
                    del table.walks[seat]
                    self.walked += self.untag(name)
                elif now >= walk.deadline:
                    del table.walks[seat]
                    out += self.untag(name) + [calls.teleport(name, table.name, walk.space)]
        return out

    def untag(self, name: str) -> list[str]:
        """Stop the pack reporting a walker's position (a pack that reports none was never asked to)."""
        return [calls.walked(name)] if self.positions is not None else []
