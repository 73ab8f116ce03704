"""A decision is a function of what was read: one input decided from a snapshot, with no server, no RCON
and no Controller (issue 29). The store is a plain in-memory one, the boards are the default world's."""

from __future__ import annotations

import dataclasses

from monopoli_mc.bridge.inbox import WorldEvent
from monopoli_mc.controller.decide import inputs
from monopoli_mc.controller.decide.admin import AdminDesk
from monopoli_mc.controller.decide.settings import Settings
from monopoli_mc.controller.decide.snapshot import Reads, Snapshot
from monopoli_mc.controller.db.store import Store
from monopoli_mc.controller.game.table import boards
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.phases import ROLL
from monopoli_mc.rules.settings import load_rules
from monopoli_mc.sandbox.strict import judge

UUIDS = {"00000000-0000-0000-0000-00000000000a": "Alex", "00000000-0000-0000-0000-00000000000b": "Sam"}


def _snapshot(store: Store, reads: Reads) -> Snapshot:
    world = load_world()
    rules = load_rules("prom")
    return Snapshot(store, boards(world), dict(UUIDS), True, reads, now=0.0, wall=1e9, settings=Settings(seed=1),
                    rules=rules, board=load_board(board_path(rules.board)), world=world, world_id="w")


def test_one_throw_is_decided_from_a_snapshot_without_a_server() -> None:
    store = Store(":memory:")
    seated = _snapshot(store, Reads())
    with store.transaction():  # the players sit down and the operator starts the game: decisions too
        for name in UUIDS.values():
            AdminDesk(seated).seat(name, "main", origin="test")
        answer, _ = AdminDesk(seated).start(seated.tables["main"], origin="test")
    assert answer == "game started on board 'main' with 2 players"
    table = seated.tables["main"]
    game = table.game
    assert game is not None and game.phase == ROLL
    thrower = game.names[game.to_act()]
    uuid = next(u for u, n in UUIDS.items() if n == thrower)
    event = WorldEvent(seq=1, kind="d6", uuid=uuid)

    s = dataclasses.replace(seated, reads=Reads(new=[event], ack=1, counter=1), lines=[], events={})
    with store.transaction():
        writes = inputs.entry(s, event)

    assert table.n_actions >= 1 and store.actions(table.game_id)[0][:2] == ("roll", game.names.index(thrower))
    kinds = [ev[0] for ev in s.events["main"]]
    assert "roll" in kinds and "move" in kinds  # for the board's picture, written by the loop after commit
    assert any(line.startswith(f"[main] {thrower} throws") for line in s.lines)  # for the terminal
    assert writes and all(judge(command, load_world().version.name) is None for command in writes)
