"""The live board page as HTML: a section per board, a status line; every text escaped.

The page is whole without JavaScript (a board drawn as inline SVG, the players in a
table, a refresh every few seconds); `page.js` only swaps in what the server sends on
its event stream. A board's section is made of named parts (the board's ground, each
space, the pawns, the middle; the panel's heading, state, auction, players and log), so
a change sends only the parts it changed. The page comes as three screens: every board
one under the other (`/`), the wall (`/wall`: every board on one screen, or one at a
time in turn with `?rotate=SECONDS`) and one board (`/board/NAME`). Nothing is loaded
from anywhere but the page's own server.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from html import escape
from urllib.parse import quote

from monopoli_mc.view.feed import Status
from monopoli_mc.view.memo import Memo
from monopoli_mc.view.model import AuctionView, BoardView, NightPanel, PlayerView, owned_words
from monopoli_mc.view.scene import board_layers
from monopoli_mc.view.svg import group, svg_open

NOSCRIPT_REFRESH = 5  # seconds between reloads when JavaScript is off
PANEL_PARTS = ("head", "state", "auction", "players", "player", "log")  # the panel's parts (a player's: each seat)
WALL_MOST = 36  # boards the wall shows at once (6 by 6); past that it rotates
Parts = tuple[tuple[str, str], ...]  # (part, its HTML) in drawing order


@dataclass(frozen=True)
class Screen:
    """Which screen a page is: "all" (every board), "wall" (every board on one screen, or `rotate`
    seconds each in turn, from the `at`-th), or "board" (the one named)."""

    kind: str = "all"
    board: str | None = None
    rotate: int | None = None
    at: int = 0

    @property
    def events(self) -> str:
        """The address of this screen's event stream."""
        return "/events" if self.board is None else f"/events?board={quote(self.board, safe='')}"


def slot(board: str) -> str:
    """The id of a board's section (and of its slot in the event stream)."""
    return f"board-{board}"


def page(views: list[BoardView], status: Status, *, now: float | None = None, drawn: list[str] | None = None,
         screen: Screen = Screen(), night: str = "", night_shown: bool = False) -> str:
    """The whole page (`drawn`: the views' sections, when they are rendered already; `night`: the night's
    panel, when there is one, and `night_shown` when it has something to show: the wall makes room for it)."""
    now = time.time() if now is None else now
    drawn = [section(v, now=now) for v in views] if drawn is None else list(drawn)
    if screen.rotate and drawn:  # the board on show now (the page's script goes on from it)
        at = screen.at % len(drawn)
        drawn[at] = drawn[at].replace('<section class="board"', '<section class="board shown"', 1)
    sections = "".join(drawn) or "<p class=\"empty\">No board yet.</p>"
    refresh = NOSCRIPT_REFRESH
    target = ""
    if screen.kind == "wall" and screen.rotate and views:
        refresh, target = screen.rotate, f";url=/wall?rotate={screen.rotate}&amp;at={(screen.at + 1) % len(views)}"
    rotate = f' data-rotate="{screen.rotate}" data-at="{screen.at}"' if screen.rotate else ""
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{_e(_title(screen))}</title>"
            "<link rel=\"stylesheet\" href=\"/page.css\">"
            f"<noscript><meta http-equiv=\"refresh\" content=\"{refresh}{target}\"></noscript>"
            "<script src=\"/page.js\" defer></script></head>"
            f"<body class=\"{_e(body_class(screen, len(views), night=night_shown))}\" data-events=\"{_e(screen.events)}\"{rotate}>"
            f"<header><h1>Monopoli MC</h1>{nav(views, screen)}{status_line(status)}</header>"
            f"<div class=\"room\"><main id=\"boards\">{sections}</main>{night}</div></body></html>\n")


def _title(screen: Screen) -> str:
    return {"wall": "Monopoli MC: the wall", "board": f"Monopoli MC: {screen.board}"}.get(
        screen.kind, "Monopoli MC: the boards")


def body_class(screen: Screen, boards: int, *, night: bool = False) -> str:
    """The body's classes: the screen, and on the wall its grid (columns and rows for `boards` boards) and,
    when the night's panel shows, where it goes: the grid's cells left after the last board (`spare-N`), or
    a column beside the boards when the grid is full (`beside`). page.js does the same as boards come."""
    if screen.kind != "wall":
        return f"screen-{screen.kind}"
    if screen.rotate or boards > WALL_MOST:
        return "screen-wall rotating"
    cols, rows = wall_grid(boards)
    spare = cols * rows - boards
    beside = "" if not night else f" spare-{spare}" if spare else " beside"
    return f"screen-wall cols-{cols} rows-{rows}{beside}"


