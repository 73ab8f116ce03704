"""The operator's notes in the action log: no action, kept where they came, kept past an undo."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from monopoli_mc.controller.db.store import Store


def test_notes_are_no_actions_and_stay_where_they_came(tmp_path: Path) -> None:
    store = Store(tmp_path / "night.db")
    game = store.new_game("main", {}, 1, ["Alex", "Sam"])
    with store.transaction():
        store.log(game, ("roll", 0, None), "seq 1")
        store.note(game, "The operator paused the game", "terminal")
        store.log(game, ("end_turn", 0, None), "seq 2")
        store.log(game, ("roll", 1, None), "seq 3")
        store.log_undo(game, "terminal", 2)
        store.note(game, "The operator undid Sam's throw", "terminal")
    assert store.actions(game) == [("roll", 0, None)]
    assert store.history(game) == [(1, "The operator paused the game"), (1, "The operator undid Sam's throw"),
                                   (1, None)]
    store.close()


@settings(max_examples=40, deadline=None)
@given(steps=st.lists(st.one_of(st.just("act"), st.just("note"), st.integers(1, 3)), max_size=25))
def test_history_counts_as_the_effective_actions_do(steps: list[object]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "night.db")
        game = store.new_game("main", {}, 1, ["Alex"])
        for i, step in enumerate(steps):
            if step == "act":
                store.log(game, ("roll", 0, i), "seq")
            elif step == "note":
                store.note(game, f"note {i}", "terminal")
            else:
                assert isinstance(step, int)
                store.log_undo(game, "terminal", step)
        history = store.history(game)
        assert history[-1] == (len(store.actions(game)), None)
        assert [line for _, line in history[:-1]] == [f"note {i}" for i, s in enumerate(steps) if s == "note"]
        assert all(at <= len(store.actions(game)) for at, _ in history)
        store.close()
