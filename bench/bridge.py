"""The controller over RCON on the sandbox, per-command writes beside batched: requests and latency.

Usage: .venv/bin/python bench/bridge.py [--boards 1,4,8] [--busy 0,25] [--turns 4] [--poll 0.05] [--seed 1]

For each number of boards (8 bot players each, walking to their spaces) and each tick
load (--busy: ms of every 50 ms tick the server's main thread is busy, the sandbox's
--tick-busy-ms), one game per board is played for --turns turns a board, once with a
request per world write (`Settings(per_command=True)`, as before batching) and once
batched, and the two are printed side by side with their ratio: requests per idle
poll (a poll that changed no game), the requests of the other polls per turn and per
action (as `monopoli demo` counts them, forced ones too), requests per poll that
applied events, and the p50/p99 time from a player's input (a trigger, a chat button,
a building's button) to the end of the poll that applied it. The controller runs in its own thread as `monopoli run` does: it reads the inbox
every --poll seconds when idle, and at once again after a poll that applied events.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from monopoli_mc.controller.loop import Controller, Settings
from monopoli_mc.controller.session import controlling
from monopoli_mc.controller.db.store import Store
from monopoli_mc.controller.game.table import BoardGame
from monopoli_mc.datapack.world_config import WorldConfig, load_world
from monopoli_mc.demo.players import TablePlayers
from monopoli_mc.demo.run import build_boards, demo_names, install
from monopoli_mc.rcon import RconClient
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.phases import OVER
from monopoli_mc.sandbox.bots import Bot, Paced
from monopoli_mc.sandbox.runner import Sandbox

PASSWORD = "bench"
PLAYERS = 8
INPUTS = ("trigger", "click", "command", "press_button")  # what a bot does that the pack queues
SPACING = 100  # blocks between boards' origins: a board is 44 blocks wide


@dataclass(frozen=True)
class Figures:
    """What one run measured."""

    idle: float  # requests per poll that changed no game
    per_turn: float  # requests of the polls that changed a game or applied events, per turn
    per_action: float  # the same per action as the demo counts them: each applied, forced ones too
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


def run(boards: int, busy_ms: float, *, per_command: bool, turns: int, poll: float, seed: int,
        on_box: Callable[[Sandbox, RconClient, WorldConfig], None] | None = None,
        on_night: Callable[[bool], None] | None = None, placed: bool = False,
        on_seated: Callable[[Controller, RconClient], None] | None = None) -> Figures:
    """Play `turns` turns on each of `boards` boards; the figures.

    The controller runs in its own thread, as `monopoli run` does; each board's bots act in
    theirs, deciding on a copy of the game taken between polls, and their steps (walking,
    waiting for a button) take the server's own ticks, as a person's do. `on_box` runs once
    the boards are built, `on_night(True)` as the measured part starts and `on_night(False)`
    as it ends; `placed` puts the bots on their board's GO instead of walking from spawn.
    """
    world = world_of(boards)
    with tempfile.TemporaryDirectory(prefix="monopoli-bench-") as tmp:
        pack = install(world, "prom", Path(tmp))
        with Sandbox(password=PASSWORD, datapack=pack, tick_busy_ms=busy_ms) as box, \
                RconClient(*box.address, PASSWORD, timeout=60.0) as rcon:  # a loaded machine is slow
            build_boards(rcon, world)
            if on_box is not None:
                on_box(box, rcon, world)
            db = Path(tmp) / "bench.db"
            settings = Settings(seed=seed, start_at=PLAYERS, auction_quiet=0.5, poll_interval=poll,
                                per_command=per_command)
            with controlling(rcon, world, db, settings, on_line=lambda line: None) as ctl:
                ctl.start()
                tables = list(ctl.tables.values())
                crowds = [TablePlayers(box.world, t.layout, demo_names(k, PLAYERS), walk=True,
                                       operator=_operator(db, t.name))
                          for k, t in enumerate(tables)]
                for people in crowds:
                    if placed:
                        _place(people)
                    else:
                        people.join()
                    people.sit_down()
                while any(t.game is None for t in tables):
                    if ctl.poll() == 0:
                        time.sleep(poll)
                while ctl.poll() > 0:  # the players' arrival (a join and an online notice each) is not a turn
                    pass
                if on_seated is not None:  # every game started, nobody acting yet
                    on_seated(ctl, rcon)
                paced: Any = Paced(box.world)
                for people in crowds:
                    people.world = paced
                    for bot in people.people.values():
                        bot.world = paced
                if on_night is not None:
                    on_night(True)
                figures = _Night(ctl, list(zip(tables, crowds)), turns).play()
                if on_night is not None:
                    on_night(False)
    return figures


def _place(people: TablePlayers) -> None:
    """The board's bots connect standing on its GO (not walking there from spawn)."""
    x, y, z = people.layout.world(people.layout.stand(0))
    for name in people.names:
        bot = Bot.join(people.world, name)
        with people.world.lock:
            bot.player.pos = (x + 0.5, float(y), z + 0.5)
        people.people[name] = bot
    people.world.tick()


