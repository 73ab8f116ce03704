"""A database changed outside monopoli (issue 19 item 11): every damaged row is one line naming its table and
row and what to do, from `state`, `admin status` and the controller alike; never a traceback, never a game
silently rebuilt with other rules or other players."""

from __future__ import annotations

import dataclasses
import os
import re
import socket
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from monopoli_mc.bridge.inbox import NightMark
from monopoli_mc.cli import cli
from monopoli_mc.controller.db import lease
from monopoli_mc.controller.clocks import timelimit
from monopoli_mc.controller.db.lease import Lease
from monopoli_mc.controller.loop import Controller, Settings
from monopoli_mc.controller.db.store import Store
from monopoli_mc.controller.db.saved import load_game
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.errors import StoreError
from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.settings import load_rules

BOARD = load_board(board_path("standard"))
RESTORE = "restore the file from a copy"


class NoServer:
    """An RCON client that is never asked: loading the games reads only the database."""

    def command(self, command: str) -> str:
        raise AssertionError(f"the controller asked the server {command!r} while loading")

    def reconnect(self, *, attempts: int = 5, delay: float = 0.1, max_delay: float = 5.0) -> None:
        raise AssertionError("the controller reconnected while loading")


def _night(tmp_path: Path) -> tuple[Path, int]:
    """A database with one prom game of Alex and Sam, its first throw logged, a time limit, a lease."""
    db = tmp_path / "night.db"
    store = Store(db)
    with store.transaction():
        game = store.new_game("main", dataclasses.asdict(load_rules("prom")), 1, ["Alex", "Sam"])
        first = Game.new(load_rules("prom"), BOARD, ["Alex", "Sam"], 1).current  # who throws first
        store.log(game, ("roll", first, None), "seq 1")
        timelimit.store_limit(store, game, 5400.0)
        store.set_cursor("w1", 3)
    held = Lease(store)
    held.take()
    held.release()  # the controller stopped cleanly: `admin status` answers from the database
    store.close()
    return db, game


def _tamper(db: Path, sql: str) -> None:
    raw = sqlite3.connect(db)
    raw.execute(sql)
    raw.commit()
    raw.close()


def _cli_says(db: Path, *command: str) -> str:
    """What the CLI says: a StoreError, which `main` prints as one line `error: ...` with exit code 1."""
    result = CliRunner().invoke(cli, [*command, "--db", str(db)])
    assert isinstance(result.exception, StoreError), (result.output, result.exception)
    text = str(result.exception)
    assert "\n" not in text
    return text


@pytest.mark.parametrize(("sql", "says"), [
    ("UPDATE games SET rules='[]'", r"row 1 of table 'games' is damaged \(its rules are '\[\]', not a rule set\)"),
    ("UPDATE games SET rules='5'", r"row 1 of table 'games' is damaged \(its rules are '5', not a rule set\)"),
    ("UPDATE games SET rules='{\"name\": \"prom\", \"starting_cash\": \"lots\"}'",
     r"row 1 of table 'games' is damaged \(the game cannot be rebuilt from it: .*\)"),
    ("UPDATE games SET names='\"Alex\"'",
     r"row 1 of table 'games' is damaged \(its names are '\"Alex\"', not a list of players\)"),
    ("UPDATE games SET seed='x'", r"row 1 of table 'games' is damaged \(its board, seed or start time is not what monopoli writes\)"),
    ("UPDATE actions SET kind='propose_trade', arg='{\"to\": 1, \"give\": [true]}'",
     r"row 1 of game 1 of table 'actions' is damaged \(propose_trade cannot be replayed: .*\)"),
    ("UPDATE actions SET kind='propose_trade', arg='[1, 2]'",
     r"row 1 of game 1 of table 'actions' is damaged \(propose_trade cannot be replayed: .*\)"),
    ("UPDATE meta SET value='abc' WHERE key='time_limit:1'",
     r"row time_limit:1 of table 'meta' is damaged \(the time limit is 'abc', not seconds\)"),
])
def test_a_damaged_game_row_is_one_line(tmp_path: Path, sql: str, says: str) -> None:
    db, game = _night(tmp_path)
    _tamper(db, sql)
    readers = [("admin", "status")] + ([("state",)] if "time_limit" not in sql else [])  # state shows no limit
    for command in readers:
        assert re.search(says + f"; {RESTORE}$", _cli_says(db, *command))
    store = Store(db)
    with pytest.raises(StoreError, match=says):
        row = store.current_game("main")
        assert row is not None
        load_game(store, row, BOARD)
        timelimit.stored(store, row)
    store.close()


def test_a_text_cursor_is_one_line(tmp_path: Path) -> None:
    db, _ = _night(tmp_path)
    _tamper(db, "UPDATE meta SET value='soon' WHERE key='inbox_seq:w1'")
    store = Store(db)
    with pytest.raises(StoreError, match=rf"row inbox_seq:w1 of table 'meta' is damaged \(the inbox cursor is "
                                         rf"'soon', not a number\); {RESTORE}"):
        store.cursor("w1")
    assert store.cursor("w2") == 0  # another world's cursor is not that row
    store.close()


@pytest.mark.parametrize("sql", ["UPDATE leases SET pid='abc'", "UPDATE leases SET heartbeat='soon'",
                                 "UPDATE leases SET started='noon'"])
def test_a_damaged_lease_row_is_one_line_and_take_over_writes_a_new_one(tmp_path: Path, sql: str) -> None:
    db, _ = _night(tmp_path)
    _tamper(db, sql)
    says = _cli_says(db, "admin", "status")
    assert "the lease of world '' (table 'leases') is damaged (" in says and says.strip().endswith(
        "if no controller runs that world, `monopoli run --take-over` writes a new lease")
    store = Store(db)
    with pytest.raises(StoreError, match=r"the lease of world '' \(table 'leases'\) is damaged"):
        Lease(store).take()
    line = Lease(store).take(take_over=True)
    assert line == "the lease's row was damaged; a new lease is written"
    holder = lease.read(store)
    assert holder is not None and not holder.released
    store.close()


@pytest.mark.parametrize(("key", "value", "what"), [
    ("offers:main:1", "[1]", "trade offers"),
    ("offers:main:1", '{"x": {}}', "trade offers"),
    ("offers:main:1", '{"0": {"to": 1, "give": "Boardwalk"}}', "trade offers"),
    ("books_out:main", "[[1]]", "books given out"),
    ("books_out:main", "{not json", "books given out"),
])
def test_a_damaged_offer_or_book_row_stops_the_controller_with_one_line(tmp_path: Path, key: str, value: str,
                                                                       what: str) -> None:
    """The controller reads these rows when it loads (it never sends a request for that: `NoServer` fails if
    asked)."""
    db, _ = _night(tmp_path)
    _tamper(db, f"INSERT OR REPLACE INTO meta(key, value) VALUES('{key}', '{value}')")
    store = Store(db)
    ctl = Controller(NoServer(), load_world(), store, Settings(take_over=True))
    with pytest.raises(StoreError, match=rf"row {key} of table 'meta' is damaged \(not {what}: .*\); {RESTORE}$"):
        ctl.load()
    store.close()


def test_a_world_marked_by_a_database_whose_lease_is_damaged_counts_as_held(tmp_path: Path) -> None:
    db, _ = _night(tmp_path)
    _tamper(db, "UPDATE leases SET pid='abc', released=0")
    mark = NightMark("other-night", str(db), socket.gethostname(), os.getppid())  # a process that lives
    assert lease.world_is_held(mark, "this-night")  # unreadable proof of a stop: refused, not a traceback
