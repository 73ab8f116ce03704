"""The sandbox's RCON server: vanilla's wire behaviour, as its source shows it.

Modelled on vanilla's `RconThread`, `RconClient`, `PktUtils` and `RconConsoleSource`
(net.minecraft.server.rcon, 1.21.x):

- a listener thread and one thread per client; the password must not be empty;
- a request is one `BufferedInputStream.read(buf, 0, 1460)`: fewer than 10 bytes, or a
  length field other than (bytes read - 4), ends the connection; so an oversized
  request and two packets in one read (pipelining) close the socket;
- type 3 logs in: `(id, 2, "")`, or `(-1, 2, "")` for a wrong password, socket left open;
- type 2 runs a command if logged in, else `(-1, 2, "")`; any other type, logged in or
  not, is answered "Unknown request <type in hex>";
- bodies are read up to the first NUL and decoded as UTF-8; replies are cut into
  chunks of 4096 UTF-16 units, each sent as a type-0 packet with the request's id
  (an empty reply is one empty packet; a surrogate pair cut in two becomes "??");
- one output buffer is shared by every connection: it is cleared on the client's
  thread, the command runs on the server's main thread (`executeBlocking`: a
  `MainThread` when the sandbox ticks, else under the executor's lock), and then the
  buffer is read, so a concurrent connection can clear or add to another's output.

The sandbox sets TCP_NODELAY on accepted sockets (vanilla does not), which changes
only timing, never bytes. And where no thread can be started for a client, vanilla's
listener ends (`RconThread.run` catches only `SocketTimeoutException` and `IOException`
around `RconClient.start` → `GenericThread.start` → `Thread.start`, so the `OutOfMemoryError`
of a thread that cannot be made escapes its loop and its `finally` closes the listening
socket; read in client1.20.5, client1.21 and client1.21.4, and in 1.21.11's `RconListener.run`
and `RconBase.start`); the sandbox closes that one connection and keeps listening, on
purpose, so a rehearsal survives a machine out of threads (ledger row R6). No answer to a
connection that is served changes. `commands` and `last_command` are the sandbox's own
counts (vanilla keeps none), for the rehearsal console to see a controller polling.
"""

from __future__ import annotations

import contextlib
import logging
import select
import selectors
import socket
import struct
import threading
import time
from contextlib import AbstractContextManager
from types import TracebackType
from collections.abc import Callable
from typing import Any, Protocol

from monopoli_mc.errors import ConfigError

log = logging.getLogger("monopoli_mc.sandbox.rcon")

BUFFER_SIZE = 1460
"""Vanilla's per-client request buffer, and the most one read takes."""
FILL_SIZE = 8192
"""Java's BufferedInputStream reads up to this much; bytes past 1460 are lost."""
CHUNK_UNITS = 4096
SERVERDATA_AUTH = 3
SERVERDATA_EXECCOMMAND = 2
SERVERDATA_RESPONSE_VALUE = 0
SERVERDATA_AUTH_RESPONSE = 2


class CommandExecutor(Protocol):
    """What the server runs commands on: the sandbox World, or a test's stand-in."""

    @property
    def lock(self) -> AbstractContextManager[Any]:
        """The "server thread": held while a command runs."""

    def execute(self, command: str) -> list[str]:
        """Run `command` as the RCON console source; its feedback messages in order."""


class MainThreadCalls(Protocol):
    """Where commands run: the server's main thread (`sandbox.mainthread.MainThread`)."""

    def call(self, run: Callable[[], None]) -> None:
        """Run on the main thread and wait for it to finish."""


