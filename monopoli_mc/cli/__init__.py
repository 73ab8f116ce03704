"""The `monopoli` command line: thin click commands over library calls.

Each subcommand lives in its own module here and is registered below; `main`
turns every `MonopoliError` into a clean message and exit code 1.
"""

from __future__ import annotations

import sys

import click

from monopoli_mc import __version__
from monopoli_mc.errors import MonopoliError


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="monopoli")
def cli() -> None:
    """Monopoli MC: Monopoly at prom, inside a vanilla Minecraft server.

    \b
    Example:
      monopoli simulate --rules prom --players 4 --games 100
    """


def _register() -> None:
    # One line per command module; each module defines one click command or group.
    from monopoli_mc.cli.sandbox import sandbox; cli.add_command(sandbox)  # noqa: E702
    from monopoli_mc.cli.simulate import simulate; cli.add_command(simulate)  # noqa: E702
    from monopoli_mc.cli.datapack import datapack; cli.add_command(datapack)  # noqa: E702
    from monopoli_mc.cli.board import board; cli.add_command(board)  # noqa: E702
    from monopoli_mc.cli.demo import demo; cli.add_command(demo)  # noqa: E702
    from monopoli_mc.cli.run import run; cli.add_command(run)  # noqa: E702
    from monopoli_mc.cli.state import state; cli.add_command(state)  # noqa: E702
    from monopoli_mc.cli.admin import admin; cli.add_command(admin)  # noqa: E702
    from monopoli_mc.cli.doctor import doctor; cli.add_command(doctor)  # noqa: E702
    pass


_register()


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
