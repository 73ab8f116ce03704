"""Item frames and filled maps behave as vanilla's: a map's decorations come from its items, add-only."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from monopoli_mc.errors import SandboxError
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.entities import ItemFrame
from monopoli_mc.sandbox.maps import MapData
from monopoli_mc.sandbox.model import ItemStack
from monopoli_mc.sandbox.world import World

FRAME = "@e[type=minecraft:item_frame,tag=t,limit=1]"
DECOS = 'Item.components."minecraft:map_decorations"'


@pytest.fixture
def world() -> Iterator[World]:
    w = World(strict=True)
    yield w
    assert w.strict_failures == []


def _map_in_hand(world: World, bot: Bot) -> int:
    bot.player.inventory[0] = ItemStack("minecraft:map")
    return world.use_empty_map(bot.name)


def _frame(world: World, map_id: int, decorations: str = "{}") -> None:
    item = (f'{{id:"minecraft:filled_map",count:1,components:{{"minecraft:map_id":{map_id},'
            f'"minecraft:map_decorations":{decorations}}}}}')
    assert world.execute(f"summon minecraft:item_frame 10 -60 10 {{Tags:[\"t\"],Facing:1b,Fixed:1b,"
                         f"Invisible:1b,Item:{item}}}") == ["Summoned new Item Frame"]


def _deco(kind: str, x: float, z: float) -> str:
    return f'{{type:"minecraft:{kind}",x:{x}d,z:{z}d,rotation:180.0f}}'


def test_a_summoned_frame_holds_its_item_and_answers_data_commands(world: World) -> None:
    x = world.execute
    _frame(world, 7)
    [frame] = world.entities.values()
    assert isinstance(frame, ItemFrame) and frame.block == (10, -60, 10) and frame.fixed and frame.invisible
    assert frame.pos == (10.5, -60 + 0.03125, 10.5)  # lying on the block below, as a hanging entity does
    assert x(f"data get entity {FRAME} Item.components.\"minecraft:map_id\"") == [
        "Item Frame has the following entity data: 7"]
    assert x(f"data modify entity {FRAME} {DECOS}.a set value {_deco('banner_red', 1.5, 2.5)}") == [
        "Modified entity data of Item Frame"]
    assert str(frame.item.components["minecraft:map_decorations"]["a"]["type"]) == "minecraft:banner_red"  # type: ignore[union-attr]
    assert frame.block == (10, -60, 10)  # loading data back keeps it where it hangs
    assert x("execute if entity @e[type=minecraft:item_frame,tag=t]") == ["Test passed. Count: 1"]
    assert x("execute if entity @a[tag=t]") == ["Test failed"]  # @a is players only
    assert x("kill @e[type=minecraft:item_frame,tag=t]") == ["Killed Item Frame"]
    assert world.entities == {}
    assert x("summon minecraft:pig 0 0 0") == ["Unable to summon entity"]  # the sandbox models no pig


def test_items_move_between_a_frame_and_a_player(world: World) -> None:
    x = world.execute
    alex = Bot.join(world, "Alex")
    _frame(world, 3, "{k:" + _deco("banner_blue", 0.5, 0.5) + "}")
    assert x(f"item replace entity Alex container.5 from entity {FRAME} container.0") == [
        "Replaced a slot on Alex with [Map]"]
    copy = alex.player.inventory[5]
    assert copy.components["minecraft:map_id"] == 3
    pred = "minecraft:filled_map[minecraft:map_id=3]"
    assert x(f"execute if items entity Alex container.* {pred}") == ["Test passed. Count: 1"]
    assert x(f"execute if items entity Alex hotbar.* {pred}") == ["Test passed. Count: 1"]
    assert x(f"execute if items entity Alex inventory.* {pred}") == ["Test failed"]
    assert x(f"execute if items entity Alex weapon.offhand {pred}") == ["Test failed"]
    assert x("execute unless items entity Alex container.4 *") == ["Test passed"]
    assert x(f"execute if items entity Alex container.5 minecraft:filled_map[!minecraft:custom_data]") == [
        "Test passed. Count: 1"]
    assert x(f"item replace entity {FRAME} container.0 with minecraft:stone") == [
        "Replaced a slot on Item Frame with [Stone]"]
    assert x(f"item replace entity {FRAME} container.1 with minecraft:stone") == [
        "No targets accepted item into slot container.1"]


def test_a_new_map_is_centred_on_the_grid_cell_where_it_was_made(world: World) -> None:
    alex = Bot.join(world, "Alex")
    alex.player.pos = (40.0, -60.0, 70.0)
    map_id = _map_in_hand(world, alex)
    data = world.maps[map_id]
    assert (map_id, data.center_x, data.center_z, data.scale) == (0, 0, 128, 0)
    assert alex.player.inventory[0].components["minecraft:map_id"] == 0
    assert _map_in_hand(world, alex) == 1
    assert MapData.fresh(9, 100.0, -65.0, scale=1).center_x == 64  # 256 blocks a cell at scale 1
    with pytest.raises(SandboxError, match="holds no empty map"):
        world.use_empty_map("Alex")


def test_a_framed_map_takes_its_items_decorations_once_per_key(world: World) -> None:
    x = world.execute
    alex = Bot.join(world, "Alex")
    map_id = _map_in_hand(world, alex)
    alex.player.inventory.clear()
    _frame(world, map_id, "{a:" + _deco("banner_red", 20.5, 4.5) + ",far:" + _deco("banner_red", 500, 4) + "}")
    world.tick(10)
    data = world.maps[map_id]
    assert data.on_top()[(41, 9)] == "minecraft:banner_red"
    assert "far" not in data.decorations  # off the map: dropped
    assert "frame-1" in data.decorations  # the frame's own marker
    x(f"data modify entity {FRAME} {DECOS}.a set value {_deco('banner_gray', 20.5, 4.5)}")
    world.tick(10)
    assert data.on_top()[(41, 9)] == "minecraft:banner_red"  # same key: vanilla keeps the first
    x(f"data modify entity {FRAME} {DECOS}.b set value {_deco('banner_gray', 20.5, 4.5)}")
    world.tick(10)
    assert data.on_top()[(41, 9)] == "minecraft:banner_gray"  # a new key is drawn over the old one
    x(f"data remove entity {FRAME} {DECOS}.a")
    world.tick(10)
    assert "a" in data.decorations  # taking it off the item does not take it off the map


def test_a_carried_map_adds_decorations_and_its_holder_every_tick(world: World) -> None:
    alex = Bot.join(world, "Alex")
    alex.player.pos = (10.0, -60.0, -10.0)
    map_id = _map_in_hand(world, alex)
    world.execute(f'item replace entity Alex container.0 with minecraft:filled_map[minecraft:map_id={map_id},'
                  f'minecraft:map_decorations={{z:{_deco("banner_lime", -30, 0)}}}]')
    world.tick()
    data = world.maps[map_id]
    assert data.decorations["Alex"].type == "minecraft:player"
    assert data.decorations["z"].type == "minecraft:banner_lime"
    alex.player.inventory.clear()
    world.tick()
    assert "Alex" in data.decorations  # nothing ticks the map now, so nothing updates it


def test_a_holder_who_drops_the_map_or_leaves_is_taken_off_it(world: World) -> None:
    """tickCarriedBy's bookkeeping: every holder's tick walks all holders; a framed copy keeps
    players who carry nothing, and loses only those gone offline (read once a tick, as Holders)."""
    alex, blake = Bot.join(world, "Alex"), Bot.join(world, "Blake")
    alex.player.pos, blake.player.pos = (10.0, -60.0, -10.0), (12.0, -60.0, -8.0)
    map_id = _map_in_hand(world, alex)
    blake.player.inventory[0] = ItemStack("minecraft:filled_map", 1, alex.player.inventory[0].components)
    world.tick()
    data = world.maps[map_id]
    assert {"Alex", "Blake"} <= set(data.decorations) and data.carried_by == ["Alex", "Blake"]
    blake.player.inventory.clear()
    world.tick()  # Alex's map ticks: Blake carries none now, so his marker goes
    assert "Blake" not in data.decorations and data.carried_by == ["Alex"]
    alex.player.inventory.clear()
    _frame(world, map_id)
    world.tick(10)
    assert data.carried_by == ["Alex", "Blake"]  # the framed map ticks for every player
    assert "Alex" not in data.decorations  # and draws none of them
    blake.leave()
    world.tick(10)
    assert data.carried_by == ["Alex"]
