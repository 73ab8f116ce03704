"""The wire: what the controller needs of an RCON client, and the poll's writes sent in batches.

A poll's world writes for every board, with the inbox acknowledgement, go out as few
`function monopoli:batch` requests as the 1446-byte limit and the command budget allow
(usually one; `bridge/batch.py`). A pack too old to have `monopoli:batch` is told in the
log, and from then on every write is a request of its own.

A batch the server stopped at its command limit (`max_command_sequence_length`) never says
it returned; the wire then asks how many operations the batch finished (the pack counts
them in `$ops`) and sends the rest again, the acknowledgement with it, so neither a change
nor the acknowledgement is lost. It tells the operator why: the server's limit set below
what a write may run (their fix, so the warning names the game rule and its value), or the
pack running more than its own estimate (ours: a bug to report, never a game rule to raise).
Either way later requests carry half the commands, and the budget grows back (doubling after
`GROW_AFTER` batches that ran whole; twice as many each time it is cut again after growing), so
one cut never leaves the night at one operation a request.

Vanilla keeps one reply buffer for every RCON connection (`RconConsoleSource`, one per
server; `DedicatedServer.runCommand` clears it, runs the command on the main thread, then
reads it: client1.20.5 to client1.21.4). While another RCON client sends commands (a
second controller, an RCON console, a monitoring tool), a reply can come back empty,
another client's, or ours joined to theirs. So every read is checked (the poll's finds the
storage's listing among other text, the rarer ones are parsed whole) and asked again when it
does not read (`ask`), and a batch whose reply lacks its return is checked by asking how far
it ran before it is called cut. Its return may be there with another client's reply joined right
after it ("...batch returned 8" + "1000000000000000 has the following entity data...", a player
whose name is all digits): digits after our count are taken for ours only when `$ops` says the
batch ran that far. (CraftBukkit servers such as Paper give each
connection its own buffer; the checks cost them nothing.)
"""

from __future__ import annotations

import dataclasses
import random
import re
import time
from typing import Callable, Protocol, TypeVar

from monopoli_mc.bridge import batch
from monopoli_mc.bridge.inbox import InboxError, parse_score
from monopoli_mc.datapack import calls
from monopoli_mc.datapack.cost import Costs
from monopoli_mc.datapack.versions import McVersion

RULE_NOW = "is currently set to: "
TRIES = 3
"""How many times a read whose reply does not read is asked before it is given up."""
MIXED = ("on vanilla every RCON connection shares one reply buffer, so another RCON client sending commands "
         "now (a second controller, an RCON console, a monitoring tool) mixes into our replies: stop it for the "
         "night if this goes on")

GROW_AFTER = 20
"""Batches that run whole before a budget halved by a cut doubles again (twice as many after each cut)."""

PAUSE = 0.01
"""The most a read waits before it is asked again (a random wait)."""

T = TypeVar("T")


def ask(command: Callable[[str], str], query: str, parse: Callable[[str], T], *, tries: int = TRIES) -> T:
    """`parse` of the reply to `query`, asked again (up to `tries` in all) while it raises InboxError.

    Raises the last InboxError, saying how many times it was read and the likely cause.
    """
    for attempt in range(1, tries + 1):
        try:
            return parse(command(query))
        except InboxError as exc:
            if attempt == tries:
                raise InboxError(f"{exc}; read {tries} times: {MIXED}") from None
        time.sleep(random.uniform(0, PAUSE))  # out of step with a client that asks as fast as it is answered
    raise AssertionError("unreachable")


class Rcon(Protocol):
    """What the controller needs of an RCON client."""

    def command(self, command: str) -> str: ...  # noqa: E704

    def reconnect(self, *, attempts: int = 5, delay: float = 0.1, max_delay: float = 5.0) -> None: ...  # noqa: E704


