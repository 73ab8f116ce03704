"""`monopoli state`: what each board's game looks like now, read from the database."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from monopoli_mc.cli.options import db_option, db_path_for, file_path, world_option
from monopoli_mc.controller.db.store import Store
from monopoli_mc.controller.db.saved import load_game, rules_of
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.errors import MonopoliError
from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.phases import OVER


def describe(game: Game) -> dict[str, Any]:
    """A game as plain data for people: whose turn, cash, deeds, buildings, jar, pending."""
    spaces = game.board.spaces
    players = []
    for seat, name in enumerate(game.names):
        deeds = [{"space": s, "name": spaces[s].name, "buildings": game.buildings[s],
                  "mortgaged": game.mortgaged[s]} for s, o in enumerate(game.owner) if o == seat]
        players.append({"seat": seat, "name": name, "cash": game.cash[seat], "space": game.pos[seat],
                        "where": spaces[game.pos[seat]].name, "in_jail": game.jail_turns[seat] >= 0,
                        "bankrupt": game.bankrupt[seat], "jail_cards": len(game.jail_cards[seat]),
                        "net_worth": game.net_worth(seat), "deeds": deeds})
    over = game.phase == OVER
    return {"phase": game.phase, "round": game.round + 1,
            "turn": game.names[game.current], "to_act": None if over else game.names[game.to_act()],
            "pending": game.pending, "debts": game.debts, "trade": game.trade, "jar": game.jar,
            "winner": game.names[game.winner] if game.winner is not None else None,
            "tied": [game.names[p] for p in game.tied()],
            "players": players}


@click.command("state")
@db_option
@world_option
@click.option("--board", "board_name", default=None, help="Only this board.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option("--png", "png_path", type=file_path(), default=None,
              help="Draw the boards as the live page shows them into this PNG file instead.")
@click.option("--all", "every_game", is_flag=True,
              help="List every game of the night instead (board, players, start and end, how it ended, winner, "
                   "final net worths), as `monopoli standings` does.")
@click.option("--standings", "night_png", is_flag=True,
              help="With --png: draw the night's standings (podium, table, every game) instead of the boards.")
def state(db_path: Path | None, world_path: Path | None, board_name: str | None, as_json: bool,
          png_path: Path | None, every_game: bool, night_png: bool) -> None:
    """Print each board's game as it is now: whose turn, cash, deeds, buildings, jar, pending.

    With --png, draw the same picture as `run --web` shows (every board, one under
    the other, or only --board) into a PNG file.

    With --all, list every game of the night; with --png and --standings, draw
    the night's standings.

    \b
    Examples:
      monopoli state --db prom-night.db --board main
      monopoli state --db prom-night.db --png board.png
      monopoli state --db prom-night.db --all
      monopoli state --db prom-night.db --png night.png --standings
    """
    if night_png and png_path is None:
        raise MonopoliError("--standings draws a picture: give --png FILE too")
    if every_game or night_png:
        _night(db_path, world_path, png_path if night_png else None, as_json=as_json)
        return
    db_path = db_path_for(db_path, world_path)
    if not db_path.exists():
        raise MonopoliError(f"no game database at {str(db_path)!r}: is this the --db of monopoli run?")
    store = Store(db_path, create=False)
    out: dict[str, Any] = {}
    try:
        if board_name is not None:
            _check_board(board_name, store, world_path)
        boards = sorted({g.board for g in store.games()} | ({board_name} if board_name else set()))
        if png_path is not None:
            _draw(store, world_path, [board_name] if board_name else boards, png_path)
            return
        for name in boards:
            if board_name is not None and name != board_name:
                continue
            row = store.current_game(name)
            if row is None:
                out[name] = {"game": None, "lobby": store.lobby(name)}
                continue
            board = load_board(board_path(rules_of(row.rules).board))
            game, n = load_game(store, row, board)
            out[name] = {"game": row.id, "actions": n, "rules": game.rules.name, **describe(game)}
    finally:
        store.close()
    if as_json:
        click.echo(json.dumps(out, indent=2))
        return
    if not out:
        click.echo("no games yet")
    for name, data in out.items():
        _print_board(name, data)


def _draw(store: Store, world_path: Path | None, boards: list[str], path: Path) -> None:
    """The boards' picture into a PNG file."""
    from monopoli_mc.view.png import save  # Pillow only when a picture is asked for
    from monopoli_mc.view.stored import stored_views

    if not boards:
        raise MonopoliError("no games yet: nothing to draw")
    views = stored_views(store, load_world(world_path), boards)  # in the world config's order
    save(views, path)
    click.echo(f"board picture of {', '.join(v.board for v in views)} written to {path}")


def _night(db_path: Path | None, world_path: Path | None, png_path: Path | None, *, as_json: bool) -> None:
    """Every game of the night (`--all`), or the night's picture (`--png FILE --standings`)."""
    from monopoli_mc.cli.standings import game_line, read_night  # the night only when it is asked for

    night, data = read_night(db_path, world_path)
    if png_path is not None:
        from monopoli_mc.view.standings_png import save_standings

        save_standings(night, png_path)
        click.echo(f"standings picture written to {png_path}")
    elif as_json:
        click.echo(json.dumps(data["games"], indent=2))
    elif not night.results:
        click.echo("no games yet")
    else:
        for result in night.results:
            click.echo(game_line(night, result).strip())


def _check_board(name: str, store: Store, world_path: Path | None) -> None:
    """Refuse a board that is neither in the world config nor in the database."""
    known = [place.name for place in load_world(world_path).boards]
    known += sorted(store.boards() - set(known))
    if name not in known:
        raise MonopoliError(f"no board named {name!r}; boards: {', '.join(known)}")


def _print_board(name: str, data: dict[str, Any]) -> None:
    if data.get("game") is None:
        click.echo(f"board {name}: no game yet; seated: {', '.join(data['lobby']) or 'nobody'}")
        return
    head = (f"board {name}: game {data['game']} ({data['rules']} rules), round {data['round']}, "
            f"{data['phase'].replace('_', ' ')}")
    if data["winner"]:
        head += f"; winner {data['winner']}"
    elif data["to_act"]:
        head += f"; waiting for {data['to_act']}"
    click.echo(head + f"; jar ${data['jar']}")
    for p in data["players"]:
        status = "bankrupt" if p["bankrupt"] else f"${p['cash']:,} on {p['where']}" + (
            " (in jail)" if p["in_jail"] else "")
        click.echo(f"  {p['name']:16s} {status}; worth ${p['net_worth']:,}")
        for d in p["deeds"]:
            extra = " (mortgaged)" if d["mortgaged"] else (
                " (hotel)" if d["buildings"] == 5 else f" ({d['buildings']} houses)" if d["buildings"] else "")
            click.echo(f"      {d['space']:2d} {d['name']}{extra}")
