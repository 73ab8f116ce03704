"""The committed datapacks/ is the pack built for the default config (a snapshot test)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from monopoli_mc.cli import cli, main
from monopoli_mc.datapack.build import build_pack
from monopoli_mc.datapack.pack import zip_bytes
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.rules.board import default_board_path, load_board

COMMITTED = Path(__file__).resolve().parents[2] / "datapacks"
REBUILD = "run `monopoli datapack build` and commit datapacks/"


def test_committed_pack_is_not_stale() -> None:
    files = build_pack(load_world(), load_board(default_board_path())).files()
    on_disk = {str(p.relative_to(COMMITTED / "monopoli")): p.read_bytes()
               for p in (COMMITTED / "monopoli").rglob("*") if p.is_file()}
    assert sorted(on_disk) == sorted(files), REBUILD
    changed = [path for path, data in files.items() if on_disk[path] != data]
    assert changed == [], f"stale files {changed[:5]}: {REBUILD}"
    assert (COMMITTED / "monopoli.zip").read_bytes() == zip_bytes(files), REBUILD


def test_snapshot_of_key_files() -> None:
    load = (COMMITTED / "monopoli/data/monopoli/function/load.mcfunction").read_text()
    assert load.splitlines()[:6] == [
        "gamerule command_block_output false",
        "gamerule send_command_feedback false",
        "gamerule log_admin_commands false",
        "gamerule keep_inventory true",
        "difficulty peaceful",
        'scoreboard objectives add monopoli.cash dummy {text:"Cash",color:"gold"}',
    ]
    ack = (COMMITTED / "monopoli/data/monopoli/function/ack.mcfunction").read_text()
    assert ack == ("$scoreboard players set $ack monopoli.seq $(seq)\n"
                   "execute if score $ack monopoli.seq > $acked monopoli.seq run "
                   "scoreboard players operation $acked monopoli.seq = $ack monopoli.seq\n"
                   "function monopoli:bridge/drop\n")


def test_cli_builds_for_another_version(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["datapack", "build", "--minecraft", "1.21.4",
                                      "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "monopoli/data/monopoli/function/load.mcfunction").is_file()
    assert (tmp_path / "monopoli.zip").is_file()
    assert "1.21.4" in result.output


def test_cli_unknown_version_names_the_flag(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["datapack", "build", "--minecraft", "1.20.4", "--out", str(tmp_path)])
    assert info.value.code == 1
    assert capsys.readouterr().err.startswith(
        "error: --minecraft: unsupported minecraft version '1.20.4'; known: 1.20.5, ")
    assert not (tmp_path / "monopoli").exists()


def test_cli_help() -> None:
    for args in (["datapack", "--help"], ["datapack", "build", "--help"]):
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 0 and "Usage" in result.output
