"""A poll's read phase: everything deciding needs, asked of the server before the transaction opens.

One request reads the inbox and the walkers' positions; only when the entries need
more is more asked: `list uuids` for a UUID (or an operator's named player) we do not
know or for an operator's `status` (it says who is online), the game time for an in-game operator request stamped with one, and, with several
boards, where a joining player or an operator stands. Deciding then asks nothing, so no
failure of the server can happen halfway through a decision.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from monopoli_mc.bridge.inbox import (TIME_QUERY, InboxError, Poll, Position, WorldEvent, parse_pos, parse_time,
                                      pos_query)
from monopoli_mc.controller import identity, ingame, lineage, stall
from monopoli_mc.controller.timers import Walks
from monopoli_mc.controller.wire import ask
from monopoli_mc.datapack.escape import is_player_name

if TYPE_CHECKING:
    from monopoli_mc.controller.loop import Controller


@dataclass
class Reads:
    """What one poll read before deciding: the inbox, and what deciding on it needs."""

    new: list[WorldEvent] = field(default_factory=list)  # those above their boot's cursor, to apply in order
    beyond: list[WorldEvent] = field(default_factory=list)  # above the pack's counter: set aside
    ack: int | None = None  # what the acknowledgement covers: the highest seq read that the pack wrote
    counter: int | None = None  # the pack's event counter
    game_time: int | InboxError | None = None  # read when an operator's entry is stamped; the error if unreadable
    standing: dict[str, Position | None] = field(default_factory=dict)  # by name: joiners, operators, walkers
    online: set[str] | None = None  # the names `list uuids` gave, when this poll asked it


PATIENCE = 30.0
"""How long (seconds) the inbox's entries wait for a `list uuids` or a position that reads when one of
them needs it, before going on without (the entries of players the list did not name are set aside, a
join whose player's position never read is told to stand on a board): a reply mixed with another RCON
client's passes, a read no reply of which reads does not stop the night."""


def read(c: Controller) -> Reads:
    """The poll's reads, in as few requests as its entries allow (one when idle)."""
    try:
        poll: Poll | None = identity.storage(c)
    except InboxError as exc:  # nothing is read, so nothing is applied or acknowledged: the next poll asks again
        c.on_line(f"warning: {exc}")
        poll = None
    if poll is None:
        reads = Reads()
    else:
        identity.check_mark(c, poll.night)  # before anything is applied or acknowledged
        for text in poll.unreadable:
            if text not in c.unreadable_said:  # it stays until an acknowledgement passes it: said once
                c.unreadable_said.add(text)
                c.on_line(f"warning: an inbox entry has no whole seq or no kind and is passed by: {text} "
                          "(only the pack writes the inbox: was storage monopoli:bridge edited by hand?)")
        back = lineage.went_back(c.store, c.world_id, poll)
        if back:
            c.on_line(back)
        split = lineage.sort(c.store, c.world_id, poll)
        reads = Reads(split.new, split.beyond, split.ack, poll.counter)
    if _list_needed(c, reads.new):
        reads.online = c.players.refresh()
        if reads.online is None and c.players.listing.failing_for() < PATIENCE:
            return Reads()  # the entries wait, none applied or acknowledged; timers and requests go on
    waits = stall.list_due(c.tables.values(), c.wall())
    if waits:  # a game waiting on one player: is that player online? (for the table's one line about it)
        stall.listed(waits, reads.online if reads.online is not None else c.players.refresh(), c.wall())
    if poll is not None:  # known before this poll's moves start walks: they are tagged at once
        c.walks.read(poll.positions, c.players.names)
    if any(e.is_admin and e.time is not None for e in reads.new):
        try:
            reads.game_time = ask(c.command, TIME_QUERY, parse_time)
        except InboxError as exc:  # said to the operator whose request needed it
            reads.game_time = exc
    wanted = [_stands(c, e) for e in reads.new] if len(c.tables) > 1 else []
    if c.walks.positions is None:  # a pack that does not report walkers: each is asked for
        wanted += Walks.walkers(c.tables.values())
    for name in wanted:
        if name is not None and name not in reads.standing and is_player_name(name):
            try:
                reads.standing[name] = ask(c.command, pos_query(name), lambda reply: parse_pos(reply, name))
            except InboxError as exc:
                if c.players.standing.failed():
                    c.on_line(f"warning: where {name} stands: {exc}; the inbox waits for it")
                if c.players.standing.failing_for() < PATIENCE:
                    return Reads()  # as for the player list: the entries wait, in order
                reads.standing[name] = None
            else:
                c.players.standing.read()
    return reads


def _list_needed(c: Controller, new: list[WorldEvent]) -> bool:
    """Whether `list uuids` must be asked: an entry from a UUID we do not know, an operator's request
    (in game or from `monopoli admin`) that seats a name we have never seen, or one for `status`."""
    names = c.players.names
    if any(e.uuid is not None and e.uuid not in names for e in new):
        return True
    waiting = c.store.waiting_requests() if c.store.has_requests() else []
    if any(e.kind == "admin_status" for e in new) or any(r.kind == "status" for r in waiting):
        return True
    named: list[object] = [e.target for e in new if e.kind == "admin_seat"]
    named += [r.args.get("player") for r in waiting if r.kind == "seat"]
    return any(isinstance(n, str) and c.players.known(n) is None for n in named)


def _stands(c: Controller, event: WorldEvent) -> str | None:
    """Whose position deciding on this entry needs (with several boards), if anyone's."""
    if event.is_admin:
        return ingame.needs_standing(c, event)
    return c.players.names.get(event.uuid or "") if event.kind == "join" else None
