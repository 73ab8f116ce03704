"""A lease per world inside the night's database: the lease a running `monopoli run` takes, beats and gives back.

One night may be played on several servers, each world run by its own controller, all on the
night's one database. So the lease is a row per world (the world config's RCON address, `host:port`):
who holds it (a token, the PID and the host), when it started, its last heartbeat, and what the
controller is doing (for `monopoli admin` when a request is not answered). Every transaction of the
holder first checks that its world's row is still its own, so a controller whose lease was taken
over writes nothing more and stops; the controllers of other worlds write beside it (WAL, short
transactions, a busy timeout). The night's boards are named once across its worlds: each board
belongs to the world that first ran it (table `boards`), and another world naming it is refused.

The world holds the other half: the running controller's mark (`storage monopoli:bridge night`:
its night's id, database, host, PID, its lease's token, the database file's identity and how far it
has applied; the PID cleared at a clean stop). A controller started on a world whose mark names
another controller that still runs (its process alive on this host and holding its lease in the
database the mark names; on another host, any mark not cleared) is refused, whatever database it
was given; one whose world mark carries another token stops at its next poll, before it applies or
acknowledges anything. The mark names its database by its absolute path, which `night_of` reads
(read only) when another database starts on the world: a night with a game unfinished is not left
by mistake (`OtherNight`). Which file is the night's live one is `fileid.py`'s (docs/night.md).
"""

from __future__ import annotations

import os
import socket
import sqlite3
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from monopoli_mc.bridge.inbox import NightMark
from monopoli_mc.controller.db.store import Store
from monopoli_mc.errors import LeaseError, StoreError

HEARTBEAT = 1.0  # seconds between heartbeats
STALE = 15.0  # a lease whose heartbeat is older than this is stale: its controller is hung or gone


@dataclass(frozen=True)
class Holder:
    """A world's lease as stored."""

    token: str
    pid: int
    host: str
    started: float
    heartbeat: float
    released: bool
    status: str
    world: str = ""  # the world's RCON address ('' for a lease from before leases per world)

    def is_gone(self) -> bool:
        """Stopped cleanly, or its process no longer exists (on this host, where that can be seen)."""
        return self.released or (self.host == socket.gethostname() and not _pid_alive(self.pid))

    def is_running(self, now: float) -> bool:
        """Whether a controller holds the lease and beat it lately."""
        return not self.is_gone() and now - self.heartbeat < STALE

    def describe(self, now: float) -> str:
        """'pid 123 on host, started 21:00:03, last heartbeat 2s ago'."""
        return (f"pid {self.pid} on {self.host}, started {clock(self.started)}, "
                f"last heartbeat {max(0.0, now - self.heartbeat):.0f}s ago")


def clock(t: float) -> str:
    """A wall-clock time as the operator's terminal shows it: 21:04:13."""
    return time.strftime("%H:%M:%S", time.localtime(t))


class LeaseDamaged(StoreError):
    """A lease's row holds what no controller wrote (the file was changed outside monopoli)."""


class BoardTaken(LeaseError):
    """A board of this world's config is a board of another world of the night."""


_ROWS = "SELECT holder, pid, host, started, heartbeat, released, status, world FROM leases"


def _holder(row: Any) -> Holder:
    """The Holder of a lease row; raises TypeError or ValueError when the row holds what no controller wrote."""
    token, pid, host, started, heartbeat, released, status, world = row
    if not isinstance(pid, int) or not isinstance(started, (int, float)) or not isinstance(heartbeat, (int, float)):
        raise ValueError(f"its pid, start or heartbeat is {pid!r}, {started!r}, {heartbeat!r}")
    return Holder(str(token), int(pid), str(host), float(started), float(heartbeat), bool(released),
                  str(status), str(world))


def _damaged(store: Store, world: str, exc: Exception) -> LeaseDamaged:
    return LeaseDamaged(f"{store.path}: the lease of world {world!r} (table 'leases') is damaged ({exc}); if no "
                        "controller runs that world, `monopoli run --take-over` writes a new lease")


