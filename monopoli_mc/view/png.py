"""The board picture as a PNG (Pillow): the same shapes as the page, and the page's panel as text beside it."""

from __future__ import annotations

import time
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from monopoli_mc.errors import MonopoliError
from monopoli_mc.view.geometry import BOARD, shorten, wrap
from monopoli_mc.view.html import time_left
from monopoli_mc.view.model import BoardView, PlayerView, owned_words
from monopoli_mc.view.scene import INK, Circle, Line, Rect, Shape, Text, board_shapes

PANEL = 760  # units beside the board
MARGIN = 20
BACKGROUND = "#10261A"
LIGHT = "#F4F1E6"
GOLD = "#FED83D"
SCALE = 1.0  # pixels per board unit


def render(views: list[BoardView], *, now: float | None = None, scale: float = SCALE) -> Image.Image:
    """Every board, one under the other, each with its panel (a board's row grows to fit its panel)."""
    now = time.time() if now is None else now
    width = BOARD + PANEL + 3 * MARGIN  # a margin right of the panel too: nothing touches the edge
    panels = [panel_shapes(view, now) for view in views]
    rows = [_row(panel) for panel in panels]
    height = sum(rows) + MARGIN * (len(views) + 1)
    image = Image.new("RGB", (round(width * scale), round(height * scale)), BACKGROUND)
    draw = ImageDraw.Draw(image)
    top = MARGIN
    for view, panel, row in zip(views, panels, rows):
        paint(draw, board_shapes(view), (MARGIN, top), scale)
        paint(draw, panel, (MARGIN + BOARD + MARGIN, top), scale)
        top += row + MARGIN
    return image


def _row(panel: list[Shape]) -> int:
    """How tall a board's row is: the board, or its panel's text when that reaches further down (a
    line's descent below its baseline included)."""
    return max(BOARD, round(max((s.y + s.size * 0.3 for s in panel if isinstance(s, Text)), default=0.0)))


def board_origin(index: int, views: list[BoardView] | None = None, *, now: float = 0.0) -> tuple[float, float]:
    """Where the index-th board's (0, 0) is in the image, in units (multiply by the scale for pixels).

    Boards stand BOARD + MARGIN apart, unless a panel taller than its board (give `views`) pushes
    the next one down.
    """
    rows = [_row(panel_shapes(v, now)) for v in views[:index]] if views else [BOARD] * index
    return MARGIN, MARGIN + sum(row + MARGIN for row in rows)


def save(views: list[BoardView], path: Path, *, now: float | None = None) -> None:
    """Write the picture; raises MonopoliError when the file cannot be written."""
    try:
        render(views, now=now).save(path, format="PNG")
    except OSError as exc:
        raise MonopoliError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None


def panel_shapes(view: BoardView, now: float) -> list[Shape]:
    """The page's panel as lines of text: the game, the decision, time, jar, players with their deeds,
    the log; every line wrapped to the panel's width as the PNG's font measures it."""
    out: list[Shape] = []
    y = 40.0

    def say(text: str, size: float = 24, color: str = LIGHT, *, bold: bool = False, x: float = 0,
            most: int = 8) -> None:
        nonlocal y
        for line in wrapped(text, PANEL - x, size, bold=bold, most=most):
            out.append(Text(x, y, line, size, color, bold=bold, anchor="start"))
            y += size * 1.45

    game = f"game {view.game_id}, round {view.round}" if view.game_id is not None else "no game yet"
    say(f"{view.board}: {view.rules} rules, {game}", 30, bold=True)
    if view.winner is not None:
        say(f"{view.winner} wins" + (f" ({view.how})" if view.how else ""), 30, GOLD, bold=True)
    else:
        say(view.pending, 26, GOLD, bold=True, most=3)
    auction = view.auction
    if auction is not None:  # anyone bids: the high bid, then every bid, last first, and who passed
        say(f"auction: {auction.lot}", 24, GOLD, bold=True)
        if auction.bids:
            say("bids: " + ", ".join(f"{who} ${amount:,}" for who, amount in reversed(auction.bids)), 20, most=3)
        if auction.passed:
            say("passed: " + ", ".join(auction.passed), 20, "#B8C9BD", most=2)
    if view.paused:
        say("paused by the operator", 24, "#FF8C80", bold=True)
    if view.ends_at is not None:
        say(f"time left: {time_left(view.ends_at, now)}")
    if view.jar is not None:
        say(f"Free Parking jar: ${view.jar:,}")
    y += 10
    for p in view.players:
        y = _player(out, view, p, y)
        owned = owned_words(view, p.name)
        if owned:
            say(owned, 16, "#B8C9BD", x=34)
        y += 4
    if view.lobby and not view.players:
        say("seated: " + ", ".join(view.lobby))
    if view.log:
        y += 16
        say("the last moves", 22, bold=True)
        for line in view.log:
            say(line, 17, "#DFE8E1", most=3)
    return out


