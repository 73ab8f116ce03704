"""`place template` with a rotation and a mirror, against positions and states worked out by hand.

The expected table was written from vanilla's rules, not from the sandbox's code: a position is
mirrored first (left_right: z -> -z, front_back: x -> -x), then turned about 0, 0, 0
(clockwise_90: (x, z) -> (-z, x), 180: (-x, -z), counterclockwise_90: (z, -x)), then moved to
the target; a state is `state.mirror(m).rotate(r)` with each block class's own rules.
"""

from __future__ import annotations

import gzip
import io
import json
from pathlib import Path

import nbtlib
import pytest

from monopoli_mc.rcon.client import RconClient
from monopoli_mc.sandbox.runner import Sandbox

PASSWORD = "place-pw"
AT = (10, 64, 20)
# label: (relative position, block, state)
TEMPLATE = {
    "chest": ((0, 0, 0), "chest", {"facing": "north", "type": "single", "waterlogged": "false"}),
    "button": ((1, 0, 0), "stone_button", {"face": "floor", "facing": "west", "powered": "false"}),
    "wall_sign": ((2, 0, 0), "oak_wall_sign", {"facing": "south", "waterlogged": "false"}),
    "sign": ((0, 0, 1), "oak_sign", {"rotation": "1", "waterlogged": "false"}),
    "log": ((1, 0, 1), "oak_log", {"axis": "x"}),
    "door": ((2, 0, 1), "oak_door", {"facing": "north", "half": "lower", "hinge": "left",
                                     "open": "false", "powered": "false"}),
    "stairs": ((1, 1, 1), "oak_stairs", {"facing": "east", "half": "bottom", "shape": "outer_left",
                                         "waterlogged": "false"}),
    "bars": ((2, 1, 1), "iron_bars", {"north": "true", "east": "false", "south": "false",
                                      "west": "false", "waterlogged": "false"}),
}
ONLY = {"north": "false", "east": "false", "south": "false", "west": "false"}
# (rotation, mirror) -> label -> (world position, the properties that changed)
EXPECTED: dict[tuple[str, str], dict[str, tuple[tuple[int, int, int], dict[str, str]]]] = {
    ("none", "none"): {
        "chest": ((10, 64, 20), {}), "button": ((11, 64, 20), {}), "wall_sign": ((12, 64, 20), {}),
        "sign": ((10, 64, 21), {}), "log": ((11, 64, 21), {}), "door": ((12, 64, 21), {}),
        "stairs": ((11, 65, 21), {}), "bars": ((12, 65, 21), {})},
    ("clockwise_90", "none"): {
        "chest": ((10, 64, 20), {"facing": "east"}), "button": ((10, 64, 21), {"facing": "north"}),
        "wall_sign": ((10, 64, 22), {"facing": "west"}), "sign": ((9, 64, 20), {"rotation": "5"}),
        "log": ((9, 64, 21), {"axis": "z"}), "door": ((9, 64, 22), {"facing": "east"}),
        "stairs": ((9, 65, 21), {"facing": "south"}), "bars": ((9, 65, 22), {**ONLY, "east": "true"})},
    ("180", "none"): {
        "chest": ((10, 64, 20), {"facing": "south"}), "button": ((9, 64, 20), {"facing": "east"}),
        "wall_sign": ((8, 64, 20), {"facing": "north"}), "sign": ((10, 64, 19), {"rotation": "9"}),
        "log": ((9, 64, 19), {}), "door": ((8, 64, 19), {"facing": "south"}),
        "stairs": ((9, 65, 19), {"facing": "west"}), "bars": ((8, 65, 19), {**ONLY, "south": "true"})},
    ("counterclockwise_90", "none"): {
        "chest": ((10, 64, 20), {"facing": "west"}), "button": ((10, 64, 19), {"facing": "south"}),
        "wall_sign": ((10, 64, 18), {"facing": "east"}), "sign": ((11, 64, 20), {"rotation": "13"}),
        "log": ((11, 64, 19), {"axis": "z"}), "door": ((11, 64, 18), {"facing": "west"}),
        "stairs": ((11, 65, 19), {"facing": "north"}), "bars": ((11, 65, 18), {**ONLY, "west": "true"})},
    ("none", "left_right"): {
        "chest": ((10, 64, 20), {"facing": "south"}), "button": ((11, 64, 20), {}),
        "wall_sign": ((12, 64, 20), {"facing": "north"}), "sign": ((10, 64, 19), {"rotation": "7"}),
        "log": ((11, 64, 19), {}), "door": ((12, 64, 19), {"facing": "south", "hinge": "right"}),
        "stairs": ((11, 65, 19), {}),  # StairBlock.mirror leaves stairs along the mirror alone
        "bars": ((12, 65, 19), {**ONLY, "south": "true"})},
    ("none", "front_back"): {
        "chest": ((10, 64, 20), {}), "button": ((9, 64, 20), {"facing": "east"}),
        "wall_sign": ((8, 64, 20), {}), "sign": ((10, 64, 21), {"rotation": "15"}),
        "log": ((9, 64, 21), {}), "door": ((8, 64, 21), {"hinge": "right"}),
        "stairs": ((9, 65, 21), {"facing": "west", "shape": "outer_right"}),
        "bars": ((8, 65, 21), {})},
    ("clockwise_90", "left_right"): {
        "chest": ((10, 64, 20), {"facing": "west"}), "button": ((10, 64, 21), {"facing": "north"}),
        "wall_sign": ((10, 64, 22), {"facing": "east"}), "sign": ((11, 64, 20), {"rotation": "11"}),
        "log": ((11, 64, 21), {"axis": "z"}), "door": ((11, 64, 22), {"facing": "west", "hinge": "right"}),
        "stairs": ((11, 65, 21), {"facing": "south"}), "bars": ((11, 65, 22), {**ONLY, "west": "true"})},
    # The same positions as the one above, but the stairs differ: vanilla mirrors them unevenly.
    ("counterclockwise_90", "front_back"): {
        "chest": ((10, 64, 20), {"facing": "west"}), "button": ((10, 64, 21), {"facing": "north"}),
        "wall_sign": ((10, 64, 22), {"facing": "east"}), "sign": ((11, 64, 20), {"rotation": "11"}),
        "log": ((11, 64, 21), {"axis": "z"}), "door": ((11, 64, 22), {"facing": "west", "hinge": "right"}),
        "stairs": ((11, 65, 21), {"facing": "south", "shape": "outer_right"}),
        "bars": ((11, 65, 22), {**ONLY, "west": "true"})},
}


