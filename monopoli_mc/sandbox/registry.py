"""The command registry: each command module registers its parser here; it imports no command."""

from __future__ import annotations

from collections.abc import Callable

from monopoli_mc.sandbox.reader import UNKNOWN_ARGUMENT, UNKNOWN_COMMAND, Reader
from monopoli_mc.sandbox.source import Source

Run = Callable[[Source], int]
Parser = Callable[[Reader], Run]
COMMANDS: dict[str, tuple[Parser, int]] = {}
"""Every registered command by name: its parser and the permission level it needs.

Filled as the command modules are imported; `monopoli_mc.sandbox.commands` imports them all.
"""


def command(*names: str, level: int = 2) -> Callable[[Parser], Parser]:
    """Register a command parser under its names with the permission level it needs."""
    def register(fn: Parser) -> Parser:
        for name in names:
            COMMANDS[name] = (fn, level)
        return fn
    return register


def parse_command(r: Reader, level: int, *, nested: bool = False) -> Run:
    """Parse one command at the cursor for a source of the given permission level."""
    start = r.cursor
    name = r.read_word()
    entry = COMMANDS.get(name)
    if entry is None or entry[1] > level:
        r.cursor = start
        raise r.error(UNKNOWN_ARGUMENT if nested else UNKNOWN_COMMAND)
    return entry[0](r)
