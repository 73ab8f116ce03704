"""The board's map: a filled map in a frame at the board's middle, and a copy for every player.

Vanilla keeps a map's picture in the world (data/map_N.dat), where no command reaches, so
the operator makes the map by hand: an empty map used at the board's middle, then
`/function monopoli:admin/map` while holding it. The pack frames it and keeps the deeds'
banners on it as the item's `minecraft:map_decorations`, one per deed: the owner's colour,
gray when mortgaged, the for-sale colour when the bank holds it.

A map takes an item's decoration only under a key it does not hold yet, and keeps it until
the server restarts. So each write of a deed's decoration gets a fresh key from a counter
(`$map.<board>`): the newest decoration at a spot is drawn over the older ones there.
"""

from __future__ import annotations

from monopoli_mc.datapack.channel import SEQ
from monopoli_mc.datapack.layout import Layout
from monopoli_mc.datapack.pack import Pack
from monopoli_mc.datapack.text import Dialect, text
from monopoli_mc.rules.board import Board

STORAGE = "monopoli:map"
FRAME_TAG = "monopoli.map"  # + "." and the board's name on the frame, and on each player holding a copy
HOTBAR, INVENTORY = range(9), range(9, 36)  # container.N: `hotbar.*` and `inventory.*` as item ranges


def copy_of(board: str) -> str:
    """The item predicate (and item) of a board's map copies: marked with the board's name."""
    return f'minecraft:filled_map[minecraft:custom_data={{monopoli:{{map:"{board}"}}}}]'


def frame_of(layout: Layout, *, one: bool = False) -> str:
    """The selector of a board's map frame: by its place, so the server looks in the board's
    chunks only (a selector without one walks every entity of the world, every board's)."""
    x, y, z = layout.map_frame()
    return (f"@e[type=minecraft:item_frame,tag={FRAME_TAG}.{layout.place.name},x={x}.5,y={y}.5,z={z}.5,"
            f"distance=..1{',limit=1' if one else ''}]")


def add_map_functions(pack: Pack, dialect: Dialect, board: Board, layout: Layout) -> None:
    """A board's map functions: register the held map, a deed's decoration, show, hold, refresh."""
    name = layout.place.name
    root = f"board/{name}/map"
    for space in board.deeds:
        i = space.index
        x, z = layout.tile_centre(i)
        pack.function(f"{root}/deed/{i}", [
            f"scoreboard players add $map.{name} {SEQ} 1",
            f'$data modify storage {STORAGE} {name}.next set value {{color:"$(color)"}}',
            f"execute store result storage {STORAGE} {name}.next.n int 1 "
            f"run scoreboard players get $map.{name} {SEQ}",
            f"function monopoli:{root}/put/{i} with storage {STORAGE} {name}.next"])
        pack.function(f"{root}/put/{i}", [
            f'$data modify storage {STORAGE} {name}.s{i} set value {{"monopoli.{i}.$(n)":'
            f'{{type:"minecraft:banner_$(color)",x:{x}d,z:{z}d,rotation:180.0f}}}}'])
    copy = copy_of(name)
    merged = [f"execute if data storage {STORAGE} {name}.s{s.index} run data modify storage {STORAGE} "
              f"{name}.all merge from storage {STORAGE} {name}.s{s.index}" for s in board.deeds]
    pack.function(f"{root}/show", [
        f"data modify storage {STORAGE} {name}.all set value {{}}", *merged,
        f"execute as {frame_of(layout)} run data modify entity @s "
        f'Item.components."minecraft:map_decorations" set from storage {STORAGE} {name}.all',
        # the board's holders only: a turn's cost must not grow with the players of other boards
        f"execute as @a[tag={FRAME_TAG}.{name}] run function monopoli:{root}/hold"])
    pack.function(f"{root}/hold", [
        f"tag @s add {FRAME_TAG}.{name}",
        f"execute unless items entity @s container.* {copy} unless items entity @s weapon.offhand {copy} "
        f"if entity {frame_of(layout)} run give @s {copy}",
        f"function monopoli:{root}/refresh"])
    frame = frame_of(layout, one=True)
    # a range first, then its slots: a copy is nearly always in the hotbar (`give` fills it first)
    pack.function(f"{root}/refresh", [
        f"execute if items entity @s hotbar.* {copy} run function monopoli:{root}/refresh/hotbar",
        f"execute if items entity @s inventory.* {copy} run function monopoli:{root}/refresh/inventory",
        f"execute if items entity @s weapon.offhand {copy} run item replace entity @s weapon.offhand "
        f"from entity {frame} container.0"])
    for part, slots in (("hotbar", HOTBAR), ("inventory", INVENTORY)):
        pack.function(f"{root}/refresh/{part}", [
            f"execute if items entity @s container.{n} {copy} run item replace entity @s container.{n} "
            f"from entity {frame} container.0" for n in slots])
    pack.function(f"{root}/drop", [f"tag @s remove {FRAME_TAG}.{name}", f"clear @s {copy}"])
    _register(pack, dialect, layout)


