"""Shapes as an inline SVG element; every text and attribute value is escaped."""

from __future__ import annotations

from html import escape

from monopoli_mc.view.geometry import BOARD
from monopoli_mc.view.scene import Circle, Line, Rect, Shape, Text


def svg(shapes: list[Shape], *, label: str, width: float = BOARD, height: float = BOARD) -> str:
    """An <svg> drawing the shapes in a viewBox of width by height units."""
    return svg_open(label=label, width=width, height=height) + "".join(_shape(s) for s in shapes) + "</svg>"


def svg_open(*, label: str, width: float = BOARD, height: float = BOARD) -> str:
    """The start of an <svg> whose parts follow (`svg` draws it whole)."""
    return (f'<svg class="board-svg" viewBox="0 0 {width:g} {height:g}" role="img" '
            f'aria-label="{_a(label)}" xmlns="http://www.w3.org/2000/svg">')


def group(part: str, shapes: list[Shape]) -> str:
    """Shapes as one <g> named by its part (the page swaps in a part that changed)."""
    return f'<g data-part="{_a(part)}">{"".join(_shape(s) for s in shapes)}</g>'


def _shape(shape: Shape) -> str:
    if isinstance(shape, Rect):
        x0, y0, x1, y1 = shape.box
        stroke = f' stroke="{_a(shape.stroke)}" stroke-width="{shape.width:g}"' if shape.stroke else ""
        tag = f' class="{_a(shape.tag)}"' if shape.tag else ""
        return (f'<rect{tag} x="{x0:g}" y="{y0:g}" width="{x1 - x0:g}" height="{y1 - y0:g}" '
                f'fill="{_a(shape.fill)}"{stroke}{_close(shape.title, "rect")}')
    if isinstance(shape, Circle):
        return (f'<circle class="pawn" cx="{shape.x:g}" cy="{shape.y:g}" r="{shape.r:g}" '
                f'fill="{_a(shape.fill)}" stroke="{_a(shape.stroke)}" stroke-width="2"'
                f'{_close(shape.title, "circle")}')
    if isinstance(shape, Line):
        return (f'<line x1="{shape.x0:g}" y1="{shape.y0:g}" x2="{shape.x1:g}" y2="{shape.y1:g}" '
                f'stroke="{_a(shape.color)}" stroke-width="{shape.width:g}"/>')
    weight = ' font-weight="bold"' if shape.bold else ""
    return (f'<text x="{shape.x:g}" y="{shape.y:g}" font-size="{shape.size:g}" fill="{_a(shape.color)}" '
            f'text-anchor="{_a(shape.anchor)}"{weight}>{escape(shape.text, quote=False)}</text>')


def _close(title: str, element: str) -> str:
    """The end of an element, with its tooltip when it has one."""
    return f"><title>{escape(title, quote=False)}</title></{element}>" if title else "/>"


def _a(value: str) -> str:
    """An attribute value, escaped."""
    return escape(value, quote=True)
