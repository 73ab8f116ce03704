"""One controller per database (two `monopoli run` processes) and per world (decided from the world's mark), and
operator requests answered or withdrawn: with the controller down, and with the server down (the CLI's side,
`requests.ask`, reads and writes the database only; what a controller polling later does with a request is
decided on a Desk)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from controller_support import PACK, PASSWORD, InProcess

from decide_support import WORLD_KEY, Desk

from monopoli_mc.cli import cli
from monopoli_mc.controller.db import lease
from monopoli_mc.controller.decide.requests import NOT_ANSWERED, ask
from monopoli_mc.controller.loop import Controller, Settings
from monopoli_mc.controller.db.store import Store
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.errors import LeaseError
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


@pytest.mark.long(seconds=3)
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


def test_a_second_controller_with_another_database_is_refused(tmp_path: Path) -> None:
    """One world, one controller: whatever --db the second one was given. Decided from the world's mark as each
    controller's `start` reads it (`identity.check_night`) and as the first one's next poll reads it
    (`identity.check_mark`), every controller on the strict sandbox's world in this process. Two `monopoli run`
    processes, refused and taken over: test_a_second_controller_on_the_same_database_is_refused."""
    first_db, second_db = tmp_path / "tonight.db", tmp_path / "forgotten.db"
    here = InProcess()
    stores = [Store(first_db), Store(second_db)]
    try:
        first = Controller(here, load_world(), stores[0], Settings(rules="prom"))
        first.start()
        first.poll()
        second = Controller(here, load_world(), stores[1], Settings(rules="prom"))
        with pytest.raises(LeaseError) as refused:
            second.start()
        assert re.fullmatch(
            rf"this world is run by another controller \(database {re.escape(str(first_db))}, pid "
            rf"{os.getpid()} on {re.escape(os.uname().nodename)}\): stop that one first \(Ctrl-C in its "
            r"terminal\), or take the world over with `monopoli run --take-over`.*", str(refused.value)), refused.value
        second.release()
        first.poll()  # the refused one took nothing: the world is still the first's
        lines: list[str] = []
        third = Controller(here, load_world(), stores[1], Settings(rules="prom", take_over=True), on_line=lines.append)
        third.start()
        assert any(line.startswith(f"took the world over from the controller with database {first_db}")
                   for line in lines), lines
        with pytest.raises(LeaseError) as stopped:  # the first one sees the world is no longer its own
            first.poll()
        assert str(stopped.value).startswith("this world was taken over by another controller (database "
                                             f"{second_db}, pid {os.getpid()} on "), stopped.value
        first.lease = None  # it stopped (run's loop raises out)
        third.poll()
        third.release()
        assert here.world.strict_failures == []
    finally:
        for store in stores:
            store.close()


def test_requests_with_the_controller_down_are_not_queued_and_old_ones_never_applied(tmp_path: Path) -> None:
    """A request whose wait ended unanswered is never applied by a controller that polls later (decided on a
    Desk); with the controller stopped, `monopoli admin` queues nothing and says so."""
    desk = Desk(names=())
    with desk.store.transaction():
        desk.store.seat("main", "Alex")
        desk.store.seat("main", "Sam")
        stale = desk.store.request("start", {}, "main", wait=0.0)  # a wait that ended unanswered
    desk.step()  # the poll's time of day is time.time(): past the deadline
    assert desk.table.game is None  # the late start was not applied
    assert desk.store.answer_of(stale) is None and not desk.store.has_requests()
    desk.ask("start", "main")  # the same request within its wait starts the game
    assert desk.table.game is not None

    db = tmp_path / "night.db"
    store = Store(db)
    with store.transaction():
        store.seat("main", "Alex")
        store.seat("main", "Sam")
    stopped = lease.Lease(store)
    stopped.take()
    stopped.release()  # a controller ran this database and stopped
    result = CliRunner().invoke(cli, ["admin", "start", "--db", str(db)])
    assert result.exit_code == 3
    assert re.fullmatch(r"not done: controller not running; last seen \d\d:\d\d:\d\d; nothing was queued\. "
                        rf"Start `monopoli run --db {re.escape(str(db))}` and ask again\n", result.output)
    result = CliRunner().invoke(cli, ["admin", "status", "--db", str(db)])
    assert result.exit_code == 0
    assert re.fullmatch(r"controller not running; last seen \d\d:\d\d:\d\d; main: 2 seated, waiting for the start: "
                        r"Alex, Sam; next: monopoli admin start\n", result.output)
    assert not store.has_requests()
    store.close()


def test_a_request_while_the_server_is_down_is_withdrawn_and_never_applied() -> None:
    """The controller runs but waits for the server (its lease's status says so, as `Controller._reconnect` beats
    it): the request `monopoli admin` queued (`requests.ask`) is withdrawn when its wait ends, saying why, and
    the poll after the server is back never applies it (on a Desk). The reconnect itself, over real RCON:
    test_controller_run_checks.py."""
    desk = Desk(["Alex", "Sam"])
    running = lease.Lease(desk.store, WORLD_KEY, list(desk.tables))  # the Desk's world's controller
    running.take()
    running.beat("waiting for the server at 127.0.0.1:25575 since 21:00:03")
    cash = desk.game.cash[0]
    outcome = ask(desk.store, "pay", {"player": "Alex", "amount": 5}, None, 0.1)  # `--wait` (CLI: 1 s at least)
    assert outcome.code == NOT_ANSWERED
    assert outcome.line == ("not answered within 0.1s (waiting for the server at 127.0.0.1:25575 since 21:00:03): "
                            "request withdrawn, nothing was changed. Ask again once `monopoli admin status` answers")
    desk.step()  # the server is back: the next poll
    assert desk.game.cash[0] == cash and "admin_pay" not in [a[0] for a in desk.store.actions(1)]
    assert desk.ask("status").startswith("main: game 1 (prom rules) of ")
