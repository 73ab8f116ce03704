"""`monopoli board build` against the sandbox over real RCON: places, verifies, is idempotent, says why not."""

from __future__ import annotations

import gzip
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from monopoli_mc.cli import cli, main
from monopoli_mc.datapack.build import build_pack
from monopoli_mc.datapack.pack import write_pack
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.settings import load_rules
from monopoli_mc.sandbox.runner import Sandbox

PACK = Path(__file__).resolve().parents[2] / "datapacks" / "monopoli"
ENV = {"MONOPOLI_RCON_PASSWORD": "pw"}


def _world(tmp_path: Path, sandbox: Sandbox, board: str = "{name: main, origin: [0, -60, 0]}") -> Path:
    host, port = sandbox.address
    world = tmp_path / "world.yaml"
    world.write_text(f"rcon: {{host: {host}, port: {port}}}\nboards:\n  - {board}\n")
    return world


def _build(world: Path) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["board", "build", "--world", str(world)], env=ENV)
    return result.exit_code, result.output


def _fails(world: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> str:
    """What `monopoli board build` prints when it fails (as the console script runs it)."""
    monkeypatch.setenv("MONOPOLI_RCON_PASSWORD", "pw")
    with pytest.raises(SystemExit) as exit_info:
        main(["board", "build", "--world", str(world)])
    assert exit_info.value.code == 1
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "Traceback" not in err
    return err


def test_board_build_twice(tmp_path: Path) -> None:
    with Sandbox(password="pw", datapack=PACK) as sandbox:
        world = _world(tmp_path, sandbox)
        for _ in range(2):
            code, output = _build(world)
            assert code == 0, output
            assert "board 'main' placed" in output


@pytest.mark.parametrize("damage", ["missing", "unreadable"])
def test_a_refused_template_is_named_with_what_to_do(tmp_path: Path, damage: str, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    pack = tmp_path / "monopoli"
    shutil.copytree(PACK, pack)
    board = pack / "data/monopoli/structure/board.nbt"
    if damage == "missing":
        board.unlink()
    else:  # the root's entries with no root header, as the pack was written before issue 11
        board.write_bytes(gzip.compress(gzip.decompress(board.read_bytes())[3:]))
    with Sandbox(password="pw", datapack=pack) as sandbox:
        output = _fails(_world(tmp_path, sandbox), monkeypatch, capsys)
    assert "the server has no template 'monopoli:board'" in output
    assert 'There is no template with id "monopoli:board"' in output  # the server's own words
    assert "monopoli datapack build" in output and "/reload" in output


def test_a_pack_built_for_another_origin_is_caught(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    with Sandbox(password="pw", datapack=PACK) as sandbox:  # the committed pack: origin 0 -60 0
        output = _fails(_world(tmp_path, sandbox, "{name: main, origin: [200, -60, 40]}"), monkeypatch, capsys)
    assert "builds the board somewhere else" in output and "origin [200, -60, 40]" in output


def test_a_turned_board_is_built_and_read_back(tmp_path: Path) -> None:
    with Sandbox(password="pw") as sandbox:
        world = _world(tmp_path, sandbox, "{name: main, origin: [-40, -60, 12], facing: south}")
        pack_dir, _ = write_pack(build_pack(load_world(world), load_board(board_path(load_rules("prom").board))),
                                 tmp_path / "pack")
        sandbox.world.load_datapack(pack_dir)
        code, output = _build(world)
        assert code == 0, output
        assert "facing south" in output
        forced = sandbox.world.forced_chunks
    # the board (counterclockwise_90: x to x + 43, z - 43 to z), and what place template checks
    # (origin to origin + size, unturned)
    assert {(-40 >> 4, 12 >> 4), ((-40 + 44) >> 4, (12 + 44) >> 4), ((-40 + 43) >> 4, (12 - 43) >> 4)} <= forced
