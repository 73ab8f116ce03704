"""How long reading the night's standings takes (controller/night.py), by the number of games in the database.

Usage: .venv/bin/python bench/night.py [--games 10,30,60] [--players 4] [--rounds 60] [--rules classic]

Bot games (rules.simulate.play_game, --rounds at most) are recorded as the controller records them, one
database per size, then the night is read three ways, side by side: the first read (every ended game
replayed from its start: a controller's first poll after it starts, or `monopoli standings`), a read with the
replays kept (`Replays`: what the controller pays every 30 s and at each game's end, the book's
/trigger standings), and a read after one more game ended (that game alone replayed).
"""

from __future__ import annotations

import argparse
import dataclasses
import tempfile
import time
from pathlib import Path
from typing import Any

from monopoli_mc.controller.night import Night, Replays
from monopoli_mc.controller.store import Store
from monopoli_mc.datapack.night_config import NightRules
from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.settings import Rules, load_rules
from monopoli_mc.rules.simulate import play_game


def _record(store: Store, rules: Rules, board: Any, players: int, seed: int) -> int:
    """One bot game into the store, as the controller records it; its actions."""
    actions: list[tuple[str, int, Any]] = []
    play_game(rules, board, players, seed, record=actions)
    with store.transaction():
        gid = store.new_game("main", dataclasses.asdict(rules), seed, [f"Bot {i + 1}" for i in range(players)])
        for action in actions:
            store.log(gid, action, "bench")
        store.set_over(gid)
    return len(actions)


def _timed(read: Any) -> float:
    start = time.perf_counter()
    read()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="10,30,60")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--rules", default="classic")
    args = parser.parse_args()
    rules = dataclasses.replace(load_rules(args.rules), max_rounds=args.rounds)
    board = load_board(board_path(rules.board))
    print(f"{'games':>6} {'actions':>8} {'first read':>11} {'kept':>9} {'one more':>9}")
    with tempfile.TemporaryDirectory() as folder:
        for size in (int(n) for n in args.games.split(",")):
            store = Store(Path(folder) / f"night-{size}.db")
            actions = sum(_record(store, rules, board, args.players, seed) for seed in range(size))
            replays = Replays()
            first = _timed(lambda: Night.read(store, NightRules(), replays))
            kept = _timed(lambda: Night.read(store, NightRules(), replays))
            _record(store, rules, board, args.players, size)
            more = _timed(lambda: Night.read(store, NightRules(), replays))
            print(f"{size:>6} {actions:>8} {first:>10.2f}s {kept * 1000:>7.0f}ms {more * 1000:>7.0f}ms")
            store.close()


if __name__ == "__main__":
    main()
