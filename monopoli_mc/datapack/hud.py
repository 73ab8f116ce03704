"""What each player sees of their own table, wherever they stand: an action bar the pack refreshes.

One sidebar cannot serve several tables: vanilla shows a player the objective of the
`sidebar.team.<colour>` slot of their team's colour, else the one `sidebar` slot, and at most 15
lines of it (`Gui.renderScoreboardSidebar`, `displayScoreboardSidebar`: `limit(15L)`). The pawn
teams already give each player their banner colour (`monopoli.<dye>`), and every table uses the
same colours, so a team slot would show a red player of one table the objective of every red
player's table. So with several boards the sidebar shows nothing, and every seated player, at any
number of boards, reads their own cash, their table's Free Parking jar and whose turn it is on
the action bar (and, once a game of theirs has ended, their night rank: `Night #3`): `hud/<n>` writes it for the players of the n-th board (`monopoli.table`) once a
second, a board a tick (a 20-part schedule chain), from their `monopoli.cash` score, the jar's
holder `$jar.<board>` and the words the controller keeps in `storage monopoli:hud <board>`.
Vanilla keeps an action bar on screen 60 ticks and fades it over the last 20
(`Gui.setOverlayMessage`: `overlayMessageTime = 60`), so a line refreshed every 20 ticks never
fades. A message the controller shows on the action bar ("Doubles!") holds the refresh back until
the game time in the player's `monopoli.hold`, HOLD_TICKS after it: the message stays its 40 ticks
at full strength, and the table's line is back at the first refresh after (41 to 60 ticks after the
message), before the message has faded out, so the bar is never empty.
"""

from __future__ import annotations

from typing import Any

from monopoli_mc.datapack.channel import CASH, JAR_HOLDER
from monopoli_mc.datapack.escape import TABLE
from monopoli_mc.datapack.nightfns import RANK
from monopoli_mc.datapack.pack import Pack
from monopoli_mc.datapack.text import Dialect, text

HUD = "monopoli:hud"  # storage: per board, the words for whose turn it is ("Alex's turn", "Game over")
HOLD = "monopoli.hold"  # seconds the refresh waits after an action bar message the controller sent
HOLD_TICKS = 40  # a message's ticks at full strength, of its 60 (`overlayMessageTime`); no refresh meanwhile
NOW = "$now"  # in HOLD: the game time, read by each refresh
PARTS = 20  # the refresh chain: a tick each, a second in all
ANY = "-2147483648.."  # any value: a score that is set


def add_hud(pack: Pack, dialect: Dialect, boards: list[str]) -> None:
    """`hud/<n>` for each board, the chain that runs them once a second, and the calls that feed them."""
    for number, board in enumerate(boards, start=1):
        pack.function(f"hud/{number}", _refresh(dialect, number, board))
    for part in range(PARTS):
        pack.function(f"hud/part/{part}", [f"function monopoli:hud/{n}" for n in range(1, len(boards) + 1)
                                           if n % PARTS == part]
                      + [f"schedule function monopoli:hud/part/{(part + 1) % PARTS} 1t"])
    pack.function("hud/start", [f"scoreboard objectives add {HOLD} dummy",
                                # one chain only: a reload must not start a second beside the one under way
                                *[f"schedule clear monopoli:hud/part/{part}" for part in range(PARTS)],
                                "schedule function monopoli:hud/part/0 1t"])
    pack.function_tags.setdefault("minecraft:load", []).append("monopoli:hud/start")
    pack.function("ui/hud", [f"$data modify storage {HUD} $(board) set value \"$(player)'s turn\""])
    pack.function("ui/hud_over", [f'$data modify storage {HUD} $(board) set value "Game over"'])


def _refresh(dialect: Dialect, number: int, board: str) -> list[str]:
    jar = f"{JAR_HOLDER}{board}"
    cash: list[Any] = [text("Cash $", color="gold"), {"score": {"name": "@s", "objective": CASH}}]
    # the night's rank: a score whose own number format is its words ("   Night #3", nightfns.py); a
    # player with no rank has no score, which shows nothing
    turn: list[Any] = [text("   "), {"nbt": board, "storage": HUD, "color": "aqua"},
                       {"score": {"name": "@s", "objective": RANK}, "color": "light_purple"}]
    with_jar = cash + [text("   Jar $", color="yellow"), {"score": {"name": jar, "objective": CASH}}] + turn
    who = (f"execute as @a[scores={{{TABLE}={number}}}] if score @s {CASH} matches {ANY} "
           f"unless score @s {HOLD} > {NOW} {HOLD}")
    return [
        f"execute store result score {NOW} {HOLD} run time query gametime",
        f"{who} if score {jar} {CASH} matches {ANY} run title @s actionbar "
        f"{dialect.arg({'text': '', 'extra': with_jar})}",
        f"{who} unless score {jar} {CASH} matches {ANY} run title @s actionbar "
        f"{dialect.arg({'text': '', 'extra': cash + turn})}",
    ]
