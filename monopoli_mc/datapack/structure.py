"""The board as a structure file for `place template`: gzipped NBT, a named root compound, nbtlib's tags."""

from __future__ import annotations

import functools
import gzip
import io
import struct
import textwrap
from typing import Any

import nbtlib

from monopoli_mc.datapack.layout import Layout, Pos
from monopoli_mc.datapack.text import Dialect, text
from monopoli_mc.datapack.versions import McVersion
from monopoli_mc.rules.board import Board, Space
from monopoli_mc.vanilla.nbt import read_compressed

State = tuple[str, tuple[tuple[str, str], ...]]
_FACING_IN = ("north", "east", "south", "west")  # wall-block facing towards the middle, per side
_SPECIAL_FLOOR = {"chance": "orange_glazed_terracotta", "community_chest": "blue_glazed_terracotta",
                  "tax": "light_gray_concrete", "go": "red_concrete", "jail": "stone_bricks",
                  "free_parking": "lime_concrete", "go_to_jail": "red_concrete"}


class Canvas:
    """Blocks by local position, with an optional block entity each."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.blocks: dict[Pos, tuple[State, dict[str, Any] | None]] = {}
        self.keep_empty: set[Pos] = set()  # spots the game fills later (banners, buildings)

    def set(self, pos: Pos, name: str, nbt: dict[str, Any] | None = None, **props: str) -> None:
        """Put a block (and its block entity) at a local position."""
        state = ("minecraft:" + name, tuple(sorted(props.items())))
        self.blocks[pos] = (state, nbt)

    def to_nbt(self, data_version: int) -> bytes:
        """The structure's root compound as raw NBT (named "", as NbtIo.read insists); air everywhere else
        but the game's spots. Its ~19,000 block entries are written straight (the tags nbtlib would make of
        them cost a tenth of a second a board); the palette and the block entities are nbtlib's tags."""
        width, height = self.layout.width, self.layout.place.height
        palette: dict[State, int] = {}
        out = io.BytesIO()
        write = out.write
        blocks = io.BytesIO()
        count = 0
        air: State = ("minecraft:air", ())
        for y in range(height):
            for z in range(width):
                for x in range(width):
                    pos = (x, y, z)
                    if pos in self.keep_empty and pos not in self.blocks:
                        continue
                    state, nbt = self.blocks.get(pos, (air, None))
                    index = palette.setdefault(state, len(palette))
                    blocks.write(_BLOCK.pack(3, 5, b"state", index, 9, 3, b"pos", 3, 3, x, y, z))
                    if nbt is not None:
                        blocks.write(_NAMED_COMPOUND_NBT)
                        _tag(nbt).write(blocks)
                    blocks.write(b"\0")
                    count += 1
        write(b"\x0a\x00\x00")  # the root: a compound named ""
        write(_named(3, "DataVersion") + struct.pack(">i", data_version))
        write(_named(9, "size") + struct.pack(">bi3i", 3, 3, width, height, width))
        write(_named(9, "palette") + struct.pack(">bi", 10, len(palette)))
        for state in palette:
            _palette_entry(state).write(out)
        write(_named(9, "blocks") + struct.pack(">bi", 10, count))
        write(blocks.getvalue())
        write(_named(9, "entities") + struct.pack(">bi", 10, 0))
        write(b"\0")
        return out.getvalue()


def _named(tag_id: int, name: str) -> bytes:
    """A compound entry's head: its tag id and its name."""
    raw = name.encode("utf-8")
    return struct.pack(">bH", tag_id, len(raw)) + raw


# A block entry, {state: Int, pos: [Int; 3]}: its tags and names are fixed, only the ints vary. One with
# data then has "nbt", a compound; the entry's end follows.
_BLOCK = struct.Struct(">bH5sibH3sbi3i")
_NAMED_COMPOUND_NBT = b"\x0a\x00\x03nbt"


def _palette_entry(state: State) -> nbtlib.Compound:
    name, props = state
    entry = nbtlib.Compound({"Name": nbtlib.String(name)})
    if props:
        entry["Properties"] = nbtlib.Compound({k: nbtlib.String(v) for k, v in props})
    return entry


def _tag(value: Any) -> nbtlib.tag.Base:
    if isinstance(value, nbtlib.tag.Base):
        return value
    if isinstance(value, bool):
        return nbtlib.Byte(int(value))
    if isinstance(value, int):
        return nbtlib.Int(value)
    if isinstance(value, str):
        return nbtlib.String(value)
    if isinstance(value, list):
        return nbtlib.List([_tag(v) for v in value])
    return nbtlib.Compound({k: _tag(v) for k, v in value.items()})


# Blocks that hang on a neighbour and pop off, dropping as an item, when it goes first (signs on the
# floor and on walls, buttons; the game's banners): docs/vanilla-behaviour.md row B6.
_HANGING = ("_sign", "_button", "_banner", "torch", "_pressure_plate", "_carpet", "lever", "ladder")


def hanging_blocks(structure: bytes) -> tuple[str, ...]:
    """The ids of a board structure's blocks that hang on a neighbour (`board_structure`'s bytes), in
    its palette's order."""
    _, root = read_compressed(structure)  # as the server reads it (nbtlib's reader took a second a board)
    names = dict.fromkeys(str(entry["Name"]) for entry in root["palette"])
    return tuple(n for n in names if n.endswith(_HANGING))


def board_structure(board: Board, layout: Layout, dialect: Dialect) -> bytes:
    """The gzipped .nbt bytes of the board for one tile size and height."""
    return _board_structure(board, layout, dialect.version)


