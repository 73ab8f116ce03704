"""The night's database on its own: owner-only files, schema tampering refused, sqlite errors as one line,
request deadlines and withdrawal, the lease."""

from __future__ import annotations

import os
import re
import sqlite3
import stat
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from monopoli_mc.cli import cli
from monopoli_mc.controller.db import lease
from monopoli_mc.controller.db.lease import Lease
from monopoli_mc.controller.db.sqlfile import SCHEMA_VERSION
from monopoli_mc.controller.db.store import Store
from monopoli_mc.errors import LeaseError, StoreError, StoreFull


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_database_files_are_created_readable_by_their_owner_only(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        db = tmp_path / "night.db"
        store = Store(db)
        with store.transaction():
            store.seat("main", "Alex")
        assert {p.name: _mode(p) for p in tmp_path.iterdir()} == {
            "night.db": 0o600, "night.db-wal": 0o600, "night.db-shm": 0o600}
        store.close()
    finally:
        os.umask(old)


@pytest.mark.parametrize("tamper, why", [
    ("DROP TABLE actions", ": table 'actions' is missing"),
    ("ALTER TABLE requests DROP COLUMN deadline",
     ": table 'requests' has columns (id, t, board, kind, args, state, answer), not "
     "(id, t, board, kind, args, deadline, state, answer)"),
    ("PRAGMA user_version=7", f" (its schema version is 7, this monopoli writes {SCHEMA_VERSION})"),
])
def test_a_tampered_schema_is_refused_and_never_recreated(tmp_path: Path, tamper: str, why: str) -> None:
    db = tmp_path / "night.db"
    Store(db).close()
    raw = sqlite3.connect(db)
    raw.execute(tamper)
    raw.commit()
    raw.close()
    with pytest.raises(StoreError) as err:
        Store(db)
    assert str(err.value) == (f"{db} is not a game database this monopoli can use{why}; nothing in it was "
                              "changed: give another --db (a new file starts a new night)")
    raw = sqlite3.connect(db)
    tables = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    raw.close()
    assert ("actions" in tables) == (tamper != "DROP TABLE actions")  # not re-created


def test_cli_says_one_line_for_a_tampered_or_foreign_file(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    Store(db).close()
    raw = sqlite3.connect(db)
    raw.execute("DROP TABLE lobby")
    raw.commit()
    raw.close()
    result = CliRunner().invoke(cli, ["state", "--db", str(db)])
    assert result.exit_code == 1 and result.output.count("\n") <= 1
    foreign = tmp_path / "notes.db"
    foreign.write_text("not a database at all, just some notes\n" * 50)
    with pytest.raises(StoreError, match=r"notes.db is damaged or not a game database \(sqlite: file is not a "
                                         r"database\): restore it from a copy, or give another --db"):
        Store(foreign)


def test_a_table_dropped_while_open_is_one_line_not_a_new_table(tmp_path: Path) -> None:
    store = Store(tmp_path / "night.db")
    raw = sqlite3.connect(tmp_path / "night.db")
    raw.execute("DROP TABLE actions")
    raw.commit()
    raw.close()
    with pytest.raises(StoreError, match=r"no longer has the tables of a game database \(sqlite: no such table: "
                                         r"actions\): it was changed outside monopoli; restore it from a copy"):
        store.actions(1)
    store.close()


def test_a_damaged_row_names_its_table_and_row(tmp_path: Path) -> None:
    store = Store(tmp_path / "night.db")
    with store.transaction():
        game = store.new_game("main", {"name": "prom"}, 1, ["Alex", "Sam"])
        store.log(game, ("roll", 0, None), "seq 1")
        store.db.execute("UPDATE actions SET arg='{not json' WHERE id=1")
    with pytest.raises(StoreError, match=r"row 1 of table 'actions' is damaged \(.*\); restore the file from a copy"):
        store.actions(game)
    store.close()


def test_a_full_disk_is_store_full_and_nothing_is_half_written(tmp_path: Path) -> None:
    store = Store(tmp_path / "night.db")
    pages = store.db.execute("PRAGMA page_count").fetchone()[0]
    store.db.execute(f"PRAGMA max_page_count={pages}")  # sqlite's own SQLITE_FULL, as on a full disk
    with pytest.raises(StoreFull) as err:
        with store.transaction():
            game = store.new_game("main", {"name": "prom"}, 1, ["Alex", "Sam"])
            for n in range(200):
                store.log(game, ("roll", 0, "x" * 200), f"seq {n}")
    assert err.value.can_retry
    assert str(err.value) == (f"the disk holding {tmp_path / 'night.db'} is full (sqlite: database or disk is "
                              "full): free some space; nothing of this step was saved, so nothing is lost")
    assert store.games() == []
    store.close()


def test_a_read_only_database_is_one_line(tmp_path: Path) -> None:
    store = Store(tmp_path / "night.db")
    store.db.execute("PRAGMA query_only=1")  # root ignores file modes; sqlite's own read-only error
    with pytest.raises(StoreError, match=r"cannot be written \(sqlite: attempt to write a readonly database\): "
                                         r"the file and its folder must be writable by the user running monopoli"):
        with store.transaction():
            store.seat("main", "Alex")
    store.close()


def test_requests_past_their_deadline_are_never_handed_out(tmp_path: Path) -> None:
    store = Store(tmp_path / "night.db")
    with store.transaction():
        late = store.request("pay", {"player": "Alex", "amount": 5}, "main", wait=0.01)
        soon = store.request("pay", {"player": "Sam", "amount": 5}, "main", wait=60)
    time.sleep(0.02)
    with store.transaction():
        assert [r.id for r in store.pending_requests(time.time())] == [soon]
        store.answer(soon, "pay Sam: done")
    assert store.withdraw(late) is None  # expired: the CLI's withdrawal finds it untaken
    assert store.withdraw(soon) == "pay Sam: done"  # taken: the answer, never a withdrawal
    with store.transaction():
        gone = store.request("undo", {}, "main")
    assert store.withdraw(gone) is None
    with store.transaction():
        assert store.pending_requests(time.time()) == []
    store.close()


def test_a_second_lease_is_refused_naming_the_holder(tmp_path: Path) -> None:
    first, second = Store(tmp_path / "night.db"), Store(tmp_path / "night.db")
    held = Lease(first)
    assert held.take() is None
    holder = lease.read(second)
    assert holder is not None and holder.pid == os.getpid() and holder.is_running(time.time())
    other = Lease(second)
    # Pretend the holder is another process of this host that is alive: this test's parent.
    second.db.execute("UPDATE leases SET pid=?", (os.getppid(),))
    with pytest.raises(LeaseError, match=rf"night.db is run by another controller \(pid {os.getppid()} on .*, "
                                         r"started .*, last heartbeat 0s ago\): stop that one first .*"
                                         r"`monopoli run --take-over`"):
        other.take()
    assert other.take(take_over=True) is not None
    with pytest.raises(LeaseError, match="was taken over by another controller"):
        with first.transaction():
            first.seat("main", "Alex")
    assert second.lobby("main") == []  # the seat above was not written
    other.release()
    released = lease.read(first)
    assert released is not None and released.released
    assert Lease(first).take() is None  # a clean stop: the next one starts without a word
    first.close()
    second.close()


def test_run_with_other_rules_than_the_unfinished_game_plays_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    store = Store(db)
    with store.transaction():
        store.new_game("main", {"name": "classic"}, 1, ["Alex", "Sam"])
    store.close()
    result = CliRunner().invoke(cli, ["run", "--db", str(db), "--rules", "prom"],
                                env={"MONOPOLI_RCON_PASSWORD": "x"})
    assert result.exit_code == 1
    assert str(result.exception) == ("board 'main' plays the 'classic' rules (game 1), not 'prom': start with "
                                     "--rules classic, or end that game first")


_LEASE_V3 = """CREATE TABLE IF NOT EXISTS lease(id INTEGER PRIMARY KEY CHECK(id = 1), holder TEXT NOT NULL,
    pid INTEGER NOT NULL, host TEXT NOT NULL, started REAL NOT NULL, heartbeat REAL NOT NULL,
    released INTEGER NOT NULL DEFAULT 0, status TEXT NOT NULL DEFAULT '')"""  # one lease per database, to version 3


def _version_2(db: Path) -> None:
    """A database as the last version wrote it (schema 2: no set_aside table), with a game in it."""
    from monopoli_mc.controller.db import store as store_module

    raw = sqlite3.connect(db)
    raw.executescript(store_module._SCHEMA.replace(store_module._SET_ASIDE + ";\n", "")
                      .replace(store_module._OUTCOMES + ";\n", "").replace(store_module._NIGHT + ";\n", _LEASE_V3 + ";\n"))
    raw.execute("INSERT INTO games(board, rules, seed, names, started) VALUES('main', '{}', 3, '[\"Alex\"]', 0)")
    raw.execute("INSERT INTO players(uuid, name) VALUES('u-1', 'Alex')")
    raw.execute("PRAGMA user_version=2")
    raw.commit()
    raw.close()


def test_a_version_2_database_gains_the_inputs_set_aside_and_keeps_everything(tmp_path: Path) -> None:
    from monopoli_mc.controller.db import setaside


    db = tmp_path / "night.db"
    _version_2(db)
    store = Store(db)
    assert [g.names for g in store.games()] == [["Alex"]] and store.players() == {"u-1": "Alex"}
    assert setaside.count(store) == 0 and setaside.status_line(store) is None
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    store.close()
    Store(db).close()  # opened again: already migrated, taken as it is


def test_a_version_2_database_with_other_tables_is_refused_unchanged(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _version_2(db)
    raw = sqlite3.connect(db)
    raw.execute("DROP TABLE lobby")
    raw.commit()
    raw.close()
    with pytest.raises(StoreError, match="table 'lobby' is missing"):
        Store(db)
    raw = sqlite3.connect(db)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == 2
    assert raw.execute("SELECT count(*) FROM sqlite_master WHERE name='set_aside'").fetchone()[0] == 0
    raw.close()


def test_a_version_3_database_gains_a_lease_per_world_and_keeps_its_lease_and_games(tmp_path: Path) -> None:
    """Schema 3 (one lease per database) to 5 (through 4, the outcomes): its lease becomes the lease of the world '' (a controller from
    before leases per world), its games and players stay, and a controller of a world then runs beside it."""
    from monopoli_mc.controller.db import store as store_module

    db = tmp_path / "night.db"
    raw = sqlite3.connect(db)
    raw.executescript(store_module._SCHEMA.replace(store_module._NIGHT + ";\n", _LEASE_V3 + ";\n")
                      .replace(store_module._OUTCOMES + ";\n", ""))
    raw.execute("INSERT INTO games(board, rules, seed, names, started) VALUES('main', '{}', 3, '[\"Alex\"]', 0)")
    raw.execute("INSERT INTO lease(id, holder, pid, host, started, heartbeat, released, status) "
                "VALUES(1, 'old', 4242, 'laptop', 10.0, 20.0, 1, '')")
    raw.execute("PRAGMA user_version=3")
    raw.commit()
    raw.close()
    store = Store(db)
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == 5
    assert store.db.execute("SELECT COUNT(*) FROM sqlite_master WHERE name='lease'").fetchone()[0] == 0
    old = lease.read(store, "")
    assert old is not None and (old.token, old.pid, old.host, old.released) == ("old", 4242, "laptop", True)
    assert [g.names for g in store.games()] == [["Alex"]]
    held = Lease(store, "127.0.0.1:25575", ["main"])
    assert held.take() is None
    assert lease.world_of(store, "main") == "127.0.0.1:25575"
    held.release()
    store.close()


def test_no_meta_key_is_spelt_outside_the_store() -> None:
    """Every key of the meta table is read and written by `store_meta`'s typed accessors (issue 36)."""
    package = Path(__file__).resolve().parents[2] / "monopoli_mc"
    raw = re.compile(r"\b(FROM|INTO|UPDATE)\s+meta\b|\._?(set_)?meta(_json)?\(")
    spelt = [f"{path.relative_to(package)}:{n}" for path in sorted(package.rglob("*.py"))
             if path.name != "store_meta.py"
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if raw.search(line)]
    assert spelt == []
