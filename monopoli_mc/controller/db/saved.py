"""A stored game read back: its rules from their stored data, its state from a snapshot and the actions after it.

Each action is recorded with a digest of what it produced (its events: the dice, the card, every
payment), so a replay is checked, not trusted: an engine that plays a recorded action otherwise (a
rules fix installed between two restarts of one night) is refused in one line, before anything is
written, instead of silently changing every throw after the last snapshot.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import Any

from monopoli_mc.controller.db.store import Action, GameRow, Store
from monopoli_mc.errors import StoreError
from monopoli_mc.rules.board import Board
from monopoli_mc.rules.events import EVENT_FIELDS, Event
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.settings import Rules


class Diverged(StoreError):
    """A recorded action replays to another outcome under this engine."""


def outcome(events: list[Event]) -> str:
    """A short digest of what an action produced (its events, in order), the same on every machine."""
    text = json.dumps(events, separators=(",", ":"), ensure_ascii=True)
    return hashlib.blake2b(text.encode(), digest_size=6).hexdigest()


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
    recorded = store.outcomes(row.id) if len(actions) > n else []
    for k, action in enumerate(actions[n:], start=n + 1):
        try:
            events = game.apply(action)
        except Exception as exc:
            raise store.damaged("actions", f"{k} of game {row.id}", f"{action[0]} cannot be replayed: {exc}") \
                from None
        digest = recorded[k - 1] if k <= len(recorded) else None
        if digest is not None and outcome(events) != digest:
            raise Diverged(_diverged(store, row, k, action, events))
    return game, len(actions)


def _diverged(store: Store, row: GameRow, k: int, action: Action, events: list[Event]) -> str:
    """The one line: which game and action, what it gives now, and what the operator can do."""
    kind, seat, _arg = action
    who = row.names[seat] if 0 <= seat < len(row.names) else "the bank"
    now = ", ".join(_event_words(event) for event in events[:4]) + (", ..." if len(events) > 4 else "")
    return (f"{store.path}: game {row.id} on board {row.board!r} replays differently under this version of "
            f"monopoli: action {k} ({who}'s {kind}) now gives {now or 'nothing'}, not what was recorded; "
            "nothing was changed: run this night with the monopoli that played it")


def _event_words(event: Event) -> str:
    """'roll(player=0, d1=3, d2=4)'."""
    kind, *values = event
    names = EVENT_FIELDS.get(str(kind), ())
    fields = ", ".join(f"{name}={value}" for name, value in zip(names, values))
    return f"{kind}({fields})"


def rules_of(data: dict[str, Any]) -> Rules:
    """Rules from their stored data."""
    values = dict(data)
    values["jar_feeds"] = tuple(values.get("jar_feeds", ()))
    known = {f.name for f in dataclasses.fields(Rules)}
    return Rules(**{k: v for k, v in values.items() if k in known})
