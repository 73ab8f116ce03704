"""Which inbox entries are new: a cursor per boot, and a world put back to an earlier save.

The pack stamps every entry with the boot it was queued under, drawn at each load (server
start or `/reload`). Within a boot `seq` only grows. A world put back to an earlier save (a
crash that loses what came after the last autosave, or a backup restored) keeps its identity,
and its counter counts again from the save's: its entries repeat numbers the controller has
applied. But it loads again, so they carry a new boot. Hence a cursor per (world, boot): an
entry is new when its `seq` is above its boot's cursor, and a boot never seen has applied
nothing. The entries the restored world still holds from before the save carry the old boot,
whose cursor is past them: applied once, never again.

An entry above the pack's counter was not written by the pack (only a hand puts one there):
it is set aside unapplied, so no value can move a cursor past the inputs still to come, and the
pack drops it with the next acknowledgement.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from monopoli_mc.bridge.inbox import Poll, WorldEvent
from monopoli_mc.controller.db.store import Store


def key(world: str, boot: int | None) -> str:
    """The cursor's key: the world's identity, and the boot when the pack stamps one."""
    return world if boot is None else f"{world}@{boot}"


@dataclass
class Sorted:
    """A read's entries: the new ones in order, those above the counter, and what to acknowledge."""

    new: list[WorldEvent] = field(default_factory=list)
    beyond: list[WorldEvent] = field(default_factory=list)  # not written by the pack: set aside
    ack: int | None = None  # the highest seq read that the pack wrote: the pack drops up to it


def sort(store: Store, world: str, poll: Poll) -> Sorted:
    """Split a read by the cursors and the pack's counter (a counter of None: a pack before counters)."""
    out = Sorted()
    cursors: dict[str, int] = {}
    for event in poll.events:
        if poll.counter is not None and event.seq > poll.counter:
            out.beyond.append(event)
            continue
        out.ack = event.seq if out.ack is None else max(out.ack, event.seq)
        k = key(world, event.boot)
        if k not in cursors:
            cursors[k] = store.cursor(k)
        if event.seq > cursors[k]:
            out.new.append(event)
    if out.ack is None and out.beyond:  # only entries above the counter: the pack drops them with any ack
        out.ack = poll.counter
    return out


def advance(store: Store, world: str, applied: list[WorldEvent]) -> None:
    """Move each boot's cursor past the entries applied (inside the poll's transaction)."""
    last: dict[str, int] = {}
    for event in applied:
        k = key(world, event.boot)
        last[k] = max(last.get(k, event.seq), event.seq)
    for k, seq in last.items():
        store.set_cursor(k, seq)
    if applied:
        store.set_last_applied(world, applied[-1].seq)


def applied_up_to(store: Store, world: str) -> int:
    """The seq of the last entry applied (or set aside) in this world, whatever its boot; 0 for none."""
    return store.last_applied(world)


def went_back(store: Store, world: str, poll: Poll) -> str | None:
    """The operator's line when this read shows a new boot that began below the last entry applied in
    this world (a save put back); records the boot either way. None when nothing went back."""
    if poll.boot is None:
        return None
    seen = store.boot_seen(world)
    if seen == str(poll.boot):
        return None
    with store.transaction():
        store.set_boot_seen(world, str(poll.boot))
    last = applied_up_to(store, world)
    if not seen or poll.since is None or poll.since >= last:
        return None
    return (f"the world went back to an earlier save: its event counter began again at {poll.since}, below "
            f"the {last} events already applied. Inputs queued since are applied; those applied before the save "
            "point are not applied again; the games go on from the database, and the world is rewritten to "
            "match it (what players did after the save and before the crash stays applied)")
