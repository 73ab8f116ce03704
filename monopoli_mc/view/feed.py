"""The latest picture of every board, handed from the controller's thread to the page's threads."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Callable

from monopoli_mc.view.model import BoardView, NightPanel

QUIET_AFTER = 3.0  # seconds without a poll before the page says the controller is not reading the server


@dataclass(frozen=True)
class Status:
    """Whether the controller behind the page is running: "starting", "live", "quiet" or "stopped"."""

    state: str
    text: str


class Feed:
    """Board views by name, a version that grows with every change, and the controller's heartbeat."""

    def __init__(self, *, clock: Callable[[], float] = time.monotonic) -> None:
        self._lock = threading.Lock()
        self._views: dict[str, tuple[int, BoardView]] = {}
        self._night: tuple[int, NightPanel] | None = None
        self._version = 0
        self._stopped: str | None = None
        self._beat: float | None = None
        self._clock = clock
        self._listeners: list[Callable[[], None]] = []

    def listen(self, callback: Callable[[], None]) -> None:
        """Call `callback` (quickly, it must not block) after every change: the page's streams wake."""
        self._listeners.append(callback)

    def _changed(self) -> None:
        for callback in self._listeners:
            callback()

    def publish(self, view: BoardView) -> None:
        """A board's new picture (from the controller's thread)."""
        with self._lock:
            self._version += 1
            self._views[view.board] = (self._version, view)
        self._changed()

    def publish_night(self, panel: NightPanel | None) -> None:
        """The night's panel beside the boards (its standings, results, podium); None takes it away."""
        with self._lock:
            self._version += 1
            self._night = None if panel is None else (self._version, panel)
        self._changed()

    def night(self) -> tuple[int, NightPanel] | None:
        """The night's panel and its version, when there is one."""
        with self._lock:
            return self._night

    def keep(self, boards: list[str]) -> None:
        """The boards a controller plays, in its world config's order: the others leave the page (a
        controller started again with another config), and the page shows these in this order."""
        with self._lock:
            kept = {name: self._views[name] for name in boards if name in self._views}
            if list(kept) == list(self._views):
                return
            self._views = kept
            self._version += 1
        self._changed()

    def resume(self) -> None:
        """A controller follows the feed again after a stop (in the same process): the page goes on."""
        with self._lock:
            if self._stopped is None:
                return
            self._stopped, self._beat = None, None
            self._version += 1
        self._changed()

    def beat(self) -> None:
        """The controller has just read the server."""
        self._beat = self._clock()

    def stop(self, text: str) -> None:
        """The controller has stopped; the page says so (until a controller follows the feed again)."""
        with self._lock:
            self._stopped = text
            self._version += 1
        self._changed()

    @property
    def version(self) -> int:
        """Grows with every published picture, the night's panel, a stop and a resume."""
        return self._version

    def views(self) -> dict[str, tuple[int, BoardView]]:
        """Every board's (version, view), in the order the boards were first published (or kept)."""
        with self._lock:
            return dict(self._views)

    def status(self) -> Status:
        """The controller's state, for the page's status line."""
        if self._stopped is not None:
            return Status("stopped", self._stopped)
        beat = self._beat
        if beat is None:
            return Status("starting", "the controller is starting")
        quiet = self._clock() - beat
        if quiet > QUIET_AFTER:
            return Status("quiet", f"the controller has not reached the Minecraft server for {quiet:.0f} s "
                                   "(it reconnects by itself)")
        return Status("live", "live")
