"""SQLite (WAL) for one event night: games, the action log, snapshots, the inbox cursor, inputs set aside.

Admin requests from `monopoli admin` go in here too, each with a deadline: the running
controller answers those still within it, and the CLI withdraws its request when its wait
ends. One night may be played on several servers' worlds, each by its own controller on this
one file: the lease per world and the night's boards are `lease.py`'s; what the file itself is
(its identity, how far it has applied) is `fileid.py`'s (docs/night.md).
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

from monopoli_mc.controller.db import sqlfile
from monopoli_mc.controller.db.store_meta import MetaKeys
from monopoli_mc.errors import StoreError

SNAPSHOT_EVERY = 100
UNDO = "undo"  # a log row that cancels the last N effective actions before it (its arg is N; null: 1)
NOTE = "note"  # a log row that changes nothing: what the operator did, for the move list (its arg is the line)
WAITING, DONE, WITHDRAWN, EXPIRED = "waiting", "done", "withdrawn", "expired"  # a request's states
# the inputs set aside (setaside.py), from version 3
_SET_ASIDE = """CREATE TABLE IF NOT EXISTS set_aside(id INTEGER PRIMARY KEY, world TEXT NOT NULL, seq INTEGER NOT NULL,
    uuid TEXT, name TEXT, kind TEXT NOT NULL, value INTEGER, why TEXT NOT NULL, t REAL NOT NULL)"""
# a lease per world (its RCON address) and the world each board of the night belongs to (lease.py), from version 5
_NIGHT = """CREATE TABLE IF NOT EXISTS leases(world TEXT PRIMARY KEY, holder TEXT NOT NULL, pid INTEGER NOT NULL,
    host TEXT NOT NULL, started REAL NOT NULL, heartbeat REAL NOT NULL, released INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT '');
CREATE TABLE IF NOT EXISTS boards(board TEXT PRIMARY KEY, world TEXT NOT NULL, identity TEXT NOT NULL DEFAULT '')"""
# what each action produced, for a replay to compare (saved.py), from version 4: a table of its own, so
# an older file gains it as the set-aside table came, and its earlier actions simply have none
_OUTCOMES = "CREATE TABLE IF NOT EXISTS outcomes(action INTEGER PRIMARY KEY, digest TEXT NOT NULL)"
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games(id INTEGER PRIMARY KEY, board TEXT NOT NULL, rules TEXT NOT NULL,
    seed INTEGER NOT NULL, names TEXT NOT NULL, started REAL NOT NULL, over INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS lobby(board TEXT NOT NULL, name TEXT NOT NULL, seated REAL NOT NULL,
    PRIMARY KEY(board, name));
CREATE TABLE IF NOT EXISTS actions(id INTEGER PRIMARY KEY, game INTEGER NOT NULL, kind TEXT NOT NULL,
    seat INTEGER NOT NULL, arg TEXT NOT NULL, origin TEXT NOT NULL, t REAL NOT NULL);
CREATE TABLE IF NOT EXISTS snapshots(game INTEGER NOT NULL, n INTEGER NOT NULL, data TEXT NOT NULL,
    PRIMARY KEY(game, n));
CREATE TABLE IF NOT EXISTS players(uuid TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS requests(id INTEGER PRIMARY KEY, t REAL NOT NULL, board TEXT,
    kind TEXT NOT NULL, args TEXT NOT NULL, deadline REAL NOT NULL, state TEXT NOT NULL DEFAULT 'waiting',
    answer TEXT);
""" + _SET_ASIDE + ";\n" + _OUTCOMES + ";\n" + _NIGHT + ";\n"

# version -> what takes a file of that version to the next (sqlfile.SCHEMA_VERSION is the newest); 4 -> 5: the
# one lease becomes the lease of the world '' (a controller from before leases per world), then goes
_MIGRATIONS = {2: _SET_ASIDE, 3: _OUTCOMES, 4: _NIGHT + """;
INSERT OR IGNORE INTO leases(world, holder, pid, host, started, heartbeat, released, status)
    SELECT '', holder, pid, host, started, heartbeat, released, status FROM lease;
DROP TABLE lease"""}

Action = tuple[str, int, Any]


@dataclass(frozen=True)
class GameRow:
    """A game as stored: which board, rules (as data), seed and seats."""

    id: int
    board: str
    rules: dict[str, Any]
    seed: int
    names: list[str]
    started: float
    over: bool


@dataclass(frozen=True)
class Request:
    """An operator's request from `monopoli admin`, waiting for the controller."""

    id: int
    board: str | None
    kind: str
    args: dict[str, Any]


