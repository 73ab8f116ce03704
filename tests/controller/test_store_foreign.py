"""A file that is not this monopoli's game database (another program's SQLite file, an empty file, a text
file, a database of a newer monopoli) is refused by `state`, `admin` and `run` alike, left byte for byte as
it was: it is looked at read-only before anything opens it for writing (issue 29)."""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from monopoli_mc.cli import main
from monopoli_mc.controller.db.sqlfile import SCHEMA_VERSION
from monopoli_mc.controller.db.store import Store
from monopoli_mc.errors import StoreError

FIX = "nothing in it was changed"


def _foreign(db: Path) -> None:
    """Another program's SQLite file, in sqlite's default rollback-journal mode."""
    raw = sqlite3.connect(db)
    raw.execute("CREATE TABLE notes(id INTEGER PRIMARY KEY, text TEXT)")
    raw.execute("INSERT INTO notes(text) VALUES('buy milk')")
    raw.commit()
    raw.close()


def _empty(db: Path) -> None:
    db.write_bytes(b"")


def _text(db: Path) -> None:
    db.write_text("not a database at all, just some notes\n" * 50)


def _newer(db: Path) -> None:
    """A game database written by a newer monopoli (a schema version this one does not know)."""
    Store(db).close()
    raw = sqlite3.connect(db)
    raw.execute("PRAGMA user_version=99")
    raw.commit()
    raw.close()


def _bytes(db: Path) -> tuple[str, bool]:
    """The file's hash, and whether anything waits beside it to be written into it (a rollback journal, or a
    WAL with frames: a reader of a WAL file leaves an empty -wal and a -shm, as sqlite's own shell does)."""
    journal = db.with_name(db.name + "-journal")
    wal = db.with_name(db.name + "-wal")
    pending = journal.exists() or (wal.exists() and wal.stat().st_size > 0)
    return hashlib.sha256(db.read_bytes()).hexdigest(), pending


def _cli(*args: str) -> Callable[[Path, pytest.CaptureFixture[str]], str]:
    def run(db: Path, capsys: pytest.CaptureFixture[str]) -> str:
        with pytest.raises(SystemExit) as exit_:
            main([*args, "--db", str(db)])
        assert exit_.value.code == 1
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1, (out, err)
        return err

    return run


def _run(db: Path, _capsys: pytest.CaptureFixture[str]) -> str:
    """What `monopoli run` opens the file with (it creates the file when there is none)."""
    with pytest.raises(StoreError) as err:
        Store(db)
    return str(err.value)


COMMANDS = {"state": _cli("state"), "admin status": _cli("admin", "status"),
            "admin pay": _cli("admin", "pay", "Alex", "100"), "run": _run}


@pytest.mark.parametrize("make, says", [
    (_foreign, "is not a game database this monopoli can use: it has none of a game database's tables (it has "
               "notes); nothing in it was changed: give another --db"),
    (_text, "is damaged or not a game database (sqlite: file is not a database)"),
    (_newer, f"(its schema version is 99, this monopoli writes {SCHEMA_VERSION}); nothing in it was changed"),
], ids=["foreign", "text", "newer"])
@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_file_not_ours_is_refused_and_left_byte_for_byte(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                           make: Callable[[Path], None], says: str,
                                                           command: str) -> None:
    db = tmp_path / "other.sqlite"
    make(db)
    before = _bytes(db)
    said = COMMANDS[command](db, capsys)
    assert says in said
    assert _bytes(db) == before


@pytest.mark.parametrize("command", ["state", "admin status", "admin pay"])
def test_an_empty_file_is_no_database_for_state_and_admin(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                            command: str) -> None:
    db = tmp_path / "other.sqlite"
    _empty(db)
    said = COMMANDS[command](db, capsys)
    assert said == (f"error: {db} is empty, not a game database: {FIX}; give the --db of monopoli run\n")
    assert db.read_bytes() == b"" and sorted(p.name for p in tmp_path.iterdir()) == ["other.sqlite"]


def test_run_takes_an_empty_file_as_a_new_night(tmp_path: Path) -> None:
    """`touch night.db` then `monopoli run --db night.db`: the file becomes the night's database."""
    db = tmp_path / "night.db"
    _empty(db)
    store = Store(db)
    assert store.games() == [] and store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    store.close()
