"""Binary NBT as the server's NbtIo reads it: a gzip stream, then a named root compound.

`NbtIo.read` takes the first tag as the root: its type byte must be 10 (compound), a name
follows, then the entries. Anything else is refused ("Root tag must be a named compound
tag"), and a structure file refused that way is a template that does not exist.
"""

from __future__ import annotations

import gzip
import struct
import zlib
from typing import Any

from monopoli_mc.vanilla.snbt import Arr, Num

ROOT_NOT_COMPOUND = "Root tag must be a named compound tag"
_NUM = {1: ("byte", "b", 1), 2: ("short", "h", 2), 3: ("int", "i", 4), 4: ("long", "q", 8),
        5: ("float", "f", 4), 6: ("double", "d", 8)}
_ARR = {7: ("byte", "b", 1), 11: ("int", "i", 4), 12: ("long", "q", 8)}
_EOF = "EOF: the file ends inside a tag"
_U16 = struct.Struct(">H").unpack_from
_I32 = struct.Struct(">i").unpack_from
MAX_DEPTH = 512


class NbtError(Exception):
    """The server's IOException while reading NBT."""


def read_compressed(data: bytes) -> tuple[str, dict[str, Any]]:
    """NbtIo.readCompressed: gunzip, then read; (root name, root compound)."""
    try:
        raw = gzip.decompress(data)
    except (OSError, EOFError, zlib.error) as e:
        raise NbtError(f"Not in GZIP format: {e}") from None
    return read(raw)


def read(raw: bytes) -> tuple[str, dict[str, Any]]:
    """NbtIo.read: the root must be a named compound; (its name, its entries)."""
    stream = _Stream(raw)
    kind = stream.byte()
    if kind == 0:
        raise NbtError(ROOT_NOT_COMPOUND)
    name = stream.utf()
    value = stream.payload(kind, 0)
    if kind != 10 or not isinstance(value, dict):
        raise NbtError(ROOT_NOT_COMPOUND)
    return name, value


class _Stream:
    """A cursor over the raw bytes. A structure file holds some 100,000 tags: a list of numbers is
    read in one unpack, and an integer Num (frozen) is made once per value and shared."""

    def __init__(self, raw: bytes) -> None:
        self.raw = raw
        self.at = 0
        self._ints: dict[tuple[str, float], Num] = {}

    def take(self, n: int) -> int:
        """Where the next `n` bytes begin; they are then behind the cursor."""
        at = self.at
        if at + n > len(self.raw):
            raise NbtError(_EOF)
        self.at = at + n
        return at

    def byte(self) -> int:
        return self.raw[self.take(1)]

    def utf(self) -> str:
        (n,) = _U16(self.raw, self.take(2))
        at = self.take(n)
        try:
            return self.raw[at:at + n].decode("utf-8")  # modified UTF-8 equals UTF-8 for our text
        except UnicodeDecodeError as e:
            raise NbtError(f"malformed string: {e}") from None

    def num(self, name: str, value: float) -> Num:
        if name in ("float", "double"):  # 0.0 and -0.0 are equal keys: never shared
            return Num(name, value)
        key = (name, value)
        found = self._ints.get(key)
        if found is None:
            found = self._ints[key] = Num(name, value)
        return found

    def payload(self, kind: int, depth: int) -> Any:
        if depth > MAX_DEPTH:
            raise NbtError("Tried to read NBT tag with too high complexity, depth > 512")
        if kind in _NUM:
            name, fmt, size = _NUM[kind]
            return self.num(name, struct.unpack_from(">" + fmt, self.raw, self.take(size))[0])
        if kind in _ARR:
            name, fmt, size = _ARR[kind]
            (n,) = _I32(self.raw, self.take(4))
            if n < 0:
                raise NbtError("negative array length")
            return Arr(name, struct.unpack_from(f">{n}{fmt}", self.raw, self.take(n * size)))
        if kind == 8:
            return self.utf()
        if kind == 9:
            inner = self.byte()
            (n,) = _I32(self.raw, self.take(4))
            if inner == 0 and n > 0:
                raise NbtError("Missing type on ListTag")
            if n <= 0:
                return []
            if inner in _NUM and depth + 1 <= MAX_DEPTH:  # the whole list in one unpack
                name, fmt, size = _NUM[inner]
                values = struct.unpack_from(f">{n}{fmt}", self.raw, self.take(n * size))
                return [self.num(name, v) for v in values]
            return [self.payload(inner, depth + 1) for _ in range(n)]
        if kind == 10:
            out: dict[str, Any] = {}
            while True:
                t = self.byte()
                if t == 0:
                    return out
                key = self.utf()
                out[key] = self.payload(t, depth + 1)
        raise NbtError(f"Invalid tag id: {kind}")
