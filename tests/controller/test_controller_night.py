"""One night, one database (issue 27 point 3): a `run` whose world's night is in another database with a game
unfinished is refused, naming both by their absolute paths, says nothing of the boards first and leaves no new
database behind; the right database then runs without a warning (one `monopoli run` over real RCON against the
strict sandbox). What a controller decides from the world's mark and the databases, as `connected` looks at the
world (`identity.check_night`): --new-night begins a new night on purpose, a night whose database is gone is
said, one whose games are over is noted (on the strict sandbox's world in this process, the pack loaded: no
server)."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from controller_support import PACK, PASSWORD, InProcess

from monopoli_mc.cli import main
from monopoli_mc.controller.db.lease import Lease, OtherNight
from monopoli_mc.controller.io import identity
from monopoli_mc.controller.loop import Controller, Settings
from monopoli_mc.controller.db.store import Store
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.rcon.client import RconClient
from monopoli_mc.rules.settings import load_rules
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.runner import Sandbox


@dataclass
class Night:
    """A sandbox whose world was run tonight from `tonight` (game 1 on board main, unfinished)."""

    box: Sandbox
    rcon: RconClient
    world_yaml: Path
    tonight: Path


def world_yaml(tmp_path: Path, port: int) -> Path:
    """The default world config, its RCON port the sandbox's."""
    text = Path(load_world().source).read_text().replace("port: 25575", f"port: {port}")
    path = tmp_path / "world.yaml"
    path.write_text(text)
    return path


@contextmanager
def night(tmp_path: Path) -> Iterator[Night]:
    """Tonight's controller started a game in the sandbox's world, then stopped cleanly (its mark stays)."""
    (tmp_path / "hall").mkdir()
    tonight = tmp_path / "hall" / "rehearsal.db"
    with Sandbox(password=PASSWORD, strict=True, datapack=PACK, ticking=False) as box, \
            RconClient(*box.address, PASSWORD) as rcon:
        box.world.tick()
        rcon.command("function monopoli:board/main/place")
        for name in ("Alex", "Sam"):
            Bot.join(box.world, name)
        box.world.tick(2)
        store = Store(tonight)
        ctl = Controller(rcon, load_world(), store, Settings(rules="prom", seed=3))
        ctl.start()
        for name in ("Alex", "Sam"):
            store.request("seat", {"player": name})
        store.request("start", {})
        ctl.poll()
        assert ctl.tables["main"].game is not None
        ctl.release()
        store.close()
        yield Night(box, rcon, world_yaml(tmp_path, box.port), tonight)
        assert box.world.strict_failures == []


def _mark_db(rcon: RconClient, store: Store) -> str:
    ctl = Controller(rcon, load_world(), store, Settings(rules="prom"))
    mark = identity.storage(ctl.command, ctl.world_id).night
    assert mark is not None
    return mark.db


