"""Whether a controller runs the world a command is about to work on: doctor and board build ask it first."""

from __future__ import annotations

from collections.abc import Callable

from monopoli_mc.bridge.inbox import POLL_QUERY, InboxError, NightMark, parse_poll
from monopoli_mc.controller.db import lease
from monopoli_mc.controller.io.wire import ask
from monopoli_mc.errors import MonopoliError


def running_controller(command: Callable[[str], str]) -> NightMark | None:
    """The mark of a controller that runs this world now (read from the bridge storage, asked again while
    another RCON client's reply is mixed in: a running controller's are); None when none does.

    Raises MonopoliError when the storage never reads, saying why it cannot be told.
    """
    try:
        poll = ask(command, POLL_QUERY, parse_poll)
    except InboxError as exc:
        raise MonopoliError(f"cannot tell whether a controller runs this world: {exc}") from None
    mark = poll.night
    return mark if mark is not None and lease.world_is_held(mark, "") else None


def stop_it_first(mark: NightMark, why: str, again: str) -> MonopoliError:
    """The refusal of a command that must not run beside a controller: whose, why not, and what to do."""
    return MonopoliError(
        f"a controller runs this world ({lease.describe_mark(mark)}): {why}; stop it first (Ctrl-C in its "
        f"terminal), then run {again} again (if it is gone with its machine, `monopoli run --take-over` and "
        "Ctrl-C clear its mark)")
