"""The page's web server (the standard library's): the page, its stylesheet and script, an event stream.

Read-only: it answers GET and HEAD and nothing else. `/events` is a server-sent
event stream: every board's section when it changes, and the status line every
couple of seconds (so a page notices a controller that has gone).
"""

from __future__ import annotations

import dataclasses
import json
import threading
import time
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any

from monopoli_mc.errors import MonopoliError
from monopoli_mc.view.feed import Feed, Status
from monopoli_mc.view.html import page, section, status_line

STATUS_EVERY = 2.0  # seconds between status events on an open stream
_SECURITY = {
    # Only this server's own files, and no inline script: an escaping slip could not run code.
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; "
                               "connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
_STATIC = {"/page.css": ("page.css", "text/css; charset=utf-8"),
           "/page.js": ("page.js", "text/javascript; charset=utf-8")}


def parse_address(text: str) -> tuple[str, int]:
    """"HOST:PORT", ":PORT" or "PORT" (loopback) as (host, port); raises MonopoliError when it is neither."""
    host, sep, port = text.strip().rpartition(":")
    if not sep:
        host, port = "", text.strip()
    host = host.strip("[]") or "127.0.0.1"
    if not port.isdigit() or int(port) > 65535:
        raise MonopoliError(f"--web wants HOST:PORT or PORT, such as 127.0.0.1:8080, found {text!r}")
    return host, int(port)


class PageServer:
    """Serves the page of a feed on one address, in a thread of its own, until `close()`."""

    def __init__(self, feed: Feed, host: str = "127.0.0.1", port: int = 8080) -> None:
        self.feed = feed
        self.streams = 0
        self._streams = threading.Condition()
        handler = type("Handler", (_Handler,), {"page_server": self})
        try:
            self.httpd = ThreadingHTTPServer((host, port), handler)
        except OSError as exc:
            raise MonopoliError(f"cannot serve the board page on {host}:{port}: {exc.strerror or exc}; "
                                "choose another --web address") from None
        self.httpd.daemon_threads = True
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

    def start(self) -> PageServer:
        """Start serving."""
        self._thread.start()
        return self

    def close(self, *, grace: float = 1.0) -> None:
        """Stop serving; open event streams first get the feed's last status (call feed.stop before)."""
        with self._streams:
            self._streams.wait_for(lambda: self.streams == 0, grace)
        if self.started:
            self.httpd.shutdown()
        self.httpd.server_close()

    def count(self, step: int) -> None:
        """One more (or fewer) open event stream."""
        with self._streams:
            self.streams += step
            self._streams.notify_all()


class _Handler(BaseHTTPRequestHandler):
    page_server: PageServer
    protocol_version = "HTTP/1.1"
    server_version = "monopoli"

    def do_HEAD(self) -> None:  # noqa: N802 (the standard library's name)
        self.do_GET(body=False)

    def do_GET(self, *, body: bool = True) -> None:  # noqa: N802
        feed = self.page_server.feed
        path = self.path.split("?", 1)[0]
        if path in ("/", "/index.html"):
            views = [v for _, v in feed.views().values()]
            self._send(HTTPStatus.OK, "text/html; charset=utf-8", page(views, feed.status()), body)
        elif path in _STATIC:
            name, kind = _STATIC[path]
            text = resources.files("monopoli_mc.view").joinpath("static", name).read_text(encoding="utf-8")
            self._send(HTTPStatus.OK, kind, text, body)
        elif path == "/state.json":
            data = {"status": dataclasses.asdict(feed.status()),
                    "boards": {n: dataclasses.asdict(v) for n, (_, v) in feed.views().items()}}
            self._send(HTTPStatus.OK, "application/json", json.dumps(data), body)
        elif path == "/events" and body:
            self._events(feed)
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
        for key, value in {**_SECURITY, **(extra or {}), "Content-Type": kind,
                           "Content-Length": str(len(data))}.items():
            self.send_header(key, value)
        self.end_headers()
        if body:
            self.wfile.write(data)

    def _events(self, feed: Feed) -> None:
        self.send_response(HTTPStatus.OK)
        for key, value in {**_SECURITY, "Content-Type": "text/event-stream; charset=utf-8",
                           "Connection": "close"}.items():
            self.send_header(key, value)
        self.end_headers()
        self.close_connection = True
        self.page_server.count(1)
        try:
            self._stream(feed)
        except (BrokenPipeError, ConnectionResetError, TimeoutError):
            pass  # the page was closed
        finally:
            self.page_server.count(-1)

    def _stream(self, feed: Feed) -> None:
        sent: dict[str, int] = {}
        shown: Status | None = None
        said = 0.0
        version = -1
        while True:
            version = feed.wait(version, 1.0) if version >= 0 else feed.version
            for name, (v, view) in feed.views().items():
                if sent.get(name) != v:
                    sent[name] = v
                    self._event("board", {"board": name, "html": section(view)})
            status = feed.status()
            if status != shown or time.monotonic() - said >= STATUS_EVERY:
                shown, said = status, time.monotonic()
                self._event("status", {"state": status.state, "html": status_line(status)})
            if status.state == "stopped":
                return

    def _event(self, kind: str, data: dict[str, Any]) -> None:
        self.wfile.write(f"event: {kind}\ndata: {json.dumps(data)}\n\n".encode("utf-8"))
        self.wfile.flush()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the standard library's name)
        """Quiet: the terminal is the controller's log."""
