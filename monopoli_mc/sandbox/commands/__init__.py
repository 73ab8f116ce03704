"""The command table: importing this package registers every command the sandbox knows."""

from __future__ import annotations

from monopoli_mc.sandbox.commands import (  # noqa: F401  (imported to register their commands)
    advancement, blocks, bossbar, data, difficulty, execute, forceload, functions, items, misc, scoreboard, server,
    summon, team)
from monopoli_mc.sandbox.registry import HANDLERS, Run, command_names, parse_command

__all__ = ["HANDLERS", "Run", "command_names", "parse_command"]
