"""What each player sees of their own table, wherever they stand: an action bar the pack refreshes.

One sidebar cannot serve several tables: vanilla shows a player the objective of the
`sidebar.team.<colour>` slot of their team's colour, else the one `sidebar` slot, and at most 15
lines of it (`Gui.renderScoreboardSidebar`, `displayScoreboardSidebar`: `limit(15L)`). The pawn
teams already give each player their banner colour (`monopoli.<dye>`), and every table uses the
same colours, so a team slot would show a red player of one table the objective of every red
player's table. So with several boards the sidebar shows nothing, and every seated player, at any
number of boards, reads their own cash, their table's Free Parking jar and whose turn it is on
the action bar (`line`: the one place its words are put together), from their `monopoli.cash`
score, the jar's holder `$jar.<board>`, the words the controller keeps in
`storage monopoli:hud <board>` and, once a game of theirs has ended, their night rank (`Night #3`).

When it is written, and what that costs the server (every line below walks the players once at most):

- when its words change: the controller, in the batch that changes a table's words (whose turn,
  the jar, who sits there) calls `ui/hud_table {table}`, one pass over the players for that
  table; for a player whose cash alone changed, `ui/hud_me {player,table}`, no pass at all;
- as often as the fade needs, no more: vanilla keeps an action bar 60 ticks and draws it at full
  strength for the first 40 (`Gui.setOverlayMessage`: `overlayMessageTime = 60`;
  `renderOverlayMessage`: alpha `t * 255 / 20`, ledger D2), so `hud/table/<n>` rewrites the n-th board's
  line every PERIOD (40) ticks, one board a tick (a 40-part schedule chain started at load), and
  a line never fades;
- after a message the controller shows on the action bar ("Doubles! 4+4", "Walk to Boardwalk"):
  the message sets the player's `monopoli.hold` to the game time HOLD_TICKS (40) on, no refresh
  touches them before, and `hud/back`, scheduled for that very tick, gives them their line again:
  the message stays its 40 ticks at full strength and the line is back before it fades.
"""

from __future__ import annotations

from typing import Any

from monopoli_mc.datapack.channel import CASH, JAR_HOLDER
from monopoli_mc.datapack.escape import TABLE
from monopoli_mc.datapack.nightfns import RANK
from monopoli_mc.datapack.pack import Pack
from monopoli_mc.datapack.text import Dialect, text

HUD = "monopoli:hud"  # storage: per board, the words for whose turn it is ("Alex's turn", "Game over")
MINE = "monopoli:hud_me"  # storage: scratch for `hud/back` (a key of HUD could be a board's name)
HOLD = "monopoli.hold"  # the game time until which the refresh leaves a player's action bar to a message
HOLD_TICKS = 40  # a message's ticks at full strength, of its 60 (`overlayMessageTime`); no refresh meanwhile
NOW = "$now"  # in HOLD: the game time, read by each refresh
PERIOD = 40  # ticks between two periodic refreshes of a table's line: the chain's parts, one a tick
ANY = "-2147483648.."  # any value: a score that is set


def line(board: str, *, jar: bool) -> dict[str, Any]:
    """The words of a table's line, as a text component resolved for each player (`@s`): their cash, the
    board's jar (`jar`: the rules have one), whose turn it is. Every field of the line is added here."""
    parts: list[Any] = [text("Cash $", color="gold"), {"score": {"name": "@s", "objective": CASH}}]
    if jar:
        parts += [text("   Jar $", color="yellow"), {"score": {"name": f"{JAR_HOLDER}{board}", "objective": CASH}}]
    parts += [text("   "), {"nbt": board, "storage": HUD, "color": "aqua"},
              # the night's rank: a score whose own number format is its words ("   Night #3", nightfns.py);
              # a player with no rank has no score, which shows nothing
              {"score": {"name": "@s", "objective": RANK}, "color": "light_purple"}]
    return {"text": "", "extra": parts}