def _register(pack: Pack, dialect: Dialect, layout: Layout) -> None:
    name = layout.place.name
    root = f"board/{name}/map"
    x, y, z = layout.map_frame()
    frame = frame_of(layout, one=True)
    zoom = layout.map_scale()
    fits = ("A map made standing there shows the whole board." if zoom == 0 else
            f"A map made standing there shows the whole board once zoomed out {zoom} "
            f"time{'s' if zoom > 1 else ''} at a cartography table; a deed off the map shows no banner.")
    label = dialect.nbt(text(f"Monopoli: board {name}", color="gold"))
    said = text(f"The map is in the frame at the middle of board {name} ({x} {y} {z}); seated players "
                f"get a copy. {fits}", color="gray")
    pack.function(f"{root}/register", [
        f"kill @e[type=minecraft:item_frame,tag={FRAME_TAG}.{name}]",  # wherever an older one was
        f'summon minecraft:item_frame {x} {y} {z} {{Tags:["{FRAME_TAG}","{FRAME_TAG}.{name}"],'
        "Facing:1b,Fixed:1b,Invisible:1b}",
        f"item replace entity {frame} container.0 from entity @s weapon.mainhand",
        f"data modify entity {frame} Item.count set value 1",
        f'data modify entity {frame} Item.components."minecraft:custom_data" set value '
        f'{{monopoli:{{map:"{name}"}}}}',
        f'data modify entity {frame} Item.components."minecraft:item_name" set value {label}',
        f"scoreboard players set $map.found {SEQ} 1",
        f"function monopoli:{root}/show",
        f"tellraw @s {dialect.arg(said)}"])


def add_map_ui(pack: Pack, dialect: Dialect, layouts: list[Layout]) -> None:
    """The controller's calls for the map, and the operator's `/function monopoli:admin/map`."""
    pack.function("ui/map/deed", ["$function monopoli:board/$(board)/map/deed/$(space) {color:\"$(color)\"}"])
    pack.function("ui/map/show", ["$function monopoli:board/$(board)/map/show"])
    pack.function("ui/map/hold", ["$execute as $(player) run function monopoli:board/$(board)/map/hold"])
    pack.function("ui/map/drop", ["$execute as $(player) run function monopoli:board/$(board)/map/drop"])
    held = "weapon.mainhand minecraft:filled_map"
    hold_one = text("Hold a filled map: use an empty map standing at the middle of the board, "
                    "then run this again with the new map in your hand.", color="gray")
    stand = text("Stand on the board whose map this is, then run this again.", color="gray")
    boards = []
    for layout in layouts:
        (x0, y0, z0), (x1, y1, z1) = layout.bounds()
        boards.append(f"execute if items entity @s {held} if score $map.found {SEQ} matches 0 "
                      f"if entity @s[x={x0},y={y0},z={z0},dx={x1 - x0},dy={y1 - y0},dz={z1 - z0}] "
                      f"run function monopoli:board/{layout.place.name}/map/register")
    pack.function("admin/map", [
        f"execute unless items entity @s {held} run tellraw @s {dialect.arg(hold_one)}",
        f"scoreboard players set $map.found {SEQ} 0",
        *boards,
        f"execute if items entity @s {held} if score $map.found {SEQ} matches 0 run tellraw @s "
        f"{dialect.arg(stand)}"])
