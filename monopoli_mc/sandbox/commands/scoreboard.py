"""`scoreboard` and `trigger`, with vanilla's reply texts."""

from __future__ import annotations

from typing import Any

from monopoli_mc.sandbox.values import objective
from monopoli_mc.sandbox.hashorder import fastutil_order
from monopoli_mc.sandbox.model import Objective, wrap32
from monopoli_mc.sandbox.failure import CommandError
from monopoli_mc.sandbox.registry import Run, handles
from monopoli_mc.sandbox.resolve import render
from monopoli_mc.sandbox.selection import Holders, holders_of
from monopoli_mc.sandbox.source import Source
from monopoli_mc.vanilla.snbt import plain
from monopoli_mc.vanilla.tree import Parsed



# Every path of `scoreboard` and `trigger` runs on vanilla's parse (registry.handles): the tree's own
# argument names, read once by the judge's parser.
@handles("scoreboard objectives list")
def _list_objectives_parsed(p: Parsed) -> Run:
    """scoreboard objectives list."""
    return _list_objectives


@handles("scoreboard objectives add")
def _add_parsed(p: Parsed) -> Run:
    """scoreboard objectives add <objective> <criteria> [<displayName>]."""
    name, criteria, display = p.args["objective"], p.args["criteria"], _text(p, "displayName")
    return lambda s: _add(s, name, criteria, display)


@handles("scoreboard objectives remove")
def _remove_parsed(p: Parsed) -> Run:
    """scoreboard objectives remove <objective>."""
    name = p.args["objective"]
    return lambda s: _remove(s, name)


@handles("scoreboard objectives modify displayname", "scoreboard objectives modify rendertype hearts",
         "scoreboard objectives modify rendertype integer", "scoreboard objectives modify displayautoupdate",
         "scoreboard objectives modify numberformat", "scoreboard objectives modify numberformat blank",
         "scoreboard objectives modify numberformat fixed", "scoreboard objectives modify numberformat styled")
def _modify_parsed(p: Parsed) -> Run:
    """scoreboard objectives modify <objective> displayname|rendertype|…: the display name and the render
    type are kept; the number format and auto-update are taken and change nothing the sandbox shows."""
    name, what = p.args["objective"], p.literals[3]
    value = _text(p, "displayName") if what == "displayname" else p.literals[4] if what == "rendertype" else None
    return lambda s: _modify(s, name, what, value)


@handles("scoreboard objectives setdisplay")
def _setdisplay_parsed(p: Parsed) -> Run:
    """scoreboard objectives setdisplay <slot> [<objective>]."""
    slot, name = p.args["slot"], p.args.get("objective")
    return lambda s: _setdisplay(s, slot, name)


def _text(p: Parsed, name: str) -> Any:
    """A component argument's value as plain data (None when not given)."""
    return plain(p.args[name]) if name in p.args else None


def _list_objectives(s: Source) -> int:
    board = s.world.scoreboard.objectives  # listed as vanilla's open hash map iterates (row C3)
    objs = [board[name] for name in fastutil_order(list(board))]
    if not objs:
        s.success("There are no objectives")
    else:
        s.success(f"There are {len(objs)} objective(s): " + ", ".join(o.shown() for o in objs))
    return len(objs)


def _add(s: Source, name: str, criteria: str, display: object) -> int:
    board = s.world.scoreboard
    if name in board.objectives:
        raise CommandError("An objective already exists by that name")
    text = render(display, s) if display is not None else name
    board.objectives[name] = Objective(name, criteria, display or name, text)
    s.success(f"Created new objective {board.objectives[name].shown()}")
    return len(board.objectives)


def _remove(s: Source, name: str) -> int:
    obj = objective(s, name)
    s.world.scoreboard.remove(name)
    s.success(f"Removed objective {obj.shown()}")
    return len(s.world.scoreboard.objectives)


def _modify(s: Source, name: str, what: str, value: object) -> int:
    obj = objective(s, name)
    if what == "displayname":
        obj.display = value
        obj.display_text = render(value, s)
        s.success(f"Changed the display name of {obj.name} to {obj.shown()}")
    elif what == "rendertype":
        obj.render = str(value)
        s.success(f"Changed the render type of objective {obj.shown()}")
    return 0


def _setdisplay(s: Source, slot: str, name: str | None) -> int:
    board = s.world.scoreboard
    if name is None:
        if slot not in board.display:
            raise CommandError("Nothing changed. That display slot is already empty")
        del board.display[slot]
        s.success(f"Cleared any objectives in display slot {slot}")
        return 0
    obj = objective(s, name)
    if board.display.get(slot) == name:
        raise CommandError("Nothing changed. That display slot is already showing that objective")
    board.display[slot] = name
    s.success(f"Set display slot {slot} to show objective {obj.shown()}")
    return 0


