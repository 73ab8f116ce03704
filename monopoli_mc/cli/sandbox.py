"""`monopoli sandbox`: the embedded server alone, serving real RCON until Ctrl-C or SIGTERM."""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import click

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
@click.option("--port", default=25575, show_default=True, type=click.IntRange(0, 65535),
              help="RCON port (0 picks a free one).")
# The pack is checked by the sandbox, so a bad one is a one-line error and exit code 1.
@click.option("--datapack", type=click.Path(path_type=Path),
              help="Datapack to load, a folder or a .zip as the server takes (its load functions run "
                   "once, tick functions every tick).")
@click.option("--version", "mc_version", default="1.21.11", show_default=True,
              help="Minecraft version whose commands and replies the sandbox copies.")
@click.option("--password-file", type=click.Path(dir_okay=False, path_type=Path),
              help=f"File holding the RCON password (else ${ENV_VAR} is used).")
@click.option("--tick-busy-ms", type=click.FloatRange(0, 1000), default=0.0, show_default=True,
              help="Keep each tick's main thread busy this long, as a loaded server does: "
                   "RCON commands wait for the tick under way (a tick is 50 ms).")
@click.option("--pause-when-empty-seconds", "pause_seconds", type=click.IntRange(0, None), default=None,
              help="server.properties' pause-when-empty-seconds: with nobody online this long the "
                   "server stops ticking (no load or tick functions). Default: vanilla's, 60 from "
                   "1.21.2, none before; 0 never pauses.")
def sandbox(host: str, port: int, datapack: Path | None, mc_version: str,
            password_file: Path | None, tick_busy_ms: float, pause_seconds: int | None) -> None:
    """Run the sandbox server alone: a vanilla-like world behind real RCON.

    The RCON password comes from the environment variable MONOPOLI_RCON_PASSWORD
    (or --password-file), never from a flag. Any RCON client can connect.
    Ctrl-C, SIGTERM or `stop` over RCON stops it cleanly (exit code 0).
    RCON commands run on the main thread between ticks, as on vanilla;
    --tick-busy-ms makes each tick take that long, like a busy server.

    \b
    Example:
      export MONOPOLI_RCON_PASSWORD=letmein
      monopoli sandbox --port 25575 --datapack datapacks/monopoli
      monopoli sandbox --port 25575 --datapack datapacks/monopoli.zip --tick-busy-ms 25
      RCON_PASSWORD=letmein mcrcon 127.0.0.1 -p 25575   # in another terminal
    """
    password = read_password(file=password_file)
    box = Sandbox(password=password.reveal(), host=host, port=port, version=mc_version,
                  datapack=datapack, tick_busy_ms=tick_busy_ms, pause_when_empty_seconds=pause_seconds)
    for problem in box.world.load_errors:
        click.echo(f"warning: datapack: {problem}", err=True)
    with stop_on_signals(box.stop_requested), box:
        loaded = f", datapack {datapack}" if datapack is not None else ""
        loaded += f", ticks busy {tick_busy_ms:g} ms" if tick_busy_ms else ""
        click.echo(f"monopoli sandbox (Minecraft {mc_version}{loaded}): RCON listening on "
                   f"{box.address[0]}:{box.port}; Ctrl-C stops")
        while not box.stop_requested.wait(0.2):
            pass
        # Vanilla takes a while to save and shut down after `/stop`; clients that keep
        # reading after a reply (mcrcon does) would see the socket close under them.
        time.sleep(STOP_GRACE)
    click.echo("sandbox stopped")
