"""A database file knows who it is (issue 33 points 6 and 7): what a controller decides when it starts on a file
and reads the world's mark (`fileid.examine`, `identity.check_night`; `monopoli run` prints the refusal as
`error: ...`), and what the first controller's next poll decides (`identity.check_mark`). Every controller runs
on the strict sandbox's world in this process (`controller_support.InProcess`: the pack's commands and replies,
no server); a real `run` refused by a real world's mark: test_controller_night.py.

- A copy taken with sqlite's backup API (what `sqlite3 night.db ".backup copy.db"` does) while the night
  runs is refused; with --take-over --go-back the first controller stops at its next poll, whatever
  database it runs on, and never acknowledges an input again.
- A copy made while the controller was stopped is refused too, holding the same moves.
- A copy taken moves earlier, or put back in the live file's place, is refused naming how far behind it is;
  --go-back runs it and says what is lost.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from controller_support import InProcess

from monopoli_mc.controller.io import identity
from monopoli_mc.controller.db.lease import clock
from monopoli_mc.controller.loop import Controller, Settings
from monopoli_mc.controller.db.store import Store
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.errors import LeaseError

NAMES = ["Alex", "Sam"]


@dataclass
class Night:
    """A world whose main board's game runs from `db`, by `ctl`."""

    here: InProcess
    db: Path
    store: Store
    ctl: Controller

    def moves(self, count: int) -> None:
        """`count` more moves applied (each a log row, each poll a step of the controller): the operator pays
        Alex $1 each time, a request answered in the poll that logs it."""
        end = _moves(self.db) + count
        while _moves(self.db) < end:
            asked = self.store.request("pay", {"player": "Alex", "amount": 1}, "main")
            self.ctl.poll()
            assert self.store.answer_of(asked) == "pay Alex: done"
        assert _moves(self.db) == end

    def backup(self, name: str) -> Path:
        """A copy as `sqlite3 night.db ".backup copy.db"` takes it (sqlite's online backup, while the night runs)."""
        path = self.db.parent / name
        src, dst = sqlite3.connect(self.db), sqlite3.connect(path)
        src.backup(dst)
        src.close()
        dst.close()
        return path

    def run(self, db: Path, **choices: bool) -> tuple[list[str], str]:
        """A controller started on `db` as `monopoli run --db DB` starts it (its lines, and the refusal it prints
        after `error: `, '' when it runs: then it stops cleanly)."""
        lines: list[str] = []
        store = Store(db)
        ctl = Controller(self.here, load_world(), store, Settings(rules="prom", **choices), on_line=lines.append)
        try:
            ctl.start()
        except LeaseError as exc:
            return lines, str(exc)
        finally:
            ctl.release()
            store.close()
        return lines, ""


def _moves(db: Path) -> int:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return int(con.execute("SELECT COALESCE(MAX(id), 0) FROM actions").fetchone()[0])
    finally:
        con.close()


@pytest.fixture
def night(tmp_path: Path) -> Iterator[Night]:
    """Tonight's controller runs a started game of Alex and Sam on the world."""
    here = InProcess()
    db = tmp_path / "night.db"
    store = Store(db)
    ctl = Controller(here, load_world(), store, Settings(rules="prom", seed=3))
    ctl.start()
    for name in NAMES:
        store.request("seat", {"player": name, "offline": True}, "main")
    store.request("start", {}, "main")
    ctl.poll()
    assert ctl.tables["main"].game is not None
    yield Night(here, db, store, ctl)
    if ctl.lease is not None:
        ctl.release()
    store.close()
    assert here.world.strict_failures == []


def _mark(n: Night) -> object:
    mark = identity.storage(n.here.command, n.ctl.world_id).night
    assert mark is not None
    return mark