def _operator(path: Path, board: str) -> Callable[[str, dict[str, Any]], object]:
    """How a board's bots ask the operator for a trade: a request in the database, through a
    connection of the bots' own, as `monopoli admin trade` has (never inside the controller's
    transaction)."""
    own = threading.local()

    def ask(kind: str, args: dict[str, Any]) -> object:
        if not hasattr(own, "store"):
            own.store = Store(path)
        return own.store.request(kind, args, board)
    return ask


class _Night:
    """The controller's thread polling, a thread of bots for each board, and what was measured."""

    def __init__(self, ctl: Controller, boards: list[tuple[BoardGame, TablePlayers]], turns: int) -> None:
        self.ctl, self.boards, self.turns = ctl, boards, turns
        self.lock = threading.Lock()  # a poll, or a bot copying its game: never both at once
        self.start_turns = {t.name: _game(t).turns for t, _ in boards}
        self.seen = {t.name: t.n_actions for t, _ in boards}
        self.acted_at: dict[str, float] = {}  # guarded by `noting`, never by `lock`: a bot makes an input
        self.noting = threading.Lock()  # holding the world's lock, which the server's tick needs
        self.latencies: list[float] = []
        self.event_polls: list[int] = []  # requests of each poll that applied events
        self.idle_polls: list[int] = []  # requests of each poll that changed no game
        self.working = 0  # requests of the polls that changed a game or applied events

    def play(self) -> Figures:
        """Run the night until every board has played its turns (or its game ended)."""
        ctl = self.ctl
        real_poll = ctl.poll
        ctl.poll = self._poll(real_poll)  # type: ignore[method-assign]
        stop = threading.Event()
        start_actions = self._actions()
        started = time.monotonic()
        runner = threading.Thread(target=ctl.run, args=(stop.is_set,), name="controller")
        runner.start()
        for table, people in self.boards:
            self._inputs(table, people)
        players = [threading.Thread(target=self._bots, args=(t, p), name=t.name) for t, p in self.boards]
        for thread in players:
            thread.start()
        for thread in players:
            thread.join()
        stop.set()
        runner.join()
        ctl.poll = real_poll  # type: ignore[method-assign]
        played = sum(_game(t).turns - self.start_turns[t.name] for t, _ in self.boards)
        used, actions = self.working, self._actions() - start_actions
        return Figures(idle=statistics.mean(self.idle_polls) if self.idle_polls else 0.0,
                       per_turn=used / max(1, played), per_action=used / max(1, actions),
                       per_event_poll=statistics.mean(self.event_polls) if self.event_polls else 0.0,
                       p50=statistics.median(self.latencies) * 1000 if self.latencies else 0.0,
                       p99=percentile(self.latencies, 0.99) * 1000,
                       inputs=len(self.latencies), turns=played, seconds=time.monotonic() - started)

    def _actions(self) -> int:
        return sum(t.n_actions for t, _ in self.boards)

    def _poll(self, real: Callable[[], int]) -> Callable[[], int]:
        def poll() -> int:
            with self.lock:
                before = self.ctl.requests
                applied = real()
                done = time.monotonic()
                changed = False
                for table, _ in self.boards:
                    if table.n_actions != self.seen[table.name]:
                        changed = True
                        self.seen[table.name] = table.n_actions
                        with self.noting:
                            at = self.acted_at.pop(table.name, None)
                        if at is not None:
                            self.latencies.append(done - at)
                used = self.ctl.requests - before
                if applied:
                    self.event_polls.append(used)
                if applied or changed:
                    self.working += used
                else:
                    self.idle_polls.append(used)
            return applied
        return poll

    def _bots(self, table: BoardGame, people: TablePlayers) -> None:
        """One board's players: act on each new state of the game until its turns are played."""
        last: Any = None
        while True:
            if (table.game_id, table.n_actions) == last:
                time.sleep(0.01)
                continue
            with self.lock:
                live = _game(table)
                last = (table.game_id, table.n_actions)
                if live.turns - self.start_turns[table.name] >= self.turns or live.phase == OVER:
                    return
                game = Game.from_data(live.to_data(), live.board)
            people.step(game, last)

    def _inputs(self, table: BoardGame, people: TablePlayers) -> None:
        """Note the time of each input the board's players make (not of their walking to make it)."""
        for bot in people.people.values():
            for method in INPUTS:
                setattr(bot, method, self._noted(table.name, getattr(bot, method)))

    def _noted(self, board: str, act: Callable[..., Any]) -> Callable[..., Any]:
        def noted(*args: Any, **kwargs: Any) -> Any:
            done = act(*args, **kwargs)
            with self.noting:
                self.acted_at[board] = time.monotonic()
            return done
        return noted


