"""function (with macro arguments), schedule, reload and return."""

from __future__ import annotations

from typing import Any

from nbtlib import Compound

from monopoli_mc.sandbox import nbt_tags, versions
from monopoli_mc.sandbox.commands.data import single, target_of
from monopoli_mc.sandbox.nbt_path import NbtPath, path_of
from monopoli_mc.sandbox.nbt_tags import from_vanilla
from monopoli_mc.sandbox.failure import CommandError
from monopoli_mc.sandbox.registry import Run, handles, run_parsed
from monopoli_mc.sandbox.source import Source, counts_itself, run_leaf
from monopoli_mc.vanilla.tree import Parsed


class Return(Exception):
    """Raised by `return` to end the function that runs it."""

    def __init__(self, value: int, *, failed: bool = False) -> None:
        super().__init__(value)
        self.value = value
        self.failed = failed


@handles("function")
def function(p: Parsed) -> Run:
    """function <name> [<arguments> | with storage|entity|block <source> [<path>]], on vanilla's parse."""
    fid = p.args["name"]
    args: Compound | None = from_vanilla(p.args["arguments"]) if "arguments" in p.args else None
    source_path: tuple[Any, NbtPath | None] | None = None
    if len(p.literals) > 1:  # with <kind>
        source_path = (target_of(p, p.literals[2], "source"), path_of(p.args["path"]) if "path" in p.args else None)

    def run(s: Source) -> int:
        world = s.world
        funcs = world.datapacks.resolve(fid)
        if not funcs:
            raise CommandError(f"Unknown function tag '{fid[1:]}'" if fid.startswith("#")
                               else f"Unknown function {fid}")
        call_args = args
        if source_path is not None:
            target, path = source_path
            data = target.read(s)[0]
            call_args = data if path is None else single(path, data)
            if not isinstance(call_args, Compound):  # the tag type's name (getCrashReportName)
                raise CommandError(f"Invalid argument type: {nbt_tags.type_name(call_args)}, expected Compound")
        if len(funcs) == 1:
            s.success(f"Running function {funcs[0]}")
        else:
            s.success("Running functions " + ", ".join(f"[{f}]" for f in funcs))
        total = 0
        for f in funcs:
            result = world.call_function(f, call_args, s.quiet())
            if result is not None:
                s.success(f"Function {f} returned {result}")
                total += result
        return total
    return counts_itself(run)  # FunctionCommand is a CustomCommandExecutor: only its calls cost


@handles("return")
def return_cmd(p: Parsed) -> Run:
    """return <value> | return fail | return run <command> (the command's result, or fail)."""
    if len(p.literals) > 1 and p.literals[1] == "run":
        inner = run_parsed(p.tail(2))

        def run_inner(s: Source) -> int:
            try:
                value = int(run_leaf(inner, s))
            except CommandError as e:
                s.failure(e.message)
                raise Return(0, failed=True) from None
            raise Return(value)
        return counts_itself(run_inner)  # ReturnRunRedirector: the command it runs is charged
    if len(p.literals) > 1:  # fail

        def fail(s: Source) -> int:
            raise Return(0, failed=True)
        return counts_itself(fail)  # FailCommand and ValueCommand are custom executors: free
    value: int = p.args["value"]

    def run(s: Source) -> int:
        raise Return(value)
    return counts_itself(run)


@handles("schedule")
def schedule(p: Parsed) -> Run:
    """schedule function <id> <time> [append|replace] | schedule clear <id> (the id as written: a greedy
    string, ScheduleCommand's `StringArgumentType.getString`)."""
    fid: str = p.args["function"]
    if p.literals[1] == "clear":
        return lambda s: _clear(s, fid)
    ticks: int = p.args["time"]
    mode = p.literals[2] if len(p.literals) > 2 else "replace"

    def run(s: Source) -> int:
        if ticks == 0:
            raise CommandError("Can't schedule for current tick")
        if not s.world.datapacks.resolve(fid):
            raise CommandError(f"Unknown function {fid}")
        due = s.world.game_time + ticks
        s.world.schedule(fid, due, replace=mode == "replace")
        kind = "tag" if fid.startswith("#") else "function"
        # en_us `commands.schedule.created.tag` said "ticks" up to 1.21.1, "tick(s)" from 24w33a
        # (1.21.2): PixiGeko/Minecraft-generated-data's 1.21.1 -> 24w33a comparison
        unit = "ticks" if kind == "tag" and versions.key(s.world.version) < (1, 21, 2) else "tick(s)"
        name = fid.lstrip("#")
        s.success(f"Scheduled {kind} '{name}' in {ticks} {unit} at gametime {due}")
        return due % 2**31
    return run


def _clear(s: Source, fid: str) -> int:
    count = s.world.unschedule(fid)
    if count == 0:
        raise CommandError(f"No schedules with id {fid}")
    s.success(f"Removed {count} schedule(s) with id {fid}")
    return count


@handles("reload")
def reload(p: Parsed) -> Run:
    """reload: reread the datapacks; #minecraft:load runs on the next tick, as vanilla."""

    def run(s: Source) -> int:
        s.success("Reloading!")
        s.world.reload()
        return 0
    return run
