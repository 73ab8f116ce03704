"""A sandbox bug met while running a command: one error line for that command, never a dead
console nor a tick that fails at every tick after.

Vanilla never raises where the sandbox may (an nbtlib range check, a Python ValueError); such an
exception is the sandbox's bug, not the command's. Vanilla's own catch-all (`Commands.performCommand`:
`catch (Exception)` → `command.failed`, "An unexpected error occurred trying to execute that command")
words the line; the sandbox adds what broke so the bug can be reported. The command fails alone:
the function it was in goes on with its next line, as it does after a command that fails.
"""

from __future__ import annotations

import logging
import traceback

log = logging.getLogger("monopoli_mc.sandbox")

UNEXPECTED = "An unexpected error occurred trying to execute that command"


def bug_line(exc: BaseException, command: str) -> str:
    """The one line a source is told (and the server log keeps) for a sandbox bug in `command`."""
    what = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    where = f" `{command[:200]}`" if command else ""
    return f"{UNEXPECTED} (sandbox bug in{where}: {what}; please report it)"


def report(exc: BaseException, command: str) -> str:
    """Log the traceback for developers (debug level: a console shows only the line) and return the line."""
    log.debug("sandbox bug in %r:\n%s", command, "".join(traceback.format_exception(exc)))
    return bug_line(exc, command)
