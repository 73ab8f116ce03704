"""World writes in batches: a poll's commands as few requests as vanilla's 1446 bytes allow.

A real server runs each RCON request on its main thread between ticks, so every
request waits for the tick under way; bytes cost almost nothing. The pack's calls
(`function monopoli:ui/cash {...}`) become operations (`{f:"ui/cash",...}`) of one
`function monopoli:batch {o:[...],a:N}`, which runs them in order and then drops the
inbox entries up to N. A command that is not a pack call, or one too long to share a
request, goes out on its own, in its place. Pure functions of text; no sockets.
"""

from __future__ import annotations

from dataclasses import dataclass

from monopoli_mc.datapack import calls

BATCH = "function monopoli:batch "
RAN = "Function monopoli:batch returned "
"""The batch function returns how many operations it dispatched; vanilla says so in the reply."""
OLD_PACK = "Unknown function monopoli:batch"


@dataclass(frozen=True)
class Request:
    """One RCON request: a batch of the pack calls `commands`, or a single command (`ops` None)."""

    text: str
    commands: tuple[str, ...] = ()

    @property
    def ops(self) -> int | None:
        """How many operations the batch holds; None for a single command."""
        return len(self.commands) if self.text.startswith(BATCH) else None

    def ran_whole(self, reply: str) -> bool:
        """Whether the server ran every operation of this batch (always true for a single command).

        A batch cut short by the server's command limit never reaches its `return`.
        """
        return self.ops is None or f"{RAN}{self.ops}" in reply


def requests(commands: list[str], *, ack: int | None = None) -> list[Request]:
    """The requests that run `commands` in order and acknowledge the inbox up to `ack`.

    Each fits in `calls.MAX_REQUEST` bytes when its command does; the acknowledgement
    rides in the last batch, or is a request of its own when there is none.
    """
    seq = int(ack or 0)
    room = calls.MAX_REQUEST - _size(calls.batch([], seq))  # for the ops and the commas between
    groups: list[list[tuple[str, str]] | str] = []  # a batch's (command, op), or a command on its own
    used = 0
    for command in commands:
        op = calls.as_op(command)
        if op is None or _size(op) > room:
            groups.append(command)
            continue
        last = groups[-1] if groups else None
        if isinstance(last, list) and used + 1 + _size(op) <= room:
            last.append((command, op))
            used += 1 + _size(op)
        else:
            groups.append([(command, op)])
            used = _size(op)
    final = max((i for i, g in enumerate(groups) if isinstance(g, list)), default=None)
    out = [Request(g, (g,)) if isinstance(g, str)
           else Request(calls.batch([op for _, op in g], seq if i == final else 0), tuple(c for c, _ in g))
           for i, g in enumerate(groups)]
    if ack is not None and final is None:
        out.append(Request(calls.ack(seq)))
    return out


def _size(text: str) -> int:
    return len(text.encode("utf-8"))
