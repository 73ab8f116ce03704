"""The bids of each board's open auction, for the page: followed poll by poll, read from the game's log when
the page could not follow (a restart, an undo, several actions in one poll).

The engine keeps only an auction's high bid; the page shows every bid of it, first to last.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Callable

from monopoli_mc.rules.game import Game
from monopoli_mc.rules.phases import AUCTION

Bid = tuple[int, int]  # (seat, dollars)
AUCTION_ACTIONS = ("bid", "pass")  # what an open auction's log is made of


def bids_in(actions: Iterable[tuple[str, int, Any]]) -> tuple[Bid, ...]:
    """The bids of the auction a game's log ends in: its last run of bids and passes."""
    run: list[Bid] = []
    for kind, seat, arg in actions:
        if kind not in AUCTION_ACTIONS:
            run = []
        elif kind == "bid" and isinstance(arg, int) and not isinstance(arg, bool):
            run.append((seat, arg))
    return tuple(run)


@dataclass
class _Seen:
    """What the page last saw of a board's auction."""

    game: int
    actions: int
    high: tuple[int, int]  # (dollars, seat)
    bids: tuple[Bid, ...]


class BidBook:
    """Each board's auction bids as the page shows them (call `look` after every poll, `bids` to draw)."""

    def __init__(self, read: Callable[[int], list[tuple[str, int, Any]]]) -> None:
        self.read = read  # a game's effective actions, from the store
        self.reads = 0  # times the log was read (a restart, an undo, several actions in one poll)
        self._seen: dict[str, _Seen] = {}

    def look(self, board: str, game: Game | None, game_id: int, actions: int) -> None:
        """Follow a board after a poll: one more action is read from the game itself; anything else from the log."""
        if game is None or game.phase != AUCTION:
            self._seen.pop(board, None)
            return
        high = (int(game.pending["high"]), int(game.pending["bidder"]))
        seen = self._seen.get(board)
        if seen is not None and seen.game == game_id and seen.actions == actions:
            return
        if seen is not None and seen.game == game_id and seen.actions + 1 == actions:
            bids = seen.bids + ((high[1], high[0]),) if high != seen.high and high[1] >= 0 else seen.bids
        elif high[1] < 0:
            bids = ()  # nobody has bid in this auction (a bid is never taken back but by an undo)
        else:
            self.reads += 1
            bids = bids_in(self.read(game_id))
        self._seen[board] = _Seen(game_id, actions, high, bids)

    def bids(self, board: str) -> tuple[Bid, ...]:
        """The bids of a board's open auction, first to last (none: no auction, or no bid yet)."""
        seen = self._seen.get(board)
        return seen.bids if seen is not None else ()
