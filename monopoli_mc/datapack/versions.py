"""The Minecraft versions the pack targets, as the pack generator sees them: the one release table
(`vanilla/releases.py`) and the dialect each release asks for."""

from __future__ import annotations

from dataclasses import dataclass

from monopoli_mc.errors import ConfigError
from monopoli_mc.vanilla.releases import DEFAULT, RELEASES, number


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


VERSIONS: dict[str, McVersion] = {r.name: McVersion(r.name, r.data_version, r.pack_format)
                                  for r in RELEASES.values()}
DEFAULT_VERSION = DEFAULT
parse_version = number  # '1.21.4' -> (1, 21, 4); ValueError on anything else


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
