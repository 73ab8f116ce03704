"""`monopoli standings`, `state --all`, `state --png --standings` and the night's admin commands as an operator
types them: what they print from a database, and one line for each mistake (issue 34)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from monopoli_mc.cli import main
from monopoli_mc.controller.db.store import Store
from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.phases import OVER, SYSTEM
from monopoli_mc.rules.settings import load_rules


def _night(path: Path) -> Path:
    """A database with two ended games and one running."""
    rules = load_rules("prom")
    board = load_board(board_path(rules.board))
    store = Store(path)
    for where, names, acts in (("main", ["Alex", "Sam"], [("admin_pay", {"player": 1, "amount": 100}),
                                                          ("admin_end", None)]),
                               ("annex", ["Robin", "Kai"], [("kick", {"player": 1})]),
                               ("main", ["Alex", "Kai"], [])):
        with store.transaction():
            gid = store.new_game(where, dataclasses.asdict(rules), 1, names)
            game = Game.new(rules, board, names, 1)
            for kind, arg in acts:
                game.apply((kind, SYSTEM, arg))
                store.log(gid, (kind, SYSTEM, arg), "test")
            store.set_over(gid, over=game.phase == OVER)
    store.close()
    return path


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        main(args)
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_standings_print_the_night(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(_night(tmp_path / "night.db"))
    code, out, _ = _run(["standings", "--db", db], capsys)
    lines = out.splitlines()
    assert code == 0 and lines[0] == ("The night: 3 games, 2 ended; points: a point for each player finished ahead "
                                      "of; games not finished are left out (night.unfinished: leave_out)")
    assert lines[1:6] == ["  rank  player  points  wins  net worth  games",
                          "     1  Sam          1     1     $1,600      1",
                          "     2  Robin        1     1     $1,500      1",
                          "     3  Alex         0     0     $1,500      1",
                          "     4  Kai          0     0         $0      1"]
    assert lines[-1].startswith("  game 3 at main, ") and lines[-1].endswith(
        ": not finished (Alex, Kai); left out of the standings")
    code, out, _ = _run(["standings", "--db", db, "--json"], capsys)
    data = json.loads(out)
    assert [g["how"] for g in data["games"]] == ["admin end", "bankruptcy", "not finished"]
    code, out, _ = _run(["state", "--db", db, "--all"], capsys)
    assert out.splitlines()[1].startswith("game 2 at annex, ") and "bankruptcy; winner Robin" in out
    code, out, _ = _run(["state", "--db", db, "--png", str(tmp_path / "n.png"), "--standings"], capsys)
    assert code == 0 and (tmp_path / "n.png").read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize("args, line", [
    (["standings", "--json", "--csv"], "error: give --json or --csv, not both"),
    (["state", "--standings"], "error: --standings draws a picture: give --png FILE too"),
    (["admin", "crown", "--board", "main"], "error: the crowning is for every board of the night: leave --board out"),
    (["admin", "final"], "error: name the final's board: monopoli admin final --board NAME"),
])
def test_a_mistake_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str],
                               line: str) -> None:
    db = str(_night(tmp_path / "night.db"))
    code, out, err = _run([*args, "--db", db], capsys)
    assert (code, err.strip()) == (1, line), (out, err)


def test_the_final_s_size_follows_the_operator_s_rule(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(_night(tmp_path / "night.db"))
    code, out, err = _run(["admin", "final", "--board", "main", "--players", "9", "--db", db], capsys)
    assert code != 0 and "--players" in out + err and "2" in out + err and "Traceback" not in out + err


def test_standings_of_a_missing_database(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = _run(["standings", "--db", str(tmp_path / "none.db")], capsys)
    assert code == 1 and err.startswith("error: no game database at ") and err.count("\n") == 1
