"""One table of the Minecraft versions the pack targets: pack format, data version, dialect."""

from __future__ import annotations

from dataclasses import dataclass

from monopoli_mc.errors import ConfigError


@dataclass(frozen=True)
class McVersion:
    """A Java Edition release and what the generated pack must look like for it."""

    name: str
    data_version: int
    pack_format: tuple[int, int]  # (major, minor); minor is 0 before 1.21.9

    @property
    def number(self) -> tuple[int, ...]:
        """The version as a comparable tuple, e.g. (1, 21, 11)."""
        return parse_version(self.name)

    @property
    def is_snbt_text(self) -> bool:
        """Text components as SNBT with click_event/hover_event (1.21.5 and later)."""
        return self.number >= (1, 21, 5)

    @property
    def has_singular_folders(self) -> bool:
        """`function/`, `structure/` instead of `functions/`, `structures/` (1.21 and later)."""
        return self.number >= (1, 21)

    @property
    def has_min_max_format(self) -> bool:
        """pack.mcmeta uses min_format/max_format (1.21.9 and later)."""
        return self.number >= (1, 21, 9)

    @property
    def has_snake_case_gamerules(self) -> bool:
        """Game rules are named like `send_command_feedback` (1.21.11 and later)."""
        return self.number >= (1, 21, 11)

    @property
    def mecha_version(self) -> str:
        """The grammar mecha has for this release (mecha 0.101 has one per minor line)."""
        return ".".join(str(part) for part in self.number[:2])


# Sources: minecraft.wiki "Pack format" and "Data version" (cross-checked with
# version enums in public projects); 1.21.11 as ARCHITECTURE.md states it.
VERSIONS: dict[str, McVersion] = {v.name: v for v in (
    McVersion("1.20.5", 3837, (41, 0)),
    McVersion("1.20.6", 3839, (41, 0)),
    McVersion("1.21", 3953, (48, 0)),
    McVersion("1.21.1", 3955, (48, 0)),
    McVersion("1.21.2", 4080, (57, 0)),
    McVersion("1.21.3", 4082, (57, 0)),
    McVersion("1.21.4", 4189, (61, 0)),
    McVersion("1.21.5", 4325, (71, 0)),
    McVersion("1.21.6", 4435, (80, 0)),
    McVersion("1.21.7", 4438, (81, 0)),
    McVersion("1.21.8", 4440, (81, 0)),
    McVersion("1.21.9", 4554, (88, 0)),
    McVersion("1.21.10", 4556, (88, 0)),
    McVersion("1.21.11", 4671, (94, 1)),
)}
DEFAULT_VERSION = "1.21.11"


def parse_version(name: str) -> tuple[int, ...]:
    """'1.21.4' -> (1, 21, 4); raises ValueError on anything else."""
    parts = name.split(".")
    if not 2 <= len(parts) <= 3 or not all(p.isdigit() for p in parts):
        raise ValueError(f"not a release version: {name!r}")
    return tuple(int(p) for p in parts)


def get_version(name: str) -> McVersion:
    """The table entry for a release name; ConfigError listing the known ones otherwise.

    The error names no key: the caller knows whether the name came from the world
    config (`minecraft.version`) or from a flag (`--minecraft`).
    """
    try:
        return VERSIONS[name]
    except KeyError:
        known = ", ".join(VERSIONS)
        raise ConfigError(f"unsupported minecraft version {name!r}; known: {known}") from None