@functools.lru_cache(maxsize=16)
def _board_structure(board: Board, layout: Layout, version: McVersion) -> bytes:
    # Kept: drawing the board through nbtlib's tags took a tenth of the test suite's time, and the
    # same board, layout and release give the same bytes (Board and Layout compare by value).
    dialect = Dialect(version)
    canvas = Canvas(layout)
    width = layout.width
    for x in range(width):
        for z in range(width):
            canvas.set((x, 0, z), "smooth_quartz")
    for space in board.spaces:
        _tile(canvas, board, space, dialect)
    _jail(canvas)
    _free_parking(canvas, dialect)
    _building(canvas, dialect, "orange", -11, ("Naughty &", "Nice", "(Chance)"),
              {"naughty": "Naughty", "nice": "Nice"})
    _building(canvas, dialect, "blue", 4, ("Crates", "(Community", "Chest)"), {"crate": "Crates"})
    # Level 6 (zlib's default): level 9 took 20 times as long here, for a larger file.
    return gzip.compress(canvas.to_nbt(dialect.version.data_version), compresslevel=6, mtime=0)


def _tile(canvas: Canvas, board: Board, space: Space, dialect: Dialect) -> None:
    layout, i = canvas.layout, space.index
    if space.group is not None:
        group = board.groups[space.group]
        shade = "concrete" if group.spaces.index(i) % 2 == 0 else "terracotta"
        floor = f"{group.color}_{shade}"  # alternate, so neighbours in a group stand apart
    else:
        floor = _SPECIAL_FLOOR.get(space.kind, "white_concrete")
    props = {"facing": "north"} if floor.endswith("glazed_terracotta") else {}
    for _, _, pos in layout.tile_blocks(i):
        canvas.set(pos, floor, None, **props)
    canvas.set(layout.sign(i), "oak_sign", _sign(dialect, _sign_lines(space)),
               rotation=str(layout.inward(i)), waterlogged="false")
    if space.is_deed:
        canvas.keep_empty.add(layout.banner(i))
    if space.kind == "street":
        canvas.keep_empty.update(layout.houses(i) + layout.apartment(i))


def _sign_lines(space: Space) -> list[str]:
    fixed = {"chance": ["Naughty", "& Nice", "(Chance)"], "community_chest": ["Crates", "(Community",
             "Chest)"], "go": ["GO", "collect your", "salary"], "jail": ["Jail", "", "Just Visiting"],
             "free_parking": ["Free Parking", "", "the /jar"], "go_to_jail": ["Go To", "Jail"]}
    if space.kind in fixed:
        return fixed[space.kind]
    lines = textwrap.wrap(space.name, 15)[:3]
    return lines + ([f"${space.price}"] if space.price else ["Pay tax"])


def _sign(dialect: Dialect, lines: list[str]) -> dict[str, Any]:
    lines = (lines + ["", "", "", ""])[:4]
    front = nbtlib.List([dialect.tag(text(line)) for line in lines])
    back = nbtlib.List([dialect.tag(text("")) for _ in range(4)])
    return {"id": "minecraft:sign", "is_waxed": True,
            "front_text": {"messages": front, "color": "black", "has_glowing_text": False},
            "back_text": {"messages": back, "color": "black", "has_glowing_text": False}}


def _jail(canvas: Canvas) -> None:
    layout, s = canvas.layout, canvas.layout.size
    for a in range(1, s):
        for b in range(1, s):
            ring = a in (1, s - 1) or b in (1, s - 1)
            for y in (1, 2):
                if ring:
                    canvas.set(layout.block(10, a, b, y), "iron_bars", east="true", west="true",
                               north="true", south="true", waterlogged="false")
            canvas.set(layout.block(10, a, b, 3), "iron_block")


def _free_parking(canvas: Canvas, dialect: Dialect) -> None:
    layout, half = canvas.layout, canvas.layout.size // 2
    name = dialect.tag(text("Free Parking jar"))
    canvas.set(layout.block(20, half, half, 1), "chest",
               {"id": "minecraft:chest", "CustomName": name, "Items": nbtlib.List[nbtlib.Compound]()},
               facing=_FACING_IN[2], type="single", waterlogged="false")
    canvas.set(layout.buttons()["jar"], "stone_button", face="floor", facing="north", powered="false")


def _building(canvas: Canvas, dialect: Dialect, color: str, dx: int, title: tuple[str, ...],
              buttons: dict[str, str]) -> None:
    cx, cz = canvas.layout.middle()
    x0 = cx + dx
    for x in range(x0, x0 + 7):
        for z in range(cz - 3, cz + 4):
            wall = x in (x0, x0 + 6) or z in (cz - 3, cz + 3)
            canvas.set((x, 0, z), "polished_andesite")
            for y in range(1, 5):
                if wall:
                    canvas.set((x, y, z), f"{color}_concrete")
            canvas.set((x, 5, z), f"{color}_terracotta")
    door = x0 + 3
    for y in (1, 2):
        canvas.set((door, y, cz + 3), "air")
    canvas.set((door, 3, cz + 4), "oak_wall_sign", _sign(dialect, list(title)),
               facing="south", waterlogged="false")
    for kind, label in buttons.items():
        x, y, z = canvas.layout.buttons()[kind]  # on the wall: a use credits the presser (buttons.py)
        canvas.set((x, y, z), "polished_blackstone_button", face="wall", facing="south",
                   powered="false")
        canvas.set((x, y + 1, z), "oak_wall_sign", _sign(dialect, ["", label, "press", ""]),
                   facing="south", waterlogged="false")
