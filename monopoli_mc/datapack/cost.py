"""What a call into the pack costs the server: the commands it runs, read from the generated lines.

Vanilla runs every command of one request on its main thread and charges against
`max_command_sequence_length` (65,536 by default; `ExecutionContext.incrementCost`); past
it the rest of the request is dropped. So a write request is budgeted by this count, not
by its bytes. Vanilla charges (docs/vanilla-behaviour.md row F7; the sandbox's `World.charge`
counts the same way): one for each command run for each source (`ExecuteCommand`), one for
each function call (`CallFunction`), one for each `execute` stage with a modifier (`as`, `at`,
`if`, `unless`, `store`, …; `BuildContexts`, whatever the number of sources), and nothing for
the `function` and `return` commands themselves (custom executors: `function` costs only its
calls, `return run` only the command it runs). The estimate is an upper bound:

- every line runs (a condition or an early `return` never saves anything);
- a call costs 1 and its function's lines; `execute … as|at <selector> … run <command>`
  costs its stages and the command once for each entity the selector may pick: one for a
  player's name, `@s` or `limit=1`; a board's players (`MAX_PLAYERS`) for a selector that
  names a board (its table score, or a tag ending in `.<board>`); every player of every
  board for any other selector;
- a `$(...)` in a called function's id stands for any value: the dearest function it may be;
- a function already being counted (the batch's loop over its operations, the acknowledgement's
  over the inbox) counts as one call: its caller counts the rounds (an acknowledgement's: one for
  each entry the inbox can hold, `channel.INBOX_PAGE`).

A selector that walks every player makes a function's cost grow with the number of boards;
`Costs.of` says so for every call the controller makes (tests/datapack/test_datapack_cost.py).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from monopoli_mc.datapack.build import build_pack
from monopoli_mc.datapack.channel import INBOX_PAGE
from monopoli_mc.datapack.pack import NAMESPACE, Pack
from monopoli_mc.datapack.world_config import MAX_PLAYERS, WorldConfig
from monopoli_mc.rules.board import Board

_CALL = re.compile(r"function ([a-z0-9_.-]+:[a-z0-9_./$()A-Za-z-]+)")
_MACRO = re.compile(r"\$\([A-Za-z0-9_]+\)")
_FAN = re.compile(r" (?:as|at) (\S+)")
STAGES = frozenset(("as", "at", "positioned", "in", "rotated", "align", "anchored", "facing", "if",
                    "unless", "store", "on", "summon"))
"""`execute`'s subcommands that are a stage with a modifier (`run` has none)."""
_ONE = ("@s", "@p", "@r", "@n")
LOOPS = ("bridge/next", "bridge/shift")
"""The pack's loops: one round each is counted, the caller counts the rounds."""
DISPATCH = "bridge/op"
"""The batch's dispatcher: `function monopoli:$(f)`, whose cost is the operation's."""


@dataclass(frozen=True)
class Costs:
    """Commands the server runs for each function of one pack (an upper bound), and for a batch."""

    functions: dict[str, int]
    """`monopoli:ui/cash` -> the commands one call of it runs."""
    per_op: int
    """A batch's own commands for each operation (its loop's round and the dispatch)."""
    batch: int
    """A batch's own commands once (the request, storing the operations, the return)."""
    ack: int
    """What an acknowledgement adds at most: a round of the inbox's loop for each entry it drops."""
    everyone: int
    """The players the estimate assumes for a selector that walks every player."""

    def of(self, function: str) -> int:
        """The commands a call of `function` (`ui/cash` or `monopoli:ui/cash`) runs; 0 if unknown."""
        full = function if ":" in function else f"{NAMESPACE}:{function}"
        return self.functions.get(full, 0)

    def op(self, function: str) -> int:
        """What one operation of a batch calling `function` adds to the batch's commands."""
        return self.per_op + 1 + self.of(function)

    def call(self, function: str) -> int:
        """What a request of one `function ...` command runs."""
        return 1 + self.of(function)


