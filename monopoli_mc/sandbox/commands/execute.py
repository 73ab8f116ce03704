"""`execute`: as, at, positioned, in, rotated, align, anchored, if/unless, store, run."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from nbtlib import Byte, Double, Float, Int, Long, Short

from monopoli_mc.sandbox.args import java_float32, java_int, java_narrow, read_block, read_vec
from monopoli_mc.sandbox.commands.data import read_target
from monopoli_mc.sandbox.commands.items import read_items_test
from monopoli_mc.sandbox.model import Block
from monopoli_mc.sandbox.nbt_path import matches, read_path
from monopoli_mc.sandbox.reader import CommandError, Reader
from monopoli_mc.sandbox.registry import Run, command, parse_command
from monopoli_mc.sandbox.selectors import read_entity, read_holders, read_range
from monopoli_mc.sandbox.source import Source, counts_itself, run_leaf

Fork = Callable[[Source], list[Source]]
Store = Callable[[Source, int], None]
Test = Callable[[Source], int]  # 0 means the test failed; else a count
CASTS = {"byte": Byte, "short": Short, "int": Int, "long": Long, "float": Float, "double": Double}
SUBCOMMANDS = ("as", "at", "positioned", "in", "rotated", "align", "anchored", "facing", "if",
               "unless", "store", "run", "on", "summon")


@command("execute")
def execute(r: Reader) -> Run:
    """Parse the whole chain now; run it stage by stage later, as BuildContexts does."""
    steps: list[tuple[str, Any]] = []
    while True:
        r.need_arg()
        sub = r.literal(SUBCOMMANDS)
        r.need_arg() if sub != "run" else None
        if sub == "run":
            r.need_arg()
            if r.text.startswith("execute ", r.cursor):  # `run execute …` continues the one chain
                r.skip(len("execute"))
                continue
            steps.append(("run", parse_command(r, 4, nested=True)))
            return counts_itself(lambda s: _run(steps, s))
        if sub in ("if", "unless"):
            test, counted = _condition(r)
            neg = sub == "unless"
            if not r.can_read():
                steps.append(("final", (test, neg, counted)))
                return counts_itself(lambda s: _run(steps, s))
            steps.append(("fork", _as_fork(test, neg)))
        elif sub == "store":
            steps.append(("store", _store(r)))
        else:
            steps.append(("fork", _modifier(r, sub)))


Branch = tuple[Source, tuple[tuple[bool, Store], ...]]
"""A source the chain reached, with the `store`s it passed (each writes the command's result)."""


def _run(steps: list[tuple[str, Any]], s: Source) -> int:
    """The chain as vanilla's BuildContexts runs it: each stage for every source, then the command.

    Every stage with a redirect modifier (as, at, positioned, if …, store …) costs one, however
    many sources it has (none included); `run` costs nothing; the command (or a final `if`) is
    one ExecuteCommand per source, each charged (row F7).
    """
    branches: list[Branch] = [(s, ())]
    for kind, step in steps[:-1]:
        s.world.charge_stage()
        if kind == "store":
            branches = [(src, stores + (step,)) for src, stores in branches]
            continue
        forked: list[Branch] = []
        for src, stores in branches:
            try:
                forked += [(s2, stores) for s2 in step(src)]
            except CommandError as e:
                src.failure(e.message)
        branches = forked
    kind, leaf = steps[-1]
    total = 0
    for src, stores in branches:
        try:
            result = run_leaf(leaf, src) if kind == "run" else _final(leaf, src)
        except CommandError as e:
            for _, write in stores:
                write(src, 0)
            if len(branches) == 1:
                raise
            src.failure(e.message)
            continue
        for is_result, write in stores:
            write(src, result if is_result else 1)
        total += result
    return total


def _final(step: tuple[Test, bool, bool], s: Source) -> int:
    """A final `if`/`unless`: its own ExecuteCommand entry for each source."""
    s.world.charge()
    test, neg, counted = step
    count = test(s)
    passed = (count > 0) != neg
    if not passed:
        raise CommandError(f"Test failed, count: {count}" if counted and neg else "Test failed")
    value = count if counted and not neg else 1
    s.success(f"Test passed, count: {value}" if counted and not neg else "Test passed")
    return value


def _as_fork(test: Test, neg: bool) -> Fork:
    return lambda s: [s] if (test(s) > 0) != neg else []


def _modifier(r: Reader, sub: str) -> Fork:
    if sub in ("as", "at"):
        target = read_entity(r)
        if sub == "as":
            return lambda s: [s.with_entity(p) for p in target.selector.select(s)]
        return lambda s: [s.at(p) for p in target.selector.select(s)]
    if sub == "positioned":
        if r.peek() == "a" and r.text.startswith("as ", r.cursor):
            r.skip(3)
            ent = read_entity(r)
            return lambda s: [s.moved(p.pos) for p in ent.selector.select(s)]
        vec = read_vec(r)
        return lambda s: [s.moved(vec.resolve(s))]
    if sub == "in":
        dim = r.read_resource()
        return lambda s: [replace(s, dimension=dim)]
    if sub == "rotated":
        if r.text.startswith("as ", r.cursor):
            r.skip(3)
            ent = read_entity(r)
            return lambda s: [replace(s, rot=p.rot) for p in ent.selector.select(s)]
        yaw = r.read_double()
        r.need_arg()
        pitch = r.read_double()
        return lambda s: [replace(s, rot=(yaw, pitch))]
    if sub == "align":
        axes = r.read_word()
        return lambda s: [s.moved(tuple(math.floor(c) if "xyz"[i] in axes else c  # type: ignore[arg-type]
                                         for i, c in enumerate(s.pos)))]
    if sub == "anchored":
        r.literal(("eyes", "feet"))
        return lambda s: [s]
    raise r.error("Incorrect argument for command")


def _condition(r: Reader) -> tuple[Test, bool]:
    kind = r.literal(("entity", "score", "block", "data", "blocks", "predicate", "function",
                      "dimension", "loaded", "biome", "items"))
    r.need_arg()
    if kind == "entity":
        target = read_entity(r)
        return (lambda s: len(target.selector.select(s))), True
    if kind == "score":
        return _score_test(r), False
    if kind == "block":
        vec = read_vec(r, block=True)
        r.need_arg()
        want = read_block(r)
        return (lambda s: int(_block_matches(s.world.blocks.get(vec.block(s)), want))), False
    if kind == "data":
        src = read_target(r)
        r.need_arg()
        path = read_path(r)
        return (lambda s: len(path.get(src.read(s)[0]))), True
    if kind == "items":
        return read_items_test(r), True
    raise r.error("Incorrect argument for command")


def _block_matches(block: Block | None, want: Block) -> bool:
    bid = block.id if block else "minecraft:air"
    if bid != want.id:
        return False
    if block is None:
        return not want.states and want.nbt is None
    if any(block.states.get(k) != v for k, v in want.states.items()):
        return False
    return want.nbt is None or (block.nbt is not None and matches(want.nbt, block.nbt))


def _score_test(r: Reader) -> Test:
    target = read_holders(r)
    r.need_arg()
    obj = r.read_unquoted()
    r.need_arg()
    op = r.literal(("<", "<=", "=", ">", ">=", "matches"))
    r.need_arg()
    if op == "matches":
        rng = read_range(r, ints=True)

        def test_range(s: Source) -> int:
            value = _value(s, target.resolve(s)[0], obj)
            return int(value is not None and value in rng)
        return test_range
    other = read_holders(r)
    r.need_arg()
    other_obj = r.read_unquoted()
    compare = {"<": int.__lt__, "<=": int.__le__, "=": int.__eq__, ">": int.__gt__,
               ">=": int.__ge__}[op]

    def test(s: Source) -> int:
        a = _value(s, target.resolve(s)[0], obj)
        b = _value(s, other.resolve(s)[0], other_obj)
        return int(a is not None and b is not None and compare(a, b))
    return test


def _value(s: Source, holder: str, obj: str) -> int | None:
    if obj not in s.world.scoreboard.objectives:
        raise CommandError(f"Unknown scoreboard objective '{obj}'")
    return s.world.scoreboard.get(holder, obj)


def _store(r: Reader) -> tuple[bool, Store]:
    what = r.literal(("result", "success"))
    r.need_arg()
    kind = r.literal(("score", "storage", "entity", "block", "bossbar"))
    r.need_arg()
    if kind == "score":
        holders = read_holders(r)
        r.need_arg()
        obj = r.read_unquoted()

        def store_score(s: Source, value: int) -> None:
            board = s.world.scoreboard
            objective = board.objectives.get(obj)
            if objective is None:
                raise CommandError(f"Unknown scoreboard objective '{obj}'")
            for h in holders.resolve(s, allow_empty=True):
                board.score(h, objective).value = value
        return what == "result", store_score
    r.cursor -= len(kind) + 1
    target = read_target(r)
    r.need_arg()
    path = read_path(r)
    r.need_arg()
    cast = CASTS[r.literal(tuple(CASTS))]
    r.need_arg()
    scale = r.read_double()

    def store_nbt(s: Source, value: int) -> None:
        data, _, write = target.read(s)
        path.set(data, stored_tag(cast, value * scale))
        write(data)
    return what == "result", store_nbt


def stored_tag(cast: type, number: float) -> Any:
    """The tag `execute store … <type> <scale>` writes for result × scale (ledger row E4).

    ExecuteCommand.storeData's casts (the same in the Mojang-named trees found and in 1.21.11):
    `(byte)(int)`, `(short)(int)`, `(int)`, `(long)`, `(float)` and the double itself, so a
    whole type truncates toward zero and a byte or short wraps (300 as a byte is 44b).
    """
    if cast is Double:
        return Double(number)
    if cast is Float:
        return Float(java_float32(number))
    if cast is Long:
        return Long(java_int(number, 64))
    whole = java_int(number)
    return cast(java_narrow(whole, {Byte: 8, Short: 16}[cast]) if cast in (Byte, Short) else whole)
