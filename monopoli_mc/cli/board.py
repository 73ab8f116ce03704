"""`monopoli board build`: place a board at its configured origin over RCON and check it."""

from __future__ import annotations

import time
from pathlib import Path

import click

from monopoli_mc.datapack.layout import BUTTON_BLOCKS, Layout
from monopoli_mc.datapack.world_config import default_world_path, load_world
from monopoli_mc.errors import MonopoliError
from monopoli_mc.rcon.client import RconClient
from monopoli_mc.rcon.password import read_password


def _checks(layout: Layout) -> list[tuple[tuple[int, int, int], str]]:
    half = layout.size // 2
    return [(layout.world(layout.block(20, half, half, 1)), "minecraft:chest"),
            (layout.world(layout.buttons()["naughty"]), BUTTON_BLOCKS["naughty"]),
            (layout.world(layout.sign(39)), "minecraft:oak_sign")]


@click.group("board")
def board() -> None:
    """Place the Monopoli board in the world."""


@board.command("build")
@click.option("--world", "world_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="World config (default: configs/world.yaml).")
@click.option("--board", "name", default=None, help="Board name (default: the first).")
@click.option("--password-file", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Read the RCON password from this file instead of MONOPOLI_RCON_PASSWORD.")
def build(world_path: Path | None, name: str | None, password_file: Path | None) -> None:
    """Place the board (`place template`) at its origin, then read blocks back.

    Running it twice changes nothing: banner and house spots are left alone.

    \b
    Example:
      MONOPOLI_RCON_PASSWORD=... monopoli board build --board main
    """
    world = load_world(world_path or default_world_path())
    layout = Layout(world.board(name))
    (x0, _, z0), (x1, _, z1) = layout.bounds()
    with RconClient(world.rcon_host, world.rcon_port, read_password(file=password_file)) as rcon:
        reply = rcon.command(f"forceload add {x0} {z0} {x1} {z1}")
        if reply.startswith("Unknown or incomplete command"):
            click.echo("warning: forceload is not available; keep a player near the board", err=True)
        for _ in range(20):  # forced chunks load over the next ticks
            reply = rcon.command(f"function monopoli:board/{layout.place.name}/place")
            if "not loaded" not in reply:
                break
            time.sleep(0.25)
        if "Unknown function" in reply:
            raise MonopoliError("the monopoli datapack is not loaded: install it and /reload")
        for (x, y, z), block in _checks(layout):
            if "Test passed" not in rcon.command(f"execute if block {x} {y} {z} {block}"):
                raise MonopoliError(f"board not placed: no {block} at {x} {y} {z}")
    click.echo(f"board {layout.place.name!r} placed at {layout.place.origin} facing {layout.place.facing}")
