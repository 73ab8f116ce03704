"""Options shared by the controller's commands (`run`, `state`, `admin`, `doctor`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import click

DEFAULT_DB = "monopoli.db"


def world_option(f: Callable[..., Any]) -> Callable[..., Any]:
    """--world FILE."""
    return click.option("--world", "world_path", type=click.Path(dir_okay=False, path_type=Path),
                        default=None, help="World config (default: configs/world.yaml).")(f)


def db_option(f: Callable[..., Any]) -> Callable[..., Any]:
    """--db FILE, also from MONOPOLI_DB."""
    return click.option("--db", "db_path", type=click.Path(dir_okay=False, path_type=Path),
                        default=DEFAULT_DB, show_default=True, envvar="MONOPOLI_DB",
                        help="The game database of the night (SQLite); env MONOPOLI_DB.")(f)


def password_option(f: Callable[..., Any]) -> Callable[..., Any]:
    """--password-file FILE (else MONOPOLI_RCON_PASSWORD)."""
    return click.option("--password-file", type=click.Path(dir_okay=False, path_type=Path), default=None,
                        help="Read the RCON password from this file instead of "
                             "MONOPOLI_RCON_PASSWORD.")(f)
