"""The world's past is never mistaken for its future: a world put back to an earlier save (the
same identity, its counter below what the controller applied) has its new inputs applied, the
inputs applied before the save point are not applied again, and the operator is told (over RCON, a
world saved and put back in the sandbox). No counter value makes the controller ignore input (decided on
a snapshot, read by the controller's read phase from the server's reply)."""

from __future__ import annotations

import copy
import re

from controller_support import Rig
from decide_support import WORLD_ID, Desk

from monopoli_mc.controller.db import lineage, setaside

_NO_DEED = re.compile(r"space (\d+) has no title deed")


def _press(rig: Rig, name: str, value: int) -> None:
    rig.bots[name].trigger("deed", "set", value)
    rig.box.world.tick()  # queued by the pack


def _answers(rig: Rig, name: str) -> list[int]:
    return _told(rig.said_to(name))


def _told(lines: list[str]) -> list[int]:
    return [int(m.group(1)) for line in lines for m in [_NO_DEED.search(line)] if m]


def _restore(rig: Rig, saved: tuple[object, object]) -> None:
    """The server stops, the world's save is put back, the server starts: the pack loads again."""
    world = rig.box.world
    world.storage, world.scoreboard = copy.deepcopy(saved)  # type: ignore[assignment]
    world.reload()
    world.tick()


def test_a_world_put_back_to_an_earlier_save(rig: Rig) -> None:
    lines: list[str] = []
    rig.ctl.on_line = lines.append
    world = rig.box.world
    _press(rig, "Alex", 1001)
    _press(rig, "Sam", 1002)  # queued, not yet read when the world is saved
    saved = copy.deepcopy((world.storage, world.scoreboard))
    rig.ctl.poll()
    for value in range(1003, 1008):
        _press(rig, "Alex", value)
        rig.ctl.poll()
    assert _answers(rig, "Alex") == [1001, *range(1003, 1008)] and _answers(rig, "Sam") == [1002]
    _restore(rig, saved)  # the world forgets 1003-1007; its counter is below the controller's cursor
    for value in range(2001, 2009):
        _press(rig, "Alex" if value % 2 else "Sam", value)
    for _ in range(3):
        rig.ctl.poll()
    assert _answers(rig, "Alex") == [2001, 2003, 2005, 2007]
    assert _answers(rig, "Sam") == [2002, 2004, 2006, 2008]  # and not 1002 again
    said = "\n".join(lines)
    assert "earlier save" in said, said


def test_no_entry_can_make_the_controller_deaf() -> None:
    """An entry above the pack's counter (only a hand puts one there) moves no cursor: it is set aside, and
    the inputs queued after it are applied. The read phase is the controller's own, given the replies the
    server gives (`Desk.listing`, as its `data get` prints the storage); that the pack's acknowledgement
    drops such an entry is proven by tests/datapack/test_datapack_inbox_bound.py
    (test_an_entry_beyond_the_counter_cannot_stop_the_inbox), the read over RCON by the test above."""
    desk = Desk(["Alex", "Sam"])
    hand = desk.item("Alex", "deed", 999, seq=2147483647)  # `data modify storage monopoli:bridge inbox append`
    reads = desk.read_step(desk.listing(hand, counter=2))
    assert [e.seq for e in reads.beyond] == [2147483647] and reads.ack == 2  # the pack drops it with this ack
    assert [(r.name, r.kind) for r in setaside.rows(desk.store)] == [("Alex", "deed")]
    desk.read_step(desk.listing(desk.item("Alex", "deed", 1001, seq=3), desk.item("Sam", "deed", 1002, seq=4),
                                counter=4))
    assert _told(desk.said_to("Alex")) == [1001]  # and not 999
    assert _told(desk.said_to("Sam")) == [1002]
    assert desk.store.cursor(lineage.key(str(WORLD_ID), 1)) == 4
