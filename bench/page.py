"""The board page's cost to the game: the gap between the controller's polls with 0 and 200 viewers.

Usage: .venv/bin/python bench/page.py [--clients 200] [--polls 600] [--seed 1] [--speed 5]

A demo game (the sandbox and 4 bot players in this process, as `monopoli demo --web`
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
"""

from __future__ import annotations

import argparse
import selectors
import socket
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from typing import Any

from bridge import percentile  # type: ignore[import-not-found]  # bench/ is the script's folder

from monopoli_mc.controller.loop import Controller
from monopoli_mc.demo.run import run_demo
from monopoli_mc.view.live import LivePage

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
    print(f"{clients} {kind}: {answered or 'none answered'}; {closed} closed by the server", flush=True)


def main() -> None:
    """Measure each kind of viewer and print the table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--polls", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--speed", type=float, default=5.0)
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--swarm", nargs=3, metavar=("URL", "N", "KIND"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.swarm:
        swarm(args.swarm[0], int(args.swarm[1]), args.swarm[2])
        return
    print(f"gap between polls (ms), a demo of 4 bots at speed {args.speed:g}, {args.clients} viewers of each kind")
    print(f"{'viewers':8s} {'p50':>7s} {'p95':>7s} {'max':>8s} {'polls':>6s}   what the viewers saw")
    for kind in args.kinds.split(","):
        print(measure(kind, args.clients, args.polls, args.seed, args.speed).row(), flush=True)


if __name__ == "__main__":
    main()
