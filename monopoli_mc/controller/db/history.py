"""A game's move list told again from the store: the narrated lines of its last actions, with the
operator's notes (undo, pause, resume, kick) where they came; undone actions are not in it."""

from __future__ import annotations

from monopoli_mc.controller.db.store import Action, GameRow, Store
from monopoli_mc.controller.db.saved import load_game
from monopoli_mc.rules.board import Board
from monopoli_mc.rules.narrate import Narrator

REPLAY = 30  # actions told again: enough for the lines a page shows


def told_lines(store: Store, row: GameRow, board: Board, *, most: int, replay: int = REPLAY,
               actions: list[Action] | None = None) -> list[str]:
    """The last `most` lines of a game's move list, as the controller told them (`actions`: the
    game's effective actions, when the caller has just read them)."""
    actions = store.actions(row.id) if actions is None else actions
    start = max(0, len(actions) - replay)
    game, _ = load_game(store, row, board, actions[:start])  # the game before the lines told
    narrator = Narrator(board, game.names, top_building="apartment" if game.rules.roles else "hotel")
    notes = [(at, line) for at, line in store.history(row.id) if line is not None and at >= start]
    lines: list[str] = []
    for i, action in enumerate(actions[start:], start):
        while notes and notes[0][0] <= i:
            lines.append(notes.pop(0)[1])
        lines += narrator.lines(game.apply(action))
    lines += [line for _, line in notes]
    return lines[-most:]
