"""Sandbox: a World behind a real RCON server on 127.0.0.1, with an optional 20 tick/s main thread."""

from __future__ import annotations

import threading
from pathlib import Path
from types import TracebackType

from monopoli_mc.errors import ConfigError
from monopoli_mc.sandbox import heap
from monopoli_mc.sandbox.mainthread import MainThread
from monopoli_mc.sandbox.server import RconServer
from monopoli_mc.sandbox.world import World

TICKS_PER_SECOND = 20


class Sandbox:
    """The embedded server: World + RconServer (+ tick thread); use it as a context manager.

    When it ticks, RCON commands run on its main thread between ticks, as on vanilla;
    `tick_busy_ms` keeps each tick busy that long (a loaded server), so every request
    waits for the tick under way. Without ticking, commands run on the RCON client's
    thread and the test drives the clock (`world.tick(n)`).

    Example:
        with Sandbox(password="pw", tick_busy_ms=25) as sandbox:
            with RconClient(*sandbox.address, "pw") as rcon:
                rcon.command("scoreboard objectives add Cash dummy")
    """

    def __init__(self, *, password: str, world: World | None = None,
                 host: str = "127.0.0.1", port: int = 0, version: str = "1.21.11",
                 strict: bool = False, datapack: Path | None = None,
                 ticking: bool = True, tick_rate: float = TICKS_PER_SECOND,
                 tick_busy_ms: float = 0.0, pause_when_empty_seconds: int | None = None) -> None:
        if tick_rate <= 0:
            raise ConfigError(f"the tick rate must be above 0, found {tick_rate:g}")
        if tick_busy_ms < 0:
            raise ConfigError(f"--tick-busy-ms must be 0 or more, found {tick_busy_ms:g}")
        self.world = world if world is not None else World(
            version=version, strict=strict, pause_when_empty_seconds=pause_when_empty_seconds)
        self.ticking = ticking
        self.tick_rate = tick_rate
        self.tick_busy_ms = tick_busy_ms
        self._main = (MainThread(self.world.tick, tick_rate=tick_rate, busy=tick_busy_ms / 1000)
                      if ticking else None)
        self.server = RconServer(self.world, password, host=host, port=port, main=self._main)
        heap.own(self.world)  # its pack and boards live as long as the sandbox (sandbox/heap.py)
        if datapack is not None:
            self.world.load_datapack(Path(datapack))

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
        try:
            self.server.start()
        except BaseException:  # a busy port: nothing runs, so nothing kept for it stays out of the collector
            heap.release(self.world)
            raise
        if self._main is not None:
            self._main.start()
        return self

    def stop(self) -> None:
        """Stop the clock and the server, joining their threads."""
        if self._main is not None:
            self._main.stop()
        self.server.stop()
        heap.release(self.world)  # this world can be collected now

    def __enter__(self) -> Sandbox:
        return self.start()

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()
        self.server.close()
