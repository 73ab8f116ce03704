"""Faults inside a poll: whatever step fails, the store and the controller's memory agree and the log replays;
a full disk is waited out; a reset world's queued events are all applied."""

from __future__ import annotations

import dataclasses
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from controller_support import PACK, PASSWORD, table_players

from monopoli_mc.controller.db import lineage
from monopoli_mc.controller.loop import Controller, Settings
from monopoli_mc.controller.db.sqlfile import Connection, store_error
from monopoli_mc.controller.db.store import Store
from monopoli_mc.controller.db.saved import rules_of
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.demo.players import TablePlayers
from monopoli_mc.errors import RconConnectionError, RconError, StoreError
from monopoli_mc.rcon.client import RconClient
from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.phases import OVER
from monopoli_mc.sandbox.runner import Sandbox

NAMES = ["Alex", "Sam", "Robin"]


class Faulty(Connection):
    """A connection that fails once at its n-th statement from now (or every write, while `full`).

    A ROLLBACK never fails: sqlite's does not on a full disk, and nothing could recover from one.
    """

    countdown: int | None = None
    fault = "full"
    full = False

    def arm(self, n: int, fault: str) -> None:
        self.countdown, self.fault = n, fault

    def execute(self, sql: str, parameters: Any = (), /) -> sqlite3.Cursor:
        writes = not sql.startswith(("SELECT", "PRAGMA", "ROLLBACK", "RELEASE"))
        if self.full and writes:
            raise store_error(sqlite3.OperationalError("database or disk is full"), self.path)
        if self.countdown is not None and not sql.startswith("ROLLBACK"):
            self.countdown -= 1
            if self.countdown == 0:
                self.countdown = None
                if self.fault == "bug":
                    raise RuntimeError("a bug somewhere in the poll")
                raise store_error(sqlite3.OperationalError("database or disk is full"), self.path)
        return super().execute(sql, parameters)


class FaultyRcon:
    """The real client, failing once at its n-th command from now as a dropped connection does."""

    def __init__(self, client: RconClient) -> None:
        self.client = client
        self.countdown: int | None = None

    def command(self, text: str) -> str:
        if self.countdown is not None:
            self.countdown -= 1
            if self.countdown == 0:
                self.countdown = None
                raise RconConnectionError("rcon connection failed (injected)")
        return self.client.command(text)

    def reconnect(self, *, attempts: int = 5, delay: float = 0.1, max_delay: float = 5.0) -> None:
        self.client.reconnect(attempts=attempts, delay=delay, max_delay=max_delay)


@dataclasses.dataclass
class Night:
    box: Sandbox
    store: Store
    ctl: Controller
    rcon: FaultyRcon
    people: TablePlayers


@pytest.fixture
def night(tmp_path: Path) -> Iterator[Night]:
    world = dataclasses.replace(load_world(), movement="teleport")
    store = Store(tmp_path / "night.db", factory=Faulty)
    with Sandbox(password=PASSWORD, strict=True, datapack=PACK, ticking=False) as box, \
            RconClient(*box.address, PASSWORD) as client:
        box.world.tick()
        client.command("function monopoli:board/main/place")
        rcon = FaultyRcon(client)
        ctl = Controller(rcon, world, store, Settings(rules="prom", seed=5, start_at=len(NAMES),
                                                      auction_quiet=0.0, walk_wait=0.0, store_retry=0.02))
        ctl.start()
        people = table_players(box, ctl, store, NAMES)
        for _ in range(3):
            box.world.tick()
            ctl.poll()
        assert ctl.tables["main"].game is not None
        yield Night(box, store, ctl, rcon, people)
        store.close()
        assert box.world.strict_failures == []


def _replayed(store: Store) -> Game:
    """The main board's game rebuilt from the log alone (no snapshot)."""
    row = store.current_game("main")
    assert row is not None
    rules = rules_of(row.rules)
    game = Game.new(rules, load_board(board_path(rules.board)), row.names, row.seed)
    for action in store.actions(row.id):
        game.apply(action)
    return game


def _agree(n: Night) -> None:
    table = n.ctl.tables["main"]
    assert table.game is not None
    assert table.n_actions == len(n.store.actions(table.game_id))
    assert table.game.to_data() == _replayed(n.store).to_data()


def _origins_once(store: Store) -> None:
    """Every player event and operator request was applied at most once."""
    row = store.current_game("main")
    assert row is not None
    origins = [r[4] for r in store.action_rows(row.id) if r[4] not in ("forced", "clock")]
    assert len(origins) == len(set(origins)), origins


