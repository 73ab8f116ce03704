"""Per-board functions: place the board, banners, houses and hotels, teleports."""

from __future__ import annotations

from collections.abc import Sequence

from monopoli_mc.datapack.layout import Layout, Pos
from monopoli_mc.datapack.pack import Pack
from monopoli_mc.datapack.text import Dialect, text, tpl
from monopoli_mc.datapack.versions import McVersion
from monopoli_mc.rules.board import Board

HOUSE = "minecraft:green_concrete"
HOTEL = "minecraft:red_concrete"
APARTMENT = "minecraft:light_blue_concrete"  # Anti-Monopoly's top building
FILL_LIMIT = 32768  # vanilla's commandModificationBlockLimit (max_block_modifications): blocks one fill may set


def structure_id(layout: Layout) -> str:
    """The structure a board is placed from: one per tile size and height."""
    if (layout.size, layout.place.height) == (4, 10):
        return "monopoli:board"
    return f"monopoli:board_{layout.size}x{layout.place.height}"


def place_command(layout: Layout) -> str:
    """The `place template` line that builds a board: at its origin, turned to its facing."""
    ox, oy, oz = layout.place.origin
    return f"place template {structure_id(layout)} {ox} {oy} {oz} {layout.rotation}"


def clear_commands(low: Pos, high: Pos, hanging: Sequence[str], version: McVersion) -> list[str]:
    """The `fill` lines that clear a box to air and leave no item on the ground, on the release.

    A plain fill walks x fastest, then y, then z, and each block it removes updates its neighbours'
    shapes: a sign or button whose support goes first pops off and drops as an item (row B6).
    From 1.21.5 `fill … strict` sets with flags 2 | 816 (no shape updates, no drops: 1.21.11
    FillCommand). Before, each hanging kind is taken out first with a `replace` filter (removing a
    hanging block pops nothing: nothing hangs on it), then the rest. Slices of at most FILL_LIMIT
    blocks, y by y; every hanging block of every slice goes before any support.
    """
    (x0, y0, z0), (x1, y1, z1) = low, high
    step = max(1, FILL_LIMIT // ((x1 - x0 + 1) * (z1 - z0 + 1)))
    boxes = [f"{x0} {y} {z0} {x1} {min(y + step - 1, y1)} {z1}" for y in range(y0, y1 + 1, step)]
    if version.number >= (1, 21, 5):
        return [f"fill {box} minecraft:air strict" for box in boxes]
    return ([f"fill {box} minecraft:air replace {kind}" for kind in hanging for box in boxes]
            + [f"fill {box} minecraft:air" for box in boxes])


def add_board_functions(pack: Pack, dialect: Dialect, board: Board, layout: Layout) -> None:
    """The functions of one board and the `ui/` calls that reach them."""
    root = f"board/{layout.place.name}"
    pack.function(f"{root}/place", [place_command(layout)])
    for space in board.deeds:
        i = space.index
        group_color = board.groups[space.group or ""].color
        x, y, z = layout.world(layout.banner(i))
        name = dialect.nbt(text(f"{space.name} \u2013 ", extra=[tpl("$(owner)")]))
        # Air first: up to 1.21.4 setblock drops block data on an unchanged state (a gray banner
        # that changes owner keeps the old name), docs/vanilla-behaviour.md row B1.
        pack.function(f"{root}/banner/{i}", [
            f"setblock {x} {y} {z} minecraft:air replace",
            f"$setblock {x} {y} {z} minecraft:$(color)_banner"
            f"[rotation={layout.rotate16(layout.inward(i))}]"
            f"{{CustomName:{name},patterns:[{{pattern:\"minecraft:stripe_bottom\","
            f"color:\"{group_color}\"}}]}} replace"])
        pack.function(f"{root}/unbanner/{i}", [f"setblock {x} {y} {z} minecraft:air replace"])
        if space.kind == "street":
            for count in range(6):
                pack.function(f"{root}/houses/{i}/{count}", _buildings(layout, i, count))
            pack.function(f"{root}/houses/{i}/apartment", _buildings(layout, i, 5, apartment=True))
    for space in board.spaces:
        pack.function(f"{root}/tp/{space.index}", [_tp(layout.world(layout.stand(space.index)))])
    pack.function(f"{root}/tp/cell", [_tp(layout.world(layout.jail_cell()))])


def add_board_ui(pack: Pack) -> None:
    """The controller's calls for banners, buildings and teleports on any board."""
    pack.function("ui/banner", ['$function monopoli:board/$(board)/banner/$(space) '
                                '{color:"$(color)",owner:"$(owner)"}'])
    pack.function("ui/unbanner", ["$function monopoli:board/$(board)/unbanner/$(space)"])
    pack.function("ui/houses", ["$function monopoli:board/$(board)/houses/$(space)/$(count)"])
    pack.function("ui/tp", ["$execute as $(player) run function monopoli:board/$(board)/tp/$(space)"])
    pack.function("ui/jail", ["$execute as $(player) run function monopoli:board/$(board)/tp/cell"])


def _buildings(layout: Layout, index: int, count: int, *, apartment: bool = False) -> list[str]:
    """Clear the street's building spots, then draw the houses, the hotel or the apartment."""
    spots: list[Pos] = list(dict.fromkeys(layout.houses(index) + layout.hotel(index)
                                          + layout.apartment(index)))
    lines = [_set(layout, pos, "minecraft:air") for pos in spots]
    if apartment:
        lines += [_set(layout, pos, APARTMENT) for pos in layout.apartment(index)]
    elif count == 5:
        lines += [_set(layout, pos, HOTEL) for pos in layout.hotel(index)]
    else:
        lines += [_set(layout, pos, HOUSE) for pos in layout.houses(index)[:count]]
    return lines


def _tp(block: Pos) -> str:
    """To the middle of a block's floor: x + 0.5 (for x = -4 that is -3.5, not "-4.5")."""
    x, y, z = block
    return f"tp @s {x + 0.5!r} {y} {z + 0.5!r}"


def _set(layout: Layout, pos: Pos, block: str) -> str:
    x, y, z = layout.world(pos)
    return f"setblock {x} {y} {z} {block} replace"
