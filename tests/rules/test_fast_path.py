"""The headless fast path (bots acting from the state, actions applied unchecked) plays exactly
the games of the plain loop: legal_actions -> choose -> apply."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.bots import Bot, BuyerBot, CautiousBot, RandomBot, make_bots
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.settings import available_rule_sets, load_rules
from monopoli_mc.rules.simulate import play_game

GAMES = 5  # per rule set and table; every shipped rule set


def played(rules_name: str, players: int, seed: int, bots: list[Bot], *,
           checked: bool) -> tuple[list[Any], list[Any], dict[str, Any], Any]:
    """(actions, events, final state, result) of one bot game."""
    rules = dataclasses.replace(load_rules(rules_name), max_rounds=150)
    board = load_board(board_path(rules.board))
    actions: list[Any] = []
    events: list[Any] = []
    games: list[Game] = []

    def seen(game: Game, evs: list[tuple[Any, ...]]) -> None:
        games[:] = [game]
        events.extend(evs)

    result = play_game(rules, board, players, seed, bots=bots, on_events=seen, checked=checked, record=actions)
    return actions, events, json.loads(json.dumps(games[0].to_data())), result


def seats(players: int, jail: str, seed: int) -> list[Bot]:
    """The standard bots, and in "random" tables a random bot in the first seat (it acts from
    the whole legal list either way, and its actions are applied unchecked too)."""
    bots = make_bots(players, jail_strategy="stay" if jail == "stay" else "pay")
    if jail == "random":
        bots[0] = RandomBot(seed=seed)
    return bots


@pytest.mark.parametrize("rules_name", available_rule_sets())
@pytest.mark.parametrize("players, jail", [(4, "pay"), (2, "stay"), (6, "pay"), (3, "random")])
def test_fast_path_plays_the_same_games_as_the_plain_loop(rules_name: str, players: int, jail: str) -> None:
    for seed in range(GAMES):
        plain = played(rules_name, players, seed, seats(players, jail, seed), checked=True)
        fast = played(rules_name, players, seed, seats(players, jail, seed), checked=False)
        assert fast[0] == plain[0], f"{rules_name} seed {seed}: the action logs differ"
        assert fast[1] == plain[1], f"{rules_name} seed {seed}: the event logs differ"
        assert fast[2] == plain[2], f"{rules_name} seed {seed}: the final states differ"
        assert fast[3] == plain[3]


def test_fast_path_games_make_every_kind_of_decision() -> None:
    """Tables like those above build, lift, trade, go bankrupt and leave jail every way."""
    kinds: set[str] = set()
    for seed in range(GAMES):
        for rules_name in ("prom", "classic"):
            bots: list[Bot] = [BuyerBot(), CautiousBot(jail_strategy="stay"), BuyerBot(), CautiousBot()]
            kinds.update(a[0] for a in played(rules_name, 4, seed, bots, checked=False)[0])
    assert {"build", "lift", "propose_trade", "accept_trade", "bankrupt", "pay_debt", "sell", "mortgage",
            "pay_fine", "use_card", "bid", "pass", "buy", "decline", "draw", "end_turn"} <= kinds
