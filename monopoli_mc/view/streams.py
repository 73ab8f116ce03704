"""The page's event streams, all in one thread: each change rendered once, then what changed sent to every viewer.

The controller's thread only publishes a board's new picture to the feed (`feed.py`);
this hub renders its parts (once: `html.Sections`, shared with the page) and sends
every open stream the parts that changed since the picture before (a `delta` event),
the same bytes to each, writing without blocking as each socket takes them. A viewer
that comes (or comes back) gets the whole picture first: the boards' order, each
board `full`, the status. So a hundred viewers cost one rendering per change and a
few hundred bytes each, and no viewer can hold up another or the game: a stream that
takes nothing for `slow_after` seconds, or falls `backlog` bytes behind, is closed (its
page reconnects by itself when it reads again).

At most `max_streams` are open. A viewer that comes when they all are takes the place
of the one least likely to be read: a page whose script is running says so every
`ALIVE_EVERY` seconds (`/alive`), so a stream no script has vouched for lately (a
phone put away, a client that never reads) goes first, the one furthest behind, then
the oldest; the projector's page, vouched for, goes last. Only when every stream is
newer than `SETTLE` seconds (a burst of connections) is the newcomer answered 503.
"""

from __future__ import annotations

import functools
import json
import logging
import secrets
import selectors
import socket
import struct
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable

from monopoli_mc.view.feed import Feed, Status
from monopoli_mc.view.html import (Parts, Sections, assemble, list_items, night_parts, night_section, slot,
                                   status_line)

log = logging.getLogger("monopoli_mc.view")
STATUS_EVERY = 2.0  # seconds between status events on an open stream (the page notices a controller gone)
MAX_STREAMS = 100  # open event streams at most
SLOW_AFTER = 20.0  # seconds a stream may take nothing of what is waiting for it before it is closed
BACKLOG = 4 << 20  # bytes a stream may fall behind before it is closed
ALIVE_EVERY = 10.0  # seconds between a running page's word that it reads its stream (page.js)
SETTLE = 2.0  # seconds a new stream is safe from taking-over (so a burst cannot push out the newest)
NIGHT = "night"  # the slot of the night's panel
LISTS = ("log", "results")  # parts that are lists: a change that only adds and drops items at their ends says so
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


def unsent(sock: socket.socket) -> int:
    """Bytes the kernel still holds for a socket (not yet taken by the other end); 0 when it cannot say."""
    try:
        import fcntl  # not on Windows: there a stream's rank counts only what waits here
        import termios
        return int(struct.unpack("i", fcntl.ioctl(sock.fileno(), termios.TIOCOUTQ, b"\0\0\0\0"))[0])
    except (ImportError, OSError, ValueError, AttributeError):
        return 0


@dataclass(eq=False)
class Stream:
    """One viewer's socket, what is waiting to be written to it, and how sure we are that it is read."""

    sock: socket.socket
    only: str | None = None  # the one slot it follows (a board's screen); None: every slot
    token: str = field(default_factory=lambda: secrets.token_urlsafe(9))  # what its page vouches with
    opened: float = 0.0
    vouched: float | None = None  # when its page last said it reads (time.monotonic())
    evicting: bool = False  # it has given its place to a newcomer and is being closed
    pending: deque[memoryview] = field(default_factory=deque)
    size: int = 0  # bytes waiting
    waiting_since: float = 0.0  # when it last took something while more was waiting

    def wants(self, slot: str | None, *, exact: bool = False) -> bool:
        """Whether this stream follows a slot (None: what every stream gets, the status); `exact`: only
        the streams that follow just this slot (None: every slot) take it."""
        if exact:
            return self.only == slot
        return slot is None or self.only is None or slot == self.only

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

    def rank(self, now: float) -> tuple[bool, int, float]:
        """Lowest first gives its place to a newcomer: not vouched for lately, furthest behind, oldest."""
        vouched = self.vouched is not None and now - self.vouched < 2.5 * ALIVE_EVERY
        return vouched, -(self.size + unsent(self.sock)), (self.vouched or 0.0) if vouched else self.opened


@dataclass
class Frame:
    """A slot's picture as the streams have it: its version and parts, the events that send it."""

    slot: str
    version: int
    parts: Parts
    whole: Callable[[], str]  # the slot's HTML, whole (made only when a viewer needs it)
    actions: int | None = None  # a board's action count (the section's data-actions)
    _full: bytes | None = None

    def full(self) -> bytes:
        """The event that gives the whole slot (a new viewer's first), made once."""
        if self._full is None:
            self._full = event("full", {"slot": self.slot, "version": self.version, "html": self.whole()})
        return self._full

    def delta(self, before: Frame | None) -> bytes:
        """The event that turns `before` into this frame: only the parts that changed (or whole, when the
        parts are not the same ones)."""
        if before is None or [n for n, _ in before.parts] != [n for n, _ in self.parts]:
            return self.full()
        was = dict(before.parts)
        changed = {name: html for name, html in self.parts if was[name] != html}
        tails = {}
        for name in [n for n in changed if n in LISTS]:
            tail = _tail(was[name], changed[name])
            if tail is not None:
                tails[name] = tail
                del changed[name]
        data: dict[str, Any] = {"slot": self.slot, "version": self.version, "base": before.version,
                                "parts": changed}
        if tails:
            data["tails"] = tails
        if self.actions is not None:
            data["actions"] = self.actions
        return event("delta", data)


