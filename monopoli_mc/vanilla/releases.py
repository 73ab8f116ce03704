"""The Minecraft releases the project supports, in one table: each release's data version, its data
pack format, and which of Mojang's generated reports (`data/commands/`, `data/registries/`) stand for it.

The pack generator (`datapack/versions.py`), the sandbox (`sandbox/versions.py`) and the command
checker (`vanilla/data.py`) all read this table; a release is added here and nowhere else.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass


@dataclass(frozen=True)
class Release:
    """One Java Edition release."""

    name: str
    data_version: int
    pack_format: tuple[int, int]  # (major, minor); minor is 0 before 1.21.9
    commands: str  # the command tree report it shares (data/commands/<commands>.json)
    registries: str  # the registries report it shares (data/registries/<registries>.json)


# Data versions and pack formats: minecraft.wiki "Pack format" and "Data version" (cross-checked with
# version enums in public projects); 1.21.11 as ARCHITECTURE.md states it. Which report stands for which
# release: data/README.md.
RELEASES: dict[str, Release] = {r.name: r for r in (
    Release("1.20.5", 3837, (41, 0), "1.20.5", "1.20.5"),
    Release("1.20.6", 3839, (41, 0), "1.20.5", "1.20.5"),
    Release("1.21", 3953, (48, 0), "1.21", "1.21.1"),
    Release("1.21.1", 3955, (48, 0), "1.21", "1.21.1"),
    Release("1.21.2", 4080, (57, 0), "1.21.2", "1.21.3"),
    Release("1.21.3", 4082, (57, 0), "1.21.2", "1.21.3"),
    Release("1.21.4", 4189, (61, 0), "1.21.2", "1.21.4"),
    Release("1.21.5", 4325, (71, 0), "1.21.5", "1.21.5"),
    Release("1.21.6", 4435, (80, 0), "1.21.6", "1.21.6"),
    Release("1.21.7", 4438, (81, 0), "1.21.6", "1.21.8"),
    Release("1.21.8", 4440, (81, 0), "1.21.6", "1.21.8"),
    Release("1.21.9", 4554, (88, 0), "1.21.9", "1.21.9"),
    Release("1.21.10", 4556, (88, 0), "1.21.9", "1.21.9"),
    Release("1.21.11", 4671, (94, 1), "1.21.11", "1.21.11"),
)}
DEFAULT = "1.21.11"


@functools.lru_cache(maxsize=256)  # asked on every command a sandbox runs; a handful of names
def number(name: str) -> tuple[int, ...]:
    """'1.21.4' -> (1, 21, 4), comparable; raises ValueError on anything that is not a release number."""
    parts = name.split(".")
    if not 2 <= len(parts) <= 3 or not all(p.isdigit() and p.isascii() for p in parts):
        raise ValueError(f"not a release version: {name!r}")
    return tuple(int(p) for p in parts)
