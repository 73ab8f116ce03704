"""The operator's side of a request: queue it with a deadline, wait, withdraw it if unanswered.

A request is applied by the controller only within its deadline, in the transaction that
answers it; when the wait ends, the request is withdrawn in one transaction unless the
controller has taken it. So a request is either answered or never applied: never late.
Ctrl-C while waiting withdraws it the same way (or reports the answer that came first); a
second Ctrl-C is held back while the request is written or withdrawn, so it cannot leave
one queued behind an "aborted". When no controller runs, nothing is queued, and `status`
is answered from the database.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from monopoli_mc.controller.db import lease, setaside

from monopoli_mc.controller.clocks import timelimit
from monopoli_mc.controller.clocks.status import board_status
from monopoli_mc.controller.db.store import Store
from monopoli_mc.controller.db.saved import load_game, rules_of
from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.phases import OVER
from monopoli_mc.rules.settings import Rules

DONE, REFUSED, NOT_ANSWERED = 0, 1, 3  # the exit codes of `monopoli admin`
MIN_PLAYERS = Rules().min_players  # for a board with no game: which rule set its next game plays is the controller's


@dataclass(frozen=True)
class Outcome:
    """What became of a request: the line to print and the exit code."""

    line: str
    code: int


def ask(store: Store, kind: str, args: dict[str, object], board: str | None, wait: float) -> Outcome:
    """Queue a request, wait up to `wait` seconds for the controller's answer, else withdraw it."""
    now = time.time()
    holder = lease.read(store)
    if holder is None or not holder.is_running(now):
        if kind == "status":
            return Outcome(offline_status(store, holder, board), DONE)
        return Outcome(f"not done: {controller_down(holder, now)}; nothing was queued. Start "
                       f"`monopoli run --db {store.path}` and ask again", NOT_ANSWERED)
    with _held_back() as interrupted:
        with store.transaction():
            request = store.request(kind, args, board, wait=wait)
    end = time.monotonic() + wait
    try:
        if interrupted:  # Ctrl-C while it was being queued: withdrawn at once
            raise KeyboardInterrupt
        while time.monotonic() < end:
            answer = store.answer_of(request)
            if answer is not None:
                return answered(answer)
            time.sleep(0.05)
    except KeyboardInterrupt:
        with _held_back():
            answer = store.withdraw(request)
        if answer is not None:  # the controller took it first: it was applied
            outcome = answered(answer)
            return Outcome(f"{outcome.line} (answered before the interrupt)", outcome.code)
        return Outcome("interrupted: request withdrawn, nothing was changed. Ask again if it is still wanted",
                       NOT_ANSWERED)
    answer = store.withdraw(request)
    if answer is not None:  # taken just before the wait ended
        return answered(answer)
    holder, now = lease.read(store), time.time()
    if holder is None or not holder.is_running(now):
        why = controller_down(holder, now)
    else:
        why = holder.status or "the controller is running but did not get to it"
    return Outcome(f"not answered within {wait:g}s ({why}): request withdrawn, nothing was changed. "
                   "Ask again once `monopoli admin status` answers", NOT_ANSWERED)


@contextmanager
def _held_back() -> Iterator[list[int]]:
    """Ctrl-C held back meanwhile (main thread only, where signals arrive), so a transaction is not cut; the
    interrupts that came are in the list it gives, for the caller to act on after. Ignoring them lost a
    Ctrl-C pressed as the request was queued: the operator then waited the whole `--wait`."""
    came: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield came
        return
    previous = signal.signal(signal.SIGINT, lambda signum, _frame: came.append(signum))
    try:
        yield came
    finally:
        signal.signal(signal.SIGINT, previous)


def answered(answer: str) -> Outcome:
    """The controller's answer; 'refused:' and 'error:' answers exit 1."""
    return Outcome(answer, REFUSED if answer.startswith(("refused:", "error:")) else DONE)


def controller_down(holder: lease.Holder | None, now: float) -> str:
    """Why no controller answers: never ran, stopped (when), or hung (since when)."""
    if holder is None:
        return "no controller has run on this database yet"
    if holder.is_gone():
        return f"controller not running; last seen {lease.clock(holder.heartbeat)}"
    return (f"the controller ({holder.describe(now)}) is hung or its machine is down; "
            f"last seen {lease.clock(holder.heartbeat)}")


def offline_status(store: Store, holder: lease.Holder | None, board: str | None) -> str:
    """`admin status` without a controller: its last heartbeat, then each board as the database has it."""
    parts = [controller_down(holder, time.time())]
    every = sorted(store.boards())
    several = len(every) > 1
    for name in every if board is None else [board]:
        row = store.current_game(name)
        lobby = store.lobby(name)
        if row is None:
            parts.append(board_status(name, None, 0, lobby=lobby, min_players=MIN_PLAYERS, several=several))
            continue
        game, _ = load_game(store, row, load_board(board_path(rules_of(row.rules).board)))
        paused = store.paused(name) and game.phase != OVER
        parts.append(board_status(name, game, row.id, lobby=lobby, min_players=game.rules.min_players,
                                  paused=paused, ends_at=timelimit.ends_at(store, row),
                                  since=store.last_action_at(row.id) or row.started, several=several))
    aside = setaside.status_line(store)
    if aside:
        parts.append(aside)
    return "; ".join(parts) if len(parts) > 1 else f"{parts[0]}; no games yet"
