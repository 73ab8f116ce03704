"""The outcome beside each action (issue 36): every recorded action keeps a digest of what it produced,
and a replay through an engine that plays it otherwise is refused in one line naming the game, the
action and what it gives now, instead of changing the night in silence. Decided on a snapshot, no server."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from monopoli_mc.cli import cli
from monopoli_mc.controller.decide.admin import AdminDesk
from monopoli_mc.controller.game.policy import next_move
from monopoli_mc.controller.db.saved import Diverged, load_game
from monopoli_mc.controller.decide.settings import Settings
from monopoli_mc.controller.decide.snapshot import Reads, Snapshot
from monopoli_mc.controller.db.store import Store
from monopoli_mc.controller.game.table import boards
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.bots import make_bots
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.settings import load_rules

UUIDS = {"00000000-0000-0000-0000-00000000000a": "Alex", "00000000-0000-0000-0000-00000000000b": "Sam"}


def _play(path: Path, moves: int) -> Game:
    """Two players seated and started by the desk, then `moves` moves of whoever is to act (a bot's choice),
    each applied and recorded as the controller applies a decision; the game as the controller holds it."""
    store = Store(path)
    world, rules = load_world(), load_rules("prom")
    s = Snapshot(store, boards(world), dict(UUIDS), True, Reads(), now=0.0, wall=1e9, settings=Settings(seed=1),
                 rules=rules, board=load_board(board_path(rules.board)), world=world, world_id="w")
    with store.transaction():
        for name in UUIDS.values():
            AdminDesk(s).seat(name, "main", origin="test")
        AdminDesk(s).start(s.tables["main"], origin="test")
    table = s.tables["main"]
    strategies = make_bots(2)
    for n in range(moves):
        assert table.game is not None
        move = next_move(table.game, strategies)
        assert move is not None
        with store.transaction():
            s.apply(table, move, f"seq {n + 1}")
    assert table.game is not None
    store.close()
    return table.game


def test_each_action_is_recorded_with_its_outcome_and_a_faithful_replay_passes(tmp_path: Path) -> None:
    held = _play(tmp_path / "night.db", moves=12)
    store = Store(tmp_path / "night.db")
    row = store.current_game("main")
    assert row is not None
    outcomes = store.outcomes(row.id)
    assert len(outcomes) == len(store.actions(row.id)) >= 12 and all(outcomes)
    replayed, _ = load_game(store, row, load_board(board_path(load_rules("prom").board)))
    assert replayed.to_data() == held.to_data()


def test_an_engine_that_throws_otherwise_is_refused_in_one_line(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "night.db"
    _play(db, moves=12)
    # a "rules fix" installed between two restarts of one night: the dice come out otherwise
    monkeypatch.setattr(Game, "_dice", lambda self: (int(self.rng.random() * 6) + 1, 6))
    store = Store(db)
    row = store.current_game("main")
    assert row is not None
    with pytest.raises(Diverged) as refused:
        load_game(store, row, load_board(board_path(load_rules("prom").board)))
    line = str(refused.value)
    assert "\n" not in line and line.startswith(f"{db}: game {row.id} on board 'main' replays differently")
    assert "'s roll) now gives roll(player=" in line and "not what was recorded" in line
    assert "nothing was changed" in line
    store.close()

    result = CliRunner().invoke(cli, ["state", "--db", str(db)])
    assert result.exit_code == 1 and "replays differently" in str(result.exception)
