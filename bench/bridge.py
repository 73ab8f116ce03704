"""The controller over RCON on the sandbox, per-command writes beside batched: requests and latency.

Usage: .venv/bin/python bench/bridge.py [--boards 1,4,8] [--busy 0,25] [--turns 6] [--poll 0.1] [--seed 1]

For each number of boards (8 bot players each, walking to their spaces) and each tick
load (--busy: ms of every 50 ms tick the server's main thread is busy, the sandbox's
--tick-busy-ms), one game per board is played for --turns turns a board, once with a
request per world write (`Settings(per_command=True)`, as before batching) and once
batched, and the two are printed side by side with their ratio: requests per idle
poll, per turn, per poll that applied events, and the p50/p99 time from a player's
input (a trigger, a chat button, a building's button) to the end of the controller's
writes for it. The controller reads the inbox every --poll seconds when idle, as
`monopoli run --poll` does, and at once again after a poll that applied events.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from monopoli_mc.controller.loop import Controller, Settings
from monopoli_mc.controller.store import Store
from monopoli_mc.controller.table import BoardGame
from monopoli_mc.datapack.world_config import WorldConfig, load_world
from monopoli_mc.demo.players import TablePlayers
from monopoli_mc.demo.run import build_boards, demo_names, install
from monopoli_mc.rcon import RconClient
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.phases import OVER
from monopoli_mc.sandbox.runner import Sandbox

PASSWORD = "bench"
PLAYERS = 8
IDLE_POLLS = 50
SPACING = 100  # blocks between boards' origins: a board is 44 blocks wide


@dataclass(frozen=True)
class Figures:
    """What one run measured."""

    idle: float  # requests per idle poll
    per_turn: float
    per_action: float  # actions as the demo counts them: each applied to a game, forced ones too
    per_event_poll: float  # requests per poll that applied events
    p50: float  # ms, input to effect
    p99: float
    inputs: int
    turns: int
    seconds: float


def world_of(boards: int) -> WorldConfig:
    """The default world config with this many boards side by side, in walk mode."""
    world = load_world()
    first = world.boards[0]
    places = tuple(dataclasses.replace(first, name=f"b{k + 1}", origin=(first.origin[0] + k * SPACING,
                                                                          *first.origin[1:]))
                   for k in range(boards))
    return dataclasses.replace(world, boards=places, movement="walk")


def run(boards: int, busy_ms: float, *, per_command: bool, turns: int, poll: float, seed: int) -> Figures:
    """Play `turns` turns on each of `boards` boards; the figures."""
    world = world_of(boards)
    with tempfile.TemporaryDirectory(prefix="monopoli-bench-") as tmp:
        pack = install(world, "prom", Path(tmp))
        with Sandbox(password=PASSWORD, datapack=pack, tick_busy_ms=busy_ms) as box, \
                RconClient(*box.address, PASSWORD) as rcon:
            build_boards(rcon, world)
            store = Store(Path(tmp) / "bench.db")
            ctl = Controller(rcon, world, store, Settings(seed=seed, start_at=PLAYERS, auction_quiet=0.5,
                                                          poll_interval=poll, per_command=per_command),
                             on_line=lambda line: None)
            ctl.start()
            tables = list(ctl.tables.values())
            crowds = [TablePlayers(box.world, t.layout, demo_names(k, PLAYERS), walk=True,
                                   operator=_operator(store, t.name))
                      for k, t in enumerate(tables)]
            for people in crowds:
                people.join()
                people.sit_down()
            while any(t.game is None for t in tables):
                if ctl.poll() == 0:
                    time.sleep(poll)
            ctl.poll()
            before = ctl.requests
            for _ in range(IDLE_POLLS):
                ctl.poll()
            idle = (ctl.requests - before) / IDLE_POLLS
            figures = _play(ctl, list(zip(tables, crowds)), turns, poll)
            store.close()
    return dataclasses.replace(figures, idle=idle)


def _operator(store: Store, board: str) -> Callable[[str, dict[str, Any]], object]:
    """How a board's bots ask the operator for a trade: a request in the store."""
    return lambda kind, args: store.request(kind, args, board)


