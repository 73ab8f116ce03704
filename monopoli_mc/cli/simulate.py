"""`monopoli simulate`: many headless bot games and their statistics, and planning the evening's slot."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import click

from monopoli_mc.cli.options import duration, file_path, measure, number, numbers
from monopoli_mc.errors import MonopoliError
from monopoli_mc.operator_input import Duration
from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.bots import JAIL_STRATEGIES
from monopoli_mc.rules.planning import game_minutes, planning
from monopoli_mc.rules.settings import MAX_LIMIT_MINUTES, Rules, load_rules
from monopoli_mc.rules.simulate import DEFAULT_MAX_ROUNDS, GameResult, run_games, summarize

SLOT_MOST = MAX_LIMIT_MINUTES * 60  # seconds: a slot is at most what a game's time limit may be (a week)


def parse_slot(text: str) -> float:
    """"120m", "2h", "1h30m" or "90" (minutes) as minutes, by the operator's rule; raises NotAccepted otherwise."""
    return Duration("--slot", SLOT_MOST).read(text) / 60


def _listed(values: tuple[str, ...]) -> list[str]:
    """Repeated options and comma lists alike: --rules prom,classic --rules anti."""
    return [item.strip() for value in values for item in value.split(",") if item.strip()]


@click.command()
@click.option("--rules", "rules_names", default=("prom",), multiple=True, show_default=True, metavar="NAME|FILE",
              help="Rule set: a name in configs/rules/ or a YAML file; several with commas or repeated.")
@click.option("--players", "player_counts", default=("4",), multiple=True, show_default=True, metavar="N[,N…]",
              type=numbers(2, 8),
              help="Players per game, 2 to 8; several with commas (3,4,6) or repeated.")
@click.option("--games", default=1000, show_default=True, type=number(1, 1_000_000_000))
@click.option("--seed", default=7, show_default=True, type=number(0, 2**62), help="Seed of the first game; game i uses seed+i.")
@click.option("--jobs", default=1, show_default=True, type=number(0, 1024),
              help="Worker processes (0: one per core).")
@click.option("--jail-strategy", default="pay", show_default=True, type=click.Choice(JAIL_STRATEGIES),
              help="pay: leave jail at once; stay: throw for doubles as long as allowed.")
@click.option("--max-rounds", default=None, type=number(1, 1_000_000),
              help=f"Stop a game after this many rounds; the richest by net worth leads "
                   f"[default: the rule set's max_rounds, else {DEFAULT_MAX_ROUNDS}].")
@click.option("--seconds-per-throw", type=measure(0.001, 3600, "seconds"), default=None,
              help="Time one throw of the dice takes at the table, with the walk and the decisions after it: "
                   "adds minutes per game.")
@click.option("--slot", "slot_seconds", default=None, type=duration(SLOT_MOST), metavar="LENGTH",
              help="The time the evening gives a game (120m, 2h, 1h30m): adds the share of games that end "
                   "within it (needs --seconds-per-throw).")
@click.option("--plot", "plot_path", type=file_path(), default=None,
              help="Draw the distribution of minutes per game, the slot marked, into this PNG file "
                   "(needs --seconds-per-throw).")
@click.option("--json", "json_path", type=file_path(),
              help="Also write the figures, with landings per space, to this JSON file.")
