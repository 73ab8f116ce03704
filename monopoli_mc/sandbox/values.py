"""Argument values as the sandbox uses them: vanilla's parse (coordinates, block states, item stacks) turned
into the sandbox's Vec, Block and ItemStack; objectives looked up; Java's number conversions. (This module
was `args.py`, which also read the arguments, until issue 36.)"""

from __future__ import annotations

import math
import struct
from dataclasses import dataclass
from typing import Any

from nbtlib import Compound

from monopoli_mc.sandbox.failure import CommandError
from monopoli_mc.sandbox.model import Block, BlockPos, ItemStack, Objective, Pos
from monopoli_mc.sandbox.nbt_tags import from_vanilla
from monopoli_mc.sandbox.source import Source
from monopoli_mc.vanilla.coords import Coordinates
from monopoli_mc.vanilla.items import BlockInput, ItemInput



@dataclass(frozen=True)
class Coord:
    """One coordinate: value and whether it is relative (~) or local (^)."""

    value: float
    relative: bool
    local: bool
    has_dot: bool


@dataclass(frozen=True)
class Vec:
    """Three coordinates, resolved against a source."""

    parts: tuple[Coord, Coord, Coord]
    center: bool

    def resolve(self, source: Source) -> Pos:
        """The absolute position."""
        if self.parts[0].local:
            return _local(self, source)
        out = []
        for i, c in enumerate(self.parts):
            if c.relative:
                out.append(source.pos[i] + c.value)
            elif self.center and i != 1 and not c.has_dot:
                out.append(c.value + 0.5)
            else:
                out.append(c.value)
        return (out[0], out[1], out[2])

    def block(self, source: Source) -> BlockPos:
        """The block position (floored)."""
        import math
        x, y, z = Vec(self.parts, center=False).resolve(source)
        return (math.floor(x), math.floor(y), math.floor(z))


def _local(vec: Vec, source: Source) -> Pos:
    import math
    yaw, pitch = (math.radians(a) for a in source.rot)
    left, up, fwd = (c.value for c in vec.parts)
    fx, fy, fz = -math.sin(yaw) * math.cos(pitch), -math.sin(pitch), math.cos(yaw) * math.cos(pitch)
    ux, uy, uz = -math.sin(yaw) * math.sin(-pitch), math.cos(pitch), math.cos(yaw) * math.sin(-pitch)
    lx, lz = math.cos(yaw), math.sin(yaw)
    x, y, z = source.pos
    return (x + fx * fwd + ux * up + lx * left, y + fy * fwd + uy * up, z + fz * fwd + uz * up + lz * left)


def vec_of(parsed: Coordinates, *, block: bool = False) -> Vec:
    """Coordinates vanilla parsed (`vanilla.coords`: block_pos, vec3) as the sandbox resolves them."""
    a, b, c = (Coord(p.value, p.relative, p.local, p.has_dot) for p in parsed)
    return Vec((a, b, c), center=not block)


def column_of(parsed: Coordinates) -> Vec:
    """A column position vanilla parsed (`x z`) as a block position at the source's height."""
    x, z = (Coord(p.value, p.relative, p.local, p.has_dot) for p in parsed)
    return Vec((x, Coord(0.0, True, False, False), z), center=False)


def block_of(parsed: BlockInput) -> Block:
    """A block state vanilla parsed (`vanilla.items.BlockInput`) as the sandbox's Block (a new one)."""
    return Block(parsed.id, dict(parsed.states), None if parsed.nbt is None else from_vanilla(parsed.nbt))


def item_of(parsed: ItemInput) -> ItemStack:
    """An item stack vanilla parsed as one of the sandbox's: a removed component is kept as `!id`."""
    comps = Compound()
    for (how, key, value), in parsed.components:
        comps["!" + key if how == "!" else key] = Compound() if how == "!" else from_vanilla(value)
    return ItemStack(parsed.id, 1, comps)


def objective(source: Source, name: str, *, writable: bool = False) -> Objective:
    """Look an objective up, with vanilla's errors."""
    obj = source.world.scoreboard.objectives.get(name)
    if obj is None:
        raise CommandError(f"Unknown scoreboard objective '{name}'")
    if writable and obj.is_readonly():
        raise CommandError(f"Scoreboard objective '{name}' is read-only")
    return obj


EN_US_ITEMS = {"minecraft:filled_map": "Map", "minecraft:map": "Empty Map"}  # en_us where not the id's words


def item_name(stack: ItemStack) -> str:
    """ItemStack.getDisplayName without brackets: custom name, book title, item name or the id's."""
    comps: Any = stack.components
    for key in ("minecraft:custom_name", "minecraft:item_name"):
        if key in comps:
            from monopoli_mc.sandbox.text import component, plain
            return plain(component(comps[key], json_dialect=False))
    book = comps.get("minecraft:written_book_content")
    if book is not None and "title" in book:
        title = book["title"]
        return str(title["raw"] if isinstance(title, Compound) and "raw" in title else title)
    return EN_US_ITEMS.get(stack.id) or stack.id.split(":")[-1].replace("_", " ").title()


def show_int(value: float) -> str:
    """Java's %f-free coordinate in messages: integers print without decimals."""
    return str(int(value)) if value == int(value) else str(value)


def java_int(value: float, bits: int = 32) -> int:
    """Java's `(int)` (or, with bits=64, `(long)`) of a double: toward zero, NaN is 0, and a value
    past the range is the nearest end (JLS 5.1.3)."""
    if value != value:
        return 0
    low, high = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    if value >= high:
        return high
    if value <= low:
        return low
    return int(value)


def java_narrow(value: int, bits: int) -> int:
    """Java's `(byte)` or `(short)` of an int: the low bits, two's complement (so 300 is 44)."""
    value &= (1 << bits) - 1
    return value - (1 << bits) if value >= 1 << (bits - 1) else value


def java_float32(value: float) -> float:
    """Java's `(float)` of a double: the nearest float, ±Infinity past Float.MAX_VALUE."""
    try:
        return float(struct.unpack(">f", struct.pack(">f", value))[0])
    except OverflowError:
        return math.copysign(math.inf, value)


def mth_floor(value: float) -> int:
    """Mth.floor (1.21.11 MathHelper.floor): `int i = (int) d; return d < i ? i - 1 : i;` in Java's
    int arithmetic: NaN is 0, a value above the int range 2147483647, and one below it wraps
    (Integer.MIN_VALUE - 1) to 2147483647 too."""
    i = java_int(value)
    return java_narrow(i - 1, 32) if value < i else i
