"""An auction people can follow: how long it waits for a bid, and its countdown on a boss bar.

The auction closes when nobody has bid for its quiet time: a longer window before the first bid
(`first`: people read the chat, find the buttons, think of a price) than between bids (`quiet`).
Every other bidder's [Pass] closes it at once (the engine's rule). While it is open each of the
board's players sees a boss bar with the lot, the high bid and the seconds left, set again only
when a whole second or the bid changes (two commands a second for the board). What the world's bar
shows is kept on the table (`table.AuctionBar`); not known after a restart, a sync or a player's
return, it is made again while the auction is open and removed otherwise, so no bar outlives its
auction. While the controller is silent the pack itself says so on the bar (`bridge/deaf`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING

from monopoli_mc.bridge import timebar
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.phases import AUCTION

if TYPE_CHECKING:
    from monopoli_mc.controller.game.table import BoardGame



def window(game: Game, *, quiet: float, first: float | None) -> float:
    """Seconds the open auction waits for the next bid: `first` until someone bids (never less than
    `quiet`; None: `quiet`), then `quiet`."""
    if game.pending.get("bidder", -1) >= 0 or first is None:
        return quiet
    return max(quiet, first)


def auctioned(game: Game) -> str:
    """What is auctioned: a deed's name, or the bank's last houses."""
    item = game.pending.get("item")
    if item is not None:
        return f"the {game.board.bank}'s last {item}"
    return game.board.spaces[int(game.pending["space"])].name


def resumed(table: BoardGame, now: float) -> None:
    """A resume gives an open auction its whole wait back from now: the first-bid window while nobody
    has bid, the quiet time after a bid (whatever was left at the pause)."""
    if table.auction_since is not None:
        table.auction_since = now


def unknown(tables: Iterable[BoardGame]) -> None:
    """The world's auction bars may not show what was last sent (the controller was silent long enough
    for the pack to say so on them): each is made again, or removed, at the next write."""
    for table in tables:
        if table.auction_bar.shown:
            table.auction_bar.shown = None


def bar_writes(tables: Iterable[BoardGame], now: float, *, quiet: float, first: float | None) -> list[str]:
    """The boss bar commands due now for every board (after the poll's auction clocks were set)."""
    out: list[str] = []
    for table in tables:
        out += _board(table, now, quiet=quiet, first=first)
    return out


def _board(table: BoardGame, now: float, *, quiet: float, first: float | None) -> list[str]:
    game, bar, version = table.game, table.auction_bar, table.view.version
    if game is None or game.phase != AUCTION or table.auction_since is None:
        if bar.shown is False or (bar.shown is None and game is None):
            return []
        bar.shown = False  # not known, or shown: no bar outlives its auction (a restart's first poll too)
        return timebar.auction_hide(table.name)
    wait = window(game, quiet=quiet, first=first)
    left = wait - (now - table.auction_since)
    bidder = game.pending["bidder"]
    words = timebar.auction_words(auctioned(game), int(game.pending["high"]),
                                  game.names[bidder] if bidder >= 0 else None, left, paused=table.paused)
    seconds = max(0, math.ceil(left))
    if not bar.shown or bar.game != table.game_id:
        names = [n for q, n in enumerate(game.names) if not game.bankrupt[q]]
        bar.shown, bar.game, bar.window, bar.seconds, bar.words = True, table.game_id, wait, seconds, words
        return timebar.auction_show(table.name, names, words, left, wait, version)
    if bar.seconds == seconds and bar.words == words and bar.window == wait:
        return []
    out = timebar.auction_update(table.name, words, left, wait if wait != bar.window else None, version)
    bar.window, bar.seconds, bar.words = wait, seconds, words
    return out
