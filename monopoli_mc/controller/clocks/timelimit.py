"""A game's time limit: stored with the game, shown as a boss bar, warned of, ended by `time_up`.

The limit comes from `monopoli run --time-limit` when given, else from the rule set's
`time_limit_minutes`; it is stored with the game when the game starts (meta `time_limit:<id>`,
in seconds, 0 for none), so a restarted controller keeps it. `--time-limit` given to a later
`run` sets the limit of the games still running too.
"""

from __future__ import annotations

import math
import time
from typing import Any

from monopoli_mc.bridge import outbox, timebar
from monopoli_mc.controller.db.store import GameRow, Store
from monopoli_mc.controller.game.table import BoardGame
from monopoli_mc.operator_input import Duration
from monopoli_mc.rules.phases import OVER
from monopoli_mc.rules.settings import MAX_LIMIT_MINUTES

UPDATE_EVERY = 5.0  # seconds between boss bar updates: one RCON request per board, not one per poll
WARN_AT = (600, 60)  # seconds left at which the table is warned in chat
MAX_HOURS = MAX_LIMIT_MINUTES // 60  # a week, as a rule set may say: the boss bar's seconds stay far inside an int

TIME_LIMIT = Duration("--time-limit", MAX_HOURS * 3600, off=True)  # the operator's one rule (operator_input)


def parse(value: str) -> float:
    """`90m`, `90` (minutes), `1h30m`, `2h`, `45s` -> seconds; `off` -> 0 (no limit); by the operator's rule.

    Raises NotAccepted (a MonopoliError) naming the value and the forms taken, with the range.
    """
    return TIME_LIMIT.read(value)


def words(seconds: float | None) -> str:
    """A limit in words: "90 min", "1 h 30 min", "45 s", "none"."""
    if not seconds:
        return "none"
    whole = int(seconds)
    h, rest = divmod(whole, 3600)
    m, s = divmod(rest, 60)
    parts = ([f"{h} h"] if h else []) + ([f"{m} min"] if m else []) + ([f"{s} s"] if s else [])
    return " ".join(parts)


def left_words(left: float) -> str:
    """The time left for `admin status`: "42 min left", "35 s left", "time is up"."""
    if left <= 0:
        return "time is up"
    return timebar.words(left).replace("Time left: ", "") + " left"


def rule_limit(rules: dict[str, Any]) -> float | None:
    """The rule set's own limit in seconds (its `time_limit_minutes`)."""
    minutes = rules.get("time_limit_minutes")
    return float(minutes) * 60 if isinstance(minutes, (int, float)) and minutes > 0 else None


def stored(store: Store, row: GameRow) -> float | None:
    """A game's limit in seconds, as stored when it started (a game from before: its rule set's)."""
    seconds = store.time_limit(row.id, MAX_HOURS * 3600)
    return rule_limit(row.rules) if seconds is None else seconds or None


def ends_at(store: Store, row: GameRow, now: float | None = None) -> float | None:
    """When a game's time runs out (seconds since the epoch), None without a limit or once over: its start,
    its limit, and the time it stood paused (a pause going on counts up to `now`, so the time left stands)."""
    limit = stored(store, row)
    return None if limit is None or row.over else row.started + limit + paused_seconds(store, row, now)


def paused_seconds(store: Store, row: GameRow, now: float | None = None) -> float:
    """Seconds a game has stood paused: its pauses ended, and the one going on up to `now` (default: the time)."""
    total = paused_for(store, row.id)
    since = pause_began(store, row.board)
    if since is not None and store.paused(row.board):
        total += max(0.0, (time.time() if now is None else now) - max(since, row.started))
    return total


def paused_for(store: Store, game: int) -> float:
    """Seconds a game stood paused in its pauses that ended (meta `time_paused:<game>`)."""
    return store.time_paused(game)


def pause_began(store: Store, board: str) -> float | None:
    """When a board's pause going on began (time of day), None when it is not paused or a controller from
    before pauses were timed paused it."""
    return store.pause_began(board)  # an unreadable start: the pause is not counted, as before pauses were timed


