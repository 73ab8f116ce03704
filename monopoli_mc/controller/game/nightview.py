"""The night as players see it in the world: the standings book (`/trigger standings`) and each player's
night rank on their action bar.

The rank is written as a score (`nightfns.RANK`) that the pack's action bar refresh shows; the controller
reads the night after a (re)connect (not in a poll), when a game of its world ends or is reopened, when
another world's news arrives (a game ended there: `tidings.py`), and every `EVERY` seconds when the
database's games or log changed (an undo on another server), and writes only the ranks that changed. So an
idle poll reads nothing of it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from monopoli_mc.controller.db.night import Night, NightUnreadable, Replays, read_night
from monopoli_mc.controller.db.store import Store
from monopoli_mc.controller.game.table import BoardGame
from monopoli_mc.datapack import nightfns
from monopoli_mc.datapack.escape import is_player_name
from monopoli_mc.datapack.night_config import NightRules
from monopoli_mc.datapack.text import Component, Dialect, text
from monopoli_mc.rules.phases import OVER

EVERY = 30.0  # seconds between two reads of the night when nothing of this world changed
TOP = 10  # players listed in the book
PAGE_LINES = 12  # a book page shows 14 lines of text; two left for the heading


def book_pages(night: Night, player: str | None, name: str) -> list[Component]:
    """The book's pages: the player's own rank, then the top ten (a page for every PAGE_LINES - 2 lines)."""
    own = night.rank_of(player) if player is not None else None
    total = len(night.standings)
    if own is not None:
        mine = (f"You, {name}: #{own.rank} of {total}\n{own.points} point{'s' if own.points != 1 else ''}, "
                f"{own.wins} win{'s' if own.wins != 1 else ''}, {own.games} game{'s' if own.games != 1 else ''}")
    elif total:
        mine = f"You, {name}: no game of yours has ended yet"
    else:
        mine = "No game has ended yet: no standings."
    lines = [f"#{s.rank} {s.name}  {s.points} pt" for s in night.standings[:TOP]]
    pages: list[Component] = []
    first = {"text": "", "extra": [text("THE NIGHT\n", color="dark_purple", bold=True), text(mine + "\n\n"),
                                    text("Top ten\n", bold=True), text("\n".join(lines[:PAGE_LINES - 6]))]}
    pages.append(first)
    rest = lines[PAGE_LINES - 6:]
    while rest:
        pages.append({"text": "", "extra": [text("Top ten, on\n", bold=True), text("\n".join(rest[:PAGE_LINES]))]})
        rest = rest[PAGE_LINES:]
    return pages


def book(store: Store, rules: NightRules, replays: Replays, dialect: Dialect, uuid: str | None,
         name: str) -> list[str]:
    """The standings book for a player who asked (/trigger standings)."""
    night = read_night(store, rules, replays)
    return [nightfns.book_call(name, book_pages(night, uuid, name), dialect)]


@dataclass
class Ranks:
    """Each player's night rank as the world shows it, kept so only changes are written."""

    rules: NightRules
    say: Callable[[str], None]  # the terminal, for a night that cannot be read (said once)
    replays: Replays = field(default_factory=Replays)
    shown: dict[str, int] = field(default_factory=dict)  # name -> rank written
    key: tuple[Any, ...] = ()
    read_at: float = float("-inf")
    changed: list[Any] = field(default_factory=list)  # the games' count, ended, last, and the log's last row
    problem: str = ""
    night: Night | None = None  # the night as last read (after a poll's transaction): the board page draws it

    def writes(self, store: Store, tables: Iterable[BoardGame], wall: float, *, force: bool = False,
               news: bool = False) -> list[str]:
        """The rank writes due now. Nothing is read while no game of this world ended or reopened and no news came
        from the night's other worlds (`news`: `tidings.due` this poll), until EVERY seconds have passed; then the
        night is read again only if the database's games or log changed (other worlds' games, an undo there).
        `force` (after a connect: the world's scores are unknown): read and write every rank."""
        key = tuple((t.name, t.game_id, t.game is not None and t.game.phase == OVER) for t in tables)
        if not force and not news and key == self.key and wall - self.read_at < EVERY:
            return []
        self.key, self.read_at = key, wall
        changed = store.db.execute("SELECT COUNT(*), COALESCE(SUM(over), 0), COALESCE(MAX(id), 0) FROM games "
                                   "UNION ALL SELECT COALESCE(MAX(id), 0), 0, 0 FROM actions").fetchall()
        if not force and changed == self.changed:
            return []
        self.changed = changed
        try:
            night = read_night(store, self.rules, self.replays)
        except NightUnreadable as exc:  # the ranks stay as they are; the games go on
            if str(exc) != self.problem:
                self.problem = str(exc)
                self.say(f"warning: {exc}; the action bars keep the ranks they show")
            return []
        self.problem = ""
        self.night = night
        ranks = {s.name: s.rank for s in night.standings if is_player_name(s.name)}
        shown = {} if force else self.shown
        out = [nightfns.rank_call(name, rank) for name, rank in ranks.items() if shown.get(name) != rank]
        out += [nightfns.rank_call(name, None) for name in self.shown if name not in ranks]
        self.shown = ranks
        return out