def _play(ctl: Controller, boards: list[tuple[BoardGame, TablePlayers]], turns: int, poll: float) -> Figures:
    """Poll and let the bots act until every board has played `turns` turns (or ended)."""
    games = {t.name: _game(t) for t, _ in boards}
    start_turns = {name: game.turns for name, game in games.items()}
    start_requests = ctl.requests
    start_actions = sum(t.n_actions for t, _ in boards)
    acted_at: dict[str, float] = {}
    seen = {t.name: t.n_actions for t, _ in boards}
    latencies: list[float] = []
    event_polls: list[int] = []
    started = time.monotonic()

    def playing() -> list[tuple[BoardGame, TablePlayers]]:
        return [(t, p) for t, p in boards
                if _game(t).turns - start_turns[t.name] < turns and _game(t).phase != OVER]

    while playing():
        requests = ctl.requests
        applied = ctl.poll()
        done = time.monotonic()
        if applied:
            event_polls.append(ctl.requests - requests)
        for table, _ in boards:
            if table.n_actions != seen[table.name] and table.name in acted_at:
                latencies.append(done - acted_at.pop(table.name))
            seen[table.name] = table.n_actions
        acted = False
        for table, people in playing():
            if people.step(_game(table), (table.game_id, table.n_actions)) not in (None, "again"):
                acted_at.setdefault(table.name, time.monotonic())
                acted = True
        if not applied and not acted:
            time.sleep(poll)
    played = sum(_game(t).turns - start_turns[t.name] for t, _ in boards)
    latencies.sort()
    used = ctl.requests - start_requests
    actions = sum(t.n_actions for t, _ in boards) - start_actions
    return Figures(idle=0.0, per_turn=used / max(1, played), per_action=used / max(1, actions),
                   per_event_poll=statistics.mean(event_polls) if event_polls else 0.0,
                   p50=statistics.median(latencies) * 1000 if latencies else 0.0,
                   p99=latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000 if latencies else 0.0,
                   inputs=len(latencies), turns=played, seconds=time.monotonic() - started)


def _game(table: BoardGame) -> Game:
    assert table.game is not None
    return table.game


def main() -> None:
    """Run the benchmark and print its table."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--boards", default="1,4,8", help="numbers of boards, comma-separated")
    ap.add_argument("--busy", default="0,25", help="ms of each 50 ms tick the main thread is busy")
    ap.add_argument("--turns", type=int, default=6, help="turns played on each board")
    ap.add_argument("--poll", type=float, default=0.1)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(f"{PLAYERS} players a board, walking; poll every {args.poll:g}s; {args.turns} turns a board; "
          "per-command / batched (ratio)")
    head = (f"{'boards':>6} {'busy':>5} | {'req/idle poll':>15} | {'req/turn':>18} | {'req/poll w/ events':>18} | "
            f"{'p50 ms':>17} | {'p99 ms':>19} | inputs")
    print(head)
    print("-" * len(head))
    for boards in (int(b) for b in args.boards.split(",")):
        for busy in (float(b) for b in args.busy.split(",")):
            old, new = (run(boards, busy, per_command=p, turns=args.turns, poll=args.poll, seed=args.seed)
                        for p in (True, False))
            print(f"{boards:>6} {busy:>3g}ms | {old.idle:>5.2f} / {new.idle:<5.2f}   "
                  f"| {_pair(old.per_turn, new.per_turn)} | {_pair(old.per_action, new.per_action)} | {_pair(old.per_event_poll, new.per_event_poll)} "
                  f"| {_pair(old.p50, new.p50, 0)} | {_pair(old.p99, new.p99, 0)} | {old.inputs}/{new.inputs}",
                  flush=True)


def _pair(old: float, new: float, digits: int = 1) -> str:
    ratio = f"({old / new:.1f}x)" if new else ""
    return f"{old:>6.{digits}f} / {new:<5.{digits}f} {ratio:>7}"


if __name__ == "__main__":
    main()
