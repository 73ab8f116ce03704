"""Players' names and UUIDs as vanilla derives and compares them: the offline-mode UUID of a name, and
Java's case-blind comparison of names."""

from __future__ import annotations

import hashlib
import uuid


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
