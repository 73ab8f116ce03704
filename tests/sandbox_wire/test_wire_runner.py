"""Sandbox (world + RCON server + tick thread) and the `monopoli sandbox` command."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from monopoli_mc.cli import cli, main
from monopoli_mc.rcon import RconClient
from monopoli_mc.sandbox.runner import Sandbox
from monopoli_mc.sandbox.world import World
from wire_support import PASSWORD


def test_sandbox_serves_rcon_and_ticks() -> None:
    world = World()
    before = set(threading.enumerate())
    with Sandbox(password=PASSWORD, world=world) as box:
        assert box.address[0] == "127.0.0.1" and box.port > 0
        with RconClient(*box.address, PASSWORD, timeout=2) as rcon:
            assert rcon.command("scoreboard objectives add Cash dummy") == (
                "Created new objective [Cash]")
        time.sleep(0.12)
    ticks = world.game_time
    assert ticks >= 2
    time.sleep(0.06)
    assert world.game_time == ticks  # the clock stopped with the sandbox
    assert not [t for t in set(threading.enumerate()) - before
                if t.name.startswith(("RCON", "Server"))]


def test_sandbox_without_clock() -> None:
    with Sandbox(password=PASSWORD, ticking=False) as box:
        time.sleep(0.06)
    assert box.world.game_time == 0


def test_cli_help_has_an_example_and_no_password() -> None:
    result = CliRunner().invoke(cli, ["sandbox", "--help"],
                                env={"MONOPOLI_RCON_PASSWORD": "top-secret"})
    assert result.exit_code == 0
    assert "Example:" in result.output and "MONOPOLI_RCON_PASSWORD" in result.output
    assert "top-secret" not in result.output


def test_cli_refuses_to_start_without_a_password() -> None:
    result = CliRunner().invoke(cli, ["sandbox"], env={"MONOPOLI_RCON_PASSWORD": ""})
    assert result.exit_code != 0
    assert "MONOPOLI_RCON_PASSWORD" in str(result.exception)


@pytest.mark.parametrize("name, words", [
    ("missing", "no such datapack folder or zip: '{path}'"),
    ("a-file", "not a datapack folder or .zip but a file: '{path}' (the server takes only a folder with pack.mcmeta, or a file named *.zip)"),
    ("empty", "not a datapack (no pack.mcmeta): '{path}'"),
])
def test_cli_bad_datapack_folder_is_one_line_and_exit_code_1(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        name: str, words: str) -> None:
    path = tmp_path / name
    if name == "a-file":
        path.write_text("")
    elif name == "empty":
        path.mkdir()
    monkeypatch.setenv("MONOPOLI_RCON_PASSWORD", PASSWORD)
    with pytest.raises(SystemExit) as info:
        main(["sandbox", "--port", "0", "--datapack", str(path)])
    assert info.value.code == 1
    assert capsys.readouterr().err == "error: " + words.format(path=path) + "\n"


def test_cli_unknown_version_lists_the_known_ones(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("MONOPOLI_RCON_PASSWORD", PASSWORD)
    with pytest.raises(SystemExit) as info:
        main(["sandbox", "--port", "0", "--version", "1.20.4"])
    assert info.value.code == 1
    err = capsys.readouterr().err
    assert err.startswith("error: unsupported minecraft version '1.20.4'; known: 1.20.5, ") and "1.21.11" in err
