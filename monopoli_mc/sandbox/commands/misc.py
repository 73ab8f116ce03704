"""say, tellraw, title, tag, gamerule, tp/teleport, kill, random value, time query, and reading text components."""

from __future__ import annotations

import random as _random
from typing import Any

from monopoli_mc.sandbox import death
from monopoli_mc.sandbox.args import read_time, read_vec
from monopoli_mc.sandbox.model import Entity, Player
from monopoli_mc.sandbox.reader import CommandError, Reader
from monopoli_mc.sandbox.registry import Run, command
from monopoli_mc.sandbox.resolve import expand_selectors, render, tell
from monopoli_mc.sandbox.selectors import EntityArg, read_entity, read_range
from monopoli_mc.sandbox.source import Source
from monopoli_mc.vanilla.snbt import plain as plain_value
from monopoli_mc.vanilla.text import read_component as vanilla_component


def read_component(r: Reader) -> Any:
    """A text component read as vanilla's ComponentArgument reads it (`vanilla.text.read_component`:
    SNBT from 1.21.5, one JSON value before, checked by the release's codec), as plain data."""
    return plain_value(r.vanilla(vanilla_component)[0])


def _who(players: list[Any], noun: str = "players") -> str:
    return players[0].name if len(players) == 1 else f"{len(players)} {noun}"


@command("say")
def say(r: Reader) -> Run:
    """say <message>: broadcast `[source] message` to every player."""
    r.need_arg()
    message = r.rest()

    def run(s: Source) -> int:
        s.world.broadcast(f"[{s.name}] {expand_selectors(message, s)}")
        return 1
    return run


@command("tellraw")
def tellraw(r: Reader) -> Run:
    """tellraw <targets> <component>."""
    r.need_arg()
    targets = read_entity(r, players=True)
    r.need_arg()
    comp = read_component(r)
    r.finish()

    def run(s: Source) -> int:
        players = targets.players_of(s)
        for p in players:
            tell(p, comp, s)
        return len(players)
    return run


@command("title")
def title(r: Reader) -> Run:
    """title <targets> title|subtitle|actionbar|times|clear|reset."""
    r.need_arg()
    targets = read_entity(r, players=True)
    r.need_arg()
    kind = r.literal(("title", "subtitle", "actionbar", "times", "clear", "reset"))
    comp: Any = None
    if kind in ("title", "subtitle", "actionbar"):
        r.need_arg()
        comp = read_component(r)
    elif kind == "times":  # fadeIn, stay, fadeOut: TimeArgument.time(), at least 0 ticks
        for _ in range(3):
            r.need_arg()
            read_time(r)
    r.finish()
    return lambda s: _title(s, targets, kind, comp)


def _title(s: Source, targets: EntityArg, kind: str, comp: Any) -> int:
    players = targets.players_of(s)
    for p in players:
        if comp is not None:
            p.titles.append((kind, render(comp, s)))
            if kind == "actionbar":  # on screen 60 ticks from now (Gui.setOverlayMessage, ledger D2)
                p.overlay = (p.titles[-1][1], s.world.game_time)
        elif kind == "clear":
            p.titles.append(("clear", ""))
    one = len(players) == 1
    who = _who(players)
    msg = {"title": f"Showing new title for {who}", "subtitle": f"Showing new subtitle for {who}",
           "actionbar": f"Showing new actionbar title for {who}",
           "times": f"Changed title display times for {who}",
           "clear": f"Cleared titles for {who}", "reset": f"Reset title options for {who}"}[kind]
    del one
    s.success(msg)
    return len(players)


@command("tag")
def tag(r: Reader) -> Run:
    """tag <targets> add|remove <name> | list."""
    r.need_arg()
    targets = read_entity(r)
    r.need_arg()
    action = r.literal(("add", "remove", "list"))
    name = ""
    if action != "list":
        r.need_arg()
        name = r.read_unquoted()
    r.finish()
    return lambda s: _tag(s, targets, action, name)


def _tag(s: Source, targets: EntityArg, action: str, name: str) -> int:
    ents = targets.resolve(s)
    if action == "list":
        tags = sorted({t for e in ents for t in e.tags})
        if len(ents) == 1:
            s.success(f"{ents[0].name} has {len(tags)} tags: " + ", ".join(tags) if tags
                      else f"{ents[0].name} has no tags")
        else:
            s.success(f"The {len(ents)} entities have {len(tags)} total tags: " + ", ".join(tags)
                      if tags else f"There are no tags on the {len(ents)} entities")
        return len(tags)
    changed = 0
    for e in ents:
        if action == "add" and name not in e.tags and len(e.tags) < 1024:
            e.tags.append(name)
            changed += 1
        elif action == "remove" and name in e.tags:
            e.tags.remove(name)
            changed += 1
    if changed == 0:
        raise CommandError("Target either already has the tag or has too many tags"
                           if action == "add" else "Target does not have this tag")
    who = _who(ents, "entities")
    s.success(f"Added tag '{name}' to {who}" if action == "add" else f"Removed tag '{name}' from {who}")
    return changed


