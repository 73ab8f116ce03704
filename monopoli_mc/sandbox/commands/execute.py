"""`execute`: as, at, positioned, in, rotated, align, anchored, if/unless, store, run."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from nbtlib import Byte, Double, Float, Int, Long, Short

from monopoli_mc.sandbox.values import block_of, java_float32, java_int, java_narrow, vec_of
from monopoli_mc.sandbox.commands.data import Target
from monopoli_mc.sandbox.commands.items import item_test, items_in
from monopoli_mc.sandbox.model import Block
from monopoli_mc.sandbox.nbt_path import matches, path_of
from monopoli_mc.sandbox.failure import CommandError
from monopoli_mc.sandbox.registry import Refused, Run, handles, run_parsed
from monopoli_mc.sandbox.selection import Range, entities_of, holders_of
from monopoli_mc.sandbox.source import Source, counts_itself, run_leaf
from monopoli_mc.vanilla.tree import Parsed

Fork = Callable[[Source], list[Source]]
Store = Callable[[Source, int], None]
Test = Callable[[Source], int]  # 0 means the test failed; else a count
CASTS = {"byte": Byte, "short": Short, "int": Int, "long": Long, "float": Float, "double": Double}


class Walk:
    """A cursor over the steps of vanilla's parse of a line (`Parsed.path`): its literals and values in order."""

    def __init__(self, parsed: Parsed, at: int) -> None:
        self.parsed, self.at = parsed, at

    def done(self) -> bool:
        """Whether every step has been taken."""
        return self.at >= len(self.parsed.path)

    def peek(self) -> str:
        """The next step's name (a literal's word, `<name>` for an argument), or "" at the end."""
        return "" if self.done() else self.parsed.path[self.at][0]

    def word(self) -> str:
        """Take the next step, a literal: its word."""
        self.at += 1
        return self.parsed.path[self.at - 1][0]

    def value(self) -> Any:
        """Take the next step, an argument: its value as vanilla parsed it."""
        self.at += 1
        return self.parsed.path[self.at - 1][1]

    def refuse(self) -> Refused:
        """What the sandbox does not model, refused as vanilla refuses an argument it lacks, at the next step."""
        return Refused("Incorrect argument for command", self.parsed.starts[min(self.at, len(self.parsed.starts) - 1)])


@handles("execute")
def execute(p: Parsed) -> Run:
    """The whole chain from vanilla's parse now (its path, step by step); run stage by stage later, as
    BuildContexts does."""
    w = Walk(p, 1)
    steps: list[tuple[str, Any]] = []
    while True:
        sub = w.word()
        if sub == "run":
            if w.peek() == "execute":  # `run execute …` continues the one chain
                w.word()
                continue
            steps.append(("run", run_parsed(p.tail(w.at))))
            return counts_itself(lambda s: _run(steps, s))
        if sub in ("if", "unless"):
            test, counted = _condition(w)
            neg = sub == "unless"
            if w.done():
                steps.append(("final", (test, neg, counted)))
                return counts_itself(lambda s: _run(steps, s))
            steps.append(("fork", _as_fork(test, neg)))
        elif sub == "store":
            steps.append(("store", _store(w)))
        else:
            steps.append(("fork", _modifier(w, sub)))


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


def _modifier(w: Walk, sub: str) -> Fork:
    if sub in ("as", "at"):
        target = entities_of(w.value())
        if sub == "as":
            return lambda s: [s.with_entity(p) for p in target.selector.select(s)]
        return lambda s: [s.at(p) for p in target.selector.select(s)]
    if sub == "positioned":
        if w.peek() == "as":
            w.word()
            ent = entities_of(w.value())
            return lambda s: [s.moved(p.pos) for p in ent.selector.select(s)]
        if w.peek() == "over":
            raise w.refuse()
        vec = vec_of(w.value())
        return lambda s: [s.moved(vec.resolve(s))]
    if sub == "in":
        dim = w.value()
        return lambda s: [s.but(dimension=dim)]
    if sub == "rotated":
        if w.peek() == "as":
            w.word()
            ent = entities_of(w.value())
            return lambda s: [s.but(rot=p.rot) for p in ent.selector.select(s)]
        yaw, pitch = w.value()  # RotationArgument: `~` is the source's own
        return lambda s: [s.but(rot=(yaw.value + (s.rot[0] if yaw.relative else 0.0),
                                          pitch.value + (s.rot[1] if pitch.relative else 0.0)))]
    if sub == "align":
        axes = w.value()
        return lambda s: [s.moved(tuple(math.floor(c) if "xyz"[i] in axes else c  # type: ignore[arg-type]
                                         for i, c in enumerate(s.pos)))]
    if sub == "anchored":
        w.value()
        return lambda s: [s]
    raise w.refuse()  # facing, on, summon


def _condition(w: Walk) -> tuple[Test, bool]:
    kind = w.word()
    if kind == "entity":
        target = entities_of(w.value())
        return (lambda s: len(target.selector.select(s))), True
    if kind == "score":
        return _score_test(w), False
    if kind == "block":
        vec = vec_of(w.value(), block=True)
        want = block_of(w.value())
        if want.id.startswith("#"):  # the sandbox knows no block tag (as a server lacking it)
            raise CommandError(f"Unknown block tag '{want.id[1:]}'")
        return (lambda s: int(_block_matches(s.world.blocks.get(vec.block(s)), want))), False
    if kind == "data":
        src = _target(w, w.word())
        path = path_of(w.value())
        return (lambda s: len(path.get(src.read(s)[0]))), True
    if kind == "items" and w.peek() == "entity":
        w.word()
        targets, slots, test = entities_of(w.value()), w.value(), item_test(w.value())

        def count(s: Source) -> int:
            return sum(st.count for e in targets.selector.select(s) for st in items_in(e, slots) if test(st))
        return count, True
    raise w.refuse()


def _target(w: Walk, kind: str) -> Target:
    """A data target (`storage <id>` | `entity <target>` | `block <pos>`) whose kind was just taken."""
    if kind == "storage":
        return Target(kind, storage=w.value())
    if kind == "entity":
        return Target(kind, entity=entities_of(w.value(), single=True))
    return Target(kind, pos=vec_of(w.value(), block=True))


def _block_matches(block: Block | None, want: Block) -> bool:
    bid = block.id if block else "minecraft:air"
    if bid != want.id:
        return False
    if block is None:
        return not want.states and want.nbt is None
    if any(block.states.get(k) != v for k, v in want.states.items()):
        return False
    return want.nbt is None or (block.nbt is not None and matches(want.nbt, block.nbt))


def _score_test(w: Walk) -> Test:
    target, obj = holders_of(w.value()), w.value()
    op = w.word()
    if op == "matches":
        rng = Range(*w.value())

        def test_range(s: Source) -> int:
            value = _value(s, target.resolve(s)[0], obj)
            return int(value is not None and value in rng)
        return test_range
    other, other_obj = holders_of(w.value()), w.value()
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


def _store(w: Walk) -> tuple[bool, Store]:
    what = w.word()
    if w.peek() == "bossbar":
        raise w.refuse()
    kind = w.word()
    if kind == "score":
        holders, obj = holders_of(w.value()), w.value()

        def store_score(s: Source, value: int) -> None:
            board = s.world.scoreboard
            objective = board.objectives.get(obj)
            if objective is None:
                raise CommandError(f"Unknown scoreboard objective '{obj}'")
            for h in holders.resolve(s, allow_empty=True):
                board.score(h, objective).value = value
        return what == "result", store_score
    target = _target(w, kind)
    path = path_of(w.value())
    cast = CASTS[w.word()]
    scale = w.value()

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
