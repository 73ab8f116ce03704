"""The page's event streams, all in one thread: each change rendered once, then sent to every viewer.

The controller's thread only publishes a board's new picture to the feed (`feed.py`);
this hub renders it (once: `html.Sections`, shared with the page) as one server-sent
event and queues the same bytes to every open stream, writing without blocking as each
socket takes them. So a hundred viewers cost one rendering per change, and no viewer
can hold up another or the game: a stream that takes nothing for `slow_after` seconds,
or falls `backlog` bytes behind, is closed (its page reconnects by itself when it reads
again). At most `max_streams` are open; the web server answers the next one 503.
"""

from __future__ import annotations

import json
import logging
import selectors
import socket
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from monopoli_mc.view.feed import Feed, Status
from monopoli_mc.view.html import Sections, status_line

log = logging.getLogger("monopoli_mc.view")
STATUS_EVERY = 2.0  # seconds between status events on an open stream (the page notices a controller gone)
MAX_STREAMS = 100  # open event streams at most
SLOW_AFTER = 20.0  # seconds a stream may take nothing of what is waiting for it before it is closed
BACKLOG = 4 << 20  # bytes a stream may fall behind before it is closed
SECURITY = {  # every answer of the page, its event streams too
    # Only this server's own files, and no inline script: an escaping slip could not run code.
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; "
                               "connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
HEAD = ("HTTP/1.1 200 OK\r\n" + "".join(f"{k}: {v}\r\n" for k, v in {
    **SECURITY, "Content-Type": "text/event-stream; charset=utf-8", "Connection": "close"}.items()) + "\r\n").encode()


def event(kind: str, data: dict[str, Any]) -> bytes:
    """One server-sent event."""
    return f"event: {kind}\ndata: {json.dumps(data)}\n\n".encode("utf-8")


@dataclass
class Stream:
    """One viewer's socket and what is waiting to be written to it."""

    sock: socket.socket
    pending: deque[memoryview] = field(default_factory=deque)
    size: int = 0  # bytes waiting
    waiting_since: float = 0.0  # when it last took something while more was waiting

    def queue(self, data: bytes, now: float) -> None:
        """Add bytes to write (the same bytes object for every stream: no copy)."""
        if not self.pending:
            self.waiting_since = now
        self.pending.append(memoryview(data))
        self.size += len(data)

    def flush(self, now: float) -> None:
        """Write what the socket takes now; raises OSError when the viewer has gone."""
        while self.pending:
            head = self.pending[0]
            try:
                sent = self.sock.send(head)
            except (BlockingIOError, InterruptedError):
                return
            self.size -= sent
            self.waiting_since = now
            if sent < len(head):
                self.pending[0] = head[sent:]
                return
            self.pending.popleft()


class Hub:
    """Every open event stream of a page server, served by one thread until `close()`."""

    def __init__(self, feed: Feed, sections: Sections, *, max_streams: int = MAX_STREAMS,
                 slow_after: float = SLOW_AFTER, backlog: int = BACKLOG, status_every: float = STATUS_EVERY) -> None:
        self.feed = feed
        self.sections = sections
        self.max_streams = max_streams
        self.slow_after = slow_after
        self.backlog = backlog
        self.status_every = status_every
        self.dropped = 0  # streams closed for being too slow
        self._streams: dict[int, Stream] = {}
        self._new: list[socket.socket] = []
        self._lock = threading.Lock()
        self._sel = selectors.DefaultSelector()
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self._sel.register(self._wake_r, selectors.EVENT_READ, None)
        self._frames: dict[str, tuple[int, bytes]] = {}  # board -> (its version, its event)
        self._status: tuple[Status, bytes] | None = None
        self._said = 0.0
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="monopoli-page-streams", daemon=True)
        feed.listen(self.wake)

    @property
    def renders(self) -> int:
        """Sections rendered (once per change, whatever the number of viewers, the page's too)."""
        return self.sections.renders

    @property
    def open(self) -> int:
        """Streams open or being opened."""
        with self._lock:
            return len(self._streams) + len(self._new)

    def start(self) -> None:
        """Start the hub's thread."""
        self._thread.start()

    def adopt(self, sock: socket.socket) -> bool:
        """Take over a viewer's socket whose request asked for the stream; False (not taken) when full."""
        with self._lock:
            if self._closed or len(self._streams) + len(self._new) >= self.max_streams:
                return False
            self._new.append(sock)
        self.wake()
        return True

    def wake(self) -> None:
        """Something changed: the hub looks at the feed now (from any thread, never blocks)."""
        try:
            self._wake_w.send(b"\0")
        except OSError:  # already woken (the pair's buffer is full), or closed
            pass

    def close(self, grace: float) -> None:
        """Send what is waiting (the last status) for up to `grace` seconds, then close every stream."""
        end = time.monotonic() + grace
        while time.monotonic() < end and self._thread.is_alive():
            with self._lock:
                if not any(s.pending for s in self._streams.values()) and not self._new:
                    break
            time.sleep(0.01)
        with self._lock:
            self._closed = True
        self.wake()
        if self._thread.is_alive():
            self._thread.join(5)
        else:
            self._shut()

    # -- the hub's thread --------------------------------------------------------------
    def _run(self) -> None:
        try:
            while not self._closed:
                for key, mask in self._sel.select(self._timeout()):
                    if key.data is None:
                        self._drain_wake()
                    else:
                        self._ready(key.data, mask)
                self._step(time.monotonic())
        except Exception:  # what people look at must never stop the night: log it, close the streams
            log.exception("the board page's event streams stopped")
        finally:
            self._shut()

    def _timeout(self) -> float:
        return max(0.05, min(self.status_every - (time.monotonic() - self._said), 1.0))

    def _drain_wake(self) -> None:
        try:
            while self._wake_r.recv(4096):
                pass
        except (BlockingIOError, InterruptedError):
            pass

    def _ready(self, stream: Stream, mask: int) -> None:
        now = time.monotonic()
        try:
            if mask & selectors.EVENT_READ and not self._readable(stream):
                self._drop(stream)
                return
            if mask & selectors.EVENT_WRITE:
                stream.flush(now)
                self._watch(stream)
        except OSError:
            self._drop(stream)

    @staticmethod
    def _readable(stream: Stream) -> bool:
        """A viewer never sends more on a stream: what comes is ignored, and an end means it has gone."""
        try:
            return bool(stream.sock.recv(4096))
        except (BlockingIOError, InterruptedError):
            return True

    def _step(self, now: float) -> None:
        """Adopt new streams, render what changed (once), queue it to every stream, drop the slow."""
        with self._lock:
            new, self._new = self._new, []
        for sock in new:  # what is there now; what the render below finds changed follows, once
            self._open(sock, now)
        fresh = self._render(now)
        stopped = self._status is not None and self._status[0].state == "stopped"
        for stream in list(self._streams.values()):
            for data in fresh:
                stream.queue(data, now)
            try:
                stream.flush(now)
            except OSError:
                self._drop(stream)
                continue
            if stream.pending and (stream.size > self.backlog or now - stream.waiting_since > self.slow_after):
                self.dropped += 1
                self._drop(stream)
            elif stopped and not stream.pending:  # the feed stopped for good: close once all has gone
                self._drop(stream)
            else:
                self._watch(stream)

    def _render(self, now: float) -> list[bytes]:
        """The events to send everyone now: each board whose picture changed, the status when due."""
        out: list[bytes] = []
        for name, (version, view) in self.feed.views().items():
            if self._frames.get(name, (-1, b""))[0] != version:
                frame = event("board", {"board": name, "html": self.sections.get(version, view)})
                self._frames[name] = (version, frame)
                out.append(frame)
        status = self.feed.status()
        if self._status is None or status != self._status[0] or now - self._said >= self.status_every:
            frame = event("status", {"state": status.state, "html": status_line(status)})
            self._status, self._said = (status, frame), now
            out.append(frame)
        return out

    def _open(self, sock: socket.socket, now: float) -> None:
        """A new stream: the answer's head, then every board and the status as they are now."""
        sock.setblocking(False)
        stream = Stream(sock)
        for data in (HEAD, *(frame for _, frame in self._frames.values()),
                     *([self._status[1]] if self._status else [])):
            stream.queue(data, now)
        with self._lock:
            self._streams[sock.fileno()] = stream
        self._sel.register(sock, selectors.EVENT_READ, stream)

    def _watch(self, stream: Stream) -> None:
        """Wait for the socket to take more only while something is waiting for it."""
        mask = selectors.EVENT_READ | (selectors.EVENT_WRITE if stream.pending else 0)
        if self._sel.get_key(stream.sock).events != mask:
            self._sel.modify(stream.sock, mask, stream)

    def _drop(self, stream: Stream) -> None:
        with self._lock:
            if self._streams.pop(stream.sock.fileno(), None) is None:
                return
        try:
            self._sel.unregister(stream.sock)
        except (KeyError, ValueError):
            pass
        stream.sock.close()

    def _shut(self) -> None:
        with self._lock:
            streams, self._streams = list(self._streams.values()), {}
            new, self._new = self._new, []
            self._closed = True
        for stream in streams:
            stream.sock.close()
        for sock in new:
            sock.close()
        self._sel.close()
        self._wake_r.close()
        self._wake_w.close()
