"""Resolving score, selector and nbt text components for a command source."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from monopoli_mc.sandbox import snbt
from monopoli_mc.sandbox.nbt_path import parse_path
from monopoli_mc.sandbox.reader import CommandError, Reader
from monopoli_mc.sandbox.selectors import read_selector
from monopoli_mc.sandbox.source import Source

if TYPE_CHECKING:
    from monopoli_mc.sandbox.world import World


def resolve_component(world: World, source: Source, comp: dict[str, Any]) -> str:
    """The text a score/selector/nbt component shows."""
    try:
        if "score" in comp:
            return _score(world, source, comp["score"])
        if "selector" in comp:
            sel = read_selector(Reader(str(comp["selector"])))
            return ", ".join(p.name for p in sel.select(source))
        return _nbt(world, comp)
    except CommandError:
        return ""


def _score(world: World, source: Source, score: dict[str, Any]) -> str:
    name = str(score.get("name", ""))
    if name == "*":
        return ""
    if name.startswith("@"):
        found = read_selector(Reader(name)).select(source)
        if not found:
            return ""
        name = found[0].name
    value = world.scoreboard.get(name, str(score.get("objective", "")))
    return "" if value is None else str(value)


def _nbt(world: World, comp: dict[str, Any]) -> str:
    """A storage nbt component: each tag found, a string as its text, any other as Tag.toString (ledger
    M2), joined by the default separator ", " (1.21.4 `NbtContents.resolve` maps `Tag::getAsString`;
    1.21.11 `NbtTextContent` the same). The sandbox ignores `separator` and `interpret`: the pack
    sets neither."""
    if "storage" not in comp:
        return ""
    data = world.storage.get(str(comp["storage"]))
    if data is None:
        return ""
    found = parse_path(str(comp["nbt"])).get(data)
    return ", ".join(snbt.as_string(t, world.version) for t in found)
