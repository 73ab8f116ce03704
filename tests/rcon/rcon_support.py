"""Helpers for the RCON client tests: the sandbox's RCON server over a small real executor,
and a scripted one-connection server for wire cases vanilla only produces under load."""

from __future__ import annotations

import socket
import struct
import threading
import time
from collections.abc import Callable, Iterator

import pytest

from monopoli_mc.sandbox.server import RconServer

PASSWORD = "s3cret-pw"


class EchoExecutor:
    """Commands: `echo TEXT`, `msgs A|B|C` (several messages), `text KEY`
    (a preset reply), `sleep SECONDS`, `boom` (raises); records every command."""

    def __init__(self) -> None:
        self.lock = threading.RLock()
        self.commands: list[str] = []
        self.texts: dict[str, str] = {}

    def execute(self, command: str) -> list[str]:
        self.commands.append(command)
        verb, _, rest = command.partition(" ")
        if verb == "echo":
            return [rest]
        if verb == "msgs":
            return rest.split("|")
        if verb == "text":
            return [self.texts[rest]]
        if verb == "sleep":
            time.sleep(float(rest))
            return ["slept"]
        if verb == "boom":
            raise RuntimeError("boom")
        return [f"Unknown or incomplete command, see below for error{command}<--[HERE]"]


@pytest.fixture
def executor() -> EchoExecutor:
    return EchoExecutor()


@pytest.fixture
def server(executor: EchoExecutor) -> Iterator[RconServer]:
    srv = RconServer(executor, PASSWORD).start()
    try:
        yield srv
    finally:
        srv.close()


def send_packet(sock: socket.socket, request_id: int, ptype: int, payload: bytes = b"") -> None:
    body = struct.pack("<ii", request_id, ptype) + payload + b"\x00\x00"
    sock.sendall(struct.pack("<i", len(body)) + body)


def _read_exact(sock: socket.socket, n: int) -> bytes:
    data = b""
    while len(data) < n:
        more = sock.recv(n - len(data))
        if not more:
            raise EOFError
        data += more
    return data


def read_packet(sock: socket.socket) -> tuple[int, int, bytes]:
    (length,) = struct.unpack("<i", _read_exact(sock, 4))
    raw = _read_exact(sock, length)
    request_id, ptype = struct.unpack_from("<ii", raw)
    return request_id, ptype, raw[8:-2]


class ScriptedServer:
    """Accepts one connection and runs `script(sock, server)` on it in a thread."""

    def __init__(self, script: Callable[[socket.socket, ScriptedServer], None], *,
                 connections: int = 1) -> None:
        self.script = script
        self.connections = connections
        self.accepted = 0  # connections accepted so far (the script sees 1 on the first)
        self.sent = 0  # what a script counts of the bytes it sent
        self.packets: list[tuple[int, int, bytes]] = []
        self.error: BaseException | None = None
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port: int = self._listener.getsockname()[1]
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def read(self, sock: socket.socket) -> tuple[int, int, bytes]:
        packet = read_packet(sock)
        self.packets.append(packet)
        return packet

    def login(self, sock: socket.socket) -> None:
        request_id, _, _ = self.read(sock)
        send_packet(sock, request_id, 2)

    def _run(self) -> None:
        try:
            while self.accepted < self.connections:
                sock, _ = self._listener.accept()
                self.accepted += 1
                with sock:
                    try:
                        self.script(sock, self)
                    except (EOFError, OSError):
                        pass
        except OSError:
            pass
        except BaseException as exc:  # surfaced by close()
            self.error = exc
        finally:
            self._listener.close()

    def close(self) -> None:
        self._thread.join(5)
        if self.error is not None:
            raise self.error


@pytest.fixture
def scripted() -> Iterator[Callable[..., ScriptedServer]]:
    made: list[ScriptedServer] = []

    def make(script: Callable[[socket.socket, ScriptedServer], None], *,
             connections: int = 1) -> ScriptedServer:
        made.append(ScriptedServer(script, connections=connections))
        return made[-1]

    yield make
    for srv in made:
        srv.close()
