"""Whole seeded games equal to their headless twins: prom's in the strict sandbox over TCP, the variants'
decisions on snapshots."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from decide_support import Desk

from monopoli_mc.bridge.inbox import READ_QUERY
from monopoli_mc.controller.game.policy import play_headless
from monopoli_mc.demo.run import run_demo
from monopoli_mc.rcon.packets import MAX_REQUEST_PAYLOAD
from monopoli_mc.rules.bots import make_bots
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.phases import OVER


# The decisions each rule set adds, which its world game must have made through the world.
ADDED = {"speed-die": {"bus", "choose_space"}, "anti-monopoly": {"choose_role"},
         "classic-older": {"claim_rent"}}


# One whole game to its natural end (auctions, trades, a debt paid, bankruptcies) with players walking between
# spaces, in the strict sandbox over TCP through `monopoli demo`'s path: the whole path and the wire (the
# record of every request, each within RCON's limit). Classic is not played here: it differs from prom only
# in the engine's numbers (tests/rules prove them), on prom's controller path.
@pytest.mark.long(seconds=7)
def test_whole_game_equals_headless(tmp_path: Path) -> None:
    players, seed = 3, 8
    record = tmp_path / "record.jsonl"
    result = run_demo(players=players, seed=seed, speed=20, rules="prom", movement="walk",
                      record=record, strict=True, echo=lambda line: None, timeout=120,
                      db=tmp_path / "night.db", max_rounds=None)
    game = result.game
    assert game.phase == OVER and game.winner is not None
    assert sum(game.bankrupt) == players - 1
    twin = Game.new(game.rules, game.board, game.names, seed)
    actions = play_headless(twin, make_bots(players))
    assert len(actions) == result.actions
    assert twin.to_data() == game.to_data()
    assert result.strict_failures == []
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    assert all(set(line) == {"t", "request", "reply"} for line in lines)
    assert [line["t"] for line in lines] == sorted(line["t"] for line in lines)
    requests = [line["request"] for line in lines]
    assert len(requests) == result.requests + 1  # + placing the board, before the controller
    assert max(len(r.encode("utf-8")) for r in requests) <= MAX_REQUEST_PAYLOAD
    assert {READ_QUERY, "list uuids"} <= set(requests)


# Each rule set whose decisions take another path from a player's input (ADDED: the speed die's Bus and
# triples, the sides of Anti-Monopoly, the older rules' rent claims), cut at a round limit once those
# decisions are made: equality action by action is the subject, and the limit's end by net worth is an end
# the controller shows too. Decided on snapshots (`decide_support.Desk`): the players' moves are the entries
# their chat buttons queue (the pack's buttons for them are proven by tests/datapack's
# test_bus_role_and_claim_buttons_queue_their_values), every command written judged by Mojang's tree.
@pytest.mark.parametrize(("rules", "players", "seed", "max_rounds"),
                         [("speed-die", 3, 155, 4), ("anti-monopoly", 4, 2, 3), ("classic-older", 3, 14, 3)])
def test_a_variant_game_equals_its_headless_twin(rules: str, players: int, seed: int, max_rounds: int) -> None:
    desk = Desk(["Alex", "Sam", "Robin", "Kai"][:players], rules=rules, seed=seed, max_rounds=max_rounds)
    game = desk.play_out()
    assert game.phase == OVER and game.winner is not None and game.round == max_rounds
    twin = Game.new(game.rules, game.board, game.names, seed)
    actions = play_headless(twin, make_bots(players))
    assert desk.table.n_actions == len(actions)
    assert twin.to_data() == game.to_data()
    made = {action[0]: origin for action, origin in desk.store.effective(desk.table.game_id)}
    assert ADDED[rules] <= set(made)
    assert all(made[kind].startswith("seq ") for kind in ADDED[rules])  # each made by a player's input
