"""Coordinates as WorldCoordinate, WorldCoordinates and LocalCoordinates read them.

A block position takes whole numbers (`1.5` is an invalid integer) except after `~`;
vec3 takes any number; `^` coordinates cannot be mixed with the others.
"""

from __future__ import annotations

from dataclasses import dataclass

from monopoli_mc.vanilla.reader import Reader


@dataclass(frozen=True)
class Coordinate:
    """One coordinate as written: its number, and whether it is relative (`~`), local (`^`) and has a `.`."""

    value: float
    relative: bool = False
    local: bool = False
    has_dot: bool = False


def _world(r: Reader, *, whole: bool) -> Coordinate:
    if not r.can_read():
        raise r.error("argument.pos.missing.int" if whole else "argument.pos.missing.double")
    if r.peek() == "^":
        raise r.error("argument.pos.mixed")
    relative = r.peek() == "~"
    if relative:
        r.skip()
    start = r.cursor
    value = 0.0
    if r.can_read() and r.peek() != " ":
        value = r.read_double() if relative or not whole else float(r.read_int())
    elif whole and not relative:
        raise r.error("argument.pos.missing.int")
    return Coordinate(value, relative, False, "." in r.text[start:r.cursor])


def _local(r: Reader, start: int) -> Coordinate:
    if not r.can_read():
        raise r.error("argument.pos.missing.double")
    if r.peek() != "^":
        r.cursor = start
        raise r.error("argument.pos.mixed")
    r.skip()
    at = r.cursor
    value = r.read_double() if r.can_read() and r.peek() != " " else 0.0
    return Coordinate(value, False, True, "." in r.text[at:r.cursor])


Coordinates = tuple[Coordinate, ...]


def _three(r: Reader, *, whole: bool) -> Coordinates:
    start = r.cursor
    if r.peek() == "^":
        read = lambda: _local(r, start)  # noqa: E731
    else:
        read = lambda: _world(r, whole=whole)  # noqa: E731
    out = [read()]
    for _ in range(2):
        if not (r.can_read() and r.peek() == " "):
            r.cursor = start
            raise r.error("argument.pos3d.incomplete")
        r.skip()
        out.append(read())
    return tuple(out)


def block_pos(r: Reader) -> Coordinates:
    """BlockPosArgument: three whole numbers, `~n` or `^n`."""
    return _three(r, whole=True)


def vec3(r: Reader) -> Coordinates:
    """Vec3Argument: three numbers, `~n` or `^n`."""
    return _three(r, whole=False)


def vec2(r: Reader, incomplete: str, *, center: bool = True) -> Coordinates:
    """Vec2Argument and RotationArgument: two numbers or `~n`."""
    return _two(r, incomplete, whole=False)


def column_pos(r: Reader) -> Coordinates:
    """ColumnPosArgument: two whole numbers or `~n`."""
    return _two(r, "argument.pos2d.incomplete", whole=True)


def _two(r: Reader, incomplete: str, *, whole: bool) -> Coordinates:
    start = r.cursor
    if not r.can_read():
        raise r.error(incomplete)
    first = _world(r, whole=whole)
    if not (r.can_read() and r.peek() == " "):
        r.cursor = start
        raise r.error(incomplete)
    r.skip()
    return first, _world(r, whole=whole)
