"""Argument parsers by the name the command tree gives them, with the properties it names."""

from __future__ import annotations

import math
import re
import struct
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from monopoli_mc.vanilla import coords
from monopoli_mc.vanilla.items import BlockInput, ItemInput, block_state, item_predicate, item_stack
from monopoli_mc.vanilla.nbt_path import NbtPathValue, read_nbt_path
from monopoli_mc.vanilla.placement import MIRRORS, ROTATIONS
from monopoli_mc.vanilla.reader import Reader, Refusal
from monopoli_mc.vanilla.selector import Bounds, Selector, check_entity_amount, parse_selector, read_range
from monopoli_mc.vanilla.snbt import read_compound, read_value
from monopoli_mc.vanilla.text import Invalid, TextCheck, read_component, read_json


@dataclass
class Context:
    """What a parse leaves for later checks: click commands to judge at a player's level."""

    level: int
    clicks: list[str] = field(default_factory=list)


T = TypeVar("T")
Parse = Callable[[Reader, dict[str, Any], Context], Any]  # the argument's value (None: not kept yet)
_PARSERS: dict[str, Parse] = {}
OPERATIONS = ("=", "+=", "-=", "*=", "/=", "%=", "<", ">", "><")
SIMPLE_CRITERIA = ("dummy", "trigger", "deathCount", "playerKillCount", "totalKillCount", "health",
                   "xp", "level", "food", "air", "armor")
ANCHORS = ("feet", "eyes")
HEIGHTMAPS = ("world_surface", "motion_blocking", "motion_blocking_no_leaves", "ocean_floor")
_SLOT = re.compile(r"^(container\.(\d+)|hotbar\.[0-8]|inventory\.(\d+)|enderchest\.(\d+)|villager\.[0-7]"
                   r"|horse\.(\d+)|weapon(\.mainhand|\.offhand)?|armor\.(head|chest|legs|feet|body)"
                   r"|horse\.(saddle|chest|armor)|player\.cursor|player\.crafting\.[0-3]|saddle|contents)$")


def parser(*names: str) -> Callable[[Parse], Parse]:
    """Register a parser for argument types."""
    def register(fn: Parse) -> Parse:
        for n in names:
            _PARSERS[n] = fn
        return fn
    return register


def parse_argument(r: Reader, node: dict[str, Any], ctx: Context) -> Any:
    """Parse one argument node at the reader; its value (for a server that runs the command: see
    `tree.Parsed`), or None where it is not kept; Refusal as the server refuses it."""
    name = node["parser"]
    fn = _PARSERS.get(name)
    if fn is None:
        raise Refusal(f"the judge has no parser for {name}", r.text, r.cursor)
    return fn(r, node.get("properties") or {}, ctx)


@parser("brigadier:bool")
def _bool(r: Reader, p: dict[str, Any], ctx: Context) -> bool:
    return r.read_bool()


def _bounds(r: Reader, p: dict[str, Any], value: float, start: int, kind: str) -> None:
    lo, hi = p.get("min"), p.get("max")
    show = (lambda x: str(int(x))) if kind == "integer" else (lambda x: str(float(x)))
    if lo is not None and value < lo:
        r.cursor = start
        raise r.error(f"argument.{kind}.low", show(lo), show(value))
    if hi is not None and value > hi:
        r.cursor = start
        raise r.error(f"argument.{kind}.big", show(hi), show(value))


@parser("brigadier:integer")
def _integer(r: Reader, p: dict[str, Any], ctx: Context) -> int:
    start = r.cursor
    value = r.read_int()
    _bounds(r, p, value, start, "integer")
    return value


@parser("brigadier:long")
def _long(r: Reader, p: dict[str, Any], ctx: Context) -> None:
    start = r.cursor
    _bounds(r, p, r.read_long(), start, "long")


@parser("brigadier:float")
def _float(r: Reader, p: dict[str, Any], ctx: Context) -> float:
    start = r.cursor
    value = r.read_double("float")
    _bounds(r, p, value, start, "float")
    return value


@parser("brigadier:double")
def _double(r: Reader, p: dict[str, Any], ctx: Context) -> float:
    start = r.cursor
    value = r.read_double("double")
    _bounds(r, p, value, start, "double")
    return value


@parser("brigadier:string")
def _string(r: Reader, p: dict[str, Any], ctx: Context) -> str:
    kind = p.get("type", "word")
    if kind == "greedy":
        rest = r.remaining()
        r.cursor = len(r.text)
        return rest
    if kind == "phrase":
        return r.read_string()
    return r.read_unquoted()


