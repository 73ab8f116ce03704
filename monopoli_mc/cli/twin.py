"""Two servers asked the same: the real one over RCON, and an in-process sandbox with the same pack.

Every request goes to the server first, then to the sandbox over its own RCON socket, and both
replies are kept; the doctor prints the requests whose replies differ, so the sandbox's fidelity
is measured on every real server. Before a probe, the sandbox can be given what the server
already has (its event counter, its inbox, its players, a built board), so a reply differs only
where the sandbox answers otherwise, not because the two worlds hold different things.
"""

from __future__ import annotations

import json
import secrets
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path
from types import TracebackType
from typing import Protocol

from monopoli_mc.datapack.pack import Pack, write_pack
from monopoli_mc.rcon.client import RconClient
from monopoli_mc.sandbox.runner import Sandbox


class Asks(Protocol):
    """What the checks need of a connection: one request, its reply."""

    def command(self, text: str) -> str:
        """Send one request and return the reply."""


@dataclass(frozen=True)
class Exchange:
    """One request and its replies; `sandbox` is None for a request the sandbox was not sent."""

    n: int
    phase: str  # "check": both asked and compared; "server": only the server; "mirror": only the sandbox
    request: str
    server: str | None
    sandbox: str | None

    @property
    def differs(self) -> bool:
        """A compared request whose replies are not the same text."""
        return self.phase == "check" and self.server != self.sandbox


class Twin:
    """`command()` as an RconClient has it, answered by the server, also asked of a sandbox."""

    def __init__(self, server: RconClient, pack: Pack) -> None:
        self.server = server
        self.pack = pack
        self.exchanges: list[Exchange] = []
        self._dir = tempfile.TemporaryDirectory(prefix="monopoli-doctor-")
        folder, _ = write_pack(pack, Path(self._dir.name))
        password = secrets.token_urlsafe(16)
        self.box = Sandbox(password=password, datapack=folder, version=pack.version.name).start()
        self.sandbox = RconClient(*self.box.address, password, timeout=10)
        self.sandbox.connect()

    def __enter__(self) -> Twin:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        """Stop the sandbox and drop its files."""
        self.sandbox.close()
        self.box.stop()
        self.box.server.close()
        self._dir.cleanup()

    def command(self, text: str) -> str:
        """Ask both; the server's reply is the answer."""
        reply = self.server.command(text)
        self._keep("check", text, reply, self.sandbox.command(text))
        return reply

    def server_only(self, text: str) -> str:
        """Ask only the server (to learn what to give the sandbox)."""
        reply = self.server.command(text)
        self._keep("server", text, reply, None)
        return reply

    def mirror(self, text: str) -> str:
        """Run a command in the sandbox only (in process: no request size limit)."""
        reply = "".join(self.box.world.execute(text))
        self._keep("mirror", text, None, reply)
        return reply

    def differences(self) -> list[Exchange]:
        """Compared requests whose replies differ, in order."""
        return [e for e in self.exchanges if e.differs]

    def compared(self) -> int:
        """How many requests both were asked."""
        return sum(1 for e in self.exchanges if e.phase == "check")

    def write_transcript(self, path: Path) -> None:
        """Every request and both replies, one JSON object a line."""
        with path.open("w", encoding="utf-8") as out:
            for exchange in self.exchanges:
                out.write(json.dumps(dict(asdict(exchange), differs=exchange.differs),
                                     ensure_ascii=False) + "\n")

    def _keep(self, phase: str, text: str, server: str | None, sandbox: str | None) -> None:
        self.exchanges.append(Exchange(len(self.exchanges) + 1, phase, text, server, sandbox))
