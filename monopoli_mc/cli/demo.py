"""`monopoli demo`: a whole game with bot players, told turn by turn."""

from __future__ import annotations

import dataclasses
import time
from typing import Any

import click

from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.bots import make_bots
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.narrate import Narrator
from monopoli_mc.rules.settings import load_rules
from monopoli_mc.rules.simulate import play_game


@click.command()
@click.option("--rules", "rules_name", default="prom", show_default=True, metavar="NAME|FILE",
              help="Rule set: a name in configs/rules/ or a YAML file.")
@click.option("--players", default=4, show_default=True, type=click.IntRange(2, 8))
@click.option("--seed", default=1, show_default=True, type=int)
@click.option("--max-rounds", default=200, show_default=True, type=click.IntRange(1, None),
              help="Stop after this many rounds; the richest by net worth wins.")
def demo(rules_name: str, players: int, seed: int, max_rounds: int) -> None:
    """Play one headless game with bots and print the turn log and the final standings.

    \b
    Example:
      monopoli demo --rules prom --players 4 --seed 3
    """
    rules = dataclasses.replace(load_rules(rules_name), max_rounds=max_rounds)
    board = load_board(board_path(rules.board))
    names = [f"Bot {i + 1}" for i in range(players)]
    narrator = Narrator(board, names)
    started = time.perf_counter()
    final: dict[str, Game] = {}

    def tell(game: Game, events: list[tuple[Any, ...]]) -> None:
        for line in narrator.lines(events):
            click.echo(("  " if not line.startswith("--") else "") + line)
        final["game"] = game

    click.echo(f"Monopoli demo: {rules.name} rules, {players} bots, seed {seed}")
    result = play_game(rules, board, players, seed, bots=make_bots(players), on_events=tell)
    game = final["game"]
    click.echo(f"\nFinal standings after {result.rounds} rounds ({time.perf_counter() - started:.2f}s):")
    for rank, (seat, worth) in enumerate(game.standings(), 1):
        status = "bankrupt" if game.bankrupt[seat] else f"cash ${game.cash[seat]:,}, worth ${worth:,}"
        click.echo(f"  {rank}. {names[seat]:8s} {status}")