@parser("minecraft:entity")
def _entity(r: Reader, p: dict[str, Any], ctx: Context) -> Selector:
    sel = parse_selector(r, allow_selectors=ctx.level >= 2)
    check_entity_amount(r, sel, single=p.get("amount") == "single", players=p.get("type") == "players")
    return sel


@parser("minecraft:game_profile")
def _profile(r: Reader, p: dict[str, Any], ctx: Context) -> Selector | str:
    """GameProfileArgument: a selector of players, or the name up to the next space."""
    if r.peek() == "@":
        sel = parse_selector(r, allow_selectors=ctx.level >= 2)
        if sel.includes_entities:
            raise Refusal(r.mc.msg("argument.player.entities"), r.text, r.cursor)
        return sel
    return r.read_to_space()


@parser("minecraft:score_holder")
def _score_holder(r: Reader, p: dict[str, Any], ctx: Context) -> Selector | str:
    """ScoreHolderArgument: a selector, or the word up to the next space (`*`, `#fake`, a name)."""
    if r.peek() == "@":
        sel = parse_selector(r, allow_selectors=ctx.level >= 2)
        if p.get("amount") == "single" and sel.max_results > 1:
            raise r.error("argument.entity.toomany")
        return sel
    return r.read_to_space()


@parser("minecraft:block_pos")
def _block_pos(r: Reader, p: dict[str, Any], ctx: Context) -> coords.Coordinates:
    return coords.block_pos(r)


@parser("minecraft:column_pos")
def _column_pos(r: Reader, p: dict[str, Any], ctx: Context) -> coords.Coordinates:
    return coords.column_pos(r)


@parser("minecraft:vec3")
def _vec3(r: Reader, p: dict[str, Any], ctx: Context) -> coords.Coordinates:
    return coords.vec3(r)


@parser("minecraft:vec2")
def _vec2(r: Reader, p: dict[str, Any], ctx: Context) -> coords.Coordinates:
    return coords.vec2(r, "argument.pos2d.incomplete")


@parser("minecraft:rotation")
def _rotation(r: Reader, p: dict[str, Any], ctx: Context) -> coords.Coordinates:
    return coords.vec2(r, "argument.rotation.incomplete", center=False)


@parser("minecraft:block_state")
def _block_state(r: Reader, p: dict[str, Any], ctx: Context) -> BlockInput:
    return _with_text(r, ctx, lambda t: block_state(r, tags=False, text=t))


@parser("minecraft:block_predicate")
def _block_predicate(r: Reader, p: dict[str, Any], ctx: Context) -> BlockInput:
    return _with_text(r, ctx, lambda t: block_state(r, tags=True, text=t))


@parser("minecraft:item_stack")
def _item_stack(r: Reader, p: dict[str, Any], ctx: Context) -> ItemInput:
    return _with_text(r, ctx, lambda t: item_stack(r, t))


@parser("minecraft:item_predicate")
def _item_predicate(r: Reader, p: dict[str, Any], ctx: Context) -> ItemInput:
    return _with_text(r, ctx, lambda t: item_predicate(r, t))


def _with_text(r: Reader, ctx: Context, fn: Callable[[TextCheck], T]) -> T:
    text = TextCheck(r.mc)
    value = fn(text)
    ctx.clicks.extend(text.clicks)
    return value


@parser("minecraft:component")
def _component(r: Reader, p: dict[str, Any], ctx: Context) -> Any:
    value, clicks = read_component(r)
    ctx.clicks.extend(clicks)
    return value


@parser("minecraft:style")
def _style(r: Reader, p: dict[str, Any], ctx: Context) -> Any:
    start = r.cursor
    text = TextCheck(r.mc)
    try:
        value = read_value(r) if r.mc.snbt_text else read_json(r)
        if not isinstance(value, dict):
            raise Invalid("Not a compound")
        text.style(value)
    except Invalid as e:
        r.cursor = start
        raise r.error("argument.style.invalid", e) from None
    return value


@parser("minecraft:nbt_compound_tag")
def _compound(r: Reader, p: dict[str, Any], ctx: Context) -> Any:
    return read_compound(r)


@parser("minecraft:nbt_tag")
def _tag(r: Reader, p: dict[str, Any], ctx: Context) -> Any:
    return read_value(r)


@parser("minecraft:nbt_path")
def _nbt_path(r: Reader, p: dict[str, Any], ctx: Context) -> NbtPathValue:
    return read_nbt_path(r)


@parser("minecraft:objective", "minecraft:team")
def _unquoted(r: Reader, p: dict[str, Any], ctx: Context) -> str:
    return r.read_unquoted()


