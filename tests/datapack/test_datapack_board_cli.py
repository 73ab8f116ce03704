"""`monopoli board build` against the sandbox over real RCON: places, verifies, is idempotent."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from monopoli_mc.cli import cli
from monopoli_mc.sandbox.runner import Sandbox

PACK = Path(__file__).resolve().parents[2] / "datapacks" / "monopoli"


def test_board_build_twice(tmp_path: Path) -> None:
    with Sandbox(password="pw", datapack=PACK) as sandbox:
        host, port = sandbox.address
        world = tmp_path / "world.yaml"
        world.write_text(f"rcon: {{host: {host}, port: {port}}}\n"
                         "boards:\n  - {name: main, origin: [0, -60, 0]}\n")
        env = {"MONOPOLI_RCON_PASSWORD": "pw"}
        for _ in range(2):
            result = CliRunner().invoke(cli, ["board", "build", "--world", str(world)], env=env)
            assert result.exit_code == 0, result.output
            assert "board 'main' placed" in result.output
