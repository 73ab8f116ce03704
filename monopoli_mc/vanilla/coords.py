"""Coordinates as WorldCoordinate, WorldCoordinates and LocalCoordinates read them.

A block position takes whole numbers (`1.5` is an invalid integer) except after `~`;
vec3 takes any number; `^` coordinates cannot be mixed with the others.
"""

from __future__ import annotations

from monopoli_mc.vanilla.reader import Reader


def _world(r: Reader, *, whole: bool) -> None:
    if not r.can_read():
        raise r.error("argument.pos.missing.int" if whole else "argument.pos.missing.double")
    if r.peek() == "^":
        raise r.error("argument.pos.mixed")
    relative = r.peek() == "~"
    if relative:
        r.skip()
    if r.can_read() and r.peek() != " ":
        if relative or not whole:
            r.read_double()
        else:
            r.read_int()
    elif whole and not relative:
        raise r.error("argument.pos.missing.int")


def _local(r: Reader, start: int) -> None:
    if not r.can_read():
        raise r.error("argument.pos.missing.double")
    if r.peek() != "^":
        r.cursor = start
        raise r.error("argument.pos.mixed")
    r.skip()
    if r.can_read() and r.peek() != " ":
        r.read_double()


def _three(r: Reader, *, whole: bool) -> None:
    start = r.cursor
    if r.peek() == "^":
        read = lambda: _local(r, start)  # noqa: E731
    else:
        read = lambda: _world(r, whole=whole)  # noqa: E731
    read()
    for _ in range(2):
        if not (r.can_read() and r.peek() == " "):
            r.cursor = start
            raise r.error("argument.pos3d.incomplete")
        r.skip()
        read()


def block_pos(r: Reader) -> None:
    """BlockPosArgument: three whole numbers, `~n` or `^n`."""
    _three(r, whole=True)


def vec3(r: Reader) -> None:
    """Vec3Argument: three numbers, `~n` or `^n`."""
    _three(r, whole=False)


def vec2(r: Reader, incomplete: str, *, center: bool = True) -> None:
    """Vec2Argument and RotationArgument: two numbers or `~n`."""
    start = r.cursor
    if not r.can_read():
        raise r.error(incomplete)
    _world(r, whole=False)
    if not (r.can_read() and r.peek() == " "):
        r.cursor = start
        raise r.error(incomplete)
    r.skip()
    _world(r, whole=False)


def column_pos(r: Reader) -> None:
    """ColumnPosArgument: two whole numbers or `~n`."""
    start = r.cursor
    if not r.can_read():
        raise r.error("argument.pos2d.incomplete")
    _world(r, whole=True)
    if not (r.can_read() and r.peek() == " "):
        r.cursor = start
        raise r.error("argument.pos2d.incomplete")
    r.skip()
    _world(r, whole=True)
