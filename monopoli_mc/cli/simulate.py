"""`monopoli simulate`: many headless bot games and their statistics."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import click

from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.bots import JAIL_STRATEGIES
from monopoli_mc.rules.settings import load_rules
from monopoli_mc.rules.simulate import DEFAULT_MAX_ROUNDS, GameResult, run_games, summarize


@click.command()
@click.option("--rules", "rules_name", default="prom", show_default=True, metavar="NAME|FILE",
              help="Rule set: a name in configs/rules/ or a YAML file.")
@click.option("--players", default=4, show_default=True, type=click.IntRange(2, 8))
@click.option("--games", default=1000, show_default=True, type=click.IntRange(1, None))
@click.option("--seed", default=7, show_default=True, type=int, help="Seed of the first game; game i uses seed+i.")
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(0, None),
              help="Worker processes (0: one per core).")
@click.option("--jail-strategy", default="pay", show_default=True, type=click.Choice(JAIL_STRATEGIES),
              help="pay: leave jail at once; stay: throw for doubles as long as allowed.")
@click.option("--max-rounds", default=DEFAULT_MAX_ROUNDS, show_default=True, type=click.IntRange(1, None),
              help="Stop a game after this many rounds; the richest by net worth leads.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write the figures, with landings per space, to this JSON file.")
def simulate(rules_name: str, players: int, games: int, seed: int, jobs: int, jail_strategy: str,
             max_rounds: int, json_path: Path | None) -> None:
    """Play many headless games with bots and summarize them.

    \b
    Example:
      monopoli simulate --rules prom --players 4 --games 1000 --seed 7 --jobs 2 --json sim.json
    """
    rules = load_rules(rules_name)
    board = load_board(board_path(rules.board))
    jobs = jobs or os.cpu_count() or 1
    started = time.perf_counter()
    results: list[GameResult] = []
    bar: Any = click.progressbar(length=games, label=f"{rules.name}: {games} games",
                                 file=sys.stderr, show_pos=True)
    with bar:
        for result in run_games(rules, board, players=players, games=games, seed=seed, jobs=jobs,
                                jail_strategy=jail_strategy, max_rounds=max_rounds):
            results.append(result)
            bar.update(1)
    elapsed = time.perf_counter() - started
    summary = summarize(results, board=board, players=players, rules=rules, max_rounds=max_rounds)
    summary.update({"seed": seed, "jail_strategy": jail_strategy, "seconds": round(elapsed, 3)})
    click.echo(render_summary(summary, [s.name for s in board.spaces]))
    if json_path is not None:
        try:
            json_path.write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
        except OSError as exc:
            raise click.ClickException(f"cannot write {json_path}: {exc.strerror}") from None
        click.echo(f"figures written to {json_path}")


def render_summary(s: dict[str, Any], space_names: list[str]) -> str:
    """The summary as a few readable lines."""
    r = s["rounds"]
    lines = [
        f"{s['games']} games of {s['rules']} with {s['players']} bots (seed {s['seed']}, "
        f"jail: {s['jail_strategy']}) in {s['seconds']:.1f}s",
        f"  won outright:       {s['won']}",
        f"  stopped at limit:   {s['stopped_at_limit']} (after {s['max_rounds']} rounds, richest leads)",
        f"  rounds per game:    median {r['median']:g}, p10 {r['p10']:g}, p25 {r['p25']:g}, "
        f"p75 {r['p75']:g}, p90 {r['p90']:g}, max {r['max']}",
        "  wins by seat:       " + ", ".join(f"seat {k}: {v}" for k, v in s["wins_by_seat"].items()),
        "  where the money went (per game): " + ", ".join(
            f"{k.replace('_', ' ')} ${v:,.0f}" for k, v in s["money_per_game"].items() if v),
    ]
    landings = s["landings"]
    throws = s["throws"] or 1
    top = sorted(((v, k) for k, v in landings.items()), reverse=True)[:5]
    lines.append("  most landed on:     " + ", ".join(
        f"{'In Jail' if k == 'in_jail' else space_names[int(k)]} {100 * v / throws:.1f}%" for v, k in top))
    return "\n".join(lines)
