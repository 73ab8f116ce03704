"""A database file knows who it is (issue 33 points 6 and 7), over real RCON against the strict sandbox.

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
from controller_support import PACK, PASSWORD, table_players

from monopoli_mc.cli import main
from monopoli_mc.controller.io import identity
from monopoli_mc.controller.db.lease import clock
from monopoli_mc.controller.loop import Controller, Settings
from monopoli_mc.controller.db.store import Store
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.demo.players import TablePlayers
from monopoli_mc.errors import LeaseError
from monopoli_mc.rcon.client import RconClient
from monopoli_mc.sandbox.runner import Sandbox

NAMES = ["Alex", "Sam"]


@dataclass
class Night:
    """A sandbox whose main board's game runs from `db`, by `ctl`, its bots at the table."""

    box: Sandbox
    rcon: RconClient
    db: Path
    store: Store
    ctl: Controller
    people: TablePlayers
    world_yaml: Path

    def moves(self, count: int) -> None:
        """The table plays until `count` more moves are applied (each a log row), every input through the world."""
        table = self.ctl.tables["main"]
        end = _moves(self.db) + count
        for _ in range(400):
            if _moves(self.db) >= end:
                break
            assert table.game is not None
            self.people.step(table.game, (table.game_id, table.n_actions), retry=0.5)
            self.box.world.tick()
            self.ctl.poll()
        assert _moves(self.db) >= end

    def backup(self, name: str) -> Path:
        """A copy as `sqlite3 night.db ".backup copy.db"` takes it (sqlite's online backup, while the night runs)."""
        path = self.db.parent / name
        src, dst = sqlite3.connect(self.db), sqlite3.connect(path)
        src.backup(dst)
        src.close()
        dst.close()
        return path

    def run(self, db: Path, *more: str) -> int:
        """`monopoli run --db DB` as the operator types it: its exit code (capsys holds its lines)."""
        return _run(self.world_yaml, db, *more)


def _run(world_yaml: Path, db: Path, *more: str) -> int:
    """`monopoli run` in this process (the test's capsys reads its lines); its exit code."""
    try:
        main(["run", "--world", str(world_yaml), "--db", str(db), "--poll", "0.01", *more])
    except SystemExit as exit_:
        return int(exit_.code or 0)
    return 0


def _moves(db: Path) -> int:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return int(con.execute("SELECT COALESCE(MAX(id), 0) FROM actions").fetchone()[0])
    finally:
        con.close()


@pytest.fixture
def night(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Night]:
    """Tonight's controller runs a started game of Alex and Sam on the sandbox's world."""
    monkeypatch.setenv("MONOPOLI_RCON_PASSWORD", PASSWORD)
    with Sandbox(password=PASSWORD, strict=True, datapack=PACK, ticking=False) as box, \
            RconClient(*box.address, PASSWORD) as rcon:
        box.world.tick()
        rcon.command("function monopoli:board/main/place")
        text = Path(load_world().source).read_text().replace("port: 25575", f"port: {box.port}")
        (tmp_path / "world.yaml").write_text(text)
        db = tmp_path / "night.db"
        store = Store(db)
        world = load_world(tmp_path / "world.yaml")
        ctl = Controller(rcon, world, store, Settings(rules="prom", seed=3, start_at=2))
        ctl.start()
        people = table_players(box, ctl, store, NAMES)
        for _ in range(4):
            box.world.tick()
            ctl.poll()
        assert ctl.tables["main"].game is not None
        yield Night(box, rcon, db, store, ctl, people, tmp_path / "world.yaml")
        if ctl.lease is not None:
            ctl.release()
        store.close()
        assert box.world.strict_failures == []


def _mark(n: Night) -> object:
    mark = identity.storage(n.rcon.command, n.ctl.world_id).night
    assert mark is not None
    return mark


