"""`data get|merge|modify|remove` on storage, entities and blocks."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from nbtlib import Byte, ByteArray, Compound, Double, Float, Int, IntArray, Long, LongArray, Short, String

from monopoli_mc.sandbox import nbt_tags
from monopoli_mc.sandbox.values import Vec, mth_floor, vec_of
from monopoli_mc.sandbox.model import Player
from monopoli_mc.sandbox.nbt_path import NbtPath, path_of
from monopoli_mc.sandbox.nbt_tags import from_vanilla
from monopoli_mc.sandbox.failure import CommandError
from monopoli_mc.sandbox.registry import Run, handles
from monopoli_mc.sandbox.selection import EntityArg, entities_of
from monopoli_mc.sandbox.source import Source
from monopoli_mc.vanilla.tree import Parsed

UNCHANGED = "Nothing changed. The specified properties already have these values"
NUMERIC = (Byte, Short, Int, Long, Float, Double)


@dataclass
class Target:
    """A data target: storage id, one entity, or a block position."""

    kind: str
    storage: str = ""
    entity: EntityArg | None = None
    pos: Vec | None = None

    def read(self, s: Source) -> tuple[Compound, str, Callable[[Compound], None]]:
        """(the data, how messages name it, a writer that stores changed data back)."""
        w = s.world
        if self.kind == "storage":
            data = w.storage.setdefault(self.storage, Compound())
            return data, self.storage, lambda d: w.storage.__setitem__(self.storage, d)
        if self.kind == "entity":
            assert self.entity is not None
            p = self.entity.resolve(s)[0]
            if not isinstance(p, Player):
                return p.to_nbt(), p.name, p.load

            def refuse(_: Compound) -> None:
                raise CommandError("Unable to modify player data")
            return p.to_nbt(), p.name, refuse
        assert self.pos is not None
        bp = self.pos.block(s)
        block = w.blocks.get(bp)
        if block is None or block.nbt is None:
            raise CommandError("The target block is not a block entity")
        return block.nbt, ", ".join(str(c) for c in bp), lambda d: setattr(
            block, "nbt", w.load_block_entity(block.id, d, block.nbt))

    def query(self, name: str, shown: str) -> str:
        """The `has the following ...` message."""
        if self.kind == "storage":
            return f"Storage {name} has the following contents: {shown}"
        if self.kind == "entity":
            return f"{name} has the following entity data: {shown}"
        return f"{name} has the following block data: {shown}"

    def modified(self, name: str) -> str:
        """The `Modified ...` message."""
        return {"storage": f"Modified storage {name}", "entity": f"Modified entity data of {name}",
                "block": f"Modified block data of {name}"}[self.kind]


def single(path: NbtPath, data: Compound) -> Any:
    """getSingleTag: exactly one match, else vanilla's errors."""
    found = path.get(data)
    if not found:
        raise CommandError(f"Found no elements matching {path.text}")
    if len(found) > 1:
        raise CommandError("This argument accepts a single NBT value")
    return found[0]


def target_of(p: Parsed, kind: str, prefix: str) -> Target:
    """The data target of kind storage|entity|block that vanilla parsed as `<prefix>` (`target`, `source`)
    or, for a block, `<prefix>Pos`."""
    if kind == "storage":
        return Target(kind, storage=p.args[prefix])
    if kind == "entity":
        return Target(kind, entity=entities_of(p.args[prefix], single=True))
    return Target(kind, pos=vec_of(p.args[prefix + "Pos"], block=True))


def _path(p: Parsed, name: str) -> NbtPath | None:
    return path_of(p.args[name]) if name in p.args else None


@handles("data")
def data(p: Parsed) -> Run:
    """data get|merge|modify|remove, on vanilla's parse (`registry.handles`): every path of the tree."""
    action, target = p.literals[1], target_of(p, p.literals[2], "target")
    if action == "get":
        return _get(target, _path(p, "path"), p.args.get("scale"))
    if action == "merge":
        value = from_vanilla(p.args["nbt"])
        return lambda s: _merge(s, target, value)
    if action == "remove":
        path = path_of(p.args["path"])
        return lambda s: _remove(s, target, path)
    return _modify(p, target, path_of(p.args["targetPath"]))


def _get(target: Target, path: NbtPath | None, scale: float | None) -> Run:
    def run(s: Source) -> int:
        data, name, _ = target.read(s)
        if path is None:
            s.success(target.query(name, nbt_tags.pretty(data, s.world.version)))
            return len(data)
        tag = single(path, data)
        if scale is not None:
            if not isinstance(tag, NUMERIC):
                raise CommandError(f"Can't get {path.text}; only numeric tags are allowed")
            value = mth_floor(float(tag) * scale)  # getNumeric: Mth.floor, so NaN is 0 (row E8)
            where = {"storage": f"in storage {name}", "entity": f"on {name}",
                     "block": f"on block {name}"}[target.kind]
            s.success(f"{path.text} {where} after scale factor of {nbt_tags.java_float(scale)} is {value}")
            return value
        size = _size(tag, path)  # before the message: a tag without a size answers only the error
        s.success(target.query(name, nbt_tags.pretty(tag, s.world.version)))
        return size
    return run


