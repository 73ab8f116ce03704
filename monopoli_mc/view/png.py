"""The board picture as a PNG (Pillow): the same shapes as the page, and the page's panel as text beside it."""

from __future__ import annotations

import time
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from monopoli_mc.errors import MonopoliError
from monopoli_mc.view.geometry import BOARD, lines
from monopoli_mc.view.html import time_left
from monopoli_mc.view.model import BoardView
from monopoli_mc.view.scene import INK, Circle, Line, Rect, Shape, Text, board_shapes

PANEL = 760  # units beside the board
MARGIN = 20
BACKGROUND = "#10261A"
LIGHT = "#F4F1E6"
GOLD = "#FED83D"
SCALE = 1.0  # pixels per board unit


def render(views: list[BoardView], *, now: float | None = None, scale: float = SCALE) -> Image.Image:
    """Every board, one under the other, each with its panel."""
    now = time.time() if now is None else now
    width = BOARD + PANEL + 2 * MARGIN
    height = len(views) * (BOARD + MARGIN) + MARGIN
    image = Image.new("RGB", (round(width * scale), round(height * scale)), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for i, view in enumerate(views):
        top = MARGIN + i * (BOARD + MARGIN)
        paint(draw, board_shapes(view), (MARGIN, top), scale)
        paint(draw, panel_shapes(view, now), (MARGIN + BOARD + MARGIN, top), scale)
    return image


def board_origin(index: int) -> tuple[float, float]:
    """Where the index-th board's (0, 0) is in the image, in units (multiply by the scale for pixels)."""
    return MARGIN, MARGIN + index * (BOARD + MARGIN)


def save(views: list[BoardView], path: Path, *, now: float | None = None) -> None:
    """Write the picture; raises MonopoliError when the file cannot be written."""
    try:
        render(views, now=now).save(path, format="PNG")
    except OSError as exc:
        raise MonopoliError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None


def panel_shapes(view: BoardView, now: float) -> list[Shape]:
    """The page's panel as lines of text: the game, the decision, time, jar, players, the log."""
    out: list[Shape] = []
    y = 40.0

    def say(text: str, size: float = 24, color: str = LIGHT, *, bold: bool = False, x: float = 0) -> None:
        nonlocal y
        out.append(Text(x, y, text, size, color, bold=bold, anchor="start"))
        y += size * 1.45

    game = f"game {view.game_id}, round {view.round}" if view.game_id is not None else "no game yet"
    say(f"{view.board}: {view.rules} rules, {game}", 30, bold=True)
    if view.winner is not None:
        say(f"{view.winner} wins" + (f" ({view.how})" if view.how else ""), 30, GOLD, bold=True)
    else:
        for line in lines(view.pending, 46, 2):
            say(line, 26, GOLD, bold=True)
    if view.paused:
        say("paused by the operator", 24, "#FF8C80", bold=True)
    if view.ends_at is not None:
        say(f"time left: {time_left(view.ends_at, now)}")
    if view.jar is not None:
        say(f"Free Parking jar: ${view.jar:,}")
    y += 10
    for p in view.players:
        out.append(Circle(12, y - 8, 11, p.color))
        where = "bankrupt" if p.bankrupt else "in jail" if p.in_jail else view.spaces[p.space].name
        mark = " <" if p.deciding else ""
        out.append(Text(34, y, f"{p.name[:16]}{mark}", 24, GOLD if p.deciding else LIGHT, bold=True, anchor="start"))
        out.append(Text(300, y, f"${p.cash:,}", 24, LIGHT, anchor="start"))
        out.append(Text(430, y, f"worth ${p.worth:,}", 20, "#B8C9BD", anchor="start"))
        y += 28
        say(where, 18, "#B8C9BD", x=34)
    if view.lobby and not view.players:
        say("seated: " + ", ".join(view.lobby))
    if view.log:
        y += 16
        say("the last moves", 22, bold=True)
        for line in view.log:
            for part in lines(line, 70, 2):
                say(part, 17, "#DFE8E1")
            if y > BOARD - 20:
                break
    return out


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