def test_a_copy_taken_while_the_night_runs_is_refused_and_take_over_stops_the_first_for_good(
        night: Night, capsys: pytest.CaptureFixture[str]) -> None:
    n = night
    n.moves(2)
    copy = n.backup("copy.db")
    code = n.run(copy)
    out, err = capsys.readouterr()
    assert code == 1
    assert out.startswith(f"note: {copy} is a copy of {n.db}: it has an identity of its own from now on "
                          "(docs/night.md)\n"), out
    assert err == (f"error: {copy} is a copy of {n.db}, the database this world runs on, and its controller runs it "
                   f"now (database {n.db}, pid {os.getpid()} on {os.uname().nodename}): two files of one night must "
                   "not both run it. Leave that controller running; to replace its night by this file on purpose, "
                   "add --take-over --go-back (that controller stops)\n"), err
    n.ctl.poll()  # the first one never noticed: the world is still its own
    assert n.ctl.lease is not None and _mark(n).token == n.ctl.lease.token  # type: ignore[attr-defined]

    # --take-over alone: still a copy of the file that runs the world
    code = n.run(copy, "--take-over")
    out, err = capsys.readouterr()
    assert code == 1 and err.startswith(f"error: {copy} is a copy of {n.db}, the database this world runs on"), err

    # both named choices, from a controller of its own (in this process, as a second terminal would be)
    other = Store(copy)
    lines: list[str] = []
    second = Controller(n.rcon, load_world(n.world_yaml), other, Settings(rules="prom", take_over=True, go_back=True),
                        on_line=lines.append)
    second.start()
    assert lines[-2:] == [
        f"going back (--go-back): this world runs on {copy} from now on, not on {n.db}; nothing the world applied "
        "is lost",
        f"took the world over from the controller with database {n.db}, pid {os.getpid()} on "
        f"{os.uname().nodename}; it stops at its next poll"], lines
    acked = n.box.world.execute("scoreboard players get $ack monopoli.seq")
    with pytest.raises(LeaseError, match=rf"^this world was taken over by another controller \(database "
                                         rf"{copy}, pid {os.getpid()} on .*\); this one stops so that only one runs "
                                         r"the world$"):
        n.ctl.poll()  # stopped at its next poll, before deciding: nothing applied, nothing acknowledged
    assert n.box.world.execute("scoreboard players get $ack monopoli.seq") == acked
    n.ctl.lease = None  # it stopped (run's loop raises out; its lease is in the other file)
    second.release()
    other.close()


def test_a_copy_made_while_the_controller_was_stopped_is_refused(night: Night,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    n = night
    n.moves(1)
    n.ctl.release()
    n.store.close()  # `monopoli run` has stopped: its -wal is checkpointed into the file
    copy = n.db.parent / "usb.db"
    shutil.copyfile(n.db, copy)  # a plain copy of the stopped night (its -wal was checkpointed at the stop)
    code = n.run(copy)
    out, err = capsys.readouterr()
    assert code == 1, out
    assert err == (f"error: {copy} is a copy of {n.db}, the database this world runs on, holding the same moves: to "
                   f"go on with the night, start with --db {n.db}; to make {copy} the night's database on purpose, "
                   f"add --go-back (nothing the world applied is lost; {n.db} is refused from then on)\n"), err


def test_a_backup_six_moves_old_is_refused_naming_how_far_behind_and_go_back_says_what_is_lost(
        night: Night, capsys: pytest.CaptureFixture[str]) -> None:
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
    code = n.run(old)
    out, err = capsys.readouterr()
    assert code == 1, out
    assert err == (f"error: {old} is a copy of {n.db}, the database this world runs on, {lacks}: to go on with the "
                   f"night, start with --db {n.db}; to make {old} the night's database on purpose, add --go-back "
                   f"(those moves are lost, and the inputs they took from the inbox are not played again; {n.db} is "
                   "refused from then on)\n"), err

    # the backup put back in the live file's place (its inode): the same file, behind
    for suffix in ("-wal", "-shm"):
        Path(f"{n.db}{suffix}").unlink(missing_ok=True)
    n.store.close()
    shutil.copyfile(kept, n.db)
    code = n.run(n.db)
    out, err = capsys.readouterr()
    assert code == 1, out
    assert err == (f"error: {n.db} is behind this world: {lacks}; it is an older copy put back in its place (a backup "
                   "restored?). Put the newer file back if you have it; to go back to this one on purpose, add "
                   "--go-back (those moves are lost, and the inputs they took from the inbox are not played again)\n"
                   ), err

    n.store = Store(n.db)
    lines: list[str] = []
    back = Controller(n.rcon, load_world(n.world_yaml), n.store, Settings(rules="prom", go_back=True),
                      on_line=lines.append)
    back.start()
    assert lines == [f"going back (--go-back): this world runs on {n.db} from now on, not on the newer file; lost: "
                     f"{lost} moves ({steps} steps of the controller, the last at {clock(mark.at)}) applied in the "  # type: ignore[attr-defined]
                     f"world since {backup_at} (the inputs they took from the inbox are not played again)"], lines
    back.poll()
    back.release()
    n.ctl.lease = None
