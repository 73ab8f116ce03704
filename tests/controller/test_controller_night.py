"""One night, one database (issue 27 point 3): a `run` whose world's night is in another database with a game
unfinished is refused, naming both by their absolute paths, and leaves no new database behind; the right
database then runs without a warning; --new-night begins a new night on purpose. Over real RCON against
the strict sandbox."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from controller_support import PACK, PASSWORD

from monopoli_mc.cli import main
from monopoli_mc.controller.io import identity
from monopoli_mc.controller.loop import Controller, Settings
from monopoli_mc.controller.db.store import Store
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.rcon.client import RconClient
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


def test_a_run_from_the_wrong_folder_is_refused_naming_both_databases(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    with night(tmp_path) as n:
        (tmp_path / "tmp").mkdir()
        monkeypatch.chdir(tmp_path / "tmp")
        monkeypatch.setenv("MONOPOLI_RCON_PASSWORD", PASSWORD)
        with pytest.raises(SystemExit) as exit_:
            main(["run", "--world", str(n.world_yaml), "--db", "rehearsal.db", "--poll", "0.01"])
        assert exit_.value.code == 1
        out, err = capsys.readouterr()
        wrong = tmp_path / "tmp" / "rehearsal.db"
        assert f"({wrong}, a new database)" in out, out
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


def test_new_night_begins_a_night_of_its_own_on_purpose(tmp_path: Path) -> None:
    with night(tmp_path) as n:
        other = Store(tmp_path / "next.db")
        try:
            lines: list[str] = []
            ctl = Controller(n.rcon, load_world(), other, Settings(rules="prom", new_night=True),
                             on_line=lines.append)
            ctl.start()
            assert lines == [f"a new night in this world with {tmp_path / 'next.db'} (--new-night): the games in "
                             f"{n.tonight} stay there (game 1 on board 'main' unfinished)"]
            assert _mark_db(n.rcon, other) == str(tmp_path / "next.db")
            ctl.release()
        finally:
            other.close()


def test_a_world_last_run_from_a_database_that_is_gone_is_said_with_absolute_paths(tmp_path: Path) -> None:
    with night(tmp_path) as n:
        os.rename(n.tonight, tmp_path / "moved.db")
        lines: list[str] = []
        store = Store(tmp_path / "empty.db")
        try:
            ctl = Controller(n.rcon, load_world(), store, Settings(rules="prom"), on_line=lines.append)
            ctl.start()
            assert lines == [f"warning: this world was last run with the database {n.tonight}, which cannot be read "
                             f"(there is no such file (moved or deleted?)); this one is {tmp_path / 'empty.db'} (0 "
                             "games): if that was tonight's, stop and start again with --db and its path"], lines
            ctl.release()
        finally:
            store.close()


def test_a_new_night_after_one_whose_games_are_over_is_noted_not_refused(tmp_path: Path) -> None:
    with night(tmp_path) as n:
        store = Store(n.tonight)
        with store.transaction():
            store.set_over(1)  # the night's game ended
        store.close()
        lines: list[str] = []
        nxt = Store(tmp_path / "next.db")
        try:
            ctl = Controller(n.rcon, load_world(), nxt, Settings(rules="prom"), on_line=lines.append)
            ctl.start()
            assert lines == [f"note: a new night in {tmp_path / 'next.db'}; this world's last night, in {n.tonight}, "
                             "has 1 game, all over"], lines
            ctl.release()
        finally:
            nxt.close()
