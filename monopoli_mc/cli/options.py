"""Options shared by the commands, and the one way every option reads what the operator types.

How to declare an option (tests/cli/test_operator_numbers.py walks the whole command tree and fails for a
parameter it has no case for, or one declared another way):

- a whole number: `type=number(low, high, unit)`; with a fraction (seconds, a speed):
  `type=measure(low, high, unit)`; a named rule of `operator_input` (`AMOUNT`, `SPACE`, a `Whole`):
  `type=OperatorNumber(RULE)`. Every number has an upper bound. Never `type=int`, `click.INT`,
  `click.IntRange`, a `default=5` without a type (click makes it `int`), or a number parsed in the body.
- a length of time (`90m`, `1h30m`): `type=duration(high_seconds)`; HOST:PORT: `web_option`;
  numbers separated by commas: `type=numbers(low, high)`.
- a file read or written: `type=file_path()`; a folder: `type=folder_path()`; either: `file_path(folder=True)`.
  A FIFO, a device or a socket (or a folder where a file is wanted) is refused before anything opens it.
  `--db`, `--world` and `--password-file` are `db_option`, `world_option` and `password_option`.

Every refusal is one line, `error: COMMAND: OPTION is …, not 'X'` (the rule's words, with its range), and exit
1: the types raise `MonopoliError`s, which `cli.main` prints. The same rules read the in-game admin functions'
numbers and the sandbox console's.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable

import click

from monopoli_mc.operator_input import (Address, Duration, Measure, NotAccepted, NotAFile, Several, Whole,
                                        refuse_not_a_file)

Rule = Whole | Measure | Duration | Address | Several


class OperatorNumber(click.ParamType):
    """An option's value read by one of the operator's rules (`Whole.read`, also in game; `Measure.read` for one
    with a fraction; `Duration`, `Address`, `Several`): its refusal is one line, `error: pay: --wait is a whole
    number of seconds from 1 to 3600, …, not '-1'`, exit 1."""

    def __init__(self, rule: Rule) -> None:
        self.rule = rule
        self.name = {Whole: "integer", Measure: "number", Duration: "length", Address: "address",
                     Several: "list"}[type(rule)]

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        """The value, or NotAccepted (a MonopoliError: `main` prints its one line), named by the option."""
        if not isinstance(value, str):  # a default, not typed
            return value
        rule = replace(self.rule, what=param.opts[0]) if isinstance(param, click.Option) else self.rule
        try:
            return rule.read(value)
        except NotAccepted as exc:
            raise NotAccepted(f"{ctx.info_name}: {exc}" if ctx and ctx.info_name else str(exc)) from None


def number(low: int, high: int, unit: str = "") -> OperatorNumber:
    """An option's whole number from `low` to `high` (its name is the option's)."""
    return OperatorNumber(Whole("", low, high, unit))


def measure(low: float, high: float, unit: str = "") -> OperatorNumber:
    """An option's number with a fraction from `low` to `high`."""
    return OperatorNumber(Measure("", low, high, unit))


def duration(high: int, *, off: bool = False) -> OperatorNumber:
    """An option's length of time (`90m`, `1h30m`, `45s`, `90` minutes) as seconds, at most `high` seconds; with
    `off`, `off` is 0 (no limit)."""
    return OperatorNumber(Duration("", high, off))


def numbers(low: int, high: int) -> OperatorNumber:
    """An option's whole numbers separated by commas (`3,4,6`), each from `low` to `high`: a tuple."""
    return OperatorNumber(Several("", Whole("", low, high)))


class FilePath(click.ParamType):
    """A path the operator names: refused in one line, exit 1, when it is a FIFO, a device, a socket, or a
    folder where a file is wanted (a regular file where a folder is wanted), before anything opens it. A
    path not there yet passes: the command says what it does with it."""

    def __init__(self, *, file: bool = True, folder: bool = False) -> None:
        self.file, self.folder = file, folder
        self.name = "file" if file and not folder else "folder" if folder and not file else "path"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        """The path, or NotAFile (one line, named by the command and the option)."""
        path = Path(value)
        what = param.opts[0] if isinstance(param, click.Option) else (param.name or "") if param else ""
        named = f"{ctx.info_name}: {what}" if ctx and ctx.info_name else what
        if not self.file and path.exists() and not path.is_dir():
            raise NotAFile(f"{named} {str(path)!r} is not a folder: give the path of a folder")
        refuse_not_a_file(path, named, folder=self.folder)
        return path


def file_path(*, folder: bool = False) -> FilePath:
    """A file the command reads or writes (with `folder`, a folder or a file, such as a datapack)."""
    return FilePath(folder=folder)


def folder_path() -> FilePath:
    """A folder the command writes into."""
    return FilePath(file=False, folder=True)


def world_option(f: Callable[..., Any]) -> Callable[..., Any]:
    """--world FILE."""
    return click.option("--world", "world_path", type=file_path(), default=None,
                        help="World config (default: configs/world.yaml).")(f)


def db_option(f: Callable[..., Any]) -> Callable[..., Any]:
    """--db FILE, also from MONOPOLI_DB; see `db_path_for` for the default."""
    return click.option("--db", "db_path", type=file_path(), default=None, envvar="MONOPOLI_DB",
                        help="The game database of the night (SQLite); env MONOPOLI_DB. Default: named after "
                             "the world config (configs/world.yaml: world.db here).")(f)


def db_path_for(db_path: Path | None, world_path: Path | None) -> Path:
    """The --db given, else one named after the world config, in the current folder; absolute, so that
    every message names the same file whatever folder the command was typed in. Refused in one line when it
    is not a regular file (a FIFO would hang sqlite's open)."""
    if db_path is None:
        from monopoli_mc.datapack.world_config import load_world  # only when no --db is given
        db_path = Path(Path(load_world(world_path).source).stem + ".db")
    path = Path(os.path.abspath(db_path.expanduser()))
    refuse_not_a_file(path, "the database")
    return path


def password_option(f: Callable[..., Any]) -> Callable[..., Any]:
    """--password-file FILE (else MONOPOLI_RCON_PASSWORD)."""
    return click.option("--password-file", type=file_path(), default=None,
                        help="Read the RCON password from this file instead of "
                             "MONOPOLI_RCON_PASSWORD.")(f)


def web_option(f: Callable[..., Any]) -> Callable[..., Any]:
    """--web HOST:PORT: serve the live board page (loopback when only a port is given)."""
    return click.option("--web", "web", metavar="HOST:PORT", default=None, type=OperatorNumber(Address("--web")),
                        help="Serve the live board page here, e.g. 127.0.0.1:8080 (a bare port is loopback; "
                             "0.0.0.0:8080 shows it to the LAN, e.g. a projector).")(f)