@parser("minecraft:objective_criteria")
def _criteria(r: Reader, p: dict[str, Any], ctx: Context) -> str:
    start = r.cursor
    s = r.read_to_space()
    colours = r.mc.chat_colors
    ok = (s in SIMPLE_CRITERIA or any(s == f"{k}.{c}" for k in ("teamkill", "killedByTeam") for c in colours)
          or re.fullmatch(r"[a-z0-9_.-]+(:[a-z0-9_.-]+)?:[a-z0-9_.-]+(:[a-z0-9_./-]+)?", s) is not None
          and "." in s.split(":")[0])
    if not ok:
        r.cursor = start
        raise r.error("argument.criteria.invalid", s)
    return s


@parser("minecraft:operation")
def _operation(r: Reader, p: dict[str, Any], ctx: Context) -> str:
    start = r.cursor
    operation = r.read_to_space()
    if operation not in OPERATIONS:
        r.cursor = start
        raise r.error("arguments.operation.invalid")
    return operation


@parser("minecraft:scoreboard_slot")
def _slot(r: Reader, p: dict[str, Any], ctx: Context) -> str:
    start = r.cursor
    s = r.read_unquoted()
    below = "below_name" if r.mc.at_least(1, 20, 2) else "belowName"
    if s not in ("list", "sidebar", below) and s not in {f"sidebar.team.{c}" for c in r.mc.chat_colors}:
        r.cursor = start
        raise r.error("argument.scoreboardDisplaySlot.invalid", s)
    return s


@parser("minecraft:color")
def _color(r: Reader, p: dict[str, Any], ctx: Context) -> str:
    """ColorArgument: ChatFormatting.getByName of the word (its clean name: lower case, letters only), a
    colour or `reset`; the value is the colour's name (`dark_red`). Refused with the cursor after the word
    (`createWithContext`, client1.21.4)."""
    s = r.read_unquoted()
    by_clean = {c.replace("_", ""): c for c in (*r.mc.chat_colors, "reset")}
    found = by_clean.get("".join(c for c in s.lower() if "a" <= c <= "z"))
    if found is None:
        raise r.error("argument.color.invalid", s)
    return found


@parser("minecraft:hex_color")
def _hex(r: Reader, p: dict[str, Any], ctx: Context) -> None:
    start = r.cursor
    s = r.read_unquoted()
    if len(s) != 6 or any(c not in "0123456789abcdefABCDEF" for c in s):
        r.cursor = start
        raise r.error("argument.hexcolor.invalid", s)


@parser("minecraft:int_range")
def _int_range(r: Reader, p: dict[str, Any], ctx: Context) -> Bounds:
    return read_range(r, floats=False)


@parser("minecraft:float_range")
def _float_range(r: Reader, p: dict[str, Any], ctx: Context) -> Bounds:
    return read_range(r, floats=True)


@parser("minecraft:resource_location", "minecraft:dimension", "minecraft:loot_table",
        "minecraft:loot_predicate", "minecraft:loot_modifier", "minecraft:dialog")
def _resource(r: Reader, p: dict[str, Any], ctx: Context) -> Any:
    if r.peek() in "{[" and p is not None:
        return read_value(r)  # an inline definition (loot tables, dialogs)
    return r.read_resource()


@parser("minecraft:resource", "minecraft:resource_key")
def _registry_entry(r: Reader, p: dict[str, Any], ctx: Context) -> str:
    """ResourceArgument and ResourceKeyArgument: an id (an entity type's checked against the registry)."""
    start = r.cursor
    rid = r.read_resource()
    if p.get("registry") == "minecraft:entity_type" and rid not in r.mc.entity_types:
        r.cursor = start
        raise r.error("argument.resource.not_found", rid, "minecraft:entity_type")
    return rid


@parser("minecraft:resource_or_tag", "minecraft:resource_or_tag_key", "minecraft:function")
def _resource_or_tag(r: Reader, p: dict[str, Any], ctx: Context) -> str:
    """An id, or `#` and a tag's id (as written, with `minecraft:` when no namespace is)."""
    tag = r.peek() == "#"
    if tag:
        r.skip()
    return ("#" if tag else "") + r.read_resource()


@parser("minecraft:resource_selector")
def _resource_selector(r: Reader, p: dict[str, Any], ctx: Context) -> None:
    r.read_to_space()


@parser("minecraft:particle")
def _particle(r: Reader, p: dict[str, Any], ctx: Context) -> None:
    r.read_resource()
    if r.can_read() and r.peek() == "{":
        read_compound(r)


