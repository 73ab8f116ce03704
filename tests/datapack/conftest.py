"""Packs built once per session for the default config, on 1.21.11 and on 1.21.4."""

from __future__ import annotations

import dataclasses

import pytest

from monopoli_mc.datapack.build import build_pack
from monopoli_mc.datapack.pack import Pack
from monopoli_mc.datapack.versions import get_version
from monopoli_mc.datapack.world_config import WorldConfig, load_world
from monopoli_mc.rules.board import Board, default_board_path, load_board


@pytest.fixture(scope="session")
def world() -> WorldConfig:
    return load_world()


@pytest.fixture(scope="session")
def board() -> Board:
    return load_board(default_board_path())


@pytest.fixture(scope="session", params=["1.21.11", "1.21.4"])
def pack(request: pytest.FixtureRequest, world: WorldConfig, board: Board) -> Pack:
    version = get_version(request.param)
    return build_pack(dataclasses.replace(world, version=version), board)


@pytest.fixture(scope="session")
def mecha():  # type: ignore[no-untyped-def]
    from mecha import Mecha

    return Mecha(version="1.21")
