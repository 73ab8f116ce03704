"""Engine speed: player-turns and full games per second, 4 bots, one core.

Run: .venv/bin/python bench/engine.py [--games N] [--max-rounds R]
Prints one line per rule set; the figure to watch is player-turns per second.
"""

from __future__ import annotations

import argparse
import dataclasses
import time

from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.bots import make_bots
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.phases import OVER
from monopoli_mc.rules.settings import load_rules


def bench(rules_name: str, games: int, max_rounds: int, seed: int) -> tuple[float, float, int, int]:
    """(player-turns/s, games/s, turns, actions) over `games` games."""
    rules = dataclasses.replace(load_rules(rules_name), max_rounds=max_rounds)
    board = load_board(board_path(rules.board))
    turns = actions = 0
    started = time.perf_counter()
    for i in range(games):
        game = Game.new(rules, board, ["A", "B", "C", "D"], seed + i)
        bots = make_bots(4)
        legal, apply = game.legal_actions, game.apply
        while game.phase != OVER:
            acts = legal()
            apply(bots[acts[0][1]].choose(game, acts))
            actions += 1
        turns += game.turns
    elapsed = time.perf_counter() - started
    return turns / elapsed, games / elapsed, turns, actions


def main() -> None:
    """Print the figures for the prom and classic rules."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--max-rounds", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for name in ("prom", "classic"):
        bench(name, 10, args.max_rounds, args.seed)  # warm up
        tps, gps, turns, actions = bench(name, args.games, args.max_rounds, args.seed)
        print(f"{name:8s} {tps:10,.0f} player-turns/s  {gps:7.1f} games/s  "
              f"({args.games} games, {turns:,} turns, {actions:,} actions, round limit {args.max_rounds})")


if __name__ == "__main__":
    main()