@parser("minecraft:message")
def _message(r: Reader, p: dict[str, Any], ctx: Context) -> str:
    """MessageArgument: the rest of the line (its text); `@` selectors in it are parsed where allowed."""
    start = r.cursor
    while r.can_read():
        if r.peek() == "@" and ctx.level >= 2:
            at = r.cursor
            try:
                parse_selector(r, allow_selectors=True)
            except Refusal as e:
                if e.message not in (r.mc.msg("argument.entity.selector.missing"),
                                     r.mc.msg("argument.entity.selector.unknown", r.text[at:at + 2])):
                    raise
                r.cursor = at + 1
        else:
            r.skip()
    return r.text[start:]


@parser("minecraft:time")
def _time(r: Reader, p: dict[str, Any], ctx: Context) -> int:
    value = _float32(r.read_double("float"))  # readFloat
    unit = r.read_unquoted()
    factor = {"": 1, "t": 1, "s": 20, "d": 24000}.get(unit)
    if factor is None:
        raise r.error("argument.time.invalid_unit")
    product = _float32(value * factor)  # a float times the unit's ticks
    # Math.round(float): half up, not Python's half to even; NaN is 0, past the int range its nearest end
    ticks = 0 if product != product else max(-2**31, min(2**31 - 1, math.floor(product + 0.5))) \
        if math.isfinite(product) else (2**31 - 1 if product > 0 else -2**31)
    if ticks < p.get("min", 0):  # TimeArgument.parse: createWithContext after the unit, no setCursor
        raise r.error("argument.time.tick_count_too_low", p.get("min", 0), ticks)
    return ticks


def _float32(value: float) -> float:
    """Java's `(float)` of a double: the nearest float, ±Infinity past Float.MAX_VALUE."""
    try:
        return float(struct.unpack(">f", struct.pack(">f", value))[0])
    except OverflowError:
        return math.copysign(math.inf, value)


@parser("minecraft:uuid")
def _uuid(r: Reader, p: dict[str, Any], ctx: Context) -> None:
    start = r.cursor
    s = r.read_while(frozenset("0123456789abcdefABCDEF-"))
    if not re.fullmatch(r"[0-9a-fA-F]{1,8}-[0-9a-fA-F]{1,4}-[0-9a-fA-F]{1,4}-[0-9a-fA-F]{1,4}-[0-9a-fA-F]{1,12}", s):
        r.cursor = start
        raise r.error("argument.uuid.invalid")


@parser("minecraft:item_slot")
def _item_slot(r: Reader, p: dict[str, Any], ctx: Context) -> str:
    start = r.cursor
    s = r.read_to_space()
    if not _SLOT.match(s):
        r.cursor = start
        raise r.error("slot.unknown", s)
    return s


@parser("minecraft:item_slots")
def _item_slots(r: Reader, p: dict[str, Any], ctx: Context) -> str:
    """SlotsArgument: one slot or a range such as `container.*`."""
    start = r.cursor
    s = r.read_to_space()
    ranges = ("container", "hotbar", "inventory", "enderchest", "villager", "horse", "weapon",
              "armor", "player.crafting")
    if not (_SLOT.match(s) or (s.endswith(".*") and s[:-2] in ranges)):
        r.cursor = start
        raise r.error("slot.unknown", s)
    return s


def _enum(values: tuple[str, ...], key: str) -> Parse:
    def parse(r: Reader, p: dict[str, Any], ctx: Context) -> str:
        start = r.cursor
        s = r.read_unquoted()
        if s not in values:
            r.cursor = start
            raise r.error(key, s)
        return s
    return parse


_PARSERS["minecraft:entity_anchor"] = _enum(ANCHORS, "argument.anchor.invalid")
_PARSERS["minecraft:gamemode"] = _enum(("survival", "creative", "adventure", "spectator"),
                                       "argument.gamemode.invalid")
_PARSERS["minecraft:heightmap"] = _enum(HEIGHTMAPS, "argument.enum.invalid")
_PARSERS["minecraft:template_rotation"] = _enum(ROTATIONS, "argument.enum.invalid")
_PARSERS["minecraft:template_mirror"] = _enum(MIRRORS, "argument.enum.invalid")


@parser("minecraft:swizzle")
def _swizzle(r: Reader, p: dict[str, Any], ctx: Context) -> str:
    start = r.cursor
    s = r.read_to_space()
    if not s or any(c not in "xyz" for c in s) or len(set(s)) != len(s):
        r.cursor = start
        raise r.error("arguments.swizzle.invalid")
    return s
