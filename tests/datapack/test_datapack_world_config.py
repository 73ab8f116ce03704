"""configs/world.yaml validation: errors name the file, line and key."""

from __future__ import annotations

from pathlib import Path

import pytest

from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.errors import ConfigError

GOOD = """\
minecraft: {version: "1.21.4"}
rcon: {host: 127.0.0.1, port: 25575}
movement: teleport
colors: [red, blue]
role_colors: {competitor: lime, monopolist: purple}
boards:
  - {name: main, origin: [0, 64, 0], facing: north}
  - {name: second, origin: [100, 64, 0]}
"""


def _load(tmp_path: Path, text: str):  # type: ignore[no-untyped-def]
    path = tmp_path / "world.yaml"
    path.write_text(text)
    return load_world(path)


def test_default_config_loads() -> None:
    world = load_world()
    assert world.version.name == "1.21.11" and world.boards[0].name == "main"
    assert "gray" not in world.colors and len(world.colors) <= 8


def test_good_config(tmp_path: Path) -> None:
    world = _load(tmp_path, GOOD)
    assert world.version.data_version == 4189 and world.movement == "teleport"
    assert [b.name for b in world.boards] == ["main", "second"]
    assert world.board("second").origin == (100, 64, 0)
    assert world.role_colors == (("competitor", "lime"), ("monopolist", "purple"))
    assert load_world().role_colors == (("competitor", "green"), ("monopolist", "blue"))  # sheet 003


@pytest.mark.parametrize("change, key, message", [
    (("1.21.4", "1.19"), "minecraft.version", "unsupported minecraft version '1.19'"),
    (('"1.21.4"', "1.21"), "minecraft.version", "write the version in quotes"),
    (("port: 25575", "port: 70000"), "rcon.port", "at most 65535"),
    (("port: 25575", "port: 1, password: hunter2"), "rcon.password", "MONOPOLI_RCON_PASSWORD"),
    (("[red, blue]", "[red, gray]"), "colors", "kept for mortgaged"),
    (("[red, blue]", "[red, red]"), "colors", "listed twice"),
    (("[red, blue]", "[red, teal]"), "colors", "not a banner colour: 'teal'"),
    (("[red, blue]", "[magenta, pink]"), "colors", "'magenta' and 'pink' look the same on the pawns"),
    (("lime, monopolist", "gray, monopolist"), "role_colors.competitor", "must be one of"),
    (("lime, monopolist", "lime, rebel: red, monopolist"), "role_colors.rebel", "unknown key"),
    (("monopolist: purple", "monopolist: lime"), "role_colors", "look different on the pawns"),
    (("teleport", "fly"), "movement", "must be one of walk, teleport"),
    (("facing: north", "facing: up"), "boards[0].facing", "must be one of"),
    (("name: second", "name: Second"), "boards[1].name", "lowercase"),
    (("[100, 64, 0]", "[-10, 64, 5]"), "boards", "overlap"),
    (("name: second", "name: main"), "boards", "two boards named 'main'"),
    (("[0, 64, 0]", "[0, 315, 0]"), "boards[0].origin", "build limits"),
    (("facing: north}", "facing: north, tile_size: 3}"), "boards[0].tile_size", "at least 4"),
    (("movement:", "moves: 1\nmovement:"), "moves", "unknown key"),
])
def test_errors_name_key_and_line(tmp_path: Path, change: tuple[str, str], key: str,
                                  message: str) -> None:
    with pytest.raises(ConfigError) as info:
        _load(tmp_path, GOOD.replace(*change))
    assert info.value.key == key
    assert message in str(info.value)
    assert info.value.file is not None and info.value.file.endswith("world.yaml")
    assert info.value.line is not None
