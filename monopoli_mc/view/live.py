"""The controller's boards as pictures: after every poll, in the controller's thread, a new view of what changed.

It reads only the controller's memory (and its store, for when a game started and
who is seated); it never sends an RCON request.
"""

from __future__ import annotations

import logging
import time
from typing import Any, Callable

from monopoli_mc.controller.clocks import auction
from monopoli_mc.controller.loop import Controller
from monopoli_mc.controller.game.table import BoardGame
from monopoli_mc.rules.phases import AUCTION
from monopoli_mc.view.bids import BidBook
from monopoli_mc.view.feed import Feed
from monopoli_mc.view.model import BoardView, board_view, lobby_view
from monopoli_mc.view.night_watch import NightWatch
from monopoli_mc.view.server import PageServer

log = logging.getLogger("monopoli_mc.view")
MIN_GAP = 0.2  # seconds between two pictures of one board (a demo plays dozens of actions a second)
LOBBY_EVERY = 0.5  # seconds between reads of a board's seats before its game starts


class Watch:
    """Publishes each board's picture to a feed when it changed; call it after every poll."""

    def __init__(self, controller: Controller, feed: Feed, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.ctl = controller
        self.feed = feed
        self.clock = clock
        self._keys: dict[str, Any] = {}
        self._when: dict[str, float] = {}
        self._failures: set[str] = set()
        self.bids = BidBook(controller.store.actions)

    def __call__(self, *, flush: bool = False) -> None:
        """Look at every board; publish those that changed (at most every MIN_GAP seconds each, unless flush).

        A bug here is logged once and costs only the page: the games go on.
        """
        try:
            self._look(flush=flush)
        except Exception as exc:  # what people look at must never stop the night
            if repr(exc) not in self._failures:
                self._failures.add(repr(exc))
                log.exception("the live board page could not be updated")

    def _look(self, *, flush: bool) -> None:
        if not flush:
            self.feed.beat()
        now = self.clock()
        for name, table in self.ctl.tables.items():
            self.bids.look(name, table.game, table.game_id, table.n_actions)  # every poll: a bid is seen as made
            if not flush and now - self._when.get(name, -MIN_GAP) < MIN_GAP:
                continue
            key = self._key(table, now)
            if key == self._keys.get(name):
                continue
            self._keys[name], self._when[name] = key, now
            self.feed.publish(self.view(table))

    def _key(self, table: BoardGame, now: float) -> Any:
        game = table.game
        if game is None:
            if now - self._when.get(table.name, -LOBBY_EVERY) < LOBBY_EVERY and table.name in self._keys:
                return self._keys[table.name]
            return ("lobby", tuple(self.ctl.store.lobby(table.name)))
        closes_at, left = self.auction_clock(table)
        clock = None if closes_at is None and left is None else round(left if left is not None else closes_at or 0)
        return (table.game_id, table.n_actions, table.paused, game.phase, clock)

    def auction_clock(self, table: BoardGame) -> tuple[float | None, float | None]:
        """An open auction's clock as the controller keeps it: (when it closes, in seconds since the epoch,
        None while paused; the seconds left while paused, else None). (None, None): no auction, or no clock."""
        game, since = table.game, table.auction_since
        if game is None or game.phase != AUCTION or since is None:
            return None, None
        settings = self.ctl.settings
        left = auction.window(game, quiet=settings.auction_quiet, first=settings.auction_first) - (
            self.ctl.clock() - since)
        return (None, max(0.0, left)) if table.paused else (self.ctl.wall() + left, None)

    def view(self, table: BoardGame) -> BoardView:
        """The picture of one board now."""
        quarters = table.layout.quarters
        game = table.game
        if game is None:
            return lobby_view(table.name, self.ctl.rules, self.ctl.board, quarters=quarters,
                              lobby=tuple(self.ctl.store.lobby(table.name)))
        gid = table.game_id
        log = tuple(line for g, line in table.log if g == gid)  # the table tells it again from the store on load
        closes_at, left = self.auction_clock(table)
        return board_view(table.name, game, table.view, quarters=quarters, game_id=gid, actions=table.n_actions,
                          ends_at=table.ends_at, paused=table.paused, log=log, bids=self.bids.bids(table.name),
                          closes_at=closes_at, left=left)


class LivePage:
    """The live board page of one controller: a feed, its web server, and the watch that fills it."""

    def __init__(self, host: str, port: int) -> None:
        self.feed = Feed()
        self.server = PageServer(self.feed, host, port)  # binds now: a busy port fails before the games start
        self.watches: list[Watch] = []
        self.nights: list[NightWatch] = []  # the night's panel beside the boards
        self._stopped = False

    @property
    def url(self) -> str:
        """The page's address."""
        return self.server.url

    def attach(self, controller: Controller) -> None:
        """Follow a controller: its boards now (in its world config's order), then after every poll. After a
        stop, the page follows this one instead, and its open pages go on without a reload."""
        if self._stopped:
            self.watches, self.nights, self._stopped = [], [], False
            self.feed.resume()
        watch = Watch(controller, self.feed)
        watch(flush=True)
        self.feed.keep(list(controller.tables))
        night = NightWatch(controller, self.feed)
        night(flush=True)
        controller.watchers += [watch, night]
        self.watches.append(watch)
        self.nights.append(night)
        if not self.server.started:
            self.server.start()

    def stop(self, why: str) -> None:
        """The controller has stopped (call from its thread, or after it): its last picture, and why."""
        for watch in self.watches:
            watch(flush=True)  # what the last polls changed within MIN_GAP
        for night in self.nights:
            night()
        self._stopped = True
        self.feed.stop(why)

    def close(self, why: str) -> None:
        """Say on the page why the controller stopped, then stop serving."""
        self.stop(why)
        self.server.close()
