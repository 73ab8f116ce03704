"""Which of Mojang's trees and registries stand for each supported release, loaded once."""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from monopoli_mc.vanilla.releases import RELEASES, number

LEVELS = {"all": 0, "moderators": 1, "gamemasters": 2, "admins": 3, "owners": 4}


@dataclass
class Vanilla:
    """One release's command tree, registries and en_us strings."""

    release: str
    tree: dict[str, Any]
    lang: dict[str, str]
    blocks: dict[str, dict[str, list[str]]]
    items: frozenset[str]
    entity_types: frozenset[str]
    components: frozenset[str]
    banner_patterns: frozenset[str]
    dye_colors: tuple[str, ...]
    chat_colors: tuple[str, ...]
    game_rules: dict[str, str] = field(default_factory=dict)

    @functools.cached_property
    def snbt_text(self) -> bool:
        """Text components in commands are SNBT (1.21.5 and later), not JSON."""
        return number(self.release) >= (1, 21, 5)

    def at_least(self, *version: int) -> bool:
        """Whether this release is the given one or newer."""
        return number(self.release) >= version

    def msg(self, key: str, *args: object) -> str:
        """An en_us string with its %s filled, as the server words it."""
        text = self.lang.get(key, key)
        for a in args:
            text = text.replace("%s", str(a), 1)
        return text


def _read(kind: str, name: str) -> Any:
    path = resources.files("monopoli_mc.vanilla") / "data" / kind / f"{name}.json"
    return json.loads(path.read_text(encoding="utf-8"))


@functools.lru_cache(maxsize=None)
def load(release: str) -> Vanilla:
    """The data for a supported release; KeyError for any other."""
    tree = _read("commands", RELEASES[release].commands)
    reg = _read("registries", RELEASES[release].registries)
    rules = {}
    for name, node in tree["children"]["gamerule"].get("children", {}).items():
        value = node.get("children", {}).get("value", {})
        rules[name] = "bool" if value.get("parser") == "brigadier:bool" else "int"
    return Vanilla(release, tree, reg["lang"], reg["block"], frozenset(reg["item"]),
                   frozenset(reg["entity_type"]), frozenset(reg["data_component_type"]),
                   frozenset(reg["banner_pattern"]), tuple(reg["dye_color"]),
                   tuple(reg["chat_color"]), rules)
