"""A game's time limit: `run --time-limit` (or the rule set's), a boss bar of the time left updated every
few seconds, warnings at 10 and 1 minutes, the end by `time_up`; stored with the game, so a restarted
controller and the board page read the same limit. The bar, the warnings, the end and its undo, a restart's
limit are decided on snapshots (`decide_support.Desk`); `run --time-limit` goes over RCON, end to end."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from controller_support import PACK, PASSWORD
from decide_support import Desk

from monopoli_mc.bridge import timebar
from monopoli_mc.cli import cli
from monopoli_mc.controller.db import lease
from monopoli_mc.controller.clocks import timelimit
from monopoli_mc.controller.decide import requests
from monopoli_mc.controller.db.store import Store
from monopoli_mc.datapack.versions import get_version
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.errors import MonopoliError
from monopoli_mc.rcon.client import RconClient
from monopoli_mc.rules.phases import OVER
from monopoli_mc.rules.settings import load_rules
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.runner import Sandbox
from monopoli_mc.sandbox.strict import judge
from monopoli_mc.view.stored import stored_views

BAR = "monopoli:time_main"


@pytest.mark.parametrize(("text", "seconds"), [("90m", 5400), ("90", 5400), ("1h30m", 5400), ("2h", 7200),
                                               ("45s", 45), ("1h5", 3900), ("010m", 600), ("off", 0), ("0", 0)])
def test_time_limits_are_read_in_minutes_hours_or_seconds(text: str, seconds: float) -> None:
    assert timelimit.parse(text) == seconds


@pytest.mark.parametrize("text", ["", "m", "90x", "-5", "1.5h", "0m", "h30", " 10m", "10M", "１０m", "٥", "𝟓",
                                  "none", "+5"])
def test_a_bad_time_limit_is_refused_with_the_forms_taken(text: str) -> None:
    with pytest.raises(MonopoliError) as refused:
        timelimit.parse(text)
    assert str(refused.value) == (f"--time-limit is a length of time from 1s to 168h, such as 90m, 90 (minutes), "
                                  f"1h30m or 45s, in the digits 0-9 alone, or off, not {text!r}")



@pytest.mark.parametrize("text", ["99999999h", "169h", "10081m", "9" * 400 + "h", "9" * 5000])
def test_a_time_limit_past_a_week_is_refused_in_one_line(text: str) -> None:
    """99999999h made a boss bar command vanilla refuses; 400 digits a traceback (issue 19 item 11)."""
    with pytest.raises(MonopoliError, match=r"^--time-limit is a length of time from 1s to 168h, .*, not '.{1,40}'"
                                            r"(\.\.\.)?$"):
        timelimit.parse(text)
    result = CliRunner().invoke(cli, ["run", "--time-limit", text, "--db", "unused.db"])
    assert result.exit_code == 1 and isinstance(result.exception, MonopoliError)
    assert "from 1s to 168h" in str(result.exception) and "\n" not in str(result.exception)


def test_the_longest_limit_makes_boss_bar_commands_vanilla_takes() -> None:
    longest = timelimit.parse("168h")
    commands = timebar.show("main", ["Alex"], longest, longest, get_version("1.21.11"))
    assert f"bossbar set monopoli:time_main max {7 * 24 * 3600}" in commands
    assert all(judge(command, "1.21.11") is None for command in commands)


def test_a_rule_sets_limit_past_a_week_is_refused(tmp_path: Path) -> None:
    rules = tmp_path / "long.yaml"
    rules.write_text("name: long\ntime_limit_minutes: 99999999\n")
    with pytest.raises(MonopoliError, match=r"long.yaml.*time_limit_minutes.*must be at most 10,080 \(a week\)"):
        load_rules(str(rules))


def test_run_refuses_a_bad_time_limit_before_anything() -> None:
    result = CliRunner().invoke(cli, ["run", "--time-limit", "90x", "--db", "unused.db"])
    assert result.exit_code == 1 and isinstance(result.exception, MonopoliError)
    assert str(result.exception) == ("run: --time-limit is a length of time from 1s to 168h, such as 90m, 90 "
                                     "(minutes), 1h30m or 45s, in the digits 0-9 alone, or off, not '90x'")


def _running(db: Path, pid: int) -> bool:
    """Whether `monopoli run` (this pid) holds the database's lease yet."""
    if not db.exists():
        return False
    store = Store(db)
    holder = lease.read(store)
    store.close()
    return holder is not None and holder.pid == pid and not holder.released


