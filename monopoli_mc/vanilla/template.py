"""Structure templates as StructureTemplateManager and StructureTemplate.load read them.

A file the server cannot read at all (not gzip, or a root that is not a named compound) is
a template that does not exist: `place template` answers "There is no template with id".
Inside a readable file the server is lenient and silent: a list of the wrong type reads as
empty, an unknown block or property value becomes air or the default. `problems` names each
of those, so the tests can insist on a file that loads exactly as written.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from monopoli_mc.vanilla.data import Vanilla
from monopoli_mc.vanilla.nbt import NbtError, read_compressed
from monopoli_mc.vanilla.snbt import Num

BlockPos = tuple[int, int, int]


@dataclass
class TemplateBlock:
    """One block of a template: where, which state, and its block entity data."""

    pos: BlockPos
    name: str
    properties: dict[str, str]
    nbt: dict[str, Any] | None


@dataclass
class Template:
    """What the server places: the size, the blocks, and what it quietly got wrong."""

    size: BlockPos
    data_version: int | None
    blocks: list[TemplateBlock] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def _ints(value: Any, n: int) -> tuple[int, ...] | None:
    if isinstance(value, list) and len(value) == n and all(
            isinstance(v, Num) and v.kind == "int" for v in value):
        return tuple(int(v.value) for v in value)
    return None


def load_template(data: bytes, mc: Vanilla, data_version: int) -> Template:
    """Read a structure file as the server does; NbtError where it refuses the file.

    `data_version` is the server's: a template without one is upgraded from version 500
    (and mangled), and one from a newer server cannot be read back in time. The same bytes
    read for the same release give the same Template, shared: read it, do not change it.
    """
    key = (data, mc.release, data_version)
    with _READ_LOCK:  # sandboxes in threads of one process share it
        template = _READ.get(key)
    if template is None:  # an NbtError is not kept: the next read raises it again
        template = _read(data, mc, data_version)
        with _READ_LOCK:
            if len(_READ) >= 32:  # a few boards' files at a time; forget the oldest
                del _READ[next(iter(_READ))]
            _READ[key] = template
    return template


# Each board placement read its file anew: reading NBT in Python took a sixth of the test suite's time.
_READ: dict[tuple[bytes, str, int], Template] = {}
_READ_LOCK = threading.Lock()


def _read(data: bytes, mc: Vanilla, data_version: int) -> Template:
    _, root = read_compressed(data)
    problems: list[str] = []
    dv = root.get("DataVersion")
    version = int(dv.value) if isinstance(dv, Num) and dv.is_integer else None
    if version is None:
        problems.append("no DataVersion: the server upgrades it as a structure from version 500")
    elif version > data_version:
        problems.append(f"DataVersion {version} is newer than the server's {data_version}")
    size = _ints(root.get("size"), 3)
    if size is None:
        problems.append("size is not a list of 3 ints: the server reads 0, 0, 0")
        size = (0, 0, 0)
    template = Template(size, version, problems=problems)  # type: ignore[arg-type]
    palette = _palette(root.get("palette"), mc, problems)
    blocks = root.get("blocks")
    if not isinstance(blocks, list) or not all(isinstance(b, dict) for b in blocks):
        problems.append("blocks is not a list of compounds: the server places nothing")
        return template
    for b in blocks:
        state = b.get("state")
        pos = _ints(b.get("pos"), 3)
        if not (isinstance(state, Num) and state.kind == "int") or pos is None:
            problems.append(f"a block without an int state and 3 int pos: {b}")
            continue
        index = int(state.value)
        if not 0 <= index < len(palette):
            problems.append(f"block at {pos}: state {index} is not in the palette (air)")
            continue
        if not all(0 <= c < s for c, s in zip(pos, size)):
            problems.append(f"block at {pos} lies outside the size {size}")
        name, props = palette[index]
        nbt = b.get("nbt")
        if nbt is not None and not isinstance(nbt, dict):
            problems.append(f"block at {pos}: nbt is not a compound")
            nbt = None
        template.blocks.append(TemplateBlock(pos, name, props, nbt))  # type: ignore[arg-type]
    entities = root.get("entities", [])
    if not isinstance(entities, list):
        problems.append("entities is not a list")
    return template


def _palette(value: Any, mc: Vanilla, problems: list[str]) -> list[tuple[str, dict[str, str]]]:
    if not isinstance(value, list) or not all(isinstance(p, dict) for p in value):
        problems.append("palette is not a list of compounds: every block is air")
        return []
    out: list[tuple[str, dict[str, str]]] = []
    for entry in value:
        name = entry.get("Name")
        if not isinstance(name, str) or name not in mc.blocks:
            problems.append(f"palette: unknown block {name!r} (air)")
            out.append(("minecraft:air", {}))
            continue
        props: dict[str, str] = {}
        given = entry.get("Properties", {})
        if not isinstance(given, dict):
            problems.append(f"palette: {name} Properties is not a compound")
            given = {}
        for key, val in given.items():
            allowed = mc.blocks[name].get(key)
            if allowed is None:
                problems.append(f"palette: {name} has no property {key!r}")
            elif not isinstance(val, str) or val not in allowed:
                problems.append(f"palette: {name} does not take {val!r} for {key} (default)")
            else:
                props[key] = val
        out.append((name, props))
    return out


__all__ = ["NbtError", "Template", "TemplateBlock", "load_template"]
