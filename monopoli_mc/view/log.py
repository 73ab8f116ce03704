"""The last lines of a stored game's log, told again from its action log (after a restart, and for the PNG)."""

from __future__ import annotations

from monopoli_mc.controller.store import GameRow, Store
from monopoli_mc.controller.table import rules_of
from monopoli_mc.rules.board import Board
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.narrate import Narrator
from monopoli_mc.view.model import LOG_LINES

_REPLAY = 30  # actions told again: enough for LOG_LINES lines


def replayed_lines(store: Store, row: GameRow, board: Board, *, most: int = LOG_LINES) -> list[str]:
    """The narrated lines of a game's last actions, as the controller told them."""
    actions = store.actions(row.id)
    start = max(0, len(actions) - _REPLAY)
    snap = store.latest_snapshot(row.id, start)
    if snap is not None:
        n, data = snap
        game = Game.from_data(data, board)
    else:
        n, game = 0, Game.new(rules_of(row.rules), board, row.names, row.seed)
    narrator = Narrator(board, game.names, top_building="apartment" if game.rules.roles else "hotel")
    lines: list[str] = []
    for i, action in enumerate(actions[n:], n):
        events = game.apply(action)
        if i >= start:
            lines += narrator.lines(events)
    return lines[-most:]
