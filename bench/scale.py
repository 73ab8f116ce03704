"""What a whole prom costs the server: commands per tick, per turn and per request, beside latency.

Usage: .venv/bin/python bench/scale.py [--boards 1,8,16] [--busy 25] [--turns 6] [--poll 0.05] [--seed 1]
       [--maps] [--walk-in]

For each number of boards, one game a board of 8 bot players walking to their spaces, batched
writes, the server's main thread busy --busy ms of every 50 ms tick (as bench/bridge.py plays
it; the bots start on their board's GO unless --walk-in). The sandbox counts every command its
main thread runs as vanilla charges them against `max_command_sequence_length`
(`monopoli_mc/sandbox/meter.py`), and the table gives, for the turns played:

- input to effect, p50 / p99 ms (a player's input to the end of the poll that applied it);
- RCON requests a turn (the controller's, all polls);
- server commands a tick period (the tick's own and the requests run before the next), mean / p99;
- server commands a turn: those the controller's requests ran, per turn played;
- the largest request, in commands, and the batches the server cut at the limit;
- the sandbox's main thread: the share of the wall time it ran commands and ticks (busy time
  excluded), and its cost per command, its own map and `@a[...]` work counted in (40-60 us
  at 16 boards, 70-90 us at 32-48, where vanilla runs a command in 10-21 us), so a share near
  100% says the sandbox, not the design, is the bottleneck;
- the load average (1 min) before and after the run: other work on the machine slows it;
- with --idle S: the players' action bar, in server commands a second at 20 ticks a second, counted as
  vanilla counts them: S seconds with every game started and nobody acting (the controller polling),
  once as the pack runs and once with the refresh's schedule cleared, the difference. What a player
  does writes their line too; that part is in the commands a turn.

--maps registers a map on every board first (an operator makes it and frames it with
`/function monopoli:admin/map`), so every holder's copy is kept up to date.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass
from typing import Any

from bridge import PASSWORD, Figures, percentile, run  # type: ignore[import-not-found]  # bench/ is the script's folder

from monopoli_mc.controller.loop import Controller, Settings
from monopoli_mc.datapack import hud
from monopoli_mc.datapack.layout import Layout
from monopoli_mc.datapack.world_config import WorldConfig
from monopoli_mc.rcon import RconClient
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.runner import Sandbox

OPERATOR = "Banker"


@dataclass
class Counted:
    """The sandbox's counts over the measured part of one run."""

    ticks: list[int]
    requests: list[int]
    busy: float  # seconds the main thread ran commands and ticks
    wall: float
    cut: int  # executions stopped at the command limit
    load: tuple[str, str]  # 1-minute load average before and after
    hud: float | None = None  # the action bar's periodic refresh, server commands a second (--idle)


def measure(boards: int, busy: float, *, turns: int, poll: float, seed: int, maps: bool,
            walk_in: bool, idle: float = 0.0) -> tuple[Figures, Counted]:
    """One run: the bench's figures and the sandbox's counts."""
    marks: dict[str, Any] = {}

    def on_box(box: Sandbox, rcon: RconClient, world: WorldConfig) -> None:
        marks["world"] = box.world
        if maps:
            _register_maps(box, rcon, world)
        marks["meter"] = box.world.measure()

    def on_night(starting: bool) -> None:
        world, meter = marks["world"], marks["meter"]
        key = "start" if starting else "end"
        marks[key] = (len(meter.ticks), len(meter.requests), meter.request_seconds + meter.tick_seconds,
                      time.monotonic(), sum(1 for line in world.log if "stopped due to limit" in line))

    def on_seated(ctl: Controller, rcon: RconClient) -> None:
        if idle:
            marks["hud"] = _idle_rate(ctl, marks["meter"], idle, poll)
            for part in range(hud.PERIOD):  # the periodic refresh's chain stops
                rcon.command(f"schedule clear monopoli:hud/part/{part}")
            marks["no hud"] = _idle_rate(ctl, marks["meter"], idle, poll)
            rcon.command("function monopoli:hud/start")

    load0 = _load()
    figures = run(boards, busy, per_command=False, turns=turns, poll=poll, seed=seed,
                  on_box=on_box, on_night=on_night, placed=not walk_in, on_seated=on_seated)
    (t0, r0, s0, w0, c0), (t1, r1, s1, w1, c1) = marks["start"], marks["end"]
    meter = marks["meter"]
    return figures, Counted(ticks=meter.ticks[t0:t1], requests=meter.requests[r0:r1], busy=s1 - s0,
                            wall=w1 - w0, cut=c1 - c0, load=(load0, _load()),
                            hud=marks["hud"] - marks["no hud"] if idle else None)


