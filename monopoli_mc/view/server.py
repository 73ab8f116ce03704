"""The page's web server (the standard library's): the page's screens, its stylesheet and script, an event stream.

Read-only: it answers GET and HEAD and nothing else. Its screens: `/` (every board one
under the other), `/wall` (every board on one screen; `?rotate=SECONDS`: one board at
a time, in turn) and `/board/NAME` (one board). `/events` (`?board=NAME`: that board
only) is a server-sent event stream, served by the stream hub (`streams.py`): what
changed of each board, and the status line every couple of seconds (so a page notices a
controller that has gone); `/alive?stream=TOKEN` is a running page's word that it reads
its stream. The page cannot slow the game, and no client can take it off the projector:
the page and its JSON are rendered once per change whatever the number of viewers; a
connection costs no thread until its request's head has come whole, and none while its
answer is taken or it waits for its next request (`gate.py`: one thread, a deadline on
each, the oldest waiting closed past `max_connections`); at most `max_requests` answers
are made at once (past that, 503 with Retry-After) and `max_streams` streams are open
(past that, a newcomer takes the place of the stream least likely read). A request the
machine has no thread left for is refused the same way, and the server goes on listening.
"""

from __future__ import annotations

import dataclasses
import functools
import io
import json
import socket
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any, Callable
from urllib.parse import parse_qs, unquote, urlsplit

from monopoli_mc.errors import MonopoliError
from monopoli_mc.operator_input import Address
from monopoli_mc.view.feed import Feed, Status
from monopoli_mc.view.gate import HEAD_TIMEOUT, IDLE_TIMEOUT, MAX_CONNECTIONS, WRITE_TIMEOUT, Connection, Gate
from monopoli_mc.view.html import Screen, Sections, night_parts, night_section, page, slot, ticking
from monopoli_mc.view.memo import Memo
from monopoli_mc.view.model import BoardView, NightPanel
from monopoli_mc.view.streams import MAX_STREAMS, SECURITY, SETTLE, SLOW_AFTER, Hub

MAX_REQUESTS = 32  # answers made at once (each in a thread of its own)
ROTATE = (5, 3600)  # seconds a board may stay on a rotating wall
RETRY_AFTER = 10  # seconds, in a 503
BUSY = "the board page has too many viewers right now; try again in a moment\n"
_STATIC = {"/page.css": ("page.css", "text/css; charset=utf-8"),
           "/page.js": ("page.js", "text/javascript; charset=utf-8")}
_REFUSED = (f"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
            f"Retry-After: {RETRY_AFTER}\r\nConnection: close\r\nContent-Length: {len(BUSY.encode())}\r\n\r\n"
            f"{BUSY}").encode()


def parse_address(text: str) -> tuple[str, int]:
    """"HOST:PORT", ":PORT" or "PORT" (loopback) as (host, port), the port by the operator's rule; raises
    NotAccepted (a MonopoliError, one line) when it is neither."""
    return Address("--web").read(text)


@functools.cache  # read once, not per request
def _static(name: str) -> str:
    return resources.files("monopoli_mc.view").joinpath("static", name).read_text(encoding="utf-8")


class Rendered:
    """The page's screens and its JSON, made once per change of the feed and shared by every request."""

    def __init__(self, feed: Feed, sections: Sections) -> None:
        self.feed = feed
        self.sections = sections
        self._memo: Memo[str] = Memo()

    def get(self, what: str, screen: Screen = Screen()) -> str:
        """"page" (of a screen) or "json", as the feed is now."""
        views, status, night = self.feed.views(), self.feed.status(), self.feed.night()
        if screen.board is not None:
            views = {n: v for n, v in views.items() if n == screen.board}
        key = (self.feed.version, status, screen, tuple(ticking(v) for _, v in views.values()))
        slot = f"{what} {screen.kind}"  # one a kind of screen: any number of addresses cannot fill the memory
        return self._memo.get(slot, key, lambda: self._make(what, views, status, night, screen))

    def _make(self, what: str, views: dict[str, tuple[int, BoardView]], status: Status,
              night: tuple[int, NightPanel] | None, screen: Screen) -> str:
        """The text of what the key was read from (the same views and status)."""
        if what == "page":
            aside = "" if screen.kind == "board" else (
                night_section(night_parts(night[1]), night[0]) if night else night_section(()))
            return page([v for _, v in views.values()], status, screen=screen, night=aside,
                        night_shown=bool(aside and night and night[1].parts),
                        drawn=[self.sections.get(n, v) for n, v in views.values()])
        return json.dumps({"status": dataclasses.asdict(status),
                           "boards": {n: dataclasses.asdict(v) for n, (_, v) in views.items()}})


