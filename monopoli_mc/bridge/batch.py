"""World writes in batches: a poll's commands as few requests as the server's limits allow.

A real server runs each RCON request on its main thread between ticks, so every
request waits for the tick under way; bytes cost almost nothing. The pack's calls
(`function monopoli:ui/cash {...}`) become operations (`{f:"ui/cash",...}`) of one
`function monopoli:batch {o:[...],a:N}`, which runs them in order and then drops the
inbox entries up to N. A command that is not a pack call, or one too long to share a
request, goes out on its own, in its place.

Two limits shape a request: vanilla's 1446 bytes, and the commands it makes the server
run. Vanilla stops one request at `max_command_sequence_length` commands (65,536 by
default) and drops the rest, and a request of thousands of commands holds the main thread
that long, a lag spike for every player. So each request is also budgeted by its cost
(`monopoli_mc.datapack.cost`, read from the pack): at most `BUDGET` commands, a tenth of
the default limit. Pure functions of text; no sockets.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from monopoli_mc.datapack import calls
from monopoli_mc.datapack.cost import Costs

NAME = "monopoli:batch"
BATCH = f"function {NAME} "
RAN = "Function monopoli:batch returned "
"""The batch function returns how many operations it dispatched; vanilla says so in the reply."""
OLD_PACK = "Unknown function monopoli:batch"
LIMIT = 65_536
"""Vanilla's default `max_command_sequence_length` (`maxCommandChainLength` before 1.21.11)."""
BUDGET = LIMIT // 10
"""The most commands one write request may make the server run."""
DONE = "scoreboard players get $ops monopoli.seq"
"""Asks how many operations the last batch finished (the batch counts them as it goes; read with
`inbox.parse_score`)."""


UNKNOWN = Costs(functions={}, per_op=0, batch=0, ack=0, everyone=0)
"""The costs when no pack was read: every call one command."""


@dataclass(frozen=True)
class Request:
    """One RCON request: a batch of the pack calls `commands`, or a single command (`ops` None)."""

    text: str
    commands: tuple[str, ...] = ()
    cost: int = 1
    """The commands the server runs for it, at most (the pack's estimate)."""
    ack: int | None = None
    """The inbox entries it acknowledges, up to this seq; None when it acknowledges none."""
    again: bool = False
    """Sent again whole because how far its first sending ran could not be read."""

    @property
    def ops(self) -> int | None:
        """How many operations the batch holds; None for a single command."""
        return len(self.commands) if self.text.startswith(BATCH) else None

    def ran_whole(self, reply: str) -> bool:
        """Whether the server ran every operation of this batch (always true for a single command).

        A batch cut short by the server's command limit never reaches its `return`.
        """
        return self.ops is None or re.search(rf"{re.escape(RAN)}{self.ops}(?!\d)", reply) is not None


def requests(commands: list[str], *, costs: Costs | None = None, ack: int | None = None,
             budget: int = BUDGET) -> list[Request]:
    """The requests that run `commands` in order and acknowledge the inbox up to `ack`.

    Each fits in `calls.MAX_REQUEST` bytes when its command does, and runs at most `budget`
    commands on the server when its operations do (an operation dearer than that goes in a
    batch of its own); the acknowledgement rides in the last batch, or is a request of its
    own when there is none. Without `costs` (no pack to read them from) every operation
    counts as one command.
    """
    costs = costs or UNKNOWN
    seq = int(ack or 0)
    room = calls.MAX_REQUEST - _size(calls.batch([], seq))  # for the ops and the commas between
    spare = budget - costs.batch - costs.ack  # for the ops' commands, whichever batch acknowledges
    groups: list[list[tuple[str, str, int]] | str] = []  # a batch's (command, op, cost), or a command alone
    used = spent = 0
    for command in commands:
        op = calls.as_op(command)
        if op is None or _size(op) > room:
            groups.append(command)
            continue
        cost = costs.op(_function(op))
        last = groups[-1] if groups else None
        if isinstance(last, list) and used + 1 + _size(op) <= room and spent + cost <= spare:
            last.append((command, op, cost))
            used += 1 + _size(op)
            spent += cost
        else:
            groups.append([(command, op, cost)])
            used, spent = _size(op), cost
    final = max((i for i, g in enumerate(groups) if isinstance(g, list)), default=None)
    out = [_alone(g, costs) if isinstance(g, str)
           else _batch(g, costs, seq if ack is not None and i == final else None)
           for i, g in enumerate(groups)]
    if ack is not None and final is None:
        out.append(Request(calls.ack(seq), cost=costs.call("ack") + costs.ack, ack=seq))
    return out


def unsent(request: Request, done: int) -> list[str]:
    """The commands of a cut batch still to send when the server finished `done` of its operations.

    The operation under way when the server stopped it is sent again whole: world writes set
    values, so running one twice leaves the world as once (a chat line may show twice).
    """
    return list(request.commands[max(0, done):])


def _batch(group: list[tuple[str, str, int]], costs: Costs, ack: int | None) -> Request:
    cost = costs.batch + sum(c for _, _, c in group) + (costs.ack if ack is not None else 0)
    return Request(calls.batch([op for _, op, _ in group], ack or 0), tuple(c for c, _, _ in group),
                   cost=cost, ack=ack)


def _alone(command: str, costs: Costs) -> Request:
    op = calls.as_op(command)
    return Request(command, (command,), cost=costs.call(_function(op)) if op is not None else 1)


def _function(op: str) -> str:
    """The function an operation calls: `{f:"ui/cash",...}` -> `ui/cash`."""
    return op[len('{f:"'):op.index('"', len('{f:"'))]


def _size(text: str) -> int:
    return len(text.encode("utf-8"))