@command("gamerule")
def gamerule(r: Reader) -> Run:
    """gamerule <rule> [value]."""
    r.need_arg()
    at = r.cursor
    name = r.read_word().removeprefix("minecraft:")
    value = r.read_word() if r.next_arg() else None
    r.finish()

    def run(s: Source) -> int:
        rules = s.world.gamerules
        if name not in rules:
            raise CommandError("Incorrect argument for command", text=r.text, cursor=at)
        if value is None:
            s.success(f"Gamerule {name} is currently set to: {rules[name]}")
            return int(rules[name]) if rules[name].lstrip("-").isdigit() else int(rules[name] == "true")
        is_bool = rules[name] in ("true", "false")
        if (is_bool and value not in ("true", "false")) or (not is_bool and not value.lstrip("-").isdigit()):
            raise CommandError(f"Invalid boolean, expected 'true' or 'false' but found '{value}'"
                               if is_bool else f"Invalid integer '{value}'")
        rules[name] = value
        s.success(f"Gamerule {name} is now set to: {value}")
        return int(value) if not is_bool else int(value == "true")
    return run


@command("tp", "teleport")
def teleport(r: Reader) -> Run:
    """tp <targets> <pos> | tp <targets> <destination> | tp <pos>."""
    r.need_arg()
    if r.peek() in "~^0123456789-" and r.peek():
        vec = read_vec(r)
        r.finish()
        return lambda s: _tp(s, None, vec, None)
    targets = read_entity(r)
    if not r.next_arg():
        return lambda s: _tp(s, None, None, targets)
    if r.peek() in "~^0123456789-":
        vec = read_vec(r)
        if r.next_arg():
            r.rest()
        return lambda s: _tp(s, targets, vec, None)
    dest = read_entity(r, single=True)
    r.finish()
    return lambda s: _tp(s, targets, None, dest)


def _tp(s: Source, targets: EntityArg | None, vec: Any, dest: EntityArg | None) -> int:
    if targets is None:
        if s.entity is None:
            raise CommandError("An entity is required to run this command here")
        ents: list[Entity] = [s.entity]
    else:
        ents = targets.resolve(s)
    if dest is not None:
        to = dest.resolve(s)[0]
        for e in ents:
            e.pos = to.pos
        s.success(f"Teleported {_who(ents, 'entities')} to {to.name}")
        return len(ents)
    pos = vec.resolve(s)
    for e in ents:
        e.pos = pos
    x, y, z = (f"{c:f}" for c in pos)
    s.success(f"Teleported {_who(ents, 'entities')} to {x}, {y}, {z}")
    return len(ents)


@command("kill")
def kill(r: Reader) -> Run:
    """kill <targets>: other entities are removed; a player dies (`death.die`) and respawns at the spawn."""
    r.need_arg()
    targets = read_entity(r)
    r.finish()

    def run(s: Source) -> int:
        ents = targets.resolve(s)
        for e in ents:
            if isinstance(e, Player):
                death.die(s.world, e)
            else:
                s.world.entities.pop(e.uuid, None)
        s.success(f"Killed {ents[0].name}" if len(ents) == 1 else f"Killed {len(ents)} entities")
        return len(ents)
    return run


_RANDOM = _random.SystemRandom()  # a new world's identity must differ from the last world's


@command("random")
def random_value(r: Reader) -> Run:
    """random value|roll <range>: vanilla's RandomCommand without sequences (players' `roll` not modelled)."""
    r.need_arg()
    verb = r.literal(("value", "roll"))
    r.need_arg()
    bounds = read_range(r, ints=True)
    r.finish()
    low = int(bounds.low) if bounds.low is not None else -2**31
    high = int(bounds.high) if bounds.high is not None else 2**31 - 1

    def run(s: Source) -> int:
        span = high - low
        if span == 0:
            raise CommandError("The range of the random value must be at least 2")
        if span >= 2**31 - 1:
            raise CommandError("The range of the random value must be at most 2147483646")
        value = _RANDOM.randint(low, high)
        if verb == "roll":
            s.world.broadcast(f"{s.name} rolled {value} (from {low} to {high})")
        else:
            s.success(f"Randomized value: {value}")  # commands.random.sample.success
        return value
    return run


@command("time")
def time_query(r: Reader) -> Run:
    """time query gametime|daytime|day: vanilla's TimeCommand queries (the sandbox's days have no `time set`)."""
    r.need_arg()
    r.literal(("query",))
    r.need_arg()
    what = r.literal(("gametime", "daytime", "day"))
    r.finish()

    def run(s: Source) -> int:
        ticks = s.world.game_time
        value = {"gametime": ticks % 2147483647, "daytime": ticks % 24000, "day": ticks // 24000 % 2147483647}[what]
        s.success(f"The time is {value}")
        return value
    return run
