"""The night's tidings: what one world's controller tells the night's other worlds through their one database.

A game's result, the start of the final, a crowning: each is written once, by the controller that decided it,
as a numbered row of meta (`news:<n>`, the count in `news`), inside the transaction that decided it. Each
world's controller remembers, in the same database, how far it has told its own players (`heard:<world>`,
by the world's RCON address) and moves that mark in the transaction whose writes tell them, so each world
tells each tiding once, a restart none twice, and a controller that was down tells what it missed when it
comes back. A world that never ran before starts at the count it finds (no earlier night's news). What is
told, and to whom, is `worlds.hear`'s; this module is the log alone, below the decisions (it imports only
the store), so `snapshot.py` can record a result where a game ends.

The cheap look (`due`) is one read of two meta rows, so a poll with nothing new pays that and no more.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from monopoli_mc.controller.db.store import Store
from monopoli_mc.controller.db.store_meta import news_key

RESULT = "result"  # a game ended: {"board", "game", "line"}: the line the board's own world told its room
FINAL = "final"  # `admin final` started a game: {"board", "players", "line", "unseated": [[board, name], ...]}
CROWNED = "crowned"  # `admin crown`: {"at"}; what to announce is the crowning recorded (night.crowned)


@dataclass(frozen=True)
class Tiding:
    """One tiding of the night, as written."""

    n: int
    kind: str
    data: dict[str, Any]


def count(store: Store) -> int:
    """How many tidings the night has (a count that is not a whole number, which only a hand edit makes: 0)."""
    return store.news_count()


def tell(store: Store, kind: str, **data: Any) -> int:
    """Write a tiding for every world of the night (inside the deciding transaction); its number."""
    return store.add_news(json.dumps({"kind": kind, **data}))


def due(store: Store, world: str) -> bool:
    """Whether the night has tidings this world has not heard (one read: the count and the world's mark)."""
    return store.news_due(world)


def unheard(store: Store, world: str) -> tuple[list[Tiding], list[str]]:
    """The tidings this world has not heard, in order, marked heard (inside the transaction that tells them); and a
    line for each that cannot be read (a row changed outside monopoli: passed, never a poll that fails for ever).
    A world seen for the first time hears nothing of what came before it; a mark past the count (the file put
    back to an earlier copy) follows the count."""
    top = count(store)
    mark = store.heard(world)
    if mark != str(top):
        store.set_heard(world, top)
    if not mark.isdigit() or not mark.isascii():
        return [], []
    out: list[Tiding] = []
    bad: list[str] = []
    for n in range(int(mark) + 1, top + 1):
        text = store.news(n)
        try:
            value = json.loads(text)
            if not isinstance(value, dict) or not isinstance(value.get("kind"), str):
                raise ValueError("not an object with a kind")
        except (TypeError, ValueError) as exc:
            bad.append(f"{store.path}: the night's news {n} (meta '{news_key(n)}') cannot be read ({exc}); "
                       "the other servers' news goes on without it")
            continue
        kind = value.pop("kind")
        out.append(Tiding(n, kind, value))
    return out, bad

