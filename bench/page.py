"""The board page's cost: to the game (the gap between the controller's polls, 0 to 200 viewers), and on the
wire (the bytes each board change sends its viewers, whole boards beside deltas).

Usage: .venv/bin/python bench/page.py [--clients 200] [--polls 600] [--seed 1] [--speed 5]
       .venv/bin/python bench/page.py --bytes [--boards 16] [--viewers 100] [--seconds 30] [--seed 1] [--speed 5]

Gaps (the default). A demo game (the sandbox and 4 bot players in this process, as `monopoli demo --web`
runs) is played with the live page up, once per kind of viewer, and the time between
the ends of two polls is measured (the controller's loop, the bots' moves and the
world's ticks between them; nothing else runs here). The viewers connect from another
process before the game starts:

- none: no viewer;
- readers: event streams read as fast as they come (browsers showing the page);
- stalled: event streams never read (a phone put away: the server's writes fill its buffer);
- idle: connections that never send a request.

For each, p50, p95 and max of the gap in milliseconds, the polls measured, and what the
viewers saw (streams open, refused with 503, dropped by the server), side by side.

Bytes (--bytes). A demo of --boards boards (4 bots each) is played for --seconds with the page's
watch recording every picture it publishes, as `monopoli run --web` would. The same pictures are
then played again, at the pace they came, into two page servers in turn, each followed by
--viewers event streams read from another process: one sending every changed board whole (as
before deltas), one sending what changed (deltas). For each: the changes, the bytes the server
sent for them (the opening pictures apart), per change and viewer, and for all the viewers in
100 seconds of this night; and what the viewers read, side by side.
"""

from __future__ import annotations

import argparse
import selectors
import tempfile
import socket
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bridge import percentile  # type: ignore[import-not-found]  # bench/ is the script's folder

from monopoli_mc.controller.loop import Controller
from monopoli_mc.demo.run import run_demo
from monopoli_mc.view.feed import Feed
from monopoli_mc.view.live import LivePage, Watch
from monopoli_mc.view.model import BoardView
from monopoli_mc.view.server import PageServer

KINDS = ("none", "readers", "stalled", "idle")


class Enough(Exception):
    """Enough polls measured: stops the demo."""


@dataclass(frozen=True)
class Gaps:
    """The gaps between polls of one run, in ms, and what the viewers reported."""

    kind: str
    gaps: list[float]
    seen: str

    def row(self) -> str:
        """One line of the table."""
        return (f"{self.kind:8s} {statistics.median(self.gaps):7.1f} {percentile(self.gaps, 0.95):7.1f} "
                f"{max(self.gaps):8.1f} {len(self.gaps):6d}   {self.seen}")


def measure(kind: str, clients: int, polls: int, seed: int, speed: float) -> Gaps:
    """Play a demo with the page up and `clients` viewers of this kind; the gaps between polls."""
    page = LivePage("127.0.0.1", 0)
    page.server.start()
    swarm = None
    if kind != "none":
        swarm = subprocess.Popen([sys.executable, __file__, "--swarm", page.url, str(clients), kind],
                                 stdout=subprocess.PIPE, text=True)
        assert swarm.stdout is not None
        ready = swarm.stdout.readline().strip()
        if ready != "ready":
            raise SystemExit(f"the viewers did not connect: {ready!r}")
    stamps: list[float] = []

    def record() -> None:
        stamps.append(time.perf_counter())
        if len(stamps) > polls:
            raise Enough

    def attach(ctl: Controller) -> None:
        page.attach(ctl)
        ctl.watchers.append(record)

    try:
        run_demo(players=4, seed=seed, speed=speed, max_rounds=10_000, echo=lambda line: None,
                 on_controller=attach, timeout=600)
    except Enough:
        pass
    seen = ""
    if swarm is not None:
        swarm.terminate()
        out, _ = swarm.communicate(timeout=30)
        seen = out.strip().splitlines()[-1] if out.strip() else ""
    page.close("the bench is over")
    return Gaps(kind, [(b - a) * 1000 for a, b in zip(stamps, stamps[1:])], seen)


