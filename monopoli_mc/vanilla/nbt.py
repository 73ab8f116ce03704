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
_NUM = {1: ("byte", ">b", 1), 2: ("short", ">h", 2), 3: ("int", ">i", 4), 4: ("long", ">q", 8),
        5: ("float", ">f", 4), 6: ("double", ">d", 8)}
_ARR = {7: ("byte", ">b", 1), 11: ("int", ">i", 4), 12: ("long", ">q", 8)}
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
    def __init__(self, raw: bytes) -> None:
        self.raw = raw
        self.at = 0

    def take(self, n: int) -> bytes:
        if self.at + n > len(self.raw):
            raise NbtError("EOF: the file ends inside a tag")
        out = self.raw[self.at:self.at + n]
        self.at += n
        return out

    def byte(self) -> int:
        return self.take(1)[0]

    def utf(self) -> str:
        (n,) = struct.unpack(">H", self.take(2))
        try:
            return self.take(n).decode("utf-8")  # modified UTF-8 equals UTF-8 for our text
        except UnicodeDecodeError as e:
            raise NbtError(f"malformed string: {e}") from None

    def payload(self, kind: int, depth: int) -> Any:
        if depth > MAX_DEPTH:
            raise NbtError("Tried to read NBT tag with too high complexity, depth > 512")
        if kind in _NUM:
            name, fmt, size = _NUM[kind]
            return Num(name, struct.unpack(fmt, self.take(size))[0])
        if kind in _ARR:
            name, fmt, size = _ARR[kind]
            (n,) = struct.unpack(">i", self.take(4))
            if n < 0:
                raise NbtError("negative array length")
            return Arr(name, struct.unpack(f">{n}{fmt[1]}", self.take(n * size)))
        if kind == 8:
            return self.utf()
        if kind == 9:
            inner = self.byte()
            (n,) = struct.unpack(">i", self.take(4))
            if inner == 0 and n > 0:
                raise NbtError("Missing type on ListTag")
            return [self.payload(inner, depth + 1) for _ in range(max(n, 0))]
        if kind == 10:
            out: dict[str, Any] = {}
            while True:
                t = self.byte()
                if t == 0:
                    return out
                key = self.utf()
                out[key] = self.payload(t, depth + 1)
        raise NbtError(f"Invalid tag id: {kind}")
