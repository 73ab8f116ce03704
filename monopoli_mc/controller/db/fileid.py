"""What a database file is: an identity of its own, told from a copy by the file it lives in, and how far it has applied.

A copy of the night's database (`cp`, `sqlite3 .backup`, a backup restored) holds the same rows, night id
and all, so nothing inside it tells it from the live file. The file itself does: the identity is kept with
the device and inode of the file that drew it. Opened by a controller at another inode, the file is a copy:
it draws an identity of its own and remembers the one it came from (`origin`). Moving the file (`mv` on one
disk) keeps its inode, and so its identity.

How far a file has applied is a count of the controller's steps (the poll transactions that decided
something) kept in the file, with its moves (action rows) and the time of its last step. Every step's count
goes into the world's mark with the poll's writes, so the world knows which file runs it and how far that
file had got: a file behind the world's count is an older copy, and running on it would rewrite the world
back (docs/night.md says which cases this covers and which it does not).
"""

from __future__ import annotations

import os
import time
import uuid
from dataclasses import dataclass

from monopoli_mc.controller.db.store import Store



@dataclass(frozen=True)
class FileId:
    """A database file's identity and how far it has applied."""

    id: str
    origin: str = ""  # the identity of the file this one was copied from ('' for none)
    origin_path: str = ""  # where that file was when this copy found it was one
    steps: int = 0  # the controller's steps this file holds
    moves: int = 0  # its moves (action rows)
    at: float = 0.0  # when its last step was (0: none yet)
    copied: bool = False  # found to be a copy now: it has just drawn an identity of its own


def examine(store: Store) -> FileId:
    """This file's identity, drawn when it has none or when it is a copy of the file that drew the one it
    holds (another device or inode); in a transaction of its own (before the lease is taken)."""
    here = _where(store.path)
    with store.transaction():
        held = _held(store)
        copied = bool(held) and here is not None and (held.get("dev"), held.get("ino")) != here
        if not held or copied:
            held = {"id": uuid.uuid4().hex, "dev": here[0] if here else None, "ino": here[1] if here else None,
                    "path": os.path.abspath(store.path),
                    "from": str(held.get("id", "")) if copied else "",
                    "from_path": str(held.get("path", "")) if copied else ""}
            store.set_file_identity(held)
        if copied:  # its leases were the original's controllers': none of them runs this file
            store.db.execute("UPDATE leases SET released=1, status=''")
    return _identity(store, held, copied=copied)


def current(store: Store) -> FileId:
    """The identity as held, with how far the file has applied (read only; examine() draws it first)."""
    return _identity(store, _held(store), copied=False)


def signature(store: Store) -> tuple[object, ...]:
    """What a step changes that the world shows or consumed: the log, the seats, the games, the inputs set aside
    (a poll that only answered `admin status` is no step: nothing the world shows moved)."""
    row = store.db.execute("SELECT (SELECT MAX(id) FROM actions), (SELECT COUNT(*) FROM lobby), "
                           "(SELECT MAX(rowid) FROM lobby), (SELECT MAX(id) FROM games), "
                           "(SELECT SUM(over) FROM games), (SELECT MAX(id) FROM set_aside)").fetchone()
    return tuple(row)


def step(store: Store) -> FileId:
    """Count one step of the controller (inside the poll's transaction); returns how far the file has applied."""
    steps = _steps(store) + 1
    store.set_step(steps, time.time())
    return current(store)


def _identity(store: Store, held: dict[str, object], *, copied: bool) -> FileId:
    row = store.db.execute("SELECT MAX(id) FROM actions").fetchone()
    when = store.step_at()
    return FileId(str(held.get("id", "")), str(held.get("from", "")), str(held.get("from_path", "")), _steps(store),
                  int(row[0] or 0) if row else 0, when, copied)


def _steps(store: Store) -> int:
    return store.steps_applied()


def _held(store: Store) -> dict[str, object]:
    """The identity as stored ({} for none)."""
    return store.file_identity(_shape)


def _shape(data: object) -> dict[str, object]:
    if not isinstance(data, dict) or (data and not isinstance(data.get("id"), str)):
        raise ValueError("it is not an identity")
    return data


def _where(path: str) -> tuple[int, int] | None:
    """The device and inode of the file (None for a database in memory)."""
    if path == ":memory:":
        return None
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino
