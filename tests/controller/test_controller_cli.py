"""The controller's commands as an organiser meets them: demo, state, admin, clean errors."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from decide_support import Desk

from monopoli_mc.cli import cli, main
from monopoli_mc.controller.db.lease import Lease
from monopoli_mc.controller.db.store import Store
from monopoli_mc.demo.run import standings
from monopoli_mc.rules.phases import OVER


@pytest.mark.long(seconds=7)
def test_demo_plays_a_whole_game_and_prints_standings() -> None:
    """The one whole game `monopoli demo` plays in the suite (walking, and each rule set's path through the
    world, are played by test_controller_games.py through the same run_demo)."""
    result = CliRunner().invoke(cli, ["demo", "--players", "2", "--seed", "5", "--speed", "20",
                                      "--rules", "prom", "--movement", "teleport"])
    assert result.exit_code == 0, result.output
    assert "-- round 1" in result.output and "throws" in result.output and "GAME OVER" in result.output
    assert "Final standings" in result.output and "1. " in result.output and "bankrupt" in result.output


def test_a_game_ends_at_its_round_limit_with_the_richest_first() -> None:
    """`monopoli demo --rules classic --max-rounds 3`'s game, decided on a Desk as the bots play it: it ends at
    the round limit, nobody bankrupt, the richest winning, said to every player; the demo's final standings
    (`demo.run.standings`, which it prints after "Final standings after N rounds", as the whole demo above
    shows) put the richest first. The round limit's equality with the engine's own game: test_controller_games."""
    desk = Desk(["Alex", "Sam", "Robin"], rules="classic", seed=3, max_rounds=3)
    game = desk.play_out()
    assert (game.phase, game.round, game.end_reason) == (OVER, 3, "round_limit")
    assert not any(game.bankrupt)  # three rounds: nobody is out yet; the richest leads
    winner = game.names[game.winner]  # type: ignore[index]
    assert winner == max(game.names, key=lambda name: game.net_worth(game.names.index(name)))
    for name in game.names:
        assert f"GAME OVER: {winner} wins (the richest at the round limit)" in desk.heard(name)
        assert f"{winner} wins!" in desk.heard(name, "title")
    lines = standings(game)
    assert lines[0].startswith(f"  1. {winner} ") and len(lines) == 3
    assert all("bankrupt" not in line and "worth $" in line for line in lines)


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


def test_admin_exits_1_when_the_controller_refuses(tmp_path: Path) -> None:
    """`monopoli admin` as the operator runs it: the CLI only writes its request into the database and reads the
    answer back. Standing in for the controller, a thread holds the database's lease and answers each request
    in the file with what the decisions answer on a Desk (a game of Alex, Sam and Robin running on board main)."""
    db = tmp_path / "night.db"
    store = Store(db)
    running = Lease(store)
    running.take()
    stop = threading.Event()
    failed: list[BaseException] = []

    def controller() -> None:
        try:
            desk = Desk()
            while not stop.is_set():
                with store.transaction():
                    for request in store.pending_requests(time.time()):
                        store.answer(request.id, desk.ask(request.kind, request.board, **request.args))
                running.beat()
                time.sleep(0.01)
        except BaseException as exc:  # said by the test, not lost in the thread
            failed.append(exc)

    def admin(*args: str) -> tuple[int, str]:
        result = CliRunner().invoke(cli, ["admin", *args, "--db", str(db), "--wait", "20"])
        assert failed == [] and not isinstance(result.exception, AssertionError), (failed, result.exception)
        return result.exit_code, result.output

    thread = threading.Thread(target=controller)
    thread.start()
    try:
        assert admin("start") == (1, "refused: board 'main' already has a game running\n")
        assert admin("status", "--board", "nope") == (1, "error: no board named 'nope'; boards: main\n")
        code, out = admin("status")
        assert code == 0 and out.startswith("main: game 1 (prom rules) of "), out
        assert admin("pay", "Sam", "5") == (0, "pay Sam: done\n")
    finally:
        stop.set()
        thread.join(10)
        running.release()
        store.close()


@pytest.mark.long(seconds=4)
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
