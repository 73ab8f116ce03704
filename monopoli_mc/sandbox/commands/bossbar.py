"""`bossbar`, with vanilla's reply texts (BossBarCommands, CustomBossEvent and en_us.json).

A bar keeps the UUIDs it was given; a player among them sees it while online (vanilla's
onPlayerConnect adds them back). Lists follow the order bars were added (vanilla: its map's).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from monopoli_mc.sandbox.commands.misc import read_component
from monopoli_mc.sandbox.model import BossBar, Player
from monopoli_mc.sandbox.reader import CommandError, Reader
from monopoli_mc.sandbox.registry import Run, command
from monopoli_mc.sandbox.resolve import render
from monopoli_mc.sandbox.selectors import EntityArg, read_entity
from monopoli_mc.sandbox.source import Source

COLORS = ("blue", "green", "pink", "purple", "red", "white", "yellow")
STYLES = ("notched_10", "notched_12", "notched_20", "notched_6", "progress")
Change = Callable[[Source, BossBar], int]


@command("bossbar")
def bossbar(r: Reader) -> Run:
    """bossbar add|get|list|remove|set ..."""
    r.need_arg()
    action = r.literal(("add", "get", "list", "remove", "set"))
    if action == "list":
        r.finish()
        return _list
    r.need_arg()
    bar_id = r.read_resource()
    if action == "add":
        r.need_arg()
        name = read_component(r)
        r.finish()
        return lambda s: _add(s, bar_id, name)
    if action == "remove":
        r.finish()
        return lambda s: _remove(s, find_bar(s, bar_id))
    r.need_arg()
    if action == "get":
        what = r.literal(("max", "players", "value", "visible"))
        r.finish()
        return lambda s: _get(s, find_bar(s, bar_id), what)
    change = _read_change(r)
    r.finish()
    return lambda s: change(s, find_bar(s, bar_id))


def find_bar(source: Source, bar_id: str) -> BossBar:
    """BossBarCommands.getBossBar: a bar by id, with vanilla's error."""
    found = source.world.bossbars.get(bar_id)
    if found is None:
        raise CommandError(f"No bossbar exists with the ID '{bar_id}'")
    return found


def _list(s: Source) -> int:
    bars = list(s.world.bossbars.values())
    if not bars:
        s.success("There are no custom bossbars active")
    else:
        s.success(f"There are {len(bars)} custom bossbar(s) active: " + ", ".join(b.shown() for b in bars))
    return len(bars)


def _add(s: Source, bar_id: str, name: Any) -> int:
    bars = s.world.bossbars
    if bar_id in bars:
        raise CommandError(f"A bossbar already exists with the ID '{bar_id}'")
    bars[bar_id] = BossBar(bar_id, name, render(name, s))
    s.success(f"Created custom bossbar {bars[bar_id].shown()}")
    return len(bars)


def _remove(s: Source, bar: BossBar) -> int:
    del s.world.bossbars[bar.id]
    s.success(f"Removed custom bossbar {bar.shown()}")
    return len(s.world.bossbars)


def _get(s: Source, bar: BossBar, what: str) -> int:
    if what == "value":
        s.success(f"Custom bossbar {bar.shown()} has a value of {bar.value}")
        return bar.value
    if what == "max":
        s.success(f"Custom bossbar {bar.shown()} has a maximum of {bar.max}")
        return bar.max
    if what == "visible":
        s.success(f"Custom bossbar {bar.shown()} is currently {'shown' if bar.visible else 'hidden'}")
        return int(bar.visible)
    online = _online(s, bar)
    if not online:
        s.success(f"Custom bossbar {bar.shown()} has no players currently online")
    else:
        s.success(f"Custom bossbar {bar.shown()} has {len(online)} player(s) currently online: "
                  + ", ".join(online))
    return len(online)


def _online(s: Source, bar: BossBar) -> list[str]:
    """The players the bar shows to now (ServerBossEvent.getPlayers): online ones it holds."""
    return [p.name for p in s.world.online_players() if p.uuid in bar.players]


def _read_change(r: Reader) -> Change:
    option = r.literal(("color", "max", "name", "players", "style", "value", "visible"))
    if option == "players":
        targets = read_entity(r, players=True) if r.next_arg() else None
        return lambda s, b: _players(s, b, targets)
    r.need_arg()
    if option == "name":
        name = read_component(r)
        return lambda s, b: _rename(s, b, name)
    if option == "color":
        color = r.literal(COLORS)
        return _setter("color", color, "Custom bossbar {bar} has changed color",
                       "Nothing changed. That's already the color of this bossbar", 0)
    if option == "style":
        style = r.literal(STYLES)
        return _setter("style", style, "Custom bossbar {bar} has changed style",
                       "Nothing changed. That's already the style of this bossbar", 0)
    if option == "visible":
        on = r.read_bool()
        word = "visible" if on else "hidden"
        return _setter("visible", on, f"Custom bossbar {{bar}} is now {word}",
                       f"Nothing changed. The bossbar is already {word}", 0)
    value = _read_int(r, 0 if option == "value" else 1)
    if option == "value":
        return _setter("value", value, f"Custom bossbar {{bar}} has changed value to {value}",
                       "Nothing changed. That's already the value of this bossbar", value)
    return _setter("max", value, f"Custom bossbar {{bar}} has changed maximum to {value}",
                   "Nothing changed. That's already the max of this bossbar", value)


def _read_int(r: Reader, least: int) -> int:
    start = r.cursor
    value = r.read_int()
    if value < least:
        r.cursor = start
        raise r.error(f"Integer must not be less than {least}, found {value}")
    return value


def _setter(field: str, value: object, success: str, unchanged: str, result: int) -> Change:
    def change(s: Source, bar: BossBar) -> int:
        if getattr(bar, field) == value:
            raise CommandError(unchanged)
        setattr(bar, field, value)
        s.success(success.format(bar=bar.shown()))
        return result
    return change


def _rename(s: Source, bar: BossBar, name: Any) -> int:
    text = render(name, s)
    if name == bar.name:
        raise CommandError("Nothing changed. That's already the name of this bossbar")
    bar.name, bar.name_text = name, text
    s.success(f"Custom bossbar {bar.shown()} has been renamed")
    return 0


def _players(s: Source, bar: BossBar, targets: EntityArg | None) -> int:
    """CustomBossEvent.setPlayers: the bar holds exactly these players from now on."""
    # getOptionalPlayers: a selector that matches nobody empties the bar, no error
    given = [p for p in targets.selector.select(s) if isinstance(p, Player)] if targets is not None else []
    uuids = {p.uuid for p in given}
    if uuids == bar.players:
        raise CommandError("Nothing changed. Those players are already on the bossbar with nobody to add or remove")
    bar.players = uuids
    online = _online(s, bar)
    if not online:
        s.success(f"Custom bossbar {bar.shown()} no longer has any players")
    else:
        s.success(f"Custom bossbar {bar.shown()} now has {len(given)} player(s): "
                  + ", ".join(p.name for p in given))
    return len(online)
