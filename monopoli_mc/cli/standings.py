"""`monopoli standings`: the night's standings and every game of it, read from the database."""

from __future__ import annotations

import json
import time
from pathlib import Path

import click

from monopoli_mc.cli.options import db_option, db_path_for, world_option
from monopoli_mc.controller.db.night import Night, Result, as_data, crowned, standings_csv
from monopoli_mc.controller.db.store import Store
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.errors import MonopoliError


def read_night(db_path: Path | None, world_path: Path | None) -> tuple[Night, dict[str, object]]:
    """The night from the database named by --db (or after --world), its rules from the world config; and
    the same as plain data (the crowning's state included)."""
    rules = load_world(world_path).night
    path = db_path_for(db_path, world_path)
    if not path.exists():
        raise MonopoliError(f"no game database at {str(path)!r}: give the --db of monopoli run")
    store = Store(path, create=False)
    try:
        night = Night.read(store, rules)
        return night, as_data(night, crowned(store))
    finally:
        store.close()


@click.command("standings")
@db_option
@world_option
@click.option("--json", "as_json", is_flag=True, help="Print the standings and every game as JSON.")
@click.option("--csv", "as_csv", is_flag=True, help="Print the standings as CSV (for the school's records).")
def standings(db_path: Path | None, world_path: Path | None, as_json: bool, as_csv: bool) -> None:
    """The night's standings and every game of it: board, players, start and end, how it ended, the winner
    and the final net worths.

    Computed from the games in the database, every world's: an undo that reopens a game takes its
    result back out. The points and how an unfinished game counts are the world config's `night:`.

    \b
    Examples:
      monopoli standings --db prom-night.db
      monopoli standings --db prom-night.db --csv > standings.csv
    """
    if as_json and as_csv:
        raise MonopoliError("give --json or --csv, not both")
    night, data = read_night(db_path, world_path)
    if as_json:
        click.echo(json.dumps(data, indent=2))
    elif as_csv:
        click.echo(standings_csv(night), nl=False)
    else:
        for line in standings_text(night, data):
            click.echo(line)


def standings_text(night: Night, data: dict[str, object]) -> list[str]:
    """The standings and the games, as the terminal shows them."""
    ended = sum(1 for r in night.results if r.over)
    lines = [f"The night: {len(night.results)} game{'s' if len(night.results) != 1 else ''}, {ended} ended; "
             f"{night.rules.describe()}"]
    if night.standings:
        width = max(len("player"), *(len(s.name) for s in night.standings))
        lines.append(f"  rank  {'player':{width}s}  points  wins  net worth  games")
        lines += [f"  {s.rank:4d}  {s.name:{width}s}  {s.points:6d}  {s.wins:4d}  {'$' + format(s.worth, ','):>9s}"
                  f"  {s.games:5d}" for s in night.standings]
    else:
        lines.append("  no game has ended yet: no standings")
    final = night.final
    champion = night.champion()
    if final is not None:
        lines.append(f"final: game {final.game} at board {final.board}"
                     + ("" if final.over else " (not finished)"))
    if champion is not None:
        lines.append(f"champion{' so far' if night.running() else ''}: {champion[1]}"
                     + (" (the final's winner)" if final is not None and final.counted else " (the standings)"))
    crowning = data.get("crowned")
    if isinstance(crowning, dict):
        stale = f"; STALE: {crowning['stale']}: `monopoli admin crown` crowns again" if crowning["stale"] else ""
        lines.append(f"crowned at {_clock(crowning['at'])}: {crowning['champion'] or 'no single champion'}{stale}")
    lines.append("games:")
    lines += [game_line(night, r) for r in night.results]
    return lines


def game_line(night: Night, r: Result) -> str:
    """One game: its number, board, start and end, how it ended, the winner and the final net worths."""
    when = f"{_clock(r.started)}-{_clock(r.ended) if r.ended is not None else ''}"
    head = f"  game {r.game} at {r.board}{' (the final)' if r.final else ''}, {when}: "
    if not r.finish:
        return head + f"not finished ({', '.join(r.players)}); left out of the standings"
    worths = ", ".join(f"{f.name} ${f.worth:,}" + (" (bankrupt)" if f.bankrupt else "") for f in r.finish)
    name = night.names.get(r.winner, "") if r.winner else ""
    if r.over:
        return head + f"{r.ending()}; {f'winner {name}' if name else 'a tie, no winner'}; {worths}"
    how = "the crown goes by it as it stands" if r.final else "counted as it stands"
    return head + f"not finished, {how}; {f'leading {name}' if name else 'level at the top'}; {worths}"


def _clock(at: object) -> str:
    return time.strftime("%H:%M", time.localtime(float(at))) if isinstance(at, (int, float)) else "?"
