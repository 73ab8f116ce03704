"""The poll's decisions, in order, from its snapshot: each input in a savepoint of its own (`one`).

The loop calls `decide` inside the poll's transaction and writes what it returns after the commit;
a test calls it the same way on a snapshot over an in-memory store, with no server
(`tests/controller/decide_support.py`). What the loop keeps from poll to poll for its decisions
is `Kept`; what only the loop can do (rebuild the games from the store, say the lines) it passes in.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Callable

from monopoli_mc.controller.decide import inputs, worlds

from monopoli_mc.controller.db import lineage

from monopoli_mc.controller.clocks import status, timers
from monopoli_mc.controller.decide.snapshot import Snapshot
from monopoli_mc.controller.game.table import Action, BoardGame
from monopoli_mc.errors import MonopoliError, RconError, StoreError

log = logging.getLogger("monopoli_mc.controller")
Stuck = tuple[str, int | None, int, str]  # (board, game, actions, kind): a clock's action that failed there


@dataclass
class Kept:
    """What the decisions keep from one poll to the next (in the loop's memory)."""

    stuck: set[Stuck] = field(default_factory=set)  # clocks' actions not tried again until their game moves on
    starts: set[str] = field(default_factory=set)  # boards whose game ended at the last poll: --start-at, the queue


@dataclass
class Undo:
    """What a failed decision needs of the loop: rebuild the games from the store, say the lines so far."""

    reload: Callable[[], None]
    said: Callable[[Snapshot], None]


def decide(s: Snapshot, due: list[timers.Due], kept: Kept, undo: Undo, *, world_key: str) -> list[str]:
    """The poll's decisions: entries above the pack's counter, the inbox's entries, the clocks' actions,
    the operator's requests still within their deadline, a queue's start, the other worlds' news; then the
    cursor. Returns the writes, in order."""
    out: list[str] = []
    for event in s.reads.beyond:
        out += inputs.set_aside(s, event, f"its number is above the world's event counter "
                                          f"({s.reads.counter}): the pack did not write it", tell=None)
        undo.said(s)
    for event in s.reads.new:
        out += one(s, undo, f"inbox entry {event!r}", lambda: inputs.entry(s, event),
                   lambda exc: inputs.refused(s, event, exc))
    for table, action, key in due:
        if (table.game_id, table.n_actions) == key and (table.name, *key, action[0]) not in kept.stuck:
            out += one(s, undo, f"board {table.name!r}: the clock's {action[0]}",  # else a bid restarted it
                       lambda: s.apply(table, action, "clock"),
                       lambda exc: _stuck(s, kept, table, action, exc))
    for request in worlds.requests_for(s.store, s.tables, world_key, time.time()):
        out += one(s, undo, f"request {request.id} ({request.kind})", lambda: inputs.request(s, request),
                   lambda exc: inputs.request_failed(s, request, exc))
    starts, kept.starts = kept.starts, set()
    if starts:
        out += one(s, undo, "the start of a queue's game (--start-at)", lambda: inputs.start_due(s, starts),
                   lambda exc: _start_failed(s, starts, exc))
    kept.starts = inputs.ended(s)
    out += one(s, undo, "the news of the night's other worlds", lambda: worlds.hear(s, world_key), lambda exc: [])
    lineage.advance(s.store, s.world_id, s.reads.new)
    return out


def one(s: Snapshot, undo: Undo, what: str, decide: Callable[[], list[str]],
        failed: Callable[[Exception], list[str]]) -> list[str]:
    """One input decided in a savepoint: its writes. When it fails, what it did is undone, in the store
    and in memory, and `failed` decides what is said instead. The server and the database failing are
    not the input's fault: they fail the whole poll."""
    before = [(t.game_id, t.n_actions) for t in s.tables.values()]
    sizes = {name: len(events) for name, events in s.events.items()}
    try:
        with s.store.savepoint():
            return decide()
    except (RconError, StoreError):
        raise
    except Exception as exc:
        undo.said(s)  # what it said before it failed, while the games still stand as it left them
        bug = not isinstance(exc, MonopoliError)
        if bug:
            log.exception("%s failed", what)
        if bug or before != [(t.game_id, t.n_actions) for t in s.tables.values()]:
            undo.reload()  # it failed after changing a game: undo that in memory too
            for name in list(s.events):
                del s.events[name][sizes.get(name, 0):]
        return failed(exc)
    finally:
        undo.said(s)


def _stuck(s: Snapshot, kept: Kept, table: BoardGame, action: Action, exc: Exception) -> list[str]:
    """A clock's action failed: not tried again until its board's game moves on."""
    kept.stuck.add((table.name, table.game_id, table.n_actions, action[0]))
    return inputs.clock_failed(s, table, action, exc)


def _start_failed(s: Snapshot, boards: set[str], exc: Exception) -> list[str]:
    """A queue's game that could not start: said once; the organiser starts it (`admin start`)."""
    several = len(s.tables) > 1
    how = " or ".join(f"`{status.admin('start', board, several=several)}`" for board in sorted(boards))
    s.say(f"warning: the next game could not start by itself ({exc}); start it with {how}")
    return []
