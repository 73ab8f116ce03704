"""The command registry: each command module registers the runs of its paths here; it imports no command.

`handles` registers the run of paths of Mojang's command tree (`"scoreboard players set"`), built from
vanilla's parse of the line (`monopoli_mc.vanilla.judge.read`: the literals on the path, the arguments'
values by name and the path in order), so a line is parsed once, by the judge's parser, strict or not.
`parse_command` (every line: the console's, a player's, a function's, a macro's) has vanilla parse it
and runs the handler of its path; the command after `execute … run` or `return run` is the tail of
the same parse (`run_parsed`). A command vanilla has and the sandbox does not model is refused as
an unknown command.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from monopoli_mc.sandbox.failure import UNKNOWN_ARGUMENT, UNKNOWN_COMMAND, CommandError
from monopoli_mc.sandbox.source import Source
from monopoli_mc.vanilla.judge import read
from monopoli_mc.vanilla.tree import Parsed

Run = Callable[[Source], int]
Handler = Callable[[Parsed], Run]
HANDLERS: dict[tuple[str, ...], Handler] = {}
"""The command paths the sandbox runs, by their literals (the longest registered prefix wins).

Filled as the command modules are imported; `monopoli_mc.sandbox.commands` imports them all.
"""


def command_names() -> set[str]:
    """Every command the sandbox runs."""
    return {literals[0] for literals in HANDLERS}


def handles(*paths: str) -> Callable[[Handler], Handler]:
    """Register the run of command paths (their literals, space-separated) on vanilla's parse; a path
    stands for every longer path it begins unless that one has a handler of its own (`"data"`: all of it)."""
    def register(fn: Handler) -> Handler:
        for path in paths:
            HANDLERS[tuple(path.split())] = fn
        _handler.cache_clear()
        parse_command.cache_clear()
        return fn
    return register


@functools.lru_cache(maxsize=1 << 16)  # emptied when a path is registered (`handles`)
def parse_command(text: str, version: str, level: int) -> Run:
    """Parse one command line for a source of the given permission level: the run of its path from
    vanilla's parse; its syntax refusal, in vanilla's words and at its cursor, as a CommandError.

    A run is built from the parse alone and keeps no state of its own, so the run of a line is
    remembered for every world of the process, as the judge's parse is: each sandbox that loads a pack,
    and each poll that sends the same command, parsed it anew (a tenth of the test suite's time). A
    refusal is raised, so it is not kept."""
    parsed, refusal = read(text, version, level)
    if parsed is None:  # a syntax refusal comes without a parse
        message, at = (refusal.message, refusal.cursor) if refusal is not None else (UNKNOWN_COMMAND, 0)
        raise CommandError(message, text=text, cursor=at)
    handler = _handler(parsed.literals)
    if handler is None:  # a command of the tree the sandbox does not model
        raise CommandError(UNKNOWN_COMMAND, text=text, cursor=0)
    try:
        return handler(parsed)
    except Refused as e:
        raise CommandError(e.message, text=text, cursor=e.at) from None


class Refused(Exception):
    """A command vanilla parses that the sandbox does not model, refused as a syntax error at `at` (in the
    text vanilla parsed) with `message`."""

    def __init__(self, message: str, at: int) -> None:
        super().__init__(message)
        self.message = message
        self.at = at


def run_parsed(parsed: Parsed) -> Run:
    """The run of a parsed command (a whole line, or the command after `execute … run`) by the handler of
    its path; a path without one is refused as an incorrect argument where it begins."""
    handler = _handler(parsed.literals)
    if handler is None:
        raise Refused(UNKNOWN_ARGUMENT, parsed.starts[0] if parsed.starts else 0)
    return handler(parsed)


@functools.lru_cache(maxsize=None)  # the paths the sandbox meets; emptied when a path is registered
def _handler(literals: tuple[str, ...]) -> Handler | None:
    return next((HANDLERS[literals[:n]] for n in range(len(literals), 0, -1) if literals[:n] in HANDLERS), None)
