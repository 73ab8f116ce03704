"""Resolving score, selector and nbt text components for a command source, and the text commands send."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from monopoli_mc.sandbox import nbt_tags
from monopoli_mc.sandbox.model import Chat, Player
from monopoli_mc.sandbox.nbt_path import parse_path
from monopoli_mc.sandbox.failure import CommandError
from monopoli_mc.sandbox.selection import selector_in
from monopoli_mc.sandbox.source import Level, Source
from monopoli_mc.sandbox.text import clicks, plain, spans


def resolve_component(world: Level, source: Source, comp: dict[str, Any]) -> str:
    """The text a score/selector/nbt component shows."""
    try:
        if "score" in comp:
            return _score(world, source, comp["score"])
        if "selector" in comp:
            sel = selector_in(str(comp["selector"]), world.version)
            return ", ".join(p.name for p in sel.select(source))
        return _nbt(world, comp)
    except CommandError:
        return ""


def resolver(source: Source) -> Callable[[dict[str, Any]], str]:
    """Resolve score, selector and nbt components for a source."""
    return lambda comp: resolve_component(source.world, source, comp)


def render(comp: Any, source: Source) -> str:
    """A component's plain text, resolved for the source."""
    return plain(comp, resolver(source))


def tell(p: Player, comp: Any, source: Source) -> None:
    """Send a chat component to one player, its score, selector and nbt parts resolved once
    (`TellRawCommand` sends `ComponentUtils.updateForEntity(...)`, one resolved component per
    player; read in client1.20.5 and client1.21.4, the same in both): the plain text, the clicks
    and the styled runs all read that one resolution. 1.21.5 and later not read here."""
    resolve_once, done = resolver(source), {}

    def resolve(part: dict[str, Any]) -> str:
        if id(part) not in done:
            done[id(part)] = resolve_once(part)
        return done[id(part)]
    p.chat.append(Chat(plain(comp, resolve), comp, clicks(comp, resolve, json_dialect=source.world.json_text),
                       spans(comp, resolve)))


def expand_selectors(message: str, source: Source) -> str:
    """`say` expands selectors in its message into names."""
    def sub(m: re.Match[str]) -> str:
        try:
            sel = selector_in(m.group(0), source.world.version)
        except CommandError:
            return m.group(0)
        return ", ".join(p.name for p in sel.select(source))
    return re.sub(r"@[aprsen](\[[^\]]*\])?", sub, message)


def _score(world: Level, source: Source, score: dict[str, Any]) -> str:
    name = str(score.get("name", ""))
    if name == "*":
        return ""
    if name.startswith("@"):
        found = selector_in(name, world.version).select(source)
        if not found:
            return ""
        name = found[0].name
    obj = world.scoreboard.objectives.get(str(score.get("objective", "")))
    held = obj.scores.get(name) if obj is not None else None
    if held is None:
        return ""
    if held.number_format is not None:  # the score's own format (ledger N5): blank, fixed text, styled number
        kind, value = held.number_format
        return "" if kind == "blank" else plain(value, resolver(source)) if kind == "fixed" else str(held.value)
    return str(held.value)


def _nbt(world: Level, comp: dict[str, Any]) -> str:
    """A storage nbt component: each tag found, a string as its text, any other as Tag.toString (ledger
    M2), joined by the default separator ", " (1.21.4 `NbtContents.resolve` maps `Tag::getAsString`;
    1.21.11 `NbtTextContent` the same). The sandbox ignores `separator` and `interpret`: the pack
    sets neither."""
    if "storage" not in comp:
        return ""
    data = world.storage.get(str(comp["storage"]))
    if data is None:
        return ""
    found = parse_path(str(comp["nbt"]), world.version).get(data)
    return ", ".join(nbt_tags.as_string(t, world.version) for t in found)
