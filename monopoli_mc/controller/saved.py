"""A stored game read back: its rules from their stored data, its state from a snapshot and the actions after it."""

from __future__ import annotations

import dataclasses
from typing import Any

from monopoli_mc.controller.store import Action, GameRow, Store
from monopoli_mc.rules.board import Board
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.settings import Rules


def load_game(store: Store, row: GameRow, board: Board,
              actions: list[Action] | None = None) -> tuple[Game, int]:
    """A stored game: its last snapshot plus the actions after it; (game, effective actions).

    `actions`: the game's effective actions when the caller has just read them.
    """
    if actions is None:
        actions = store.actions(row.id)
    snap = store.latest_snapshot(row.id, len(actions))
    try:
        if snap is not None:
            n, data = snap
            game = Game.from_data(data, board)
        else:
            n, game = 0, Game.new(rules_of(row.rules), board, row.names, row.seed)
    except Exception as exc:  # a row changed outside monopoli: say which, never a traceback
        table, rowid = ("snapshots", f"{row.id}/{snap[0]}") if snap is not None else ("games", str(row.id))
        raise store.damaged(table, rowid, f"the game cannot be rebuilt from it: {exc}") from None
    for k, action in enumerate(actions[n:], start=n + 1):
        try:
            game.apply(action)
        except Exception as exc:
            raise store.damaged("actions", f"{k} of game {row.id}", f"{action[0]} cannot be replayed: {exc}") \
                from None
    return game, len(actions)


def rules_of(data: dict[str, Any]) -> Rules:
    """Rules from their stored data."""
    values = dict(data)
    values["jar_feeds"] = tuple(values.get("jar_feeds", ()))
    known = {f.name for f in dataclasses.fields(Rules)}
    return Rules(**{k: v for k, v in values.items() if k in known})