def read(store: Store, world: str | None = None) -> Holder | None:
    """A world's lease, or None if no controller ever ran it on this database. `world` None: the night's
    lease most worth naming (a running one, else the latest to beat), for `monopoli admin`."""
    if world is not None:
        row = store.db.execute(_ROWS + " WHERE world=?", (world,)).fetchone()
        if row is None:
            return None
        try:
            return _holder(row)
        except (TypeError, ValueError) as exc:  # changed outside monopoli
            raise _damaged(store, world, exc) from None
    found = holders(store)
    now = time.time()
    return max(found, key=lambda h: (h.is_running(now), h.heartbeat), default=None)


def holders(store: Store) -> list[Holder]:
    """Every world's lease on this database; LeaseDamaged for a row no controller wrote."""
    out = []
    for row in store.db.execute(_ROWS + " ORDER BY world").fetchall():
        try:
            out.append(_holder(row))
        except (TypeError, ValueError) as exc:
            raise _damaged(store, str(row[-1]), exc) from None
    return out


def running_worlds(store: Store, now: float) -> dict[str, list[str]]:
    """The worlds whose controller runs now, each with its boards (a damaged row counts as none)."""
    try:
        live = [h.world for h in holders(store) if h.is_running(now)]
    except LeaseDamaged:
        return {}
    return {world: boards_of(store, world) for world in live}


def boards_of(store: Store, world: str) -> list[str]:
    """The night's boards that belong to a world, by name."""
    return [r[0] for r in store.db.execute("SELECT board FROM boards WHERE world=? ORDER BY board", (world,))]


def settle_boards(store: Store, world: str, identity: str, boards: Sequence[str]) -> list[str]:
    """Once connected: each board is this world's (its address `world`, the identity its pack drew). A board
    another world ran, at another address and with another identity, is refused while a game there is
    unfinished (that game's players are in that world); one it no longer plays moves here, and is said.
    A board run before from this address (a reset world) or from this identity (a new address) is ours."""
    lines = []
    with store.transaction():
        for board in boards:
            row = store.db.execute("SELECT world, identity FROM boards WHERE board=?", (board,)).fetchone()
            if row is not None and row[0] != world and not (identity and row[1] == identity):
                game = store.db.execute("SELECT id FROM games WHERE board=? AND over=0 ORDER BY id DESC LIMIT 1",
                                        (board,)).fetchone()
                holder = read(store, str(row[0]))
                if holder is not None and holder.is_running(time.time()):
                    raise BoardTaken(_taken(board, str(row[0]), f"its controller runs ({holder.describe(time.time())})"))
                if game is not None:
                    raise BoardTaken(_taken(board, str(row[0]), f"game {game[0]} there is unfinished"))
                lines.append(f"board {board!r} was a board of {row[0] or 'an earlier controller'}, which no longer "
                             "plays it; it is this world's now")
            store.db.execute("INSERT OR REPLACE INTO boards(board, world, identity) VALUES(?, ?, ?)",
                             (board, world, identity))
    return lines


def _taken(board: str, other: str, why: str) -> str:
    return (f"board {board!r} is a board of another world of this night ({other or 'an earlier controller'}: {why}): "
            "every board of the night needs a name of its own across its servers; rename it in this world's config "
            "(boards: name:), or give this world a --db of its own")


def world_of(store: Store, board: str) -> str | None:
    """The world a board of the night belongs to (None: no world has run it yet)."""
    row = store.db.execute("SELECT world FROM boards WHERE board=?", (board,)).fetchone()
    return str(row[0]) if row else None


