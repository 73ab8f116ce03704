"""The page server's connections while they cost no thread: reading a request's head, writing its answer,
waiting between two requests. All in one thread, with a deadline on each.

A thread is given to a request only once its head has arrived whole, and only to make the answer's
bytes (the page is rendered once per change, so that is quick); the gate writes them without blocking.
So a client that connects and sends nothing, sends its head a byte at a time (a "slow loris"), keeps
an idle keep-alive connection, or reads the answer slowly holds a socket in this thread's selector
and nothing else: it is closed at its deadline (`head_timeout` for a whole head, `idle_timeout`
between two requests, `write_timeout` for a whole answer), and past `max_connections` the oldest
still waiting for a head is closed to make room, so the projector's own request always gets in.
"""

from __future__ import annotations

import logging
import selectors
import socket
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable

log = logging.getLogger("monopoli_mc.view")
HEAD_TIMEOUT = 3.0  # seconds for a request's whole head, from the connection (a browser sends it at once)
IDLE_TIMEOUT = 5.0  # seconds a keep-alive connection may wait for its next request's whole head
WRITE_TIMEOUT = 10.0  # seconds a client may take to take a whole answer
MAX_CONNECTIONS = 256  # connections held here at once (waiting for a head or taking an answer)
MAX_HEAD = 65536  # bytes of a request's head (the standard library's limit for its request line)
_TOO_BIG = (b"HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")


@dataclass(eq=False)
class Connection:
    """One client's socket while the gate holds it, and what it holds for it."""

    sock: socket.socket
    address: Any
    deadline: float
    got: bytes = b""  # what has come of the next request's head (and anything after it)
    out: memoryview | None = None  # what is left to write of an answer
    keep: bool = False  # after the answer, wait for another request (else close)

    def head(self) -> bytes | None:
        """The next request's head, taken off what has come, once it has come whole."""
        for end in (b"\r\n\r\n", b"\n\n"):
            at = self.got.find(end)
            if at >= 0:
                head, self.got = self.got[:at + len(end)], self.got[at + len(end):]
                return head
        return None


