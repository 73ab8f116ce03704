"""Argument readers: coordinates, block states, items, times, objectives."""

from __future__ import annotations

import math
import struct
from dataclasses import dataclass
from typing import Any

from nbtlib import Compound

from monopoli_mc.sandbox.model import Block, BlockPos, ItemStack, Objective, Pos
from monopoli_mc.sandbox.nbt_tags import from_vanilla
from monopoli_mc.sandbox.reader import CommandError, Reader
from monopoli_mc.sandbox.source import Source
from monopoli_mc.vanilla.coords import Coordinates
from monopoli_mc.vanilla.items import BlockInput, ItemInput

COORD_CHARS = set("0123456789-.~^")
MIXED = "Cannot mix world & local coordinates (everything must either use ^ or not)"


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


def read_vec(r: Reader, *, block: bool = False) -> Vec:
    """Read `x y z` (absolute, ~relative or ^local)."""
    parts = []
    start = r.cursor
    for i in range(3):
        if i:
            if r.peek() != " ":
                raise r.error("Incomplete (expected 3 coordinates)", at=start)
            r.skip()
        parts.append(_read_coord(r, block=block))
    if len({p.local for p in parts}) > 1:
        raise r.error(MIXED, at=start)
    return Vec((parts[0], parts[1], parts[2]), center=not block)


def read_column(r: Reader) -> Vec:
    """ColumnPosArgument: `x z` in whole blocks, `~` allowed but not `^`; y stays the source's."""
    start = r.cursor
    parts = []
    for i in range(2):
        if i:
            if r.peek() != " ":
                raise r.error("Incomplete (expected 2 coordinates)", at=start)
            r.skip()
        if r.peek() == "^":  # WorldCoordinate.parseInt has no local form
            raise r.error(MIXED)
        parts.append(_read_coord(r, block=True))
    return Vec((parts[0], Coord(0.0, True, False, False), parts[1]), center=False)


def _read_coord(r: Reader, *, block: bool) -> Coord:
    start = r.cursor
    if not r.can_read():
        raise r.error("Expected a block position" if block else "Expected a coordinate")
    prefix = r.peek() if r.peek() in "~^" else ""
    r.skip(len(prefix))
    text = r.read_while(set("0123456789-."))
    if not text:
        if not prefix:
            raise r.error("Expected a block position" if block else "Expected a coordinate", at=start)
        return Coord(0.0, prefix == "~", prefix == "^", False)
    try:
        value = float(text) if (prefix or not block) else float(int(text))
        if not prefix and block and not -2**31 <= value < 2**31:  # WorldCoordinate.parseInt: readInt
            raise ValueError(text)
    except ValueError:
        r.cursor = start
        raise r.error(f"Invalid double '{text}'" if not block else f"Invalid integer '{text}'") from None
    return Coord(value, prefix == "~", prefix == "^", "." in text)


def block_of(parsed: BlockInput) -> Block:
    """A block state vanilla parsed (`vanilla.items.BlockInput`) as the sandbox's Block (a new one)."""
    return Block(parsed.id, dict(parsed.states), None if parsed.nbt is None else from_vanilla(parsed.nbt))


def item_of(parsed: ItemInput) -> ItemStack:
    """An item stack vanilla parsed as one of the sandbox's: a removed component is kept as `!id`."""
    comps = Compound()
    for (how, key, value), in parsed.components:
        comps["!" + key if how == "!" else key] = Compound() if how == "!" else from_vanilla(value)
    return ItemStack(parsed.id, 1, comps)


def read_block(r: Reader) -> Block:
    """Read `id[state=value]{nbt}`."""
    start = r.cursor
    block_id = r.read_resource()
    if block_id.startswith("minecraft:") is False and ":" not in block_id:
        raise r.error(f"Unknown block type '{block_id}'", at=start)
    states: dict[str, str] = {}
    if r.peek() == "[":
        r.skip()
        while r.peek() != "]":
            key = r.read_unquoted()
            r.expect("=")
            states[key] = r.read_unquoted()
            if r.peek() == ",":
                r.skip()
            elif r.peek() != "]":
                raise r.error("Expected closing ] for block state properties")
        r.skip()
    nbt = r.read_tag() if r.peek() == "{" else None
    return Block(block_id, states, nbt)


def read_item(r: Reader) -> ItemStack:
    """Read `id[component=value,...]`."""
    item_id = r.read_resource()
    comps = Compound()
    if r.peek() == "[":
        r.skip()
        while r.peek() != "]":
            neg = r.peek() == "!"
            r.skip(1 if neg else 0)
            key = r.read_resource()
            if neg:
                comps["!" + key] = Compound()
            else:
                r.expect("=")
                comps[key] = r.read_tag()
            if r.peek() == ",":
                r.skip()
            elif r.peek() != "]":
                raise r.error("Expected ']'")
        r.skip()
    return ItemStack(item_id, 1, comps)


def read_time(r: Reader, minimum: int = 0) -> int:
    """Read a time as TimeArgument.parse does (read in 1.21.11 `TimeArgumentType`): brigadier's
    readFloat, a unit (none or `t`, `s`, `d`), `Math.round(amount * ticks per unit)`, and at least
    `minimum` ticks (`TimeArgument.time()`: 0), else "The tick count must not be less than …"."""
    start = r.cursor
    text = r.read_while(set("0123456789.-"))
    if not text:
        raise r.error("Expected float", at=start)
    try:
        amount = java_float32(float(text))
    except ValueError:
        r.cursor = start
        raise r.error(f"Invalid float '{text}'") from None
    per_unit = {"": 1, "t": 1, "s": 20, "d": 24000}.get(r.read_unquoted())
    if per_unit is None:
        raise r.error("Invalid unit")
    product = java_float32(amount * per_unit)
    ticks = java_int(math.floor(product + 0.5)) if math.isfinite(product) else java_int(product)
    if ticks < minimum:
        raise r.error(f"The tick count must not be less than {minimum}, found {ticks}")
    return ticks


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