def swarm(url: str, clients: int, kind: str) -> None:
    """Be `clients` viewers of one kind until terminated; then say what they saw."""
    host, port = url.split("//", 1)[1].rstrip("/").rsplit(":", 1)
    socks: list[socket.socket] = []
    for _ in range(clients):
        sock = socket.create_connection((host, int(port)), timeout=10)
        if kind != "idle":
            sock.sendall(b"GET /events HTTP/1.1\r\nHost: bench\r\nAccept: text/event-stream\r\n\r\n")
        if kind == "stalled":
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        socks.append(sock)
    print("ready", flush=True)
    heads: dict[int, bytes] = {}
    closed = 0
    read = 0
    sel = selectors.DefaultSelector()
    for sock in socks:
        sock.setblocking(False)
        if kind == "readers" or kind == "idle":
            sel.register(sock, selectors.EVENT_READ)
    if kind == "stalled":  # read only the status line of the answer, once, then never again
        for sock in socks:
            sel.register(sock, selectors.EVENT_READ)
    stopping = False

    def stop(*_: Any) -> None:
        nonlocal stopping
        stopping = True

    import signal
    signal.signal(signal.SIGTERM, stop)
    while not stopping:
        for key, _ in sel.select(0.5):
            sock = key.fileobj
            assert isinstance(sock, socket.socket)
            try:
                data = sock.recv(65536)
            except (BlockingIOError, InterruptedError):
                continue
            except OSError:
                data = b""
            read += len(data)
            if sock.fileno() not in heads:
                heads[sock.fileno()] = data[:12]
            if not data:
                closed += 1
                sel.unregister(sock)
            elif kind == "stalled":
                sel.unregister(sock)
    codes: dict[str, int] = {}
    for head in heads.values():
        code = head[9:12].decode(errors="replace") or "none"
        codes[code] = codes.get(code, 0) + 1
    answered = ", ".join(f"{n} answered {c}" for c, n in sorted(codes.items()))
    print(f"{clients} {kind}: {answered or 'none answered'}; {closed} closed by the server; {read} bytes read",
          flush=True)


class Recording(Feed):
    """A feed that keeps every picture published to it, with when."""

    def __init__(self) -> None:
        super().__init__()
        self.pictures: list[tuple[float, BoardView]] = []
        self.begun = 0.0  # when every board's game had begun: the night measured starts there

    def publish(self, view: BoardView) -> None:
        """Keep it, then publish it."""
        self.pictures.append((time.perf_counter(), view))
        super().publish(view)


