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
from monopoli_mc.controller.db import fileid, lease
from monopoli_mc.controller.db.store import Store
from monopoli_mc.controller.io.wire import ask
from monopoli_mc.datapack import calls
from monopoli_mc.errors import LeaseError, RconError, WorldChanged

Command = Callable[[str], str]  # one RCON request
Say = Callable[[str], None]  # a line for the operator's terminal


def follow_world(command: Command, store: Store, say: Say, *, on_new_world: Callable[[], None] | None,
                 key: str = "") -> str:
    """The identity of the world connected to (stored as the one this world config follows, `key`: its RCON
    address, as several worlds share one night's database); '' for a pack without one. `on_new_world` is
    called when it is not the world this database followed last at that address."""
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
    last = store.world_followed(key)
    if world != last:
        if last:
            say(f"this is a new world (identity {world or 'none'}, was {last}): "
                f"its events are read from event {store.cursor(world) + 1}")
        with store.transaction():
            store.set_world_followed(key, world)
        if last and on_new_world is not None:  # e.g. whether its boards are built
            on_new_world()
    return world


def check_night(command: Command, store: Store, say: Say, *, world: str, token: str, take_over: bool,
                new_night: bool, go_back: bool = False) -> str:
    """Refuse a world another controller runs (unless taking over: it stops at its next poll, whatever database
    it runs on); a world that runs on another file of this night (a copy, or the file this one was copied
    from) or that has applied more than this file holds (an older copy put back), unless `go_back`; a world
    whose night is in another database with a game unfinished (unless `new_night`); warn when the world was
    last run from a database that cannot be read (a forgotten --db); then mark it ours: this database's
    absolute path and file identity, how far it has applied, and our lease `token` (the mark each poll's
    read compares with: `check_mark`). Returns this database's night id.

    Raises LeaseError naming the other controller's database, host and process; NotTheLiveFile naming both
    files and how far behind; OtherNight naming both databases' absolute paths; InboxError when the bridge
    storage does not read (asked again first: a reply mixed with another RCON client's is never taken for no
    mark).
    """
    night = night_id(store)
    mark = storage(command, world).night
    here = os.path.abspath(store.path)
    me = fileid.current(store)
    held = mark is not None and lease.world_is_held(mark, token)
    if mark is not None and mark.id == night and mark.file and (mark.file != me.id or mark.applied > me.steps):
        if held and not (take_over and go_back):  # another file of this night runs the world now: both choices
            raise NotTheLiveFile(live_refusal(mark, me, here))
        if not go_back:
            raise NotTheLiveFile(not_live(mark, me, here))
        say(gone_back(mark, me, here))
    elif held and not take_over:
        raise LeaseError(lease.world_refusal(mark))  # type: ignore[arg-type]
    elif mark is not None and not held and mark.id != night:
        _other_night(store, say, lease.night_of(mark), here, new_night=new_night)
    if held:
        say(f"took the world over from the controller with {lease.describe_mark(mark)}; "  # type: ignore[arg-type]
            "it stops at its next poll")
    command(calls.night_mark(night, here, socket.gethostname(), os.getpid(), token=token, file=me.id,
                             origin=me.origin, applied=me.steps, moves=me.moves, at=int(me.at)))
    return night


class NotTheLiveFile(LeaseError):
    """This database is not the file the world runs on: a copy of it, an older one, or the file it was copied from."""


def _relation(mark: NightMark, me: fileid.FileId, here: str) -> str:
    """How this file stands to the one the world's mark names."""
    if mark.file == me.id:
        return f"{here} is behind this world"
    if me.origin == mark.file:
        return f"{here} is a copy of {mark.db}, the database this world runs on,"
    if mark.origin == me.id:
        return f"this world runs on {mark.db}, a copy made of {here},"
    return f"this world runs on {mark.db}, another file of the same night as {here},"