def costs(pack: Pack, boards: list[str]) -> Costs:
    """The costs of every function of a pack for a world of these boards."""
    counter = _Counter(pack, boards)
    functions = {name: counter.cost(name) for name in pack.functions  # what the controller calls
                 if not name.startswith(f"{NAMESPACE}:board/")}
    ack = INBOX_PAGE * counter.cost(f"{NAMESPACE}:{LOOPS[1]}")  # the inbox holds no more
    return Costs(functions=functions, per_op=counter.cost(f"{NAMESPACE}:{LOOPS[0]}"),
                 batch=1 + functions.get(f"{NAMESPACE}:batch", 0), ack=ack, everyone=counter.everyone)


class _Counter:
    """Walks the pack's calls, counting each function once (memoised)."""

    def __init__(self, pack: Pack, boards: list[str]) -> None:
        self.pack = pack
        self.board_tags = tuple(f".{b}" for b in boards)
        self.everyone = max(1, len(boards)) * MAX_PLAYERS
        self.done: dict[str, int] = {}
        self.counting: set[str] = set()

    def cost(self, name: str) -> int:
        """The commands one call of `name` runs, its own call not counted."""
        if name in self.done:
            return self.done[name]
        if name in self.counting or name not in self.pack.functions:
            return 0  # a round of a loop under way, or a function the pack lacks (the checks say so)
        self.counting.add(name)
        total = sum(self.line(line) for line in self.pack.functions[name])
        self.counting.discard(name)
        self.done[name] = total
        return total

    def line(self, line: str) -> int:
        """One command line (a macro line's `$` dropped): what it runs, itself included."""
        text = line[1:] if line.startswith("$") else line
        if not text.strip() or text.startswith("#"):
            return 0
        if text.startswith("execute "):
            head, run, tail = text.partition(" run ")
            fan = 1
            for selector in _FAN.findall(head):
                fan *= self.picks(selector)
            stages = _stages(head)
            if run:
                return stages + fan * self.line(tail)
            return stages - 1 + fan  # a final `if`: its test is the command, one for each source
        if text.startswith("return run "):
            return self.line(text[len("return run "):])  # the command it runs, no more
        if text.startswith("return "):
            return 0  # `return <value>`, `return fail`: custom executors, free
        called = _CALL.match(text)
        return 1 + (self.callee(called.group(1)) if called else 0)  # a call is its CallFunction

    def callee(self, target: str) -> int:
        """A called function's cost; with a macro in its id, the dearest function it may be."""
        if target.endswith(("$(f)", DISPATCH)):
            return 0  # the batch's dispatch: each operation is counted by the batch's budget
        if "$(" not in target:
            return self.cost(target)
        pattern = re.compile("[a-z0-9_./-]*".join(re.escape(part) for part in _MACRO.split(target)))
        return max((self.cost(name) for name in self.pack.functions if pattern.fullmatch(name)), default=0)

    def picks(self, selector: str) -> int:
        """How many entities a selector (or a name) may pick, at most."""
        if not selector.startswith("@"):
            return 1  # a player's name, or a macro's $(player)
        if selector[:2] in _ONE:
            return 1
        limit = re.search(r"\blimit=(\d+)", selector)
        if limit:
            return int(limit.group(1))
        tags = re.findall(r"\btag=([^,\]!][^,\]]*)", selector)
        if "monopoli.table=" in selector or any(t.endswith(self.board_tags) for t in tags):
            return MAX_PLAYERS
        return self.everyone



def _stages(head: str) -> int:
    """The stages with a modifier in an `execute` line's head (`execute as @a at @s if …`: 3).

    Words inside brackets, braces or quotes are arguments, and `positioned as`, `rotated as`
    are one stage each.
    """
    count, depth, quote, previous = 0, 0, "", ""
    for word in head.split(" ")[1:]:
        if not depth and not quote and word in STAGES and not (word == "as" and previous in ("positioned", "rotated")):
            count += 1
        for c in word:
            if quote:
                quote = "" if c == quote else quote
            elif c in "\"'":
                quote = c
            elif c in "[{(":
                depth += 1
            elif c in "]})":
                depth -= 1
        previous = word
    return count


@functools.lru_cache(maxsize=8)
def pack_costs(world: WorldConfig, board: Board) -> Costs:
    """The costs of the pack built for this world config and board (its functions; no structure)."""
    return costs(build_pack(world, board, structures=False), [place.name for place in world.boards])