class _Server(ThreadingHTTPServer):
    """Listens, and gives each connection to the gate; a request whose head came whole gets a thread to
    make its answer, at most `max_requests` at once; a refused one never stops the listening."""

    daemon_threads = True
    block_on_close = False
    request_queue_size = 128  # connections the kernel queues for accept (5 drops a burst's SYNs: a second lost each)
    max_requests = MAX_REQUESTS
    spawn: Callable[..., threading.Thread] = threading.Thread  # how a request gets its thread
    gate: Gate
    page_server: PageServer

    def __init__(self, address: tuple[str, int], handler: type[BaseHTTPRequestHandler]) -> None:
        self.busy = 0
        self.refused = 0  # requests answered 503 because no thread was free (or could be made)
        self._lock = threading.Lock()
        super().__init__(address, handler)

    def process_request(self, request: Any, client_address: Any) -> None:
        """The gate waits for the request's head (no thread is held by a silent or slow client)."""
        self.gate.admit(request, client_address)

    def dispatch(self, conn: Connection, head: bytes) -> None:
        """Make the answer in a thread of its own, or refuse it (503) when too many run or none can start."""
        with self._lock:
            full = self.busy >= self.max_requests
            if not full:
                self.busy += 1
        if full:
            self.refuse(conn.sock)
            return
        try:
            self.spawn(target=self._answer, args=(conn, head), daemon=True).start()
        except RuntimeError:  # "can't start new thread": refuse this one, keep listening
            with self._lock:
                self.busy -= 1
            self.refuse(conn.sock)

    def _answer(self, conn: Connection, head: bytes) -> None:
        try:
            handler: Any = self.RequestHandlerClass(head, conn.address, self)  # type: ignore[arg-type]
            if handler.streams:
                # The socket is the hub's from now on, or refused when the hub has enough.
                if not self.page_server.hub.adopt(conn.sock, handler.only):
                    self.refuse(conn.sock)
            else:
                self.gate.answer(conn, handler.wfile.getvalue(), keep=not handler.close_connection)
        except Exception:  # what people look at must never stop the night: this connection only
            conn.sock.close()
        finally:
            with self._lock:
                self.busy -= 1

    def refuse(self, request: socket.socket) -> None:
        """Answer 503 with Retry-After and close, never waiting on the client (it is counted)."""
        self.refused += 1
        try:
            request.setblocking(False)
            request.send(_REFUSED)
        except OSError:
            pass
        self.shutdown_request(request)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Quiet: a viewer that went away mid-answer is no news for the controller's terminal."""


class PageServer:
    """Serves the page of a feed on one address, in threads of its own, until `close()`."""

    def __init__(self, feed: Feed, host: str = "127.0.0.1", port: int = 8080, *,
                 max_streams: int = MAX_STREAMS, max_requests: int = MAX_REQUESTS,
                 head_timeout: float = HEAD_TIMEOUT, idle_timeout: float = IDLE_TIMEOUT,
                 write_timeout: float = WRITE_TIMEOUT, max_connections: int = MAX_CONNECTIONS,
                 slow_after: float = SLOW_AFTER, settle: float = SETTLE, deltas: bool = True) -> None:
        self.feed = feed
        sections = Sections()  # each picture rendered once, for the page and for the streams
        self.hub = Hub(feed, sections, max_streams=max_streams, slow_after=slow_after, settle=settle, deltas=deltas)
        self.rendered = Rendered(feed, sections)
        handler = type("Handler", (_Handler,), {"page_server": self})
        try:
            self.httpd = _Server((host, port), handler)
        except OSError as exc:
            raise MonopoliError(f"cannot serve the board page on {host}:{port}: {exc.strerror or exc}; "
                                "choose another --web address") from None
        self.httpd.max_requests = max_requests
        self.httpd.page_server = self
        self.gate = self.httpd.gate = Gate(self.httpd.dispatch, head_timeout=head_timeout, idle_timeout=idle_timeout,
                                           write_timeout=write_timeout, max_connections=max_connections)
        self._thread = threading.Thread(target=self.httpd.serve_forever, name="monopoli-page", daemon=True)

    @property
    def url(self) -> str:
        """The page's address."""
        host, port = self.httpd.server_address[:2]
        name = host.decode() if isinstance(host, bytes) else str(host)
        shown = f"[{name}]" if ":" in name else name
        return f"http://{shown}:{port}/"

    @property
    def started(self) -> bool:
        """Whether it serves yet."""
        return self._thread.is_alive()

    @property
    def streams(self) -> int:
        """Event streams open now."""
        return self.hub.open

    def start(self) -> PageServer:
        """Start serving."""
        self.hub.start()
        self.gate.start()
        self._thread.start()
        return self

    def close(self, *, grace: float = 1.0) -> None:
        """Stop serving; open event streams first get the feed's last status (call feed.stop before)."""
        if self.started:
            self.httpd.shutdown()
        self.httpd.server_close()
        self.gate.close()
        self.hub.close(grace)