def wall_grid(boards: int) -> tuple[int, int]:
    """(columns, rows) for the wall: the grid whose cells, each a square board with its panel beside it
    (about 16 by 9), are largest on a 16:9 screen."""
    best, size = (1, 1), 0.0
    for cols in range(1, min(boards, 6) + 1):
        rows = -(-max(boards, 1) // cols)
        if rows > 6:
            continue
        cell = min(16 / cols / 1.75, 9 / rows)  # the board's side: the cell's width holds 1.75 of it
        if cell > size:
            best, size = (cols, rows), cell
    return best


def nav(views: list[BoardView], screen: Screen = Screen()) -> str:
    """The links at the top: each board (its own screen from the wall and a board's screen), the wall."""
    if screen.kind == "all":
        links = "".join(f'<a href="#{_e(slot(v.board))}">{_e(v.board)}</a>' for v in views)
    else:
        links = "".join(f'<a href="/board/{_e(quote(v.board, safe=""))}">{_e(v.board)}</a>' for v in views)
    links += '<a href="/">every board</a>' if screen.kind != "all" else ""
    links += '<a href="/wall">the wall</a>' if screen.kind != "wall" else ""
    return f'<nav id="nav">{links}</nav>'


def status_line(status: Status) -> str:
    """The line that says whether the controller is running."""
    text = {"live": "live: this page follows the game by itself",
            "stopped": f"the controller has stopped ({status.text}); this page follows the game again as soon "
                       "as a controller serves it"}.get(status.state, status.text)
    return f'<p id="status" class="status {_e(status.state)}">{_e(text)}</p>'


def section_parts(view: BoardView, *, now: float | None = None) -> Parts:
    """A board's parts, each one element named by its `data-part`: the drawing's, then the panel's."""
    now = time.time() if now is None else now
    drawing = tuple((name, group(name, shapes)) for name, shapes in board_layers(view))
    panel = (("head", _head(view)), ("state", _state(view, now)), ("auction", _auction(view.auction, now)),
             ("players", _players(view)), *((f"player{p.seat}", _player(p, view)) for p in view.players),
             ("log", _log(view)))
    return drawing + tuple((name, f'<div class="part-{_kind(name)}" data-part="{name}">{html}</div>')
                           for name, html in panel)


def list_items(html: str) -> tuple[str, tuple[str, ...], str] | None:
    """A part that is a list (the log) as (what comes before its items, the items, what comes after); None
    when it holds no list. The items are ours and escaped: no "<li>" comes inside one."""
    first, last = html.find("<li>"), html.rfind("</li>")
    if first < 0 or last < 0:
        return None
    items = html[first:last + len("</li>")].split("</li>")[:-1]
    return html[:first], tuple(item + "</li>" for item in items), html[last + len("</li>"):]


def in_panel(part: str) -> bool:
    """Whether a board's part is in the panel beside the drawing (else it is drawn on the board)."""
    return _kind(part) in PANEL_PARTS


def _kind(part: str) -> str:
    """"player3" -> "player": a player's row is one part of each seat."""
    return part.rstrip("0123456789")


def assemble(view: BoardView, parts: Parts, version: int = 0) -> str:
    """A board's section from its parts."""
    drawing = "".join(html for name, html in parts if not in_panel(name))
    panel = "".join(html for name, html in parts if in_panel(name))
    return (f'<section class="board" id="{_e(slot(view.board))}" data-board="{_e(view.board)}" '
            f'data-actions="{view.actions}" data-version="{version}">'
            f'<div class="drawing">{svg_open(label=f"board {view.board}")}{drawing}</svg></div>'
            f'<div class="panel">{panel}</div></section>')


def section(view: BoardView, *, now: float | None = None, version: int = 0) -> str:
    """One board: its drawing and, beside it, the players, the decision, the auction, the jar, the log."""
    return assemble(view, section_parts(view, now=now), version)


def night_parts(panel: NightPanel) -> Parts:
    """The night's panel as parts, each wrapped in an element named by its `data-part`."""
    return tuple((name, f'<div class="part-{_e(_kind(name))}" data-part="{_e(name)}">{html}</div>')
                 for name, html in panel.parts)


def night_section(parts: Parts, version: int = 0) -> str:
    """The night's panel beside the boards (empty, and not shown, while nothing has been put in it)."""
    return (f'<aside class="night" id="night" data-version="{version}">'
            f'{"".join(html for _, html in parts)}</aside>')


class Sections:
    """Each board's parts, rendered once per picture and shared by the page and its event streams."""

    def __init__(self) -> None:
        self._parts: Memo[Parts] = Memo()
        self._pages: Memo[str] = Memo()

    @property
    def renders(self) -> int:
        """Boards' parts rendered (once per picture, whoever asks and however often)."""
        return self._parts.made

    def parts(self, version: int, view: BoardView) -> Parts:
        """The parts of a board's picture of this version (the feed's)."""
        return self._parts.get(view.board, version, lambda: section_parts(view))

    def get(self, version: int, view: BoardView) -> str:
        """The section of a board's picture of this version; with a clock on it (a time limit, an
        auction), of this second too, so a page without script that reloads shows the time as it is."""
        tick = ticking(view)
        if tick is None:
            return self._pages.get(view.board, (version, None), lambda: assemble(view, self.parts(version, view),
                                                                                 version))
        return self._pages.get(view.board, (version, tick), lambda: section(view, version=version))


def ticking(view: BoardView) -> int | None:
    """The second a board's section shows its clocks at, None when it shows none."""
    clocks = view.ends_at is not None or (view.auction is not None and view.auction.closes_at is not None)
    return int(time.time()) if clocks else None


def _head(view: BoardView) -> str:
    game = f"game {view.game_id}, round {view.round}" if view.game_id is not None else "no game yet"
    return f'<h2>{_e(view.board)} <small>{_e(view.rules)} rules, {_e(game)}</small></h2>'


def _state(view: BoardView, now: float) -> str:
    out = []
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
    return "".join(out)


def _auction(auction: AuctionView | None, now: float) -> str:
    """An open auction: the lot, the high bid, the clock, the bids, who passed; anyone bids, so no order."""
    if auction is None:
        return ""
    bidder = auction.bidder
    high = f"high bid <b>${auction.high:,}</b> by <b>{_e(bidder)}</b>" if bidder is not None else "no bid yet"
    if auction.left is not None:
        clock = f'<span class="auction-clock">{_e(seconds_left(auction.left))} left (paused)</span>'
    elif auction.closes_at is not None:
        clock = (f'<span class="auction-clock auction-left" data-closes="{auction.closes_at:.1f}">'
                 f'{_e(seconds_left(auction.closes_at - now))}</span>')
    else:
        clock = ""
    out = [f'<h3>auction: {_e(auction.lot)}</h3><p class="auction-high">{high} {clock}</p>']
    if auction.bids:
        bids = "".join(f"<li>{_e(who)} <b>${amount:,}</b></li>" for who, amount in reversed(auction.bids))
        out.append(f'<ol class="bids" reversed>{bids}</ol>')
    if auction.passed:
        out.append(f'<p class="passed">passed: {_e(", ".join(auction.passed))}</p>')
    if auction.bidding:
        out.append(f'<p class="bidding">may bid: {_e(", ".join(auction.bidding))}</p>')
    return "".join(out)


def seconds_left(left: float) -> str:
    """"closes in 7 s", or "closing"."""
    return f"closes in {int(left + 0.999)} s" if left > 0 else "closing"


def _players(view: BoardView) -> str:
    """The players' heading (each player's row is a part of its own, so a change sends only its row)."""
    if view.players:
        return ('<table class="players"><thead><tr><th>player</th><th>cash</th><th>worth</th>'
                '<th>where</th></tr></thead></table>')
    if view.lobby:
        return f'<p class="lobby">seated: {_e(", ".join(view.lobby))}</p>'
    return ""


def _log(view: BoardView) -> str:
    if not view.log:
        return ""
    items = "".join(f"<li>{_e(line)}</li>" for line in view.log)
    return f'<h3>the last moves</h3><ol class="log">{items}</ol>'


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
    return (f'<table class="players"><tbody><tr class="{classes}" data-player="{_e(p.name)}"><td>{swatch} '
            f'{_e(p.name)}{side}<div class="deeds">{_e(owned)}</div></td><td class="cash">${p.cash:,}</td>'
            f'<td class="worth">${p.worth:,}</td><td>{_e(where)}</td></tr></tbody></table>')


def time_left(ends_at: float, now: float) -> str:
    """"1:05:09 left", or "time is up"."""
    left = int(ends_at - now)
    if left <= 0:
        return "time is up"
    hours, rest = divmod(left, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


def _e(text: str) -> str:
    return escape(text, quote=True)

