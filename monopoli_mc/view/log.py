"""The last lines of a stored game's log, told again from its action log (for the PNG)."""

from __future__ import annotations

from monopoli_mc.controller.history import told_lines
from monopoli_mc.controller.store import GameRow, Store
from monopoli_mc.rules.board import Board
from monopoli_mc.view.model import LOG_LINES


def replayed_lines(store: Store, row: GameRow, board: Board, *, most: int = LOG_LINES) -> list[str]:
    """The narrated lines of a game's last actions and the operator's notes, as the controller told them."""
    return told_lines(store, row, board, most=most)