def _lost(mark: NightMark, me: fileid.FileId) -> str:
    """What running on this file loses of what the world applied: '' when nothing."""
    steps, moves = mark.applied - me.steps, mark.moves - me.moves
    if steps <= 0:
        return ""
    since = f" since {lease.clock(me.at)}" if me.at else ""
    return (f"{max(moves, 0)} move{'s' if moves != 1 else ''} ({steps} step{'s' if steps != 1 else ''} of the "
            f"controller, the last at {lease.clock(mark.at)}) applied in the world{since}")


def live_refusal(mark: NightMark, me: fileid.FileId, here: str) -> str:
    """Why `run` does not start on a copy (or an older file) of the database whose controller runs the world now."""
    lost = _lost(mark, me)
    return (f"{_relation(mark, me, here).rstrip(',')}, and its controller runs it now ({lease.describe_mark(mark)}): "
            f"two files of one night must not both run it{'; this one lacks ' + lost if lost else ''}. Leave that "
            f"controller running; to replace its night by this file on purpose, add --take-over --go-back (that "
            f"controller stops{', and what this file lacks is lost' if lost else ''})")


def not_live(mark: NightMark, me: fileid.FileId, here: str) -> str:
    """Why `run` does not start on a file that is not the world's live one, and what to do."""
    lost = _lost(mark, me)
    back = (f"those moves are lost, and the inputs they took from the inbox are not played again" if lost
            else "nothing the world applied is lost")
    if mark.file == me.id:
        return (f"{here} is behind this world: it lacks {lost}; it is an older copy put back in its place (a backup "
                f"restored?). Put the newer file back if you have it; to go back to this one on purpose, add "
                f"--go-back ({back})")
    return (f"{_relation(mark, me, here)} {('it lacks ' + lost) if lost else 'holding the same moves'}: to go on "
            f"with the night, start with --db {mark.db}; to make {here} the night's database on purpose, add "
            f"--go-back ({back}; {mark.db} is refused from then on)")


def gone_back(mark: NightMark, me: fileid.FileId, here: str) -> str:
    """The line `--go-back` says: which file the world runs on now, and what was lost."""
    lost = _lost(mark, me)
    was = mark.db if mark.file != me.id else "the newer file"
    return (f"going back (--go-back): this world runs on {here} from now on, not on {was}; "
            f"{('lost: ' + lost + ' (the inputs they took from the inbox are not played again)') if lost else 'nothing the world applied is lost'}")


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
    night = store.night_id()
    if not night:
        night = uuid.uuid4().hex
        with store.transaction():
            store.set_night_id(night)
    return night


def check_mark(mark: NightMark | None, token: str, db: str = "") -> None:
    """Each poll, before deciding: stop (LeaseError) when the world's mark is another controller's now: it
    carries another lease token than ours (`token`, so a poll reads no row for it), whatever its night or
    database (a copy shares the night's id). `db`: our database's absolute path, to say which was taken."""
    if mark is not None and mark.token != token:
        if db and mark.db == db:  # the same file: its lease was taken too
            host = mark.host or "an unknown host"
            raise LeaseError(f"{db} was taken over by another controller (pid {mark.pid} on {host}); this one stops "
                             "so that only one writes the night")
        raise LeaseError(lease.taken_over(mark))


def clear_mark(command: Command, world: str, token: str) -> None:
    """At a clean stop: the world's mark says nobody runs it (PID 0), when it is still ours and reachable."""
    try:
        mark = storage(command, world).night
        if mark is not None and mark.token == token:
            command(calls.night_mark(mark.id, mark.db, mark.host, 0, token=mark.token, file=mark.file,
                                     origin=mark.origin, applied=mark.applied, moves=mark.moves, at=mark.at))
            command(calls.still())  # the pack answers inputs from now on: the controller is not there
    except (RconError, InboxError, WorldChanged):
        pass  # away, unreadable or another world: the mark names a process that is gone, which is seen too
