"""Boss bars of a board: its time limit and its open auction's countdown; command text, shown to its players.

Vanilla's `bossbar` keeps the UUIDs it was given and shows the bar to them whenever they are
online, so the players are set once, from a tag on each seated player. Pure functions of text.
"""

from __future__ import annotations

import math

from monopoli_mc.datapack import bars
from monopoli_mc.datapack.escape import player_name
from monopoli_mc.datapack.text import Dialect, text
from monopoli_mc.datapack.versions import McVersion

LATE = 600  # seconds left from which the bar is red


def bar_id(board: str) -> str:
    """The bar's resource location: `monopoli:time_main`."""
    return f"monopoli:time_{board}"


def tag(board: str) -> str:
    """The tag that marks a board's seated players for its bar."""
    return f"monopoli.time.{board}"


def words(left: float) -> str:
    """What the bar says: "Time left: 42 min", in the last minute "Time left: 35 s"."""
    if left > 60:
        return f"Time left: {math.ceil(left / 60)} min"
    return f"Time left: {max(0, math.ceil(left))} s"


def color(left: float) -> str:
    """Yellow, red in the last ten minutes."""
    return "red" if left <= LATE else "yellow"


def show(board: str, names: list[str], left: float, total: float, version: McVersion) -> list[str]:
    """Create the bar (or take over the one a previous controller left) and give it to the players."""
    bar, name = bar_id(board), Dialect(version).arg(text(words(left)))
    out = [f"bossbar add {bar} {name}"]  # "already exists" after a restart: the sets below still apply
    out += [f"tag {player_name(n)} add {tag(board)}" for n in names]
    out += [f"bossbar set {bar} players @a[tag={tag(board)}]",
            f"bossbar set {bar} max {max(1, math.ceil(total))}",
            f"bossbar set {bar} name {name}"]
    return out + update(board, left, version, value=True, name=False, recolor=True)


def update(board: str, left: float, version: McVersion, *, value: bool, name: bool, recolor: bool) -> list[str]:
    """Set what changed: the value (seconds left), the words, the colour."""
    bar = bar_id(board)
    out = [f"bossbar set {bar} value {max(0, math.ceil(left))}"] if value else []
    if name:
        out.append(f"bossbar set {bar} name {Dialect(version).arg(text(words(left)))}")
    if recolor:
        out.append(f"bossbar set {bar} color {color(left)}")
    return out


def hide(board: str) -> list[str]:
    """Remove the bar and the players' tags (the game is over or has no limit)."""
    return [f"bossbar remove {bar_id(board)}", f"tag @a remove {tag(board)}"]


# -- an auction's countdown: a second bar per board, shown to its players while the auction is open --

def auction_id(board: str) -> str:
    """The auction bar's resource location: `monopoli:auction_main` (the pack's `bridge/deaf` sets it too)."""
    return bars.auction_id(board)


def auction_tag(board: str) -> str:
    """The tag that marks the players a board's auction bar is shown to."""
    return f"monopoli.auction.{board}"


def auction_words(lot: str, high: int, bidder: str | None, left: float, *, paused: bool = False) -> str:
    """What the auction bar says: "Auction: Boardwalk - high bid $120 (Alex) - closes in 6 s"."""
    bid = f"high bid ${high:,} ({bidder})" if bidder is not None else "no bid yet"
    when = "paused" if paused else f"closes in {max(0, math.ceil(left))} s"
    return f"Auction: {lot} - {bid} - {when}"


def auction_show(board: str, names: list[str], words_: str, left: float, window: float,
                 version: McVersion) -> list[str]:
    """Create the auction bar (or take over one a previous controller left) for these players."""
    bar, name = auction_id(board), Dialect(version).arg(text(words_))
    out = [f"bossbar add {bar} {name}"]  # "already exists" after a restart: the sets below still apply
    out += [f"tag {player_name(n)} add {auction_tag(board)}" for n in names]
    return out + [f"bossbar set {bar} players @a[tag={auction_tag(board)}]",
                  f"bossbar set {bar} color green",
                  f"bossbar set {bar} max {max(1, math.ceil(window))}",
                  f"bossbar set {bar} value {max(0, math.ceil(left))}",
                  f"bossbar set {bar} name {name}"]


def auction_update(board: str, words_: str, left: float, window: float | None, version: McVersion) -> list[str]:
    """The seconds left and the words; the bar's length too when the window changed (a first bid)."""
    bar = auction_id(board)
    out = [] if window is None else [f"bossbar set {bar} max {max(1, math.ceil(window))}"]
    return out + [f"bossbar set {bar} value {max(0, math.ceil(left))}",
                  f"bossbar set {bar} name {Dialect(version).arg(text(words_))}"]


def auction_hide(board: str) -> list[str]:
    """Remove the auction bar and its players' tags (the auction closed)."""
    return [f"bossbar remove {auction_id(board)}", f"tag @a remove {auction_tag(board)}"]