def _structure(blocks: list[tuple[tuple[int, int, int], str, dict[str, str], dict[str, object] | None]],
               size: tuple[int, int, int]) -> bytes:
    palette: list[nbtlib.Compound] = []
    entries: list[nbtlib.Compound] = []
    for pos, name, props, nbt in blocks:
        palette.append(nbtlib.Compound({"Name": nbtlib.String("minecraft:" + name), "Properties":
                                        nbtlib.Compound({k: nbtlib.String(v) for k, v in props.items()})}))
        entry = nbtlib.Compound({"state": nbtlib.Int(len(palette) - 1),
                                 "pos": nbtlib.List[nbtlib.Int](list(pos))})
        if nbt is not None:
            entry["nbt"] = nbtlib.Compound({k: nbtlib.String(str(v)) for k, v in nbt.items()})
        entries.append(entry)
    root = nbtlib.Compound({"DataVersion": nbtlib.Int(4671), "size": nbtlib.List[nbtlib.Int](list(size)),
                            "palette": nbtlib.List[nbtlib.Compound](palette),
                            "blocks": nbtlib.List[nbtlib.Compound](entries),
                            "entities": nbtlib.List[nbtlib.Compound]()})
    buffer = io.BytesIO()
    nbtlib.File({"": root}).write(buffer)
    return gzip.compress(buffer.getvalue(), mtime=0)


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("pack")
    (root / "data/t/structure").mkdir(parents=True)
    (root / "pack.mcmeta").write_text(json.dumps({"pack": {"description": "t", "min_format": [94, 1],
                                                           "max_format": [94, 1]}}))
    small = [(pos, name, props, {"id": "minecraft:chest", "CustomName": '"jar"'} if key == "chest" else None)
             for key, (pos, name, props) in TEMPLATE.items()]
    (root / "data/t/structure/small.nbt").write_bytes(_structure(small, (3, 2, 2)))
    rail = [((0, 0, 0), "rail", {"shape": "north_south", "waterlogged": "false"}, None),
            ((1, 0, 0), "stone", {}, None)]
    (root / "data/t/structure/rail.nbt").write_bytes(_structure(rail, (2, 1, 1)))
    return root


