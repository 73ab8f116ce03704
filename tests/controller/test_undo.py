"""Undo after every kind of action, forced payments included: the game is back as it was and goes on."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from monopoli_mc.bridge import outbox
from monopoli_mc.controller.game.policy import CLOSE_AUCTION, forced_action, next_move
from monopoli_mc.controller.db.store import SNAPSHOT_EVERY, Store
from monopoli_mc.controller.game.table import BoardGame, load_game
from monopoli_mc.controller.game.undo import count_to_undo, undo
from monopoli_mc.datapack.layout import Layout
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.bots import make_bots
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.phases import ALL_ACTIONS, AUCTION, DEBT, OVER, SYSTEM
from monopoli_mc.rules.settings import load_rules

NAMES = ["Alex", "Sam", "Robin", "Kim"]
# Every kind a prom game has: what players choose, the forced moves and the auction clock.
EVERY = {"roll", "buy", "decline", "bid", "close_auction", "end_turn", "pay_debt", "bankrupt", "draw", "build",
         "sell", "sell_all", "mortgage", "lift", "lift_now", "keep_mortgage", "pay_fine", "use_card",
         "propose_trade", "accept_trade", "refuse_trade"}


class _Logging(Store):
    """A store that keeps the kind of each action logged, the forced moves after a choice included."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.kinds: list[str] = []

    def log(self, game: int, action: Any, origin: str, *, outcome: str | None = None) -> None:
        self.kinds.append(action[0])
        super().log(game, action, origin, outcome=outcome)


def _table(tmp_path: Path, rules_name: str, seed: int, **changes: Any) -> tuple[BoardGame, _Logging]:
    rules = dataclasses.replace(load_rules(rules_name), **changes)
    board = load_board(board_path(rules.board))
    world = load_world()
    table = BoardGame("main", Layout(world.boards[0]), outbox.Table(board="main", colors=world.colors,
                                                                      version=world.version))
    store = _Logging(tmp_path / f"{rules_name}-{seed}.db")
    table.game = Game.new(rules, board, NAMES, seed)
    table.game_id = store.new_game("main", dataclasses.asdict(rules), seed, NAMES)
    return table, store


def _not_stuck(game: Game) -> None:
    assert forced_action(game) is None, f"a forced move is due after the undo: {forced_action(game)}"
    if game.phase != OVER:
        assert game.legal_actions(game.to_act()) or game.phase == AUCTION, game.phase


def _try_new_kinds(table: BoardGame, store: Store, undone: set[str]) -> None:
    """Each legal action of a kind not undone yet (any seat): do it, undo it, check it is as before."""
    game = table.game
    assert game is not None
    before, n = game.to_data(), table.n_actions
    for seat in range(len(game.names)):
        for action in game.legal_actions(seat):
            if action[0] in undone or action[0] in ("pass", "propose_trade"):  # nothing to do / no offer
                continue
            table.apply(store, action, "seq 2")
            done = undo(table, store, game.board, "request 2")
            assert done is not None and done.actions[0] == action
            assert table.game is not None and (table.game.to_data(), table.n_actions) == (before, n)
            _not_stuck(table.game)
            undone.update(a[0] for a in done.actions)
            game = table.game


