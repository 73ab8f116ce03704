"""The night's picture: the podium, the standings and every game, as a PNG to share (and for `state --png
--standings`). Drawn with the board picture's shapes and painter (`png.py`); the data is `night.Night`'s."""

from __future__ import annotations

import time
from pathlib import Path

from PIL import Image, ImageDraw

from monopoli_mc.controller.db.night import Night
from monopoli_mc.errors import MonopoliError
from monopoli_mc.view.png import BACKGROUND, GOLD, LIGHT, MARGIN, paint, wrapped
from monopoli_mc.view.scene import Shape, Text

WIDTH = 1200
PODIUM = ("#FED83D", "#C9D3DA", "#D08B4C")  # gold, silver, bronze
MOST_ROWS = 40  # standings rows drawn; the rest are counted in one line


def standings_shapes(night: Night, *, title: str = "The night") -> list[Shape]:
    """The picture as shapes: title, champion, podium, the standings table, the games."""
    out: list[Shape] = []
    y = 60.0

    def line(text: str, size: float, color: str = LIGHT, *, x: float = 0, bold: bool = False) -> None:
        nonlocal y
        for piece in wrapped(text, WIDTH - 2 * MARGIN - x, size, bold=bold, most=3):
            out.append(Text(x, y, piece, size, color, bold=bold, anchor="start"))
            y += size * 1.4

    line(title, 44, GOLD, bold=True)
    champion = night.champion()
    leads = "Leading" if night.running() else "Champion"
    line(f"{leads}: {champion[1]}" if champion else "No single champion yet", 36, bold=True)
    for place, _key, name in night.podium():
        if place > 3:
            break
        line(f"{place}. {name}", 30, PODIUM[min(place, 3) - 1], bold=True, x=20)
    y += 10
    line(night.rules.describe(), 18, "#B8C9BD")
    y += 6
    columns = (("rank", 0), ("player", 80), ("points", 520), ("wins", 660), ("net worth", 780), ("games", 1000))
    for head, x in columns:
        out.append(Text(x, y, head, 20, "#B8C9BD", bold=True, anchor="start"))
    y += 30
    for s in night.standings[:MOST_ROWS]:
        color = PODIUM[s.rank - 1] if s.rank <= 3 else LIGHT
        cells = (f"#{s.rank}", s.name, str(s.points), str(s.wins), f"${s.worth:,}", str(s.games))
        for (_head, x), cell in zip(columns, cells):
            out.append(Text(x, y, cell, 22, color, anchor="start"))
        y += 30
    if len(night.standings) > MOST_ROWS:
        line(f"... and {len(night.standings) - MOST_ROWS} more", 20, "#B8C9BD")
    y += 14
    line("The games", 26, bold=True)
    for r in night.results:
        when = time.strftime("%H:%M", time.localtime(r.ended if r.ended is not None else r.started))
        if r.finish:
            winner = night.names.get(r.winner, "") if r.winner else "a tie"
            text = (f"game {r.game} at {r.board}{' (final)' if r.final else ''}, {when}: {r.ending()}; "
                    f"winner {winner}; " + ", ".join(f"{f.name} ${f.worth:,}" for f in r.finish))
        else:
            text = f"game {r.game} at {r.board}, {when}: not finished ({', '.join(r.players)})"
        line(text, 18, "#DFE8E1", x=10)
    return out


def render_standings(night: Night, *, title: str = "The night") -> Image.Image:
    """The night's picture."""
    shapes = standings_shapes(night, title=title)
    bottom = max((s.y for s in shapes if isinstance(s, Text)), default=0.0) + 30
    image = Image.new("RGB", (WIDTH + 2 * MARGIN, round(bottom) + 2 * MARGIN), BACKGROUND)
    paint(ImageDraw.Draw(image), shapes, (MARGIN, MARGIN), 1.0)
    return image


def save_standings(night: Night, path: Path, *, title: str = "The night") -> None:
    """Write the night's picture; raises MonopoliError when the file cannot be written."""
    try:
        render_standings(night, title=title).save(path, format="PNG")
    except OSError as exc:
        raise MonopoliError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None

