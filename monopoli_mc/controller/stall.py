"""A debt left unpaid: how long the game has waited for it, said to the table and to the operator.

A player who owes more than they have can raise the money (sell, mortgage) and pay, or go
bankrupt once nothing is left to raise; nothing in the rules makes them hurry. Past
`FIRST` seconds, and every `EVERY` seconds after, the table is reminded in chat and the
operator's terminal says how to settle it (`monopoli admin bankrupt NAME`); `admin status`
shows the wait too. The wait counts from the game's last action, stored with the log, so a
restarted controller knows it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from monopoli_mc.bridge import outbox
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.narrate import Narrator
from monopoli_mc.rules.phases import DEBT

if TYPE_CHECKING:
    from monopoli_mc.controller.table import BoardGame

FIRST = 120.0  # seconds a debt waits before the table is first reminded
EVERY = 300.0  # seconds between reminders after that


@dataclass
class Reminded:
    """Which wait a board's reminders are about (the game and its action count) and how many were said."""

    key: tuple[int, int] = (0, -1)
    told: int = 0


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
    """The table's reminder and the terminal's line when a debt has waited long enough; (writes, lines)."""
    game = table.game
    owed = None if game is None or table.paused else debt(game)
    if game is None or owed is None:
        table.reminded = Reminded()
        return [], []
    key = (table.game_id, table.n_actions)
    if table.reminded.key != key:
        table.reminded = Reminded(key)
    wait = now - table.since
    due = FIRST + EVERY * table.reminded.told
    if wait < due:
        return [], []
    table.reminded.told += 1
    debtor, creditor, amount = owed
    name, to = game.names[debtor], Narrator(game.board, game.names).who(creditor)
    line = (f"{name} has owed {to} ${amount:,} for {waited(wait)}: sell or mortgage and pay, or go bankrupt "
            "when nothing is left to raise.")
    return outbox.say(table.view, line), [f"{line} `monopoli admin bankrupt {name}` settles it."]