def overdue(store: Store, boards: list[str], wanted: float | None, now: float) -> list[str]:
    """The games still running whose time `wanted` (a restarted run's --time-limit) has already passed while
    their own limit has not: each would end at the first poll. 'board 'main': game 3 has run 42 min, ...'."""
    if not wanted:
        return []
    out = []
    for board in boards:
        row = store.current_game(board)
        if row is None or row.over or store.limit_lifted(row.id):
            continue
        mine = stored(store, row)
        ran = now - row.started - paused_seconds(store, row, now)
        if ran >= wanted and (mine is None or ran < mine):
            said = ran - ran % 60 if ran >= 60 else ran  # whole minutes: the seconds only blur the line
            out.append(f"board {board!r}: game {row.id} has run {words(said)}, past the {words(wanted)} of "
                       f"--time-limit (its limit: {words(mine)})")
    return out


def store_limit(store: Store, game: int, seconds: float | None) -> None:
    """Keep a game's limit (inside a transaction)."""
    store.set_time_limit(game, seconds)


def lift(store: Store, table: BoardGame) -> None:
    """Take a running game's limit away for good (an undo of its end when its time was up): stored as
    none, and marked so that `run --time-limit` does not set it again (inside a transaction)."""
    store_limit(store, table.game_id, 0)
    store.set_limit_lifted(table.game_id)
    table.limit = table.ends_at = None


def passed(left: float | None) -> set[int]:
    """The warnings not to give any more: those whose time had passed when the limit was set."""
    return set() if left is None else {t for t in WARN_AT if left <= t}


def follow(store: Store, table: BoardGame, row: GameRow, wanted: float | None, now: float, *,
           override: bool) -> str | None:
    """Take a game's limit as stored; with `override`, `wanted` (from --time-limit) replaces it for a
    game still running (in a transaction of its own). Returns the line saying so, if it changed."""
    limit, line = stored(store, row), None
    if override and wanted and not row.over and store.limit_lifted(row.id):
        line = (f"board {table.name!r}: game {row.id}'s time limit was lifted by an undo of its end; --time-limit "
                "does not set it again (`monopoli admin end` ends the game)")
    elif override and wanted is not None and not row.over and (wanted or None) != limit:
        with store.transaction():
            store_limit(store, row.id, wanted)
        line = (f"board {table.name!r}: game {row.id}'s time limit is now {words(wanted)} "
                f"(was {words(limit)}), as --time-limit says")
        limit = wanted or None
    table.limit = limit
    table.ends_at = None if limit is None or row.over else row.started + limit + paused_seconds(store, row, now)
    table.bar.warned = passed(None if table.ends_at is None else table.ends_at - now)
    return line


def writes(table: BoardGame, now: float) -> tuple[list[str], list[str]]:
    """A board's boss bar commands and chat warnings due now; (world writes, lines for the terminal)."""
    game, bar, view = table.game, table.bar, table.view
    if game is None or game.phase == OVER or table.ends_at is None or table.limit is None:
        if bar.shown is False or (bar.shown is None and game is None):
            return [], []
        bar.shown = False
        return timebar.hide(table.name), []
    left = table.ends_at - now
    names = [n for p, n in enumerate(game.names) if not game.bankrupt[p]]
    out: list[str] = []
    told: list[str] = []
    for threshold in WARN_AT:
        if left <= threshold and threshold not in bar.warned:
            bar.warned.add(threshold)
            what = "10 minutes" if threshold == 600 else "1 minute"
            line = f"{what} left on board {table.name}: then the richest by net worth wins."
            out += outbox.say(view, line)
            told.append(line)
    value, text, color = max(0, math.ceil(left)), timebar.words(left), timebar.color(left)
    if not bar.shown:
        out += timebar.show(table.name, names, left, table.limit, view.version)
    elif now - bar.sent_at >= UPDATE_EVERY or color != bar.color:
        out += timebar.update(table.name, left, view.version, value=value != bar.value, name=text != bar.words,
                              recolor=color != bar.color)
    else:
        return out, told
    bar.shown, bar.sent_at, bar.value, bar.words, bar.color = True, now, value, text, color
    return out, told
