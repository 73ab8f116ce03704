"""A poll's read phase: everything deciding needs, asked of the server before the transaction opens.

One request reads the inbox and the walkers' positions; only when the entries need
more is more asked: `list uuids` for a UUID (or an operator's named player) we do not
know or for an operator's `status` (it says who is online), the game time for an in-game operator request stamped with one, and, with several
boards, where a joining player or an operator stands. Deciding then asks nothing, so no
failure of the server can happen halfway through a decision.
"""

from __future__ import annotations

import os
from typing import Callable

from monopoli_mc.bridge.inbox import TIME_QUERY, InboxError, Poll, WorldEvent, parse_pos, parse_time, pos_query
from monopoli_mc.controller.io import identity
from monopoli_mc.controller.decide import ingame
from monopoli_mc.controller.db import lineage
from monopoli_mc.controller.clocks import stall
from monopoli_mc.controller.io.players import Players
from monopoli_mc.controller.decide.snapshot import Reads
from monopoli_mc.controller.db.store import Store
from monopoli_mc.controller.game.table import BoardGame
from monopoli_mc.controller.clocks.timers import Walks
from monopoli_mc.controller.io.wire import ask
from monopoli_mc.datapack import calls
from monopoli_mc.datapack.escape import is_player_name

PATIENCE = 30.0
"""How long (seconds) the inbox's entries wait for a `list uuids` or a position that reads when one of
them needs it, before going on without (the entries of players the list did not name are set aside, a
join whose player's position never read is told to stand on a board): a reply mixed with another RCON
client's passes, a read no reply of which reads does not stop the night."""


class Reader:
    """The read phase: its tools (one RCON request, the store, who is who, a line for the terminal), given by
    the loop, and what it keeps from one poll to the next."""

    def __init__(self, command: Callable[[str], str], store: Store, players: Players,
                 say: Callable[[str], None]) -> None:
        self.command = command
        self.store = store
        self.players = players
        self.say = say
        self.unreadable_said: set[str] = set()  # inbox items that cannot be read, said once each
        self.boot: tuple[str, int] | None = None  # (world, boot) last recorded: an idle poll reads no row for it

    def read(self, *, world: str, token: str, tables: dict[str, BoardGame], walks: Walks, wall: float) -> Reads:
        """The poll's reads, in as few requests as its entries allow (one when idle): `world` is the identity
        followed, `token` this controller's lease token (a mark carrying another stops it), `walks` learns
        the walkers' positions, `wall` is the time of day."""
        try:
            poll: Poll | None = identity.storage(self.command, world)
        except InboxError as exc:  # nothing is read, so nothing is applied or acknowledged: the next poll asks again
            self.say(f"warning: {exc}")
            poll = None
        if poll is None:
            reads = Reads()
        else:
            identity.check_mark(poll.night, token, os.path.abspath(self.store.path))  # before anything is applied or acknowledged
            for text in poll.unreadable:
                if text not in self.unreadable_said:  # it stays until an acknowledgement passes it: said once
                    self.unreadable_said.add(text)
                    self.say(f"warning: an inbox entry has no whole seq or no kind and is passed by: {text} "
                             "(only the pack writes the inbox: was storage monopoli:bridge edited by hand?)")
            if poll.boot is not None and self.boot != (world, poll.boot):  # a boot not recorded yet
                back = lineage.went_back(self.store, world, poll)
                self.boot = (world, poll.boot)
                if back:
                    self.say(back)
            split = lineage.sort(self.store, world, poll)
            reads = Reads(split.new, split.beyond, split.ack, poll.counter)
        players = self.players
        if self._list_needed(reads.new, tables):
            reads.online = players.refresh()
            if reads.online is None and players.listing.failing_for() < PATIENCE:
                return Reads()  # the entries wait, none applied or acknowledged; timers and requests go on
        waits = stall.list_due(tables.values(), wall)
        if waits:  # a game waiting on one player: is that player online? (for the table's one line about it)
            stall.listed(waits, reads.online if reads.online is not None else players.refresh(), wall)
        if poll is not None:  # known before this poll's moves start walks: they are tagged at once
            walks.read(poll.positions, players.names)
        if any(e.is_admin and e.time is not None for e in reads.new):
            try:
                reads.game_time = ask(self.command, TIME_QUERY, parse_time)
            except InboxError as exc:  # said to the operator whose request needed it
                reads.game_time = exc
        wanted: list[str | None] = []
        for e in reads.new if len(tables) > 1 else []:
            name = self._stands(e, tables)
            if name is not None and e.kind == "join" and e.at is not None:
                reads.standing[name] = e.at  # where they stood when they joined, in the entry: nothing to ask
            else:
                wanted.append(name)
        if walks.positions is None:  # a pack that does not report walkers: each is asked for
            wanted += Walks.walkers(tables.values())
        twins = calls.case_twins(players.names.values())  # a name vanilla would find ignoring case: aimed exactly
        for name in wanted:
            if name is not None and name not in reads.standing and is_player_name(name):
                query = pos_query(name) if name not in twins else f"data get entity {calls.aimed(name, twins)} Pos"
                try:
                    reads.standing[name] = ask(self.command, query, lambda reply: parse_pos(reply, name))
                except InboxError as exc:
                    if players.standing.failed():
                        self.say(f"warning: where {name} stands: {exc}; the inbox waits for it")
                    if players.standing.failing_for() < PATIENCE:
                        return Reads()  # as for the player list: the entries wait, in order
                    reads.standing[name] = None
                else:
                    players.standing.read()
        return reads

    def _list_needed(self, new: list[WorldEvent], tables: dict[str, BoardGame]) -> bool:
        """Whether `list uuids` must be asked: an entry from a UUID we do not know, an operator's request
        (in game or from `monopoli admin`) that seats a name we have never seen, or one for `status`."""
        names = self.players.names
        if any(e.uuid is not None and e.uuid not in names for e in new):
            return True
        store = self.store
        waiting = store.waiting_requests() if store.has_requests() else []
        if any(e.kind == "admin_status" for e in new) or any(r.kind == "status" for r in waiting):
            return True
        named: list[object] = [e.target for e in new if e.kind == "admin_seat"]
        named += [r.args.get("player") for r in waiting if r.kind == "seat"]
        return any(isinstance(n, str) and self.players.known(n) is None for n in named)

    def _stands(self, event: WorldEvent, tables: dict[str, BoardGame]) -> str | None:
        """Whose position deciding on this entry needs (with several boards), if anyone's."""
        if event.is_admin:
            return ingame.needs_standing(event, tables, self.players.names)
        return self.players.names.get(event.uuid or "") if event.kind == "join" else None
