"""`monopoli run` says what to check (issue 27 point 8): a port that never answers RCON is said within seconds
with what to check, run keeps trying and recovers by itself when the server comes up, and a world whose board
is not built is said with the command that builds it, at the start and when a new world comes up while it runs;
while the server is away the lease says so (what `monopoli admin` tells the operator), and the controller says
when it is back. One `monopoli run` process against the strict sandbox."""

from __future__ import annotations

import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from controller_support import PACK, PASSWORD
from test_controller_night import world_yaml

from monopoli_mc.cli.run import CONNECT_WAIT
from monopoli_mc.controller.db import lease
from monopoli_mc.controller.db.store import Store
from monopoli_mc.sandbox.runner import Sandbox


class Lines:
    """A process's output lines as they come, each with the time it came."""

    def __init__(self, proc: subprocess.Popen[str]) -> None:
        self.proc = proc
        self.got: queue.Queue[tuple[float, str]] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.got.put((time.monotonic(), line.rstrip("\n")))

    def wait_for(self, text: str, within: float) -> float:
        """When the first line holding `text` came; fails after `within` seconds."""
        end = time.monotonic() + within
        while True:
            try:
                at, line = self.got.get(timeout=max(0.01, end - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"no line with {text!r} within {within}s; saw {self.seen}") from None
            self.seen.append(line)
            if text in line:
                return at


def _status(db: Path, begins: str, within: float) -> str:
    """The lease's status once it begins with `begins` (as `monopoli admin` reads it); fails after `within` s."""
    end = time.monotonic() + within
    while True:
        store = Store(db)
        try:
            holder = lease.read(store)
        finally:
            store.close()
        if holder is not None and holder.status.startswith(begins):
            return holder.status
        assert time.monotonic() < end, holder
        time.sleep(0.05)


@pytest.mark.long(seconds=5)
def test_run_says_what_to_check_then_recovers_and_says_the_board_is_not_built(tmp_path: Path) -> None:
    silent = socket.socket()  # accepts connections (the kernel's backlog) and never answers: a wrong port
    silent.bind(("127.0.0.1", 0))
    silent.listen(8)
    port = silent.getsockname()[1]
    config = world_yaml(tmp_path, port)
    env = dict(os.environ, MONOPOLI_RCON_PASSWORD=PASSWORD)
    proc = subprocess.Popen([sys.executable, "-c", "from monopoli_mc.cli import main; main()", "run", "--world",
                             str(config), "--db", str(tmp_path / "night.db"), "--poll", "0.01"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = Lines(proc)
    try:
        began = lines.wait_for("monopoli: controlling", 60)
        said = lines.wait_for(f"monopoli: cannot reach the server's RCON at 127.0.0.1:{port}", 30)
        assert said - began < CONNECT_WAIT + 1.0, said - began  # within seconds, not after a 10 s timeout
        hint = lines.seen[-1]
        for check in ("server is up", f"rcon.host and rcon.port in {config}", "enable-rcon=true", "firewall"):
            assert check in hint, hint
        silent.close()
        with Sandbox(password=PASSWORD, strict=True, datapack=PACK, port=port, tick_rate=100) as box:
            lines.wait_for(f"monopoli: connected to 127.0.0.1:{port} after", 30)  # it kept trying by itself
            lines.wait_for(f"monopoli: warning: board 'main' is not built (no ", 30)
            assert lines.seen[-1].endswith(f": run `monopoli board build --world {config} --board main`; the "
                                           "controller runs meanwhile"), lines.seen[-1]
            assert box.world.strict_failures == []
        away = _status(tmp_path / "night.db", f"waiting for the server at 127.0.0.1:{port} since ", 30)
        assert re.fullmatch(rf"waiting for the server at 127\.0\.0\.1:{port} since \d\d:\d\d:\d\d", away), away
        with Sandbox(password=PASSWORD, strict=True, datapack=PACK, port=port, tick_rate=100) as box:
            lines.wait_for(f"rcon: reconnected to 127.0.0.1:{port} after", 30)
            assert re.fullmatch(rf"rcon: reconnected to 127\.0\.0\.1:{port} after \d+\.\ds away", lines.seen[-1])
            lines.wait_for("this is a new world (identity ", 30)  # a new world while it runs: said again
            lines.wait_for("monopoli: warning: board 'main' is not built (no ", 30)
            proc.send_signal(signal.SIGTERM)
            lines.wait_for("monopoli: stopped", 30)
            assert proc.wait(timeout=30) == 0
            assert box.world.strict_failures == []
    finally:
        silent.close()
        if proc.poll() is None:
            proc.kill()
        proc.wait()
