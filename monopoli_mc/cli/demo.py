"""`monopoli demo`: a whole game in the sandbox, bots as players, the real controller over RCON."""

from __future__ import annotations

from pathlib import Path

import click

from monopoli_mc.demo.run import run_demo, standings

DEMO_MAX_ROUNDS = 150  # bots can keep a game going for thousands of rounds; a demo shows one that ends


@click.command()
@click.option("--players", default=4, show_default=True, type=click.IntRange(2, 8))
@click.option("--seed", default=1, show_default=True, type=int, help="Seed of the game (dice, decks).")
@click.option("--speed", default=5.0, show_default=True, type=click.FloatRange(0.1, 100),
              help="Sandbox clock and timers: 1 is real time (20 ticks a second).")
@click.option("--rules", "rules_name", default="prom", show_default=True, metavar="NAME|FILE",
              help="Rule set: a name in configs/rules/ or a YAML file.")
@click.option("--movement", type=click.Choice(["walk", "teleport"]), default=None,
              help="Override the world config's movement mode.")
@click.option("--world", "world_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="World config (default: configs/world.yaml).")
@click.option("--record", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write every RCON request and reply to this file as JSON lines.")
@click.option("--max-rounds", default=DEMO_MAX_ROUNDS, show_default=True, type=click.IntRange(1, None),
              help="End the game after this many rounds; the richest by net worth wins.")
@click.option("--quiet", is_flag=True, help="Only the final standings.")
def demo(players: int, seed: int, speed: float, rules_name: str, movement: str | None,
         world_path: Path | None, record: Path | None, max_rounds: int, quiet: bool) -> None:
    """Play a whole game in the sandbox with bot players, through the real controller.

    The bots walk the board, press the buildings' buttons, click chat buttons and
    use /trigger, as a person would; the engine's bot strategies decide.

    \b
    Example:
      monopoli demo --players 4 --seed 1 --speed 5 --rules prom
    """
    click.echo(f"Monopoli demo: {rules_name} rules, {players} bot players, seed {seed}, speed {speed}")
    result = run_demo(players=players, seed=seed, speed=speed, rules=rules_name, world_path=world_path,
                      movement=movement, record=record, max_rounds=max_rounds,
                      echo=(lambda line: None) if quiet else click.echo)
    game = result.game
    click.echo(f"\nFinal standings after {game.round} rounds, {result.actions} actions, "
               f"{result.requests} RCON requests, {result.seconds:.1f}s:")
    for line in standings(game):
        click.echo(line)