def message_hold() -> list[str]:
    """The lines of `ui/actionbar` (a macro of `$(player)`) after its message: the table's line waits
    HOLD_TICKS, then comes back (`hud/back`, scheduled for that tick: a schedule of its own per message)."""
    return [f"$execute store result score $(player) {HOLD} run time query gametime",
            f"$scoreboard players add $(player) {HOLD} {HOLD_TICKS}",
            f"schedule function monopoli:hud/back {HOLD_TICKS}t append"]


def add_hud(pack: Pack, dialect: Dialect, boards: list[str]) -> None:
    """`hud/table/<n>` and `hud/table/<n>/me` for each board, the chain that runs them as the fade needs, the return
    after a message, and the calls that feed them."""
    for number, board in enumerate(boards, start=1):
        pack.function(f"hud/table/{number}", _refresh(dialect, number, board, f"@a[scores={{{TABLE}={number}}}]"))
        pack.function(f"hud/table/{number}/me", _refresh(dialect, number, board, "@s"))
    for part in range(PERIOD):
        pack.function(f"hud/part/{part}", [f"function monopoli:hud/table/{n}" for n in range(1, len(boards) + 1)
                                           if n % PERIOD == part]
                      + [f"schedule function monopoli:hud/part/{(part + 1) % PERIOD} 1t"])
    pack.function("hud/start", [f"scoreboard objectives add {HOLD} dummy",
                                # one chain only: a reload must not start a second beside the one under way
                                *[f"schedule clear monopoli:hud/part/{part}" for part in range(PERIOD)],
                                "schedule function monopoli:hud/part/0 1t"])
    pack.function_tags.setdefault("minecraft:load", []).append("monopoli:hud/start")
    # The players whose message has had its time: their line again, from their own table's `hud/table/<n>/me`.
    pack.function("hud/back", [
        f"execute store result score {NOW} {HOLD} run time query gametime",
        f"execute as @a[scores={{{HOLD}={ANY}}}] if score @s {HOLD} <= {NOW} {HOLD} run function monopoli:hud/mine"])
    pack.function("hud/mine", [f"scoreboard players reset @s {HOLD}", "function monopoli:hud/me"])
    # `@s`'s line again, from their own table's `hud/table/<n>/me` (a message on hold keeps the bar)
    pack.function("hud/me", [
        f"execute unless score @s {TABLE} matches 1.. run return 0",
        f"execute store result storage {MINE} n int 1 run scoreboard players get @s {TABLE}",
        f"function monopoli:hud/mine_at with storage {MINE}"])
    pack.function("hud/mine_at", ["$function monopoli:hud/table/$(n)/me"])
    pack.function("ui/hud", [f"$data modify storage {HUD} $(board) set value \"$(player)'s turn\""])
    pack.function("ui/hud_over", [f'$data modify storage {HUD} $(board) set value "Game over"'])
    pack.function("ui/hud_table", ["$function monopoli:hud/table/$(table)"])
    pack.function("ui/hud_me", ["$execute as $(player) run function monopoli:hud/table/$(table)/me"])


def _refresh(dialect: Dialect, number: int, board: str, who: str) -> list[str]:
    """Write the line to `who` (the board's players, or `@s`) who have a cash score and no message on
    hold: one pass over the players, whichever of the two lines (with the jar, or without) it is."""
    jar = f"{JAR_HOLDER}{board}"
    each = f"as {who} if score @s {CASH} matches {ANY} unless score @s {HOLD} > {NOW} {HOLD} run title @s actionbar"
    return [
        f"execute store result score {NOW} {HOLD} run time query gametime",
        f"execute if score {jar} {CASH} matches {ANY} {each} {dialect.arg(line(board, jar=True))}",
        f"execute unless score {jar} {CASH} matches {ANY} {each} {dialect.arg(line(board, jar=False))}",
    ]