def test_a_copy_taken_while_the_night_runs_is_refused_and_take_over_stops_the_first_for_good(
        night: Night) -> None:
    n = night
    n.moves(2)
    copy = n.backup("copy.db")
    lines, refused = n.run(copy)
    assert lines[:1] == [f"note: {copy} is a copy of {n.db}: it has an identity of its own from now on "
                         "(docs/night.md)"], lines
    assert refused == (f"{copy} is a copy of {n.db}, the database this world runs on, and its controller runs it "
                       f"now (database {n.db}, pid {os.getpid()} on {os.uname().nodename}): two files of one night "
                       "must not both run it. Leave that controller running; to replace its night by this file on "
                       "purpose, add --take-over --go-back (that controller stops)"), refused
    n.ctl.poll()  # the first one never noticed: the world is still its own
    assert n.ctl.lease is not None and _mark(n).token == n.ctl.lease.token  # type: ignore[attr-defined]

    # --take-over alone: still a copy of the file that runs the world
    _, refused = n.run(copy, take_over=True)
    assert refused.startswith(f"{copy} is a copy of {n.db}, the database this world runs on"), refused

    # both named choices, from a controller of its own (in this process, as a second terminal would be)
    other = Store(copy)
    lines: list[str] = []
    second = Controller(n.here, load_world(), other, Settings(rules="prom", take_over=True, go_back=True),
                        on_line=lines.append)
    second.start()
    assert lines[-2:] == [
        f"going back (--go-back): this world runs on {copy} from now on, not on {n.db}; nothing the world applied "
        "is lost",
        f"took the world over from the controller with database {n.db}, pid {os.getpid()} on "
        f"{os.uname().nodename}; it stops at its next poll"], lines
    acked = n.here.world.execute("scoreboard players get $ack monopoli.seq")
    with pytest.raises(LeaseError, match=rf"^this world was taken over by another controller \(database "
                                         rf"{copy}, pid {os.getpid()} on .*\); this one stops so that only one runs "
                                         r"the world$"):
        n.ctl.poll()  # stopped at its next poll, before deciding: nothing applied, nothing acknowledged
    assert n.here.world.execute("scoreboard players get $ack monopoli.seq") == acked
    n.ctl.lease = None  # it stopped (run's loop raises out; its lease is in the other file)
    second.release()
    other.close()


def test_a_copy_made_while_the_controller_was_stopped_is_refused(night: Night) -> None:
    n = night
    n.moves(1)
    n.ctl.release()
    n.store.close()  # `monopoli run` has stopped: its -wal is checkpointed into the file
    copy = n.db.parent / "usb.db"
    shutil.copyfile(n.db, copy)  # a plain copy of the stopped night (its -wal was checkpointed at the stop)
    _, refused = n.run(copy)
    assert refused == (f"{copy} is a copy of {n.db}, the database this world runs on, holding the same moves: to go on "
                       f"with the night, start with --db {n.db}; to make {copy} the night's database on purpose, add "
                       f"--go-back (nothing the world applied is lost; {n.db} is refused from then on)"), refused


def test_a_backup_six_moves_old_is_refused_naming_how_far_behind_and_go_back_says_what_is_lost(
        night: Night) -> None:
    n = night
    n.moves(1)
    old = n.backup("backup.db")
    kept = n.backup("kept.db")  # the same backup, never run: what a restore puts back
    before = _moves(old)
    n.moves(6)
    lost = _moves(n.db) - before
    n.ctl.release()
    mark = _mark(n)
    backup_at = clock(float(sqlite3.connect(old).execute("SELECT value FROM meta WHERE key='applied_at'")
                            .fetchone()[0]))
    steps = mark.applied - int(sqlite3.connect(old).execute(  # type: ignore[attr-defined]
        "SELECT value FROM meta WHERE key='applied'").fetchone()[0])
    lacks = (f"it lacks {lost} moves ({steps} steps of the controller, the last at {clock(mark.at)}) applied in the "  # type: ignore[attr-defined]
             f"world since {backup_at}")
    _, refused = n.run(old)
    assert refused == (f"{old} is a copy of {n.db}, the database this world runs on, {lacks}: to go on with the "
                       f"night, start with --db {n.db}; to make {old} the night's database on purpose, add --go-back "
                       f"(those moves are lost, and the inputs they took from the inbox are not played again; {n.db} "
                       "is refused from then on)"), refused

    # the backup put back in the live file's place (its inode): the same file, behind
    for suffix in ("-wal", "-shm"):
        Path(f"{n.db}{suffix}").unlink(missing_ok=True)
    n.store.close()
    shutil.copyfile(kept, n.db)
    _, refused = n.run(n.db)
    assert refused == (f"{n.db} is behind this world: {lacks}; it is an older copy put back in its place (a backup "
                       "restored?). Put the newer file back if you have it; to go back to this one on purpose, add "
                       "--go-back (those moves are lost, and the inputs they took from the inbox are not played "
                       "again)"), refused

    n.store = Store(n.db)
    lines: list[str] = []
    back = Controller(n.here, load_world(), n.store, Settings(rules="prom", go_back=True),
                      on_line=lines.append)
    back.start()
    assert lines == [f"going back (--go-back): this world runs on {n.db} from now on, not on the newer file; lost: "
                     f"{lost} moves ({steps} steps of the controller, the last at {clock(mark.at)}) applied in the "  # type: ignore[attr-defined]
                     f"world since {backup_at} (the inputs they took from the inbox are not played again)"], lines
    back.poll()
    back.release()
    n.ctl.lease = None
