"""The `monopoli` command line: thin click commands over library calls.

Each subcommand lives in its own module here, named in COMMANDS and imported when used; `main`
turns every `MonopoliError` into a clean message and exit code 1.
"""

from __future__ import annotations

import importlib
import sys

import click

from monopoli_mc import __version__
from monopoli_mc.errors import MonopoliError


# Each command lives in its own module, imported only when that command runs (or for --help):
# `monopoli simulate` does not pay for the sandbox, nbtlib and numpy. One line per command.
COMMANDS = {
    "sandbox": "monopoli_mc.cli.sandbox",
    "simulate": "monopoli_mc.cli.simulate",
    "datapack": "monopoli_mc.cli.datapack",
    "board": "monopoli_mc.cli.board",
    "demo": "monopoli_mc.cli.demo",
    "run": "monopoli_mc.cli.run",
    "state": "monopoli_mc.cli.state",
    "admin": "monopoli_mc.cli.admin",
    "doctor": "monopoli_mc.cli.doctor",
}


class LazyGroup(click.Group):
    """A group whose commands are imported from COMMANDS when first asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            command = getattr(importlib.import_module(COMMANDS[cmd_name]), cmd_name)
            self.add_command(command, cmd_name)
            _say_engine_warning()
        return super().get_command(ctx, cmd_name)


def _say_engine_warning() -> None:
    """Why the compiled engine asked for is not used, once, when the command just loaded uses the engine
    (the rules package prints nothing at import)."""
    warning = getattr(sys.modules.get("monopoli_mc.rules"), "ENGINE_WARNING", None)
    if warning and warning not in _SAID:
        click.echo(f"monopoli: {warning}", err=True)
        _SAID.add(warning)


_SAID: set[str] = set()  # the engine's warning, once a process


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="monopoli")
def cli() -> None:
    """Monopoli MC: Monopoly at prom, inside a vanilla Minecraft server.

    \b
    Example:
      monopoli simulate --rules prom --players 4 --games 100
    """


def main(argv: list[str] | None = None) -> None:
    """Run the CLI; a MonopoliError becomes a one-line message and exit code 1."""
    try:
        cli.main(args=argv, prog_name="monopoli", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        sys.exit(1)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except MonopoliError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(1)
