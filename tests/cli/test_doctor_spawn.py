"""Issue 28: doctor finds a board's buttons inside spawn protection. The world spawn is read over RCON
(`forceload query` from the RCON source, which stands at the spawn), wherever it is; the radius,
which RCON cannot read, is vanilla's default 16 unless --spawn-protection says otherwise."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from monopoli_mc.cli import cli
from monopoli_mc.cli.spawn import world_spawn
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.rcon.client import RconClient
from monopoli_mc.sandbox.runner import Sandbox

PACK = Path(__file__).resolve().parents[2] / "datapacks" / "monopoli"
PASSWORD = "spawn-pw"


@pytest.fixture(scope="module")
def box() -> Iterator[Sandbox]:
    """A strict sandbox with the committed pack and the board built at 0 -60 0."""
    with Sandbox(password=PASSWORD, strict=True, datapack=PACK) as box:
        box.world.tick()
        box.world.execute("function monopoli:board/main/place")
        yield box
        assert box.world.strict_failures == []


@settings(max_examples=25, deadline=None)
@given(x=st.integers(-3_000_000, 3_000_000), z=st.integers(-3_000_000, 3_000_000))
def test_the_world_spawn_is_read_over_rcon_wherever_it_is(box: Sandbox, x: int, z: int) -> None:
    box.world.spawn = (x, 70, z)
    try:
        with RconClient("127.0.0.1", box.port, PASSWORD, timeout=5) as rcon:
            assert world_spawn(rcon.command) == (x, z)
    finally:
        box.world.spawn = (0, 64, 0)


def _doctor(box: Sandbox, tmp_path: Path, *args: str) -> str:
    config = tmp_path / "world.yaml"
    config.write_text(Path(load_world().source).read_text().replace("port: 25575", f"port: {box.port}"))
    result = CliRunner().invoke(cli, ["doctor", "--world", str(config), *args],
                                env={"MONOPOLI_RCON_PASSWORD": PASSWORD})
    return result.output


def test_a_button_inside_spawn_protection_is_a_fix_and_says_what_doctor_assumed(box: Sandbox, tmp_path: Path) -> None:
    out = _doctor(box, tmp_path)
    fix = next(line for line in out.splitlines() if "spawn-protection" in line)
    assert fix.startswith("FIX  board 'main': its jar button is within 16 blocks of the world spawn (x 0 z 0; "
                          "spawn-protection 16, server.properties' default: RCON cannot read it; if yours is 0, "
                          "run doctor with --spawn-protection 0)"), fix
    assert "verdict: NOT ready" in out
    given = _doctor(box, tmp_path, "--spawn-protection", "16")
    assert "(x 0 z 0; spawn-protection 16, as --spawn-protection says)" in given
    off = _doctor(box, tmp_path, "--spawn-protection", "0")
    assert "ok   spawn protection is off (spawn-protection 0, as --spawn-protection says)" in off
    assert "verdict: ready" in off, off


def test_the_buttons_are_measured_as_vanilla_does_the_larger_of_x_and_z(box: Sandbox, tmp_path: Path) -> None:
    box.world.spawn = (10, 64, 30)  # naughty 13 -58 20 and nice 15 -58 20: 10; crate 29 -58 20: 19; jar 1 -59 2: 28
    try:
        assert "FIX  board 'main': its naughty, nice buttons are within 16 blocks of the world spawn (x 10 z 30; " \
            in _doctor(box, tmp_path)
        assert "ok   board 'main''s buttons are outside spawn protection (world spawn x 10 z 30; spawn-protection 9, " \
            "as --spawn-protection says)" in _doctor(box, tmp_path, "--spawn-protection", "9")
        assert "its naughty, nice, crate, jar buttons are within 28 blocks" in \
            _doctor(box, tmp_path, "--spawn-protection", "28")
    finally:
        box.world.spawn = (0, 64, 0)
