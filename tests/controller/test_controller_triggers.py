"""Triggers never stay locked: whatever value a use leaves, the trigger is enabled again and explained
(the pack's locks, over RCON); a positive value on a trigger that takes none is decided on a snapshot."""

from __future__ import annotations

import pytest
from controller_support import Rig
from decide_support import Desk

from monopoli_mc.datapack.channel import INTENTS

LOCKED = "You cannot trigger this objective yet"
UNLOCK_TICKS = 20  # the pack's unlock sweep runs once a second


@pytest.mark.parametrize("value", [0, -3])
def test_every_trigger_at_zero_or_below_is_enabled_again_and_answered(rig: Rig, value: int) -> None:
    before = rig.game.to_data()
    name = rig.game.names[rig.game.to_act()]  # the deciding player: a d6 at 0 must not roll
    bot = rig.bots[name]
    for intent in INTENTS:
        assert LOCKED not in " ".join(bot.trigger(intent.name, "set", value)), intent.name
        assert LOCKED in " ".join(bot.trigger(intent.name, "set", value)), "the use locks the trigger"
        rig.step(UNLOCK_TICKS)
        said = rig.said_to(name)
        assert said, f"/trigger {intent.name} set {value} was not answered"
        if not intent.takes_value:
            assert any(f"{value} means nothing to /trigger {intent.name}" in line for line in said), said
        assert LOCKED not in " ".join(bot.trigger(intent.name, "set", value)), \
            f"/trigger {intent.name} stayed locked after set {value}"
        rig.step(UNLOCK_TICKS)
        rig.said_to(name)
    assert rig.game.to_data() == before


def test_a_bid_at_zero_says_what_a_bid_is(rig: Rig) -> None:
    name = rig.game.names[0]
    rig.bots[name].trigger("bid", "set", 0)
    rig.step()
    assert rig.said_to(name) == []  # a use at 0 changes no score: only the sweep finds it
    rig.step(UNLOCK_TICKS)
    assert any("a bid is a whole number of dollars above 0, not 0" in line for line in rig.said_to(name))


def test_a_positive_value_on_a_trigger_without_one_is_the_trigger(desk: Desk) -> None:
    name = desk.game.names[desk.game.to_act()]
    desk.trigger(name, "d6", 5)  # /trigger d6 set 5
    desk.step()
    actions = desk.store.actions(desk.tables["main"].game_id)
    assert actions[0] == ("roll", desk.game.names.index(name), None)
