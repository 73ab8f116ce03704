"""`monopoli board build`: place a board at its configured origin over RCON and check it."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Protocol

import click

from monopoli_mc.cli.options import password_option, world_option
from monopoli_mc.cli.running import running_controller, stop_it_first
from monopoli_mc.datapack.boardfns import place_command, structure_id
from monopoli_mc.datapack.layout import BUTTON_BLOCKS, Layout
from monopoli_mc.datapack.world_config import default_world_path, load_world
from monopoli_mc.errors import MonopoliError
from monopoli_mc.rcon.client import RconClient
from monopoli_mc.rcon.password import read_password

NO_TEMPLATE = re.compile(r'There is no template with id "([^"]*)"')
LOAD_TRIES = 20  # forced chunks load over the next ticks
LOAD_WAIT = 0.25


class Asks(Protocol):
    """What board build needs of an RCON client."""

    def command(self, text: str) -> str:
        """Send one command, return the reply."""


def _checks(layout: Layout) -> list[tuple[tuple[int, int, int], str]]:
    half = layout.size // 2
    return [(layout.world(layout.block(20, half, half, 1)), "minecraft:chest"),
            (layout.world(layout.buttons()["naughty"]), BUTTON_BLOCKS["naughty"]),
            (layout.world(layout.sign(39)), "minecraft:oak_sign")]


def _missing(rcon: Asks, layout: Layout) -> str | None:
    """The first block the board should have and does not, as `block at x y z`."""
    for (x, y, z), block in _checks(layout):
        if "Test passed" not in rcon.command(f"execute if block {x} {y} {z} {block}"):
            return f"{block} at {x} {y} {z}"
    return None


def place_board(rcon: Asks, layout: Layout, *, world_file: str = "configs/world.yaml") -> None:
    """Place one board with the pack's own function and read it back; MonopoliError says why not.

    When the board is not there afterwards, the pack's `place template` line is sent as it is, so
    the server's own answer names the cause: a template it has not got (or could not read), the
    chunks not loaded, the pack built for another world config.
    """
    name = layout.place.name
    reply = rcon.command(f"function monopoli:board/{name}/place")
    if "Unknown function" in reply:
        raise MonopoliError(f"the monopoli datapack is not loaded (the server answered {reply!r}): "
                            f"install it and /reload")
    missing = _missing(rcon, layout)
    if missing is None:
        return
    reply = _place_by_hand(rcon, layout)
    template = NO_TEMPLATE.search(reply)
    if template:
        raise MonopoliError(
            f"board {name!r} not placed: the server has no template {template.group(1)!r} (it answered "
            f"{reply!r}): the monopoli datapack is not installed or not enabled, or it was built for "
            f"another world config (tile size {layout.size} and height {layout.place.height} need "
            f"{structure_id(layout)}), or the server could not read the structure file (its log says "
            f"why). Build the pack for this world config (monopoli datapack build --world {world_file} "
            f"--out DIR), copy DIR/monopoli.zip into the world's datapacks/ folder, /reload, and run "
            f"board build again")
    if "not loaded" in reply:
        (x0, z0), (x1, z1) = layout.load_area()
        raise MonopoliError(f"board {name!r} not placed: the chunks from {x0} {z0} to {x1} {z1} did not "
                            f"load ({reply!r}): stand near the board's origin and run board build again")
    if "Loaded template" not in reply:
        raise MonopoliError(f"board {name!r} not placed: the server refused `{place_command(layout)}`: {reply!r}")
    _check_pack_places_here(rcon, layout, world_file)


def _place_by_hand(rcon: Asks, layout: Layout) -> str:
    """The pack's `place template` line sent directly, again while its chunks are still loading."""
    reply = ""
    for attempt in range(LOAD_TRIES):
        reply = rcon.command(place_command(layout))
        if "not loaded" not in reply or attempt == LOAD_TRIES - 1:
            break
        time.sleep(LOAD_WAIT)
    return reply


def _check_pack_places_here(rcon: Asks, layout: Layout, world_file: str) -> None:
    """`place template` placed the board; whether the pack's function places it there too.

    The chest is taken away and the function run again: if it does not come back, the pack
    draws banners and houses for another board than the one now in the world.
    """
    missing = _missing(rcon, layout)
    if missing is not None:
        raise MonopoliError(f"board {layout.place.name!r}: the template {structure_id(layout)} was placed, "
                            f"but there is no {missing}: the pack installed is not the one for "
                            f"{world_file}; build it again, install it, /reload")
    (x, y, z), _ = _checks(layout)[0]
    rcon.command(f"setblock {x} {y} {z} minecraft:air")
    rcon.command(f"function monopoli:board/{layout.place.name}/place")
    if _missing(rcon, layout) is not None:
        raise MonopoliError(
            f"board {layout.place.name!r}: the pack's place function builds the board somewhere else "
            f"than {world_file} says (origin {list(layout.place.origin)}, facing {layout.place.facing}): "
            f"the pack installed was built for another world config. Build it for this one "
            f"(monopoli datapack build --world {world_file} --out DIR), install it, /reload, and run "
            f"board build again")


@click.group("board")
def board() -> None:
    """Place the Monopoli board in the world."""


@board.command("build")
@world_option
@click.option("--board", "name", default=None, help="Board name (default: the first).")
@password_option
def build(world_path: Path | None, name: str | None, password_file: Path | None) -> None:
    """Place the board (`place template`) at its origin, then read blocks back.

    Running it twice changes nothing: banner and house spots are left alone. Refused
    while a controller runs the world: stop `monopoli run` first.

    \b
    Example:
      MONOPOLI_RCON_PASSWORD=... monopoli board build --board main
    """
    path = world_path or default_world_path()
    world = load_world(path)
    layout = Layout(world.board(name))
    (x0, z0), (x1, z1) = layout.load_area()
    with RconClient(world.rcon_host, world.rcon_port, read_password(file=password_file)) as rcon:
        running = running_controller(rcon.command)
        if running is not None:
            raise stop_it_first(running, "board build places the board over the one its games are played on, "
                                         "and on vanilla its replies and the controller's share one buffer",
                                "board build")
        reply = rcon.command(f"forceload add {x0} {z0} {x1} {z1}")
        if reply.startswith("Unknown or incomplete command"):
            click.echo("warning: forceload is not available; keep a player near the board", err=True)
        place_board(rcon, layout, world_file=str(path))
    click.echo(f"board {layout.place.name!r} placed at {layout.place.origin} facing {layout.place.facing}")