def percentile(values: Sequence[float], share: float) -> float:
    """The value that a `share` of the values (0.99: 99%) do not pass; 0 when there are none."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else 0


def _game(table: BoardGame) -> Game:
    assert table.game is not None
    return table.game


def main() -> None:
    """Run the benchmark and print its table."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--boards", default="1,4,8", help="numbers of boards, comma-separated")
    ap.add_argument("--busy", default="0,25", help="ms of each 50 ms tick the main thread is busy")
    ap.add_argument("--turns", type=int, default=4, help="turns played on each board")
    ap.add_argument("--poll", type=float, default=Settings.poll_interval,
                    help="seconds between idle polls (monopoli run's default)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(f"{PLAYERS} players a board, walking; poll every {args.poll:g}s; {args.turns} turns a board; "
          "per-command / batched (ratio)")
    head = (f"{'boards':>6} {'busy':>5} | {'req/idle poll':>13} | {'req/turn':>21} | {'req/action':>21} | "
            f"{'req/poll w/ events':>21} | {'p50 ms':>21} | {'p99 ms':>21} | inputs")
    print(head)
    print("-" * len(head))
    for boards in (int(b) for b in args.boards.split(",")):
        for busy in (float(b) for b in args.busy.split(",")):
            old, new = (run(boards, busy, per_command=p, turns=args.turns, poll=args.poll, seed=args.seed)
                        for p in (True, False))
            print(f"{boards:>6} {busy:>3g}ms | {old.idle:>5.2f} / {new.idle:<5.2f} "
                  f"| {_pair(old.per_turn, new.per_turn)} | {_pair(old.per_action, new.per_action)} "
                  f"| {_pair(old.per_event_poll, new.per_event_poll)} "
                  f"| {_pair(old.p50, new.p50, 0)} | {_pair(old.p99, new.p99, 0)} | {old.inputs}/{new.inputs}",
                  flush=True)


def _pair(old: float, new: float, digits: int = 1) -> str:
    ratio = f"({old / new:.1f}x)" if new else ""
    return f"{old:>6.{digits}f} / {new:<6.{digits}f} {ratio:>7}"


if __name__ == "__main__":
    main()