def _play_undoing_a_sample(table: BoardGame, store: _Logging, max_actions: int = 1500) -> set[str]:
    """A bot game through the table; after each action of the sample, undo, check, and do it all again.

    Undoing after the clock's action (an auction closed) reverts the last bid with it: the
    game goes back to before the last action a person chose. An undo reloads the game from the
    log, so one after every action is quadratic in the game's length; the sample is
    every kind in every phase it is played in (the forced moves too), and each action that made a
    snapshot, asserted below.
    """
    game = table.game
    assert game is not None
    bots = make_bots(len(NAMES))
    undone: set[str] = set()
    redo: list[tuple[Any, str]] = []  # the actions since (and with) the last one a person chose
    chosen = game.to_data(), 0
    played: set[tuple[str, str]] = set()  # (phase, kind) of every action the game takes
    sampled: set[tuple[str, str]] = set()  # ... of those undone after
    crossed = 0  # the applies that made a snapshot, then undone
    for _ in range(max_actions):
        if game.phase == OVER:
            break
        _try_new_kinds(table, store, undone)
        game = table.game
        assert game is not None
        action = next_move(game, bots)
        origin = "seq 1"
        if action is None:
            action, origin = CLOSE_AUCTION, "clock"
        else:
            redo, chosen = [], (game.to_data(), table.n_actions)
        redo.append((action, origin))
        phase, n, logged = game.phase, table.n_actions, len(store.kinds)
        table.apply(store, action, origin)
        steps = {(phase, action[0])} | {(DEBT, kind) for kind in store.kinds[logged + 1:]}  # + forced moves
        played |= steps
        snapshot = n // SNAPSHOT_EVERY != table.n_actions // SNAPSHOT_EVERY
        if steps <= sampled and not snapshot:
            continue
        sampled |= steps
        crossed += snapshot
        after = game.to_data()
        done = undo(table, store, game.board, "request 1")
        assert done is not None and done.actions[0] == redo[0][0]
        game = table.game
        assert game is not None
        assert (game.to_data(), table.n_actions) == chosen
        _not_stuck(game)
        undone.update(a[0] for a in done.actions)
        for again, why in redo:  # the game goes on: the same actions give the same game
            table.apply(store, again, why)
        assert game.to_data() == after
    assert sampled == played  # every kind undone in every phase the game played it in
    assert crossed == table.n_actions // SNAPSHOT_EVERY > 0  # and across every snapshot
    row = store.current_game("main")
    assert row is not None
    assert load_game(store, row, game.board)[0].to_data() == game.to_data()  # the log replays
    return undone


VARIANTS = [("prom", 4, EVERY), ("speed-die", 3, {"bus", "choose_space"}), ("anti-monopoly", 1, {"choose_role"}),
            ("classic-older", 5, {"claim_rent", "pay_flat_tax", "pay_percent_tax"})]
OPERATOR = [("admin_pay", SYSTEM, {"player": 1, "amount": 100}), ("admin_fine", SYSTEM, {"player": 1, "amount": 50}),
            ("admin_move", SYSTEM, {"player": 2, "space": 24}), ("admin_give_deed", SYSTEM, {"player": 3, "space": 1}),
            ("kick", SYSTEM, {"player": 3}), ("admin_end", SYSTEM, None), ("time_up", SYSTEM, None)]


def test_the_games_below_undo_every_kind_of_action_there_is() -> None:
    covered = set().union(*(kinds for _, _, kinds in VARIANTS)) | {kind for kind, _, _ in OPERATOR} | {"admin_bankrupt"}
    assert covered == ALL_ACTIONS - {"pass"}  # passing in an auction is saying nothing: never logged


@pytest.mark.parametrize(("rules", "seed", "kinds"), VARIANTS)
def test_undo_after_a_sample_of_a_game_s_actions(tmp_path: Path, rules: str, seed: int, kinds: set[str]) -> None:
    table, store = _table(tmp_path, rules, seed, max_rounds=60)
    with store.transaction():  # one for the whole game: the log's logic is tested here, not the disk
        undone = _play_undoing_a_sample(table, store)
    assert kinds <= undone, f"never undone: {sorted(kinds - undone)}"


def test_undo_takes_the_forced_payment_with_the_action_that_made_it(tmp_path: Path) -> None:
    table, store = _table(tmp_path, "prom", 4)
    game = table.game
    assert game is not None
    with store.transaction():
        table.apply(store, ("admin_give_deed", SYSTEM, {"player": game.current, "space": 39}), "request 1")
        table.apply(store, ("admin_fine", SYSTEM, {"player": game.current, "amount": game.cash[game.current] + 100}),
                    "request 2")
    assert game.phase == "debt"
    in_debt = game.to_data()
    with store.transaction():
        table.apply(store, ("mortgage", game.current, 39), "seq 7")
    assert [o for _, o in store.effective(table.game_id)][-2:] == ["seq 7", "forced"]
    with store.transaction():
        done = undo(table, store, game.board, "request 3")
    assert done is not None and [a[0] for a in done.actions] == ["mortgage", "pay_debt"]
    assert "mortgage on Boardwalk" in done.words and "debt payment" in done.words
    assert table.game is not None and table.game.to_data() == in_debt
    _not_stuck(table.game)