def _tail(old: str, new: str) -> dict[str, Any] | None:
    """A list part's change as the items dropped from its start and those added at its end (a log moving on
    by a line sends that line), or, for a list whose newest item comes first (the night's results), those
    added at its start and dropped from its end (`front`, `cut`); None when it is neither."""
    was, now = list_items(old), list_items(new)
    if was is None or now is None or (was[0], was[2]) != (now[0], now[2]):
        return None
    items, fresh = was[1], now[1]
    # the fewest items kept at either end; where both ends keep some (["b","a"] to ["a","b","a"]), the
    # change that sends fewer items
    ends: list[tuple[int, dict[str, Any]]] = []
    for drop in range(len(items)):
        kept = items[drop:]
        if fresh[:len(kept)] == kept:
            ends.append((len(fresh) - len(kept), {"drop": drop, "add": "".join(fresh[len(kept):])}))
            break
    for cut in range(len(items)):
        kept = items[:len(items) - cut]
        if fresh[len(fresh) - len(kept):] == kept:
            ends.append((len(fresh) - len(kept),
                         {"drop": 0, "add": "", "front": "".join(fresh[:len(fresh) - len(kept)]), "cut": cut}))
            break
    if ends:
        return min(ends, key=lambda end: end[0])[1]
    return {"drop": len(items), "add": "".join(fresh)}


