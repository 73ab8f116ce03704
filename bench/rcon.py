"""RCON round trips against the sandbox over loopback: a short reply and a 20 KB one.

Usage: .venv/bin/python bench/rcon.py [--count N]
Prints round trips per second and p50/p99 latency for `scoreboard players get` and for
a `data get storage` whose reply is about 20 KB (five packets and a probe).
"""

from __future__ import annotations

import argparse
import statistics
import time

from bridge import percentile  # type: ignore[import-not-found]  # bench/ is the script's folder

from monopoli_mc.rcon import RconClient
from monopoli_mc.sandbox.runner import Sandbox

PASSWORD = "bench"
GET_SCORE = "scoreboard players get Alex Cash"
GET_STORAGE = "data get storage monopoli:bench"


def setup(rcon: RconClient) -> None:
    rcon.command("scoreboard objectives add Cash dummy")
    rcon.command("scoreboard players set Alex Cash 1500")
    rcon.command("data modify storage monopoli:bench list set value []")
    for _ in range(20):  # 20 requests: one request may carry only 1446 bytes
        rcon.command(f'data modify storage monopoli:bench list append value "{"x" * 1000}"')


def measure(rcon: RconClient, command: str, count: int) -> tuple[list[float], int]:
    reply = rcon.command(command)
    times = []
    for _ in range(count):
        start = time.perf_counter()
        rcon.command(command)
        times.append(time.perf_counter() - start)
    return times, len(reply.encode("utf-8"))


def report(name: str, times: list[float], size: int) -> None:
    p50 = statistics.median(times) * 1000
    p99 = percentile(times, 0.99) * 1000
    print(f"{name:<42} {len(times) / sum(times):8.0f} round trips/s   "
          f"p50 {p50:6.3f} ms   p99 {p99:6.3f} ms   reply {size} bytes")


def main() -> None:
    """Run the benchmark and print one line per command."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2000, help="round trips per command")
    args = parser.parse_args()
    with Sandbox(password=PASSWORD) as box:
        with RconClient(*box.address, PASSWORD, timeout=10) as rcon:
            setup(rcon)
            print(f"RCON over loopback to the sandbox World (Minecraft {box.world.version}, "
                  f"ticking at 20/s), {args.count} round trips each")
            report(GET_SCORE, *measure(rcon, GET_SCORE, args.count))
            times, size = measure(rcon, GET_STORAGE, max(args.count // 4, 50))
            if size < 20_000:
                raise SystemExit(f"storage reply is only {size} bytes")
            report(GET_STORAGE + " (20 KB)", times, size)


if __name__ == "__main__":
    main()