def test_undo_of_operator_actions_and_the_end(tmp_path: Path) -> None:
    table, store = _table(tmp_path, "prom", 4)
    game = table.game
    assert game is not None
    for action in OPERATOR:
        before = table.game.to_data() if table.game else {}
        with store.transaction():
            table.apply(store, action, "clock" if action[0] == "time_up" else "request 1")
        over = store.current_game("main")
        assert over is not None and over.over == (action[0] in ("admin_end", "time_up"))
        with store.transaction():
            done = undo(table, store, game.board, "request 2")
        assert done is not None and done.actions == [action]
        assert table.game is not None and table.game.to_data() == before
        assert not store.games()[-1].over
        _not_stuck(table.game)


def test_undo_of_the_operator_s_bankruptcy_gives_the_debt_back(tmp_path: Path) -> None:
    table, store = _table(tmp_path, "prom", 4)
    game = table.game
    assert game is not None
    seat = game.current
    with store.transaction():
        table.apply(store, ("admin_give_deed", SYSTEM, {"player": seat, "space": 39}), "request 1")
        table.apply(store, ("admin_fine", SYSTEM, {"player": seat, "amount": game.cash[seat] + 100}), "request 2")
    in_debt = game.to_data()
    assert game.phase == "debt"
    with store.transaction():
        table.apply(store, ("admin_bankrupt", SYSTEM, {"player": seat}), "request 3")
    assert table.game is not None and table.game.bankrupt[seat]
    with store.transaction():
        done = undo(table, store, game.board, "request 4")
    assert done is not None and done.words.startswith("the operator's bankruptcy of ")
    assert table.game is not None and table.game.to_data() == in_debt
    _not_stuck(table.game)


def test_count_to_undo() -> None:
    assert count_to_undo([]) == 0
    assert count_to_undo(["seq 1"]) == 1
    assert count_to_undo(["seq 1", "seq 2", "forced", "forced"]) == 3
    assert count_to_undo(["seq 1", "clock"]) == 2
    assert count_to_undo(["clock", "forced"]) == 2  # nothing chosen: the automatic ones alone
    assert count_to_undo(["seq 1", "clock"], ["roll", "time_up"]) == 1  # an end alone: the move before it stays
    assert count_to_undo(["seq 1", "request 2"], ["roll", "admin_end"]) == 1


def test_an_undo_of_the_kick_that_ended_a_game_is_refused_while_its_player_sits_elsewhere(tmp_path: Path) -> None:
    from monopoli_mc.controller.game.undo import SeatedElsewhere

    rules = load_rules("prom")
    board = load_board(board_path(rules.board))
    world = load_world()
    store = Store(tmp_path / "night.db")
    main, annex = (BoardGame(name, Layout(world.boards[0]), outbox.Table(board=name, colors=world.colors,
                                                                          version=world.version))
                   for name in ("main", "annex"))
    main.game = Game.new(rules, board, ["Alex", "Sam"], 5)
    main.game_id = store.new_game("main", dataclasses.asdict(rules), 5, ["Alex", "Sam"])
    with store.transaction():
        main.apply(store, ("kick", SYSTEM, {"player": 1}), "operator")
    assert main.game.phase == OVER  # Sam kicked: Alex is the last one in
    store.seat("annex", "Sam")  # Sam, out, sits down at the annex
    log, state = store.effective(main.game_id), main.game.to_data()
    with store.transaction(), pytest.raises(SeatedElsewhere) as refused:
        undo(main, store, board, "operator", [main, annex])
    assert str(refused.value) == (
        "undoing the kick of Sam on board 'main' would put Sam in two games: Sam is seated at board 'annex' for "
        "its next game. Nothing was changed; `monopoli admin unseat Sam` takes Sam off it, then undo again (or "
        "leave board 'main''s game over)")
    assert (store.effective(main.game_id), main.game.to_data()) == (log, state)
    store.unseat("annex", "Sam")
    with store.transaction():
        done = undo(main, store, board, "operator", [main, annex])
    assert done is not None and main.game is not None and main.game.phase != OVER
