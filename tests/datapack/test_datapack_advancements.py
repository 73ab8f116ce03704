"""The buttons' advancements, read back the way a server reads them, for every version."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from monopoli_mc.datapack.build import build_pack
from monopoli_mc.datapack.layout import BUTTON_KINDS, Layout
from monopoli_mc.datapack.pack import Pack, write_pack
from monopoli_mc.datapack.versions import VERSIONS, get_version
from monopoli_mc.datapack.world_config import WorldConfig
from monopoli_mc.rules.board import Board
from monopoli_mc.sandbox.advancement_file import read_advancement
from monopoli_mc.sandbox.world import World


def test_one_advancement_per_button_kind_with_the_block_use_trigger(pack: Pack) -> None:
    assert sorted(pack.advancements) == sorted(f"monopoli:press/{k}" for k in BUTTON_KINDS)
    for aid, data in pack.advancements.items():
        adv = read_advancement(aid, json.loads(json.dumps(data)), pack.version.name)
        assert adv.reward_function == aid and adv.title is None  # no toast, no chat line
        assert {c.trigger for c in adv.criteria.values()} == {"minecraft:default_block_use"}


@pytest.mark.parametrize("version", sorted(VERSIONS))
def test_every_version_loads_the_buttons_with_no_problem(version: str, world: WorldConfig,
                                                          board: Board, tmp_path: Path) -> None:
    built = build_pack(dataclasses.replace(world, version=get_version(version)), board)
    folder, _ = write_pack(built, tmp_path)
    sandbox = World(version=version)
    sandbox.load_datapack(folder)
    assert sandbox.load_errors == []
    assert sorted(sandbox.advancements.loaded) == sorted(built.advancements)
    plural = "advancement" if get_version(version).has_singular_folders else "advancements"
    assert (folder / "data" / "monopoli" / plural / "press" / "jar.json").is_file()


def test_each_board_has_its_own_criterion(world: WorldConfig, board: Board) -> None:
    second = dataclasses.replace(world.boards[0], name="annex", origin=(200, -60, 0))
    built = build_pack(dataclasses.replace(world, boards=(world.boards[0], second)), board)
    adv = read_advancement("monopoli:press/crate", built.advancements["monopoli:press/crate"], "1.21.11")
    assert adv.requirements == (("main", "annex"),)  # either board's button grants it
    bounds = {name: crit.location[0].location.position for name, crit in adv.criteria.items()}  # type: ignore[union-attr]
    for place in (world.boards[0], second):
        x, y, z = Layout(place).world(Layout(place).buttons()["crate"])
        assert [b.low for b in bounds[place.name]] == [x, y, z]  # type: ignore[union-attr]