def _player(out: list[Shape], view: BoardView, p: PlayerView, y: float) -> float:
    """A player's line (name, cash, net worth, each placed after the one before) and where they are."""
    name = f"{p.name}{' <' if p.deciding else ''}"
    out.append(Circle(12, y - 8, 11, p.color))
    out.append(Text(34, y, name, 24, GOLD if p.deciding else LIGHT, bold=True, anchor="start"))
    cash, worth = f"${p.cash:,}", f"worth ${p.worth:,}"
    cash_x = max(300.0, 34 + measure(name, 24, bold=True) + 16)
    worth_x = max(430.0, cash_x + measure(cash, 24) + 16)
    out.append(Text(cash_x, y, cash, 24, LIGHT, anchor="start"))
    if worth_x + measure(worth, 20) > PANEL:  # a long name and a big fortune: net worth goes below
        y += 28
        worth_x = 34
    out.append(Text(worth_x, y, worth, 20, "#B8C9BD", anchor="start"))
    y += 28
    where = "bankrupt" if p.bankrupt else "in jail" if p.in_jail else view.spaces[p.space].name
    for line in wrapped(f"{p.side}, {where}" if p.side else where, PANEL - 34, 18):
        out.append(Text(34, y, line, 18, "#B8C9BD", anchor="start"))
        y += 18 * 1.45
    return y


def measure(text: str, size: float, *, bold: bool = False) -> float:
    """How wide the PNG draws a line (a bold line is drawn with a stroke of 1 on each side)."""
    return font(max(6, round(size))).getlength(text) + (2 if bold and size >= 14 else 0)


def wrapped(text: str, width: float, size: float, *, bold: bool = False, most: int = 8) -> list[str]:
    """Text in lines no wider than `width` as measured, broken at spaces (a word too long alone is
    broken where it must), at most `most` lines, the last one ending in ... when text was left off."""
    def fits(line: str) -> bool:
        return measure(line, size, bold=bold) <= width
    out = wrap(text, fits, break_words=True)
    return out if len(out) <= most else out[:most - 1] + [shorten(out[most - 1], fits)]


def paint(draw: ImageDraw.ImageDraw, shapes: list[Shape], origin: tuple[float, float], scale: float) -> None:
    """Draw shapes with their (0, 0) at origin (in units)."""
    ox, oy = origin

    def at(x: float, y: float) -> tuple[float, float]:
        return (ox + x) * scale, (oy + y) * scale

    for shape in shapes:
        if isinstance(shape, Rect):
            x0, y0, x1, y1 = shape.box
            draw.rectangle((at(x0, y0), at(x1, y1)), fill=shape.fill,
                           outline=shape.stroke, width=max(1, round(shape.width * scale)) if shape.stroke else 0)
        elif isinstance(shape, Circle):
            draw.ellipse((at(shape.x - shape.r, shape.y - shape.r), at(shape.x + shape.r, shape.y + shape.r)),
                         fill=shape.fill, outline=shape.stroke or INK, width=max(1, round(2 * scale)))
        elif isinstance(shape, Line):
            draw.line((at(shape.x0, shape.y0), at(shape.x1, shape.y1)), fill=shape.color,
                      width=max(1, round(shape.width * scale)))
        else:
            face = font(max(6, round(shape.size * scale)))
            anchor = {"middle": "ms", "start": "ls", "end": "rs"}.get(shape.anchor, "ms")
            draw.text(at(shape.x, shape.y), shape.text, fill=shape.color, font=face, anchor=anchor,
                      stroke_width=1 if shape.bold and shape.size * scale >= 14 else 0, stroke_fill=shape.color)


@lru_cache(maxsize=64)
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's own font (no font file from the system, nothing downloaded)."""
    return ImageFont.load_default(size=size)
