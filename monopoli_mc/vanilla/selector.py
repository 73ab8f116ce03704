"""EntitySelectorParser and EntitySelectorOptions: `@a[…]`, names and UUIDs, as the server parses them.

The parse keeps what the argument checks need (`max_results`, `includes_entities` …) and every
option's value, so that a server (the sandbox) can tell which entities a selector matches
without reading it again.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from monopoli_mc.vanilla.reader import Reader, Refusal
from monopoli_mc.vanilla.snbt import Value, read_compound

_UUID = re.compile(r"^[0-9a-fA-F]{1,8}-[0-9a-fA-F]{1,4}-[0-9a-fA-F]{1,4}-[0-9a-fA-F]{1,4}-[0-9a-fA-F]{1,12}$")
GAME_MODES = ("survival", "creative", "adventure", "spectator")
SORTS = ("nearest", "furthest", "random", "arbitrary")


Bounds = tuple[float | None, float | None]  # MinMaxBounds: None for an open end


@dataclass
class Selector:
    """A parsed selector, player name or UUID: what the argument checks need, and each option's value."""

    kind: str = "name"  # a p r s e n (after the @), or "name" / "uuid"
    name: str = ""  # the player name or UUID as written
    names: list[tuple[str, bool]] = field(default_factory=list)  # (name, inverted)
    tags: list[tuple[str, bool]] = field(default_factory=list)
    teams: list[tuple[str, bool]] = field(default_factory=list)
    types: list[tuple[str, bool]] = field(default_factory=list)  # a resource id, or `#` and a tag's id
    scores: dict[str, Bounds] = field(default_factory=dict)
    distance: Bounds | None = None
    xyz: list[float | None] = field(default_factory=lambda: [None, None, None])
    dxyz: list[float | None] = field(default_factory=lambda: [None, None, None])
    limit: int | None = None
    sort: str | None = None
    nbt: list[tuple[Value, bool]] = field(default_factory=list)
    max_results: int = 1
    includes_entities: bool = True
    current_entity: bool = False
    limited: bool = False
    sorted: bool = False
    type_limited: bool = False
    type_inverse: bool = False
    name_eq: bool = False
    name_ne: bool = False
    gamemode_eq: bool = False
    gamemode_ne: bool = False
    team_eq: bool = False
    has_scores: bool = False
    has_advancements: bool = False
    has_distance: bool = False
    has_level: bool = False
    set_options: frozenset[str] = frozenset()


def parse_selector(r: Reader, *, allow_selectors: bool) -> Selector:
    """EntitySelectorParser.parse: `@x[options]`, a player name (1–16 characters) or a UUID."""
    if r.peek() == "@":
        if not allow_selectors:
            raise r.error("argument.entity.selector.not_allowed")
        r.skip()
        return _selector(r)
    start = r.cursor
    s = r.read_string()
    if _UUID.match(s):
        return Selector("uuid", s, max_results=1, includes_entities=True)
    if not s or len(s) > 16:
        r.cursor = start
        raise r.error("argument.entity.invalid")
    return Selector("name", s, max_results=1, includes_entities=False)


def _selector(r: Reader) -> Selector:
    if not r.can_read():
        raise r.error("argument.entity.selector.missing")
    start = r.cursor
    c = r.read()
    big = 2**31 - 1
    if c == "a":
        sel = Selector(c, max_results=big, includes_entities=False, type_limited=True)
    elif c == "e":
        sel = Selector(c, max_results=big)
    elif c == "n" and r.mc.at_least(1, 21):
        sel = Selector(c)
    elif c == "p":
        sel = Selector(c, includes_entities=False, type_limited=True)
    elif c == "r":
        sel = Selector(c, includes_entities=False, type_limited=True)
    elif c == "s":
        sel = Selector(c, current_entity=True)
    else:
        r.cursor = start
        raise r.error("argument.entity.selector.unknown", "@" + c)
    if r.can_read() and r.peek() == "[":
        r.skip()
        _options(r, sel)
    return sel


def _options(r: Reader, sel: Selector) -> None:
    r.skip_ws()
    while r.can_read() and r.peek() != "]":
        r.skip_ws()
        start = r.cursor
        name = r.read_string()
        handler = _OPTIONS.get(name)
        if handler is None:
            r.cursor = start
            raise r.error("argument.entity.options.unknown", name)
        if not _applicable(name, sel):
            raise r.error("argument.entity.options.inapplicable", name)
        r.skip_ws()
        if not r.can_read() or r.peek() != "=":
            r.cursor = start
            raise r.error("argument.entity.options.valueless", name)
        r.skip()
        r.skip_ws()
        handler(r, sel)
        sel.set_options = sel.set_options | {name}
        r.skip_ws()
        if r.can_read():
            if r.peek() != ",":
                if r.peek() != "]":
                    raise r.error("argument.entity.options.unterminated")
                break
            r.skip()
    if not r.can_read():
        raise r.error("argument.entity.options.unterminated")
    r.skip()


