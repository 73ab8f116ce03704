"""Which world this is, and which night's database last ran it: asked once after each (re)connect.

The inbox cursor belongs to the identity the pack drew for its world at load, so a
reset world's queue is read whole; the night mark (the database's id, written into the
world) warns when the world was last run from another database (a forgotten --db).
"""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING

from monopoli_mc.bridge.inbox import NIGHT_QUERY, WORLD_QUERY, InboxError, parse_night, parse_world
from monopoli_mc.datapack import calls
from monopoli_mc.datapack.channel import SEQ

if TYPE_CHECKING:
    from monopoli_mc.controller.loop import Controller

_SEQ_REPLY = "has "


def follow_world(c: Controller) -> str:
    """The identity of the world connected to (stored as the one we follow); '' for a pack without one."""
    world = parse_world(c.command(WORLD_QUERY))
    if world is None:  # a pack from before world identities: a counter that went back means a new world
        world = ""
        seq = _int_after(c.command(f"scoreboard players get $seq {SEQ}"), _SEQ_REPLY)
        cursor = c.store.cursor(world)
        if seq is not None and seq < cursor:
            c.on_line(f"the world's event counter is {seq}, below ours ({cursor}): the world was reset; "
                      "following its counter (install the current pack so a reset is always seen)")
            with c.store.transaction():
                c.store.set_cursor(world, seq)
    last = c.store.meta("world")
    if world != last:
        if last:
            c.on_line(f"this is a new world (identity {world or 'none'}, was {last}): "
                      f"its events are read from event {c.store.cursor(world) + 1}")
        with c.store.transaction():
            c.store.set_meta("world", world)
    return world


def check_night(c: Controller) -> None:
    """Warn when the world was last run from another database (a forgotten --db), then mark it ours."""
    night = c.store.meta("night")
    if not night:
        night = uuid.uuid4().hex
        with c.store.transaction():
            c.store.set_meta("night", night)
    try:
        mark = parse_night(c.command(NIGHT_QUERY))
    except InboxError:
        mark = None
    if mark is not None and mark[0] != night:
        games = len(c.store.games())
        c.on_line(f"warning: this world was last run with the database {mark[1]!r}, which is not this one "
                  f"({c.store.path!r}, {games} game{'s' if games != 1 else ''}): if that was "
                  f"tonight's, stop and start again with --db {mark[1]}")
    if mark is None or mark[0] != night:
        c.command(calls.night_mark(night, c.store.path))


def _int_after(reply: str, marker: str) -> int | None:
    """The number in "$seq has 12 [monopoli.seq]"; None when the holder has no score."""
    head, sep, tail = reply.partition(marker)
    if not sep:
        return None
    word = tail.split(" ", 1)[0]
    return int(word) if word.lstrip("-").isdigit() else None
