"""A debt left unpaid: how long the game has waited for it, said to the table and to the operator.

A player who owes more than they have can raise the money (sell, mortgage) and pay, or go
bankrupt once nothing is left to raise; nothing in the rules makes them hurry. Past
`FIRST` seconds, and every `EVERY` seconds after, the table is reminded in chat and the
operator's terminal says how to settle it (`monopoli admin bankrupt NAME`); `admin status`
shows the wait too. The wait counts from the game's last action, stored with the log, so a
restarted controller knows it.

Any wait for one player (an auction aside: its clock closes it) is told to the table once,
with whom it waits for and since when: at `CHECK_AT` seconds when that player is offline,
else at `WAIT_AFTER` (a debt only when offline: its reminders say the rest). Deciding asks the server nothing, so the read phase asks who is online
(`list uuids`) when a wait reaches each of those two marks (`list_due`, `listed`): twice a
wait at most.
"""

from __future__ import annotations

import time
from collections.abc import Iterable

from monopoli_mc.bridge import outbox
from monopoli_mc.controller.game.table import BoardGame, Reminded
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.narrate import Narrator
from monopoli_mc.rules.phases import AUCTION, DEBT, OVER

FIRST = 120.0  # seconds a debt waits before the table is first reminded
EVERY = 300.0  # seconds between reminders after that
CHECK_AT = 15.0  # seconds a game has waited for one player when the read phase asks whether they are online
WAIT_AFTER = 60.0  # seconds after which the table is told whom it waits for, online or not


def _wait(table: BoardGame) -> Reminded | None:
    """The board's reminders of the wait under way, reset when the game moved; None when no one
    player holds the game up (no game, over, paused, an auction)."""
    game = table.game
    if game is None or table.paused or game.phase in (OVER, AUCTION) or not 0 <= game.to_act() < len(game.names):
        return None
    key = (table.game_id, table.n_actions)
    if table.reminded.key != key:
        table.reminded = Reminded(key)
    return table.reminded


def _marks(wait: float) -> int:
    return (wait >= CHECK_AT) + (wait >= WAIT_AFTER)


def list_due(tables: Iterable[BoardGame], now: float) -> list[BoardGame]:
    """The boards whose wait reached a mark at which who is online must be asked (read phase)."""
    due = []
    for table in tables:
        waiting = _wait(table)
        if waiting is not None and not waiting.waiting and waiting.asked < _marks(now - table.since):
            due.append(table)
    return due


def listed(tables: list[BoardGame], online: set[str] | None, now: float) -> None:
    """What the read phase found of those boards' waited-for players (`online` None: the list did not read)."""
    for table in tables:
        waiting, game = _wait(table), table.game
        if waiting is None or game is None:
            continue
        waiting.asked = _marks(now - table.since)
        waiting.offline = None if online is None else game.names[game.to_act()] not in online


def waiting_words(table: BoardGame, now: float) -> str | None:
    """The table's one line about whom it waits for, when it is due (once a wait); None otherwise."""
    waiting, game = _wait(table), table.game
    if waiting is None or game is None or waiting.waiting:
        return None
    wait = now - table.since
    idle = wait >= WAIT_AFTER and game.phase != DEBT  # a debt has reminders of its own (FIRST, EVERY)
    if not idle and not (waiting.offline and wait >= CHECK_AT):
        return None
    waiting.waiting = True
    name = game.names[game.to_act()]
    since = time.strftime("%H:%M", time.localtime(table.since))
    why = f"{name} is offline" if waiting.offline else f"nothing from {name} for {waited(wait)}"
    return f"The table waits for {name} ({game.phase.replace('_', ' ')}) since {since}: {why}."


def debt(game: Game) -> tuple[int, int, int] | None:
    """(debtor, creditor, amount) of the debt the game waits for, or None."""
    if game.phase != DEBT or not game.debts:
        return None
    debtor, creditor, amount, _reason = game.debts[0]
    return int(debtor), int(creditor), int(amount)


def waited(seconds: float) -> str:
    """A wait in words: "45 s", "7 min", "1 h 05 min"."""
    whole = max(0, int(seconds))
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min"
    return f"{whole // 3600} h {whole // 60 % 60:02d} min"


def status_words(game: Game, since: float | None, now: float) -> str | None:
    """For `admin status`: "Robin owes Sam $2,000, waiting 7 min: `monopoli admin bankrupt Robin` settles it"."""
    owed = debt(game)
    if owed is None:
        return None
    debtor, creditor, amount = owed
    wait = "" if since is None else f", waiting {waited(now - since)}"
    name = game.names[debtor]
    return (f"{name} owes {Narrator(game.board, game.names).who(creditor)} ${amount:,}{wait}: "
            f"`monopoli admin bankrupt {name}` settles it")


def reminders(table: BoardGame, now: float) -> tuple[list[str], list[str]]:
    """The table's lines and the terminal's when a wait is long enough: whom the table waits for (once),
    and a debt's reminders; (writes, lines)."""
    game = table.game
    notice = waiting_words(table, now)
    told = ([], []) if notice is None else (outbox.say(table.view, notice), [notice])
    owed = None if game is None or table.paused else debt(game)
    if game is None or owed is None or _wait(table) is None:
        return told
    wait = now - table.since
    due = FIRST + EVERY * table.reminded.told
    if wait < due:
        return told
    table.reminded.told += 1
    debtor, creditor, amount = owed
    name, to = game.names[debtor], Narrator(game.board, game.names).who(creditor)
    line = (f"{name} has owed {to} ${amount:,} for {waited(wait)}: sell or mortgage and pay, or go bankrupt "
            "when nothing is left to raise.")
    return (told[0] + outbox.say(table.view, line),
            told[1] + [f"{line} `monopoli admin bankrupt {name}` settles it."])
