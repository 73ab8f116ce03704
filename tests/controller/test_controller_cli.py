"""The controller's commands as an organiser meets them: demo, state, admin, clean errors."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from monopoli_mc.cli import cli, main
from monopoli_mc.controller.db.store import Store


def test_demo_plays_a_whole_game_and_prints_standings() -> None:
    """The one whole game `monopoli demo` plays in the suite (walking, and each rule set's path through the
    world, are played by test_controller_games.py through the same run_demo)."""
    result = CliRunner().invoke(cli, ["demo", "--players", "2", "--seed", "5", "--speed", "20",
                                      "--rules", "prom", "--movement", "teleport"])
    assert result.exit_code == 0, result.output
    assert "-- round 1" in result.output and "throws" in result.output and "GAME OVER" in result.output
    assert "Final standings" in result.output and "1. " in result.output and "bankrupt" in result.output


def test_demo_ends_at_its_round_limit() -> None:
    result = CliRunner().invoke(cli, ["demo", "--players", "3", "--seed", "3", "--speed", "20",
                                      "--rules", "classic", "--max-rounds", "3", "--quiet"])
    assert result.exit_code == 0, result.output
    assert "Final standings after 3 rounds" in result.output
    assert "bankrupt" not in result.output  # three rounds: nobody is out yet; the richest leads


def test_state_without_a_database_is_a_clean_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["state", "--db", str(tmp_path / "none.db")])
    assert exit_.value.code == 1
    assert "no game database" in capsys.readouterr().err


def test_admin_queues_and_state_reads_the_database(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    store = Store(db)
    store.seat("main", "Alex")
    store.close()
    runner = CliRunner()
    result = runner.invoke(cli, ["admin", "pay", "Alex", "100", "--db", str(db), "--wait", "1"])
    assert (result.exit_code, result.output) == (3, (
        "not done: no controller has run on this database yet; nothing was queued. "
        f"Start `monopoli run --db {db}` and ask again\n"))
    store = Store(db)
    assert not store.has_requests()
    store.close()
    result = runner.invoke(cli, ["admin", "status", "--db", str(db)])
    assert (result.exit_code, result.output) == (
        0, "no controller has run on this database yet; main: no game yet; seated: Alex; next: seat 1 more "
           "player (/trigger join on the board, or monopoli admin seat NAME), then monopoli admin start\n")
    result = runner.invoke(cli, ["state", "--db", str(db), "--json"])
    assert result.exit_code == 0
    assert json.loads(result.output) == {}
    result = runner.invoke(cli, ["state", "--db", str(db), "--board", "main"])
    assert "no game yet; seated: Alex" in result.output


def test_doctor_says_what_to_fix(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from controller_support import PACK, PASSWORD

    from monopoli_mc.datapack.world_config import load_world
    from monopoli_mc.sandbox.runner import Sandbox

    with Sandbox(password=PASSWORD, strict=True, datapack=PACK) as box:  # ticking: doctor checks it does
        config = tmp_path / "world.yaml"
        config.write_text(Path(load_world().source).read_text().replace("port: 25575", f"port: {box.port}"))
        monkeypatch.setenv("MONOPOLI_RCON_PASSWORD", PASSWORD)
        runner = CliRunner()
        result = runner.invoke(cli, ["doctor", "--world", str(config), "--spawn-protection", "0"])
        assert result.exit_code == 1
        assert "ok   the monopoli datapack is loaded" in result.output
        assert "FIX  board 'main' is not built" in result.output and "monopoli board build" in result.output
        box.world.execute("function monopoli:board/main/place")
        result = runner.invoke(cli, ["doctor", "--world", str(config), "--spawn-protection", "0"])
        assert result.exit_code == 0, result.output
        assert "FIX" not in result.output and "broadcast-rcon-to-ops=false" in result.output
        assert "the pack has the cards of board" in result.output
        result = runner.invoke(cli, ["doctor", "--world", str(config), "--spawn-protection", "0",
                                     "--rules", "anti-monopoly"])
        assert result.exit_code == 1  # the committed pack is the standard board's: no side decks
        assert "FIX  the pack has no competitor cards" in result.output
        assert (f"run `monopoli datapack build --world {config} --rules anti-monopoly --out DIR`, then "
                "copy DIR/monopoli.zip into the world's datapacks/ folder and /reload") in result.output
        monkeypatch.setenv("MONOPOLI_RCON_PASSWORD", "wrong")
        result = runner.invoke(cli, ["doctor", "--world", str(config), "--spawn-protection", "0"])
        assert result.exit_code != 0
        assert box.world.strict_failures == []


def test_state_refuses_an_unknown_board(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "night.db"
    store = Store(db)
    store.seat("side", "Alex")  # a board only the database knows still counts
    store.close()
    with pytest.raises(SystemExit) as info:
        main(["state", "--db", str(db), "--board", "nope"])
    assert info.value.code == 1
    assert capsys.readouterr().err == "error: no board named 'nope'; boards: main, side\n"
    result = CliRunner().invoke(cli, ["state", "--db", str(db), "--board", "side"])
    assert result.exit_code == 0 and "board side: no game yet; seated: Alex" in result.output


def test_admin_exits_1_when_the_controller_refuses(rig: Any, tmp_path: Path) -> None:
    """`monopoli admin` as the operator runs it, answered by a controller polling the same database."""
    def admin(*args: str) -> tuple[int, str]:
        proc = subprocess.Popen([sys.executable, "-c", "from monopoli_mc.cli import main; main()", "admin",
                                 *args, "--db", str(tmp_path / "night.db"), "--wait", "20"],
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        while proc.poll() is None:
            rig.step()
            time.sleep(0.02)
        return proc.returncode, proc.stdout.read() if proc.stdout else ""

    assert admin("start") == (1, "refused: board 'main' already has a game running\n")
    assert admin("status", "--board", "nope") == (1, "error: no board named 'nope'; boards: main\n")
    code, out = admin("status")
    assert code == 0 and out.startswith("main: game 1 (prom rules) of ")
    assert admin("pay", "Sam", "5") == (0, "pay Sam: done\n")


def test_run_says_when_the_server_is_paused(tmp_path: Path) -> None:
    """`monopoli run` on a paused server (empty, 1.21.2+; ledger row F5) says why nothing arrives, then runs."""
    import os
    import signal

    from controller_support import PACK, PASSWORD

    from monopoli_mc.datapack.world_config import load_world
    from monopoli_mc.sandbox.runner import Sandbox

    with Sandbox(password=PASSWORD, strict=True, datapack=PACK, pause_when_empty_seconds=1) as box:
        box.world.execute("function monopoli:board/main/place")
        deadline = time.monotonic() + 20
        while not box.world.paused and time.monotonic() < deadline:
            time.sleep(0.02)
        config = tmp_path / "world.yaml"
        config.write_text(Path(load_world().source).read_text().replace("port: 25575", f"port: {box.port}"))
        proc = subprocess.Popen([sys.executable, "-c", "from monopoli_mc.cli import main; main()", "run",
                                 "--world", str(config), "--db", str(tmp_path / "night.db")],
                                env=dict(os.environ, MONOPOLI_RCON_PASSWORD=PASSWORD),
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            assert proc.stdout is not None
            lines: list[str] = []
            while len(lines) < 6 and not any("warning:" in line for line in lines):
                lines.append(proc.stdout.readline())  # the start lines, then the warning
            warning = next((line for line in lines if "warning:" in line), "")
            assert warning.startswith("monopoli: warning: the server is not ticking (its game time stood "
                                      "still for 1.5 s)"), lines
            assert "set pause-when-empty-seconds=0 in server.properties" in warning
            proc.send_signal(signal.SIGTERM)
            assert proc.wait(20) == 0
        finally:
            if proc.poll() is None:
                proc.kill()
            proc.communicate(timeout=10)