class Store(MetaKeys):
    """One SQLite file; every write the controller makes is one transaction."""

    def __init__(self, path: Path | str, *, factory: type[sqlfile.Connection] = sqlfile.Connection,
                 create: bool = True) -> None:
        """Open the night's file (created owner-only when new); raises StoreError, e.g. for a file
        whose tables are not a game database's (it is never re-created, and is left as it was).

        `create=False` (`state`, `admin`): only a game database is opened; a missing or empty file is refused."""
        self.path = str(path)
        self.db = sqlfile.connect(self.path, _SCHEMA, factory=factory, migrations=_MIGRATIONS, create=create)
        self.guard: Callable[[], None] | None = None  # the lease's check, run first in every transaction

    def close(self) -> None:
        """Close the file."""
        self.db.close()

    def transaction(self) -> _Tx:
        """`with store.transaction():` groups writes; all or nothing (and only while holding the lease)."""
        return _Tx(self)

    def savepoint(self) -> _Savepoint:
        """`with store.savepoint():` inside a transaction: a failure undoes only what it wrapped."""
        return _Savepoint(self.db)

    # -- players and seats ---------------------------------------------------------
    def players(self) -> dict[str, str]:
        """UUID -> name of every player seen."""
        return {u: n for u, n in self.db.execute("SELECT uuid, name FROM players")}

    def add_player(self, uuid: str, name: str) -> None:
        """Remember a player's name for a UUID."""
        self.db.execute("INSERT OR REPLACE INTO players(uuid, name) VALUES(?, ?)", (uuid, name))

    def lobby(self, board: str) -> list[str]:
        """Names seated at a board that has no game yet, in seating order."""
        return [r[0] for r in self.db.execute(
            "SELECT name FROM lobby WHERE board=? ORDER BY seated, rowid", (board,))]

    def boards(self) -> set[str]:
        """Boards with a game or someone seated."""
        return {r[0] for r in self.db.execute("SELECT board FROM games UNION SELECT board FROM lobby")}

    def lobbies(self) -> dict[str, list[str]]:
        """Every board's seated players (those with any), in the order `lobby` gives them: one query."""
        out: dict[str, list[str]] = {}
        for board, name in self.db.execute("SELECT board, name FROM lobby ORDER BY seated, rowid"):
            out.setdefault(board, []).append(name)
        return out

    def seat(self, board: str, name: str) -> None:
        """Seat a player at a board's next game."""
        self.db.execute("INSERT OR IGNORE INTO lobby(board, name, seated) VALUES(?, ?, ?)",
                        (board, name, time.time()))

    def unseat(self, board: str, name: str) -> None:
        """Take a player out of a board's lobby."""
        self.db.execute("DELETE FROM lobby WHERE board=? AND name=?", (board, name))

    # -- games and the action log ------------------------------------------------------
    def new_game(self, board: str, rules: dict[str, Any], seed: int, names: list[str]) -> int:
        """Record a new game (its lobby is emptied); returns its id."""
        cur = self.db.execute("INSERT INTO games(board, rules, seed, names, started) VALUES(?,?,?,?,?)",
                              (board, json.dumps(rules), seed, json.dumps(names), time.time()))
        self.db.execute("DELETE FROM lobby WHERE board=?", (board,))
        return int(cur.lastrowid or 0)

    def games(self, *, board: str | None = None) -> list[GameRow]:
        """Stored games, oldest first."""
        rows = self.db.execute("SELECT id, board, rules, seed, names, started, over FROM games "
                               "ORDER BY id").fetchall()
        out = [self._game_row(r) for r in rows]
        return [g for g in out if board is None or g.board == board]

    def _game_row(self, r: tuple[Any, ...]) -> GameRow:
        """A games row as monopoli wrote it, or a StoreError naming what was changed."""
        rules, names = self._loads(r[2], "games", r[0]), self._loads(r[4], "games", r[0])
        if not isinstance(rules, dict):
            raise self.damaged("games", r[0], f"its rules are {str(r[2])[:40]!r}, not a rule set")
        if not isinstance(names, list) or not names or not all(isinstance(n, str) and n for n in names):
            raise self.damaged("games", r[0], f"its names are {str(r[4])[:40]!r}, not a list of players")
        if not isinstance(r[1], str) or type(r[3]) is not int or not isinstance(r[5], (int, float)):
            raise self.damaged("games", r[0], "its board, seed or start time is not what monopoli writes")
        return GameRow(r[0], r[1], rules, r[3], names, float(r[5]), bool(r[6]))

    def damaged(self, table: str, row: object, why: str) -> StoreError:
        """The error for a row changed outside monopoli: the file, the table and row, why, what to do."""
        return StoreError(f"{self.path}: row {row} of table {table!r} is damaged ({why}); "
                          "restore the file from a copy")

    def current_game(self, board: str) -> GameRow | None:
        """The latest game of a board, if any."""
        games = self.games(board=board)
        return games[-1] if games else None

    def set_over(self, game: int, *, over: bool = True) -> None:
        """Mark a game finished (or, after an undo, not any more)."""
        self.db.execute("UPDATE games SET over=? WHERE id=?", (int(over), game))

    def log(self, game: int, action: Action, origin: str, *, outcome: str | None = None) -> None:
        """Append one applied action, with the digest of what it produced (`saved.outcome`) when it changed
        the game."""
        kind, seat, arg = action
        row = self.db.execute("INSERT INTO actions(game, kind, seat, arg, origin, t) VALUES(?,?,?,?,?,?)",
                              (game, kind, seat, json.dumps(arg), origin, time.time()))
        if outcome is not None:
            self.db.execute("INSERT INTO outcomes(action, digest) VALUES(?,?)", (row.lastrowid, outcome))

    def log_undo(self, game: int, origin: str, count: int = 1, *, left: int | None = None) -> None:
        """Append an undo row (cancels the last `count` effective actions) and drop stale snapshots.

        `left`: how many effective actions remain, when the caller knows (saves reading the log).
        """
        self.log(game, (UNDO, -1, count), origin)
        n = len(self.actions(game)) if left is None else left
        self.db.execute("DELETE FROM snapshots WHERE game=? AND n>?", (game, n))

    def note(self, game: int, line: str, origin: str) -> None:
        """Append a line to the game's move list that is no action (a pause, an undo, a kick)."""
        self.log(game, (NOTE, -1, line), origin)

    def history(self, game: int) -> list[tuple[int, str | None]]:
        """The move list's frame: for each note, (effective actions before it, its line); undone
        actions leave, their notes stay. Ends with (effective actions, None)."""
        out: list[tuple[int, str | None]] = []
        n = 0
        for rowid, kind, arg in self.db.execute(
                "SELECT id, kind, arg FROM actions WHERE game=? ORDER BY id", (game,)).fetchall():
            if kind == UNDO:
                n = max(0, n - self._undone(arg, rowid))
                out = [(min(at, n), line) for at, line in out]
            elif kind == NOTE:
                line = self._loads(arg, "actions", rowid)
                out.append((n, line if isinstance(line, str) else str(line)))
            else:
                n += 1
        return out + [(n, None)]

    def actions(self, game: int) -> list[Action]:
        """The effective actions of a game in order (undo rows applied)."""
        return [action for action, _origin in self.effective(game)]

    def effective(self, game: int) -> list[tuple[Action, str]]:
        """The effective actions of a game with where each came from ("seq 12", "forced", ...)."""
        return [(action, origin) for action, origin, _digest in self._effective(game)]

    def outcomes(self, game: int) -> list[str | None]:
        """The recorded digest of what each effective action produced, in the order of `actions(game)`
        (None for an action recorded before digests were kept)."""
        return [digest for _action, _origin, digest in self._effective(game)]

    def _effective(self, game: int) -> list[tuple[Action, str, str | None]]:
        out: list[tuple[Action, str, str | None]] = []
        for rowid, kind, seat, arg, origin, digest in self.db.execute(
                "SELECT a.id, a.kind, a.seat, a.arg, a.origin, o.digest FROM actions a LEFT JOIN outcomes o "
                "ON o.action=a.id WHERE a.game=? ORDER BY a.id", (game,)).fetchall():
            if kind == UNDO:
                del out[max(0, len(out) - self._undone(arg, rowid)):]
            elif kind == NOTE:
                continue
            else:
                out.append(((kind, seat, self._loads(arg, "actions", rowid)), origin, digest))
        return out

    def _undone(self, arg: str, rowid: int) -> int:
        """How many effective actions an undo row cancels (its arg; null or anything else: 1)."""
        count = self._loads(arg, "actions", rowid)
        return count if isinstance(count, int) and count > 0 else 1

    def last_action_at(self, game: int) -> float | None:
        """When the game's log last grew (time.time()), None before its first action."""
        row = self.db.execute("SELECT MAX(t) FROM actions WHERE game=?", (game,)).fetchone()
        return float(row[0]) if row and row[0] is not None else None

    def action_rows(self, game: int) -> Iterator[tuple[int, str, int, str, str, float]]:
        """Raw log rows (for `monopoli state` and tests)."""
        yield from self.db.execute("SELECT id, kind, seat, arg, origin, t FROM actions WHERE game=? "
                                   "ORDER BY id", (game,))

    def snapshot(self, game: int, n: int, data: dict[str, Any]) -> None:
        """Store the state after the first n effective actions."""
        self.db.execute("INSERT OR REPLACE INTO snapshots(game, n, data) VALUES(?,?,?)",
                        (game, n, json.dumps(data)))

    def latest_snapshot(self, game: int, limit: int) -> tuple[int, dict[str, Any]] | None:
        """The newest snapshot at or before `limit` actions."""
        row = self.db.execute("SELECT n, data FROM snapshots WHERE game=? AND n<=? ORDER BY n DESC "
                              "LIMIT 1", (game, limit)).fetchone()
        return (int(row[0]), self._loads(row[1], "snapshots", f"{game}/{row[0]}")) if row else None

    # -- operator requests ---------------------------------------------------------
    def request(self, kind: str, args: dict[str, Any], board: str | None = None, *, wait: float = 60.0) -> int:
        """Queue an operator request that the controller may apply for `wait` seconds; returns its id."""
        now = time.time()
        cur = self.db.execute("INSERT INTO requests(t, board, kind, args, deadline) VALUES(?,?,?,?,?)",
                              (now, board, kind, json.dumps(args), now + wait))
        return int(cur.lastrowid or 0)

    def has_requests(self) -> bool:
        """Whether any request waits (a cheap look before the poll opens a transaction)."""
        return self.db.execute("SELECT 1 FROM requests WHERE state=? LIMIT 1", (WAITING,)).fetchone() is not None

    def waiting_requests(self) -> list[Request]:
        """Requests waiting, oldest first, as they are (a look before the poll's transaction)."""
        return [Request(r[0], r[1], r[2], self._loads(r[3], "requests", r[0])) for r in self.db.execute(
            "SELECT id, board, kind, args FROM requests WHERE state=? ORDER BY id", (WAITING,)).fetchall()]

    def pending_requests(self, now: float) -> list[Request]:
        """Requests still within their deadline, oldest first; those past it are marked expired.

        Call inside the transaction that answers them, so a withdrawal cannot slip in between.
        """
        self.db.execute("UPDATE requests SET state=? WHERE state=? AND deadline<=?", (EXPIRED, WAITING, now))
        return self.waiting_requests()

    def answer(self, request: int, text: str) -> None:
        """Mark a request done with the controller's answer."""
        self.db.execute("UPDATE requests SET state=?, answer=? WHERE id=?", (DONE, text, request))

    def answer_of(self, request: int) -> str | None:
        """The answer to a request, or None while it waits (or if it was never answered)."""
        row = self.db.execute("SELECT state, answer FROM requests WHERE id=?", (request,)).fetchone()
        return str(row[1]) if row and row[0] == DONE else None

    def withdraw(self, request: int) -> str | None:
        """Withdraw a request unless the controller has taken it: None if withdrawn, else its answer.

        One transaction: the controller answers a request in the transaction that applies it,
        so either it was applied (and the answer is returned) or it never will be.
        """
        with self.transaction():
            cur = self.db.execute("UPDATE requests SET state=? WHERE id=? AND state IN (?, ?)",
                                  (WITHDRAWN, request, WAITING, EXPIRED))
            if cur.rowcount:
                return None
            answer = self.answer_of(request)
        if answer is None:
            raise StoreError(f"{self.path}: request {request} is gone")
        return answer

    def _loads(self, text: str, table: str, rowid: object) -> Any:
        return sqlfile.loads(text, table, rowid, self.path)


class _Tx:
    def __init__(self, store: Store) -> None:
        self.store = store

    def __enter__(self) -> sqlite3.Connection:
        db = self.store.db
        db.execute("BEGIN IMMEDIATE")
        db.failure = None
        if self.store.guard is not None:
            try:
                self.store.guard()
            except BaseException:
                db.execute("ROLLBACK")
                raise
        return db

    def __exit__(self, exc_type: Any, exc: Any, tb: Any) -> None:
        db = self.store.db
        failure, db.failure = db.failure, None
        if exc_type is None and failure is None:
            try:
                db.execute("COMMIT")
                return
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
        if db.in_transaction:  # sqlite rolls back by itself after some errors (a full disk)
            db.execute("ROLLBACK")
        if exc_type is None and failure is not None:  # a statement failed and someone swallowed it
            raise failure


class _Savepoint:
    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("SAVEPOINT step")

    def __exit__(self, exc_type: Any, exc: Any, tb: Any) -> None:
        if not self.db.in_transaction:  # sqlite rolled the whole transaction back by itself
            return
        if exc_type is not None:
            self.db.execute("ROLLBACK TO step")
        self.db.execute("RELEASE step")
