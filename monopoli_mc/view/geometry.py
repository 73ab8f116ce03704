"""Where each part of a board is drawn, in board units (a space is CELL units square), north up.

The board is the world's 11 by 11 ring of tiles seen from above, turned as it is
placed (GO at the corner the world config's facing puts it). A deed's group band
lies along the tile's inner edge, where the world puts its houses; the owner's
banner is a block in the middle of the tile; pawns stand below it. Both the page
(SVG) and the PNG draw from these boxes, so a pixel means the same in both.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

from monopoli_mc.datapack.layout import Layout

CELL = 100
BOARD = 11 * CELL
BAND = 22  # the group band's depth
PAWN_R = 8
JAIL = 10  # the jail's space: a cell in its inner corner, the just-visiting lane around it
JAIL_LABEL = 15  # room for the words "IN JAIL" and "just visiting"

Box = tuple[float, float, float, float]  # x0, y0, x1, y1


@dataclass(frozen=True)
class SpaceBoxes:
    """The boxes of one space on the drawn board."""

    cell: Box
    inner: str | None  # the side towards the middle: "top", "bottom", "left", "right"; None at corners
    band: Box | None
    name: Box
    banner: Box
    houses: tuple[Box, ...]  # four house spots on the band
    top: Box | None  # the hotel or apartment on the band
    jail: Box | None  # the jail cell (space 10 only)


def grid(index: int, quarters: int) -> tuple[int, int]:
    """(column, row) of a space on the drawn board, north up, after the board's rotation."""
    col, row = Layout.cell(index)
    for _ in range(quarters % 4):  # as Layout.world turns x, z -> -z, x
        col, row = 10 - row, col
    return col, row


def inner_side(col: int, row: int) -> str | None:
    """The edge of a tile that faces the middle of the board (None for a corner)."""
    edges = [side for side, hit in (("top", row == 10), ("bottom", row == 0), ("left", col == 10),
                                    ("right", col == 0)) if hit]
    return edges[0] if len(edges) == 1 else None


def space_boxes(index: int, quarters: int) -> SpaceBoxes:
    """Every box of a space."""
    col, row = grid(index, quarters)
    x0, y0 = col * CELL, row * CELL
    x1, y1 = x0 + CELL, y0 + CELL
    inner = inner_side(col, row)
    band: Box | None = None
    content = (x0, y0, x1, y1)
    if inner == "top":
        band, content = (x0, y0, x1, y0 + BAND), (x0, y0 + BAND, x1, y1)
    elif inner == "bottom":
        band, content = (x0, y1 - BAND, x1, y1), (x0, y0, x1, y1 - BAND)
    elif inner == "left":
        band, content = (x0, y0, x0 + BAND, y1), (x0 + BAND, y0, x1, y1)
    elif inner == "right":
        band, content = (x1 - BAND, y0, x1, y1), (x0, y0, x1 - BAND, y1)
    cx0, cy0, cx1, cy1 = content
    w, h = cx1 - cx0, cy1 - cy0
    name = (cx0 + 3, cy0 + 3, cx1 - 3, cy0 + 0.42 * h)
    banner = (cx0 + 0.22 * w, cy0 + 0.44 * h, cx1 - 0.22 * w, cy0 + 0.68 * h)
    houses: tuple[Box, ...] = ()
    top: Box | None = None
    if band is not None:
        houses = tuple(_along(band, i, 4, 0.7) for i in range(4))
        top = _along(band, 1, 4, 0.8, span=2)
    jail = _jail_cell(col, row, x0, y0) if index == JAIL else None
    return SpaceBoxes(cell=(x0, y0, x1, y1), inner=inner, band=band, name=name, banner=banner,
                      houses=houses, top=top, jail=jail)


def _along(band: Box, i: int, n: int, fill: float, *, span: int = 1) -> Box:
    """The i-th of n spots along a band (`span` spots wide), `fill` of the band's depth."""
    x0, y0, x1, y1 = band
    horizontal = x1 - x0 > y1 - y0
    length, depth = (x1 - x0, y1 - y0) if horizontal else (y1 - y0, x1 - x0)
    step = length / n
    pad, inset = step * 0.15, depth * (1 - fill) / 2
    a0, a1 = i * step + pad, (i + span) * step - pad
    if horizontal:
        return x0 + a0, y0 + inset, x0 + a1, y1 - inset
    return x0 + inset, y0 + a0, x1 - inset, y0 + a1


def _jail_cell(col: int, row: int, x0: float, y0: float) -> Box:
    """The jail cell: the quarter of the corner tile nearest the middle of the board, a bit more."""
    size = 0.6 * CELL
    jx = x0 + CELL - size if col < 5 else x0
    jy = y0 + CELL - size if row < 5 else y0
    return jx, jy, jx + size, jy + size


