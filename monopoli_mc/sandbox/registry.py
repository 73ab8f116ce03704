"""The command registry: each command module registers its parser here; it imports no command.

Two kinds of entry, while the commands move from the one to the other (issue 36):
- `command`: a parser that walks the line itself with the sandbox's `Reader` and returns the run;
- `handles`: the run of one path of Mojang's command tree (`"scoreboard players set"`), built from
  vanilla's parse of the line (`monopoli_mc.vanilla.judge.read`: the literals on the path and the
  arguments' values by name), so the line is parsed once, by the judge's parser, strict or not.
`parse_command` (every line: the console's, a player's, a function's, a macro's, the command after
`execute … run`) has vanilla parse a command whose first word has paths registered with `handles`,
runs the handler of its path, and falls back to the command's parser for a path with none. The
judge's verdict on the same line (strict mode) is the same remembered parse.
"""

from __future__ import annotations

from collections.abc import Callable

from monopoli_mc.sandbox.reader import UNKNOWN_ARGUMENT, UNKNOWN_COMMAND, CommandError, Reader
from monopoli_mc.sandbox.source import Source
from monopoli_mc.vanilla.judge import read
from monopoli_mc.vanilla.tree import Parsed

Run = Callable[[Source], int]
Parser = Callable[[Reader], Run]
Handler = Callable[[Parsed], Run]
COMMANDS: dict[str, tuple[Parser, int]] = {}
"""Every registered command by name: its parser and the permission level it needs.

Filled as the command modules are imported; `monopoli_mc.sandbox.commands` imports them all.
"""
HANDLERS: dict[tuple[str, ...], Handler] = {}
"""The command paths that run on vanilla's parse, by their literals (the longest registered prefix wins)."""
_ON_PARSE: set[str] = set()


def command(*names: str, level: int = 2) -> Callable[[Parser], Parser]:
    """Register a command parser under its names with the permission level it needs."""
    def register(fn: Parser) -> Parser:
        for name in names:
            COMMANDS[name] = (fn, level)
        return fn
    return register


def command_names() -> set[str]:
    """Every command the sandbox runs, by either kind of entry."""
    return set(COMMANDS) | _ON_PARSE


def handles(*paths: str) -> Callable[[Handler], Handler]:
    """Register the run of command paths (their literals, space-separated) on vanilla's parse; a path
    stands for every longer path it begins unless that one has a handler of its own (`"data"`: all of it)."""
    def register(fn: Handler) -> Handler:
        for path in paths:
            literals = tuple(path.split())
            HANDLERS[literals] = fn
            _ON_PARSE.add(literals[0])
        return fn
    return register


def parse_command(r: Reader, level: int, *, nested: bool = False) -> Run:
    """Parse one command at the cursor (to the end of the line) for a source of the given permission level."""
    start = r.cursor
    if r.text[start:].split(" ", 1)[0] in _ON_PARSE:
        handled = _on_parse(r, level)
        if handled is not None:
            return handled
    name = r.read_word()
    entry = COMMANDS.get(name)
    if entry is None or entry[1] > level:
        r.cursor = start
        raise r.error(UNKNOWN_ARGUMENT if nested else UNKNOWN_COMMAND)
    return entry[0](r)


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


def _handler(literals: tuple[str, ...]) -> Handler | None:
    return next((HANDLERS[literals[:n]] for n in range(len(literals), 0, -1) if literals[:n] in HANDLERS), None)


def _on_parse(r: Reader, level: int) -> Run | None:
    """The run of the command at the cursor from vanilla's parse of it (the rest of the line), when its
    path has a handler; its syntax refusal, in vanilla's words and at its cursor, as a CommandError."""
    start = r.cursor
    parsed, refusal = read(r.text[start:], r.version, level)
    if parsed is None:  # a syntax refusal comes without a parse
        message, at = (refusal.message, refusal.cursor) if refusal is not None else (UNKNOWN_COMMAND, 0)
        raise CommandError(message, text=r.text, cursor=start + at)
    handler = _handler(parsed.literals)
    if handler is None:
        return None
    r.cursor = len(r.text)
    try:
        return handler(parsed)
    except Refused as e:
        raise CommandError(e.message, text=r.text, cursor=start + e.at) from None
