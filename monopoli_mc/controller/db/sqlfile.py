"""The night's SQLite file: created owner-only, its schema checked (never re-created), errors as one line.

A file of an older schema version is brought up to date by the migrations the schema's
owner gives (each adds what its version lacks; a table whose shape changes is copied whole into
its new form, in the migration's one transaction, never a row lost); a file of
any other version, or whose tables are not the ones expected, is refused unchanged: a file
that exists is looked at read-only first, so one that is not a game database this version
can use (another program's, a text file, one of a newer monopoli) is left byte for byte as
it was (opening it for writing would already switch it to WAL and bump its change counter).

Every statement goes through `Connection.execute`, which turns sqlite's errors into a
`StoreError` that names the file and says what to do. A full disk is `StoreFull`: the
controller waits and tries again, since nothing was written.
"""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path
from typing import Any

from monopoli_mc.errors import StoreError, StoreFull

SCHEMA_VERSION = 5  # PRAGMA user_version of the databases this version writes (3: the inputs set aside;
# 4: what each action produced;
# 5: a lease per world and the night's boards, docs/night.md)


class Connection(sqlite3.Connection):
    """A connection whose errors name the file and say what to do."""

    path = ""
    failure: StoreError | None = None  # the first error since the transaction began: it must not commit

    def execute(self, sql: str, parameters: Any = (), /) -> sqlite3.Cursor:
        """Run one statement; sqlite's errors become a StoreError with one clear line."""
        try:
            return super().execute(sql, parameters)
        except sqlite3.Error as exc:
            error = store_error(exc, self.path)
            if self.failure is None:
                self.failure = error
            raise error from None

    def executescript(self, script: str, /) -> sqlite3.Cursor:
        """Run several statements (the schema)."""
        try:
            return super().executescript(script)
        except sqlite3.Error as exc:
            raise store_error(exc, self.path) from None


def store_error(exc: sqlite3.Error, path: str) -> StoreError:
    """One line for a person: the file, what sqlite said, and what to do about it."""
    name = getattr(exc, "sqlite_errorname", "") or ""
    text = str(exc)
    said = f"(sqlite: {text})"
    if name == "SQLITE_FULL" or "disk is full" in text:
        return StoreFull(f"the disk holding {path} is full {said}: free some space; "
                         "nothing of this step was saved, so nothing is lost")
    if name.startswith("SQLITE_READONLY") or "readonly" in text:
        return StoreError(f"{path} cannot be written {said}: the file and its folder must be writable "
                          "by the user running monopoli", can_retry=True)
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text:
        return StoreError(f"{path} is locked by another program {said}: close whatever holds it "
                          "(an sqlite shell?)", can_retry=True)
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or "malformed" in text or "not a database" in text:
        return StoreError(f"{path} is damaged or not a game database {said}: restore it from a copy, "
                          "or give another --db")
    if name.startswith("SQLITE_CANTOPEN") or "unable to open" in text:
        return StoreError(f"cannot open {path} {said}: does its folder exist, and may this user write in it?")
    if "no such table" in text or "no such column" in text or "has no column" in text:
        return StoreError(f"{path} no longer has the tables of a game database {said}: it was changed "
                          "outside monopoli; restore it from a copy")
    if name.startswith("SQLITE_IOERR"):
        return StoreError(f"cannot read or write {path} {said}: is the disk failing or gone?", can_retry=True)
    return StoreError(f"{path}: {text}")


def connect(path: str, schema: str, *, factory: type[Connection] = Connection,
            migrations: dict[int, str] | None = None, create: bool = True) -> Connection:
    """Open a database and check its schema; raises StoreError, leaving a refused file as it was.

    `migrations[v]`: the statements that take a file of version v to v + 1. `create`: a missing
    file is created (owner-only) and an empty one given the tables; without it both are refused."""
    migrations = migrations or {}
    if path != ":memory:":
        if create:
            _create_owner_only(Path(path))
        _look(path, schema, migrations, create=create)
    db = _open(path, path, factory, isolation_level=None, check_same_thread=False)
    try:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        _check_schema(db, schema, migrations)
    except BaseException:
        db.close()
        raise
    return db


def _open(target: str, path: str, factory: type[Connection], **options: Any) -> Connection:
    """A connection to `target` (the file, or a URI to it), named `path` in its errors; a failure is a StoreError."""
    try:
        db = sqlite3.connect(target, timeout=10, factory=factory, **options)
    except sqlite3.Error as exc:
        raise store_error(exc, path) from None
    assert isinstance(db, Connection)
    db.path = path
    return db


def _look(path: str, schema: str, migrations: dict[int, str], *, create: bool) -> None:
    """Refuse, read-only, a file this version cannot use: nothing of it is written, not even its header."""
    db = _open(Path(os.path.abspath(path)).as_uri() + "?mode=ro", path, Connection, uri=True)
    try:
        _verdict(db, schema, migrations, create=create)
    finally:
        db.close()


