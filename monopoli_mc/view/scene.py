"""A board as a list of shapes (rectangles, circles, lines, text), drawn alike as SVG and as PNG."""

from __future__ import annotations

from dataclasses import dataclass

from monopoli_mc.view.geometry import (BOARD, CELL, JAIL, Box, fit_lines, middle, pawn_box, pawn_spots,
                                       space_boxes)
from monopoli_mc.view.model import BoardView, SpaceView

PAPER = "#F4F1E6"
INK = "#222222"
HOUSE = "#2E9E44"
TOP = {"hotel": "#C0392B", "apartment": "#3AB3DA"}  # the world's hotel is red, the apartment light blue
NAME_SIZE = 11.5  # a space's name on its tile (smaller when a long word does not fit)
KIND_MARKS = {"chance": "?", "tax": "$"}  # plain ASCII: the PNG's built-in font has few symbols


@dataclass(frozen=True)
class Rect:
    """A filled rectangle."""

    box: Box
    fill: str
    stroke: str | None = None
    width: float = 1
    tag: str = ""  # what it shows, for the SVG's class (tests find banners by it)
    title: str = ""  # a tooltip on the page


@dataclass(frozen=True)
class Circle:
    """A filled circle (a pawn)."""

    x: float
    y: float
    r: float
    fill: str
    stroke: str = INK
    title: str = ""


@dataclass(frozen=True)
class Line:
    """A straight line."""

    x0: float
    y0: float
    x1: float
    y1: float
    color: str = INK
    width: float = 1


@dataclass(frozen=True)
class Text:
    """One line of text centred on (x, y) (or starting at x with anchor "start")."""

    x: float
    y: float
    text: str
    size: float
    color: str = INK
    bold: bool = False
    anchor: str = "middle"


Shape = Rect | Circle | Line | Text


def board_shapes(view: BoardView) -> list[Shape]:
    """The whole board: spaces, buildings, banners, pawns, and the middle's lines."""
    return [shape for _, shapes in board_layers(view) for shape in shapes]


def board_layers(view: BoardView) -> list[tuple[str, list[Shape]]]:
    """The board's shapes by part, in drawing order: the ground, each space ("s0", "s1", ...), the
    pawns, the middle. The live page sends again only the parts that changed."""
    out: list[tuple[str, list[Shape]]] = [("ground", [Rect((0, 0, BOARD, BOARD), "#CDE6D0", INK, 3)])]
    out += [(f"s{space.index}", _space(space, view.quarters)) for space in view.spaces]
    out.append(("pawns", _pawns(view)))
    out.append(("title", _title(view)))
    out.append(("middle", _middle(view)))
    return out


def _space(space: SpaceView, quarters: int) -> list[Shape]:
    boxes = space_boxes(space.index, quarters)
    out: list[Shape] = [Rect(boxes.cell, PAPER, INK, 1.5, tag="space", title=space_words(space))]
    if boxes.band is not None and space.band is not None:
        out.append(Rect(boxes.band, space.band, INK, 1, tag="band"))
        if space.top is not None and boxes.top is not None:
            out += _building(boxes.top, TOP.get(space.top, TOP["hotel"]), space.top)
        for spot in boxes.houses[:space.houses]:
            out += _building(spot, HOUSE, "house")
    if boxes.jail is None:
        x0, y0, x1, y1 = boxes.name
        bold = space.kind == "go"
        names, size = fit_lines(space.name, x1 - x0, NAME_SIZE, 3, bold=bold)
        for i, line in enumerate(names):
            out.append(Text((x0 + x1) / 2, y0 + 11 + i * 13, line, size, bold=bold))
    if space.banner is not None:
        tag = "banner mortgaged" if space.mortgaged else "banner"
        out.append(Rect(boxes.banner, space.banner, INK, 1.5, tag=tag))
    elif space.kind in KIND_MARKS:
        bx0, by0, bx1, by1 = boxes.banner
        out.append(Text((bx0 + bx1) / 2, (by0 + by1) / 2 + 7, KIND_MARKS[space.kind], 20, "#777777", bold=True))
    if boxes.jail is not None:
        out += _jail(boxes.cell, boxes.jail)
    return out


def space_words(space: SpaceView) -> str:
    """A space in words: "Baltic Avenue: Alex's, 2 houses" (the page's tooltip)."""
    if space.owner is None:
        return space.name
    what = [f"{space.owner}'s"]
    if space.mortgaged:
        what.append("mortgaged")
    if space.houses:
        what.append(f"{space.houses} house{'s' if space.houses > 1 else ''}")
    if space.top:
        what.append(f"a{'n' if space.top[0] in 'aeiou' else ''} {space.top}")
    return f"{space.name}: {', '.join(what)}"


