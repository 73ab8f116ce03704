"""What the pack hears of the controller: the heartbeat written into the world, and the silences it marks.

The pack hears the controller at each read (`bridge/watch`) and, once it has heard nothing for the quiet
time the controller gave it (`quiet_ticks`, `calls.quiet`), answers players itself and says on the auction
bars that the game is not answering (`datapack/bars.py`). The heartbeat (`calls.beat`) sets `$beat` to the
game time. Both are decided from the poll's clocks and what it writes, without asking the server.
"""

from __future__ import annotations

import math

from monopoli_mc.datapack import calls
from monopoli_mc.datapack.channel import DEAF_AFTER

BEAT_EVERY = 1.0  # seconds: the heartbeat is written at least this often, on an idle poll too (calls.beat)


def quiet_ticks(poll_interval: float) -> int:
    """Ticks without a read of ours after which the pack answers players itself and marks the auction bars:
    a second, or longer polls and half a second to spare (`bridge/quiet`)."""
    return max(DEAF_AFTER, math.ceil(poll_interval * 20) + DEAF_AFTER // 2)


def silent(now: float, last_read: float, poll_interval: float) -> bool:
    """Whether the gap since the last read (controller clock) is well past the poll's own: the pack may
    have said so on the auction bars, so they are to be made again (`auction.unknown`)."""
    return now - last_read > (poll_interval + quiet_ticks(poll_interval) / 20) / 2


def beat_due(out: list[str], ack: int | None, now: float, beaten: float) -> bool:
    """Whether the poll's writes `out` (and the inbox acknowledgement `ack`) take the heartbeat along.

    It rides on every batch (no request of its own), and is sent alone on an idle poll a second after the
    last (`beaten`); a poll whose writes cannot be batched (a boss bar) leaves it to the next, unless two
    have passed (long polls during an auction would starve it, and the pack would then say on the bar
    that the game is not answering)."""
    batched = ack is not None or any(calls.as_op(command) is not None for command in out)
    return batched or now - beaten >= (2 * BEAT_EVERY if out else BEAT_EVERY)
