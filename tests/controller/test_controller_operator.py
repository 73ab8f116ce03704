"""One controller per database and per world (two `monopoli run` processes), and operator requests
answered or withdrawn: with the controller down, and with the server down."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from click.testing import CliRunner
from controller_support import PACK, PASSWORD

from monopoli_mc.cli import cli
from monopoli_mc.controller.db import lease
from monopoli_mc.controller.loop import Controller, Settings
from monopoli_mc.controller.db.store import Store
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.rcon.client import RconClient
from monopoli_mc.sandbox.runner import Sandbox


def _world_yaml(tmp_path: Path, port: int) -> Path:
    text = Path(load_world().source).read_text().replace("port: 25575", f"port: {port}")
    path = tmp_path / "world.yaml"
    path.write_text(text)
    return path


def _run(world: Path, db: Path, *more: str) -> subprocess.Popen[str]:
    env = dict(os.environ, MONOPOLI_RCON_PASSWORD=PASSWORD)
    return subprocess.Popen([sys.executable, "-c", "from monopoli_mc.cli import main; main()", "run",
                             "--world", str(world), "--db", str(db), "--poll", "0.01", *more],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def _wait_for_lease(db: Path, pid: int, deadline: float) -> None:
    while time.monotonic() < deadline:
        if db.exists():
            store = Store(db)
            holder = lease.read(store)
            store.close()
            if holder is not None and holder.pid == pid and not holder.released:
                return
        time.sleep(0.05)
    raise AssertionError("the controller never took the lease")


def test_a_second_controller_on_the_same_database_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    with Sandbox(password=PASSWORD, strict=True, datapack=PACK, tick_rate=100) as box:
        world = _world_yaml(tmp_path, box.port)
        first = _run(world, db)
        try:
            _wait_for_lease(db, first.pid, time.monotonic() + 30)
            second = _run(world, db)
            out, _ = second.communicate(timeout=30)
            assert second.returncode == 1
            assert re.fullmatch(
                rf"error: {re.escape(str(db))} is run by another controller for the world at 127\.0\.0\.1:{box.port} "
                rf"\(pid {first.pid} on \S+, started "
                r"\d\d:\d\d:\d\d, last heartbeat \d+s ago\): stop that one first \(Ctrl-C in its terminal\), or "
                r"take the database over with `monopoli run --take-over` \(the other one then stops at its next "
                r"step\)\n", out), out
            third = _run(world, db, "--take-over")
            try:
                out, _ = first.communicate(timeout=30)  # the first one notices and stops
                assert first.returncode == 1, out
                assert out.splitlines()[-1] == (f"error: {db} was taken over by another controller (pid "
                                                f"{third.pid} on {os.uname().nodename}); this one stops so that "
                                                "only one writes the night"), out
            finally:
                third.send_signal(signal.SIGTERM)
                out, _ = third.communicate(timeout=30)
            assert third.returncode == 0 and "took the database over from the controller with pid" in out, out
        finally:
            if first.poll() is None:
                first.kill()
                first.communicate()
    result = CliRunner().invoke(cli, ["admin", "status", "--db", str(db)])
    assert result.exit_code == 0
    assert re.fullmatch(r"controller not running; last seen \d\d:\d\d:\d\d; no games yet\n", result.output)


def _wait_for_night(db: Path, deadline: float) -> None:
    """Until the controller has drawn its night (it marks the world right after; the test asks the
    server nothing itself: on vanilla, as in the sandbox, RCON connections share one output buffer)."""
    while time.monotonic() < deadline:
        if db.exists():
            store = Store(db)
            night = store.night_id()
            store.close()
            if night:
                time.sleep(1.0)
                return
        time.sleep(0.05)
    raise AssertionError("the controller never started")


def test_a_second_controller_with_another_database_is_refused(tmp_path: Path) -> None:
    """One world, one controller: whatever --db the second one was given."""
    first_db, second_db = tmp_path / "tonight.db", tmp_path / "forgotten.db"
    with Sandbox(password=PASSWORD, strict=True, datapack=PACK, tick_rate=100) as box:
        world = _world_yaml(tmp_path, box.port)
        first = _run(world, first_db)
        try:
            _wait_for_night(first_db, time.monotonic() + 60)
            second = _run(world, second_db)
            out, _ = second.communicate(timeout=60)
            assert second.returncode == 1, out
            assert re.search(
                rf"error: this world is run by another controller \(database {re.escape(str(first_db))}, pid "
                rf"{first.pid} on {re.escape(os.uname().nodename)}\): stop that one first \(Ctrl-C in its "
                r"terminal\), or take the world over with `monopoli run --take-over`", out), out
            third = _run(world, second_db, "--take-over")
            try:
                out, _ = first.communicate(timeout=60)  # the first one sees the world is no longer its own
                assert first.returncode == 1, out
                assert "this world was taken over by another controller" in out.splitlines()[-1], out
                assert f"pid {third.pid}" in out.splitlines()[-1], out
            finally:
                third.send_signal(signal.SIGTERM)
                out, _ = third.communicate(timeout=60)
            assert "took the world over from the controller" in out, out
        finally:
            if first.poll() is None:
                first.kill()
                first.communicate()


def test_requests_with_the_controller_down_are_not_queued_and_old_ones_never_applied(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    store = Store(db)
    with store.transaction():
        store.seat("main", "Alex")
        store.seat("main", "Sam")
        stale = store.request("start", {}, "main", wait=0.05)  # an old wait that ended unanswered
    world = load_world()
    with Sandbox(password=PASSWORD, strict=True, datapack=PACK, ticking=False) as box, \
            RconClient(*box.address, PASSWORD) as rcon:
        ctl = Controller(rcon, world, store, Settings(rules="prom", seed=3))
        time.sleep(0.06)
        ctl.start()
        ctl.poll()
        assert ctl.tables["main"].game is None  # the late start was not applied
        assert store.answer_of(stale) is None
        ctl.release()
    result = CliRunner().invoke(cli, ["admin", "start", "--db", str(db)])
    assert result.exit_code == 3
    assert re.fullmatch(r"not done: controller not running; last seen \d\d:\d\d:\d\d; nothing was queued\. "
                        rf"Start `monopoli run --db {re.escape(str(db))}` and ask again\n", result.output)
    result = CliRunner().invoke(cli, ["admin", "status", "--db", str(db)])
    assert result.exit_code == 0
    assert re.fullmatch(r"controller not running; last seen \d\d:\d\d:\d\d; main: 2 seated, waiting for the start: Alex, Sam; "
                        r"next: monopoli admin start\n",
                        result.output)
    assert not store.has_requests()
    store.close()


def test_a_request_while_the_server_is_down_is_withdrawn_and_never_applied(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    store = Store(db)
    box = Sandbox(password=PASSWORD, strict=True, datapack=PACK, tick_rate=100).start()
    port = box.port
    rcon = RconClient(*box.address, PASSWORD, timeout=2)
    rcon.connect()
    rcon.command("function monopoli:board/main/place")
    lines: list[str] = []
    ctl = Controller(rcon, load_world(), store, Settings(rules="prom", seed=3, poll_interval=0.01),
                     on_line=lines.append)
    with store.transaction():
        for name in ("Alex", "Sam"):
            store.seat("main", name)
    store.request("start", {}, "main")
    stop = threading.Event()
    runner = threading.Thread(target=ctl.run, args=(stop.is_set,))
    runner.start()
    try:
        deadline = time.monotonic() + 20
        while ctl.tables["main"].game is None and time.monotonic() < deadline:
            time.sleep(0.02)
        game = ctl.tables["main"].game
        assert game is not None
        cash = game.cash[0]
        box.stop()
        box.server.close()
        result = CliRunner().invoke(cli, ["admin", "pay", "Alex", "5", "--db", str(db), "--wait", "1"])
        assert result.exit_code == 3, result.output
        assert re.fullmatch(rf"not answered within 1s \(waiting for the server at 127\.0\.0\.1:{port} since "
                            r"\d\d:\d\d:\d\d\): request withdrawn, nothing was changed\. Ask again once "
                            r"`monopoli admin status` answers\n", result.output), result.output
        box = Sandbox(password=PASSWORD, strict=True, datapack=PACK, tick_rate=100, port=port).start()
        while not any("reconnected" in line for line in lines) and time.monotonic() < deadline + 10:
            time.sleep(0.02)
        result = CliRunner().invoke(cli, ["admin", "status", "--db", str(db), "--wait", "5"])
        assert result.exit_code == 0 and result.output.startswith("main: game 1 (prom rules) of "), \
            result.output
        assert game.cash[0] == cash and "admin_pay" not in [a[0] for a in store.actions(1)]
        assert any(re.fullmatch(rf"rcon: reconnected to 127\.0\.0\.1:{port} after \d+\.\ds away", line)
                   for line in lines), lines
    finally:
        stop.set()
        runner.join(10)
        rcon.close()
        box.stop()
        box.server.close()
        store.close()