def _building(box: Box, fill: str, tag: str) -> list[Shape]:
    """A house or the top building: a white frame, so it shows on a band of its own colour."""
    x0, y0, x1, y1 = box
    return [Rect((x0 - 2, y0 - 2, x1 + 2, y1 + 2), "#FFFFFF"), Rect(box, fill, INK, 1.5, tag=tag)]


def _jail(cell: Box, box: Box) -> list[Shape]:
    """The jail cell with its bars, and the just-visiting lane around it."""
    x0, y0, x1, y1 = box
    out: list[Shape] = [Rect(box, "#F8C471", INK, 2, tag="jail")]
    out += [Line(x0 + (x1 - x0) * k / 5, y0, x0 + (x1 - x0) * k / 5, y1, "#555555", 1.5) for k in range(1, 5)]
    out.append(Rect((x0, y0, x1, y0 + 15), PAPER, INK, 1.5))
    out.append(Text((x0 + x1) / 2, y0 + 12, "IN JAIL", 11, bold=True))
    cx0, cy0, cx1, cy1 = cell
    lane_y = cy1 - 4 if y0 <= cy0 else cy0 + 12  # the lane's outer edge, away from the cell
    out.append(Text((cx0 + cx1) / 2, lane_y, "just visiting", 11))
    return out


def _pawns(view: BoardView) -> list[Shape]:
    standing: dict[tuple[int, bool], list[int]] = {}
    for p in view.players:
        if not p.bankrupt:
            standing.setdefault((p.space, p.in_jail and p.space == JAIL), []).append(p.seat)
    out: list[Shape] = []
    by_seat = {p.seat: p for p in view.players}
    for (space, jailed), seats in sorted(standing.items()):
        spots, r = pawn_spots(pawn_box(space, view.quarters, jailed=jailed), len(seats))
        for seat, (x, y) in zip(seats, spots):
            player = by_seat[seat]
            out.append(Circle(x, y, r, player.color, title=player.name + (" (in jail)" if jailed else "")))
            out.append(Text(x, y + r * 0.45, player.name[:1].upper(), r * 1.2, _on(player.color), bold=True))
    return out


def _title(view: BoardView) -> list[Shape]:
    """What the middle says all game long: the board's name, its rules, what the colours mean."""
    x0, y0, x1, _ = middle()
    cx = (x0 + x1) / 2
    top = view.top_building
    return [Text(cx, y0 + 120, view.board, 64, "#1B4D2B", bold=True),
            Text(cx, y0 + 165, f"{view.rules} rules", 26, "#1B4D2B"),
            Text(cx, BOARD - CELL - 30, f"banner: the owner's colour, gray: mortgaged; "
                                        f"green: houses, {'light blue' if top == 'apartment' else 'red'}: "
                                        f"{top}", 17, "#1B4D2B")]


def _middle(view: BoardView) -> list[Shape]:
    """What the middle says of the game now: its round, the decision it waits for, the jar, a pause."""
    x0, y0, x1, _ = middle()
    cx = (x0 + x1) / 2
    out: list[Shape] = []
    y = y0 + 260
    room = x1 - x0 - 40
    if view.game_id is None:
        seated, size = fit_lines("seated: " + (", ".join(view.lobby) or "nobody yet"), room, 24, 2)
        for line in seated:
            out.append(Text(cx, y, line, size))
            y += 34
        y += 6
    else:
        out.append(Text(cx, y, f"game {view.game_id}, round {view.round}", 26))
        y += 48
    pending, size = fit_lines(view.pending, room, 28, 3, bold=True)
    for line in pending:
        out.append(Text(cx, y, line, size, bold=True))
        y += 38
    if view.jar is not None:
        out.append(Text(cx, y + 30, f"Free Parking jar: ${view.jar:,}", 28, "#8A6D00", bold=True))
    if view.paused:
        out.append(Text(cx, y + 90, "PAUSED by the operator", 30, "#B02E26", bold=True))
    return out


def _on(color: str) -> str:
    """Black or white, whichever reads on a colour."""
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#FFFFFF"


def banner_centre(index: int, quarters: int) -> tuple[float, float]:
    """The middle of a deed's banner, in board units (where the tests sample its colour)."""
    x0, y0, x1, y1 = space_boxes(index, quarters).banner
    return (x0 + x1) / 2, (y0 + y1) / 2

