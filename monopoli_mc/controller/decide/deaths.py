"""A player who died and respawned (the pack's `died` entry): put back where the game has them, with their books.

A death sends a player to the world spawn, off their space, and without the keep-inventory game rule
drops every book they held (ledger H4-H7). The pack sets peaceful and keeps inventories at load, but a
fall, `/kill` or an operator's game rule can still do it, so the controller answers every death the same
way: the player's part of the picture is written whole (`outbox.seat_picture`: every book taken back and
what the game gives given again, the player in jail or on their space, their triggers enabled) with the
board's map copy, their prompt is shown again if the game waits for them, and both they and the terminal
are told.
"""

from __future__ import annotations

from monopoli_mc.bridge import outbox
from monopoli_mc.controller.decide.snapshot import Snapshot
from monopoli_mc.datapack import calls
from monopoli_mc.rules.phases import AUCTION, OVER

Writes = list[str]


def respawned(s: Snapshot, name: str) -> Writes:
    """The writes that put a respawned player back; a player in no running game is only noted."""
    table = s.table_of(name)
    seat = table.seat_of(name) if table is not None else None
    if table is None or table.game is None or seat is None or table.game.phase == OVER:
        s.say(f"{name} died and respawned at the world spawn; they play in no running game, so nothing is "
              "given back")
        return []
    game = table.game
    if game.bankrupt[seat]:
        s.say(f"[{table.name}] {name} died and respawned; they are bankrupt, so nothing is given back")
        return []
    where = ("in jail" if game.jail_turns[seat] >= 0
             else f"on {game.board.spaces[game.pos[seat]].name}")
    s.say(f"[{table.name}] {name} died and respawned at the world spawn: put back {where}, their books given "
          "back (the pack sets peaceful and keeps inventories at load; `monopoli doctor` checks both)")
    out = outbox.seat_picture(game, table.view, seat, stamp=table.game_id, drawn=table.books_out)
    out.append(calls.map_hold(table.name, name))  # the board's map copy, if the board has a map and they lost it
    if seat == game.to_act() or game.phase == AUCTION:  # their buttons again, at the poll's end
        table.prompted = ()
    return out + s.tell(name, f"You died and came back at the world spawn: you are back {where}, "
                              "with your books.")
