"""The rehearsal console's loop: lines piped in read as a transcript; monopoli lines get its world config."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from click.testing import CliRunner

from monopoli_mc.cli import cli
from monopoli_mc.cli import sandbox as sandbox_cli
from monopoli_mc.cli.console import Console, _words
from monopoli_mc.sandbox.rehearsal import Rehearsal
from monopoli_mc.sandbox.runner import Sandbox


def _console(box: Sandbox, world: Path | None = None) -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(Rehearsal(box, {}, color=False), env={}, world_path=world, interactive=False, out=out), out


def test_monopoli_lines_get_the_consoles_world_config_when_they_take_one(tmp_path: Path) -> None:
    world = tmp_path / "world.yaml"
    with Sandbox(password="pw", ticking=False) as box:
        console, _ = _console(box, world)
    assert console._with_world(["admin", "status", "--db", "x.db"]) == [
        "admin", "status", "--db", "x.db", "--world", str(world)]
    assert console._with_world(["state", "--world", "other.yaml"]) == ["state", "--world", "other.yaml"]
    assert console._with_world(["simulate", "--games", "3"]) == ["simulate", "--games", "3"]  # takes none
    assert console._with_world(["frobnicate"]) == ["frobnicate"]  # the CLI itself says what is wrong
    assert console._with_world(["doctor"]) == [  # the sandbox's spawn-protection, which doctor cannot read
        "doctor", "--world", str(world), "--spawn-protection", "16"]
    assert _words("$ monopoli run --db night.db &  # beside") == ["monopoli", "run", "--db", "night.db"]


def test_lines_run_in_order_and_quit_stops(tmp_path: Path) -> None:
    with Sandbox(password="pw") as box:
        console, out = _console(box)
        console.loop(iter(["Alex: join", "/op Alex", "who", "monopoli sandbox", "quit", "Alex: leave"]))
        assert out.getvalue().splitlines() == [
            "Alex | Alex joined the game", "Made Alex a server operator", "Alex (operator): at 0 64 0",
            "error: the sandbox is running here already"]
        assert box.world.player("Alex") is not None  # nothing after quit ran


def test_the_consoles_server_is_set_up_as_the_readme_asks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 27 point 12: a console left idle 60 s paused its server and doctor said FIX about
    server.properties, which the sandbox has none of; README step 1 sets both of these to 0."""
    seen: list[tuple[int, int]] = []
    monkeypatch.setattr(sandbox_cli, "_rehearse", lambda box, *_: seen.append(
        (box.world.pause_when_empty_seconds, box.world.spawn_protection)))
    env = {"MONOPOLI_RCON_PASSWORD": "pw"}
    assert CliRunner().invoke(cli, ["sandbox", "--console", "--port", "0"], env=env).exit_code == 0
    assert CliRunner().invoke(cli, ["sandbox", "--console", "--port", "0", "--spawn-protection", "16",
                                    "--pause-when-empty-seconds", "60"], env=env).exit_code == 0
    assert seen == [(0, 0), (60, 16)]