class Lease:
    """This process's claim on one world of a database, and on that world's boards."""

    def __init__(self, store: Store, world: str = "", boards: Sequence[str] = ()) -> None:
        self.store = store
        self.world = world
        self.boards = tuple(boards)
        self.token = uuid.uuid4().hex
        self._beat = 0.0
        self._status = ""

    def take(self, *, take_over: bool = False) -> str | None:
        """Hold the world, or raise LeaseError naming the holder (BoardTaken naming a board of another
        world); returns a line when a lease was taken from a controller that is gone or (with take_over)
        from one that is not."""
        now = time.time()
        self.store.guard = None  # whoever held it through this store before
        with self.store.transaction():
            line = None
            try:
                current = read(self.store, self.world)
            except LeaseDamaged:
                if not take_over:
                    raise
                current, line = None, "the lease's row was damaged; a new lease is written"
            if current is not None and (current.pid, current.host) == (os.getpid(), socket.gethostname()):
                pass  # a controller of this process left it without stopping (a restart within the demo or a test)
            elif current is not None and not current.is_gone():
                if not take_over:
                    raise LeaseError(self._refusal(current, now))
                line = f"took the database over from the controller with {current.describe(now)}; it stops"
            elif current is not None and not current.released:
                line = f"the last controller ({current.describe(now)}) is gone; taking over"
            self._claim_boards(now)
            self.store.db.execute(
                "INSERT OR REPLACE INTO leases(world, holder, pid, host, started, heartbeat, released, status) "
                "VALUES(?, ?, ?, ?, ?, ?, 0, '')",
                (self.world, self.token, os.getpid(), socket.gethostname(), now, now))
        self._beat = now
        self.store.guard = self.check
        return line

    def _claim_boards(self, now: float) -> str | None:
        """Each board of this world is this world's: refused while another world of the night runs it now. Whether
        a board another world ran before may move here is settled once the world is known (`settle_boards`)."""
        for board in self.boards:
            other = world_of(self.store, board)
            if other is None:
                self.store.db.execute("INSERT INTO boards(board, world) VALUES(?, ?)", (board, self.world))
            elif other != self.world:
                holder = read(self.store, other)
                if holder is not None and holder.is_running(now):
                    raise BoardTaken(_taken(board, other, f"its controller runs ({holder.describe(now)})"))
        return None

    def _refusal(self, current: Holder, now: float) -> str:
        world = f" for the world at {self.world}" if self.world else ""
        where = f"{self.store.path} is run by another controller{world} ({current.describe(now)})"
        if now - current.heartbeat >= STALE:
            return (f"{where}: it has not beaten for {STALE:g}s, so it is hung or its machine is down; "
                    "stop it if you can, then start again with `monopoli run --take-over`")
        return (f"{where}: stop that one first (Ctrl-C in its terminal), or take the database over with "
                "`monopoli run --take-over` (the other one then stops at its next step)")

    def check(self) -> None:
        """Raise LeaseError unless this process still holds its world's lease (runs inside each transaction)."""
        row = self.store.db.execute("SELECT holder, pid, host FROM leases WHERE world=?", (self.world,)).fetchone()
        if row is None or row[0] != self.token:
            who = f"pid {row[1]} on {row[2]}" if row else "nobody"
            raise LeaseError(f"{self.store.path} was taken over by another controller ({who}); this one stops "
                             "so that only one writes the night")

    def beat(self, status: str = "") -> None:
        """Record that this controller is alive (at most once a HEARTBEAT, unless the status changed)."""
        now = time.time()
        if now - self._beat < HEARTBEAT and status == self._status:
            return
        with self.store.transaction():
            self.store.db.execute("UPDATE leases SET heartbeat=?, status=? WHERE world=? AND holder=?",
                                  (now, status, self.world, self.token))
        self._beat, self._status = now, status

    def release(self) -> None:
        """Give the world back (a clean stop): the next `run` on it starts without a word."""
        self.store.guard = None
        with self.store.transaction():
            self.store.db.execute("UPDATE leases SET released=1, heartbeat=?, status='' WHERE world=? AND holder=?",
                                  (time.time(), self.world, self.token))


def world_is_held(mark: NightMark | None, token: str) -> bool:
    """Whether another controller runs this world: its mark, not cleared, naming a process that lives
    (on this host: alive, and its lease, in the database the mark names, where readable, its own and not
    given back). `token`: this controller's lease token (its own mark is not another's)."""
    if mark is None or mark.pid <= 0 or (token and mark.token == token):
        return False
    if mark.host != socket.gethostname():
        return True  # its machine cannot be asked: the mark stands until it is cleared or taken over
    if mark.pid == os.getpid() and not mark.token:  # a controller of this process, from before tokens
        return False
    if not _pid_alive(mark.pid):
        return False
    holders_there = _leases_of(mark.db)
    if holders_there is None:
        return True
    if mark.token:
        return any(h.token == mark.token and not h.released for h in holders_there)
    return any(h.pid == mark.pid and not h.released for h in holders_there)


