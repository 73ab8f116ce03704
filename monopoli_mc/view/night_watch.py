"""The night's panel kept up to date: after every poll, in the controller's thread, at no cost while nothing changed.

The night is read by the controller already (`controller/nightview.Ranks`: at a connect, when a game of
its world ends or is reopened, every 30 s when another world's games changed), and kept as `ranks.night`;
this watch draws that one. Beside it, it reads only the last crowning (one row of the database's meta),
when the controller decided something (an operator's `admin crown` is such a decision), when the night
changed, and every `EVERY` seconds (a crowning by another world's controller); and the night again itself
only when a player's name changed (the standings show the latest name). An idle poll compares two
numbers and the controller's names in memory, and reads nothing.
"""

from __future__ import annotations

import logging
import math
import time
from typing import Callable

from monopoli_mc.controller.loop import Controller
from monopoli_mc.controller.db.night import Crowning, Night, crowned, read_night
from monopoli_mc.view.feed import Feed
from monopoli_mc.view.night_panel import NightView, night_view, panel

log = logging.getLogger("monopoli_mc.view")
EVERY = 30.0  # seconds between two looks at the crowning when this controller decided nothing


class NightWatch:
    """Publishes the night's panel to a feed when the night, its crowning or a player's name changed."""

    def __init__(self, controller: Controller, feed: Feed, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.ctl = controller
        self.feed = feed
        self.clock = clock
        self.reads = 0  # nights this watch read itself (a name changed; a page attached before the first read)
        self.crown_reads = 0  # looks at the crowning
        self.published = 0  # panels published
        self._source: Night | None = None  # the controller's night last seen
        self._night: Night | None = None  # the night drawn (the controller's, or read again for a new name)
        self._crowning: Crowning | None = None
        self._decided = -1
        self._crown_at = -math.inf
        self._names: dict[str, str] = {}
        self._shown: NightView | None = None
        self._failures: set[str] = set()

    def __call__(self, *, flush: bool = False) -> None:
        """Look at the night; publish the panel when what it shows changed (`flush`: look at everything).

        A bug here is logged once and costs only the page: the games go on.
        """
        try:
            self._look(flush=flush)
        except Exception as exc:  # what people look at must never stop the night (a damaged row included)
            if repr(exc) not in self._failures:
                self._failures.add(repr(exc))
                log.warning("the night's panel on the board page could not be updated: %s", exc)

    def _look(self, *, flush: bool) -> None:
        ctl = self.ctl
        night, changed = ctl.ranks.night, False
        if night is not None and night is not self._source:
            self._source = self._night = night
            changed = True
        elif night is None and flush and self._night is None:  # attached before the controller's first read
            self._night = read_night(ctl.store, ctl.world.night, ctl.ranks.replays)
            self.reads += 1
            changed = True
        if self._night is None:
            return
        now = self.clock()
        if flush or changed or ctl.decided != self._decided or now - self._crown_at >= EVERY:
            self._decided, self._crown_at = ctl.decided, now
            self.crown_reads += 1
            crowning = crowned(ctl.store)
            if crowning != self._crowning:
                self._crowning, changed = crowning, True
        if ctl.players.names != self._names:
            self._names = dict(ctl.players.names)
            if _renamed(self._night, self._names):
                self._night = read_night(ctl.store, ctl.world.night, ctl.ranks.replays)
                self.reads += 1
                changed = True
        if not (changed or flush):
            return
        view = night_view(self._night, self._crowning)
        if view != self._shown:
            self._shown = view
            if view.empty and self.feed.night() is None:  # nothing to show, nothing shown: the page as it is
                return
            self.published += 1
            self.feed.publish_night(panel(view))


def _renamed(night: Night, names: dict[str, str]) -> bool:
    """Whether a player of the night now has another name than the night shows."""
    return any(night.names.get(uuid, name) != name for uuid, name in names.items())
