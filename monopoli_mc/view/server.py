"""The page's web server (the standard library's): the page, its stylesheet and script, an event stream.

Read-only: it answers GET and HEAD and nothing else. `/events` is a server-sent
event stream, served by the stream hub (`streams.py`): every board's section when it
changes, and the status line every couple of seconds (so a page notices a controller
that has gone). The page cannot slow the game: the page and its JSON are rendered once
per change whatever the number of viewers, at most `max_requests` requests are answered
at once (each in a thread that gives up on a silent client after `request_timeout`
seconds) and `max_streams` streams are open; past either, the answer is 503 with
Retry-After. A connection the machine has no thread left for is refused the same way,
and the server goes on listening.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import socket
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any, Callable

from monopoli_mc.errors import MonopoliError
from monopoli_mc.view.feed import Feed
from monopoli_mc.view.html import Sections, page, ticking
from monopoli_mc.view.streams import MAX_STREAMS, SECURITY, SLOW_AFTER, Hub

MAX_REQUESTS = 32  # requests answered at once (each in a thread of its own)
REQUEST_TIMEOUT = 10.0  # seconds a client may take to send its request (or to take the answer)
RETRY_AFTER = 10  # seconds, in a 503
BUSY = "the board page has too many viewers right now; try again in a moment\n"
_STATIC = {"/page.css": ("page.css", "text/css; charset=utf-8"),
           "/page.js": ("page.js", "text/javascript; charset=utf-8")}
_REFUSED = (f"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
            f"Retry-After: {RETRY_AFTER}\r\nConnection: close\r\nContent-Length: {len(BUSY.encode())}\r\n\r\n"
            f"{BUSY}").encode()


def parse_address(text: str) -> tuple[str, int]:
    """"HOST:PORT", ":PORT" or "PORT" (loopback) as (host, port); raises MonopoliError when it is neither."""
    host, sep, port = text.strip().rpartition(":")
    if not sep:
        host, port = "", text.strip()
    host = host.strip("[]") or "127.0.0.1"
    if not port.isdigit() or int(port) > 65535:
        raise MonopoliError(f"--web wants HOST:PORT or PORT, such as 127.0.0.1:8080, found {text!r}")
    return host, int(port)


@functools.cache  # read once, not per request
def _static(name: str) -> str:
    return resources.files("monopoli_mc.view").joinpath("static", name).read_text(encoding="utf-8")


class Rendered:
    """The page and its JSON, made once per change of the feed and shared by every request."""

    def __init__(self, feed: Feed, sections: Sections) -> None:
        self.feed = feed
        self.sections = sections
        self._lock = threading.Lock()
        self._made: dict[str, tuple[Any, str]] = {}

    def get(self, what: str) -> str:
        """"page" or "json", as the feed is now."""
        views = self.feed.views()
        key = (self.feed.version, self.feed.status(), [ticking(v) for _, v in views.values()])
        with self._lock:  # a second request waits for the first one's rendering rather than rendering too
            made = self._made.get(what)
            if made is None or made[0] != key:
                made = (key, self._make(what))
                self._made[what] = made
            return made[1]

    def _make(self, what: str) -> str:
        views = self.feed.views()
        if what == "page":
            return page([v for _, v in views.values()], self.feed.status(),
                        drawn=[self.sections.get(n, v) for n, v in views.values()])
        return json.dumps({"status": dataclasses.asdict(self.feed.status()),
                           "boards": {n: dataclasses.asdict(v) for n, (_, v) in views.items()}})


class _Server(ThreadingHTTPServer):
    """Threads for requests, at most `max_requests` at once; a refused connection never stops the listening."""

    daemon_threads = True
    block_on_close = False
    max_requests = MAX_REQUESTS
    spawn: Callable[..., threading.Thread] = threading.Thread  # how a request gets its thread

    def __init__(self, address: tuple[str, int], handler: type[BaseHTTPRequestHandler]) -> None:
        self.busy = 0
        self.refused = 0  # connections answered 503 because no thread was free (or could be made)
        self._lock = threading.Lock()
        super().__init__(address, handler)

    def process_request(self, request: Any, client_address: Any) -> None:
        """Answer the request in a thread of its own, or refuse it (503) when too many run or none can start."""
        with self._lock:
            full = self.busy >= self.max_requests
            if not full:
                self.busy += 1
        if full:
            self.refuse(request)
            return
        try:
            self.spawn(target=self._answer, args=(request, client_address), daemon=True).start()
        except RuntimeError:  # "can't start new thread": refuse this one, keep listening
            with self._lock:
                self.busy -= 1
            self.refuse(request)

    def _answer(self, request: Any, client_address: Any) -> None:
        try:
            self.process_request_thread(request, client_address)
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
                 request_timeout: float = REQUEST_TIMEOUT, slow_after: float = SLOW_AFTER) -> None:
        self.feed = feed
        sections = Sections()  # each picture rendered once, for the page and for the streams
        self.hub = Hub(feed, sections, max_streams=max_streams, slow_after=slow_after)
        self.rendered = Rendered(feed, sections)
        handler = type("Handler", (_Handler,), {"page_server": self, "timeout": request_timeout})
        try:
            self.httpd = _Server((host, port), handler)
        except OSError as exc:
            raise MonopoliError(f"cannot serve the board page on {host}:{port}: {exc.strerror or exc}; "
                                "choose another --web address") from None
        self.httpd.max_requests = max_requests
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
        self._thread.start()
        return self

    def close(self, *, grace: float = 1.0) -> None:
        """Stop serving; open event streams first get the feed's last status (call feed.stop before)."""
        if self.started:
            self.httpd.shutdown()
        self.httpd.server_close()
        self.hub.close(grace)


class _Handler(BaseHTTPRequestHandler):
    page_server: PageServer
    protocol_version = "HTTP/1.1"
    server_version = "monopoli"

    def do_HEAD(self) -> None:  # noqa: N802 (the standard library's name)
        self.do_GET(body=False)

    def do_GET(self, *, body: bool = True) -> None:  # noqa: N802
        server = self.page_server
        path = self.path.split("?", 1)[0]
        if path in ("/", "/index.html"):
            self._send(HTTPStatus.OK, "text/html; charset=utf-8", server.rendered.get("page"), body)
        elif path in _STATIC:
            name, kind = _STATIC[path]
            self._send(HTTPStatus.OK, kind, _static(name), body)
        elif path == "/state.json":
            self._send(HTTPStatus.OK, "application/json", server.rendered.get("json"), body)
        elif path == "/events" and body:
            self._events(server)
        else:
            self._send(HTTPStatus.NOT_FOUND, "text/plain; charset=utf-8", "not found\n", body)

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

    def _events(self, server: PageServer) -> None:
        """Hand the socket to the stream hub (this thread ends), or answer 503 when it has enough."""
        self.close_connection = True
        # Detached, the socket is the hub's: socketserver's shutdown and close of it then do nothing.
        sock = socket.socket(fileno=self.connection.detach())
        if not server.hub.adopt(sock):
            server.httpd.refuse(sock)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the standard library's name)
        """Quiet: the terminal is the controller's log."""
