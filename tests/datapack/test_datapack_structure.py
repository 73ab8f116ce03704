"""The board structure: loads with nbtlib, right size, palette and data version."""

from __future__ import annotations

import functools
import gzip
import io

import nbtlib

from monopoli_mc.datapack.layout import Layout
from monopoli_mc.datapack.pack import Pack


def _root(pack: Pack) -> nbtlib.Compound:
    data = pack.structures["monopoli:board"]
    assert data[:2] == b"\x1f\x8b"  # gzipped
    return _parsed(data)


@functools.lru_cache(maxsize=4)  # a third of a second a board: once per release, not once per test
def _parsed(data: bytes) -> nbtlib.Compound:
    return nbtlib.File.parse(io.BytesIO(gzip.decompress(data))).root


def test_size_and_data_version(pack: Pack) -> None:
    root = _root(pack)
    assert int(root["DataVersion"]) == pack.version.data_version
    assert [int(v) for v in root["size"]] == [44, 10, 44]


def test_palette_and_blocks(pack: Pack) -> None:
    root = _root(pack)
    names = {str(p["Name"]) for p in root["palette"]}
    assert "minecraft:command_block" not in names  # a button press is credited by an advancement
    for needed in ("minecraft:chest", "minecraft:oak_sign",
                   "minecraft:iron_bars", "minecraft:orange_concrete", "minecraft:blue_concrete",
                   "minecraft:stone_button", "minecraft:polished_blackstone_button",
                   "minecraft:air", "minecraft:brown_concrete", "minecraft:blue_terracotta"):
        assert needed in names
    size = len(root["palette"])
    assert all(0 <= int(b["state"]) < size for b in root["blocks"])
    positions = {tuple(int(v) for v in b["pos"]) for b in root["blocks"]}
    assert len(positions) == len(root["blocks"])
    assert all(0 <= x < 44 and 0 <= y < 10 and 0 <= z < 44 for x, y, z in positions)


def test_banner_and_house_spots_are_left_to_the_game(pack: Pack, world) -> None:  # type: ignore[no-untyped-def]
    root = _root(pack)
    positions = {tuple(int(v) for v in b["pos"]) for b in root["blocks"]}
    layout = Layout(world.boards[0])
    assert layout.banner(39) not in positions
    assert not set(layout.houses(39)) & positions
    assert layout.sign(39) in positions


def test_signs_name_the_spaces(pack: Pack) -> None:
    root = _root(pack)
    texts = []
    for block in root["blocks"]:
        nbt = block.get("nbt")
        if nbt is not None and str(nbt["id"]) == "minecraft:sign":
            for message in nbt["front_text"]["messages"]:
                texts.append(str(message["text"]) if isinstance(message, nbtlib.Compound)
                             else str(message))
    joined = " ".join(texts)
    assert "Boardwalk" in joined and "$400" in joined and "Naughty &" in joined
    assert "Just Visiting" in joined


def test_layout_rotations_match_place_template() -> None:
    from monopoli_mc.datapack.layout import BoardPlace

    base = dict(origin=(100, 64, -50), tile_size=4, height=10)
    west = Layout(BoardPlace(name="a", facing="west", **base))
    north = Layout(BoardPlace(name="a", facing="north", **base))
    assert west.world((1, 0, 2)) == (101, 64, -48)
    assert north.world((1, 0, 2)) == (98, 64, -49)  # clockwise_90: (x, z) -> (-z, x)
    for layout in (west, north):
        for index in range(40):
            x, _, z = layout.world(layout.stand(index))
            assert layout.tile_at(x + 0.5, z + 0.5) == index
