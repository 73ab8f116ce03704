"""The night's panel beside the boards: the standings, every ended game, the final and the podium.

`night_view` turns the night as `controller/db/night.py` reads it from the database (and the last crowning)
into frozen plain data; `panel_parts` draws it as named parts of HTML, every text escaped, which the page
sends as its slot `night`, whole to a new viewer and as deltas after (only the rows that changed; a game
that ends adds its one line at the head of the results). The same parts go to every screen that shows the
panel (`/` and the wall); the projector's wall shows what fits of them (page.css).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from html import escape

from monopoli_mc.controller.db.night import Crowning, Night, Standing
from monopoli_mc.view.model import NightPanel

TOP = 12  # standings rows shown; the rest are counted in one line ("and 40 more")
MEDALS = ("gold", "silver", "bronze")


@dataclass(frozen=True)
class RowView:
    """One player's line of the standings as the panel shows it."""

    rank: int
    name: str  # their latest name
    points: int
    wins: int
    worth: int  # net worth at the ends of their games, added up
    tie: str  # why they are below the player above although level on points ("" when they are not level)
    decides: tuple[str, ...]  # the cells that broke a tie with a neighbour: "wins", "worth"


@dataclass(frozen=True)
class ResultView:
    """One ended game of the night."""

    game: int
    board: str
    ended: float  # seconds since the epoch
    how: str  # how it ended, in words
    winner: str | None  # the name the winner played under; None: a tie at the top
    final: bool
    finish: tuple[tuple[str, int, bool], ...]  # (name as played, net worth at the end, bankrupt), first to last


@dataclass(frozen=True)
class PodiumView:
    """The last crowning: when, the champion, the top three, what decided it, and whether an undo made it stale."""

    at: float
    champion: str  # the name crowned ("" when players were level at the top)
    top: tuple[tuple[int, str], ...]  # (place, latest name), the first three of the night's order
    decided: str  # "the final" or "the standings"
    stale: str | None  # why the night no longer gives this crowning, as `admin crown` says it


@dataclass(frozen=True)
class NightView:
    """Everything the night's panel shows at one moment."""

    scoring: str
    rows: tuple[RowView, ...]  # the first TOP of the standings
    more: int  # players of the standings not shown
    results: tuple[ResultView, ...]  # every ended game, newest first
    podium: PodiumView | None  # None: not crowned yet
    final: tuple[str, tuple[str, ...]] | None  # a final being played: (board, its players)

    @property
    def empty(self) -> bool:
        """Whether there is nothing to show yet (no game has ended, no final, no crowning)."""
        return not self.rows and not self.results and self.podium is None and self.final is None


def night_view(night: Night, crowning: Crowning | None = None, *, top: int = TOP) -> NightView:
    """The panel's picture of the night (and of its last crowning)."""
    rows = _rows(night.standings)
    ended = sorted((r for r in night.results if r.ended is not None), key=lambda r: (-(r.ended or 0.0), -r.game))
    results = tuple(ResultView(r.game, r.board, r.ended or 0.0, r.ending(),
                               next((f.name for f in r.finish if f.player == r.winner), None) if r.winner else None,
                               r.final, tuple((f.name, f.worth, f.bankrupt) for f in r.finish)) for r in ended)
    final = night.final
    playing = (final.board, final.players) if final is not None and not final.over else None
    return NightView(night.rules.describe(), rows[:top], max(0, len(rows) - top), results,
                     _podium(night, crowning), playing)


def _rows(standings: tuple[Standing, ...]) -> tuple[RowView, ...]:
    """Each line with the tie-break that set it below the line above when both are level on points."""
    ties: list[tuple[str, str | None]] = [("", None)]
    for above, s in zip(standings, standings[1:]):
        if above.points != s.points:
            ties.append(("", None))
        elif above.rank == s.rank:
            ties.append(("level on points, wins and net worth: the same rank", None))
        elif above.wins != s.wins:
            ties.append(("level on points: fewer wins", "wins"))
        else:
            ties.append(("level on points and wins: less net worth", "worth"))
    out = []
    for i, s in enumerate(standings):
        below = ties[i + 1][1] if i + 1 < len(ties) else None
        decides = tuple(sorted({c for c in (ties[i][1], below) if c is not None}))
        out.append(RowView(s.rank, s.name, s.points, s.wins, s.worth, ties[i][0], decides))
    return tuple(out)


def _podium(night: Night, crowning: Crowning | None) -> PodiumView | None:
    if crowning is None:
        return None
    final = night.final
    decided = "the final" if final is not None and final.counted else "the standings"
    top = tuple((place, name) for place, _key, name in night.podium() if place <= 3)
    return PodiumView(crowning.at, crowning.name, top, decided, crowning.stale(night))


