"""Block states, item stacks and their predicates: ids, properties and components against the registries."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from monopoli_mc.vanilla.reader import Reader, Refusal
from monopoli_mc.vanilla.snbt import Arr, Num, read_compound, read_value
from monopoli_mc.vanilla.text import Invalid, TextCheck, is_bool, is_int, is_string

ITEM_PREDICATES = frozenset(
    "minecraft:" + p for p in ("damage", "enchantments", "stored_enchantments", "potion_contents",
                               "custom_data", "container", "bundle_contents", "firework_explosion",
                               "fireworks", "writable_book_content", "written_book_content",
                               "attribute_modifiers", "trim", "jukebox_playable", "villager/variant"))


@dataclass(frozen=True)
class BlockInput:
    """A block state or predicate as written: its id (`#` and the tag's id for a tag), its properties in
    order, and its block entity data (a compound as `vanilla.snbt` reads it, or None)."""

    id: str
    states: tuple[tuple[str, str], ...]
    nbt: Any


ComponentTest = tuple[str, str, Any]
"""One test or setting of an item's component: (how, component id, value). How is `=` (this value), `~`
(a sub-predicate), `!` (removed; in a predicate: absent), `` (present), or `!=`, `!~` (negated)."""


@dataclass(frozen=True)
class ItemInput:
    """An item stack or predicate as written: its id (`*` any, `#` and the tag's id for a tag) and its
    components, each a group of alternatives (`|` in a predicate; one in a stack)."""

    id: str
    components: tuple[tuple[ComponentTest, ...], ...]


def block_state(r: Reader, *, tags: bool, text: TextCheck) -> BlockInput:
    """BlockStateParser: `id[prop=value,…]{nbt}`; a `#tag` only where the argument takes one."""
    start = r.cursor
    if r.peek() == "#":
        if not tags:
            raise r.error("argument.block.tag.disallowed")
        r.skip()
        bid = "#" + r.read_resource()
        props: dict[str, list[str]] | None = None
    else:
        bid = r.read_resource()
        if bid not in r.mc.blocks:
            r.cursor = start
            raise r.error("argument.block.id.invalid", bid)
        props = r.mc.blocks[bid]
    states: tuple[tuple[str, str], ...] = ()
    if r.can_read() and r.peek() == "[":
        states = _properties(r, bid, props)
    nbt = None
    if r.can_read() and r.peek() == "{":
        at = r.cursor
        nbt = read_compound(r)
        if props is not None:
            block_entity(r, bid, nbt, at, text)
    return BlockInput(bid, states, nbt)


def _properties(r: Reader, bid: str, props: dict[str, list[str]] | None) -> tuple[tuple[str, str], ...]:
    r.skip()
    r.skip_ws()
    seen: set[str] = set()
    states: list[tuple[str, str]] = []
    while r.can_read() and r.peek() != "]":
        r.skip_ws()
        at = r.cursor
        name = r.read_string()
        if props is not None and name not in props:
            r.cursor = at
            raise r.error("argument.block.property.unknown", bid, name)
        if name in seen:
            r.cursor = at
            raise r.error("argument.block.property.duplicate", name, bid)
        seen.add(name)
        r.skip_ws()
        if not r.can_read() or r.peek() != "=":
            raise r.error("argument.block.property.novalue", name, bid)
        r.skip()
        r.skip_ws()
        at = r.cursor
        value = r.read_string()
        if props is not None and value not in props[name]:
            r.cursor = at
            raise r.error("argument.block.property.invalid", bid, value, name)
        states.append((name, value))
        r.skip_ws()
        if r.can_read():
            if r.peek() != ",":
                if r.peek() != "]":
                    raise r.error("argument.block.property.unclosed")
                break
            r.skip()
    if not r.can_read():
        raise r.error("argument.block.property.unclosed")
    r.skip()
    return tuple(states)


def block_entity(r: Reader, bid: str, nbt: dict[str, Any], at: int, text: TextCheck) -> None:
    """What a block entity loads and would drop without a word: banner patterns, sign text.

    The server parses any compound here and drops fields it cannot load when it places
    the block, so these are not vanilla refusals but things that cannot work.
    """
    try:
        if bid.endswith("_banner") and "patterns" in nbt:
            banner_patterns(r, nbt["patterns"])
        if "CustomName" in nbt:
            name = nbt["CustomName"]
            if r.mc.snbt_text:
                text.component(name)
            elif is_string(name):
                text.json_string(name)
        for side in ("front_text", "back_text"):
            lines = nbt.get(side, {}).get("messages", []) if isinstance(nbt.get(side), dict) else []
            for line in lines:
                if r.mc.snbt_text:
                    text.component(line)
                elif is_string(line):
                    text.json_string(line)
    except Invalid as e:
        raise Refusal(f"block entity data of {bid} would be dropped: {e}", r.text, at, vanilla=False) from None


def banner_patterns(r: Reader, patterns: Any) -> None:
    """A list of {pattern, color}: a pattern of the registry, a dye colour."""
    if not isinstance(patterns, list):
        raise Invalid("patterns: not a list")
    for p in patterns:
        if not isinstance(p, dict):
            raise Invalid("patterns: an entry is not a compound")
        pid = p.get("pattern")
        if isinstance(pid, str):
            full = pid if ":" in pid else "minecraft:" + pid
            if full not in r.mc.banner_patterns:
                raise Invalid(f"unknown banner pattern {pid!r}")
        elif not isinstance(pid, dict):
            raise Invalid("patterns: no pattern")
        if p.get("color") not in r.mc.dye_colors:
            raise Invalid(f"unknown dye colour {p.get('color')!r}")


def item_stack(r: Reader, text: TextCheck) -> ItemInput:
    """ItemParser: `id[component=value,!component,…]`, every component decoded."""
    start = r.cursor
    iid = r.read_resource()
    if iid not in r.mc.items:
        r.cursor = start
        raise r.error("argument.item.id.invalid", iid)
    found = _components(r, text, predicate=False) if r.can_read() and r.peek() == "[" else ()
    return ItemInput(iid, found)


def item_predicate(r: Reader, text: TextCheck) -> ItemInput:
    """ItemPredicateArgument: `id`, `#tag` or `*`, then `[name=value|name~value|!name,…]`."""
    start = r.cursor
    if r.peek() == "*":
        r.skip()
        iid = "*"
    elif r.peek() == "#":
        r.skip()
        iid = "#" + r.read_resource()
    else:
        iid = r.read_resource()
        if iid not in r.mc.items:
            r.cursor = start
            raise r.error("argument.item.id.invalid", iid)
    found = _components(r, text, predicate=True) if r.can_read() and r.peek() == "[" else ()
    return ItemInput(iid, found)


def _components(r: Reader, text: TextCheck, *, predicate: bool) -> tuple[tuple[ComponentTest, ...], ...]:
    r.expect("[")
    seen: set[str] = set()
    groups: list[tuple[ComponentTest, ...]] = []
    group: list[ComponentTest] = []
    while r.can_read() and r.peek() != "]":
        r.skip_ws()
        negated = r.can_read() and r.peek() == "!"
        if negated:
            r.skip()
        at = r.cursor
        cid = r.read_resource()
        r.skip_ws()
        op = r.peek()
        known = cid in r.mc.components or (predicate and op == "~" and cid in ITEM_PREDICATES)
        if not known:
            r.cursor = at
            raise r.error("arguments.item.component.unknown", cid)
        if not predicate and cid in seen:
            r.cursor = at
            raise r.error("arguments.item.component.repeated", cid)
        seen.add(cid)
        how, value = ("!" if negated else ""), None
        if negated and not predicate:
            pass  # `!component`: removed from the stack
        elif op in ("=", "~") or not predicate:
            r.expect(op if predicate else "=")
            r.skip_ws()
            vat = r.cursor
            value = read_value(r)
            how = "!" + op if negated else op
            if op == "=":
                try:
                    decode_component(r, cid, value, text)
                except Invalid as e:
                    r.cursor = vat
                    raise r.error("arguments.item.component.malformed", cid, e) from None
        group.append((how, cid, value))
        r.skip_ws()
        if predicate and r.can_read() and r.peek() == "|":
            r.skip()
            continue
        groups.append(tuple(group))
        group = []
        if not r.can_read() or r.peek() != ",":
            break
        r.skip()
        r.skip_ws()
        if not r.can_read():
            raise r.error("arguments.item.component.expected")
    if group:
        groups.append(tuple(group))
    r.expect("]")
    return tuple(groups)


def decode_component(r: Reader, cid: str, v: Any, text: TextCheck) -> None:
    """The codecs of the components the project writes; other components pass unread."""
    short = cid.removeprefix("minecraft:")
    if short == "written_book_content":
        _book(r, v, text)
    elif short in ("custom_name", "item_name"):
        _text_value(r, v, text)
    elif short == "lore":
        if not isinstance(v, list):
            raise Invalid("lore: not a list")
        for line in v:
            _text_value(r, line, text)
    elif short == "custom_data":
        if not isinstance(v, (dict, str)):
            raise Invalid("custom_data: not a compound")
    elif short == "banner_patterns":
        banner_patterns(r, v)
    elif short == "base_color":
        if v not in r.mc.dye_colors:
            raise Invalid(f"unknown dye colour {v!r}")
    elif short == "enchantment_glint_override":
        if not is_bool(v):
            raise Invalid(f"{short}: not a boolean")


def _text_value(r: Reader, v: Any, text: TextCheck) -> None:
    if r.mc.snbt_text:
        text.component(v)
    elif is_string(v):
        text.json_string(v)  # before 1.21.5 item names and lore are JSON in a string
    else:
        raise Invalid("Not a string")


def _filterable(v: Any) -> Any:
    return v.get("raw") if isinstance(v, dict) and "raw" in v else v


def _book(r: Reader, v: Any, text: TextCheck) -> None:
    """WrittenBookContent: a title of at most 32 characters, an author, pages of text."""
    if not isinstance(v, dict):
        raise Invalid("Not a compound")
    title = _filterable(v.get("title"))
    if not is_string(title):
        raise Invalid("No key title in MapLike")
    if len(title) > 32:
        raise Invalid(f"String \"{title}\" is too long: {len(title)} > 32")
    if not is_string(v.get("author")):
        raise Invalid("No key author in MapLike")
    if "generation" in v and (not is_int(v["generation"]) or not 0 <= _n(v["generation"]) <= 3):
        raise Invalid("generation: Value must be within range [0;3]")
    pages = v.get("pages", [])
    if not isinstance(pages, list) or len(pages) > 100:
        raise Invalid("pages: a list of at most 100 pages")
    for page in pages:
        _text_value(r, _filterable(page), text)


def _n(v: Any) -> float:
    return float(v.value) if isinstance(v, Num) else float(v)


__all__ = ["Arr", "block_state", "item_predicate", "item_stack"]
