"""`monopoli demo`: a whole game in the sandbox, bots as players, the real controller over RCON."""

from __future__ import annotations

import threading
from pathlib import Path

import click

from monopoli_mc.cli.options import OperatorNumber, file_path, measure, number, web_option
from monopoli_mc.cli.run import SEED, open_page
from monopoli_mc.cli.sandbox import stop_on_signals
from monopoli_mc.demo.run import run_demo, standings
from monopoli_mc.errors import MonopoliError

DEMO_MAX_ROUNDS = 150  # bots can keep a game going for thousands of rounds; a demo shows one that ends


@click.command()
@click.option("--players", default=4, show_default=True, type=number(2, 8))
@click.option("--seed", default=1, show_default=True, type=OperatorNumber(SEED), help="Seed of the game (dice, decks).")
@click.option("--speed", default=5.0, show_default=True, type=measure(0.1, 100),
              help="Sandbox clock and timers: 1 is real time (20 ticks a second).")
@click.option("--rules", "rules_name", default="prom", show_default=True, metavar="NAME|FILE",
              help="Rule set: a name in configs/rules/ or a YAML file.")
@click.option("--movement", type=click.Choice(["walk", "teleport"]), default=None,
              help="Override the world config's movement mode.")
@click.option("--world", "world_path", type=file_path(), default=None,
              help="World config (default: configs/world.yaml).")
@click.option("--record", type=file_path(), default=None,
              help="Write every RCON request and reply to this file as JSON lines.")
@click.option("--max-rounds", default=DEMO_MAX_ROUNDS, show_default=True, type=number(1, 1_000_000),
              help="End the game after this many rounds; the richest by net worth wins.")
@click.option("--quiet", is_flag=True, help="Only the final standings.")
@click.option("--db", "db_path", type=file_path(), default=None,
              help="Keep the demo's game database here (for `monopoli state`); default: a temporary file.")
@web_option
def demo(players: int, seed: int, speed: float, rules_name: str, movement: str | None,
         world_path: Path | None, record: Path | None, max_rounds: int, quiet: bool, db_path: Path | None,
         web: tuple[str, int] | None) -> None:
    """Play a whole game in the sandbox with bot players, through the real controller.

    The bots walk the board, press the buildings' buttons, click chat buttons and
    use /trigger, as a person would; the engine's bot strategies decide. Every
    board of the world config gets its own game. With --web the live board page
    follows the games, and stays up after them until Ctrl-C.

    \b
    Examples:
      monopoli demo --players 4 --seed 1 --speed 5 --rules prom
      monopoli demo --speed 1 --web 127.0.0.1:8080
      monopoli demo --db demo.db && monopoli state --db demo.db --png board.png
    """
    if db_path is not None and db_path.exists():
        raise MonopoliError(f"{str(db_path)!r} exists: the demo plays a new game into a new database file")
    click.echo(f"Monopoli demo: {rules_name} rules, {players} bot players, seed {seed}, speed {speed}")
    page = open_page(web)
    try:
        result = run_demo(players=players, seed=seed, speed=speed, rules=rules_name, world_path=world_path,
                          movement=movement, record=record, max_rounds=max_rounds, db=db_path,
                          echo=(lambda line: None) if quiet else click.echo,
                          on_controller=page.attach if page is not None else None)
    except BaseException:
        if page is not None:
            page.close("the demo stopped")
        raise
    for name, game in result.games.items():
        board = f" on board {name}" if len(result.games) > 1 else ""
        click.echo(f"\nFinal standings{board} after {game.round} rounds:")
        for line in standings(game):
            click.echo(line)
    click.echo(f"{result.actions} actions, {result.requests} RCON requests, {result.seconds:.1f}s")
    if page is not None:
        page.stop("the demo is over")
        click.echo(f"The board page stays up at {page.url} until Ctrl-C.")
        stop = threading.Event()
        with stop_on_signals(stop):
            stop.wait()
        page.close("the demo is over")
