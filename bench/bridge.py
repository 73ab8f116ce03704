"""The controller over RCON on the sandbox with 8 players: round trips and event-to-effect latency.

Usage: .venv/bin/python bench/bridge.py [--players 8] [--turns 60] [--tick-rate 20] [--poll 0.1] [--seed 1]

Prints RCON round trips per idle poll (the target is 1), round trips per turn, and
the p50/p99 time from a player's input (queued by the pack at the next tick) to
the end of the controller's writes for it. The sandbox ticks at --tick-rate (20 is
vanilla's speed); the controller reads the inbox every --poll seconds when idle,
as `monopoli run --poll` does.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import tempfile
import time
from pathlib import Path

from monopoli_mc.controller.loop import Controller, Settings
from monopoli_mc.controller.store import Store
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.demo.players import TablePlayers
from monopoli_mc.demo.run import NAMES, build_boards, install
from monopoli_mc.rcon import RconClient
from monopoli_mc.rules.phases import OVER
from monopoli_mc.sandbox.runner import Sandbox

PASSWORD = "bench"


def main() -> None:
    """Run the benchmark and print its figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int, default=8)
    ap.add_argument("--turns", type=int, default=60)
    ap.add_argument("--tick-rate", type=float, default=20.0)
    ap.add_argument("--poll", type=float, default=0.1)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    world = dataclasses.replace(load_world(), movement="teleport")
    world = dataclasses.replace(world, boards=world.boards[:1])
    with tempfile.TemporaryDirectory() as tmp:
        pack = install(world, "prom", Path(tmp))
        with Sandbox(password=PASSWORD, datapack=pack, tick_rate=args.tick_rate) as box, \
                RconClient(*box.address, PASSWORD) as rcon:
            build_boards(rcon, world)
            store = Store(Path(tmp) / "bench.db")
            ctl = Controller(rcon, world, store, Settings(seed=args.seed, start_at=args.players,
                                                          auction_quiet=0.5, poll_interval=args.poll),
                             on_line=lambda line: None)
            table = ctl.tables["main"]
            ctl.start()
            people = TablePlayers(box.world, table.layout, list(NAMES[:args.players]), walk=False,
                                  operator=lambda kind, a: store.request(kind, a, "main"))
            people.join()
            people.sit_down()
            while table.game is None:
                ctl.poll()
                time.sleep(args.poll)
            ctl.poll()
            before = ctl.requests
            for _ in range(200):
                ctl.poll()
            idle = (ctl.requests - before) / 200
            game = table.game
            start_turns, start_requests = game.turns, ctl.requests
            latencies: list[float] = []
            acted_at: float | None = None
            seen = table.n_actions
            started = time.monotonic()
            while game.turns - start_turns < args.turns and game.phase != OVER:
                applied = ctl.poll()
                if applied and acted_at is not None and table.n_actions != seen:
                    latencies.append(time.monotonic() - acted_at)
                    acted_at = None
                seen = table.n_actions
                if people.step(game, (table.game_id, table.n_actions)) not in (None, "again"):
                    acted_at = time.monotonic()
                    continue
                time.sleep(args.poll)
            turns = game.turns - start_turns
            per_turn = (ctl.requests - start_requests) / max(1, turns)
            store.close()
    latencies.sort()
    p50 = statistics.median(latencies) * 1000
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000
    print(f"{args.players} players, sandbox at {args.tick_rate:g} ticks/s, poll every {args.poll:g}s")
    print(f"round trips per idle poll: {idle:.2f}")
    print(f"round trips per turn:      {per_turn:.1f} ({turns} turns, {time.monotonic() - started:.1f}s)")
    print(f"input to effect:           p50 {p50:.1f} ms, p99 {p99:.1f} ms ({len(latencies)} inputs)")


if __name__ == "__main__":
    main()