# -- the panel as HTML -----------------------------------------------------------------------------------
def panel(view: NightView) -> NightPanel:
    """The panel the feed publishes (no parts while there is nothing to show: the page then hides it)."""
    return NightPanel(() if view.empty else panel_parts(view))


def panel_parts(view: NightView) -> tuple[tuple[str, str], ...]:
    """The parts, in the order they are read: the heading, the podium, the standings (a part a row, so a game's
    end sends only the rows it moved), what is not shown of them, then the results."""
    rows = tuple((f"rank{i}", _row(row)) for i, row in enumerate(view.rows))
    more = (f'<p class="more">and {view.more} more: <code>monopoli standings</code> lists everyone</p>'
            if view.more else "")
    return (("night", _head(view)), ("podium", _podium_html(view)), ("standings", _table_head(view)), *rows,
            ("more", more), ("results", _results(view)))


def _head(view: NightView) -> str:
    games = len(view.results)
    players = len(view.rows) + view.more
    counted = f"{games} game{'s' if games != 1 else ''} ended, {players} player{'s' if players != 1 else ''}"
    return f'<h2>The night <small>{_e(counted)}</small></h2><p class="scoring">{_e(view.scoring)}</p>'


def _podium_html(view: NightView) -> str:
    out = []
    if view.final is not None:
        board, names = view.final
        out.append(f'<p class="final-on">The final is being played at board <b>{_e(board)}</b>: '
                   f'{_e(", ".join(names))}. Its winner is the champion.</p>')
    podium = view.podium
    if podium is None:
        return "".join(out)
    at = time.strftime("%H:%M", time.localtime(podium.at))
    crowned = podium.champion or "no single champion"
    if podium.stale is not None:
        out.append(f'<p class="stale">The crowning of {_e(at)} ({_e(crowned)}) is stale: {_e(podium.stale)}; '
                   '<code>monopoli admin crown</code> crowns again.</p>')
        return "".join(out)
    firsts = [name for place, name in podium.top if place == 1]
    title = "Champions of the night" if len(firsts) > 1 else "Champion of the night"
    out.append(f'<h3 class="champion">{title}: <b>{_e(" and ".join(firsts) or crowned)}</b></h3>'
               f'<p class="decided">{_e(podium.decided)} decided it (crowned at {_e(at)})</p>')
    places = "".join(f'<li class="{MEDALS[min(place, 3) - 1]}">{place}. {_e(name)}</li>' for place, name in podium.top)
    out.append(f'<ol class="podium">{places}</ol>')
    return "".join(out)


def _table_head(view: NightView) -> str:
    if not view.rows:
        return ""
    return ('<h3>Standings</h3><table class="standings"><thead><tr><th class="rank">#</th><th>player</th>'
            '<th class="points">points</th><th class="wins">wins</th><th class="worth">net worth</th></tr></thead>'
            '</table>')


def _row(row: RowView) -> str:
    def cell(kind: str, text: str) -> str:
        return f'<td class="{kind}{" decides" if kind in row.decides else ""}">{_e(text)}</td>'
    tie = f'<div class="tie">{_e(row.tie)}</div>' if row.tie else ""
    medal = f' class="{MEDALS[row.rank - 1]}"' if row.rank <= 3 else ""
    return (f'<table class="standings"><tbody><tr{medal}><td class="rank">{row.rank}</td>'
            f'<td class="name">{_e(row.name)}{tie}</td>{cell("points", str(row.points))}'
            f'{cell("wins", str(row.wins))}{cell("worth", f"${row.worth:,}")}</tr></tbody></table>')


def _results(view: NightView) -> str:
    """Every ended game, newest first (a list: a game that ends adds its line at the head)."""
    if not view.results:
        return ""
    return f'<h3>Results, newest first</h3><ol class="results">{"".join(_result(r) for r in view.results)}</ol>'


def _result(r: ResultView) -> str:
    when = time.strftime("%H:%M", time.localtime(r.ended))
    won = f"{r.winner} wins" if r.winner is not None else "a tie, no winner"
    worths = ", ".join(f"{name} ${worth:,}{' (bankrupt)' if out else ''}" for name, worth, out in r.finish)
    final = " (the final)" if r.final else ""
    return (f'<li><span class="when">{_e(when)}</span> <b>{_e(r.board)}</b>, '
            f'game {r.game}{final}: <b class="won">{_e(won)}</b> ({_e(r.how)})'
            f'<div class="worths">{_e(worths)}</div></li>')


def _e(text: str) -> str:
    return escape(text, quote=True)
