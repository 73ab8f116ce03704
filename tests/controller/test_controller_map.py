"""The board's map: framed at the middle, a copy for each player, its banners rewritten with the world's."""

from __future__ import annotations

from controller_support import Rig

from monopoli_mc.controller.loop import Controller, Settings
from monopoli_mc.datapack.layout import Layout
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.entities import ItemFrame
from monopoli_mc.sandbox.maps import map_id_of

COPY = {"monopoli": {"map": "main"}}


def _register_map(rig: Rig) -> int:
    """The operator makes a map at the board's middle and frames it with /function monopoli:admin/map."""
    world = rig.box.world
    op = Bot.join(world, "Op")
    world.tick()
    x, y, z = Layout(rig.world.board("main")).map_frame()
    op.player.pos = (x + 0.5, float(y), z + 0.5)
    rig.rcon.command("give Op minecraft:map")
    map_id = op.use_empty_map()
    rig.rcon.command("execute as Op at @s run function monopoli:admin/map")
    assert any("The map is in the frame at the middle of board main" in line for line in op.chat_text())
    rig.step(10)
    return map_id


def _seen(rig: Rig, map_id: int) -> dict[int, str | None]:
    """What the map shows on top at each deed's tile: its banner's colour."""
    data = rig.box.world.maps[map_id]
    layout = Layout(rig.world.board("main"))
    out = {}
    for space in rig.game.board.deeds:
        shown = data.shown_at(*layout.tile_centre(space.index))
        out[space.index] = shown.removeprefix("minecraft:banner_") if shown else None
    return out


def _copies(rig: Rig, name: str) -> list[int | None]:
    return [map_id_of(st) for st in rig.bots[name].player.inventory.values()
            if st.components.get("minecraft:custom_data") == COPY]


def _settle(rig: Rig) -> None:
    rig.step(10)  # the frame shows its item to the map every 10 ticks
    rig.box.world.tick(10)


def test_the_map_is_framed_and_every_seated_player_gets_a_copy(rig: Rig) -> None:
    map_id = _register_map(rig)
    world = rig.box.world
    [frame] = [e for e in world.entities.values() if isinstance(e, ItemFrame)]
    assert frame.block == Layout(rig.world.board("main")).map_frame() and frame.fixed and frame.facing == 1
    assert frame.item is not None and map_id_of(frame.item) == map_id
    assert {name: _copies(rig, name) for name in rig.game.names} == {n: [map_id] for n in rig.game.names}
    assert _copies(rig, "Alex") == [map_id]  # a second show gives no second copy
    assert set(_seen(rig, map_id).values()) == {"white"}  # every deed for sale


def test_owners_mortgages_lifts_trades_and_bankruptcy_show_on_the_map(rig: Rig) -> None:
    map_id = _register_map(rig)
    colours = dict(zip(rig.game.names, rig.world.colors))
    rig.rcon.command('function monopoli:admin/give_deed {player:"Alex",space:3}')
    rig.rcon.command('function monopoli:admin/give_deed {player:"Sam",space:39}')
    _settle(rig)
    seen = _seen(rig, map_id)
    assert (seen[3], seen[39], seen[1]) == (colours["Alex"], colours["Sam"], "white")
    rig.bots["Alex"].trigger("mortgage", "set", 3)
    _settle(rig)
    assert rig.game.mortgaged[3] and _seen(rig, map_id)[3] == "gray"
    rig.bots["Alex"].trigger("lift", "set", 3)
    _settle(rig)
    assert not rig.game.mortgaged[3] and _seen(rig, map_id)[3] == colours["Alex"]  # red again, over the gray
    rig.store.request("trade", {"from": "Alex", "to": "Sam", "give": [3], "get": [39]}, "main")
    rig.step()
    rig.bots["Sam"].trigger("accept")
    _settle(rig)
    assert (rig.game.owner[3], rig.game.owner[39]) == (1, 0)
    seen = _seen(rig, map_id)
    assert (seen[3], seen[39]) == (colours["Sam"], colours["Alex"])
    copy = next(st for st in rig.bots["Robin"].player.inventory.values() if map_id_of(st) == map_id)
    decorations = copy.components["minecraft:map_decorations"]
    assert sorted(str(d["type"]) for d in decorations.values()).count("minecraft:banner_white") == 26
    rig.rcon.command('function monopoli:admin/fine {player:"Robin",amount:5000}')
    _settle(rig)
    assert rig.game.bankrupt[2] and _copies(rig, "Robin") == []  # out of the game: the copy goes back
    assert _copies(rig, "Alex") == [map_id]


def test_the_map_is_right_again_after_a_controller_and_a_server_restart(rig: Rig) -> None:
    map_id = _register_map(rig)
    rig.rcon.command('function monopoli:admin/give_deed {player:"Sam",space:39}')
    _settle(rig)
    rig.ctl = Controller(rig.rcon, rig.world, rig.store, rig.ctl.settings)
    rig.ctl.start()
    _settle(rig)
    assert _seen(rig, map_id)[39] == rig.world.colors[1]
    data = rig.box.world.maps[map_id]
    data.decorations.clear()  # a server restart: decorations from items are not saved
    data.carried_by.clear()
    rig.box.world.tick(10)
    seen = _seen(rig, map_id)
    assert seen[39] == rig.world.colors[1] and set(seen.values()) == {"white", rig.world.colors[1]}


def test_admin_map_says_what_is_missing(rig: Rig) -> None:
    world = rig.box.world
    op = Bot.join(world, "Op")
    world.tick()
    rig.rcon.command("execute as Op at @s run function monopoli:admin/map")
    assert any("Hold a filled map" in line for line in op.chat_text())
    op.player.pos = (500.0, -59.0, 500.0)
    rig.rcon.command("give Op minecraft:map")
    op.use_empty_map()
    rig.rcon.command("execute as Op at @s run function monopoli:admin/map")
    assert any("Stand on the board" in line for line in op.chat_text())
    assert not [e for e in world.entities.values() if isinstance(e, ItemFrame)]
