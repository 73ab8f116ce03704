"""The wire: what the controller needs of an RCON client, and the poll's writes sent in batches.

A poll's world writes for every board, with the inbox acknowledgement, go out as few
`function monopoli:batch` requests as the 1446-byte limit allows (usually one). A pack
too old to have `monopoli:batch` is told in the log, and from then on every write is a
request of its own; a batch the server cut short is a warning that says what to raise.
"""

from __future__ import annotations

from typing import Callable, Protocol

from monopoli_mc.bridge import batch
from monopoli_mc.datapack import calls


class Rcon(Protocol):
    """What the controller needs of an RCON client."""

    def command(self, command: str) -> str: ...  # noqa: E704

    def reconnect(self, *, attempts: int = 5, delay: float = 0.1, max_delay: float = 5.0) -> None: ...  # noqa: E704


class Wire:
    """Sends a poll's writes through `command` (one counted request each), batched while the pack can."""

    def __init__(self, command: Callable[[str], str], on_line: Callable[[str], None], *, batches: bool) -> None:
        self.command = command
        self.on_line = on_line
        self.batches = batches  # off for good once the server lacks monopoli:batch

    def send(self, commands: list[str], *, ack: int | None = None) -> None:
        """Write commands to the world in order, in batches, then drop inbox entries up to `ack`."""
        if not self.batches:
            for text in commands:
                self.command(text)
            if ack is not None:
                self.command(calls.ack(ack))
            return
        requests = batch.requests(commands, ack=ack)
        for n, request in enumerate(requests):
            reply = self.command(request.text)
            if request.ran_whole(reply):
                continue
            if batch.OLD_PACK in reply:  # nothing of it ran: the rest one by one, from now on
                self.on_line("warning: the datapack on the server has no monopoli:batch (an older pack); "
                             "writing one command per request until it is replaced: "
                             "install this version's pack (monopoli datapack build) and /reload")
                self.batches = False
                self.send([c for r in requests[n:] for c in r.commands], ack=ack)
                return
            self.on_line(f"warning: the server stopped a write batch before its end ({reply[:120]!r}); "
                         "the world may miss some of this poll's changes: raise the game rule "
                         "max_command_sequence_length (maxCommandChainLength before 1.21.11), "
                         "then run `monopoli admin sync`")