def _size(tag: Any, path: NbtPath) -> int:
    """`data get`'s result (ledger C17): a number floored, a list's, array's or compound's size, a
    string's length in UTF-16 units (1.20.5 and 1.21.4 `DataCommands.getData`, 1.21.11
    `DataCommand.executeGet`: the same). A number is `Mth.floor`ed in Java's int arithmetic: NaN
    is 0, anything past the int range 2147483647, below it too (row E8)."""
    if isinstance(tag, NUMERIC):
        return mth_floor(float(tag))
    if isinstance(tag, str):
        return len(tag.encode("utf-16-le")) // 2
    if isinstance(tag, list | dict | ByteArray | IntArray | LongArray):
        return len(tag)
    raise CommandError(f"Can't get {path.text}; tag doesn't exist")


def _merge(s: Source, target: Target, value: Any) -> int:
    if not isinstance(value, Compound):
        raise CommandError(f"Expected object, got: {nbt_tags.show(value, pretty=False, version=s.world.version)}")
    data, name, write = target.read(s)
    merged = nbt_tags.java_copy(data, s.world.version)  # DataCommands.mergeData: getData().copy().merge(tag)
    _deep_merge(merged, nbt_tags.java_copy(value, s.world.version))
    if merged == data:
        raise CommandError(UNCHANGED)
    write(merged)
    s.success(target.modified(name))
    return 1


def _deep_merge(into: Compound, new: Compound) -> bool:
    """CompoundTag.merge: a compound into a compound merges in place, anything else is put (`new`
    is the caller's copy, so nothing is shared with the command's own tag). True when `into` is not
    what it was: what vanilla learns by comparing a copy taken before, without the copy."""
    changed = False
    for k, v in new.items():
        old = into.get(k)
        if isinstance(v, Compound) and isinstance(old, Compound):
            changed = _deep_merge(old, v) or changed
        else:
            changed = changed or k not in into or old != v
            into[k] = v
    return changed


def _remove(s: Source, target: Target, path: NbtPath) -> int:
    data, name, write = target.read(s)
    count = path.remove(data)
    if count == 0:  # DataCommands.removeData: ERROR_MERGE_UNCHANGED, not the path's own error (row E3)
        raise CommandError(UNCHANGED)
    write(data)
    s.success(target.modified(name))
    return count


def _modify(p: Parsed, target: Target, path: NbtPath) -> Run:
    op = p.literals[3]  # set|merge|append|prepend|insert
    index = p.args.get("index", 0)
    values = _source(p, p.literals[4])

    def run(s: Source) -> int:
        data, name, write = target.read(s)
        items = values(s)
        try:
            count = _apply(op, path, data, items, index, s.world.version)
        except ValueError as e:
            raise CommandError(str(e)) from None
        if count == 0:
            raise CommandError(UNCHANGED)
        write(data)
        s.success(target.modified(name))
        return count
    return run


def _apply(op: str, path: NbtPath, data: Compound, items: list[Any], index: int, version: str) -> int:
    """One `data modify` operation; a tag of the wrong type is quoted as the release's Tag.toString (M4)."""
    if op == "set":
        return path.set(data, items[-1]) if items else 0
    if op == "merge":
        count = 0
        places = path.get(data)
        if not places:
            path.set(data, Compound())
            places = path.get(data)
        for place in places:
            if not isinstance(place, Compound):
                raise ValueError(f"Expected object, got: {nbt_tags.show(place, pretty=False, version=version)}")
            for item in items:
                if not isinstance(item, Compound):
                    raise ValueError(f"Expected object, got: {nbt_tags.show(item, pretty=False, version=version)}")
                count += _deep_merge(place, item)  # vanilla compares a copy taken before: the same count
        return count
    at = {"append": -1, "prepend": 0}.get(op, index)
    return path.insert(data, at, items, version=version)


def _source(p: Parsed, kind: str) -> Callable[[Source], list[Any]]:
    """`value <value>` | `from|string <kind> <source> [<sourcePath>] [<start> [<end>]]`."""
    if kind == "value":
        value = from_vanilla(p.args["value"])
        return lambda s: [nbt_tags.java_copy(value, s.world.version)]  # each run gets its own tag: Tag.copy()
    src = target_of(p, p.literals[5], "source")
    path = _path(p, "sourcePath")
    start, end = p.args.get("start"), p.args.get("end")

    def values(s: Source) -> list[Any]:
        data, _, _ = src.read(s)
        found = path.get(data) if path is not None else [data]
        if path is not None and not found:
            raise CommandError(f"Found no elements matching {path.text}")
        if kind == "from":
            return [nbt_tags.java_copy(f, s.world.version) for f in found]  # Tag.copy(), never shared
        return [String(_substring(nbt_tags.as_string(f, s.world.version), start, end)) for f in found]
    return values


def _substring(text: str, start: int | None, end: int | None) -> str:
    n = len(text)
    a = 0 if start is None else (start if start >= 0 else n + start)
    b = n if end is None else (end if end >= 0 else n + end)
    if not (0 <= a <= b <= n):
        raise CommandError(f"Invalid substring indices: {start} to {end}")
    return text[a:b]

