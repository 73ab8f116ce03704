"""The judge: would a vanilla server of this release take this command, this function?

Permission levels as the server grants them: 2 for a function (function-permission-level),
4 for RCON, 0 for a player who is not an operator, which is the level a click event's
command runs at. A click's command is judged too: vanilla takes the `tellraw`, but a
player's click on a command they may not run does nothing.
"""

from __future__ import annotations

import functools
import re

from monopoli_mc.vanilla import data
from monopoli_mc.vanilla.args import Context
from monopoli_mc.vanilla.reader import Refusal
from monopoli_mc.vanilla.tree import Parsed, parse_line

FUNCTION_LEVEL = 2
RCON_LEVEL = 4
PLAYER_LEVEL = 0
MACRO_VAR = re.compile(r"\$\(([A-Za-z0-9_]*)\)")

__all__ = ["FUNCTION_LEVEL", "PLAYER_LEVEL", "RCON_LEVEL", "Parsed", "Refusal", "check", "check_function",
           "function_lines", "read"]


def check(line: str, release: str, level: int = FUNCTION_LEVEL) -> None:
    """Raise Refusal as the server refuses `line` from a source of this level."""
    _check(line, release, level)


@functools.lru_cache(maxsize=1 << 16)  # a pack's lines are judged again by every sandbox that loads it
def read(line: str, release: str, level: int = FUNCTION_LEVEL) -> tuple[Parsed | None, Refusal | None]:
    """What the server of `release` parses of `line` from a source of `level` (None when it refuses
    it), and the refusal (None when it takes it): a syntax refusal comes without a parse, a refusal
    that is no syntax error (`Refusal.vanilla` False: a click a player may not run) with it.
    Remembered, since packs and polls repeat lines: the parse is shared, never to be changed."""
    try:
        parsed = parse_line(line, data.load(release), ctx := Context(level))
    except Refusal as e:
        return None, e
    try:
        _check_clicks(line, release, ctx)
    except Refusal as e:
        return parsed, e
    return parsed, None


def verdict(line: str, release: str, level: int = FUNCTION_LEVEL) -> Refusal | None:
    """The refusal for a line, or None; remembered, since packs repeat lines."""
    return read(line, release, level)[1]


def _check(line: str, release: str, level: int) -> None:
    ctx = Context(level)
    parse_line(line, data.load(release), ctx)
    _check_clicks(line, release, ctx)


def _check_clicks(line: str, release: str, ctx: Context) -> None:
    for click in ctx.clicks:
        if not click.startswith("/"):
            raise Refusal(f"a click event's command must start with '/': {click!r}", line, -1,
                          vanilla=False)
        refusal = verdict(click[1:], release, PLAYER_LEVEL)
        if refusal is not None:
            raise Refusal(f"a player (level 0) clicking runs {click!r}, which the server refuses: "
                          f"{refusal}", line, -1, vanilla=False)


def function_lines(lines: list[str]) -> list[tuple[int, str]]:
    """CommandFunction.fromLines: (line number, command); `\\` joins lines, `#` and blanks drop."""
    out: list[tuple[int, str]] = []
    pending = ""
    first = 0
    for n, raw in enumerate(lines, 1):
        line = raw.strip()
        if pending:
            line = pending + line
        else:
            first = n
        if line.endswith("\\"):
            pending = line[:-1]
            continue
        pending = ""
        if line and not line.startswith("#"):
            out.append((first, line))
    return out


def check_function(lines: list[str], release: str) -> list[tuple[int, str, Refusal]]:
    """The lines of a function the server refuses when it loads it (macro lines: their shape)."""
    bad: list[tuple[int, str, Refusal]] = []
    for n, line in function_lines(lines):
        if line.startswith("$"):
            names = MACRO_VAR.findall(line)
            if not names:
                bad.append((n, line, Refusal("No variables in macro", line, -1)))
            elif any(not name for name in names):
                bad.append((n, line, Refusal("Invalid macro variable name", line, -1)))
            continue
        if line.startswith("/"):
            bad.append((n, line, Refusal(f"Unknown or invalid command '{line}' (if you intended to "
                                         "make a comment, use '#' not '/')", line, -1)))
            continue
        refusal = verdict(line, release, FUNCTION_LEVEL)
        if refusal is not None:
            bad.append((n, line, refusal))
    return bad