@handles("scoreboard players set", "scoreboard players add", "scoreboard players remove")
def _change_parsed(p: Parsed) -> Run:
    """scoreboard players set|add|remove <targets> <objective> <score>."""
    action, holders, name, value = p.literals[2], holders_of(p.args["targets"]), p.args["objective"], p.args["score"]
    return lambda s: _change(s, action, holders, name, value)


@handles("scoreboard players get")
def _get_parsed(p: Parsed) -> Run:
    """scoreboard players get <target> <objective>."""
    holders, name = holders_of(p.args["target"]), p.args["objective"]
    return lambda s: _get(s, holders, name)


@handles("scoreboard players enable")
def _enable_parsed(p: Parsed) -> Run:
    """scoreboard players enable <targets> <objective>."""
    holders, name = holders_of(p.args["targets"]), p.args["objective"]
    return lambda s: _enable(s, holders, name)


@handles("scoreboard players reset")
def _reset_parsed(p: Parsed) -> Run:
    """scoreboard players reset <targets> [<objective>]."""
    holders, name = holders_of(p.args["targets"]), p.args.get("objective")
    return lambda s: _reset(s, holders, name)


@handles("scoreboard players list")
def _list_parsed(p: Parsed) -> Run:
    """scoreboard players list [<target>]."""
    holders = holders_of(p.args["target"]) if "target" in p.args else None
    return lambda s: _list_players(s, holders)


@handles("scoreboard players operation")
def _operation_parsed(p: Parsed) -> Run:
    """scoreboard players operation <targets> <targetObjective> <operation> <source> <sourceObjective>."""
    return _operation_run(holders_of(p.args["targets"]), p.args["targetObjective"], p.args["operation"],
                          holders_of(p.args["source"]), p.args["sourceObjective"])


@handles("trigger", "trigger add", "trigger set")
def _trigger_parsed(p: Parsed) -> Run:
    """trigger <objective> [add|set <value>]: a player speaks for themself."""
    mode = p.literals[1] if len(p.literals) > 1 else "simple"
    name, value = p.args["objective"], p.args.get("value", 1)
    return lambda s: _trigger(s, name, mode, value)


def _change(s: Source, action: str, holders: Holders, name: str, value: int) -> int:
    obj = objective(s, name, writable=True)
    names = holders.resolve(s)
    board = s.world.scoreboard
    total = 0
    for h in names:
        score = board.score(h, obj)
        if action == "set":
            score.value = value
        else:
            score.value = wrap32(score.value + (value if action == "add" else -value))
        total += score.value
    if len(names) == 1:
        now = board.score(names[0], obj).value
        msg = {"set": f"Set {obj.shown()} for {names[0]} to {value}",
               "add": f"Added {value} to {obj.shown()} for {names[0]} (now {now})",
               "remove": f"Removed {value} from {obj.shown()} for {names[0]} (now {now})"}
    else:
        n = len(names)
        msg = {"set": f"Set {obj.shown()} for {n} entities to {value}",
               "add": f"Added {value} to {obj.shown()} for {n} entities",
               "remove": f"Removed {value} from {obj.shown()} for {n} entities"}
    s.success(msg[action])
    return value if action == "set" and len(names) > 1 else total


def _get(s: Source, holders: Holders, name: str) -> int:
    names = holders.resolve(s)
    if len(names) > 1:
        raise CommandError("Only one entity is allowed, but the provided selector allows more than one")
    obj = objective(s, name)
    value = s.world.scoreboard.get(names[0], name)
    if value is None:
        raise CommandError(f"Can't get value of {obj.name} for {names[0]}; none is set")
    s.success(f"{names[0]} has {value} {obj.shown()}")
    return value


def _enable(s: Source, holders: Holders, name: str) -> int:
    obj = objective(s, name)
    if obj.criteria != "trigger":
        raise CommandError("Enable only works on trigger-objectives")
    names = holders.resolve(s)
    count = 0
    for h in names:
        score = s.world.scoreboard.score(h, obj)
        if score.locked:
            score.locked = False
            count += 1
    if count == 0:
        raise CommandError("Nothing changed. That trigger is already enabled")
    if len(names) == 1:
        s.success(f"Enabled trigger {obj.shown()} for {names[0]}")
    else:
        s.success(f"Enabled trigger {obj.shown()} for {len(names)} entities")
    return count


def _reset(s: Source, holders: Holders, name: str | None) -> int:
    names = holders.resolve(s)
    board = s.world.scoreboard
    objs = [objective(s, name)] if name is not None else list(board.objectives.values())
    for h in names:
        for o in objs:
            o.scores.pop(h, None)
    one = len(names) == 1
    who = names[0] if one else f"{len(names)} entities"
    if name is None:
        s.success(f"Reset all scores for {who}")
    else:
        s.success(f"Reset {objs[0].shown()} for {who}")
    return len(names)


