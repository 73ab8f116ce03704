"""`monopoli sandbox`: the embedded server alone, serving real RCON until Ctrl-C or SIGTERM."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import click

from monopoli_mc.cli.options import file_path, measure, number, world_option
from monopoli_mc.datapack.world_config import RCON_PORT, WorldConfig, load_world
from monopoli_mc.operator_input import SCORE_MAX
from monopoli_mc.rcon.password import ENV_VAR, read_password
from monopoli_mc.sandbox.runner import Sandbox

STOP_GRACE = 0.3
"""Seconds between a stop request and closing the connections."""


@contextlib.contextmanager
def stop_on_signals(stop: threading.Event) -> Iterator[None]:
    """Ctrl-C (SIGINT) and SIGTERM set `stop` instead of killing the process mid-command."""
    signals = [signal.SIGINT, signal.SIGTERM]
    previous = {sig: signal.signal(sig, lambda _sig, _frame: stop.set()) for sig in signals}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


@click.command("sandbox")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=None, type=number(0, 65535),
              help="RCON port (0 picks a free one). Default: 25575, or with --console or --world "
                   "the world config's rcon.port.")
# The pack is checked by the sandbox, so a bad one is a one-line error and exit code 1.
@click.option("--datapack", type=file_path(folder=True),
              help="Datapack to load, a folder or a .zip as the server takes (its load functions run "
                   "once, tick functions every tick).")
@click.option("--version", "mc_version", default="1.21.11", show_default=True,
              help="Minecraft version whose commands and replies the sandbox copies.")
@click.option("--password-file", type=file_path(),
              help=f"File holding the RCON password (else ${ENV_VAR} is used).")
@click.option("--tick-busy-ms", type=measure(0, 1000, "milliseconds"), default=0.0, show_default=True,
              help="Keep each tick's main thread busy this long, as a loaded server does: "
                   "RCON commands wait for the tick under way (a tick is 50 ms).")
@click.option("--pause-when-empty-seconds", "pause_seconds", type=number(0, SCORE_MAX, "seconds"), default=None,
              help="server.properties' pause-when-empty-seconds: with nobody online this long the "
                   "server stops ticking (no load or tick functions). Default: vanilla's, 60 from "
                   "1.21.2, none before; 0 never pauses, and 0 with --console, as the README sets "
                   "the server up.")
@click.option("--spawn-protection", "spawn_protection", type=number(0, SCORE_MAX, "blocks"), default=None,
              help="server.properties' spawn-protection: while the server has an operator, players who "
                   "are not operators cannot use blocks (the buildings' buttons) within this many blocks "
                   "of the world spawn (0, 64, 0). Default: vanilla's 16; 0 with --console, as the "
                   "README sets the server up.")
@click.option("--console", "console", is_flag=True,
              help="Rehearse: a prompt to type the server console's commands, act as players "
                   "(Alex: join, Alex: /trigger d6) and run monopoli commands; type help.")
@world_option
@click.option("--color/--no-color", default=None,
              help="Chat colours as ANSI escapes in the console (default: on a terminal, unless NO_COLOR).")
def sandbox(host: str, port: int | None, datapack: Path | None, mc_version: str,
            password_file: Path | None, tick_busy_ms: float, pause_seconds: int | None,
            spawn_protection: int | None, console: bool, world_path: Path | None, color: bool | None) -> None:
    """Run the sandbox server alone: a vanilla-like world behind real RCON.

    The RCON password comes from the environment variable MONOPOLI_RCON_PASSWORD
    (or --password-file), never from a flag. Any RCON client can connect.
    Ctrl-C, SIGTERM or `stop` over RCON stops it cleanly (exit code 0).
    RCON commands run on the main thread between ticks, as on vanilla;
    --tick-busy-ms makes each tick take that long, like a busy server.

    \b
    --console rehearses the night: it takes the world config's boards (--world) and port,
    and reads lines: `Alex: join`, `Alex: walk board`, `Alex: /trigger join`, `Alex: click 1`,
    `/op Alex`, `monopoli run --db rehearsal.db` (runs beside it); `help` lists them all.
    Its server is set up as the README asks (pause-when-empty-seconds and spawn-protection 0).

    \b
    Example:
      export MONOPOLI_RCON_PASSWORD=letmein
      monopoli sandbox --console --datapack datapacks/monopoli.zip
      monopoli sandbox --port 25575 --datapack datapacks/monopoli
      monopoli sandbox --port 25575 --datapack datapacks/monopoli.zip --tick-busy-ms 25
      RCON_PASSWORD=letmein mcrcon 127.0.0.1 -p 25575   # in another terminal
    """
    password = read_password(file=password_file)
    world = load_world(world_path) if console or world_path is not None else None
    if port is None:
        port = world.rcon_port if world is not None else RCON_PORT
    if console:  # the server as README step 1 sets it up; either option rehearses one that is not
        pause_seconds = 0 if pause_seconds is None else pause_seconds
        spawn_protection = 0 if spawn_protection is None else spawn_protection
    box = Sandbox(password=password.reveal(), host=host, port=port, version=mc_version,
                  datapack=datapack, tick_busy_ms=tick_busy_ms, pause_when_empty_seconds=pause_seconds)
    if spawn_protection is not None:
        box.world.spawn_protection = spawn_protection
    for problem in box.world.load_errors:
        click.echo(f"warning: datapack: {problem}", err=True)
    with contextlib.ExitStack() as stack:
        if not console:
            stack.enter_context(stop_on_signals(box.stop_requested))
        stack.enter_context(box)
        loaded = f", datapack {datapack}" if datapack is not None else ""
        loaded += f", ticks busy {tick_busy_ms:g} ms" if tick_busy_ms else ""
        click.echo(f"monopoli sandbox (Minecraft {mc_version}{loaded}): RCON listening on "
                   f"{box.address[0]}:{box.port}; " + ("type help; quit stops" if console else "Ctrl-C stops"))
        if console:
            assert world is not None
            _rehearse(box, world, world_path, password.reveal(), color)
        else:
            while not box.stop_requested.wait(0.2):
                pass
        # Vanilla takes a while to save and shut down after `/stop`; clients that keep
        # reading after a reply (mcrcon does) would see the socket close under them.
        time.sleep(STOP_GRACE)
    click.echo("sandbox stopped")


def _rehearse(box: Sandbox, world: WorldConfig, world_path: Path | None, password: str,
              color: bool | None) -> None:
    """The rehearsal console until quit, end of input, Ctrl-C or SIGTERM."""
    from monopoli_mc.cli.console import Console, wants_color
    from monopoli_mc.datapack.layout import Layout
    from monopoli_mc.sandbox.rehearsal import Rehearsal

    if world.rcon_port != box.port:
        click.echo(f"warning: {world.source} says rcon.port {world.rcon_port}, the sandbox listens on "
                   f"{box.port}: monopoli commands typed here connect to {world.rcon_port}", err=True)
    if not box.world.datapacks.paths:
        click.echo("warning: no --datapack: the sandbox has no monopoli pack; start it again with "
                   "--datapack datapacks/monopoli.zip", err=True)
    layouts = {place.name: Layout(place) for place in world.boards}
    rehearsal = Rehearsal(box, layouts, color=wants_color(sys.stdout) if color is None else color)
    if box.world.spawn_protection:
        x, y, z = box.world.spawn
        click.echo(f"spawn-protection {box.world.spawn_protection}: once anyone is an operator, players who "
                   f"are not cannot press buttons that near the world spawn ({x} {y} {z})")
    env = {**os.environ, ENV_VAR: password}
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        Console(rehearsal, env=env, world_path=world_path, interactive=sys.stdin.isatty()).loop()
    finally:
        signal.signal(signal.SIGTERM, previous)


def _interrupt(_sig: int, _frame: object) -> None:
    raise KeyboardInterrupt