class Wire:
    """Sends a poll's writes through `command` (one counted request each), batched and budgeted."""

    def __init__(self, command: Callable[[str], str], on_line: Callable[[str], None], *, batches: bool,
                 costs: Callable[[], Costs], version: McVersion) -> None:
        self.command = command
        self._costs = costs
        self._known: Costs | None = None
        self.rule = ("max_command_sequence_length" if version.has_snake_case_gamerules
                     else "maxCommandChainLength")
        self.on_line = on_line
        self.batches = batches  # off for good once the server lacks monopoli:batch
        self.budget = batch.BUDGET
        self.cut = 0  # batches the server stopped at its limit (each finished by sending the rest)
        self.whole = 0  # batches in a row that ran whole since the budget last changed
        self.grow_after = GROW_AFTER  # how many of those double a budget below batch.BUDGET
        self.grown = False  # whether the budget doubled since the last cut
        self.mixed = 0  # batches that ran whole but whose reply was not their own (another RCON client's)

    @property
    def costs(self) -> Costs:
        """The pack's costs, read once, when the first batch is shaped."""
        if self._known is None:
            self._known = self._costs()
        return self._known

    def send(self, commands: list[str], *, ack: int | None = None) -> None:
        """Write commands to the world in order, in batches, then drop inbox entries up to `ack`."""
        if not self.batches:
            for text in commands:
                self.command(text)
            if ack is not None:
                self.command(calls.ack(ack))
            return
        pending = batch.requests(commands, costs=self.costs, ack=ack, budget=self.budget)
        while pending:
            request = pending.pop(0)
            reply = self.command(request.text)
            if request.ran_whole(reply):
                self._grow(request)
                continue
            if batch.OLD_PACK in reply:  # nothing of it ran: the rest one by one, from now on
                self.on_line("warning: the datapack on the server has no monopoli:batch (an older pack); "
                             "writing one command per request until it is replaced: "
                             "install this version's pack (monopoli datapack build) and /reload")
                self.batches = False
                self.send([c for r in [request, *pending] for c in r.commands], ack=ack)
                return
            pending[:0] = self._finish(request, reply)

    def _finish(self, request: batch.Request, reply: str) -> list[batch.Request]:
        """The requests that finish a batch whose reply lacks its return: none when it ran whole (the
        reply was another RCON client's), else the rest, after telling the operator why it was cut."""
        try:
            done = ask(self.command, batch.DONE, lambda reply: parse_score(reply, "$ops"))
        except InboxError as exc:  # how far it ran is not known: all of it once more (world writes set values)
            if request.again:
                self.on_line(f"warning: cannot tell how far a write ran, sent twice ({exc}); "
                             "if the world looks wrong, run `monopoli admin sync`")
                return []
            self.on_line(f"warning: cannot tell how far a write ran ({exc}); it was sent again whole")
            return [dataclasses.replace(request, again=True)]
        # every operation ran and the reply does not speak of the batch: it was another client's (had
        # the limit cut the acknowledgement, the entries are still there and the next poll acknowledges
        # them again). A reply of its own that does (it failed whole: `$ops` is the last batch's) is not.
        if done is not None and done >= (request.ops or 0) and (batch.NAME not in reply or _joined(request, reply)):
            self.mixed += 1
            if self.mixed == 1:
                self.on_line(f"note: a write's reply was not its own, although the write ran whole; {MIXED}")
            return []
        self.cut += 1
        done = done or 0
        rest = batch.unsent(request, done)
        limit = self._limit()
        self.whole = 0
        if self.grown:  # cut again after growing back: grow back more slowly (a cascade of cuts halving
            self.grow_after *= 2  # the budget within one write is one cut)
            self.grown = False
        said = self.cut & (self.cut - 1) == 0  # the 1st, 2nd, 4th, 8th... cut is said, with the count
        times = "" if self.cut == 1 else f" ({self.cut} writes cut so far)"
        if limit is not None and limit < request.cost:
            self.budget = max(1, min(self.budget, limit // 2))
            if said:
                self.on_line(f"warning: the server stopped a write at its limit of {limit:,} commands a request "
                             f"(game rule {self.rule}), below the {request.cost:,} this write may run; the rest "
                             f"was sent again in smaller writes{times}. Set the game rule back to its default "
                             f"(65,536), or at least {batch.BUDGET:,}: /gamerule {self.rule} 65536")
        else:
            if said:
                self.on_line(f"warning: the server stopped a write after {done} of its {request.ops} calls, "
                             f"although the pack's estimate ({request.cost:,} commands) is within the server's "
                             f"limit ({'unknown' if limit is None else f'{limit:,}'}): a bug in Monopoli's cost "
                             f"estimate, please report it with this line; the rest was sent again, and later "
                             f"writes carry half as many commands for a while{times}")
            self.budget = max(1, min(self.budget, request.cost) // 2)
        if done == 0 and (request.ops or 0) == 1:
            self.on_line(f"warning: the server cannot run {rest[0][:80]!r} within its command limit; "
                         "it was skipped: run `monopoli admin sync` once the limit is raised")
            rest = []
        return batch.requests(rest, costs=self.costs, ack=request.ack, budget=self.budget)

    def _grow(self, request: batch.Request) -> None:
        """A batch ran whole: after `grow_after` of them in a row a budget halved by a cut doubles again."""
        if request.ops is None or self.budget >= batch.BUDGET:
            return
        self.whole += 1
        if self.whole >= self.grow_after:
            self.whole, self.budget, self.grown = 0, min(batch.BUDGET, self.budget * 2), True

    def _limit(self) -> int | None:
        """The server's command limit now (its game rule), or None if it does not say."""
        try:
            return ask(self.command, f"gamerule {self.rule}", lambda reply: _rule_value(reply, self.rule))
        except InboxError:
            return None


def _joined(request: batch.Request, reply: str) -> bool:
    """Whether the reply holds this batch's return with more digits right after its count: another
    client's reply joined to ours that begins with a number (a player named `1000000000000000`)."""
    return re.search(rf"{re.escape(batch.RAN)}{request.ops}\d", reply) is not None


def _rule_value(reply: str, rule: str) -> int:
    """A whole-number game rule's value from commands.gamerule.query, "Gamerule %s is currently set to: %s".

    Raises InboxError when the reply is not that, whole, for this rule.
    """
    head, sep, tail = reply.partition(RULE_NOW)
    if not sep or head != f"Gamerule {rule} " or not tail.isdigit():
        raise InboxError(f"not a game rule's value: {reply[:120]!r}")
    return int(tail)
