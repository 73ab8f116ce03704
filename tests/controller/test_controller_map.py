"""The board's map: framed at the middle, a copy for each player, its banners rewritten with the world's.

What the controller writes to the map for a game (a copy for each player, a banner per deed, gone for a
bankrupt player) is decided on snapshots (`decide_support.Desk`); one test over RCON proves the pack's map
functions in the world, through a death and a controller and a server restart."""

from __future__ import annotations

from controller_support import Rig
from decide_support import Desk

from monopoli_mc.controller.loop import Controller
from monopoli_mc.datapack import calls
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


def test_the_map_in_the_world_from_admin_map_to_a_server_restart(rig: Rig) -> None:
    """The pack's side over RCON, with the controller's calls: `admin/map` says what is missing, then frames the
    map; every seated player gets a copy (`map/hold`), once; owners and mortgages show as banners (`map/deed`,
    `map/show`); a death that drops a copy gets it back; the map is right again after a controller and a
    server restart; a bankrupt player's copy goes (`map/drop`)."""
    world = rig.box.world
    kim = Bot.join(world, "Kim")  # an operator's first two tries
    world.tick()
    rig.rcon.command("execute as Kim at @s run function monopoli:admin/map")
    assert any("Hold a filled map" in line for line in kim.chat_text())
    kim.player.pos = (500.0, -59.0, 500.0)
    rig.rcon.command("give Kim minecraft:map")
    kim.use_empty_map()
    rig.rcon.command("execute as Kim at @s run function monopoli:admin/map")
    assert any("Stand on the board" in line for line in kim.chat_text())
    assert not [e for e in world.entities.values() if isinstance(e, ItemFrame)]

    map_id = _register_map(rig)
    [frame] = [e for e in world.entities.values() if isinstance(e, ItemFrame)]
    assert frame.block == Layout(rig.world.board("main")).map_frame() and frame.fixed and frame.facing == 1
    assert frame.item is not None and map_id_of(frame.item) == map_id
    assert {name: _copies(rig, name) for name in rig.game.names} == {n: [map_id] for n in rig.game.names}
    assert set(_seen(rig, map_id).values()) == {"white"}  # every deed for sale

    colours = dict(zip(rig.game.names, rig.world.colors))
    rig.rcon.command('function monopoli:admin/give_deed {player:"Alex",space:3}')
    rig.rcon.command('function monopoli:admin/give_deed {player:"Sam",space:39}')
    _settle(rig)
    seen = _seen(rig, map_id)
    assert (seen[3], seen[39], seen[1]) == (colours["Alex"], colours["Sam"], "white")
    assert _copies(rig, "Alex") == [map_id]  # a second show gives no second copy
    rig.bots["Alex"].trigger("mortgage", "set", 3)
    _settle(rig)
    assert rig.game.mortgaged[3] and _seen(rig, map_id)[3] == "gray"
    rig.bots["Alex"].trigger("lift", "set", 3)
    _settle(rig)
    assert not rig.game.mortgaged[3] and _seen(rig, map_id)[3] == colours["Alex"]  # red again, over the gray
    copy = next(st for st in rig.bots["Robin"].player.inventory.values() if map_id_of(st) == map_id)
    decorations = copy.components["minecraft:map_decorations"]
    assert sorted(str(d["type"]) for d in decorations.values()).count("minecraft:banner_white") == 26

    # a death without keep-inventory drops Sam's copy; back alive, it is given back, and none lies around
    rule = "keep_inventory" if world.version == "1.21.11" else "keepInventory"
    rig.rcon.command(f"gamerule {rule} false")
    rig.rcon.command("kill Sam")
    rig.step()
    assert _copies(rig, "Sam") == []
    rig.bots["Sam"].respawn()
    rig.step()
    rig.step()
    assert _copies(rig, "Sam") == [map_id]
    assert world.execute("execute if entity @e[type=minecraft:item]")[0] == "Test failed"

    rig.ctl = Controller(rig.rcon, rig.world, rig.store, rig.ctl.settings)
    rig.ctl.start()
    _settle(rig)
    assert _seen(rig, map_id)[39] == colours["Sam"]
    data = world.maps[map_id]
    data.decorations.clear()  # a server restart: decorations from items are not saved
    data.carried_by.clear()
    world.tick(10)
    seen = _seen(rig, map_id)
    assert seen[39] == colours["Sam"] and set(seen.values()) == {"white", colours["Alex"], colours["Sam"]}

    rig.rcon.command('function monopoli:admin/fine {player:"Robin",amount:5000}')
    _settle(rig)
    assert rig.game.bankrupt[2] and _copies(rig, "Robin") == []  # out of the game: the copy goes back
    assert _copies(rig, "Alex") == [map_id]


def _maps(commands: list[str]) -> list[str]:
    return [c for c in commands if c.startswith("function monopoli:ui/map/")]


def test_every_seated_player_is_given_the_map_and_every_deed_is_for_sale() -> None:
    desk = Desk(["Alex", "Sam", "Robin"])
    written = _maps(desk.written)
    assert [c for c in written if "/hold " in c] == [calls.map_hold("main", n) for n in desk.game.names]
    deeds = [space.index for space in desk.game.board.deeds]
    assert [c for c in written if "/deed " in c] == [calls.map_deed("main", s, "white") for s in deeds]
    assert written[-1] == calls.map_show("main")  # last: the map takes the deeds written before it


def test_owners_mortgages_lifts_trades_and_bankruptcy_are_written_to_the_map(desk: Desk) -> None:
    colours = dict(zip(desk.game.names, desk.world.colors))
    desk.give_deed("Alex", 3)
    desk.give_deed("Sam", 39)
    assert _maps(desk.writes) == [calls.map_deed("main", 39, colours["Sam"]), calls.map_show("main")]
    desk.trigger("Alex", "mortgage", 3)
    desk.step()
    assert desk.game.mortgaged[3]
    assert _maps(desk.writes) == [calls.map_deed("main", 3, "gray"), calls.map_show("main")]
    desk.trigger("Alex", "lift", 3)
    desk.step()
    assert not desk.game.mortgaged[3]
    assert _maps(desk.writes) == [calls.map_deed("main", 3, colours["Alex"]), calls.map_show("main")]
    desk.request("trade", "main", **{"from": "Alex", "to": "Sam", "give": [3], "get": [39]})
    desk.step()
    desk.trigger("Sam", "accept")
    desk.step()
    assert (desk.game.owner[3], desk.game.owner[39]) == (1, 0)
    assert _maps(desk.writes) == [calls.map_deed("main", 3, colours["Sam"]), calls.map_deed("main", 39, colours["Alex"]),
                                  calls.map_show("main")]
    assert desk.ask("fine", player="Robin", amount=5000).startswith("fine Robin")
    assert desk.game.bankrupt[2]
    assert [c for c in _maps(desk.writes) if "/drop " in c or "/hold " in c] == [calls.map_drop("main", "Robin")]