def _create_owner_only(path: Path) -> None:
    """A new database file readable by its owner only (sqlite gives its -wal and -shm the same mode)."""
    try:
        fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    except FileExistsError:
        return
    except OSError as exc:
        raise StoreError(f"cannot create {path}: {(exc.strerror or str(exc)).lower()}") from None
    os.close(fd)


def _tables(db: sqlite3.Connection) -> dict[str, list[tuple[str, str, int, int]]]:
    """Each table's columns: (name, type, not null, primary key position)."""
    names = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table' "
                                      "AND name NOT LIKE 'sqlite_%' ORDER BY name")]
    return {n: [(c[1], c[2], c[3], c[5]) for c in db.execute(f"PRAGMA table_info({n})")] for n in names}


NEW, MIGRATE, READY = "new", "migrate", "ready"  # what a file needs before it is used


def _verdict(db: Connection, schema: str, migrations: dict[int, str], *, create: bool) -> str:
    """What the file needs (NEW: its tables, MIGRATE: the migrations, READY: nothing), read only;
    StoreError for a file this version cannot use."""
    version = int(db.execute("PRAGMA user_version").fetchone()[0])
    if version == 0 and not db.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchone():
        if create:
            return NEW
        raise StoreError(f"{db.path} is empty, not a game database: nothing in it was changed; give the --db "
                         "of monopoli run")
    found = _tables(db)
    wanted = _expected(schema)
    refuse = f"{db.path} is not a game database this monopoli can use"
    fix = "nothing in it was changed: give another --db (a new file starts a new night)"
    if not found.keys() & wanted.keys():  # another program's file: say so, not which table it lacks
        raise StoreError(f"{refuse}: it has none of a game database's tables (it has "
                         f"{', '.join(sorted(found)) or 'none'}); {fix}")
    steps = range(version, SCHEMA_VERSION)
    if 0 < version < SCHEMA_VERSION and all(v in migrations for v in steps):
        added = _expected(_creates(";\n".join(migrations[v] for v in steps)))
        _compare(found, {t: c for t, c in wanted.items() if t not in added}, refuse, fix)  # the old tables whole
        return MIGRATE
    if version != SCHEMA_VERSION:
        raise StoreError(f"{refuse} (its schema version is {version}, this monopoli writes "
                         f"{SCHEMA_VERSION}); {fix}")
    _compare(found, wanted, refuse, fix)
    return READY


def _check_schema(db: Connection, schema: str, migrations: dict[int, str]) -> None:
    """Create the tables in an empty file; migrate an older version; refuse any file whose tables are not these.

    The verdict is read again under the write lock: two controllers starting at once on a new file (the
    night's servers, or a restart racing `monopoli admin`) never both create it, nor read it half made."""
    db.execute("BEGIN IMMEDIATE")
    try:
        verdict = _verdict(db, schema, migrations, create=True)
        if verdict != READY:
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
            steps = [schema] if verdict == NEW else [migrations[v] for v in range(version, SCHEMA_VERSION)]
            for script in steps:
                for statement in script.split(";"):
                    if statement.strip():
                        db.execute(statement)
            db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    if verdict == MIGRATE:
        _compare(_tables(db), _expected(schema), f"{db.path} is not a game database this monopoli can use",
                 "restore it from a copy")


def _compare(found: dict[str, list[tuple[str, str, int, int]]], wanted: dict[str, list[tuple[str, str, int, int]]],
             refuse: str, fix: str) -> None:
    """Refuse a file that lacks a wanted table or has other columns in one."""
    for table, columns in wanted.items():
        if table not in found:
            raise StoreError(f"{refuse}: table {table!r} is missing; {fix}")
        if found[table] != columns:
            have = ", ".join(c[0] for c in found[table])
            raise StoreError(f"{refuse}: table {table!r} has columns ({have}), not "
                             f"({', '.join(c[0] for c in columns)}); {fix}")


_EXPECTED: dict[str, dict[str, list[tuple[str, str, int, int]]]] = {}


def _creates(script: str) -> str:
    """The CREATE TABLE statements of a migration (what it adds; its copies and drops need the old tables)."""
    return ";\n".join(part for part in script.split(";") if part.strip().upper().startswith("CREATE TABLE"))


def _expected(schema: str) -> dict[str, list[tuple[str, str, int, int]]]:
    if schema not in _EXPECTED:
        mem = sqlite3.connect(":memory:")
        mem.executescript(schema)
        _EXPECTED[schema] = _tables(mem)
        mem.close()
    return _EXPECTED[schema]


def loads(text: str, table: str, rowid: object, path: str) -> Any:
    """JSON from a stored row; a damaged row is a StoreError naming the table and row."""
    try:
        return json.loads(text)
    except (TypeError, ValueError) as exc:
        raise StoreError(f"{path}: row {rowid} of table {table!r} is damaged ({exc}); "
                         "restore the file from a copy") from None