class _Handler(BaseHTTPRequestHandler):
    """One request, made from its head (the gate read it) into the answer's bytes (the gate writes them)."""

    page_server: PageServer
    protocol_version = "HTTP/1.1"
    server_version = "monopoli"
    request: bytes  # the request's head
    streams = False  # whether the answer is the event stream (the socket goes to the hub)
    only: str | None = None  # the one slot a stream follows (a board's screen)

    def setup(self) -> None:
        """Read from the head the gate read, write into bytes the gate will write."""
        self.rfile = io.BytesIO(self.request)
        self.wfile = io.BytesIO()

    def handle(self) -> None:
        """One request: the next one on the connection comes to the gate again."""
        self.close_connection = True
        self.handle_one_request()

    def finish(self) -> None:
        """Nothing to flush or close: the bytes are the gate's."""

    def do_HEAD(self) -> None:  # noqa: N802 (the standard library's name)
        self.do_GET(body=False)

    def do_GET(self, *, body: bool = True) -> None:  # noqa: N802
        server = self.page_server
        url = urlsplit(self.path)
        path, query = url.path, parse_qs(url.query)
        if path in ("/", "/index.html"):
            self._page(Screen(), body)
        elif path == "/wall":
            self._wall(query, body)
        elif path.startswith("/board/"):
            name = unquote(path.removeprefix("/board/"))
            boards = server.feed.views()
            if boards and name not in boards:
                self._send(HTTPStatus.NOT_FOUND, "text/plain; charset=utf-8",
                           f"no board {name!r} on this page; the boards: {', '.join(boards)}\n", body)
            else:
                self._page(Screen("board", board=name), body)
        elif path in _STATIC:
            name, kind = _STATIC[path]
            self._send(HTTPStatus.OK, kind, _static(name), body)
        elif path == "/state.json":
            self._send(HTTPStatus.OK, "application/json", server.rendered.get("json"), body)
        elif path == "/events" and body:
            board = query.get("board", [None])[-1]
            self.only = None if board is None else slot(board)
            self.close_connection = True
            self.streams = True  # the socket goes to the stream hub (or is answered 503 when it has enough)
        elif path == "/alive":
            known = server.hub.vouch(query.get("stream", [""])[-1])
            self._send(HTTPStatus.NO_CONTENT if known else HTTPStatus.NOT_FOUND, "text/plain; charset=utf-8",
                       "" if known else "no such stream: reconnect\n", body)
        else:
            self._send(HTTPStatus.NOT_FOUND, "text/plain; charset=utf-8", "not found\n", body)

    def _page(self, screen: Screen, body: bool) -> None:
        self._send(HTTPStatus.OK, "text/html; charset=utf-8", self.page_server.rendered.get("page", screen), body)

    def _wall(self, query: dict[str, list[str]], body: bool) -> None:
        """The wall: every board at once, or `rotate` seconds each from the `at`-th."""
        rotate, at = query.get("rotate", [""])[-1], query.get("at", ["0"])[-1]
        low, high = ROTATE
        if rotate and not (rotate.isascii() and rotate.isdigit() and low <= int(rotate) <= high):
            self._send(HTTPStatus.BAD_REQUEST, "text/plain; charset=utf-8",
                       f"rotate is a whole number of seconds from {low} to {high}, in the digits 0-9 alone, "
                       f"not {rotate!r}\n", body)
            return
        boards = max(1, len(self.page_server.feed.views()))
        place = int(at) % boards if at.isascii() and at.isdigit() and len(at) < 6 else 0
        self._page(Screen("wall", rotate=int(rotate) if rotate else None, at=place if rotate else 0), body)

    def _refuse(self) -> None:
        self._send(HTTPStatus.METHOD_NOT_ALLOWED, "text/plain; charset=utf-8", "this page is read-only\n", True,
                   extra={"Allow": "GET, HEAD"})

    do_POST = do_PUT = do_DELETE = do_PATCH = _refuse  # noqa: N815

    def _send(self, code: HTTPStatus, kind: str, text: str, body: bool,
              extra: dict[str, str] | None = None) -> None:
        data = text.encode("utf-8")
        self.send_response(code)
        for key, value in {**SECURITY, **(extra or {}), "Content-Type": kind,
                           "Content-Length": str(len(data))}.items():
            self.send_header(key, value)
        self.end_headers()
        if body:
            self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the standard library's name)
        """Quiet: the terminal is the controller's log."""