def test_a_run_from_the_wrong_folder_is_refused_naming_both_databases_and_nothing_of_the_boards(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """`monopoli run` typed in another folder that has its own configs/world.yaml, without --world: that config
    is taken (and named), the new database is refused before any word of the boards ("no game yet, nobody
    seated") and removed; the right database then runs on that world without a warning."""
    with night(tmp_path) as n:
        (tmp_path / "tmp" / "configs").mkdir(parents=True)
        folder_config = tmp_path / "tmp" / "configs" / "world.yaml"
        folder_config.write_text(n.world_yaml.read_text())
        monkeypatch.chdir(tmp_path / "tmp")
        monkeypatch.setenv("MONOPOLI_RCON_PASSWORD", PASSWORD)
        with pytest.raises(SystemExit) as exit_:
            main(["run", "--db", "rehearsal.db", "--poll", "0.01"])
        assert exit_.value.code == 1
        out, err = capsys.readouterr()
        wrong = tmp_path / "tmp" / "rehearsal.db"
        assert f"({wrong}, a new database)" in out, out
        assert f"monopoli: world config {folder_config}" in out.splitlines()
        assert "seated" not in out and "no game yet" not in out, out
        assert err == (f"error: this world's night is in {n.tonight} (game 1 on board 'main' unfinished), not in "
                       f"{wrong} (a new, empty database): to go on with that night, start again with --db "
                       f"{n.tonight}; to begin a new night in this world with {wrong}, add --new-night (the games "
                       f"in {n.tonight} stay there, unfinished)\n"), err
        assert f"monopoli: removed {wrong}, the new database this run had created" in out
        assert not wrong.exists() and not Path(f"{wrong}-wal").exists()  # no second, empty night is left
        store = Store(n.tonight)  # the right database: its own mark, no warning
        try:
            assert _mark_db(n.rcon, store) == str(n.tonight)
            lines: list[str] = []
            ctl = Controller(n.rcon, load_world(), store, Settings(rules="prom"), on_line=lines.append)
            ctl.start()
            ctl.poll()
            assert ctl.tables["main"].game is not None and lines == [], lines
            ctl.release()
        finally:
            store.close()


@dataclass
class Marked:
    """A world whose mark tonight's controller left at its clean stop (game 1 on board main, unfinished, in
    `tonight`): the strict sandbox's world in this process, the pack loaded, asked as RCON would ask it."""

    here: InProcess
    tonight: Path

    def look(self, db: Path, *, new_night: bool = False) -> list[str]:
        """A controller on `db` looks at the world as `Controller.connected` does (which world, then its night,
        `identity.check_night`, which may refuse), its lease taken and given back; the lines it said."""
        lines: list[str] = []
        store = Store(db)
        try:
            held = Lease(store)
            held.take()
            world = identity.follow_world(self.here.command, store, lines.append, on_new_world=None)
            identity.check_night(self.here.command, store, lines.append, world=world, token=held.token, take_over=False,
                                 new_night=new_night)
            identity.clear_mark(self.here.command, world, held.token)
            held.release()
        finally:
            store.close()
        return lines

    def mark_db(self) -> str:
        """The database the world's mark names now."""
        mark = identity.storage(self.here.command, "").night
        assert mark is not None
        return mark.db


@contextmanager
def marked(tmp_path: Path) -> Iterator[Marked]:
    """Tonight's controller started game 1 in the world, then stopped cleanly (its mark stays)."""
    (tmp_path / "hall").mkdir()
    tonight = tmp_path / "hall" / "rehearsal.db"
    here = InProcess()
    store = Store(tonight)
    with store.transaction():
        store.new_game("main", dataclasses.asdict(load_rules("prom")), 3, ["Alex", "Sam"])
    store.close()
    n = Marked(here, tonight)
    assert n.look(tonight) == [] and n.mark_db() == str(tonight)
    yield n
    assert here.world.strict_failures == []


def test_new_night_begins_a_night_of_its_own_on_purpose(tmp_path: Path) -> None:
    with marked(tmp_path) as n:
        with pytest.raises(OtherNight, match=r"^this world's night is in .*rehearsal\.db"):
            n.look(tmp_path / "next.db")  # without --new-night: refused, the world still tonight's
        assert n.mark_db() == str(n.tonight)
        assert n.look(tmp_path / "next.db", new_night=True) == [
            f"a new night in this world with {tmp_path / 'next.db'} (--new-night): the games in {n.tonight} stay "
            "there (game 1 on board 'main' unfinished)"]
        assert n.mark_db() == str(tmp_path / "next.db")


def test_a_world_last_run_from_a_database_that_is_gone_is_said_with_absolute_paths(tmp_path: Path) -> None:
    with marked(tmp_path) as n:
        os.rename(n.tonight, tmp_path / "moved.db")
        assert n.look(tmp_path / "empty.db") == [
            f"warning: this world was last run with the database {n.tonight}, which cannot be read (there is no "
            f"such file (moved or deleted?)); this one is {tmp_path / 'empty.db'} (0 games): if that was "
            "tonight's, stop and start again with --db and its path"]


def test_a_new_night_after_one_whose_games_are_over_is_noted_not_refused(tmp_path: Path) -> None:
    with marked(tmp_path) as n:
        store = Store(n.tonight)
        with store.transaction():
            store.set_over(1)  # the night's game ended
        store.close()
        assert n.look(tmp_path / "next.db") == [
            f"note: a new night in {tmp_path / 'next.db'}; this world's last night, in {n.tonight}, has 1 game, "
            "all over"]
        assert n.mark_db() == str(tmp_path / "next.db")