@pytest.mark.long(seconds=5)
def test_run_time_limit_ends_the_game_through_the_cli(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    with Sandbox(password=PASSWORD, strict=True, datapack=PACK, tick_rate=100) as box:
        world = tmp_path / "world.yaml"
        world.write_text(Path(load_world().source).read_text().replace("port: 25575", f"port: {box.port}"))
        with RconClient(*box.address, PASSWORD, timeout=60) as rcon:
            rcon.command("function monopoli:board/main/place")
        bots = {name: Bot.join(box.world, name) for name in ("Alex", "Sam")}
        env = dict(os.environ, MONOPOLI_RCON_PASSWORD=PASSWORD)
        run = subprocess.Popen([sys.executable, "-c", "from monopoli_mc.cli import main; main()", "run",
                                "--world", str(world), "--db", str(db), "--poll", "0.01", "--time-limit", "4s"],
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and not _running(db, run.pid):
                time.sleep(0.05)
            for args in (("seat", "Alex"), ("seat", "Sam"), ("start",)):
                result = CliRunner().invoke(cli, ["admin", *args, "--db", str(db), "--wait", "30"])
                assert result.exit_code == 0, result.output
            deadline = time.monotonic() + 30
            while not bots["Alex"].bossbars() and time.monotonic() < deadline:
                time.sleep(0.02)
            assert bots["Alex"].bossbars()[0][0].startswith("Time left: ")
            while "the richest when time ran out" not in " ".join(bots["Sam"].chat_text()) \
                    and time.monotonic() < deadline:
                time.sleep(0.05)
            assert any("the richest when time ran out" in line for line in bots["Sam"].chat_text())
            while box.world.bossbars and time.monotonic() < deadline:
                time.sleep(0.02)
            assert bots["Alex"].bossbars() == []
            result = CliRunner().invoke(cli, ["admin", "status", "--db", str(db)])
            assert result.exit_code == 0 and "ended in round 1" in result.output, result.output
        finally:
            run.terminate()
            out, _ = run.communicate(timeout=30)
        assert ", time limit 4 s (--time-limit)" in out.splitlines()[0], out
        assert "; time limit 4 s" in out and "GAME OVER: a tie, no single winner (the richest when time ran out)" \
            in out, out  # nobody moved: equal net worth
        assert not box.world.strict_failures, box.world.strict_failures


@pytest.mark.parametrize("version", ["1.20.5", "1.21", "1.21.2", "1.21.5", "1.21.6", "1.21.9", "1.21.11"])
def test_every_time_bar_command_is_taken_by_each_versions_tree(version: str) -> None:
    mc = get_version(version)
    lines = (timebar.show("side_2", ["Alex", ".Robin", "x_9"], 5399.5, 5400, mc)
             + timebar.update("side_2", 59.2, mc, value=True, name=True, recolor=True) + timebar.hide("side_2"))
    assert [line for line in lines if judge(line, version, 4) is not None] == []


def _desk(**settings: Any) -> Desk:
    """Alex and Sam seated and started."""
    return Desk(["Alex", "Sam"], **settings)


def _at(desk: Desk, offset: float) -> None:
    """The time of day `offset` seconds after the game's start, and the controller's clock with it."""
    row = desk.store.current_game("main")
    assert row is not None
    desk.now += row.started + offset - desk.wall
    desk.wall = row.started + offset


def test_the_limit_is_stored_with_the_game_and_read_by_the_page() -> None:
    desk = _desk(time_limit=5400.0)
    row = desk.store.current_game("main")
    ends = desk.table.ends_at
    assert row is not None and ends == row.started + 5400
    desk.run_again(time_limit=None)  # restarted without --time-limit: the game keeps its limit
    assert desk.table.ends_at == ends
    assert stored_views(desk.store, desk.world, ["main"])[0].ends_at == ends
    desk.step()
    assert desk.bossbar(BAR) == ("Time left: 90 min", 5400, 5400, "yellow")
    assert {"tag Alex add monopoli.time.main", "tag Sam add monopoli.time.main"} <= set(desk.writes)
    status = requests.ask(desk.store, "status", {}, None, 1)  # `monopoli admin status` with no controller running
    assert status.code == 0 and status.line.endswith(", jar $0, 90 min left"), status.line
    desk.run_again(time_limit=1800.0)  # a later run with another limit sets the running game's
    assert desk.table.ends_at == row.started + 1800
    assert "board 'main': game 1's time limit is now 30 min (was 1 h 30 min), as --time-limit says" in desk.lines
    assert stored_views(desk.store, desk.world, ["main"])[0].ends_at == row.started + 1800
    desk.step()
    assert desk.bossbar(BAR) == ("Time left: 30 min", 1800, 1800, "yellow")
    desk.run_again(time_limit=0.0)  # --time-limit off
    assert desk.table.ends_at is None and stored_views(desk.store, desk.world, ["main"])[0].ends_at is None
    desk.step()
    assert desk.bossbar(BAR) is None and f"bossbar remove {BAR}" in desk.writes


def test_the_time_left_is_a_boss_bar_with_warnings_and_the_game_ends_on_time() -> None:
    desk = _desk(time_limit=700.0)
    assert any(line.startswith("Game on! ") and line.endswith(" starts. Time limit: 11 min 40 s.")
               for line in desk.heard("Sam")), desk.heard("Sam")
    assert desk.bossbar(BAR) == ("Time left: 12 min", 700, 700, "yellow")
    assert "bossbar set monopoli:time_main players @a[tag=monopoli.time.main]" in desk.written
    assert {"tag Alex add monopoli.time.main", "tag Sam add monopoli.time.main"} <= set(desk.written)  # not Kim
    _at(desk, 0.0)
    desk.step()
    _at(desk, 4.0)
    desk.step()
    assert desk.writes == []  # two idle polls within the update period: nothing written
    _at(desk, 6.0)
    desk.step()
    assert desk.writes == ["bossbar set monopoli:time_main value 694"]  # the bar's value alone
    assert desk.bossbar(BAR) == ("Time left: 12 min", 694, 700, "yellow")
    _at(desk, 101.0)  # 599 s left
    desk.step()
    assert desk.bossbar(BAR) == ("Time left: 10 min", 599, 700, "red")
    for name in ("Alex", "Sam"):
        assert "10 minutes left on board main: then the richest by net worth wins." in desk.heard(name)
    _at(desk, 641.0)  # 59 s left
    desk.step()
    assert desk.bossbar(BAR) == ("Time left: 59 s", 59, 700, "red")
    assert "1 minute left on board main: then the richest by net worth wins." in desk.heard("Sam")
    assert desk.heard("Sam").count("10 minutes left on board main: then the richest by net worth wins.") == 1
    _at(desk, 701.0)
    desk.step()
    game = desk.game
    assert game.phase == "game_over" and game.end_reason == "time_limit"
    assert game.winner is None and game.tied() == [0, 1]  # nobody moved: equal net worth is a tie
    assert "GAME OVER: a tie, no single winner (the richest when time ran out)" in "\n".join(desk.heard("Alex"))
    assert desk.bossbar(BAR) is None and "tag @a remove monopoli.time.main" in desk.writes
    assert "[main] 1 minute left on board main: then the richest by net worth wins." in desk.lines


def test_undo_of_a_time_up_end_restores_the_game_and_lifts_the_limit_it_ran_past() -> None:
    """Issue 19 item 11: the undo used to drop the last move too, and the limit ended the game again at once."""
    desk = _desk(time_limit=700.0)
    assert desk.ask("pay", player="Alex", amount=100) == "pay Alex: done"  # the last move before the end
    _at(desk, 701.0)
    desk.step()
    game = desk.game
    assert game.phase == OVER and game.end_reason == "time_limit"
    answer = desk.ask("undo")
    assert answer == ("undid the end when time ran out on board 'main'; its time was up, so the game goes on "
                      "without a time limit (`monopoli admin end` ends it)"), answer
    game = desk.game
    assert game.phase != OVER and game.cash[game.names.index("Alex")] == 1600  # kept
    for _ in range(3):
        desk.tick(10)
        desk.step()
    assert game.phase != OVER and desk.table.ends_at is None
    assert desk.bossbar(BAR) is None and "time is up" not in desk.ask("status")
    row = desk.store.current_game("main")  # restarted with the night's same command line
    assert row is not None
    assert timelimit.follow(desk.store, desk.table, row, 700.0, desk.wall, override=True) == (
        "board 'main': game 1's time limit was lifted by an undo of its end; --time-limit does not set it "
        "again (`monopoli admin end` ends the game)")
    desk.step()
    assert desk.game.phase != OVER
    assert desk.ask("end").startswith("game 1 on board 'main' ended: ")


def test_undo_of_an_operator_end_before_the_limit_keeps_the_limit() -> None:
    desk = _desk(time_limit=700.0)
    assert desk.ask("pay", player="Sam", amount=50) == "pay Sam: done"
    _at(desk, 100.0)
    assert desk.ask("end").startswith("game 1 on board 'main' ended: ")
    assert desk.ask("undo").startswith("undid the operator's end of the game on board 'main': GAME OVER: ")
    game = desk.game
    assert game.phase != OVER and game.cash[game.names.index("Sam")] == 1550
    row = desk.store.current_game("main")
    assert row is not None and desk.table.ends_at == row.started + 700
    desk.step()
    assert desk.bossbar(BAR) == ("Time left: 10 min", 600, 700, "red")


def test_the_rule_sets_limit_applies_without_the_flag(tmp_path: Path) -> None:
    rules = tmp_path / "timed.yaml"
    rules.write_text("name: timed\ntime_limit_minutes: 45\n")
    desk = _desk(rules=str(rules))
    row = desk.store.current_game("main")
    assert row is not None and desk.table.ends_at == row.started + 45 * 60
    assert desk.bossbar(BAR) == ("Time left: 45 min", 2700, 2700, "yellow")


def test_a_clock_action_that_fails_is_said_once_and_stops_nobody(monkeypatch: pytest.MonkeyPatch) -> None:
    """A controller error in the time limit's end is undone and said once; the poll, the operator's
    requests and the other inputs go on; the clock tries again once the game has moved on."""
    from monopoli_mc.controller.game.table import BoardGame
    real = BoardGame.apply

    def broken(self: BoardGame, store: Store, action: tuple[str, int, object], origin: str) -> object:
        if action[0] == "time_up":
            real(self, store, action, origin)  # it changes the game, then fails: all of it is undone
            raise KeyError("nobody foresaw this")
        return real(self, store, action, origin)  # type: ignore[arg-type]

    desk = _desk(time_limit=60.0)
    monkeypatch.setattr(BoardGame, "apply", broken)
    _at(desk, 61.0)
    desk.step()
    assert desk.game.phase != OVER  # undone, in memory and in the database
    said = [line for line in desk.lines if "the clock's time_up could not be applied" in line]
    assert said == ["warning: board 'main': the clock's time_up could not be applied: a controller error "
                    "(KeyError: 'nobody foresaw this'). The board waits; the clock tries again once its game "
                    "moves on (`monopoli admin undo --board main` takes the last move back); please report "
                    "this line"], desk.lines
    assert desk.ask("status").startswith("main: ")  # the operator is answered meanwhile
    desk.step()
    assert len([line for line in desk.lines if "could not be applied" in line]) == 1  # said once
    assert "time_up" not in [kind for kind, *_ in desk.store.actions(desk.table.game_id)]  # nor in the database
    monkeypatch.setattr(BoardGame, "apply", real)
    assert "Alex" in desk.ask("pay", player="Alex", amount=10)  # the game moves on
    desk.step()
    assert desk.game.phase == OVER and desk.game.end_reason == "time_limit"