class Gate:
    """Every connection of a page server between its threads, served by one thread until `close()`."""

    def __init__(self, dispatch: Callable[[Connection, bytes], None], *, head_timeout: float = HEAD_TIMEOUT,
                 idle_timeout: float = IDLE_TIMEOUT, write_timeout: float = WRITE_TIMEOUT,
                 max_connections: int = MAX_CONNECTIONS) -> None:
        self.dispatch = dispatch  # gets a connection whose head came whole (the gate lets go of it)
        self.head_timeout = head_timeout
        self.idle_timeout = idle_timeout
        self.write_timeout = write_timeout
        self.max_connections = max_connections
        self.timed_out = 0  # connections closed at their deadline
        self.evicted = 0  # connections closed to make room for a newer one
        self._held: dict[int, Connection] = {}
        self._incoming: list[tuple[Connection, bytes | None]] = []  # (new or answered, the answer's bytes)
        self._lock = threading.Lock()
        self._sel = selectors.DefaultSelector()
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self._sel.register(self._wake_r, selectors.EVENT_READ, None)
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="monopoli-page-gate", daemon=True)

    @property
    def held(self) -> int:
        """Connections the gate holds now (or is about to)."""
        with self._lock:
            return len(self._held) + len(self._incoming)

    def start(self) -> None:
        """Start the gate's thread."""
        self._thread.start()

    def admit(self, sock: socket.socket, address: Any) -> None:
        """A new connection (from the listening thread): wait for its first request's head."""
        conn = Connection(sock, address, time.monotonic() + self.head_timeout)
        self._hand(conn, None)

    def answer(self, conn: Connection, data: bytes, *, keep: bool) -> None:
        """Write an answer (from a request's thread), then wait for the next request or close."""
        conn.keep = keep
        self._hand(conn, data)

    def close(self) -> None:
        """Close every connection held and stop."""
        with self._lock:
            self._closed = True
        self._wake()
        if self._thread.is_alive():
            self._thread.join(5)
        else:
            self._shut()

    def _hand(self, conn: Connection, data: bytes | None) -> None:
        with self._lock:
            taken = not self._closed
            if taken:
                self._incoming.append((conn, data))
        if not taken:
            conn.sock.close()
        self._wake()

    def _wake(self) -> None:
        try:
            self._wake_w.send(b"\0")
        except OSError:  # already woken (the pair's buffer is full), or closed
            pass

    # -- the gate's thread ---------------------------------------------------------------------
    def _run(self) -> None:
        try:
            while not self._closed:
                for key, mask in self._sel.select(self._timeout()):
                    if key.data is None:
                        self._drain_wake()
                    elif mask & selectors.EVENT_WRITE:
                        self._write(key.data)
                    else:
                        self._read(key.data)
                self._step(time.monotonic())
        except Exception:  # what people look at must never stop the night: log it, close the connections
            log.exception("the board page's connections stopped")
        finally:
            self._shut()

    def _timeout(self) -> float:
        with self._lock:
            if self._incoming:
                return 0
            first = min((c.deadline for c in self._held.values()), default=time.monotonic() + 1.0)
        return max(0.0, min(first - time.monotonic(), 1.0))

    def _drain_wake(self) -> None:
        try:
            while self._wake_r.recv(4096):
                pass
        except (BlockingIOError, InterruptedError):
            pass

    def _step(self, now: float) -> None:
        """Take what came in, close what is past its deadline."""
        with self._lock:
            incoming, self._incoming = self._incoming, []
        for conn, data in incoming:
            if data is None:
                self._make_room()
                conn.sock.setblocking(False)
                self._hold(conn, selectors.EVENT_READ)
                self._read(conn)  # what came with the connection may be a whole head already
            else:
                conn.out, conn.deadline = memoryview(data), now + self.write_timeout
                conn.sock.setblocking(False)  # a slow reader must never hold this thread
                self._hold(conn, selectors.EVENT_WRITE)
                self._write(conn)
        for conn in [c for c in self._held.values() if c.deadline <= now]:
            self.timed_out += 1
            self._let_go(conn, close=True)

    def _make_room(self) -> None:
        """At the cap, close the connection that has waited longest for a head (an answer being taken stays)."""
        if len(self._held) < self.max_connections:
            return
        waiting = [c for c in self._held.values() if c.out is None] or list(self._held.values())
        self.evicted += 1
        self._let_go(min(waiting, key=lambda c: c.deadline), close=True)

    def _hold(self, conn: Connection, events: int) -> None:
        with self._lock:
            self._held[conn.sock.fileno()] = conn
        self._sel.register(conn.sock, events, conn)

    def _let_go(self, conn: Connection, *, close: bool) -> None:
        with self._lock:
            if self._held.pop(conn.sock.fileno(), None) is None:
                return
        try:
            self._sel.unregister(conn.sock)
        except (KeyError, ValueError):
            pass
        if close:
            conn.sock.close()

    def _read(self, conn: Connection) -> None:
        if conn.sock.fileno() not in self._held:
            return
        try:
            chunk = conn.sock.recv(65536)
        except (BlockingIOError, InterruptedError):
            chunk = None
        except OSError:
            chunk = b""
        if chunk == b"":  # the client has gone (or will send nothing more)
            self._let_go(conn, close=True)
            return
        conn.got += chunk or b""
        self._dispatch_head(conn)

    def _dispatch_head(self, conn: Connection) -> None:
        head = conn.head()
        if head is None:
            if len(conn.got) > MAX_HEAD:
                self._let_go(conn, close=False)
                _say_and_close(conn.sock, _TOO_BIG)
            return
        self._let_go(conn, close=False)
        self.dispatch(conn, head)  # the request's thread only makes bytes: the socket stays non-blocking

    def _write(self, conn: Connection) -> None:
        assert conn.out is not None
        try:
            while conn.out:
                sent = conn.sock.send(conn.out)
                conn.out = conn.out[sent:]
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            self._let_go(conn, close=True)
            return
        conn.out = None
        if not conn.keep:
            self._let_go(conn, close=True)
            return
        conn.deadline = time.monotonic() + self.idle_timeout
        self._sel.modify(conn.sock, selectors.EVENT_READ, conn)
        if conn.got:  # a pipelined request came with the last one
            self._dispatch_head(conn)

    def _shut(self) -> None:
        with self._lock:
            held, self._held = list(self._held.values()), {}
            incoming, self._incoming = self._incoming, []
            self._closed = True
        for conn in [*held, *(c for c, _ in incoming)]:
            conn.sock.close()
        self._sel.close()
        self._wake_r.close()
        self._wake_w.close()


def _say_and_close(sock: socket.socket, data: bytes) -> None:
    """Send a short answer if the socket takes it now, then close (never waits on the client)."""
    try:
        sock.setblocking(False)
        sock.send(data)
    except OSError:
        pass
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    sock.close()