def _idle_rate(ctl: Controller, meter: Any, seconds: float, poll: float) -> float:
    """Server commands a second (at 20 ticks a second) of the ticks while the controller polls and nobody acts:
    the tick periods' commands less those of the requests run in them."""
    t0, r0 = len(meter.ticks), len(meter.requests)
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        if ctl.poll() == 0:
            time.sleep(poll)
    ticks, requests = meter.ticks[t0 + 1:], meter.requests[r0:]
    return (sum(ticks) - sum(requests)) / max(1, len(ticks)) * 20


def _register_maps(box: Sandbox, rcon: RconClient, world: WorldConfig) -> None:
    """An operator makes a map at each board's middle and frames it, as the README's step says."""
    bot = Bot.join(box.world, OPERATOR)
    rcon.command(f"op {OPERATOR}")
    for place in world.boards:
        x, y, z = Layout(place).map_frame()
        with box.world.lock:
            bot.player.pos = (x + 0.5, float(y), z + 0.5)
        rcon.command(f"clear {OPERATOR}")  # the last board's map stays in hand
        rcon.command(f"give {OPERATOR} minecraft:map")
        bot.use_empty_map()
        rcon.command(f"execute as {OPERATOR} at @s run function monopoli:admin/map")


def _load() -> str:
    with open("/proc/loadavg") as f:
        return f.read().split()[0]


def main() -> None:
    """Run the benchmark and print its table."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--boards", default="1,8,16", help="numbers of boards, comma-separated")
    ap.add_argument("--busy", type=float, default=25.0, help="ms of each 50 ms tick the main thread is busy")
    ap.add_argument("--turns", type=int, default=6, help="turns played on each board")
    ap.add_argument("--poll", type=float, default=Settings.poll_interval,
                    help="seconds between idle polls (monopoli run's default)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--maps", action="store_true", help="register a map on every board first")
    ap.add_argument("--walk-in", action="store_true", help="bots walk from spawn to their board")
    ap.add_argument("--idle", type=float, default=0.0, metavar="S",
                    help="also count the action bar's refresh over S idle seconds with and without it")
    args = ap.parse_args()
    print(f"8 players a board, walking; tick busy {args.busy:g} ms; poll every {args.poll:g}s; "
          f"{args.turns} turns a board; maps {'registered' if args.maps else 'not registered'}")
    head = (f"{'boards':>6} | {'p50/p99 ms':>11} | {'req/turn':>8} | {'cmds/tick mean/p99':>18} | "
            f"{'cmds/turn':>9} | {'largest req':>11} | {'cut':>3} | {'main thread':>11} | {'us/cmd':>6} | "
            f"{'turns':>5} | {'inputs':>6} | {'s':>5} | load before/after"
            + (" | action bar cmds/s" if args.idle else ""))
    print(head)
    print("-" * len(head))
    for boards in (int(b) for b in args.boards.split(",")):
        fig, n = measure(boards, args.busy, turns=args.turns, poll=args.poll, seed=args.seed,
                         maps=args.maps, walk_in=args.walk_in, idle=args.idle)
        ran = sum(n.requests)
        share = n.busy / n.wall if n.wall else 0.0
        per_cmd = n.busy / max(1, sum(n.ticks)) * 1e6
        print(f"{boards:>6} | {fig.p50:>4.0f} / {fig.p99:<4.0f} | {fig.per_turn:>8.1f} | "
              f"{statistics.mean(n.ticks) if n.ticks else 0:>8.0f} / {percentile(n.ticks, 0.99):<7} | "
              f"{ran / max(1, fig.turns):>9.0f} | {max(n.requests, default=0):>11} | {n.cut:>3} | "
              f"{share:>10.0%} | {per_cmd:>6.0f} | {fig.turns:>5} | {fig.inputs:>6} | {fig.seconds:>5.0f} | "
              f"{n.load[0]} / {n.load[1]}" + (f" | {n.hud:>18.0f}" if n.hud is not None else ""), flush=True)


if __name__ == "__main__":
    main()
