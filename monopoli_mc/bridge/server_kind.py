"""Which server answers: vanilla, Paper (and its forks) or Spigot, from its `version` reply.

The formats, as the servers print them:
- vanilla from 1.21.6 (`VersionCommand`, system messages joined without newlines over RCON):
  "Server version info:id = 1.21.8name = 1.21.8data = 4440series = mainprotocol = 772 (0x304)…"
- vanilla before that has no `version`: "Unknown or incomplete command, see below for error…"
- Paper from 1.20.5: "This server is running Paper version 1.21.4-232-main@5a6a0e1 (2025-…Z)
  (Implementing API version 1.21.4-R0.1-SNAPSHOT)"; before: "… Paper version git-Paper-496
  (MC: 1.20.4) (Implementing API version 1.20.4-R0.1-SNAPSHOT) (Git: 7ac24a1 on ver/1.20.4)".
  Forks (Purpur, Folia, Pufferfish, …) put their own name in place of Paper.
- Spigot: "This server is running CraftBukkit version 4226-Spigot-146439e-2889b3a (MC: 1.21.4)
  (Implementing API version 1.21.4-R0.1-SNAPSHOT)".
- Bukkit's first `version` may only say "Checking version, please wait..." while it looks
  for updates: ask again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

CHECKING = "Checking version, please wait"
_COLOUR = re.compile("\u00a7[0-9a-fk-orx]", re.IGNORECASE)
_BUKKIT = re.compile(r"This server is running (\S+) version (\S+)")
_MC = re.compile(r"\(MC: (\d+\.\d+(?:\.\d+)?)\)")
_API = re.compile(r"Implementing API version (\d+\.\d+(?:\.\d+)?)-")
_LEADING = re.compile(r"^(\d+\.\d+(?:\.\d+)?)-")
_VANILLA = re.compile(r"Server version info:.*?name = (\d+\.\d+(?:\.\d+)?)(?=data = |\s|$)", re.S)


@dataclass(frozen=True)
class ServerKind:
    """What the `version` reply says: the family, the brand and the Minecraft version."""

    family: str  # "vanilla", "paper" (Paper and its forks), "spigot" or "unknown"
    brand: str  # "Vanilla", "Paper", "Purpur", "CraftBukkit", ...
    minecraft: str | None  # "1.21.4", or None when the reply does not tell

    @property
    def is_bukkit(self) -> bool:
        """Paper, Spigot and their forks: Bukkit's commands.yml aliases work there."""
        return self.family in ("paper", "spigot")

    def describe(self) -> str:
        """'Paper 1.21.4', 'vanilla 1.21.11', 'vanilla (it does not tell its version)'."""
        name = "vanilla" if self.family == "vanilla" else self.brand
        return f"{name} {self.minecraft}" if self.minecraft else f"{name} (it does not tell its version)"


def parse_version_reply(reply: str) -> ServerKind:
    """The server kind from a `version` reply (colour codes and newlines allowed)."""
    text = _COLOUR.sub("", reply).replace("\r", "")
    vanilla = _VANILLA.search(text)
    if vanilla is not None:
        return ServerKind("vanilla", "Vanilla", vanilla.group(1))
    bukkit = _BUKKIT.search(text)
    if bukkit is not None:
        brand, build = bukkit.group(1), bukkit.group(2)
        family = "spigot" if brand in ("CraftBukkit", "Spigot") else "paper"
        found = _MC.search(text) or _API.search(text) or _LEADING.search(build)
        return ServerKind(family, brand, found.group(1) if found else None)
    if text.startswith("Unknown or incomplete command"):
        return ServerKind("vanilla", "Vanilla", None)
    return ServerKind("unknown", "unknown", None)
