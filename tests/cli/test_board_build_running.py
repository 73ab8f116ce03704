"""`monopoli board build` asks first whether a controller runs the world, as doctor does (the same check):
while one does it is refused with whose controller and what to do, and nothing is placed."""

from __future__ import annotations

from pathlib import Path

import pytest

from monopoli_mc.cli import main
from monopoli_mc.datapack import calls
from monopoli_mc.sandbox.runner import Sandbox

PACK = Path(__file__).resolve().parents[2] / "datapacks" / "monopoli"
PASSWORD = "build-pw"


def test_board_build_is_refused_while_a_controller_runs_the_world(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("MONOPOLI_RCON_PASSWORD", PASSWORD)
    with Sandbox(password=PASSWORD, strict=True, datapack=PACK) as box:
        box.world.tick()
        host, port = box.address
        world = tmp_path / "world.yaml"
        world.write_text(f"rcon: {{host: {host}, port: {port}}}\nboards:\n  - {{name: main, origin: [0, -60, 0]}}\n")
        box.world.execute(calls.night_mark("a" * 32, "/srv/prom-night.db", "stage-laptop", 4121))
        with pytest.raises(SystemExit) as exit_info:
            main(["board", "build", "--world", str(world)])
        assert exit_info.value.code == 1
        assert capsys.readouterr() == ("", (
            "error: a controller runs this world (database /srv/prom-night.db, pid 4121 on stage-laptop): board "
            "build places the board over the one its games are played on, and on vanilla its replies and the "
            "controller's share one buffer; stop it first (Ctrl-C in its terminal), then run board build again "
            "(if it is gone with its machine, `monopoli run --take-over` and Ctrl-C clear its mark)\n"))
        # nothing was done: not even the board's chunks forceloaded, its first step
        assert box.world.execute("forceload query 0 0")[0].endswith("is not marked for force loading")
        box.world.execute(calls.night_mark("a" * 32, "/srv/prom-night.db", "stage-laptop", 0))  # it stopped
        main(["board", "build", "--world", str(world)])
        assert capsys.readouterr().out.startswith("board 'main' placed")
