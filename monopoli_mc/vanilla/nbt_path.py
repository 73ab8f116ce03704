"""NBT paths as `NbtPathArgument` reads them (`data get entity @s Inventory[0].id`): the nodes and the text."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from monopoli_mc.vanilla.reader import Reader
from monopoli_mc.vanilla.snbt import read_compound


def read_nbt_path(r: Reader) -> NbtPathValue:
    """NbtPathArgument: its nodes, each (kind, key, index, filter): `root` (a compound), `key` (a name and
    maybe a compound), `index`, `all` (`[]`), `match` (`[{…}]`)."""
    start = r.cursor
    first = True
    nodes: list[PathNode] = []
    while r.can_read() and r.peek() != " ":
        nodes.append(_path_node(r, first))
        first = False
        if r.can_read() and r.peek() not in " [{":
            r.expect(".")
    return NbtPathValue(tuple(nodes), r.text[start:r.cursor])


PathNode = tuple[str, str, int, Any]  # (kind, key, index, filter)


@dataclass(frozen=True)
class NbtPathValue:
    """An NBT path as parsed: its nodes and how it was written."""

    nodes: tuple[PathNode, ...]
    text: str


def _path_node(r: Reader, first: bool) -> PathNode:
    c = r.peek()
    if c in "\"'":
        key = r.read_string()
        return ("key", key, 0, read_compound(r) if r.can_read() and r.peek() == "{" else None)
    if c == "[":
        r.skip()
        if r.peek() == "{":
            found = read_compound(r)
            r.expect("]")
            return ("match", "", 0, found)
        if r.peek() == "]":
            r.skip()
            return ("all", "", 0, None)
        index = r.read_int()
        r.expect("]")
        return ("index", "", index, None)
    if c == "{":
        if not first:
            raise r.error("arguments.nbtpath.node.invalid")
        return ("root", "", 0, read_compound(r))
    start = r.cursor
    while r.can_read() and r.peek() not in " \"'[].{}":
        r.skip()
    if r.cursor == start:
        raise r.error("arguments.nbtpath.node.invalid")
    return ("key", r.text[start:r.cursor], 0, read_compound(r) if r.can_read() and r.peek() == "{" else None)
