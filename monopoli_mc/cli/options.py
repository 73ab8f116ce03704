"""Options shared by the controller's commands (`run`, `state`, `admin`, `doctor`)."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable

import click

from monopoli_mc.operator_input import Measure, NotAccepted, Whole


def world_option(f: Callable[..., Any]) -> Callable[..., Any]:
    """--world FILE."""
    return click.option("--world", "world_path", type=click.Path(dir_okay=False, path_type=Path),
                        default=None, help="World config (default: configs/world.yaml).")(f)


def db_option(f: Callable[..., Any]) -> Callable[..., Any]:
    """--db FILE, also from MONOPOLI_DB; see `db_path_for` for the default."""
    return click.option("--db", "db_path", type=click.Path(dir_okay=False, path_type=Path),
                        default=None, envvar="MONOPOLI_DB",
                        help="The game database of the night (SQLite); env MONOPOLI_DB. Default: named after "
                             "the world config (configs/world.yaml: world.db here).")(f)


def db_path_for(db_path: Path | None, world_path: Path | None) -> Path:
    """The --db given, else one named after the world config, in the current folder; absolute, so that
    every message names the same file whatever folder the command was typed in."""
    if db_path is None:
        from monopoli_mc.datapack.world_config import load_world  # only when no --db is given
        db_path = Path(Path(load_world(world_path).source).stem + ".db")
    return Path(os.path.abspath(db_path.expanduser()))


def password_option(f: Callable[..., Any]) -> Callable[..., Any]:
    """--password-file FILE (else MONOPOLI_RCON_PASSWORD)."""
    return click.option("--password-file", type=click.Path(dir_okay=False, path_type=Path), default=None,
                        help="Read the RCON password from this file instead of "
                             "MONOPOLI_RCON_PASSWORD.")(f)


def web_option(f: Callable[..., Any]) -> Callable[..., Any]:
    """--web HOST:PORT: serve the live board page (loopback when only a port is given)."""
    def parse(_ctx: click.Context, _param: click.Parameter, value: str | None) -> tuple[str, int] | None:
        if value is None:
            return None
        from monopoli_mc.errors import MonopoliError
        from monopoli_mc.view.server import parse_address

        try:
            return parse_address(value)
        except MonopoliError as exc:
            raise click.BadParameter(str(exc)) from None

    return click.option("--web", "web", metavar="HOST:PORT", default=None, callback=parse,
                        help="Serve the live board page here, e.g. 127.0.0.1:8080 (a bare port is loopback; "
                             "0.0.0.0:8080 shows it to the LAN, e.g. a projector).")(f)


class OperatorNumber(click.ParamType):
    """An option's number, read by the operator's one rule (`Whole.read`, also in game; `Measure.read` for one
    with a fraction): its refusal is one line, `error: pay: --wait is a whole number of seconds from 1 to 3600,
    …, not '-1'`, exit 1."""

    def __init__(self, rule: Whole | Measure) -> None:
        self.rule = rule
        self.name = "integer" if isinstance(rule, Whole) else "number"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        """The number, or NotAccepted (a MonopoliError: `main` prints its one line), named by the option."""
        if isinstance(value, (int, float)) and not isinstance(value, bool):  # a default, not typed
            return value
        rule = replace(self.rule, what=param.opts[0]) if isinstance(param, click.Option) else self.rule
        try:
            return rule.read(str(value))
        except NotAccepted as exc:
            raise NotAccepted(f"{ctx.info_name}: {exc}" if ctx and ctx.info_name else str(exc)) from None


def number(low: int, high: int, unit: str = "") -> OperatorNumber:
    """An option's whole number from `low` to `high` (its name is the option's)."""
    return OperatorNumber(Whole("", low, high, unit))


def measure(low: float, high: float, unit: str = "") -> OperatorNumber:
    """An option's number with a fraction from `low` to `high`."""
    return OperatorNumber(Measure("", low, high, unit))
