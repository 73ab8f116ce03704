"""Ctrl-C on `monopoli admin ...` withdraws the request, as the end of its wait does: the
operator is told nothing changed (exit 3), and no controller applies it later. A real
`monopoli admin pay` process gets SIGINT while it waits for a controller that is alive but
not answering (a lease beaten by this test)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from monopoli_mc.controller.db import lease
from monopoli_mc.controller.db.store import WITHDRAWN, Store


def _admin(db: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", "from monopoli_mc.cli import main; main()", "admin", *args,
                             "--db", str(db), "--wait", "30"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env=dict(os.environ, PYTHONFAULTHANDLER="1"),  # SIGABRT prints where it is
                            preexec_fn=_as_from_a_terminal)


def _as_from_a_terminal() -> None:
    """Ctrl-C as a terminal's command has it. A suite started in the background (`make test &`, nohup, a
    job of a non-interactive shell) ignores SIGINT, every process it starts inherits that, and Python keeps
    an ignored SIGINT ignored: the operator's process would never hear this test's Ctrl-C."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _answer(asking: subprocess.Popen[str], timeout: float) -> str:
    """What the process printed once it ended; where each of its threads stood if it had not within `timeout`."""
    try:
        return asking.communicate(timeout=timeout)[0]
    except subprocess.TimeoutExpired:
        asking.send_signal(signal.SIGABRT)  # faulthandler: every thread's stack, then the end
        raise AssertionError(f"still running {timeout:g}s after Ctrl-C:\n{asking.communicate(timeout=10)[0]}") from None


def _queued(store: Store, deadline: float) -> int:
    while time.monotonic() < deadline:
        row = store.db.execute("SELECT id FROM requests ORDER BY id DESC LIMIT 1").fetchone()
        if row is not None:
            return int(row[0])
        time.sleep(0.02)
    raise AssertionError("the request was never queued")


def test_ctrl_c_withdraws_the_request(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    store = Store(db)
    holder = lease.Lease(store)
    holder.take()  # a controller that is running (it beats) but does not get to the request
    asking = _admin(db, "pay", "Alex", "100")
    try:
        request = _queued(store, time.monotonic() + 30)
        asking.send_signal(signal.SIGINT)
        out = _answer(asking, 30)
    finally:
        if asking.poll() is None:
            asking.kill()
    assert asking.returncode == 3, out
    assert out == "interrupted: request withdrawn, nothing was changed. Ask again if it is still wanted\n"
    state = store.db.execute("SELECT state FROM requests WHERE id=?", (request,)).fetchone()[0]
    assert state == WITHDRAWN
    assert store.pending_requests(time.time()) == []  # a controller polling now finds nothing to apply
    holder.release()
    store.close()


def test_ctrl_c_after_the_answer_reports_it_done(tmp_path: Path) -> None:
    """The controller took the request just before the interrupt: it was applied, and the operator is told so."""
    from monopoli_mc.controller.decide.requests import ask

    db = tmp_path / "night.db"
    store = Store(db)
    lease.Lease(store).take()
    answered = {"done": False}

    def sleep_then_interrupt(_: float) -> None:
        if not answered["done"]:  # the controller answers, then Ctrl-C arrives before the next look
            with store.transaction():
                for r in store.pending_requests(time.time()):
                    store.answer(r.id, "paid Alex $100")
            answered["done"] = True
        raise KeyboardInterrupt

    import monopoli_mc.controller.decide.requests as requests

    real_sleep = requests.time.sleep
    requests.time.sleep = sleep_then_interrupt  # type: ignore[assignment]
    try:
        outcome = ask(store, "pay", {"player": "Alex", "amount": 100}, None, 30.0)
    finally:
        requests.time.sleep = real_sleep  # type: ignore[assignment]
    assert (outcome.line, outcome.code) == ("paid Alex $100 (answered before the interrupt)", 0)
    store.close()


def test_ctrl_c_while_the_request_is_queued_withdraws_it_at_once(tmp_path: Path) -> None:
    """An interrupt that comes while the request's row is written is held back, not lost: the request is
    withdrawn as soon as it is queued (before, the operator waited the whole `--wait` for nothing)."""
    from monopoli_mc.controller.decide.requests import ask

    store = Store(tmp_path / "night.db")
    lease.Lease(store).take()
    real_request = store.request

    def request_then_interrupt(*args: object, **kwargs: object) -> int:
        row = real_request(*args, **kwargs)  # type: ignore[arg-type]
        os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C, inside the transaction
        return row

    store.request = request_then_interrupt  # type: ignore[method-assign]
    started = time.monotonic()
    outcome = ask(store, "pay", {"player": "Alex", "amount": 100}, None, 30.0)
    assert time.monotonic() - started < 5
    assert outcome.line == "interrupted: request withdrawn, nothing was changed. Ask again if it is still wanted"
    assert [row[0] for row in store.db.execute("SELECT state FROM requests")] == [WITHDRAWN]
    store.close()
