"""The world's past is never mistaken for its future: a world put back to an earlier save (the
same identity, its counter below what the controller applied) has its new inputs applied, the
inputs applied before the save point are not applied again, and the operator is told. No
counter value makes the controller ignore input."""

from __future__ import annotations

import copy
import re

from controller_support import Rig

_NO_DEED = re.compile(r"space (\d+) has no title deed")


def _press(rig: Rig, name: str, value: int) -> None:
    rig.bots[name].trigger("deed", "set", value)
    rig.box.world.tick()  # queued by the pack


def _answers(rig: Rig, name: str) -> list[int]:
    return [int(m.group(1)) for line in rig.said_to(name) for m in [_NO_DEED.search(line)] if m]


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


def test_no_entry_can_make_the_controller_deaf(rig: Rig) -> None:
    world = rig.box.world
    alex = world.execute("data get entity Alex UUID")[0].partition("entity data: ")[2]
    world.execute(f'data modify storage monopoli:bridge inbox append value {{seq:2147483647,kind:"deed",'
                  f'value:999,uuid:{alex}}}')
    rig.ctl.poll()
    _press(rig, "Alex", 1001)
    _press(rig, "Sam", 1002)
    rig.ctl.poll()
    rig.ctl.poll()
    assert _answers(rig, "Alex") == [1001]
    assert _answers(rig, "Sam") == [1002]