class ConsoleOutput:
    """Vanilla's RconConsoleSource buffer: one per server, shared by every RCON connection."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._parts: list[str] = []

    def clear(self) -> None:
        """Forget everything (vanilla's prepareForCommand)."""
        with self._lock:
            self._parts.clear()

    def append(self, message: str) -> None:
        """Add one message with no separator (vanilla's sendSystemMessage)."""
        with self._lock:
            self._parts.append(message)

    def text(self) -> str:
        """Everything since the last clear (vanilla's getCommandResponse)."""
        with self._lock:
            return "".join(self._parts)


def int_from(buf: bytearray, offset: int, limit: int) -> int:
    """PktUtils.intFromByteArray: a little-endian int32, or 0 if it would pass `limit`."""
    if limit - offset - 4 < 0:
        return 0
    value: int = struct.unpack_from("<i", buf, offset)[0]
    return value


def string_from(buf: bytearray, offset: int, limit: int) -> str:
    """PktUtils.stringFromByteArray: UTF-8 from `offset` to the first NUL, or to limit - 1."""
    last = limit - 1
    start = end = min(offset, last)
    while buf[end] != 0 and end < last:
        end += 1
    return bytes(buf[start:end]).decode("utf-8", errors="replace")


def encode_reply(request_id: int, ptype: int, text: str) -> bytes:
    """RconClient.send: one packet, the text as UTF-8 (a lone surrogate becomes '?')."""
    body = text.encode("utf-8", errors="replace")
    return struct.pack("<iii", len(body) + 10, request_id, ptype) + body + b"\x00\x00"


def reply_chunks(text: str) -> list[str]:
    """RconClient.sendCmdResponse's cut: 4096 UTF-16 units a chunk, at least one chunk."""
    units = text.encode("utf-16-le", errors="surrogatepass")
    step = 2 * CHUNK_UNITS
    return [units[i:i + step].decode("utf-16-le", errors="surrogatepass")
            for i in range(0, max(len(units), 1), step)]


def read_request(sock: socket.socket, buf: bytearray) -> int:
    """Vanilla's `new BufferedInputStream(in).read(buf, 0, 1460)`: bytes read, or -1 at EOF.

    One blocking read of up to 8192 bytes; then more only while bytes are already
    waiting, up to 1460 in all. Bytes past 1460 are dropped, as the fresh stream is.
    """
    data = sock.recv(FILL_SIZE)
    if not data:
        return -1
    n = min(len(data), BUFFER_SIZE)
    buf[:n] = data[:n]
    while n < BUFFER_SIZE and select.select([sock], [], [], 0)[0]:
        more = sock.recv(FILL_SIZE)
        if not more:
            break
        take = min(len(more), BUFFER_SIZE - n)
        buf[n:n + take] = more[:take]
        n += take
    return n


class RconServer:
    """A threaded RCON server in front of a CommandExecutor; start(), then stop()."""

    spawn: Callable[..., threading.Thread] = threading.Thread  # how a client gets its thread

    def __init__(self, executor: CommandExecutor, password: str, *,
                 host: str = "127.0.0.1", port: int = 0,
                 main: MainThreadCalls | None = None) -> None:
        if not password:
            raise ConfigError("the rcon password is empty (vanilla disables rcon without one)")
        self.executor = executor
        self._password = password
        self.host = host
        self.port = port
        self.console = ConsoleOutput()
        self.main = main
        """The main thread commands are handed to; None runs them on the client's thread."""
        self._listener: socket.socket | None = None
        self._wake_r, self._wake_w = socket.socketpair()
        self._thread: threading.Thread | None = None
        self._clients: dict[threading.Thread, socket.socket] = {}
        self._clients_lock = threading.Lock()
        self._running = threading.Event()
        self.last_command = float("-inf")
        """time.monotonic() of the last command a client sent (a controller polls every moment)."""
        self.commands = 0
        """How many commands clients have sent."""

    def __repr__(self) -> str:
        return f"RconServer({self.host!r}, {self.port}, running={self._running.is_set()})"

    @property
    def address(self) -> tuple[str, int]:
        """(host, port) the server listens on; port is the real one after start()."""
        return self.host, self.port

    def start(self) -> RconServer:
        """Bind, listen and serve in background threads; returns self."""
        if self._running.is_set():
            raise RuntimeError("rcon server already running")
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            listener.bind((self.host, self.port))
            listener.listen()
        except OSError as exc:
            listener.close()
            raise ConfigError(f"cannot listen for rcon on {self.host}:{self.port}: "
                              f"{(exc.strerror or str(exc)).lower()}") from None
        self.port = listener.getsockname()[1]
        self._listener = listener
        self._running.set()
        self._thread = threading.Thread(target=self._accept_loop, name="RCON Listener",
                                        daemon=True)
        self._thread.start()
        log.info("RCON running on %s:%d", self.host, self.port)
        return self

    def stop(self, timeout: float = 5.0) -> None:
        """Close the listener and every client, and join their threads."""
        if not self._running.is_set():
            return
        self._running.clear()
        with contextlib.suppress(OSError):
            self._wake_w.send(b"x")
        if self._thread is not None:
            self._thread.join(timeout)
        with self._clients_lock:
            clients = list(self._clients.items())
        # Shut the reading side only, so a reply being sent (to `/stop`, say) still goes out;
        # each client thread then reads EOF and closes its socket.
        for _thread, sock in clients:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RD)
        for thread, sock in clients:
            thread.join(timeout)
            _close(sock)
        if self._listener is not None:
            _close(self._listener)
            self._listener = None
        with contextlib.suppress(OSError):
            while self._wake_r.recv(64, socket.MSG_DONTWAIT):
                pass

    def close(self) -> None:
        """Stop, and free the wake-up socket pair; the server cannot start again."""
        self.stop()
        self._wake_r.close()
        self._wake_w.close()

    def __enter__(self) -> RconServer:
        return self.start()

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def run_command(self, command: str) -> str:
        """DedicatedServer.runCommand: clear the shared buffer, run on the server thread, read it."""
        self.last_command = time.monotonic()
        self.commands += 1
        self.console.clear()

        def run() -> None:
            with self.executor.lock:
                for message in self.executor.execute(command):
                    self.console.append(message)
        if self.main is not None:
            self.main.call(run)
        else:
            run()
        return self.console.text()

    def _accept_loop(self) -> None:
        listener = self._listener
        assert listener is not None
        with selectors.DefaultSelector() as selector:
            selector.register(listener, selectors.EVENT_READ)
            selector.register(self._wake_r, selectors.EVENT_READ)
            while self._running.is_set():
                ready = [key.fileobj for key, _ in selector.select()]
                if self._wake_r in ready or not self._running.is_set():
                    return
                try:
                    sock, peer = listener.accept()
                except OSError:
                    continue
                with contextlib.suppress(OSError):
                    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                thread = self.spawn(target=self._serve, args=(sock,), name=f"RCON Client /{peer[0]}",
                                    daemon=True)
                with self._clients_lock:
                    self._clients = {t: s for t, s in self._clients.items() if t.is_alive()}
                    self._clients[thread] = sock
                try:
                    thread.start()
                except RuntimeError:  # "can't start new thread": this connection only, never the listener
                    with self._clients_lock:
                        self._clients.pop(thread, None)
                    log.warning("RCON: no thread left for a client from %s; its connection is closed", peer[0])
                    _close(sock)

    def _serve(self, sock: socket.socket) -> None:
        try:
            _ClientConnection(self, sock).run()
        except OSError:
            pass  # vanilla: an IOException ends the client quietly
        except Exception:
            log.exception("Exception whilst parsing RCON input")
        finally:
            _close(sock)
            log.debug("Thread %s shutting down", threading.current_thread().name)


