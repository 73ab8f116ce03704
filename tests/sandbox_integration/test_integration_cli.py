"""`monopoli sandbox` as a server admin runs it: a real process, stopped by SIGTERM or `/stop`."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from integration_support import PASSWORD, make_pack
from monopoli_mc.rcon import RconClient

MONOPOLI = [sys.executable, "-c", "from monopoli_mc.cli import main; main()"]


@pytest.fixture
def running(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], int]]:
    """`monopoli sandbox --port 0 --datapack …` with the password in the environment."""
    env = {**os.environ, "MONOPOLI_RCON_PASSWORD": PASSWORD}
    proc = subprocess.Popen(
        [*MONOPOLI, "sandbox", "--port", "0", "--datapack", str(make_pack(tmp_path))],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        found = re.search(r"RCON listening on 127\.0\.0\.1:(\d+)", first)
        assert found, first + proc.stderr.read() if proc.stderr else first
        yield proc, int(found.group(1))
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(5)


def test_sigterm_stops_it_cleanly(running: tuple[subprocess.Popen[str], int]) -> None:
    proc, port = running
    with RconClient("127.0.0.1", port, PASSWORD, timeout=2) as rcon:
        assert rcon.command("scoreboard players get #loads ticks") == "#loads has 1 [ticks]"
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=5)
    assert (proc.returncode, out, err) == (0, "sandbox stopped\n", "")


def test_stop_over_rcon_answers_then_stops(running: tuple[subprocess.Popen[str], int]) -> None:
    proc, port = running
    with RconClient("127.0.0.1", port, PASSWORD, timeout=2) as rcon:
        assert rcon.command("stop") == "Stopping the server"
    out, err = proc.communicate(timeout=5)
    assert (proc.returncode, out, err) == (0, "sandbox stopped\n", "")


def test_the_readme_zip_is_taken_as_the_server_takes_it() -> None:
    """`monopoli sandbox --datapack datapacks/monopoli.zip`: the file the README has the organiser install."""
    zipped = Path(__file__).resolve().parents[2] / "datapacks" / "monopoli.zip"
    env = {**os.environ, "MONOPOLI_RCON_PASSWORD": PASSWORD}
    proc = subprocess.Popen([*MONOPOLI, "sandbox", "--port", "0", "--datapack", str(zipped)],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        found = re.search(r"datapack .*monopoli\.zip\): RCON listening on 127\.0\.0\.1:(\d+)", first)
        assert found, first + (proc.stderr.read() if proc.stderr else "")
        with RconClient("127.0.0.1", int(found.group(1)), PASSWORD, timeout=2) as rcon:
            listed = rcon.command("scoreboard objectives list")  # in the hash map's order, as vanilla lists
            assert "[monopoli.seq]" in listed and "[monopoli.left]" in listed  # load ran
            assert rcon.command("stop") == "Stopping the server"
        out, err = proc.communicate(timeout=5)
        assert (proc.returncode, out, err) == (0, "sandbox stopped\n", "")
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(5)