def _operation_run(targets: Holders, target_obj: str, op: str, sources: Holders, source_obj: str) -> Run:
    def run(s: Source) -> int:
        tobj = objective(s, target_obj, writable=True)
        sobj = objective(s, source_obj)
        names = targets.resolve(s)
        srcs = sources.resolve(s)
        board = s.world.scoreboard
        total = 0
        for t in names:
            tscore = board.score(t, tobj)
            for src in srcs:
                sscore = board.score(src, sobj)
                tscore.value, sscore.value = _apply(op, tscore.value, sscore.value)
            total += tscore.value
        if len(names) == 1:
            s.success(f"Set {tobj.shown()} for {names[0]} to {board.score(names[0], tobj).value}")
        else:
            s.success(f"Updated {tobj.shown()} for {len(names)} entities")
        return total
    return run


def _apply(op: str, a: int, b: int) -> tuple[int, int]:
    if op in ("/=", "%=") and b == 0:
        raise CommandError("Cannot divide by zero")
    if op == "/=":
        return (wrap32(a // b), b)
    if op == "%=":
        return (a % b if b > 0 else -((-a) % -b), b)
    if op == "><":
        return (b, a)
    fn = {"=": lambda: b, "+=": lambda: a + b, "-=": lambda: a - b, "*=": lambda: a * b,
          "<": lambda: min(a, b), ">": lambda: max(a, b)}[op]
    return (wrap32(fn()), b)


def _list_players(s: Source, holders: Holders | None) -> int:
    board = s.world.scoreboard
    if holders is None:
        names = fastutil_order(board.holders())  # Scoreboard.playerScores' order (row C3)
        if not names:
            s.success("There are no tracked entities")
        else:
            s.success(f"There are {len(names)} tracked entity/entities: " + ", ".join(names))
        return len(names)
    name = holders.resolve(s)[0]
    rows = [(o, o.scores[name]) for o in board.objectives.values() if name in o.scores]
    if not rows:
        s.success(f"{name} has no scores to show")
        return 0
    s.success(f"{name} has {len(rows)} score(s):")
    for o, sc in rows:
        s.success(f"{o.shown()}: {sc.value}")
    return len(rows)


@handles("scoreboard players display name")
def _display_parsed(p: Parsed) -> Run:
    """scoreboard players display name <targets> <objective> [<name>]."""
    holders, name, value = holders_of(p.args["targets"]), p.args["objective"], _text(p, "name")

    def run(s: Source) -> int:
        obj = objective(s, name)
        names = holders.resolve(s)
        for h in names:
            s.world.scoreboard.score(h, obj).display = value
        who = names[0] if len(names) == 1 else f"{len(names)} entities"
        if value is not None:
            text = render(value, s)
            s.success(f"Changed display name to {text} for {who} in {obj.shown()}")
        else:
            s.success(f"Cleared display name for {who} in {obj.shown()}")
        return len(names)
    return run


@handles("scoreboard players display numberformat", "scoreboard players display numberformat blank",
         "scoreboard players display numberformat fixed", "scoreboard players display numberformat styled")
def _number_format(p: Parsed) -> Run:
    """`scoreboard players display numberformat <targets> <objective> [blank|fixed <text>|styled <style>]`:
    each score is created if missing and takes the format, which a score text component then shows
    (`ScoreboardCommand.setScoreNumberFormat`: `getOrCreatePlayerScore(...).numberFormatOverride`;
    `ScoreContents` formats with `ReadOnlyScoreInfo.formatValue`, the score's own format first; ledger N5)."""
    holders, name = holders_of(p.args["targets"]), p.args["objective"]
    kind = p.literals[4] if len(p.literals) > 4 else None
    fmt: tuple[str, object] | None = None
    if kind == "blank":
        fmt = ("blank", None)
    elif kind is not None:
        fmt = (kind, _text(p, "contents" if kind == "fixed" else "style"))

    def run(s: Source) -> int:
        obj = objective(s, name)
        names = holders.resolve(s)
        for h in names:
            s.world.scoreboard.score(h, obj).number_format = fmt
        who = names[0] if len(names) == 1 else f"{len(names)} entities"
        s.success(f"{'Changed' if fmt is not None else 'Cleared'} number format for {who} in {obj.shown()}")
        return len(names)
    return run


def _trigger(s: Source, name: str, mode: str, value: int) -> int:
    if s.entity is None:
        raise CommandError("A player is required to run this command here")
    obj = objective(s, name)
    if obj.criteria != "trigger":
        raise CommandError("You can only trigger objectives that are 'trigger' type")
    score = obj.scores.get(s.entity.name)
    if score is None or score.locked:
        raise CommandError("You cannot trigger this objective yet")
    score.locked = True
    if mode == "set":
        score.value = value
        s.success(f"Triggered {obj.shown()} (set value to {value})")
    elif mode == "add":
        score.value = wrap32(score.value + value)
        s.success(f"Triggered {obj.shown()} (added {value} to value)")
    else:
        score.value = wrap32(score.value + 1)
        s.success(f"Triggered {obj.shown()}")
    return score.value