class _ClientConnection:
    """One client's loop: vanilla's RconClient.run."""

    def __init__(self, server: RconServer, sock: socket.socket) -> None:
        self.server = server
        self.sock = sock
        self.buf = bytearray(BUFFER_SIZE)  # kept across reads, as vanilla's is
        self.authed = False

    def run(self) -> None:
        while self.server._running.is_set():
            n = read_request(self.sock, self.buf)
            if n < 10:
                return
            if int_from(self.buf, 0, n) != n - 4:
                return
            request_id = int_from(self.buf, 4, n)
            # Vanilla reads the type against the whole buffer, not the bytes read.
            ptype = int_from(self.buf, 8, BUFFER_SIZE)
            if ptype == SERVERDATA_AUTH:
                self._login(request_id, string_from(self.buf, 12, n))
            elif ptype == SERVERDATA_EXECCOMMAND:
                if self.authed:
                    self._command(request_id, string_from(self.buf, 12, n))
                else:
                    self._send(-1, SERVERDATA_AUTH_RESPONSE, "")
            else:
                self._send_response(request_id, f"Unknown request {ptype & 0xFFFFFFFF:x}")

    def _login(self, request_id: int, password: str) -> None:
        if password and password == self.server._password:
            self.authed = True
            self._send(request_id, SERVERDATA_AUTH_RESPONSE, "")
        else:
            self.authed = False
            self._send(-1, SERVERDATA_AUTH_RESPONSE, "")

    def _command(self, request_id: int, command: str) -> None:
        try:
            response = self.server.run_command(command)
        except Exception as exc:
            log.exception("sandbox command failed: %r", command)
            response = f"Error executing: {command} ({str(exc) or 'null'})"
        self._send_response(request_id, response)

    def _send_response(self, request_id: int, text: str) -> None:
        for chunk in reply_chunks(text):
            self._send(request_id, SERVERDATA_RESPONSE_VALUE, chunk)

    def _send(self, request_id: int, ptype: int, text: str) -> None:
        self.sock.sendall(encode_reply(request_id, ptype, text))


def _close(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)
    with contextlib.suppress(OSError):
        sock.close()