def simulate(rules_names: tuple[str, ...], player_counts: tuple[tuple[int, ...], ...], games: int, seed: int, jobs: int,
             jail_strategy: str, max_rounds: int | None, seconds_per_throw: float | None,
             slot_seconds: float | None, plot_path: Path | None, json_path: Path | None) -> None:
    """Play many headless games with bots and summarize them.

    With --seconds-per-throw, also the minutes a game takes (median and 90th
    percentile), and with --slot the share of games that end within the
    evening's slot, for each rule set and player count.

    \b
    Examples:
      monopoli simulate --rules prom --players 4 --games 1000 --seed 7 --jobs 2 --json sim.json
      monopoli simulate --rules prom,classic --players 3,4,6 --games 500 --seconds-per-throw 25 \\
          --slot 120m --plot slot.png
    """
    slot_minutes = None if slot_seconds is None else slot_seconds / 60
    if seconds_per_throw is None and (slot_minutes is not None or plot_path is not None):
        raise MonopoliError(f"{'--slot' if slot_minutes is not None else '--plot'} needs --seconds-per-throw "
                            "(how long one throw takes at the table), e.g. --seconds-per-throw 25")
    for path in (plot_path, json_path):  # before the games, not after minutes of them
        if path is not None and not path.resolve().parent.is_dir():
            raise MonopoliError(f"cannot write {str(path)!r}: there is no folder {str(path.parent)!r}")
    runs = [(load_rules(name), count) for name in _listed(rules_names) for counts in player_counts for count in counts]
    summaries: list[dict[str, Any]] = []
    minutes: list[tuple[str, list[float]]] = []
    for rules, players in runs:
        summary, results = _run(rules, players, games=games, seed=seed, jobs=jobs, jail_strategy=jail_strategy,
                                max_rounds=max_rounds)
        if seconds_per_throw is not None:
            summary["minutes"] = planning(results, seconds_per_throw=seconds_per_throw, slot_minutes=slot_minutes)
            minutes.append((f"{rules.name}, {players} players", game_minutes(results, seconds_per_throw)))
        board = load_board(board_path(rules.board))
        click.echo(render_summary(summary, [s.name for s in board.spaces]))
        summaries.append(summary)
    if len(summaries) > 1 and seconds_per_throw is not None:
        click.echo(render_planning(summaries))
    if plot_path is not None:
        from monopoli_mc.view.plot import save_plot  # Pillow only when a plot is asked for

        assert seconds_per_throw is not None
        save_plot(minutes, plot_path, slot_minutes=slot_minutes, seconds_per_throw=seconds_per_throw)
        click.echo(f"plot of minutes per game written to {plot_path}")
    if json_path is not None:
        _write_json(json_path, summaries[0] if len(summaries) == 1 else {"runs": summaries})


def _run(rules: Rules, players: int, *, games: int, seed: int, jobs: int, jail_strategy: str,
         max_rounds: int | None) -> tuple[dict[str, Any], list[GameResult]]:
    """One rule set at one player count: the summary and each game's result."""
    board = load_board(board_path(rules.board))
    limit = max_rounds or rules.max_rounds or DEFAULT_MAX_ROUNDS
    jobs = jobs or os.cpu_count() or 1
    started = time.perf_counter()
    results: list[GameResult] = []
    bar: Any = click.progressbar(length=games, label=f"{rules.name}, {players} players: {games} games",
                                 file=sys.stderr, show_pos=True)
    with bar:
        for result in run_games(rules, board, players=players, games=games, seed=seed, jobs=jobs,
                                jail_strategy=jail_strategy, max_rounds=limit):
            results.append(result)
            bar.update(1)
    elapsed = time.perf_counter() - started
    summary = summarize(results, board=board, players=players, rules=rules, max_rounds=limit)
    summary.update({"seed": seed, "jail_strategy": jail_strategy, "seconds": round(elapsed, 3)})
    return summary, results


def _write_json(path: Path, data: dict[str, Any]) -> None:
    try:
        path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    except OSError as exc:
        raise click.ClickException(f"cannot write {path}: {exc.strerror}") from None
    click.echo(f"figures written to {path}")


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
    ]
    if "minutes" in s:
        lines.append("  minutes per game:   " + _minutes_words(s["minutes"]))
    lines += [
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


def _minutes_words(m: dict[str, Any]) -> str:
    text = f"median {m['median']:g}, p90 {m['p90']:g}, max {m['max']:g} (at {m['seconds_per_throw']:g} s a throw)"
    if m.get("slot") is not None:
        text += f"; {100 * m['within_slot']:.0f}% end within the {m['slot']:g}-minute slot"
    return text


def render_planning(summaries: list[dict[str, Any]]) -> str:
    """One line per rule set and player count: minutes per game and the share within the slot."""
    first = summaries[0]["minutes"]
    slot = first.get("slot")
    head = f"\nplanning at {first['seconds_per_throw']:g} s a throw" + (f", a {slot:g}-minute slot" if slot else "")
    width = max(len(s["rules"]) for s in summaries)
    lines = [head, f"  {'rules':{width}s}  players  median  p90    " + ("within the slot" if slot else "")]
    for s in summaries:
        m = s["minutes"]
        share = f"{100 * m['within_slot']:.0f}%" if slot else ""
        lines.append(f"  {s['rules']:{width}s}  {s['players']:7d}  {m['median']:6g}  {m['p90']:5g}  {share}")
    return "\n".join(lines)
