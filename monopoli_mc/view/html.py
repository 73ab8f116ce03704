"""The live board page as HTML: a section per board, a status line; every text escaped.

The page is whole without JavaScript (a board drawn as inline SVG, the players in a
table, a refresh every few seconds); `page.js` only swaps in the sections the
server sends on its event stream. Nothing is loaded from anywhere but the page's
own server.
"""

from __future__ import annotations

import time
from html import escape

from monopoli_mc.view.feed import Status
from monopoli_mc.view.memo import Memo
from monopoli_mc.view.model import BoardView, PlayerView, owned_words
from monopoli_mc.view.scene import board_shapes
from monopoli_mc.view.svg import svg

NOSCRIPT_REFRESH = 5  # seconds between reloads when JavaScript is off


def page(views: list[BoardView], status: Status, *, now: float | None = None,
         drawn: list[str] | None = None) -> str:
    """The whole page (`drawn`: the views' sections, when they are rendered already)."""
    now = time.time() if now is None else now
    nav = "".join(f'<a href="#board-{_e(v.board)}">{_e(v.board)}</a>' for v in views)
    drawn = [section(v, now=now) for v in views] if drawn is None else drawn
    sections = "".join(drawn) or "<p>No board yet.</p>"
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            "<title>Monopoli MC: the boards</title>"
            "<link rel=\"stylesheet\" href=\"page.css\">"
            f"<noscript><meta http-equiv=\"refresh\" content=\"{NOSCRIPT_REFRESH}\"></noscript>"
            "<script src=\"page.js\" defer></script></head>"
            f"<body><header><h1>Monopoli MC</h1><nav>{nav}</nav>{status_line(status)}</header>"
            f"<main id=\"boards\">{sections}</main></body></html>\n")


def status_line(status: Status) -> str:
    """The line that says whether the controller is running."""
    text = {"live": "live: this page follows the game by itself",
            "stopped": f"the controller has stopped ({status.text}); this page no longer changes"
            }.get(status.state, status.text)
    return f'<p id="status" class="status {_e(status.state)}">{_e(text)}</p>'


def section(view: BoardView, *, now: float | None = None) -> str:
    """One board: its drawing and, beside it, the players, the decision, the jar, the log."""
    now = time.time() if now is None else now
    drawing = svg(board_shapes(view), label=f"board {view.board}")
    return (f'<section class="board" id="board-{_e(view.board)}" data-board="{_e(view.board)}" '
            f'data-actions="{view.actions}">'
            f'<div class="drawing">{drawing}</div><div class="panel">{_panel(view, now)}</div></section>')


class Sections:
    """Each board's section, rendered once per picture and shared by the page and its event streams."""

    def __init__(self) -> None:
        self._memo = Memo()

    @property
    def renders(self) -> int:
        """Sections rendered (once per picture, whoever asks and however often)."""
        return self._memo.made

    def get(self, version: int, view: BoardView) -> str:
        """The section of a board's picture of this version (the feed's); with a time limit, of this
        second too, so a page without script that reloads shows the time left as it is."""
        return self._memo.get(view.board, (version, ticking(view)), lambda: section(view))


def ticking(view: BoardView) -> int | None:
    """The second a board's section shows the time left at, None when it shows none."""
    return int(time.time()) if view.ends_at is not None else None


def _panel(view: BoardView, now: float) -> str:
    game = f"game {view.game_id}, round {view.round}" if view.game_id is not None else "no game yet"
    out = [f'<h2>{_e(view.board)} <small>{_e(view.rules)} rules, {_e(game)}</small></h2>']
    if view.winner is not None:
        out.append(f'<p class="winner">{_e(view.winner)} wins{_e(f" ({view.how})" if view.how else "")}</p>')
    else:
        if view.turn is not None:
            out.append(f'<p class="turn">turn: <b>{_e(view.turn)}</b></p>')
        out.append(f'<p class="pending">{_e(view.pending)}</p>')
    if view.paused:
        out.append('<p class="paused">paused by the operator</p>')
    if view.ends_at is not None and view.paused:  # the clock stands: the page's script must not count it down
        out.append(f'<p class="time">time left: <span>{_e(time_left(view.ends_at, now))}</span> (paused)</p>')
    elif view.ends_at is not None:
        out.append(f'<p class="time">time left: <span class="time-left" data-ends="{view.ends_at:.0f}">'
                   f'{_e(time_left(view.ends_at, now))}</span></p>')
    if view.jar is not None:
        out.append(f'<p class="jar">Free Parking jar: <b>${view.jar:,}</b></p>')
    if view.players:
        rows = "".join(_player(p, view) for p in view.players)
        out.append('<table class="players"><thead><tr><th>player</th><th>cash</th><th>worth</th>'
                   f'<th>where</th></tr></thead><tbody>{rows}</tbody></table>')
    elif view.lobby:
        out.append(f'<p class="lobby">seated: {_e(", ".join(view.lobby))}</p>')
    if view.log:
        items = "".join(f"<li>{_e(line)}</li>" for line in view.log)
        out.append(f'<h3>the last moves</h3><ol class="log">{items}</ol>')
    return "".join(out)


def _player(p: PlayerView, view: BoardView) -> str:
    swatch = (f'<svg class="swatch" viewBox="0 0 10 10" aria-hidden="true"><circle cx="5" cy="5" r="4.5" '
              f'fill="{_e(p.color)}" stroke="#222"/></svg>')
    where = view.spaces[p.space].name if p.space < len(view.spaces) else str(p.space)
    if p.bankrupt:
        where = "bankrupt"
    elif p.in_jail:
        where = "in jail"
    owned = owned_words(view, p.name)
    side = f' <small class="side">{_e(p.side)}</small>' if p.side else ""
    classes = " ".join(c for c, on in (("deciding", p.deciding), ("bankrupt", p.bankrupt)) if on)
    return (f'<tr class="{classes}" data-player="{_e(p.name)}"><td>{swatch} {_e(p.name)}{side}'
            f'<div class="deeds">{_e(owned)}</div></td>'
            f'<td class="cash">${p.cash:,}</td><td class="worth">${p.worth:,}</td><td>{_e(where)}</td></tr>')


def time_left(ends_at: float, now: float) -> str:
    """"1:05:09 left", or "time is up"."""
    left = int(ends_at - now)
    if left <= 0:
        return "time is up"
    hours, rest = divmod(left, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


def _e(text: str) -> str:
    return escape(text, quote=True)