class Hub:
    """Every open event stream of a page server, served by one thread until `close()`."""

    def __init__(self, feed: Feed, sections: Sections, *, max_streams: int = MAX_STREAMS,
                 slow_after: float = SLOW_AFTER, backlog: int = BACKLOG, status_every: float = STATUS_EVERY,
                 settle: float = SETTLE, deltas: bool = True) -> None:
        self.feed = feed
        self.sections = sections
        self.max_streams = max_streams
        self.slow_after = slow_after
        self.backlog = backlog
        self.status_every = status_every
        self.settle = settle
        self.deltas = deltas  # False: every change sends its board whole (as before deltas; bench/page.py)
        self.dropped = 0  # streams closed for being too slow
        self.evicted = 0  # streams closed to make room for a newcomer
        self.sent = 0  # bytes queued to streams (for bench/page.py)
        self._streams: dict[int, Stream] = {}
        self._new: list[Stream] = []
        self._evict: list[Stream] = []
        self._count = 0  # streams taken and not closed (nor giving their place)
        self._lock = threading.Lock()
        self._sel = selectors.DefaultSelector()
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self._sel.register(self._wake_r, selectors.EVENT_READ, None)
        self._frames: dict[str, Frame] = {}
        self._order: tuple[str, ...] = ()
        self._orders: dict[str | None, bytes] = {}  # the order event, by the slot a stream follows
        self._status: tuple[Status, bytes] | None = None
        self._status_at = 0.0
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="monopoli-page-streams", daemon=True)
        feed.listen(self.wake)

    @property
    def renders(self) -> int:
        """Boards rendered (once per change, whatever the number of viewers, the page's too)."""
        return self.sections.renders

    @property
    def open(self) -> int:
        """Streams open or being opened (those being closed to make room not counted)."""
        with self._lock:
            return self._count

    def start(self) -> None:
        """Start the hub's thread."""
        self._thread.start()

    def adopt(self, sock: socket.socket, only: str | None = None) -> bool:
        """Take over a viewer's socket whose request asked for the stream (`only`: the one slot it follows);
        when every place is taken, the least likely read makes room. False (not taken) when none can."""
        now = time.monotonic()
        with self._lock:
            if self._closed:
                return False
            if self._count >= self.max_streams:
                out = [s for s in self._streams.values() if not s.evicting and now - s.opened >= self.settle]
                if not out:
                    return False
                victim = min(out, key=lambda s: s.rank(now))
                victim.evicting = True
                self._evict.append(victim)
                self._count -= 1
            self._new.append(Stream(sock, only=only, opened=now))
            self._count += 1
        self.wake()
        return True

    def vouch(self, token: str) -> bool:
        """A page says it reads its stream (its script runs): it is the last to make room. False: no such stream."""
        with self._lock:
            for stream in self._streams.values():
                if secrets.compare_digest(stream.token, token):
                    stream.vouched = time.monotonic()
                    return True
        return False

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
        return max(0.05, min(self.status_every - (time.monotonic() - self._status_at), 1.0))

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
        """Make room, adopt new streams, render what changed (once), queue it to every stream, drop the slow."""
        with self._lock:
            new, self._new = self._new, []
            evict, self._evict = self._evict, []
        for stream in evict:
            self.evicted += 1
            self._drop(stream)
        fresh = self._render(now)
        for stream in new:  # the whole picture as it is now; what changes after follows
            self._open(stream, now)
        for stream in list(self._streams.values()):
            if stream not in new:
                for only, data, exact in fresh:
                    if stream.wants(only, exact=exact):
                        stream.queue(data, now)
                        self.sent += len(data)
            try:
                stream.flush(now)
            except OSError:
                self._drop(stream)
                continue
            if stream.pending and (stream.size > self.backlog or now - stream.waiting_since > self.slow_after):
                self.dropped += 1
                self._drop(stream)
            else:
                self._watch(stream)

    def _render(self, now: float) -> list[tuple[str | None, bytes, bool]]:
        """The events to send now, each with the slot it is about (None: everyone's) and whether it goes only
        to the streams that follow just that slot: the order when it changed, what changed of each board and
        of the night, the status when due."""
        out: list[tuple[str | None, bytes, bool]] = []
        pictures = self._pictures()
        order = tuple(pictures)
        if order != self._order:
            self._order, self._orders = order, {}
            for gone in set(self._frames) - set(order):
                del self._frames[gone]
            out.append((None, self._order_event(None), True))
            out += [(name, self._order_event(name), True) for name in order if name != NIGHT]
        for name, frame in pictures.items():
            before = self._frames.get(name)
            if before is not None and before.version == frame.version:
                continue
            self._frames[name] = frame
            out.append((name, frame.delta(before) if self.deltas else frame.full(), False))
        status = self.feed.status()
        if self._status is None or status != self._status[0] or now - self._status_at >= self.status_every:
            data = event("status", {"state": status.state, "html": status_line(status), "now": time.time()})
            self._status, self._status_at = (status, data), now
            out.append((None, data, False))
        return out

    def _pictures(self) -> dict[str, Frame]:
        """Every slot's picture now, in the page's order (a picture already framed is not made again)."""
        out: dict[str, Frame] = {}
        for name, (version, view) in self.feed.views().items():
            key = slot(name)
            kept = self._frames.get(key)
            if kept is not None and kept.version == version:
                out[key] = kept
                continue
            parts = self.sections.parts(version, view)
            out[key] = Frame(key, version, parts, functools.partial(assemble, view, parts, version),
                             actions=view.actions)
        night = self.feed.night()
        if night is not None:
            version, panel = night
            kept = self._frames.get(NIGHT)
            if kept is not None and kept.version == version:
                out[NIGHT] = kept
            else:
                parts = night_parts(panel)
                out[NIGHT] = Frame(NIGHT, version, parts, functools.partial(night_section, parts, version))
        return out

    def _order_event(self, only: str | None) -> bytes:
        """The slots a stream shows, in order, and every board's name (for the page's links)."""
        if only not in self._orders:
            slots = [s for s in self._order if only is None or s == only]
            boards = [name for name, _ in self.feed.views().items()]
            self._orders[only] = event("order", {"slots": slots, "boards": boards})
        return self._orders[only]

    def _open(self, stream: Stream, now: float) -> None:
        """A new stream: the answer's head, its place, then the whole picture it follows and the status."""
        stream.sock.setblocking(False)
        hello = event("hello", {"stream": stream.token, "alive": ALIVE_EVERY})
        frames = [f.full() for name, f in self._frames.items() if stream.wants(name)]
        for data in (HEAD, hello, self._order_event(stream.only), *frames,
                     *([self._status[1]] if self._status else [])):
            stream.queue(data, now)
            self.sent += len(data)
        with self._lock:
            self._streams[stream.sock.fileno()] = stream
        self._sel.register(stream.sock, selectors.EVENT_READ, stream)

    def _watch(self, stream: Stream) -> None:
        """Wait for the socket to take more only while something is waiting for it."""
        mask = selectors.EVENT_READ | (selectors.EVENT_WRITE if stream.pending else 0)
        if self._sel.get_key(stream.sock).events != mask:
            self._sel.modify(stream.sock, mask, stream)

    def _drop(self, stream: Stream) -> None:
        with self._lock:
            if self._streams.pop(stream.sock.fileno(), None) is None:
                return
            if not stream.evicting:
                self._count -= 1
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
        for stream in (*streams, *new):
            stream.sock.close()
        self._sel.close()
        self._wake_r.close()
        self._wake_w.close()