@pytest.mark.parametrize("fault", ["full", "bug", "rcon"])
def test_a_failure_at_each_step_of_a_poll_keeps_store_and_memory_agreeing(night: Night, fault: str) -> None:
    n, table, db = night, night.ctl.tables["main"], night.store.db
    assert isinstance(db, Faulty)
    failed, step = 0, 1
    while step < 200:
        game = table.game
        assert game is not None
        if game.phase == OVER:
            break
        n.people.step(game, (table.game_id, table.n_actions), retry=0.0)
        n.box.world.tick(2)
        with n.store.transaction():
            n.store.request("pay", {"player": NAMES[step % 3], "amount": 1}, "main")
        if fault == "rcon":
            n.rcon.countdown = step
        else:
            db.arm(step, fault)
        try:
            n.ctl.poll()
        except (StoreError, RuntimeError, RconError):
            failed += 1  # a bug inside one event's handling costs that event only: the poll goes on
        fired = (n.rcon.countdown if fault == "rcon" else db.countdown) is None
        n.rcon.countdown, db.countdown = None, None
        _agree(n)  # the failed poll left memory as the store has it
        if fault == "rcon":
            n.ctl.connected()  # what `run` does after reconnecting: the whole world is rewritten
        for _ in range(2):  # the next polls apply what the failed one did not
            n.box.world.tick()
            n.ctl.poll()
        _agree(n)
        _origins_once(n.store)
        if not fired:
            break  # the poll had fewer steps than this: every step has failed once
        step += 1
    assert step >= (2 if fault == "rcon" else 10) and failed >= 2, f"{step} steps, {failed} polls failed"


def test_a_full_disk_is_waited_out_and_nothing_is_lost(night: Night) -> None:
    n, table, db = night, night.ctl.tables["main"], night.store.db
    assert isinstance(db, Faulty) and table.game is not None
    lines: list[str] = []
    n.ctl.on_line = lines.append
    stop = threading.Event()
    db.full = True
    before = table.n_actions
    mover = table.game.names[table.game.to_act()]
    n.people.step(table.game, (table.game_id, table.n_actions))
    n.box.world.tick(2)
    runner = threading.Thread(target=n.ctl.run, args=(stop.is_set,))
    runner.start()
    try:
        deadline = time.monotonic() + 10
        while sum("is full" in line for line in lines) < 3 and time.monotonic() < deadline:
            time.sleep(0.01)
        full = [line for line in lines if "is full" in line]
        assert len(full) >= 3 and full[0] == (
            f"the disk holding {n.store.path} is full (sqlite: database or disk is full): free some space; "
            "nothing of this step was saved, so nothing is lost; trying again in 0.02s")
        assert table.n_actions == before
        assert "kind:" in n.box.world.execute("data get storage monopoli:bridge inbox")[0]  # not acknowledged
        db.full = False
        while table.n_actions == before and time.monotonic() < deadline:
            n.box.world.tick()
            time.sleep(0.01)
        assert table.n_actions > before and runner.is_alive()
    finally:
        stop.set()
        runner.join(10)
    _agree(n)
    _origins_once(n.store)
    row = n.store.current_game("main")
    assert row is not None
    assert [r[1:3] for r in n.store.action_rows(row.id)][before][1] == NAMES.index(mover)


def test_a_reset_world_s_queued_events_are_all_applied(night: Night, tmp_path: Path) -> None:
    n = night
    table = n.ctl.tables["main"]
    assert table.game is not None
    for _ in range(12):  # the old world's counter runs ahead of anything the new one will reach
        n.people.step(table.game, (table.game_id, table.n_actions), retry=0.0)
        n.box.world.tick(2)
        n.ctl.poll()
    old_world = n.ctl.world_id
    assert lineage.applied_up_to(n.store, old_world) >= 12
    port = n.box.port
    n.box.stop()
    n.box.server.close()
    with Sandbox(password=PASSWORD, strict=True, datapack=PACK, ticking=False, port=port) as box:
        box.world.tick()
        n.rcon.client.reconnect(attempts=20, delay=0.05)
        n.rcon.client.command("function monopoli:board/main/place")
        n.people.world = box.world
        n.people.join()  # the players come back to the new world and act before the controller looks
        before = table.n_actions
        n.people.step(table.game, (table.game_id, table.n_actions), retry=0.0)
        box.world.tick(2)
        queued = box.world.execute("scoreboard players get $seq monopoli.seq")[0]
        assert queued.startswith("$seq has ") and 1 <= int(queued.split()[2]) < lineage.applied_up_to(n.store, old_world)
        lines: list[str] = []
        n.ctl.on_line = lines.append
        n.ctl.connected()
        n.ctl.poll()
        assert n.ctl.world_id != old_world
        assert any(line.startswith("this is a new world (identity ") for line in lines)
        assert table.n_actions > before  # the move made before the controller reconnected was applied
        _agree(n)
        assert box.world.strict_failures == []
