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
from typing import Callable

from monopoli_mc.bridge.inbox import (READ_QUERY, SEQ_QUERY, WORLD_QUERY, InboxError, NightMark, Poll, parse_poll,
                                      parse_score, parse_world)
from monopoli_mc.controller import lease
from monopoli_mc.controller.store import Store
from monopoli_mc.controller.wire import ask
from monopoli_mc.datapack import calls
from monopoli_mc.errors import LeaseError, RconError, WorldChanged

Command = Callable[[str], str]  # one RCON request
Say = Callable[[str], None]  # a line for the operator's terminal


def follow_world(command: Command, store: Store, say: Say, *, on_new_world: Callable[[], None] | None) -> str:
    """The identity of the world connected to (stored as the one we follow); '' for a pack without one.
    `on_new_world` is called when it is not the world this database followed last."""
    world = ask(command, WORLD_QUERY, parse_world)
    if world is None:  # a pack from before world identities: a counter that went back means a new world
        world = ""
        seq = ask(command, SEQ_QUERY, lambda reply: parse_score(reply, "$seq"))
        cursor = store.cursor(world)
        if seq is not None and seq < cursor:
            say(f"the world's event counter is {seq}, below ours ({cursor}): the world was reset; "
                "following its counter (install the current pack so a reset is always seen)")
            with store.transaction():
                store.set_cursor(world, seq)
    last = store.meta("world")
    if world != last:
        if last:
            say(f"this is a new world (identity {world or 'none'}, was {last}): "
                f"its events are read from event {store.cursor(world) + 1}")
        with store.transaction():
            store.set_meta("world", world)
        if last and on_new_world is not None:  # e.g. whether its boards are built
            on_new_world()
    return world


def check_night(command: Command, store: Store, say: Say, *, world: str, take_over: bool, new_night: bool) -> str:
    """Refuse a world another controller runs (unless taking over), and a world whose night is in another
    database with a game unfinished (unless `--new-night`); warn when the world was last run from a
    database that cannot be read (a forgotten --db); then mark it ours, by this database's absolute path.
    Returns this database's night id (the mark each poll's read compares with: `check_mark`).

    Raises LeaseError naming the other controller's database, host and process; OtherNight naming both
    databases' absolute paths; InboxError when the bridge storage does not read (asked again first: a
    reply mixed with another RCON client's is never taken for no mark).
    """
    night = night_id(store)
    mark = storage(command, world).night
    here = os.path.abspath(store.path)
    if mark is not None and lease.world_is_held(mark, night):
        if not take_over:
            raise LeaseError(lease.world_refusal(mark))
        say(f"took the world over from the controller with {lease.describe_mark(mark)}; "
            "it stops at its next poll")
    elif mark is not None and mark.id != night:
        _other_night(store, say, lease.night_of(mark), here, new_night=new_night)
    command(calls.night_mark(night, here, socket.gethostname(), os.getpid()))
    return night


def _other_night(store: Store, say: Say, other: lease.Night, here: str, *, new_night: bool) -> None:
    """The world was last run with another database: refused while that night has a game going."""
    mine = sum(1 for row in store.games() if not row.over)
    games = len(store.games())
    if other.unfinished:
        if not new_night:
            raise lease.OtherNight(lease.night_refusal(other, here, games))
        say(f"a new night in this world with {here} (--new-night): the games in {other.path} stay there "
            f"({other.games_words()})")
    elif other.games and not games:  # a new night after one whose games are all over: said, not refused
        say(f"note: a new night in {here}; this world's last night, in {other.path}, has "
            f"{other.games} game{'s' if other.games != 1 else ''}, all over")
    elif other.unreadable and not mine:  # a night of its own would show here: this may be a forgotten --db
        say(f"warning: this world was last run with the database {other.path}, which cannot be read "
            f"({other.unreadable}); this one is {here} ({games} game{'s' if games != 1 else ''}): if that "
            f"was tonight's, stop and start again with --db and its path")


def storage(command: Command, world: str) -> Poll:
    """The bridge storage, whole (the inbox, the walkers, the mark), read once: asked again while the reply
    is not this world's (InboxError after the last try).

    The night mark is read from it rather than on its own: another RCON client's reply mixed into ours
    (vanilla shares one reply buffer) could be a compound too, but none but the storage itself carries
    the world's identity (`world`, the one followed; '' before it is known). Raises WorldChanged when it
    carries another identity than the one followed.
    """
    return ask(command, READ_QUERY, lambda reply: _ours(world, parse_poll(reply)))


def _ours(world: str, poll: Poll) -> Poll:
    if world and poll.world != world:
        if poll.world is None:
            raise InboxError("the reply is not the bridge storage (it holds no world identity)")
        raise WorldChanged(f"the world's identity is {poll.world} now (was {world})")
    return poll


def night_id(store: Store) -> str:
    """This database's night id (drawn once, kept in the database)."""
    night = store.meta("night")
    if not night:
        night = uuid.uuid4().hex
        with store.transaction():
            store.set_meta("night", night)
    return night


def check_mark(mark: NightMark | None, night: str) -> None:
    """Each poll, before deciding: stop (LeaseError) when the world's mark is another controller's now
    (`night`: ours, as `check_night` returned it, so a poll reads no row for it)."""
    if mark is not None and mark.id != night:
        raise LeaseError(lease.taken_over(mark))


def clear_mark(command: Command, store: Store, world: str) -> None:
    """At a clean stop: the world's mark says nobody runs it (PID 0), when it is still ours and reachable."""
    try:
        mark = storage(command, world).night
        if mark is not None and mark.id == night_id(store):
            command(calls.night_mark(mark.id, mark.db, mark.host, 0))
            command(calls.still())  # the pack answers inputs from now on: the controller is not there
    except (RconError, InboxError, WorldChanged):
        pass  # away, unreadable or another world: the mark names a process that is gone, which is seen too
