"""`bossbar`, with vanilla's reply texts (BossBarCommands, CustomBossEvent and en_us.json).

A bar keeps the UUIDs it was given; a player among them sees it while online (vanilla's
onPlayerConnect adds them back). Lists follow the order bars were added (vanilla: its map's).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from monopoli_mc.sandbox.model import BossBar, Player
from monopoli_mc.sandbox.failure import CommandError
from monopoli_mc.sandbox.registry import Run, handles
from monopoli_mc.sandbox.resolve import render
from monopoli_mc.sandbox.selection import EntityArg, entities_of
from monopoli_mc.sandbox.source import Source
from monopoli_mc.vanilla.snbt import plain as plain_value
from monopoli_mc.vanilla.tree import Parsed

Change = Callable[[Source, BossBar], int]


@handles("bossbar")
def bossbar(p: Parsed) -> Run:
    """bossbar add|get|list|remove|set …, on vanilla's parse (every path of the tree)."""
    action = p.literals[1]
    if action == "list":
        return _list
    bar_id: str = p.args["id"]
    if action == "add":
        name = plain_value(p.args["name"])
        return lambda s: _add(s, bar_id, name)
    if action == "remove":
        return lambda s: _remove(s, find_bar(s, bar_id))
    if action == "get":
        what = p.literals[2]
        return lambda s: _get(s, find_bar(s, bar_id), what)
    change = _change(p, p.literals[2])
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


def _change(p: Parsed, option: str) -> Change:
    """The change `bossbar set <id> <option> …` makes."""
    if option == "players":
        targets = entities_of(p.args["targets"], players=True) if "targets" in p.args else None
        return lambda s, b: _players(s, b, targets)
    if option == "name":
        name = plain_value(p.args["name"])
        return lambda s, b: _rename(s, b, name)
    if option == "color":
        return _setter("color", p.literals[3], "Custom bossbar {bar} has changed color",
                       "Nothing changed. That's already the color of this bossbar", 0)
    if option == "style":
        return _setter("style", p.literals[3], "Custom bossbar {bar} has changed style",
                       "Nothing changed. That's already the style of this bossbar", 0)
    if option == "visible":
        on = p.args["visible"]
        word = "visible" if on else "hidden"
        return _setter("visible", on, f"Custom bossbar {{bar}} is now {word}",
                       f"Nothing changed. The bossbar is already {word}", 0)
    if option == "value":
        value = p.args["value"]
        return _setter("value", value, f"Custom bossbar {{bar}} has changed value to {value}",
                       "Nothing changed. That's already the value of this bossbar", value)
    value = p.args["max"]
    return _setter("max", value, f"Custom bossbar {{bar}} has changed maximum to {value}",
                   "Nothing changed. That's already the max of this bossbar", value)


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
