"""Invariants over many seeded bot games of every rule set, checked after every action."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.bots import BuyerBot, CautiousBot, RandomBot
from monopoli_mc.rules.events import EVENT_FIELDS, event_to_dict
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.phases import OVER
from monopoli_mc.rules.settings import load_rules
from monopoli_mc.rules.simulate import claim_rents
from monopoli_mc.rules.state import HOTEL

from .helpers import BOARD

RULE_SETS = ["prom", "classic", "classic-older", "jackpot", "deal-all", "speed-die", "anti-monopoly",
             "anti-monopoly-b"]
BOARDS = {name: load_board(board_path(name)) for name in ("standard", "anti-monopoly")}
MANAGE = ("build", "sell", "sell_all", "mortgage", "lift")


GROUPS = [(group.kind, group.spaces) for group in BOARD.groups.values()]
CARDS = {name: sum(len(deck) for deck in board.decks.values()) for name, board in BOARDS.items()}


def check_invariants(game: Game) -> None:
    """Everything that must hold between any two actions (checked after each: the suite's cost is here,
    hence the plain loops)."""
    cash, owner, buildings, mortgaged, rules = game.cash, game.owner, game.buildings, game.mortgaged, game.rules
    assert sum(cash) + game.jar + game.bank == 0, "money is conserved"
    assert min(cash) >= 0, "no seat has negative cash"
    assert game.jar >= 0
    houses = hotels = 0
    for kind, members in GROUPS:
        built = [buildings[m] for m in members]
        if not any(built):
            continue
        assert kind == "street"
        if rules.roles:
            assert not any(mortgaged[m] and buildings[m] for m in members), "no buildings on a mortgage"
        else:
            assert not any(mortgaged[m] for m in members), "no buildings beside a mortgage"
            assert len({owner[m] for m in members}) == 1, "buildings only on a full group"
            if rules.even_building:
                assert max(built) - min(built) <= 1, "houses differ by at most one"
        houses += sum(b for b in built if b < HOTEL)
        hotels += built.count(HOTEL)
    assert (houses, hotels) == (game.houses_out, game.hotels_out)
    if rules.houses_limit is not None:
        assert houses <= rules.houses_limit and hotels <= (rules.hotels_limit or 0)
    seats, bankrupt = len(game.names), game.bankrupt
    for s, seat in enumerate(owner):
        if seat == -1:
            assert buildings[s] == 0 and not mortgaged[s]
        else:
            assert 0 <= seat < seats and not bankrupt[seat], "a deed has one owner, never a bankrupt one"
    for p, out in enumerate(bankrupt):
        if out:
            assert cash[p] == 0 and not game.jail_cards[p], "a bankrupt player owns nothing"
    held = sum(len(c) for c in game.jail_cards)
    assert sum(len(d) for d in game.decks.values()) + held == CARDS[rules.board], "every card is in a deck or a hand"
    if rules.roles and game.phase != "role_choice":
        sides = [game.roles.count(r) for r in ("competitor", "monopolist")]
        assert sum(sides) == len(game.names) and abs(sides[0] - sides[1]) <= 1, "sides differ by at most one"


def play(rules_name: str, seed: int, players: int, *, random_seats: int, check_legal: bool) -> Game:
    rules = dataclasses.replace(load_rules(rules_name), max_rounds=80)
    game = Game.new(rules, BOARDS[rules.board], [f"P{i}" for i in range(players)], seed)
    bots = [RandomBot(seed=seed + i) if i < random_seats else (BuyerBot() if i % 2 else CautiousBot())
            for i in range(players)]
    operator = random.Random(seed)
    for _ in range(20000):
        if game.phase == OVER:
            break
        actions = game.legal_actions()
        assert actions, f"stuck with no legal action in {game.phase}"
        if check_legal:
            for action in actions:
                if action[0] not in ("propose_trade",):
                    assert game.is_legal(action), action
            p = actions[0][1]
            if game.phase in ("roll", "jail", "buy", "debt", "end_turn"):
                listed = {(a[0], a[2]) for a in actions if a[0] in MANAGE}
                sold_groups = {BOARD.spaces[s].group for kind, s in listed if kind == "sell_all"}
                for kind in MANAGE:
                    for s in range(40):
                        if kind == "sell_all":  # one listed per group, legal on any street of it
                            offered = game.owner[s] == p and BOARD.spaces[s].group in sold_groups
                        else:
                            offered = (kind, s) in listed
                        assert game.is_legal((kind, p, s)) == offered, (kind, s)
            fresh = Game.from_data(game.to_data(), game.board)  # no cached candidates
            for q in range(players):
                assert game.legal_actions(q) == fresh.legal_actions(q), f"stale candidates of seat {q}"
                assert game._spend_candidates(q) == fresh._spend_candidates(q), f"stale builds of seat {q}"
        action = bots[actions[0][1]].choose(game, actions)
        game.apply(action)
        check_invariants(game)
        if game.claims and operator.random() < 0.7:
            claim_rents(game, bots)
            check_invariants(game)
        if random_seats and operator.random() < 0.01:  # the operator steps in now and then
            kind = operator.choice(["admin_pay", "admin_fine", "admin_move", "admin_give_deed", "kick"])
            arg = {"player": operator.randrange(players), "amount": operator.randint(1, 400),
                   "space": operator.randrange(40)}
            if game.is_legal((kind, -1, arg)):
                game.apply((kind, -1, arg))
                check_invariants(game)
    assert game.phase == OVER, "every game ends"
    return game


# Whole games of up to 80 rounds: the example count is the cost. Each game checks every state it passes
# through (a few hundred), so 25 games a rule set (legal_actions cross-checked in 3) cover thousands of
# states; `make test-compiled` leaves them out (marker `whole_games`), since test_compiled.py proves the
# compiled engine plays the pure one's games to the byte.
@pytest.mark.whole_games
@pytest.mark.parametrize("rules_name", RULE_SETS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), players=st.integers(2, 8), random_seats=st.integers(0, 2))
def test_invariants_hold_after_every_action(rules_name: str, seed: int, players: int, random_seats: int) -> None:
    play(rules_name, seed, players, random_seats=min(random_seats, players), check_legal=False)


@pytest.mark.long(seconds=3)
@pytest.mark.whole_games
@pytest.mark.parametrize("rules_name", RULE_SETS)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_legal_actions_agree_with_is_legal(rules_name: str, seed: int) -> None:
    play(rules_name, seed, 3, random_seats=1, check_legal=True)


def record(rules_name: str, seed: int) -> tuple[Game, list[tuple[str, int, object]], list[list[object]]]:
    """A bot game with its action log and event log."""
    rules = dataclasses.replace(load_rules(rules_name), max_rounds=60)
    game = Game.new(rules, BOARD, ["A", "B", "C", "D"], seed)
    bots = [RandomBot(seed=seed), BuyerBot(), CautiousBot(), BuyerBot(jail_strategy="stay")]
    actions, events = [], [list(game.setup_events)]
    while game.phase != OVER:
        legal = game.legal_actions()
        action = bots[legal[0][1]].choose(game, legal)
        actions.append(action)
        events.append(game.apply(action))
    return game, actions, events


@pytest.mark.parametrize("rules_name", RULE_SETS)
def test_replay_gives_the_same_events_and_state_bit_for_bit(rules_name: str) -> None:
    game, actions, events = record(rules_name, 11)
    again = Game.new(game.rules, BOARD, ["A", "B", "C", "D"], 11)
    replayed = [list(again.setup_events)] + [again.apply(a) for a in actions]
    assert replayed == events
    assert json.dumps(again.to_data(), sort_keys=True) == json.dumps(game.to_data(), sort_keys=True)


@pytest.mark.parametrize("rules_name", RULE_SETS)
def test_state_survives_a_json_round_trip_mid_game(rules_name: str) -> None:
    game, actions, _ = record(rules_name, 5)
    fresh = Game.new(game.rules, BOARD, ["A", "B", "C", "D"], 5)
    half = len(actions) // 2
    for action in actions[:half]:
        fresh.apply(action)
    data = json.loads(json.dumps(fresh.to_data()))
    restored = Game.from_data(data, BOARD)
    assert restored.to_data() == fresh.to_data()
    for action in actions[half:]:
        assert restored.apply(action) == fresh.apply(action)
    assert restored.to_data() == game.to_data()


def test_different_seeds_give_different_games() -> None:
    assert record("prom", 1)[2] != record("prom", 2)[2]


@pytest.mark.parametrize("rules_name", RULE_SETS)
def test_every_event_matches_its_documented_fields(rules_name: str) -> None:
    """events.EVENT_FIELDS is the schema of every event the engine emits, and each is JSON-safe."""
    rules = dataclasses.replace(load_rules(rules_name), max_rounds=60)
    game = Game.new(rules, BOARDS[rules.board], ["A", "B", "C"], 3)
    bots = [RandomBot(seed=3), BuyerBot(), CautiousBot()]
    seen = set()
    events = list(game.setup_events)
    while game.phase != OVER:
        legal = game.legal_actions()
        events += game.apply(bots[legal[0][1]].choose(game, legal))
        events += claim_rents(game, bots)
    for event in events:
        assert len(event) == len(EVENT_FIELDS[event[0]]) + 1, event
        json.dumps(event_to_dict(event))
        seen.add(event[0])
    assert {"turn", "roll", "move", "pay", "game_over"} <= seen
