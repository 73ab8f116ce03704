"""A whole game in the sandbox: pack installed, board built, bots seated, the real controller over RCON."""

from __future__ import annotations

import dataclasses
import secrets
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from monopoli_mc.controller.loop import Controller, Settings
from monopoli_mc.controller.session import controlling
from monopoli_mc.controller.db.store import Store
from monopoli_mc.controller.game.table import BoardGame
from monopoli_mc.datapack.build import build_pack
from monopoli_mc.datapack.pack import write_pack
from monopoli_mc.datapack.world_config import WorldConfig, load_world
from monopoli_mc.demo.players import TablePlayers
from monopoli_mc.errors import MonopoliError
from monopoli_mc.rcon.client import RconClient
from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.phases import OVER
from monopoli_mc.rules.settings import load_rules
from monopoli_mc.sandbox.runner import Sandbox

NAMES = ("Alex", "Sam", "Robin", "Kai", "Noor", "Jules", "Mika", "Tess")


@dataclass
class DemoResult:
    """How a demo went: each board's final game (the first board's is `game`)."""

    games: dict[str, Game]
    seconds: float
    actions: int
    requests: int
    strict_failures: list[str]

    @property
    def game(self) -> Game:
        """The first board's game."""
        return next(iter(self.games.values()))


def install(world_cfg: WorldConfig, rules_name: str, folder: Path) -> Path:
    """Build the pack for this world config and rule set's board into a folder; its path."""
    board = load_board(board_path(load_rules(rules_name).board))
    pack_dir, _ = write_pack(build_pack(world_cfg, board), folder)
    return pack_dir


def build_boards(rcon: Any, world_cfg: WorldConfig) -> None:
    """Place every board, as `monopoli board build` does."""
    for place in world_cfg.boards:
        reply = rcon.command(f"function monopoli:board/{place.name}/place")
        if "Unknown function" in reply:
            raise MonopoliError("the monopoli datapack is not loaded")


def run_demo(*, players: int = 4, seed: int = 1, speed: float = 5.0, rules: str = "prom",
             world_path: Path | None = None, movement: str | None = None, record: Path | None = None,
             strict: bool = False, echo: Callable[[str], None] = print,
             timeout: float = 600.0, db: Path | None = None, max_rounds: int | None = None,
             on_controller: Callable[[Controller], None] | None = None,
             per_command: bool = False) -> DemoResult:
    """Play one game of `players` bots on every board of the world config; returns the final games.

    `on_controller` sees the controller before the bots sit down (the live page attaches there);
    `per_command` writes one command a request, as before batching (bench/demo_requests.py).
    Raises MonopoliError if the games do not end within `timeout` seconds.
    """
    world_cfg = load_world(world_path)
    if movement is not None:
        world_cfg = dataclasses.replace(world_cfg, movement=movement)
    password = secrets.token_hex(12)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="monopoli-demo-") as tmp:
        pack = install(world_cfg, rules, Path(tmp))
        with Sandbox(password=password, strict=strict, datapack=pack, version=world_cfg.version.name,
                     tick_rate=20 * speed) as box:
            client = RconClient(*box.address, password, timeout=10)
            client.connect()
            settings = Settings(rules=rules, auction_quiet=max(0.05, 1.5 / speed), walk_wait=max(0.2, 10 / speed),
                                poll_interval=0.002, start_at=players, seed=seed, max_rounds=max_rounds,
                                per_command=per_command)
            rate = 20 * speed
            # Timers run on the world's clock: a busy machine slows the ticks and the timers alike,
            # so an auction never closes before a bot's bid has reached the inbox.
            with controlling(client, world_cfg, db or Path(tmp) / "demo.db", settings, record=record,
                             on_line=_log(echo, lambda: ctl.tables), clock=lambda: box.world.game_time / rate) as ctl:
                build_boards(ctl.rcon, world_cfg)
                ctl.start()
                if on_controller is not None:
                    on_controller(ctl)
                tables = list(ctl.tables.values())
                crowds = [TablePlayers(box.world, table.layout, demo_names(i, players),
                                       walk=world_cfg.movement == "walk", operator=_operator(ctl.store, table.name))
                          for i, table in enumerate(tables)]
                for people in crowds:
                    people.join()
                for people in crowds:
                    people.sit_down()
                _play(ctl, box, list(zip(tables, crowds)), time.monotonic() + timeout, 1 / rate, timeout)
                ctl.poll()
                ctl.release()  # a clean stop, counted: `state` and `admin` on a kept --db see no controller
                games = {t.name: t.game for t in tables if t.game is not None}
                return DemoResult(games, time.monotonic() - started, sum(t.n_actions for t in tables),
                                  ctl.requests, list(box.world.strict_failures))

def _operator(store: Store, board: str) -> Callable[[str, dict[str, Any]], object]:
    """How a board's bots ask the operator for something (a trade): a request in the store."""
    return lambda kind, args: store.request(kind, args, board)


def demo_names(board: int, players: int) -> list[str]:
    """The bots' names at the board-th board: Alex, Sam, ... then Alex2, Sam2, ..."""
    names = []
    for k in range(board * players, (board + 1) * players):
        lap, i = divmod(k, len(NAMES))
        names.append(NAMES[i] + (str(lap + 1) if lap else ""))
    return names


def _play(ctl: Controller, box: Sandbox, boards: list[tuple[BoardGame, TablePlayers]], deadline: float,
          tick: float, timeout: float) -> None:
    """Poll and let the bots act until every board's game is over."""
    while any(t.game is None or t.game.phase != OVER for t, _ in boards):
        if time.monotonic() > deadline:
            raise MonopoliError(f"the demo game did not end within {timeout:.0f}s")
        acted = ctl.step() > 0  # as `monopoli run` polls: a failure is said and the next poll tries again
        for table, people in boards:
            if table.game is not None and table.game.phase != OVER:
                if people.step(table.game, (table.game_id, table.n_actions)) is not None:
                    acted = True
                    _settle(box, 2)
        if not acted:
            time.sleep(tick)


def _settle(box: Sandbox, ticks: int) -> None:
    """Wait until the world has ticked, so what a bot just did is in the inbox at the next poll."""
    until = box.world.game_time + ticks
    deadline = time.monotonic() + 5.0
    while box.world.game_time < until and time.monotonic() < deadline:
        time.sleep(0.0005)


def _log(echo: Callable[[str], None], tables: Callable[[], dict[str, BoardGame]]) -> Callable[[str], None]:
    """The live log: controller lines, with everyone's cash at the start of each turn.

    With one board the lines are told without its name; with several, each starts with it.
    """
    def line(text: str) -> None:
        boards = tables()
        if not (text.startswith("[") and "] " in text):
            echo(text)
            return
        name, said = text[1:].split("] ", 1)
        head = "" if len(boards) == 1 else f"[{name}] "
        g = boards[name].game if name in boards else None
        if said.startswith("-- round") and g is not None:
            cash = ", ".join(f"{n} ${c}" for n, c, out in zip(g.names, g.cash, g.bankrupt) if not out)
            jar = f", jar ${g.jar}" if g.rules.free_parking_jar else ""
            echo(f"{head}{said}   [{cash}{jar}]")
        else:
            echo(f"{head}  {said}")
    return line


def standings(game: Game) -> list[str]:
    """The final standings, one line per player."""
    lines = []
    for rank, (seat, worth) in enumerate(game.standings(), 1):
        status = "bankrupt" if game.bankrupt[seat] else f"cash ${game.cash[seat]:,}, worth ${worth:,}"
        lines.append(f"  {rank}. {game.names[seat]:8s} {status}")
    return lines
