"""The pack's side of the boards' auction bars: while the controller is silent, the bars say so.

The controller sets an auction's countdown on a boss bar (`bridge/timebar.py`) and beats into the
world at least every second (`bridge/beat`). Each beat schedules `bridge/deaf` for the tick after
`DEAF_AFTER` ticks, the moment from which the pack tells an input's player that the game is not
answering (`channel.py`); the next beat replaces the schedule, so it runs only when the beats stop,
and it costs the ticks nothing while they come. It then sets every board's auction bar to say that
the auction waits for the game, instead of standing at "closes in 8 s" for the whole outage (a bar
that does not exist, no auction open, is left alone: the command fails and does nothing). The
controller, back, makes the bar again with the auction's own words.
"""

from __future__ import annotations

from monopoli_mc.datapack.pack import Pack
from monopoli_mc.datapack.text import Dialect, text

DEAF_WORDS = "Auction on hold: the game is not answering; bids are kept and count when it is back"
DEAF_FUNCTION = "bridge/deaf"


def auction_id(board: str) -> str:
    """The auction bar's resource location: `monopoli:auction_main`."""
    return f"monopoli:auction_{board}"


def add_bars(pack: Pack, dialect: Dialect, boards: list[str]) -> None:
    """`bridge/deaf`: every board's auction bar says the game is not answering (red)."""
    words = dialect.arg(text(DEAF_WORDS, color="red"))
    lines: list[str] = []
    for board in boards:
        lines += [f"bossbar set {auction_id(board)} name {words}", f"bossbar set {auction_id(board)} color red"]
    pack.function(DEAF_FUNCTION, lines)