Option = Callable[[Reader, Selector], None]


def _applicable(name: str, sel: Selector) -> bool:
    once = {"distance": sel.has_distance, "level": sel.has_level, "scores": sel.has_scores,
            "advancements": sel.has_advancements, "x_rotation": "x_rotation" in sel.set_options,
            "y_rotation": "y_rotation" in sel.set_options}
    if name in once:
        return not once[name]
    if name in ("x", "y", "z", "dx", "dy", "dz"):
        return name not in sel.set_options
    return {"name": not sel.name_eq, "limit": not sel.current_entity and not sel.limited,
            "sort": not sel.current_entity and not sel.sorted, "gamemode": not sel.gamemode_eq,
            "team": not sel.team_eq, "type": not sel.type_limited}.get(name, True)


def _invert(r: Reader) -> bool:
    r.skip_ws()
    if r.can_read() and r.peek() == "!":
        r.skip()
        r.skip_ws()
        return True
    return False


def _name(r: Reader, sel: Selector) -> None:
    start = r.cursor
    inverse = _invert(r)
    sel.names.append((r.read_string(), inverse))
    if sel.name_ne and not inverse:
        r.cursor = start
        raise r.error("argument.entity.options.inapplicable", "name")
    if inverse:
        sel.name_ne = True
    else:
        sel.name_eq = True


def _distance(r: Reader, sel: Selector) -> None:
    start = r.cursor
    lo, hi = read_range(r, floats=True)
    if (lo is not None and lo < 0) or (hi is not None and hi < 0):
        r.cursor = start
        raise r.error("argument.entity.options.distance.negative")
    sel.distance = (lo, hi)
    sel.has_distance = True


def _level(r: Reader, sel: Selector) -> None:
    start = r.cursor
    lo, hi = read_range(r, floats=False)
    if (lo is not None and lo < 0) or (hi is not None and hi < 0):
        r.cursor = start
        raise r.error("argument.entity.options.level.negative")
    sel.has_level = True
    sel.includes_entities = False


def _coordinate(axis: int, *, delta: bool) -> Option:
    """`x=`, `y=`, `z=` (the origin) or `dx=`, `dy=`, `dz=` (the box)."""
    def read(r: Reader, sel: Selector) -> None:
        (sel.dxyz if delta else sel.xyz)[axis] = r.read_double()
    return read


def _rotation(r: Reader, sel: Selector) -> None:
    read_range(r, floats=True)


def _limit(r: Reader, sel: Selector) -> None:
    start = r.cursor
    n = r.read_int()
    if n < 1:
        r.cursor = start
        raise r.error("argument.entity.options.limit.toosmall")
    sel.max_results = n
    sel.limit = n
    sel.limited = True


def _sort(r: Reader, sel: Selector) -> None:
    start = r.cursor
    s = r.read_unquoted()
    if s not in SORTS:
        r.cursor = start
        raise r.error("argument.entity.options.sort.irreversible", s)
    sel.sort = s
    sel.sorted = True


def _gamemode(r: Reader, sel: Selector) -> None:
    start = r.cursor
    inverse = _invert(r)
    if sel.gamemode_ne and not inverse:
        r.cursor = start
        raise r.error("argument.entity.options.inapplicable", "gamemode")
    s = r.read_unquoted()
    if s not in GAME_MODES:
        r.cursor = start
        raise r.error("argument.entity.options.mode.invalid", s)
    sel.includes_entities = False
    if inverse:
        sel.gamemode_ne = True
    else:
        sel.gamemode_eq = True


def _team(r: Reader, sel: Selector) -> None:
    inverse = _invert(r)
    if not inverse:
        sel.team_eq = True
    sel.teams.append((r.read_unquoted(), inverse))


def _type(r: Reader, sel: Selector) -> None:
    start = r.cursor
    inverse = _invert(r)
    if sel.type_inverse and not inverse:
        r.cursor = start
        raise r.error("argument.entity.options.inapplicable", "type")
    if inverse:
        sel.type_inverse = True
    if r.can_read() and r.peek() == "#":
        r.skip()
        sel.types.append(("#" + r.read_resource(), inverse))
        return
    rid = r.read_resource()
    if rid not in r.mc.entity_types:
        r.cursor = start
        raise r.error("argument.entity.options.type.invalid", rid)
    sel.types.append((rid, inverse))
    if rid == "minecraft:player" and not inverse:
        sel.includes_entities = False
    if not inverse:
        sel.type_limited = True