@pytest.mark.parametrize(("rotation", "mirror"), list(EXPECTED))
def test_blocks_land_where_vanilla_puts_them(pack: Path, rotation: str, mirror: str) -> None:
    with Sandbox(password=PASSWORD, strict=True, datapack=pack, ticking=False) as box:
        with RconClient(*box.address, PASSWORD) as rcon:
            reply = rcon.command(f"place template t:small {AT[0]} {AT[1]} {AT[2]} {rotation} {mirror}")
        assert reply == f'Loaded template "t:small" at {AT[0]}, {AT[1]}, {AT[2]}'
        placed = box.world.blocks
        want = EXPECTED[(rotation, mirror)]
        assert set(placed) == {pos for pos, _ in want.values()}
        for label, (pos, changed) in want.items():
            _, name, props = TEMPLATE[label]
            block = placed[pos]
            assert (label, block.id, block.states) == (label, "minecraft:" + name, {**props, **changed})
        chest = placed[want["chest"][0]]
        assert chest.nbt is not None and str(chest.nbt["CustomName"]) == '"jar"'  # moved with its block
        assert box.world.strict_failures == []


def test_a_state_the_sandbox_cannot_turn_is_refused_and_nothing_is_placed(pack: Path) -> None:
    with Sandbox(password=PASSWORD, strict=True, datapack=pack, ticking=False) as box:
        with RconClient(*box.address, PASSWORD) as rcon:
            reply = rcon.command("place template t:rail 0 64 0 clockwise_90")
            assert "cannot turn minecraft:rail" in reply and "t:rail" in reply
            assert box.world.blocks == {}
            assert rcon.command("place template t:rail 0 64 0") == 'Loaded template "t:rail" at 0, 64, 0'
            assert box.world.blocks[(0, 64, 0)].states["shape"] == "north_south"
            assert rcon.command("place template t:rail 0 64 0 upside_down").startswith(
                'Invalid value "upside_down"')


def test_every_block_of_the_board_turns() -> None:
    """The board's own structure never meets the refusal, for any rotation or mirror."""
    from monopoli_mc.datapack.build import build_pack
    from monopoli_mc.datapack.world_config import load_world
    from monopoli_mc.rules.board import board_path, load_board
    from monopoli_mc.rules.settings import load_rules
    from monopoli_mc.vanilla.data import load
    from monopoli_mc.vanilla.placement import MIRRORS, ROTATIONS, place_state
    from monopoli_mc.vanilla.template import load_template

    mc = load("1.21.11")
    pack = build_pack(load_world(), load_board(board_path(load_rules("prom").board)))
    assert pack.structures, "the pack has a board structure"
    for data in pack.structures.values():
        template = load_template(data, mc, 4671)
        states = {(b.name, tuple(sorted(b.properties.items()))) for b in template.blocks}
        for name, props in states:
            for rotation in ROTATIONS:
                for mirror in MIRRORS:
                    place_state(name, dict(props), mirror, rotation, mc.blocks[name])
