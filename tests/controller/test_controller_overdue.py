"""A time limit never surprises (issue 27 point 4): a restarted `run` whose --time-limit has already passed for a
game still running does not end it unasked. On a terminal it asks, and a yes ends the game at the first poll:
`run`'s own process on a pseudo-terminal, over real RCON against the sandbox. Without a terminal it is refused
in one line, nothing changed: test_evening.py's test_a_whole_evening proves that on its restart."""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

from controller_support import PACK, PASSWORD
from test_controller_night import world_yaml

from monopoli_mc.controller.clocks import timelimit
from monopoli_mc.controller.loop import Controller, Settings
from monopoli_mc.controller.db.store import Store
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.rcon.client import RconClient
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.runner import Sandbox


def _game_of_20_minutes(box: Sandbox, db: Path) -> None:
    """Alex and Sam's game with a 90 min limit, started 20 minutes ago; its controller stopped."""
    with RconClient(*box.address, PASSWORD) as rcon:
        rcon.command("function monopoli:board/main/place")
        for name in ("Alex", "Sam"):
            Bot.join(box.world, name)
        time.sleep(0.2)  # a few ticks: the players are listed
        store = Store(db)
        ctl = Controller(rcon, load_world(), store, Settings(rules="prom", seed=3, time_limit=5400.0))
        ctl.start()
        for name in ("Alex", "Sam"):
            store.request("seat", {"player": name})
        store.request("start", {})
        ctl.poll()
        assert ctl.tables["main"].game is not None
        ctl.release()
        with store.transaction():  # 20 minutes of play, as far as the clock is concerned
            store.db.execute("UPDATE games SET started=started-1200 WHERE id=1")
        store.close()


def _game(db: Path) -> tuple[bool, float | None]:
    store = Store(db)
    try:
        row = store.current_game("main")
        assert row is not None
        return row.over, timelimit.stored(store, row)
    finally:
        store.close()


def _read_until(fd: int, text: str, within: float, seen: list[str]) -> None:
    end = time.monotonic() + within
    while text not in "".join(seen):
        left = end - time.monotonic()
        if left <= 0:
            raise AssertionError(f"no {text!r} within {within}s; saw {''.join(seen)!r}")
        if select.select([fd], [], [], left)[0]:
            try:
                seen.append(os.read(fd, 4096).decode(errors="replace"))
            except OSError:  # the process closed its terminal
                raise AssertionError(f"no {text!r}; saw {''.join(seen)!r}") from None


def test_on_a_terminal_run_asks_and_a_yes_ends_the_game(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    with Sandbox(password=PASSWORD, strict=True, datapack=PACK, tick_rate=100) as box:
        _game_of_20_minutes(box, db)
        config = world_yaml(tmp_path, box.port)
        main_fd, term = pty.openpty()
        env = dict(os.environ, MONOPOLI_RCON_PASSWORD=PASSWORD)
        proc = subprocess.Popen([sys.executable, "-c", "from monopoli_mc.cli import main; main()", "run", "--world",
                                 str(config), "--db", str(db), "--time-limit", "9m", "--poll", "0.01"],
                                env=env, stdin=term, stdout=term, stderr=term)
        os.close(term)
        seen: list[str] = []
        try:
            _read_until(main_fd, "End it now, the richest by net worth winning? [y/N]", 60, seen)
            assert ("board 'main': game 1 has run 20 min, past the 9 min of --time-limit (its limit: 1 h 30 min): "
                    "--time-limit 9 min would end it at once") in "".join(seen)
            assert _game(db) == (False, 5400.0)  # nothing changed while it asks
            os.write(main_fd, b"y\n")
            _read_until(main_fd, "GAME OVER", 60, seen)
            proc.send_signal(signal.SIGTERM)
            _read_until(main_fd, "monopoli: stopped", 60, seen)
            assert proc.wait(timeout=30) == 0
        finally:
            if proc.poll() is None:
                proc.kill()
            proc.wait()
            os.close(main_fd)
        assert _game(db) == (True, 540.0)
        assert box.world.strict_failures == []
