"""Which world this is, and which controller runs it: asked once after each (re)connect.

The inbox cursor belongs to the identity the pack drew for its world at load, so a
reset world's queue is read whole. The night mark (the database's id, path, host and
PID, written into the world) makes the world a lease of its own: a controller started on
a world another one runs is refused whatever its database (`--take-over` takes it). One night,
one database: a world whose night is in another database with a game unfinished is refused
naming both by their absolute paths (`--new-night` begins a new one), and one last run from a
database that cannot be read is said (a forgotten --db).
"""

from __future__ import annotations

import os
import socket
import uuid
from typing import TYPE_CHECKING

from monopoli_mc.bridge.inbox import (POLL_QUERY, SEQ_QUERY, WORLD_QUERY, InboxError, NightMark, Poll, parse_poll,
                                      parse_score, parse_world)
from monopoli_mc.controller import lease
from monopoli_mc.controller.wire import ask
from monopoli_mc.datapack import calls
from monopoli_mc.errors import LeaseError, RconError, WorldChanged

if TYPE_CHECKING:
    from monopoli_mc.controller.loop import Controller


def follow_world(c: Controller) -> str:
    """The identity of the world connected to (stored as the one we follow); '' for a pack without one."""
    world = ask(c.command, WORLD_QUERY, parse_world)
    if world is None:  # a pack from before world identities: a counter that went back means a new world
        world = ""
        seq = ask(c.command, SEQ_QUERY, lambda reply: parse_score(reply, "$seq"))
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
        if last and c.on_new_world is not None:  # e.g. whether its boards are built
            c.on_new_world()
    return world


def check_night(c: Controller) -> None:
    """Refuse a world another controller runs (unless taking over), and a world whose night is in another
    database with a game unfinished (unless `--new-night`); warn when the world was last run from a
    database that cannot be read (a forgotten --db); then mark it ours, by this database's absolute path.

    Raises LeaseError naming the other controller's database, host and process; OtherNight naming both
    databases' absolute paths; InboxError when the bridge storage does not read (asked again first: a
    reply mixed with another RCON client's is never taken for no mark).
    """
    night = night_id(c)
    mark = storage(c).night
    here = os.path.abspath(c.store.path)
    if mark is not None and lease.world_is_held(mark, night):
        if not c.settings.take_over:
            raise LeaseError(lease.world_refusal(mark))
        c.on_line(f"took the world over from the controller with {lease.describe_mark(mark)}; "
                  "it stops at its next poll")
    elif mark is not None and mark.id != night:
        _other_night(c, lease.night_of(mark), here)
    c.command(calls.night_mark(night, here, socket.gethostname(), os.getpid()))


def _other_night(c: Controller, other: lease.Night, here: str) -> None:
    """The world was last run with another database: refused while that night has a game going."""
    mine = sum(1 for row in c.store.games() if not row.over)
    games = len(c.store.games())
    if other.unfinished:
        if not c.settings.new_night:
            raise lease.OtherNight(lease.night_refusal(other, here, games))
        c.on_line(f"a new night in this world with {here} (--new-night): the games in {other.path} stay there "
                  f"({other.games_words()})")
    elif other.games and not games:  # a new night after one whose games are all over: said, not refused
        c.on_line(f"note: a new night in {here}; this world's last night, in {other.path}, has "
                  f"{other.games} game{'s' if other.games != 1 else ''}, all over")
    elif other.unreadable and not mine:  # a night of its own would show here: this may be a forgotten --db
        c.on_line(f"warning: this world was last run with the database {other.path}, which cannot be read "
                  f"({other.unreadable}); this one is {here} ({games} game{'s' if games != 1 else ''}): if that "
                  f"was tonight's, stop and start again with --db and its path")


def storage(c: Controller) -> Poll:
    """The bridge storage, whole (the inbox, the walkers, the mark), read once: asked again while the reply
    is not this world's (InboxError after the last try).

    The night mark is read from it rather than on its own: another RCON client's reply mixed into ours
    (vanilla shares one reply buffer) could be a compound too, but none but the storage itself carries
    the world's identity. Raises WorldChanged when it carries another identity than the one followed.
    """
    return ask(c.command, POLL_QUERY, lambda reply: _ours(c, parse_poll(reply)))


def _ours(c: Controller, poll: Poll) -> Poll:
    if c.world_id and poll.world != c.world_id:
        if poll.world is None:
            raise InboxError("the reply is not the bridge storage (it holds no world identity)")
        raise WorldChanged(f"the world's identity is {poll.world} now (was {c.world_id})")
    return poll


def night_id(c: Controller) -> str:
    """This database's night id (drawn once, kept in the database)."""
    night = c.store.meta("night")
    if not night:
        night = uuid.uuid4().hex
        with c.store.transaction():
            c.store.set_meta("night", night)
    return night


def check_mark(c: Controller, mark: NightMark | None) -> None:
    """Each poll, before deciding: stop (LeaseError) when the world's mark is another controller's now."""
    if mark is not None and mark.id != night_id(c):
        raise LeaseError(lease.taken_over(mark))


def clear_mark(c: Controller) -> None:
    """At a clean stop: the world's mark says nobody runs it (PID 0), when it is still ours and reachable."""
    try:
        mark = storage(c).night
        if mark is not None and mark.id == night_id(c):
            c.command(calls.night_mark(mark.id, mark.db, mark.host, 0))
    except (RconError, InboxError, WorldChanged):
        pass  # away, unreadable or another world: the mark names a process that is gone, which is seen too