def world_of(boards: int, folder: Path) -> Path:
    """A world config of `boards` boards in a row."""
    path = folder / "world.yaml"
    lines = ["movement: teleport", "colors: [red, blue, lime, yellow, magenta, cyan, orange, purple]",
             "scratch: [0, -60, 1000]", "boards:"]
    lines += [f"  - {{name: b{n}, origin: [{n * 100}, -60, 0], facing: west}}" for n in range(boards)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def record(boards: int, seconds: float, seed: int, speed: float) -> Recording:
    """The pictures a live page's watch publishes over a demo of `boards` boards, `seconds` after every
    board's game has begun."""
    feed = Recording()
    with tempfile.TemporaryDirectory(prefix="monopoli-bench-page-") as folder:
        world = world_of(boards, Path(folder))
        end: list[float] = []

        def attach(ctl: Controller) -> None:
            watch = Watch(ctl, feed)
            watch(flush=True)
            ctl.watchers.append(watch)

            def enough() -> None:
                if all(t.game is not None for t in ctl.tables.values()) and not end:
                    feed.begun = time.perf_counter()
                    end.append(feed.begun + seconds)
                if end and time.perf_counter() > end[0]:
                    raise Enough
            ctl.watchers.append(enough)

        try:
            run_demo(players=4, seed=seed, speed=speed, world_path=world, movement="teleport", max_rounds=10_000,
                     echo=lambda line: None, on_controller=attach, timeout=600)
        except Enough:
            pass
    return feed


@dataclass(frozen=True)
class Wire:
    """The bytes one page server sent for the same changes."""

    kind: str
    changes: int
    sent: int  # bytes sent for the changes (and the status lines meanwhile), every viewer together
    viewers: int
    seconds: float
    seen: str

    def row(self) -> str:
        """One line of the table."""
        each = self.sent / max(1, self.changes) / self.viewers
        per_100 = self.sent / self.seconds * 100
        return (f"{self.kind:8s} {self.changes:8d} {each:12,.0f} {self.sent / 1e6:10.1f} {per_100 / 1e6:12.1f}   "
                f"{self.seen}")


def replay(kind: str, night: Recording, viewers: int) -> Wire:
    """Play the pictures again, at their pace, into a page server followed by `viewers` readers: the boards
    as they stood when every game had begun, then each change after that."""
    feed = Feed()
    server = PageServer(feed, "127.0.0.1", 0, deltas=kind == "deltas", max_streams=viewers + 10,
                        max_requests=viewers + 10).start()  # every viewer's request at once, none refused
    opening = night.begun
    first = {view.board: view for when, view in night.pictures if when <= opening}
    rest = [(when, view) for when, view in night.pictures if when > opening]
    for view in first.values():
        feed.publish(view)
    feed.beat()
    swarm = subprocess.Popen([sys.executable, __file__, "--swarm", server.url, str(viewers), "readers"],
                             stdout=subprocess.PIPE, text=True)
    assert swarm.stdout is not None
    if swarm.stdout.readline().strip() != "ready":
        raise SystemExit("the viewers did not connect")
    deadline = time.monotonic() + 60
    while server.hub.open < viewers and time.monotonic() < deadline:
        time.sleep(0.01)
    viewers = server.hub.open  # those the server took (the table says what the others saw)
    time.sleep(1.0)  # every viewer has its opening picture
    sent = server.hub.sent
    started = time.perf_counter()
    for when, view in rest:
        delay = (when - opening) - (time.perf_counter() - started)
        if delay > 0:
            time.sleep(delay)
        feed.publish(view)
        feed.beat()
    time.sleep(1.0)  # the last changes reach every viewer
    changed = server.hub.sent - sent
    swarm.terminate()
    out, _ = swarm.communicate(timeout=30)
    feed.stop("the bench is over")
    server.close(grace=0.2)
    seconds = rest[-1][0] - opening if rest else 1.0
    return Wire(kind, len(rest), changed, viewers, seconds, out.strip().splitlines()[-1] if out.strip() else "")


def wire(boards: int, viewers: int, seconds: float, seed: int, speed: float) -> None:
    """Record a night's pictures, then print what whole boards and deltas send for them, side by side."""
    night = record(boards, seconds, seed, speed)
    changes = len([1 for when, _ in night.pictures if when > night.begun])
    print(f"bytes on the wire: {changes} changes of {boards} boards in the {seconds:g} s after every game had begun, "
          f"a demo at speed {speed:g}, {viewers} viewers reading every stream")
    print(f"{'sends':8s} {'changes':>8s} {'B/change/vw':>12s} {'MB in all':>10s} {'MB per 100 s':>12s}   what the "
          "viewers read")
    rows = [replay(kind, night, viewers) for kind in ("whole", "deltas")]
    for row in rows:
        print(row.row(), flush=True)
    print(f"deltas send {rows[0].sent / max(1, rows[1].sent):.1f} times fewer bytes than whole boards")


def main() -> None:
    """Measure each kind of viewer and print the table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--polls", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--speed", type=float, default=5.0)
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--bytes", action="store_true", help="measure the bytes sent, whole boards beside deltas")
    parser.add_argument("--boards", type=int, default=16)
    parser.add_argument("--viewers", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--swarm", nargs=3, metavar=("URL", "N", "KIND"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.swarm:
        swarm(args.swarm[0], int(args.swarm[1]), args.swarm[2])
        return
    if args.bytes:
        wire(args.boards, args.viewers, args.seconds, args.seed, args.speed)
        return
    print(f"gap between polls (ms), a demo of 4 bots at speed {args.speed:g}, {args.clients} viewers of each kind")
    print(f"{'viewers':8s} {'p50':>7s} {'p95':>7s} {'max':>8s} {'polls':>6s}   what the viewers saw")
    for kind in args.kinds.split(","):
        print(measure(kind, args.clients, args.polls, args.seed, args.speed).row(), flush=True)


if __name__ == "__main__":
    main()
