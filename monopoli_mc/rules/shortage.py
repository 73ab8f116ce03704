"""The official building shortage: when the bank's last houses (or hotels) are wanted by
more players than it has, each one is sold at auction to the highest bidder.

"Wanting" is read from the board: a player wants a house when they may build one now
(a complete, unmortgaged group where even building allows it) and have the cash for it.
A build request while more players want one than the bank has left opens an auction of
that one building among those players, from any price; the winner pays the bid and the
building goes on the street they asked for (the requester) or on their first street that
may take it. When the bank still has enough, or only one player wants any, the build is
an ordinary purchase.
"""

from __future__ import annotations

from monopoli_mc.rules.base import EngineBase
from monopoli_mc.rules.events import BANK, Event
from monopoli_mc.rules.phases import AUCTION
from monopoli_mc.rules.state import trait


@trait
class ShortageMixin(EngineBase):
    """Building auctions when the bank's stock runs short."""

    def _wanting(self, item: str) -> dict[int, int]:
        """Seat -> the first street where it may build this item now (and can pay for it)."""
        out: dict[int, int] = {}
        for s, owner in enumerate(self.owner):
            if owner < 0 or owner in out or self._kind[s] != "street":
                continue
            is_hotel = self.buildings[s] == self._max_houses(owner)
            if (item == "hotel") == is_hotel and self._build_block(owner, s) is None \
                    and self.cash[owner] >= self._house_cost[s]:
                out[owner] = s
        return out

    def _shortage_auction(self, p: int, s: int, ev: list[Event]) -> bool:
        """Open a building auction for p's build on s if the stock is short; True when opened."""
        rules = self.rules
        if not rules.building_auction:
            return False
        is_hotel = self.buildings[s] == self._max_houses(p)
        item = "hotel" if is_hotel else "house"
        limit = rules.hotels_limit if is_hotel else rules.houses_limit
        if limit is None:
            return False
        left = limit - (self.hotels_out if is_hotel else self.houses_out)
        if left >= len(self.names):  # at most one wanting player a seat: the stock cannot run short
            return False
        wanting = self._wanting(item)
        wanting[p] = s
        if len(wanting) < 2 or len(wanting) <= left:
            return False
        self.after.append(["phase", self.phase, self.pending])
        bidders = sorted(wanting)
        self.phase = AUCTION
        self.pending = {"space": s, "item": item, "streets": {str(q): wanting[q] for q in bidders},
                        "bidders": bidders, "high": 0, "bidder": -1,
                        "passed": [], "next": p}
        ev.append(("building_auction", item, p, left))
        return True

    def _close_building_auction(self, ev: list[Event]) -> None:
        pending = self.pending
        bidder, high = pending["bidder"], pending["high"]
        if bidder >= 0:
            s = pending["streets"][str(bidder)]
            self._pay(bidder, BANK, high, "auction", ev)
            ev.append(("auction_won", bidder, s, high))
            self._place_building(bidder, s, ev)
        else:
            ev.append(("auction_unsold", pending["space"]))