def _tag(r: Reader, sel: Selector) -> None:
    inverse = _invert(r)
    sel.tags.append((r.read_unquoted(), inverse))


def _nbt(r: Reader, sel: Selector) -> None:
    inverse = _invert(r)
    sel.nbt.append((read_compound(r), inverse))


def _scores(r: Reader, sel: Selector) -> None:
    r.expect("{")
    r.skip_ws()
    while r.can_read() and r.peek() != "}":
        r.skip_ws()
        objective = r.read_unquoted()
        r.skip_ws()
        r.expect("=")
        r.skip_ws()
        sel.scores[objective] = read_range(r, floats=False)
        r.skip_ws()
        if r.can_read() and r.peek() == ",":
            r.skip()
    r.expect("}")
    sel.has_scores = True


def _advancements(r: Reader, sel: Selector) -> None:
    r.expect("{")
    r.skip_ws()
    while r.can_read() and r.peek() != "}":
        r.skip_ws()
        r.read_resource()
        r.skip_ws()
        r.expect("=")
        r.skip_ws()
        if r.can_read() and r.peek() == "{":
            r.skip_ws()
            r.expect("{")
            r.skip_ws()
            while r.can_read() and r.peek() != "}":
                r.skip_ws()
                r.read_unquoted()
                r.skip_ws()
                r.expect("=")
                r.skip_ws()
                r.read_bool()
                r.skip_ws()
                if r.can_read() and r.peek() == ",":
                    r.skip()
            r.skip_ws()
            r.expect("}")
            r.skip_ws()
        else:
            r.read_bool()
        r.skip_ws()
        if r.can_read() and r.peek() == ",":
            r.skip()
    r.expect("}")
    sel.has_advancements = True
    sel.includes_entities = False


def _predicate(r: Reader, sel: Selector) -> None:
    _invert(r)
    r.read_resource()


_OPTIONS: dict[str, Option] = {
    "name": _name, "distance": _distance, "level": _level, "x": _coordinate(0, delta=False),
    "y": _coordinate(1, delta=False), "z": _coordinate(2, delta=False), "dx": _coordinate(0, delta=True),
    "dy": _coordinate(1, delta=True), "dz": _coordinate(2, delta=True), "x_rotation": _rotation,
    "y_rotation": _rotation, "limit": _limit, "sort": _sort, "gamemode": _gamemode, "team": _team,
    "type": _type, "tag": _tag, "nbt": _nbt, "scores": _scores, "advancements": _advancements,
    "predicate": _predicate}


def read_range(r: Reader, *, floats: bool) -> Bounds:
    """MinMaxBounds.fromReader: `3`, `1..5`, `..5`, `1..`; refuses an empty or swapped range."""
    start = r.cursor
    if not r.can_read():
        raise r.error("argument.range.empty")
    lo = _bound(r, floats)
    if r.can_read(2) and r.peek() == "." and r.peek(1) == ".":
        r.skip(2)
        hi = _bound(r, floats)
    else:
        hi = lo
    if lo is None and hi is None:
        r.cursor = start
        raise r.error("argument.range.empty")
    if lo is not None and hi is not None and lo > hi:
        r.cursor = start
        raise r.error("argument.range.swapped")
    return lo, hi


def _bound(r: Reader, floats: bool) -> float | None:
    start = r.cursor
    while r.can_read() and (r.peek().isdigit() or r.peek() == "-"
                            or (r.peek() == "." and not (r.can_read(2) and r.peek(1) == "."))):
        r.skip()
    s = r.text[start:r.cursor]
    if not s:
        return None
    try:
        return float(s) if floats else float(_int(s))
    except ValueError:
        r.cursor = start
        raise r.error("parsing.double.invalid" if floats else "parsing.int.invalid", s) from None


def _int(s: str) -> int:
    body = s[1:] if s.startswith("-") else s
    if not body.isdigit() or not -2**31 <= int(s) < 2**31:  # Integer.parseInt (MinMaxBounds.Ints)
        raise ValueError(s)
    return int(s)


def check_entity_amount(r: Reader, sel: Selector, *, single: bool, players: bool) -> None:
    """EntityArgument.parse's checks after the selector (the cursor goes back to 0, as there)."""
    if sel.max_results > 1 and single:
        raise Refusal(r.mc.msg("argument.player.toomany" if players else "argument.entity.toomany"),
                      r.text, 0)
    if sel.includes_entities and players and not sel.current_entity:
        raise Refusal(r.mc.msg("argument.player.entities"), r.text, 0)
