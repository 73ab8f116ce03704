"""Whole seeded games in the strict sandbox over TCP, equal to their headless twins."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

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


# One whole game to its natural end (auctions, trades, a debt paid, bankruptcies) with players walking
# between spaces; then, teleporting, each rule set whose decisions take another path through the world
# (ADDED), cut at a round limit once those decisions are made: equality action by action is the subject,
# and the limit's end by net worth is an end the controller shows too. Classic is not played here: it
# differs from prom only in the engine's numbers (tests/rules prove them), on prom's controller path.
@pytest.mark.parametrize(("rules", "players", "seed", "movement", "max_rounds"),
                         [("prom", 3, 8, "walk", None), ("speed-die", 3, 155, "teleport", 4),
                          ("anti-monopoly", 4, 2, "teleport", 3), ("classic-older", 3, 14, "teleport", 3)])
def test_whole_game_equals_headless(tmp_path: Path, rules: str, players: int, seed: int, movement: str,
                                    max_rounds: int | None) -> None:
    record = tmp_path / "record.jsonl"
    result = run_demo(players=players, seed=seed, speed=20, rules=rules, movement=movement,
                      record=record, strict=True, echo=lambda line: None, timeout=120,
                      db=tmp_path / "night.db", max_rounds=max_rounds)
    game = result.game
    assert game.phase == OVER and game.winner is not None
    assert game.round == max_rounds if max_rounds else sum(game.bankrupt) == players - 1
    twin = Game.new(game.rules, game.board, game.names, seed)
    actions = play_headless(twin, make_bots(players))
    assert len(actions) == result.actions
    assert ADDED.get(rules, set()) <= {a[0] for a in actions}
    assert twin.to_data() == game.to_data()
    assert result.strict_failures == []
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    assert all(set(line) == {"t", "request", "reply"} for line in lines)
    assert [line["t"] for line in lines] == sorted(line["t"] for line in lines)
    requests = [line["request"] for line in lines]
    assert len(requests) == result.requests + 1  # + placing the board, before the controller
    assert max(len(r.encode("utf-8")) for r in requests) <= MAX_REQUEST_PAYLOAD
    assert {READ_QUERY, "list uuids"} <= set(requests)
