"""Triggers never stay locked: whatever value a use leaves, the pack queues it and enables the trigger
again (`tests/datapack/test_datapack_sandbox.py`, the pack's locks in the sandbox); the controller answers
each use, decided on a snapshot (`decide_support.Desk`), a positive value on a trigger that takes none too."""

from __future__ import annotations

import pytest
from decide_support import Desk

from monopoli_mc.datapack.channel import INTENTS


@pytest.mark.parametrize("value", [0, -3])
def test_every_trigger_at_zero_or_below_is_answered_and_changes_nothing(desk: Desk, value: int) -> None:
    before = desk.game.to_data()
    name = desk.game.names[desk.game.to_act()]  # the deciding player: a d6 at 0 must not roll
    for intent in INTENTS:
        desk.trigger(name, intent.name, value)  # what the pack queues for `/trigger <name> set <value>`
        desk.step()
        said = desk.said_to(name)
        assert said, f"/trigger {intent.name} set {value} was not answered"
        if not intent.takes_value:
            assert any(f"{value} means nothing to /trigger {intent.name}" in line for line in said), said
    assert desk.game.to_data() == before


def test_a_bid_at_zero_says_what_a_bid_is(desk: Desk) -> None:
    name = desk.game.names[0]
    desk.trigger(name, "bid", 0)  # queued by the pack's unlock sweep (a use at 0 changes no score)
    desk.step()
    assert any("a bid is a whole number of dollars above 0, not 0" in line for line in desk.said_to(name))


def test_a_positive_value_on_a_trigger_without_one_is_the_trigger(desk: Desk) -> None:
    name = desk.game.names[desk.game.to_act()]
    desk.trigger(name, "d6", 5)  # /trigger d6 set 5
    desk.step()
    actions = desk.store.actions(desk.tables["main"].game_id)
    assert actions[0] == ("roll", desk.game.names.index(name), None)
