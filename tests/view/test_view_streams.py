"""Issue 19 item 10: the page cannot slow the game. Over real sockets: a change is rendered once for
every viewer, streams past the cap and requests past theirs are answered 503, a viewer that takes
nothing is closed, a silent connection times out, and a thread that cannot start costs only its
connection. Issue 27 point 10: idle sockets, a slow loris and idle keep-alives cost no thread and
are closed at their deadlines, so the projector's request is answered whatever they do."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from threads_support import scarce

from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.settings import load_rules
from monopoli_mc.view import html
from monopoli_mc.view.feed import Feed
from monopoli_mc.view.model import lobby_view
from monopoli_mc.view.server import PageServer


def _view(board: str, seated: int, *, long: int = 0) -> Any:
    rules = load_rules("prom")
    return lobby_view(board, rules, load_board(board_path(rules.board)), quarters=0,
                      lobby=tuple(f"Player{n}" + "x" * long for n in range(seated)))


@contextmanager
def serving(**limits: Any) -> Iterator[tuple[Feed, PageServer]]:
    feed = Feed()
    feed.publish(_view("main", 0))
    server = PageServer(feed, "127.0.0.1", 0, **limits).start()
    try:
        yield feed, server
    finally:
        feed.stop("the test is over")
        server.close(grace=0.2)


def _connect(server: PageServer, request: bytes | None = b"GET /events HTTP/1.1\r\nHost: t\r\n\r\n", *,
             buffer: int | None = None) -> socket.socket:
    host, port = server.httpd.server_address[:2]
    sock = socket.socket()
    if buffer is not None:  # before connecting, so the window is small from the start
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, buffer)
    sock.settimeout(10)
    sock.connect((str(host), int(port)))
    if request is not None:
        sock.sendall(request)
    return sock


def _read_until(sock: socket.socket, marker: bytes, timeout: float = 10) -> bytes:
    got = b""
    end = time.monotonic() + timeout
    while marker not in got:
        sock.settimeout(max(0.01, end - time.monotonic()))
        chunk = sock.recv(65536)
        if not chunk:
            break
        got += chunk
    return got


def _closed_within(sock: socket.socket, timeout: float) -> bool:
    """Whether the server closes the connection within `timeout` (whatever it sent before)."""
    end = time.monotonic() + timeout
    try:
        while time.monotonic() < end:
            sock.settimeout(max(0.01, end - time.monotonic()))
            if not sock.recv(65536):
                return True
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True
    return False


def _wait(check: Any, timeout: float = 10) -> None:
    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.01)


def test_a_change_is_rendered_once_for_all_viewers() -> None:
    with serving() as (feed, server):
        viewers = [_connect(server) for _ in range(20)]
        for sock in viewers:
            assert _read_until(sock, b"event: status").startswith(b"HTTP/1.1 200 OK")  # the lobby, nobody seated
        rendered = server.hub.renders
        feed.publish(_view("main", 3))
        for sock in viewers:
            assert b"Player2" in _read_until(sock, b"Player2")
        assert server.hub.renders == rendered + 1  # one rendering, twenty viewers
        for sock in viewers:
            sock.close()


def test_the_page_shows_the_section_the_streams_rendered(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []
    real = html.section_parts
    monkeypatch.setattr(html, "section_parts", lambda view, **kw: drawn.append(view.board) or real(view, **kw))
    with serving() as (feed, server):
        viewer = _connect(server)
        _read_until(viewer, b"event: status")  # the first picture, nobody seated
        feed.publish(_view("main", 3))
        assert b"Player2" in _read_until(viewer, b"Player2")
        page = _connect(server, request=b"GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        assert b"Player2" in _read_until(page, b"</html>")
        assert drawn == ["main", "main"]  # each picture rendered once, for the stream and the page
        viewer.close()
        page.close()


def test_streams_past_the_cap_are_answered_503_and_a_place_frees_when_a_viewer_leaves() -> None:
    with serving(max_streams=3) as (_, server):
        viewers = [_connect(server) for _ in range(3)]
        for sock in viewers:
            assert _read_until(sock, b"event: status").startswith(b"HTTP/1.1 200 OK")
        fourth = _connect(server)
        answer = _read_until(fourth, b"try again")
        assert answer.startswith(b"HTTP/1.1 503 ") and b"Retry-After: 10" in answer and _closed_within(fourth, 5)
        viewers[0].close()
        _wait(lambda: server.streams == 2)
        fifth = _connect(server)
        assert _read_until(fifth, b"event: status").startswith(b"HTTP/1.1 200 OK")
        for sock in (*viewers[1:], fifth):
            sock.close()


@pytest.mark.long(seconds=5)
def test_a_viewer_that_takes_nothing_is_closed_and_the_others_go_on() -> None:
    with serving(slow_after=0.5) as (feed, server):
        stalled = _connect(server, buffer=1024)
        reader = _connect(server)
        _read_until(reader, b"event: status")  # open: what changes from now on comes as deltas
        for n in range(400):  # each change ~25 KB: the stalled viewer's buffers fill, then its backlog waits
            feed.publish(_view("main", n % 8, long=3000))
            _read_until(reader, b"event: delta")
            if server.hub.dropped:
                break
        _wait(lambda: server.hub.dropped == 1)
        assert server.streams == 1
        feed.publish(_view("main", 8))
        assert b"Player7" in _read_until(reader, b"Player7")
        reader.close()
        stalled.close()


def test_a_connection_that_sends_no_request_is_closed_after_the_timeout() -> None:
    with serving(head_timeout=0.3) as (_, server):
        silent = _connect(server, request=None)
        started = time.monotonic()
        assert _closed_within(silent, 5) and time.monotonic() - started < 3
        assert server.httpd.busy == 0  # it never had a thread
        silent.close()


def test_requests_past_the_cap_are_answered_503_and_the_server_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()
    with serving(max_requests=2) as (_, server):
        made = server.rendered.get
        monkeypatch.setattr(server.rendered, "get", lambda *what: release.wait(10) and made(*what))
        slow = [_connect(server, request=b"GET / HTTP/1.1\r\nHost: t\r\n\r\n") for _ in range(2)]
        _wait(lambda: server.httpd.busy == 2)  # both answers being made
        third = _connect(server, request=b"GET / HTTP/1.1\r\nHost: t\r\n\r\n")
        assert _read_until(third, b"try again").startswith(b"HTTP/1.1 503 ")
        release.set()
        for sock in slow:
            assert _read_until(sock, b"</html>").startswith(b"HTTP/1.1 200 OK")
        _wait(lambda: server.httpd.busy == 0)
        page = _connect(server, request=b"GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        assert _read_until(page, b"</html>").startswith(b"HTTP/1.1 200 OK")
        for sock in (*slow, third, page):
            sock.close()


def test_a_thread_that_cannot_start_costs_only_its_connection(monkeypatch: pytest.MonkeyPatch) -> None:
    """As `threading.Thread.start` fails when the machine has no thread left."""

    with serving() as (_, server):
        monkeypatch.setattr(server.httpd, "spawn", scarce())
        first = _connect(server, request=b"GET / HTTP/1.1\r\nHost: t\r\n\r\n")
        assert _read_until(first, b"try again").startswith(b"HTTP/1.1 503 ")
        second = _connect(server, request=b"GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        assert _read_until(second, b"</html>").startswith(b"HTTP/1.1 200 OK")
        assert server.httpd.refused == 1
        first.close()
        second.close()



def test_a_new_stream_gets_each_frame_once_with_the_page_s_security_headers() -> None:
    from monopoli_mc.view.streams import Hub
    feed = Feed()
    feed.publish(_view("main", 0))
    hub = Hub(feed, html.Sections())  # not started: the test takes its steps
    ours, theirs = socket.socketpair()
    assert hub.adopt(ours)
    feed.publish(_view("main", 3))  # changed in the same step the viewer comes in
    hub._step(time.monotonic())
    theirs.settimeout(1)
    got = _read_until(theirs, b"event: status")
    theirs.setblocking(False)
    try:
        got += theirs.recv(65536)
    except BlockingIOError:
        pass
    head = got.split(b"\r\n\r\n", 1)[0].decode()
    assert "Content-Security-Policy: default-src 'none'" in head and "Referrer-Policy: no-referrer" in head
    assert got.count(b"event: full") == 1 and got.count(b"event: status") == 1, got[:400]
    assert got.count(b"event: delta") == 0  # the change it came with is in its whole picture
    ours.close()
    theirs.close()


def test_a_page_without_script_shows_the_time_left_as_it_is_now(monkeypatch: pytest.MonkeyPatch) -> None:
    sections, clock = html.Sections(), [1000.0]
    monkeypatch.setattr(html.time, "time", lambda: clock[0])
    view = _view("main", 0)
    timed = type(view)(**{**view.__dict__, "ends_at": 1000.0 + 600})
    assert ">10:00<" in sections.get(1, timed)
    clock[0] += 5
    assert ">9:55<" in sections.get(1, timed)  # same picture, five seconds on: not the cached text
    assert sections.get(1, view) is sections.get(1, view)  # no time limit: rendered once per picture


# -- issue 27 point 10: idle and slow clients cannot take the page off the projector ----------------
PAGE = b"GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n"


def _loris(server: PageServer, stop: threading.Event, every: float = 0.1) -> socket.socket:
    """A client that sends its head a line at a time and never ends it."""
    sock = _connect(server, request=b"GET / HTTP/1.1\r\n")

    def trickle() -> None:
        n = 0
        while not stop.wait(every):
            try:
                sock.send(b"X-%d: y\r\n" % n)
            except OSError:
                return
            n += 1
    threading.Thread(target=trickle, daemon=True).start()
    return sock


def test_idle_sockets_and_a_slow_loris_leave_the_page_to_the_projector() -> None:
    stop = threading.Event()
    with serving() as (_, server):
        idle = [_connect(server, request=None) for _ in range(100)]
        loris = _loris(server, stop)
        _wait(lambda: server.gate.held == 101)
        started = time.monotonic()
        page = _connect(server, request=PAGE)
        assert _read_until(page, b"</html>", timeout=5).startswith(b"HTTP/1.1 200 OK")
        assert time.monotonic() - started < 2
        # Nobody waiting holds a thread: the page's own thread lets go just after its last byte is
        # handed on (a client may read it first, as a loaded machine showed), the others never take one.
        _wait(lambda: server.httpd.busy == 0, timeout=2)
        assert server.httpd.refused == 0
        stop.set()
        for sock in (*idle, loris, page):
            sock.close()


def test_a_slow_loris_is_closed_at_the_head_deadline_though_it_keeps_sending() -> None:
    stop = threading.Event()
    with serving(head_timeout=0.5) as (_, server):
        loris = _loris(server, stop)
        started = time.monotonic()
        assert _closed_within(loris, 5) and time.monotonic() - started < 2
        assert server.gate.timed_out == 1
        stop.set()
        loris.close()


def test_a_keep_alive_connection_is_answered_again_then_closed_when_idle() -> None:
    with serving(idle_timeout=0.5) as (_, server):
        sock = _connect(server, request=b"GET /page.css HTTP/1.1\r\nHost: t\r\n\r\n")
        first = _read_until(sock, b"\r\n\r\n")
        assert first.startswith(b"HTTP/1.1 200 OK")
        _wait(lambda: server.httpd.busy == 0)
        sock.sendall(b"HEAD / HTTP/1.1\r\nHost: t\r\n\r\n")  # the same connection, a second request
        assert b"HTTP/1.1 200 OK" in _read_until(sock, b"HTTP/1.1 200 OK")
        started = time.monotonic()
        assert _closed_within(sock, 5) and time.monotonic() - started < 2
        sock.close()


def test_past_the_connection_cap_the_oldest_waiting_is_closed_and_the_newest_served() -> None:
    with serving(max_connections=10) as (_, server):
        silent = [_connect(server, request=None) for _ in range(10)]
        _wait(lambda: server.gate.held == 10)
        page = _connect(server, request=PAGE)
        assert _read_until(page, b"</html>").startswith(b"HTTP/1.1 200 OK")
        assert _closed_within(silent[0], 2) and server.gate.evicted == 1
        for sock in (*silent, page):
            sock.close()



def test_a_client_that_takes_its_answer_slowly_holds_up_nobody(monkeypatch: pytest.MonkeyPatch) -> None:
    with serving() as (_, server):
        made = server.rendered.get
        monkeypatch.setattr(server.rendered, "get", lambda *what: made(*what) + "<!--" + "x" * (8 << 20) + "-->")
        slow = _connect(server, request=PAGE, buffer=1024)  # 8 MB it takes nothing of
        _wait(lambda: server.httpd.busy == 0 and server.gate.held == 1)  # made, and being written by the gate
        started = time.monotonic()
        page = _connect(server, request=PAGE)
        assert _read_until(page, b"-->", timeout=10).startswith(b"HTTP/1.1 200 OK")
        assert time.monotonic() - started < 5
        for sock in (slow, page):
            sock.close()
