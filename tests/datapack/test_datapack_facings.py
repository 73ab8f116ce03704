"""Every facing: the placed board has each thing where the pack's functions and the controller look.

The board is placed by the pack's own `place` function in the strict sandbox, which turns it as
vanilla's `place template` does (tests/sandbox/test_world_place_template.py); the checks read the
world, not the layout's arithmetic: a button hangs on a wall and faces the spot a player presses
it from, a sign and a banner face the board's middle, a player teleported to a space stands on
that space's floor, the jail cell is walled with bars.
"""

from __future__ import annotations

import dataclasses

import pytest

from monopoli_mc.datapack.build import build_pack
from monopoli_mc.datapack.layout import BUTTON_BLOCKS, BUTTON_KINDS, Layout
from monopoli_mc.datapack.pack import write_pack
from monopoli_mc.datapack.world_config import FACINGS, load_world
from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.settings import load_rules
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.model import Block
from monopoli_mc.sandbox.world import World

STEP = {"north": (0, -1), "south": (0, 1), "east": (1, 0), "west": (-1, 0)}
FACING_OF_ROTATION = {0: "south", 4: "west", 8: "north", 12: "east"}  # a standing sign's front


@pytest.fixture(scope="module", params=FACINGS)
def placed(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[World, Layout]:
    facing = str(request.param)
    world_cfg = load_world()
    board_place = dataclasses.replace(world_cfg.boards[0], origin=(37, -60, -21), facing=facing)
    world_cfg = dataclasses.replace(world_cfg, boards=(board_place,))
    board = load_board(board_path(load_rules("prom").board))
    pack_dir, _ = write_pack(build_pack(world_cfg, board), tmp_path_factory.mktemp(facing))
    world = World(strict=True)
    world.load_datapack(pack_dir)
    assert world.load_errors == []
    world.tick()
    assert world.execute("function monopoli:board/main/place") == ["Running function monopoli:board/main/place"]
    return world, Layout(board_place)


def _at(world: World, pos: tuple[int, int, int]) -> Block | None:
    return world.blocks.get(pos)


def _middle(layout: Layout) -> tuple[int, int]:
    cx, cz = layout.middle()
    x, _, z = layout.world((cx, 0, cz))
    return x, z


def test_every_block_lies_in_the_boards_box(placed: tuple[World, Layout]) -> None:
    world, layout = placed
    (x0, y0, z0), (x1, y1, z1) = layout.bounds()
    assert world.blocks, "the board was placed"
    assert all(x0 <= x <= x1 and y0 <= y <= y1 and z0 <= z <= z1 for x, y, z in world.blocks)


def test_buttons_hang_on_walls_and_face_their_press_spot(placed: tuple[World, Layout]) -> None:
    world, layout = placed
    for kind in BUTTON_KINDS:
        x, y, z = layout.world(layout.buttons()[kind])
        button = _at(world, (x, y, z))
        assert button is not None and button.id == BUTTON_BLOCKS[kind], kind
        fx, fy, fz = layout.world(layout.press_spot(kind))
        assert _at(world, (fx, fy - 1, fz)) is not None, f"{kind}: nothing to stand on"
        assert _at(world, (fx, fy + 1, fz)) is None, kind
        if button.states["face"] == "floor":  # the jar's: the player stands on it
            assert (fx, fy, fz) == (x, y, z)
            continue
        assert _at(world, (fx, fy, fz)) is None, kind
        dx, dz = STEP[button.states["facing"]]
        wall = _at(world, (x - dx, y, z - dz))
        assert wall is not None and wall.id.endswith("_concrete"), f"{kind}: no wall behind"
        assert (fx, fy, fz) == (x + dx, y - 1, z + dz), f"{kind}: the press spot is not in front"


def test_the_jar_chest_is_where_board_build_and_doctor_look(placed: tuple[World, Layout]) -> None:
    world, layout = placed
    half = layout.size // 2
    chest = _at(world, layout.world(layout.block(20, half, half, 1)))
    assert chest is not None and chest.id == "minecraft:chest"
    assert chest.nbt is not None and "Free Parking jar" in str(chest.nbt["CustomName"])


def test_signs_and_banners_face_the_middle_from_their_own_tile(placed: tuple[World, Layout]) -> None:
    world, layout = placed
    mx, mz = _middle(layout)
    for index in range(40):
        x, y, z = layout.world(layout.sign(index))
        sign = _at(world, (x, y, z))
        assert sign is not None and sign.id == "minecraft:oak_sign", index
        dx, dz = STEP[FACING_OF_ROTATION[int(sign.states["rotation"])]]
        assert dx * (mx - x) + dz * (mz - z) > 0, f"the sign of space {index} faces outwards"
        assert layout.tile_at(x + 0.5, z + 0.5) == index
    for index in (1, 5, 12, 39):  # a street, a railroad, a utility, the last street
        pos = layout.world(layout.banner(index))
        assert _at(world, pos) is None, f"the banner spot of {index} is not kept empty"
        world.execute(f'function monopoli:board/main/banner/{index} {{color:"red",owner:"Alex"}}')
        banner = _at(world, pos)
        sign = _at(world, layout.world(layout.sign(index)))
        assert banner is not None and sign is not None and banner.id == "minecraft:red_banner"
        assert banner.states["rotation"] == sign.states["rotation"], f"banner {index} turned away"
        assert layout.tile_at(pos[0] + 0.5, pos[2] + 0.5) == index
        world.execute(f"function monopoli:board/main/unbanner/{index}")
        assert _at(world, pos) is None


def test_houses_stand_on_their_street(placed: tuple[World, Layout]) -> None:
    world, layout = placed
    world.execute("function monopoli:board/main/houses/39/4")
    spots = [layout.world(p) for p in layout.houses(39)]
    for x, y, z in spots:
        house = _at(world, (x, y, z))
        assert house is not None and house.id == "minecraft:green_concrete"
        assert layout.tile_at(x + 0.5, z + 0.5) == 39 and _at(world, (x, y - 1, z)) is not None
    world.execute("function monopoli:board/main/houses/39/0")
    assert all(_at(world, p) is None for p in spots)


def test_a_teleported_player_stands_on_the_space(placed: tuple[World, Layout]) -> None:
    world, layout = placed
    bot = Bot.join(world, "Alex")
    for index in range(40):
        world.execute(f"execute as Alex run function monopoli:board/main/tp/{index}")
        x, y, z = bot.player.pos
        assert layout.tile_at(x, z) == index
        feet = (int(x // 1), int(y // 1), int(z // 1))
        assert _at(world, feet) is None and _at(world, (feet[0], feet[1] + 1, feet[2])) is None
        assert _at(world, (feet[0], feet[1] - 1, feet[2])) is not None
    world.execute("execute as Alex run function monopoli:board/main/tp/cell")
    x, y, z = bot.player.pos
    cx, cy, cz = int(x // 1), int(y // 1), int(z // 1)
    assert layout.tile_at(x, z) == 10
    around = [_at(world, (cx + dx, cy, cz + dz)) for dx, dz in STEP.values()]
    assert all(b is not None and b.id == "minecraft:iron_bars" for b in around)


def test_each_button_credits_its_presser(placed: tuple[World, Layout]) -> None:
    world, layout = placed
    bot = Bot.join(world, "Sam")
    world.tick()
    for kind in BUTTON_KINDS:
        spot = layout.world(layout.press_spot(kind))
        bot.walk_to((spot[0] + 0.5, float(spot[1]), spot[2] + 0.5))
        bot.press_button(layout.world(layout.buttons()[kind]))
        world.tick(2)
        inbox = "".join(world.execute("data get storage monopoli:bridge inbox"))
        assert f'kind: "{kind}"' in inbox, kind
    assert world.strict_failures == []
