"""The server's main thread: ticks, and between ticks the commands RCON hands it.

Modelled on vanilla's `MinecraftServer.runServer`, `waitUntilNextTick` and
`DedicatedServer.runCommand` (1.21.x). An RCON client thread hands its command to
the main thread (`executeBlocking`) and waits. The main thread runs a tick, then
every task queued meanwhile (`runAllTasks`), then each task as it arrives until the
next tick is due. So a command that arrives during a tick waits until the tick ends:
when the tick keeps the thread busy, every request pays for it, whatever its size.

`busy` keeps each tick's thread occupied that long (the tick's own work included),
the way a real server's entities, chunks and redstone do. One difference from
vanilla: a thread that falls behind skips the ticks it missed instead of running
them back to back (vanilla catches up unless more than 2 s behind).
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable

log = logging.getLogger("monopoli_mc.sandbox")


class _Task:
    """A command handed to the main thread, and what became of it."""

    def __init__(self, run: Callable[[], None]) -> None:
        self.run = run
        self.done = threading.Event()
        self.error: BaseException | None = None


class MainThread:
    """One thread that ticks `tick_rate` times a second and runs handed-over tasks between ticks."""

    def __init__(self, tick: Callable[[], None], *, tick_rate: float, busy: float = 0.0,
                 name: str = "Server thread") -> None:
        if tick_rate <= 0:
            raise ValueError(f"tick rate must be positive, found {tick_rate}")
        if busy < 0:
            raise ValueError(f"busy time must not be negative, found {busy}")
        self.tick = tick
        self.interval = 1.0 / tick_rate
        self.busy = busy
        self.name = name
        self._tasks: queue.SimpleQueue[_Task | None] = queue.SimpleQueue()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._running = False
        self._claim_lock = threading.Lock()

    def start(self) -> None:
        """Start ticking."""
        self._stop.clear()
        self._running = True
        self._thread = threading.Thread(target=self._loop, name=self.name, daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        """Stop after the tick or task under way; tasks still queued then run on their callers."""
        self._stop.set()
        self._tasks.put(None)  # wakes the wait between ticks
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    def call(self, run: Callable[[], None]) -> None:
        """Vanilla's executeBlocking: run on the main thread and wait (re-raising what it raised).

        On the main thread itself, or once stopped, the task runs at once on the caller.
        """
        if not self._running or threading.current_thread() is self._thread:
            run()
            return
        task = _Task(run)
        self._tasks.put(task)
        while not task.done.wait(0.05):
            if not self._running:  # stopped with the task still queued: nobody else will run it
                self._run_once(task)
        if task.error is not None:
            raise task.error

    def _loop(self) -> None:
        next_tick = time.monotonic()
        try:
            while not self._stop.is_set():
                started = time.monotonic()
                try:
                    self.tick()
                except Exception:
                    log.exception("sandbox tick failed")
                rest = started + self.busy - time.monotonic()
                if rest > 0:  # the rest of the tick's work: the thread stays busy, tasks wait
                    time.sleep(rest)
                next_tick += self.interval
                if next_tick < time.monotonic():  # behind: skip the missed ticks
                    next_tick = time.monotonic()
                self._between_ticks(next_tick)
        finally:
            self._running = False
            self._drain()

    def _between_ticks(self, next_tick: float) -> None:
        """runAllTasks, then each task as it arrives until the next tick is due."""
        while True:
            try:
                task = self._tasks.get_nowait()
            except queue.Empty:
                break
            if task is not None:
                self._run_once(task)
        while not self._stop.is_set():
            wait = next_tick - time.monotonic()
            if wait <= 0:
                return
            try:
                task = self._tasks.get(timeout=wait)
            except queue.Empty:
                return
            if task is not None:
                self._run_once(task)

    def _run_once(self, task: _Task) -> None:
        """Run a task unless it already ran (the stopping thread and its caller may both try)."""
        with self._claim_lock:
            if not task.done.is_set():
                self._do(task)

    def _drain(self) -> None:
        while True:
            try:
                task = self._tasks.get_nowait()
            except queue.Empty:
                return
            if task is not None:
                self._run_once(task)

    @staticmethod
    def _do(task: _Task) -> None:
        try:
            task.run()
        except BaseException as exc:  # handed back to the caller, as executeBlocking's join does
            task.error = exc
        finally:
            task.done.set()
