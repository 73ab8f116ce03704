"""An auction people can follow: how long it waits for a bid, and its countdown on a boss bar.

The auction closes when nobody has bid for its quiet time: a longer window before the first bid
(`first`: people read the chat, find the buttons, think of a price) than between bids (`quiet`).
Every other bidder's [Pass] closes it at once (the engine's rule). While it is open each of the
board's players sees a boss bar with the lot, the high bid and the seconds left, set again only
when a whole second or the bid changes (two commands a second for the board).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from monopoli_mc.bridge import timebar
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.phases import AUCTION

if TYPE_CHECKING:
    from monopoli_mc.controller.table import BoardGame

def window(game: Game, *, quiet: float, first: float | None) -> float:
    """Seconds the open auction waits for the next bid: `first` until someone bids (never less than
    `quiet`; None: `quiet`), then `quiet`."""
    if game.pending.get("bidder", -1) >= 0 or first is None:
        return quiet
    return max(quiet, first)


def lot(game: Game) -> str:
    """What is auctioned: a deed's name, or the bank's last houses."""
    item = game.pending.get("item")
    if item is not None:
        return f"the {game.board.bank}'s last {item}"
    return game.board.spaces[int(game.pending["space"])].name


@dataclass
class Shown:
    """What a board's auction bar shows now."""

    game: int  # the game id: a bar left by an earlier game is set up again for this one
    window: float
    seconds: int
    words: str


class Bars:
    """Each board's auction countdown: shown when an auction opens, kept in step, removed when it closes."""

    def __init__(self) -> None:
        self.shown: dict[str, Shown] = {}

    def writes(self, tables: Iterable[BoardGame], now: float, *, quiet: float, first: float | None) -> list[str]:
        """The boss bar commands due now for every board (after the poll's auction clocks were set)."""
        out: list[str] = []
        for table in tables:
            out += self._board(table, now, quiet=quiet, first=first)
        return out

    def _board(self, table: BoardGame, now: float, *, quiet: float, first: float | None) -> list[str]:
        game, shown, version = table.game, self.shown.get(table.name), table.view.version
        if game is None or game.phase != AUCTION or table.auction_since is None:
            if shown is None:
                return []
            del self.shown[table.name]
            return timebar.auction_hide(table.name)
        wait = window(game, quiet=quiet, first=first)
        left = wait - (now - table.auction_since)
        bidder = game.pending["bidder"]
        words = timebar.auction_words(lot(game), int(game.pending["high"]),
                                      game.names[bidder] if bidder >= 0 else None, left, paused=table.paused)
        seconds = max(0, math.ceil(left))
        if shown is None or shown.game != table.game_id:
            names = [n for q, n in enumerate(game.names) if not game.bankrupt[q]]
            self.shown[table.name] = Shown(table.game_id, wait, seconds, words)
            return timebar.auction_show(table.name, names, words, left, wait, version)
        if shown.seconds == seconds and shown.words == words and shown.window == wait:
            return []
        out = timebar.auction_update(table.name, words, left, wait if wait != shown.window else None, version)
        shown.window, shown.seconds, shown.words = wait, seconds, words
        return out
