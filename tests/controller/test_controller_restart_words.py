"""No silent change at a restart (issue 35 point 10): a run without the night's --time-limit warns and says
how to keep it; a refused run says nothing of the boards first; `run` takes the folder's own world config or
refuses. Over real RCON against the strict sandbox, `monopoli run` as the organiser types it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from controller_support import PASSWORD
from test_controller_night import night

from monopoli_mc.cli import main
from monopoli_mc.controller.clocks import timelimit
from monopoli_mc.controller.db.store import Store
from monopoli_mc.datapack.world_config import default_world_path

MONOPOLI = [sys.executable, "-c", "from monopoli_mc.cli import main; main()"]


def test_a_run_without_the_nights_time_limit_warns_and_says_how_to_keep_it(tmp_path: Path) -> None:
    with night(tmp_path) as n:
        store = Store(n.tonight)
        with store.transaction():
            timelimit.store_limit(store, 1, 5400.0)  # tonight's games were started with --time-limit 90m
        store.close()
        env = dict(os.environ, MONOPOLI_RCON_PASSWORD=PASSWORD)
        run = subprocess.Popen([*MONOPOLI, "run", "--world", str(n.world_yaml), "--db", str(n.tonight),
                                "--poll", "0.01"], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, start_new_session=True)
        try:
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and n.box.world.storage.get("monopoli:bridge", {}).get(
                    "night", {}).get("pid") != run.pid:
                time.sleep(0.05)
        finally:
            run.send_signal(signal.SIGINT)  # Ctrl-C
            out, _ = run.communicate(timeout=30)
        lines = out.splitlines()
        assert lines[1:3] == [
            f"monopoli: world config {n.world_yaml}",
            "monopoli: warning: the night's last game (game 1 on board 'main') started with a time limit of "
            "1 h 30 min, and this run has no --time-limit: the games it starts get no time limit (those running "
            "keep theirs). To keep the limit, stop this run (Ctrl-C) and start it again with --time-limit 90m"], out
        assert run.returncode == 0 and "monopoli: stopped" in out


def test_a_refused_run_says_nothing_of_the_boards_before_the_refusal(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Typed in another folder that has its own configs/world.yaml, without --world: that config is
    taken (and named), and the wrong database is refused with no "no game yet, nobody seated" before."""
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
        assert f"monopoli: world config {folder_config}" in out.splitlines()
        assert err.startswith(f"error: this world's night is in {n.tonight} (game 1 on board 'main' unfinished)")
        assert "seated" not in out and "no game yet" not in out, out


def test_run_in_a_folder_without_configs_is_refused_naming_the_checkouts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MONOPOLI_RCON_PASSWORD", PASSWORD)
    with pytest.raises(SystemExit) as exit_:
        main(["run", "--db", "night.db"])
    assert exit_.value.code == 1
    out, err = capsys.readouterr()
    assert out == "" and err == (
        f"error: this folder ({tmp_path}) has no configs/world.yaml: give the world config with --world FILE "
        f"(the checkout's is {default_world_path()}), or start run in the folder that holds configs/\n")
    assert not (tmp_path / "night.db").exists()
