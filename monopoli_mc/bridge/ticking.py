"""Whether the server ticks: an empty 1.21.2+ server pauses, and a paused one runs no pack function.

Vanilla's `MinecraftServer.tickServer` (1.21.2 to 1.21.11) counts the ticks with nobody online;
after `pause-when-empty-seconds` (server.properties, 60 by default) it skips `tickChildren`: the
game time stands still and no load, tick or scheduled function runs, so a `/reload` loads nothing
and no button or `/trigger` reaches the inbox until a player joins. RCON commands still run.
`time query gametime` ("The time is N", TimeCommand.queryTime) tells a paused server from a
ticking one: asked twice a moment apart, a ticking server's answer grows.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable

TIME_QUERY = "time query gametime"
_TIME = re.compile(r"The time is (-?\d+)")

NOT_TICKING = (
    "the server is not ticking (its game time stood still for {wait:g} s), so the pack's load and "
    "tick functions do not run: no /reload takes effect and no button or /trigger is read. Minecraft "
    "1.21.2 and later pause an empty server after pause-when-empty-seconds (60 by default): set "
    "pause-when-empty-seconds=0 in server.properties and restart the server (until then, someone "
    "joining it wakes it up; then /reload). A /tick freeze stops it too: /tick unfreeze")


def game_time(reply: str) -> int | None:
    """The game time from a `time query gametime` reply; None if the reply is not one."""
    m = _TIME.search(reply)
    return int(m.group(1)) if m else None


def is_ticking(ask: Callable[[str], str], *, wait: float = 1.5, step: float = 0.1,
               sleep: Callable[[float], None] = time.sleep,
               clock: Callable[[], float] = time.monotonic) -> bool | None:
    """Whether the game time advances within `wait` seconds; None when the server does not say.

    Returns as soon as it advances (a tick is 50 ms), so a ticking server costs a few requests.
    """
    first = game_time(ask(TIME_QUERY))
    if first is None:
        return None
    deadline = clock() + wait
    while clock() < deadline:
        sleep(step)
        now = game_time(ask(TIME_QUERY))
        if now is None:
            return None
        if now != first:
            return True
    return False


def not_ticking(wait: float = 1.5) -> str:
    """What to tell the organiser about a server that does not tick."""
    return NOT_TICKING.format(wait=wait)
