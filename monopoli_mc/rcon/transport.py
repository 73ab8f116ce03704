"""The one socket of an RCON connection, with OS errors turned into ours at this boundary."""

from __future__ import annotations

import contextlib
import logging
import socket
import time
from collections.abc import Iterator

from monopoli_mc.errors import RconConnectionError, RconTimeout

log = logging.getLogger("monopoli_mc.rcon")

RECV_SIZE = 65536


class Transport:
    """A connected TCP socket; every call takes an absolute deadline (time.monotonic)."""

    def __init__(self, sock: socket.socket, host: str, port: int) -> None:
        self._sock: socket.socket | None = sock
        self.host = host
        self.port = port

    @property
    def where(self) -> str:
        """host:port, for messages."""
        return f"{self.host}:{self.port}"

    @classmethod
    def open(cls, host: str, port: int, *, timeout: float) -> Transport:
        """Connect; raises RconConnectionError or RconTimeout naming host and port."""
        where = f"{host}:{port}"
        try:
            sock = socket.create_connection((host, port), timeout=timeout)
        except (TimeoutError, socket.timeout):
            raise RconTimeout(f"rcon at {where} did not accept a connection "
                              f"within {timeout:g}s") from None
        except OSError as exc:
            raise RconConnectionError(
                f"cannot connect to rcon at {where}: {_reason(exc)}") from None
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        log.debug("rcon connected to %s", where)
        return cls(sock, host, port)

    @contextlib.contextmanager
    def _mapped(self, doing: str, deadline: float) -> Iterator[socket.socket]:
        if self._sock is None:
            raise RconConnectionError(f"rcon connection to {self.where} is closed")
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise RconTimeout(f"rcon at {self.where} timed out {doing}")
        try:
            self._sock.settimeout(remaining)
            yield self._sock
        except (TimeoutError, socket.timeout):
            raise RconTimeout(f"rcon at {self.where} timed out {doing}") from None
        except OSError as exc:
            raise RconConnectionError(
                f"rcon connection to {self.where} failed {doing}: {_reason(exc)}") from None

    def send(self, data: bytes, *, deadline: float) -> None:
        """Send all of `data` (one write, so a request arrives in one piece)."""
        with self._mapped("sending", deadline) as sock:
            sock.sendall(data)

    def recv(self, *, deadline: float) -> bytes:
        """Some bytes; raises RconConnectionError when the server closed the connection."""
        with self._mapped("waiting for a reply", deadline) as sock:
            data = sock.recv(RECV_SIZE)
        if not data:
            raise RconConnectionError(f"rcon server at {self.where} closed the connection")
        return data

    def close(self) -> None:
        """Close the socket; safe to call twice."""
        sock, self._sock = self._sock, None
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.close()

    @property
    def is_open(self) -> bool:
        """Whether close() has not been called."""
        return self._sock is not None


def _reason(exc: OSError) -> str:
    return (exc.strerror or type(exc).__name__).lower()