def pawn_spots(box: Box, count: int) -> tuple[list[tuple[float, float]], float]:
    """Centres for `count` pawns in a box, in rows of four, and the radius that fits."""
    x0, y0, x1, y1 = box
    per_row = min(4, max(count, 1))
    rows = (count + 3) // 4 or 1
    dx, dy = (x1 - x0) / per_row, (y1 - y0) / rows
    spots = [(x0 + dx * (i % 4 + 0.5), y0 + dy * (i // 4 + 0.5)) for i in range(count)]
    return spots, min(PAWN_R, dx * 0.45, dy * 0.45)


def pawn_box(index: int, quarters: int, *, jailed: bool = False) -> Box:
    """Where a space's pawns stand: below the banner; on the jail tile, in the cell or the lane."""
    boxes = space_boxes(index, quarters)
    if index == JAIL and boxes.jail is not None:
        x0, y0, x1, y1 = boxes.cell
        jx0, jy0, jx1, jy1 = boxes.jail
        if jailed:
            return jx0 + 2, jy0 + JAIL_LABEL, jx1 - 2, jy1 - 2
        if jy0 > y0:  # the cell is in the lower half: the lane above it, its words at the top
            return x0, y0 + JAIL_LABEL, x1, jy0
        return x0, jy1, x1, y1 - JAIL_LABEL
    _, _, _, by1 = boxes.banner
    x0, _, x1, _ = boxes.name
    _, _, _, cy1 = _content_bottom(boxes)
    return x0, by1 + 2, x1, cy1 - 2


def _content_bottom(boxes: SpaceBoxes) -> Box:
    x0, y0, x1, y1 = boxes.cell
    if boxes.inner == "bottom" and boxes.band is not None:
        return x0, y0, x1, boxes.band[1]
    return x0, y0, x1, y1


# Advance widths of the printable ASCII characters (space to ~), in thousandths of the font size:
# for each, the wider of DejaVu Sans 2.37 (the page's named font; Bold for bold text) and Aileron
# Regular (Pillow's own font, which draws the PNG), read with Pillow's FreeType at size 1000. Text
# measured with them fits in both; any other character counts a whole em.
_WIDTHS = (318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 560, 838, 318, 361, 318, 337, 636, 636, 636, 636,
           636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 699, 770, 632, 575, 775,
           752, 295, 544, 656, 575, 866, 748, 787, 603, 787, 695, 635, 612, 732, 684, 989, 685, 611, 685, 390,
           337, 390, 838, 500, 500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612,
           635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838)
_BOLD_WIDTHS = (348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 560, 838, 380, 415, 380, 365, 696, 696, 696,
                696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734, 830, 683,
                683, 821, 837, 372, 544, 775, 637, 995, 837, 850, 733, 850, 770, 720, 682, 812, 774, 1103, 771,
                724, 725, 457, 365, 457, 838, 500, 500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665,
                343, 1042, 712, 687, 716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838)
SMALLEST = 7.0  # the smallest text a name is shrunk to before it is cut


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """How wide a line of text is drawn, at most, on the page and in the PNG (in the size's units)."""
    table = _BOLD_WIDTHS if bold else _WIDTHS
    return size * sum(table[o - 32] if 32 <= (o := ord(ch)) < 127 else 1000 for ch in text) / 1000


@lru_cache(maxsize=512)  # the same names every picture
def fit_lines(text: str, width: float, size: float, most: int, *, bold: bool = False) -> tuple[tuple[str, ...], float]:
    """Text wrapped at spaces into lines that fit `width`, at most `most` of them, and the size that
    lets it: `size`, or smaller down to SMALLEST (then each line too wide, and the last when lines
    were left off, is cut short with ...)."""
    while True:
        fits = _fits(width, size, bold=bold)
        out = wrap(text, fits)
        if len(out) <= most and all(map(fits, out)):
            return tuple(out), size
        if size <= SMALLEST:
            return tuple(shorten(line, fits) if not fits(line) or (i == most - 1 and len(out) > most) else line
                         for i, line in enumerate(out[:most])), size
        size = max(SMALLEST, size - 0.5)


def _fits(width: float, size: float, *, bold: bool) -> Callable[[str], bool]:
    return lambda line: text_width(line, size, bold=bold) <= width


def wrap(text: str, fits: Callable[[str], bool], *, break_words: bool = False) -> list[str]:
    """Text broken at spaces into lines, each as long as `fits` allows; a word that does not fit
    alone stays whole, or with `break_words` is broken where it must."""
    out: list[str] = []
    for word in text.split():
        if out and fits(f"{out[-1]} {word}"):
            out[-1] = f"{out[-1]} {word}"
            continue
        while break_words and len(word) > 1 and not fits(word):
            cut = next(n for n in range(len(word) - 1, 0, -1) if n == 1 or fits(word[:n]))
            out.append(word[:cut])
            word = word[cut:]
        out.append(word)
    return out or [""]


def shorten(line: str, fits: Callable[[str], bool]) -> str:
    """A line cut short, ending in ..., so that it fits."""
    while line and not fits(line + "..."):
        line = line[:-1]
    return line.rstrip() + "..."


def middle() -> Box:
    """The board's middle, inside the ring."""
    return CELL, CELL, BOARD - CELL, BOARD - CELL
