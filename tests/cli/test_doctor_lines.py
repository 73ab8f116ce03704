"""doctor's lines can be copied: every command it prints carries the options doctor was given (a
password file, never a password from the environment), and it notices a pack built for another
world config, saying which and what to do. Against the strict sandbox over RCON."""

from __future__ import annotations

import dataclasses
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from monopoli_mc.cli import cli, main
from monopoli_mc.datapack.build import build_pack
from monopoli_mc.datapack.pack import write_pack
from monopoli_mc.datapack.layout import BoardPlace
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.sandbox.runner import Sandbox

PACK = Path(__file__).resolve().parents[2] / "datapacks" / "monopoli"
PASSWORD = "lines-pw"


def _config(folder: Path, port: int, *, name: str = "my world.yaml", origin: str = "[0, -60, 0]") -> Path:
    text = Path(load_world().source).read_text().replace("port: 25575", f"port: {port}")
    path = folder / name
    path.write_text(text.replace("origin: [0, -60, 0]", f"origin: {origin}"))
    return path


def _commands(output: str) -> list[str]:
    """Every `monopoli ...` command a line of doctor's output names."""
    return re.findall(r"`(monopoli [^`]*)`", output)


def test_every_printed_command_carries_the_options_and_can_be_run_as_printed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    secret = tmp_path / "rcon pw.txt"
    secret.write_text(PASSWORD + "\n")
    monkeypatch.delenv("MONOPOLI_RCON_PASSWORD", raising=False)
    monkeypatch.chdir(tmp_path)
    with Sandbox(password=PASSWORD, strict=True, datapack=PACK) as box:
        box.world.tick()
        config = _config(tmp_path, box.port)
        runner = CliRunner()
        result = runner.invoke(cli, ["doctor", "--world", str(config), "--password-file", str(secret),
                                     "--rules", "anti-monopoly"])
        assert result.exit_code == 1, result.output
        build = (f"monopoli board build --world {shlex.quote(str(config))} --board main "
                 f"--password-file {shlex.quote(str(secret))}")
        assert f"FIX  board 'main' is not built (no minecraft:chest at 2 -59 2): run `{build}`" in result.output
        rebuild = f"monopoli datapack build --world {shlex.quote(str(config))} --rules anti-monopoly --out DIR"
        assert f"run `{rebuild}`, then copy DIR/monopoli.zip" in result.output
        commands = _commands(result.output)
        assert build in commands and rebuild in commands
        for command in commands:  # each names the options doctor was given
            assert f"--world {shlex.quote(str(config))}" in command, command
            assert PASSWORD not in command
        placed = runner.invoke(cli, shlex.split(build)[1:])  # copied as printed: reaches this sandbox
        assert placed.exit_code == 0, placed.output
        assert "board 'main' placed at" in placed.output
        monkeypatch.setenv("MONOPOLI_RCON_PASSWORD", PASSWORD)  # from the environment: not on any line
        box.world.execute("fill 0 -60 0 43 -50 43 minecraft:air")
        result = runner.invoke(cli, ["doctor", "--world", str(config)])
        assert result.exit_code == 1
        assert (f"run `monopoli board build --world {shlex.quote(str(config))} --board main`"
                in result.output), result.output
        assert "--password-file" not in result.output and PASSWORD not in result.output
        assert box.world.strict_failures == []


@pytest.mark.long(seconds=3)
def test_doctor_notices_a_pack_built_for_another_world_config(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    world = load_world()
    elsewhere = dataclasses.replace(world, boards=(BoardPlace("main", (100, -60, 40), "north", 4, 10),
                                                   BoardPlace("annex", (300, -60, 0), "west", 4, 10)))
    folder, _ = write_pack(build_pack(elsewhere, load_board(board_path("standard"))), tmp_path / "other")
    monkeypatch.setenv("MONOPOLI_RCON_PASSWORD", PASSWORD)
    with Sandbox(password=PASSWORD, strict=True, datapack=folder, ticking=False) as box:
        box.world.tick()
        box.world.execute("function monopoli:board/main/place")
        config = _config(tmp_path, box.port, name="world.yaml", origin="[100, -60, 40]")
        result = CliRunner().invoke(cli, ["doctor", "--world", str(config)])
        assert result.exit_code == 1, result.output
        assert (f"FIX  the pack installed was built for another world config: it places board 'main' at "
                f"(100, -60, 40) facing north, {config} says facing west; it has board 'annex', which "
                f"{config} has not; run `monopoli datapack build --world {config} --rules prom --out DIR`, then "
                "copy DIR/monopoli.zip into the world's datapacks/ folder and /reload") in result.output
        assert box.world.strict_failures == []
    with Sandbox(password=PASSWORD, strict=True, datapack=PACK) as box:
        box.world.tick()
        box.world.execute("function monopoli:board/main/place")
        config = _config(tmp_path, box.port, name="world.yaml")
        result = CliRunner().invoke(cli, ["doctor", "--world", str(config), "--spawn-protection", "0"])
        assert result.exit_code == 0, result.output
        assert ("ok   the pack was built for this world config (Minecraft 1.21.11, the Standard (US) board, "
                "board 'main' at (0, -60, 0) facing west)") in result.output


def test_doctor_says_when_a_controller_runs_the_world_and_deep_waits_for_it_to_stop(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """On vanilla a running controller's replies and doctor's share one buffer, and --deep queues an input
    that controller would read: --deep is refused while one runs, the plain checks say it."""
    from monopoli_mc.datapack import calls

    monkeypatch.setenv("MONOPOLI_RCON_PASSWORD", PASSWORD)
    with Sandbox(password=PASSWORD, strict=True, datapack=PACK) as box:
        box.world.tick()
        config = _config(tmp_path, box.port)
        runner = CliRunner()
        box.world.execute(calls.night_mark("a" * 32, "/srv/prom-night.db", "stage-laptop", 4121))
        with pytest.raises(SystemExit) as exit_info:
            main(["doctor", "--world", str(config), "--deep"])
        assert exit_info.value.code == 1
        assert capsys.readouterr().err == (
            "error: a controller runs this world (database /srv/prom-night.db, pid 4121 on stage-laptop): "
            "--deep writes into the world and queues an input that controller would read; stop it first "
            "(Ctrl-C in its terminal), then run doctor --deep again (if it is gone with its machine, `monopoli run "
            "--take-over` and Ctrl-C clear its mark)\n")
        assert "MonopoliProbe" not in box.world.execute("data get storage monopoli:bridge")[0]
        plain = runner.invoke(cli, ["doctor", "--world", str(config)])
        assert plain.output.startswith("note: a controller runs this world (database /srv/prom-night.db, pid 4121 "
                                       "on stage-laptop): on vanilla its replies and doctor's share one buffer"), \
            plain.output
        box.world.execute(calls.night_mark("a" * 32, "/srv/prom-night.db", "stage-laptop", 0))  # it stopped
        plain = runner.invoke(cli, ["doctor", "--world", str(config)])
        assert "controller runs this world" not in plain.output
