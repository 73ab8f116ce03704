"""`monopoli simulate` for planning the evening: minutes per game, the slot, the plot, the rule file's limit."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from monopoli_mc.cli import cli, main
from monopoli_mc.cli.simulate import parse_slot
from monopoli_mc.errors import MonopoliError
from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.settings import load_rules
from monopoli_mc.rules.simulate import run_games
from monopoli_mc.view.plot import LEFT, RIGHT, SLOT, TOP, WIDTH


def test_minutes_per_game_and_the_share_within_the_slot(tmp_path: Path) -> None:
    out = tmp_path / "plan.json"
    plot = tmp_path / "slot.png"
    result = CliRunner().invoke(cli, ["simulate", "--rules", "prom,classic", "--players", "3", "--players", "4",
                                      "--games", "24", "--seed", "11", "--seconds-per-throw", "20",
                                      "--slot", "1h30m", "--plot", str(plot), "--json", str(out)])
    assert result.exit_code == 0, result.output
    runs = json.loads(out.read_text())["runs"]
    assert [(r["rules"], r["players"]) for r in runs] == [("prom", 3), ("prom", 4), ("classic", 3), ("classic", 4)]
    for run in runs:
        rules = load_rules(run["rules"])
        games = list(run_games(rules, load_board(board_path(rules.board)), players=run["players"], games=24,
                               seed=11, max_rounds=1000))
        minutes = sorted(g.throws * 20 / 60 for g in games)
        m = run["minutes"]
        assert m["median"] == round(statistics.median(minutes), 1)
        assert m["slot"] == 90 and m["within_slot"] == round(sum(x <= 90 for x in minutes) / 24, 4)
        assert 0 < m["median"] <= m["p90"] <= m["max"]
        line = (f"  {run['rules']:7s}  {run['players']:7d}  {m['median']:6g}  {m['p90']:5g}  "
                f"{100 * m['within_slot']:.0f}%")
        assert line in result.output.splitlines()
    assert "planning at 20 s a throw, a 90-minute slot" in result.output
    assert "% end within the 90-minute slot" in result.output
    image = Image.open(plot).convert("RGB")
    assert image.width == WIDTH and image.height > 4 * 200
    row = TOP + 120  # inside the first panel: the slot's red line crosses it
    reds = [x for x in range(LEFT, WIDTH - RIGHT) if image.getpixel((x, row)) == (0xB0, 0x2E, 0x26)]
    assert reds and SLOT == "#B02E26"


def test_the_rule_files_round_limit_holds_unless_told(tmp_path: Path) -> None:
    short = tmp_path / "short.yaml"
    short.write_text("name: short\nmax_rounds: 30\n")
    out = tmp_path / "sim.json"
    result = CliRunner().invoke(cli, ["simulate", "--rules", str(short), "--games", "6", "--json", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert data["max_rounds"] == 30 and data["rounds"]["max"] <= 30
    assert "(after 30 rounds, richest leads)" in result.output
    told = CliRunner().invoke(cli, ["simulate", "--rules", str(short), "--games", "2", "--max-rounds", "5",
                                    "--json", str(out)])
    assert told.exit_code == 0 and json.loads(out.read_text())["max_rounds"] == 5


def test_planning_mistakes_are_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["simulate", "--games", "1", "--slot", "2h"])
    assert exit_.value.code == 1
    assert capsys.readouterr().err.strip() == ("error: --slot needs --seconds-per-throw (how long one throw takes "
                                               "at the table), e.g. --seconds-per-throw 25")
    with pytest.raises(SystemExit) as exit_:
        main(["simulate", "--games", "1", "--seconds-per-throw", "20", "--slot", "soon"])
    assert exit_.value.code == 1
    assert capsys.readouterr().err == "error: simulate: --slot is a length of time from 1s to 168h, such as 90m, 90 (minutes), 1h30m or 45s, in the digits 0-9 alone, not 'soon'\n"
    with pytest.raises(SystemExit) as exit_:
        main(["simulate", "--games", "1", "--players", "3,9"])
    assert exit_.value.code == 1
    assert capsys.readouterr().err == ("error: simulate: --players is up to 16 whole numbers from 2 to 8 separated by "
                                       "commas (such as 3,4), in the digits 0-9 alone, not '3,9'\n")
    with pytest.raises(SystemExit) as exit_:
        main(["simulate", "--games", "1", "--seconds-per-throw", "20", "--plot", str(tmp_path / "no" / "x.png")])
    assert exit_.value.code == 1
    assert capsys.readouterr().err == f"error: cannot write '{tmp_path / 'no' / 'x.png'}': there is no folder " \
                                      f"'{tmp_path / 'no'}'\n"


def test_slot_lengths() -> None:
    assert parse_slot("120m") == parse_slot("2h") == parse_slot("120") == parse_slot("1h60m") == 120
    assert parse_slot("1h30m") == parse_slot("1h30") == 90
    for bad in ("", "m", "0", "2 hours", "-5m", "h", "1.5h", " 2h", "2H", "１h", "169h", "9" * 400):
        with pytest.raises(MonopoliError, match="^--slot is a length of time from 1s to 168h"):
            parse_slot(bad)
