"""Inputs set aside (dead letters): an inbox entry that cannot be applied is recorded with why, and passed.

Whatever goes wrong with one entry (a name no command can carry, a value nothing
accepts, an error nobody foresaw), it is kept in the database's `set_aside` table in
the poll's transaction, the log says so, and the cursor moves past it: the next good
input is applied in the next poll. `monopoli admin status` counts them and shows the last.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from monopoli_mc.bridge.inbox import WorldEvent
from monopoli_mc.controller.db.store import Store

KEPT_WHY = 300  # characters of the reason kept (an unforeseen error's text can be long)


@dataclass(frozen=True)
class SetAside:
    """One input set aside, as stored."""

    seq: int
    world: str
    uuid: str | None
    name: str | None
    kind: str
    value: int | None
    why: str
    t: float

    def describe(self) -> str:
        """`seq 12 (join) from Robin!: why`."""
        who = self.name or self.uuid or "an unknown player"
        value = "" if self.value is None else f" {self.value}"
        return f"seq {self.seq} ({self.kind}{value}) from {who}: {self.why}"


def record(store: Store, world: str, event: WorldEvent, name: str | None, why: str) -> SetAside:
    """Keep an entry that could not be applied (inside the poll's transaction); returns it."""
    row = SetAside(event.seq, world, event.uuid, name, event.kind, event.value, why[:KEPT_WHY], time.time())
    store.db.execute("INSERT INTO set_aside(world, seq, uuid, name, kind, value, why, t) VALUES(?,?,?,?,?,?,?,?)",
                     (row.world, row.seq, row.uuid, row.name, row.kind, row.value, row.why, row.t))
    return row


def rows(store: Store, *, limit: int = 20) -> list[SetAside]:
    """The latest inputs set aside, newest first."""
    return [SetAside(r[1], r[0], r[2], r[3], r[4], r[5], r[6], r[7]) for r in store.db.execute(
        "SELECT world, seq, uuid, name, kind, value, why, t FROM set_aside ORDER BY id DESC LIMIT ?", (limit,))]


def count(store: Store) -> int:
    """How many inputs were set aside in this database."""
    return int(store.db.execute("SELECT count(*) FROM set_aside").fetchone()[0])


def status_line(store: Store) -> str | None:
    """For `admin status`: how many inputs were set aside and the last one; None when there are none."""
    n = count(store)
    if not n:
        return None
    last = rows(store, limit=1)[0]
    return f"inputs set aside: {n} (the last, {time.strftime('%H:%M:%S', time.localtime(last.t))}: {last.describe()})"
