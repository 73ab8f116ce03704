"""NBT paths (`inbox[0].seq`, `players[{name:"Alex"}]`, `a.b`) over nbtlib tags."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nbtlib import Compound, List

from monopoli_mc.sandbox import nbt_tags
from monopoli_mc.sandbox.nbt_tags import from_vanilla
from monopoli_mc.sandbox.failure import read_text
from monopoli_mc.vanilla.nbt_path import NbtPathValue, read_nbt_path

Slot = tuple[Any, Any]  # (container, key or index)


@dataclass(frozen=True)
class Node:
    """One step of a path: kind is key, root, index, all or match."""

    kind: str
    key: str = ""
    index: int = 0
    filter: Compound | None = None


def matches(pattern: Any, tag: Any) -> bool:
    """Vanilla's partial NBT comparison used by path and selector filters."""
    if isinstance(pattern, Compound):
        return isinstance(tag, Compound) and all(
            k in tag and matches(v, tag[k]) for k, v in pattern.items())
    if isinstance(pattern, list) and not isinstance(pattern, str):
        if not isinstance(tag, list):
            return False
        if not pattern:  # NbtUtils.compareNbt (partial): an empty list matches only an empty list
            return not tag
        return all(any(matches(p, t) for t in tag) for p in pattern)
    return type(pattern) is type(tag) and pattern == tag


@dataclass(frozen=True)
class NbtPath:
    """A parsed NBT path; `text` is how it was written (used in error messages)."""

    nodes: tuple[Node, ...]
    text: str

    def get(self, root: Compound) -> list[Any]:
        """Every tag the path matches."""
        return [nbt_tags.element(c, c[k]) for c, k in self.slots(root, create=False)] if self._has_slots() else [root]

    def _has_slots(self) -> bool:
        return any(n.kind != "root" for n in self.nodes)

    def slots(self, root: Compound, *, create: bool) -> list[Slot]:
        """The (container, key) places the last node names, creating parents if asked."""
        values: list[Any] = [root]
        nodes = list(self.nodes)
        while nodes and nodes[0].kind == "root":
            values = [v for v in values if matches(nodes.pop(0).filter, v)]
        for i, node in enumerate(nodes):
            slots = [s for v in values for s in _step(node, v, create=create)]
            if i == len(nodes) - 1:
                return slots
            values = []
            for c, k in slots:
                if create and isinstance(c, Compound) and k not in c:
                    c[k] = List() if nodes[i + 1].kind in ("index", "all", "match") else Compound()
                if (isinstance(c, Compound) and k in c) or isinstance(c, list):
                    values.append(c[k])
        return []

    def set(self, root: Compound, value: Any) -> int:
        """Set every matched place to value; returns how many changed."""
        count = 0
        for c, k in self.slots(root, create=True):
            old = c.get(k) if isinstance(c, Compound) else c[k]
            if old is not None and type(old) is type(value) and old == value:
                continue
            try:
                c[k] = value
            except (TypeError, ValueError):
                continue
            count += 1
        return count

    def remove(self, root: Compound) -> int:
        """Remove every matched tag; returns how many were removed."""
        slots = self.slots(root, create=False)
        for c, k in sorted(slots, key=lambda s: s[1] if isinstance(s[1], int) else 0, reverse=True):
            del c[k]
        return len(slots)

    def insert(self, root: Compound, index: int, values: list[Any], *, version: str) -> int:
        """Insert values into every list at the path (append: index -1 past the end).

        A tag there that is no list is refused, quoted as the release's Tag.toString (ledger row M4).
        """
        count = 0
        for c, k in self.slots(root, create=True):
            old = (c.get(k) if isinstance(c, Compound) else c[k])
            if old is None:
                old = List()
            if not isinstance(old, list) or isinstance(old, str):
                raise ValueError(f"Expected list, got: {nbt_tags.show(old, pretty=False, version=version)}")
            items = [nbt_tags.element(old, i) for i in old]
            at = len(items) if index == -1 else (index if index >= 0 else len(items) + index + 1)
            if at < 0 or at > len(items):
                raise ValueError(f"Invalid list index: {index}")
            c[k] = nbt_tags.make_list(items[:at] + list(values) + items[at:])
            count += len(values)
        return count


def _step(node: Node, value: Any, *, create: bool) -> list[Slot]:
    if node.kind == "key":
        if not isinstance(value, Compound):
            return []
        if node.filter is not None:
            if node.key not in value:
                if not create:
                    return []
                value[node.key] = Compound(node.filter)
            return [(value, node.key)] if matches(node.filter, value[node.key]) else []
        return [(value, node.key)] if (create or node.key in value) else []
    if not isinstance(value, list) or isinstance(value, str):
        return []
    if node.kind == "index":
        i = node.index if node.index >= 0 else len(value) + node.index
        return [(value, i)] if 0 <= i < len(value) else []
    if node.kind == "all":
        return [(value, i) for i in range(len(value))]
    return [(value, i) for i, v in enumerate(value) if matches(node.filter, v)]


def path_of(parsed: NbtPathValue) -> NbtPath:
    """A path vanilla parsed (`minecraft:nbt_path`) as the sandbox walks it."""
    return NbtPath(tuple(Node(kind, key, index, from_vanilla(found) if found is not None else None)
                         for kind, key, index, found in parsed.nodes), parsed.text)


def parse_path(text: str, version: str) -> NbtPath:
    """A path string of this release (an nbt text component's), read by vanilla's NbtPathArgument reader."""
    return path_of(read_text(text, version, read_nbt_path))
