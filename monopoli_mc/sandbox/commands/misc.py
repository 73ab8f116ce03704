"""say, tellraw, title, tag, gamerule, tp/teleport, kill, random value and time query, on vanilla's parse
(`registry.handles`)."""

from __future__ import annotations

import random as _random
from typing import Any

from monopoli_mc.sandbox import death
from monopoli_mc.sandbox.values import vec_of
from monopoli_mc.sandbox.model import Entity, Player
from monopoli_mc.sandbox.failure import CommandError
from monopoli_mc.sandbox.registry import Run, handles
from monopoli_mc.sandbox.resolve import expand_selectors, render, tell
from monopoli_mc.sandbox.selection import EntityArg, entities_of
from monopoli_mc.sandbox.source import Source
from monopoli_mc.vanilla.snbt import plain as plain_value
from monopoli_mc.vanilla.tree import Parsed


def _who(players: list[Any], noun: str = "players") -> str:
    return players[0].name if len(players) == 1 else f"{len(players)} {noun}"


@handles("say")
def say(p: Parsed) -> Run:
    """say <message>: broadcast `[source] message` to every player."""
    message = p.args["message"]

    def run(s: Source) -> int:
        s.world.broadcast(f"[{s.name}] {expand_selectors(message, s)}")
        return 1
    return run


@handles("tellraw")
def tellraw(p: Parsed) -> Run:
    """tellraw <targets> <message>."""
    targets, comp = entities_of(p.args["targets"], players=True), plain_value(p.args["message"])

    def run(s: Source) -> int:
        players = targets.players_of(s)
        for player in players:
            tell(player, comp, s)
        return len(players)
    return run


@handles("title title", "title subtitle", "title actionbar", "title times", "title clear", "title reset")
def title(p: Parsed) -> Run:
    """title <targets> title|subtitle|actionbar <title> | times <fadeIn> <stay> <fadeOut> | clear | reset."""
    targets, kind = entities_of(p.args["targets"], players=True), p.literals[1]
    comp = plain_value(p.args["title"]) if "title" in p.args else None
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


@handles("tag add", "tag remove", "tag list")
def tag(p: Parsed) -> Run:
    """tag <targets> add|remove <name> | list."""
    targets, action, name = entities_of(p.args["targets"]), p.literals[1], p.args.get("name", "")
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


@handles("gamerule")
def gamerule(p: Parsed) -> Run:
    """gamerule <rule> [value]: the tree names each release's rules and reads the value (bool or int)."""
    name = p.literals[1].removeprefix("minecraft:")
    given = p.args.get("value")
    value = None if given is None else str(given).lower() if isinstance(given, bool) else str(given)

    def run(s: Source) -> int:
        rules = s.world.gamerules
        if name not in rules:  # a rule of the release the sandbox does not keep: refused as before
            raise CommandError("Incorrect argument for command")
        if value is None:
            s.success(f"Gamerule {name} is currently set to: {rules[name]}")
            return int(rules[name]) if rules[name].lstrip("-").isdigit() else int(rules[name] == "true")
        rules[name] = value
        s.success(f"Gamerule {name} is now set to: {value}")
        return int(value) if not isinstance(given, bool) else int(given)
    return run


@handles("tp", "teleport")
def teleport(p: Parsed) -> Run:
    """tp [<targets>] <location>|<destination>: the facing and rotation that may follow are not kept."""
    targets = entities_of(p.args["targets"]) if "targets" in p.args else None
    if "location" in p.args:
        vec = vec_of(p.args["location"])
        return lambda s: _tp(s, targets, vec, None)
    dest = entities_of(p.args["destination"], single=True)
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


@handles("kill")
def kill(p: Parsed) -> Run:
    """kill [<targets>]: other entities are removed; a player dies (`death.die`) and respawns at the spawn.
    Without targets, the source's own entity (`KillCommand`: `source.getEntityOrException()`)."""
    targets = entities_of(p.args["targets"]) if "targets" in p.args else None

    def run(s: Source) -> int:
        if targets is not None:
            ents = targets.resolve(s)
        elif s.entity is not None:
            ents = [s.entity]
        else:
            raise CommandError("An entity is required to run this command here")
        for e in ents:
            if isinstance(e, Player):
                death.die(s.world, e)
            else:
                s.world.entities.pop(e.uuid, None)
        s.success(f"Killed {ents[0].name}" if len(ents) == 1 else f"Killed {len(ents)} entities")
        return len(ents)
    return run


_RANDOM = _random.SystemRandom()  # a new world's identity must differ from the last world's


@handles("random value", "random roll")
def random_value(p: Parsed) -> Run:
    """random value|roll <range> [<sequence>]: vanilla's RandomCommand; a sequence is read and not
    modelled (the value is drawn as without one), `random reset` is not modelled."""
    verb, (lo, hi) = p.literals[1], p.args["range"]
    low = int(lo) if lo is not None else -2**31
    high = int(hi) if hi is not None else 2**31 - 1

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


@handles("time query gametime", "time query daytime", "time query day")
def time_query(p: Parsed) -> Run:
    """time query gametime|daytime|day: vanilla's TimeCommand queries (the sandbox's days have no `time set`)."""
    what = p.literals[2]

    def run(s: Source) -> int:
        ticks = s.world.game_time
        value = {"gametime": ticks % 2147483647, "daytime": ticks % 24000, "day": ticks // 24000 % 2147483647}[what]
        s.success(f"The time is {value}")
        return value
    return run
