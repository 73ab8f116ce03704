"""Helpers for the sandbox wire tests: a small real executor and a raw RCON socket."""

from __future__ import annotations

import socket
import struct
import threading
from collections.abc import Iterator

import pytest

from monopoli_mc.sandbox.server import RconServer

PASSWORD = "wire-pw"

VANILLA = {
    "scoreboard players set Alex Cash 1500": ["Set [Cash] for Alex to 1500"],
    "scoreboard players get Alex Cash": ["Alex has 1500 [Cash]"],
    "tellraw @a \"hi\"": [],
}


class TableExecutor:
    """Answers from a table of vanilla replies; `big N` gives N characters; `boom` raises."""

    def __init__(self) -> None:
        self.lock = threading.RLock()
        self.commands: list[str] = []
        self.table = dict(VANILLA)

    def execute(self, command: str) -> list[str]:
        self.commands.append(command)
        if command.startswith("big "):
            return ["a" * int(command[4:])]
        if command == "boom":
            raise ValueError("no such thing")
        if command in self.table:
            return list(self.table[command])
        return ["Unknown or incomplete command, see below for error", f"{command}<--[HERE]"]


@pytest.fixture
def executor() -> TableExecutor:
    return TableExecutor()


@pytest.fixture
def server(executor: TableExecutor) -> Iterator[RconServer]:
    srv = RconServer(executor, PASSWORD).start()
    try:
        yield srv
    finally:
        srv.close()


def packet(request_id: int, ptype: int, payload: bytes = b"") -> bytes:
    body = struct.pack("<ii", request_id, ptype) + payload + b"\x00\x00"
    return struct.pack("<i", len(body)) + body


class Raw:
    """A bare socket speaking RCON by hand."""

    def __init__(self, server: RconServer, timeout: float = 2.0) -> None:
        self.sock = socket.create_connection(server.address, timeout=timeout)

    def send(self, data: bytes) -> None:
        self.sock.sendall(data)

    def request(self, request_id: int, ptype: int, body: str | bytes = b"") -> None:
        self.send(packet(request_id, ptype, body.encode() if isinstance(body, str) else body))

    def _exact(self, n: int) -> bytes:
        data = b""
        while len(data) < n:
            more = self.sock.recv(n - len(data))
            if not more:
                raise EOFError(f"closed after {len(data)} of {n} bytes")
            data += more
        return data

    def read(self) -> tuple[int, int, bytes]:
        (length,) = struct.unpack("<i", self._exact(4))
        raw = self._exact(length)
        assert raw[-2:] == b"\x00\x00"
        request_id, ptype = struct.unpack_from("<ii", raw)
        return request_id, ptype, raw[8:-2]

    def login(self, password: str = PASSWORD, request_id: int = 1) -> tuple[int, int, bytes]:
        self.request(request_id, 3, password)
        return self.read()

    def is_closed(self) -> bool:
        """True when the server closed the connection (EOF or reset) without sending more."""
        try:
            return self.sock.recv(1) == b""
        except ConnectionResetError:
            return True

    def is_open(self, wait: float = 0.03) -> bool:
        """True when nothing arrives and the socket is not closed within `wait` seconds."""
        self.sock.settimeout(wait)
        try:
            data = self.sock.recv(1)
        except TimeoutError:
            return True
        except ConnectionResetError:
            return False
        finally:
            self.sock.settimeout(2.0)
        if data:
            raise AssertionError(f"unexpected bytes {data!r}")
        return False

    def close(self) -> None:
        self.sock.close()