def _leases_of(db: str) -> list[Holder] | None:
    """The leases of another controller's database, read only (either schema); None when they cannot be read."""
    try:
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=1.0)
        try:
            try:
                rows = con.execute(_ROWS).fetchall()
            except sqlite3.OperationalError:  # a database from before leases per world
                rows = [(*r, "") for r in con.execute(
                    "SELECT holder, pid, host, started, heartbeat, released, status FROM lease").fetchall()]
        finally:
            con.close()
        return [_holder(row) for row in rows]
    except (sqlite3.Error, TypeError, ValueError):  # a damaged file is no proof that its controller stopped
        return None


class OtherNight(LeaseError):
    """The world's night is in another database, with a game still unfinished: one night, one database."""


@dataclass(frozen=True)
class Night:
    """What another night's database holds, read only: its unfinished games, or why it cannot be read."""

    path: str
    unfinished: tuple[tuple[int, str], ...] = ()  # (game, board) of each board's latest game not over
    unreadable: str = ""  # why it cannot be read ("" when it was read)
    games: int = 0  # how many games it holds, over or not

    def games_words(self) -> str:
        """'game 3 on board 'main' unfinished' (the first two named)."""
        named = [f"game {game} on board {board!r}" for game, board in self.unfinished[:2]]
        more = len(self.unfinished) - len(named)
        return ", ".join(named) + (f" and {more} more" if more else "") + " unfinished"


def night_of(mark: NightMark) -> Night:
    """The database a world's mark names, read only: its unfinished games (never written, never created)."""
    path = mark.db
    if mark.host and mark.host != socket.gethostname():
        return Night(path, unreadable=f"it is on {mark.host}, not on this machine")
    if not os.path.isabs(path):  # written by a controller from before marks named absolute paths
        return Night(path, unreadable="the mark names it relative to the folder that controller was started in")
    if not os.path.exists(path):
        return Night(path, unreadable="there is no such file (moved or deleted?)")
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=1.0)
        try:
            rows = con.execute("SELECT g.id, g.board FROM games g WHERE g.over=0 AND "
                               "g.id=(SELECT MAX(id) FROM games WHERE board=g.board) ORDER BY g.id").fetchall()
            games = con.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        finally:
            con.close()
    except sqlite3.Error as exc:
        return Night(path, unreadable=f"it does not read as a game database ({exc})")
    return Night(path, tuple((int(game), str(board)) for game, board in rows), games=int(games))


def night_refusal(other: Night, here: str, here_games: int) -> str:
    """Why `run` does not start a second night on a world whose night has a game going, and how to go on."""
    mine = "a new, empty database" if not here_games else f"{here_games} game{'s' if here_games != 1 else ''}"
    return (f"this world's night is in {other.path} ({other.games_words()}), not in {here} ({mine}): to go on "
            f"with that night, start again with --db {other.path}; to begin a new night in this world with "
            f"{here}, add --new-night (the games in {other.path} stay there, unfinished)")


def describe_mark(mark: NightMark) -> str:
    """'database tonight.db, pid 123 on laptop'."""
    return f"database {mark.db}, pid {mark.pid} on {mark.host or 'an unknown host'}"


def world_refusal(mark: NightMark) -> str:
    """Why `run` does not start on a world another controller runs, and how to take over."""
    return (f"this world is run by another controller ({describe_mark(mark)}): stop that one first (Ctrl-C in "
            "its terminal), or take the world over with `monopoli run --take-over` (the other one then stops at "
            "its next poll)")


def taken_over(mark: NightMark) -> str:
    """Why a controller stops: its world's mark is another's now."""
    return (f"this world was taken over by another controller ({describe_mark(mark)}); this one stops "
            "so that only one runs the world")


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True
