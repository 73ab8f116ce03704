"""The sandbox's main thread: RCON commands run on it between ticks, as on vanilla; a busy tick delays them."""

from __future__ import annotations

import threading
import time

import pytest
from click.testing import CliRunner

from monopoli_mc.cli import cli
from monopoli_mc.errors import ConfigError
from monopoli_mc.rcon import RconClient
from monopoli_mc.sandbox.mainthread import MainThread
from monopoli_mc.sandbox.runner import Sandbox
from monopoli_mc.sandbox.server import RconServer
from monopoli_mc.sandbox.world import World
from wire_support import PASSWORD, TableExecutor


class Ticks:
    """A tick that records when it started (the main thread is then taken for the busy time)."""

    def __init__(self) -> None:
        self.starts: list[float] = []

    def tick(self) -> None:
        self.starts.append(time.monotonic())


class Recording(TableExecutor):
    """Records the thread and the time each command ran on."""

    def __init__(self) -> None:
        super().__init__()
        self.runs: list[tuple[str, float]] = []

    def execute(self, command: str) -> list[str]:
        self.runs.append((threading.current_thread().name, time.monotonic()))
        return super().execute(command)


def test_commands_run_on_the_main_thread_after_the_busy_tick() -> None:
    ticks, executor = Ticks(), Recording()
    busy = 0.02
    main = MainThread(ticks.tick, tick_rate=40, busy=busy, name="Server thread")
    with RconServer(executor, PASSWORD, main=main) as server:
        main.start()
        try:
            with RconClient(*server.address, PASSWORD, timeout=2) as rcon:
                for _ in range(8):
                    assert rcon.command("scoreboard players get Alex Cash") == "Alex has 1500 [Cash]"
        finally:
            main.stop()
    assert {name for name, _ in executor.runs} == {"Server thread"}
    for _, at in executor.runs:  # never inside a tick's busy span
        assert not any(start <= at < start + busy for start in ticks.starts)


def test_a_task_raising_raises_on_its_caller_and_the_thread_goes_on() -> None:
    main = MainThread(lambda: None, tick_rate=100)
    main.start()
    try:
        with pytest.raises(ValueError, match="bad"):
            main.call(lambda: (_ for _ in ()).throw(ValueError("bad")))
        seen: list[str] = []
        main.call(lambda: seen.append(threading.current_thread().name))
        assert seen == ["Server thread"]
    finally:
        main.stop()
    after: list[str] = []
    main.call(lambda: after.append(threading.current_thread().name))  # stopped: runs on the caller
    assert after == [threading.current_thread().name]


class TimedWorld(World):
    """A world that records when its ticks start and where and when its commands run."""

    def __init__(self) -> None:
        super().__init__()
        self.tick_starts: list[float] = []
        self.runs: list[tuple[str, float]] = []

    def tick(self, n: int = 1) -> None:
        self.tick_starts.append(time.monotonic())
        super().tick(n)

    def execute(self, command: str) -> list[str]:
        self.runs.append((threading.current_thread().name, time.monotonic()))
        return super().execute(command)


def test_sandbox_runs_rcon_between_busy_ticks_and_by_default_does_not_keep_them_busy() -> None:
    world = TimedWorld()
    with Sandbox(password=PASSWORD, world=world, tick_rate=40, tick_busy_ms=15) as box, \
            RconClient(*box.address, PASSWORD, timeout=2) as rcon:
        for _ in range(6):
            assert rcon.command("list").startswith("There are 0 of a max of 20 players online")
    assert {name for name, _ in world.runs} == {"Server thread"}
    for _, at in world.runs:
        assert not any(start <= at < start + 0.015 for start in world.tick_starts)
    idle = Sandbox(password=PASSWORD)
    assert idle.tick_busy_ms == 0
    idle.server.close()


def test_sandbox_refuses_a_negative_busy_time() -> None:
    with pytest.raises(ConfigError, match="--tick-busy-ms must be 0 or more"):
        Sandbox(password=PASSWORD, tick_busy_ms=-1)


def test_cli_help_names_the_busy_tick() -> None:
    result = CliRunner().invoke(cli, ["sandbox", "--help"])
    assert result.exit_code == 0 and "--tick-busy-ms" in result.output
    assert "--tick-busy-ms 25" in result.output  # the example
    bad = CliRunner().invoke(cli, ["sandbox", "--tick-busy-ms", "-5"], env={"MONOPOLI_RCON_PASSWORD": "x"})
    assert bad.exit_code == 1 and "--tick-busy-ms is a number of milliseconds from 0 to 1000" in str(bad.exception)
