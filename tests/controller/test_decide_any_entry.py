"""Any entry a player could make, decided on a snapshot (`decide_support.Desk`, no server): the poll never
fails, every command it returns is one Mojang's tree takes, the entry is applied or answered in words, and
the game log replays to the game the controller holds. Hypothesis draws the kinds, values and players."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from decide_support import Desk

from monopoli_mc.controller.game import intents, offers

from monopoli_mc.controller.db import setaside
from monopoli_mc.controller.db.saved import load_game
from monopoli_mc.rules.phases import OVER

KINDS = sorted(intents.game_kinds() | set(offers.KINDS) | {"jar", "deed", "join", "online", "standings"})
VALUES = st.none() | st.integers(-2**31, 2**31 - 1) | st.integers(-2, 45)
DESK: list[Desk] = []


def _desk() -> Desk:
    """One table for the examples, a new one once its game is over (its examples never skip)."""
    if not DESK or DESK[0].game.phase == OVER:
        DESK[:] = [Desk(["Alex", "Sam", "Robin"], seed=4)]
    return DESK[0]


@settings(max_examples=150, deadline=None)
@given(who=st.sampled_from(["Alex", "Sam", "Robin", "Kim"]), kind=st.sampled_from(KINDS) | st.text(max_size=12),
       value=VALUES, button=st.booleans())
def test_any_entry_is_applied_or_answered_and_the_log_replays(who: str, kind: str, value: int | None,
                                                             button: bool) -> None:
    desk = _desk()
    table = desk.table
    actions, asides, said = table.n_actions, setaside.count(desk.store), len(desk.lines)
    desk.trigger(who, kind, value, button=button)
    assert desk.step() == 1  # judged: every command returned is one the server takes
    answered = len(desk.lines) > said or setaside.count(desk.store) > asides or table.n_actions > actions
    assert answered or desk.writes, (who, kind, value)  # never silence: a line, a set-aside row or a write (a book)
    row = desk.store.current_game("main")
    assert row is not None
    replayed, _ = load_game(desk.store, row, desk.board)
    assert replayed.to_data() == desk.game.to_data()
