"""Sandbox: a World behind a real RCON server on 127.0.0.1, with an optional 20 tick/s clock."""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path
from types import TracebackType

from monopoli_mc.sandbox.server import RconServer
from monopoli_mc.sandbox.world import World

log = logging.getLogger("monopoli_mc.sandbox")

TICKS_PER_SECOND = 20


class Sandbox:
    """The embedded server: World + RconServer (+ tick thread); use it as a context manager.

    Example:
        with Sandbox(password="pw") as sandbox:
            with RconClient(*sandbox.address, "pw") as rcon:
                rcon.command("scoreboard objectives add Cash dummy")
    """

    def __init__(self, *, password: str, world: World | None = None,
                 host: str = "127.0.0.1", port: int = 0, version: str = "1.21.11",
                 strict: bool = False, datapack: Path | None = None,
                 ticking: bool = True, tick_rate: float = TICKS_PER_SECOND) -> None:
        self.world = world if world is not None else World(version=version, strict=strict)
        if datapack is not None:
            self.world.load_datapack(Path(datapack))
        self.server = RconServer(self.world, password, host=host, port=port)
        self.ticking = ticking
        self.tick_rate = tick_rate
        self._stop = threading.Event()
        self._ticker: threading.Thread | None = None

    def __repr__(self) -> str:
        return f"Sandbox({self.server.host!r}, {self.server.port}, ticking={self.ticking})"

    @property
    def address(self) -> tuple[str, int]:
        """(host, port) of the RCON server."""
        return self.server.address

    @property
    def port(self) -> int:
        """The RCON port (the real one once started)."""
        return self.server.port

    @property
    def stop_requested(self) -> threading.Event:
        """Set by `/stop` over RCON (and by whoever else wants the owner to stop the sandbox)."""
        return self.world.stop_requested

    def start(self) -> Sandbox:
        """Start serving RCON and, if ticking, the clock; returns self."""
        self.server.start()
        if self.ticking:
            self._stop.clear()
            self._ticker = threading.Thread(target=self._tick_loop, name="Server thread ticks",
                                            daemon=True)
            self._ticker.start()
        return self

    def stop(self) -> None:
        """Stop the clock and the server, joining their threads."""
        self._stop.set()
        if self._ticker is not None:
            self._ticker.join(5.0)
            self._ticker = None
        self.server.stop()

    def __enter__(self) -> Sandbox:
        return self.start()

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()
        self.server.close()

    def _tick_loop(self) -> None:
        interval = 1.0 / self.tick_rate
        next_tick = time.monotonic()
        while not self._stop.is_set():
            with self.world.lock:
                try:
                    self.world.tick()
                except Exception:
                    log.exception("sandbox tick failed")
            next_tick += interval
            delay = next_tick - time.monotonic()
            if delay < 0:  # behind (a long command held the lock): skip, as vanilla does
                next_tick = time.monotonic()
                delay = 0
            self._stop.wait(delay)
