"""Players' names and UUIDs as vanilla derives and compares them: the offline-mode UUID of a name, and
Java's case-blind comparison of names."""

from __future__ import annotations

import hashlib
import uuid
from typing import Callable, Generic, Sequence, Sized, TypeVar

_P = TypeVar("_P")


def equals_ignore_case(a: str, b: str) -> bool:
    """Java's String.equalsIgnoreCase: as long, and each pair of UTF-16 units equal once upper-cased or
    lower-cased (Character.toUpperCase/toLowerCase), so `ß` is no `SS`."""
    if len(a) != len(b):
        return False
    return all(x == y or x.upper() == y.upper() or x.lower() == y.lower() for x, y in zip(a, b))


def offline_uuid(name: str) -> uuid.UUID:
    """A player's UUID on an offline-mode server, vanilla's (`UUIDUtil.createOfflinePlayerUUID`, 1.21.11
    `Uuids.getOfflinePlayerUuid`): Java's `UUID.nameUUIDFromBytes` of "OfflinePlayer:" + name in UTF-8, the MD5
    digest with its version set to 3 and its variant to IETF's. Every server derives the same one for a name."""
    digest = bytearray(hashlib.md5(("OfflinePlayer:" + name).encode("utf-8")).digest())
    digest[6] = digest[6] & 0x0F | 0x30
    digest[8] = digest[8] & 0x3F | 0x80
    return uuid.UUID(bytes=bytes(digest))


class NameCache(Generic[_P]):
    """What a name finds among the online players, remembered until the roster changes: `changed()` at a join or a
    leave, and the roster's size is checked too (a test that empties it by hand). The sandbox runs a command far
    slower than vanilla, and a night's commands name its players again and again: walking 128 names with Java's
    case-blind comparison for each was most of a command's cost at 16 boards (bench/scale.py)."""

    def __init__(self, same: Callable[[str, str], bool]) -> None:
        self.same = same
        self.found: dict[str, _P | None] = {}
        self.version = 0
        self.seen = (-1, -1)

    def changed(self) -> None:
        """Someone joined or left: forget what names found."""
        self.version += 1

    def find(self, name: str, roster: Sized, online: Callable[[], Sequence[_P]]) -> _P | None:
        """The first online player whose name (`.name`) is `same` as `name`, in join order."""
        if self.seen != (self.version, len(roster)):
            self.found, self.seen = {}, (self.version, len(roster))
        if name not in self.found:
            self.found[name] = next((p for p in online() if self.same(getattr(p, "name"), name)), None)
        return self.found[name]
