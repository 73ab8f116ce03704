"""An inbox entry that cannot be applied is set aside with why, its player told where possible, and
passed: the next good input of another player is applied in the next poll (issue 19, item 1). An
operator's request that meets a controller error is answered with it, never taken again. Decided on
snapshots (`decide_support.Desk`); an item the pack never wrote is read by the controller's read phase
from the reply the server gives (`Desk.read_step`)."""

from __future__ import annotations

from typing import Any

import pytest
from decide_support import Desk

from monopoli_mc.controller.decide import inputs

from monopoli_mc.controller.game import intents

from monopoli_mc.controller.db import lineage, setaside
from monopoli_mc.controller.decide.admin import AdminDesk
from monopoli_mc.rules.phases import ROLL


def _throw(desk: Desk) -> tuple[str, int]:
    """The player to act throws the dice (queued, not yet decided); their name and the action count."""
    assert desk.game.phase == ROLL
    name = desk.game.names[desk.game.to_act()]
    desk.trigger(name, "d6")
    return name, desk.tables["main"].n_actions


def test_a_name_no_command_can_carry_is_told_through_a_selector_and_stops_nobody(desk: Desk) -> None:
    desk.trigger("Robin!", "join")  # offline mode and proxies allow such names
    desk.trigger("Robin!", "jar")
    name, before = _throw(desk)
    desk.step()
    assert desk.tables["main"].n_actions > before  # the throw was applied in the same poll
    assert any(line.startswith(f"{name} throws") for line in desk.said_to(name))
    said = desk.said_to("Robin!")
    assert any("cannot seat you" in line for line in said), said  # told through @a[name="Robin!"]
    assert any("not playing at a board" in line for line in said), said
    rows = setaside.rows(desk.store)
    assert [(r.name, r.kind) for r in rows] == [("Robin!", "join")]
    assert "cannot appear in a command" in rows[0].why and rows[0].uuid == desk.join("Robin!")
    assert lineage.applied_up_to(desk.store, "w") >= rows[0].seq  # passed: never read again
    assert "inputs set aside: 1 (" in desk.ask("status")


def test_an_error_nobody_foresaw_sets_the_entry_aside(desk: Desk, monkeypatch: pytest.MonkeyPatch) -> None:
    real = intents.to_action

    def broken(game: Any, seat: int, kind: str, value: int | None) -> Any:
        if kind == "jail_pay":
            raise ZeroDivisionError("a bug in one path")
        return real(game, seat, kind, value)

    monkeypatch.setattr(inputs.intents, "to_action", broken)
    other = [n for n in desk.game.names if n != desk.game.names[desk.game.to_act()]][0]
    desk.trigger(other, "jail_pay")
    name, before = _throw(desk)
    desk.step()
    assert desk.tables["main"].n_actions > before
    assert any("that did not work (a controller error)" in line for line in desk.said_to(other))
    (row,) = setaside.rows(desk.store)
    assert (row.name, row.kind) == (other, "jail_pay") and "ZeroDivisionError: a bug in one path" in row.why
    assert any(line.startswith("warning: inbox entry set aside: seq") and other in line for line in desk.lines)


def test_a_request_that_meets_a_controller_error_is_answered_and_stops_nobody(
        desk: Desk, monkeypatch: pytest.MonkeyPatch) -> None:
    real = AdminDesk.handle

    def broken(admin: AdminDesk, kind: str, *args: Any, **kwargs: Any) -> Any:
        if kind == "status":
            raise ZeroDivisionError("a bug in one request")
        return real(admin, kind, *args, **kwargs)

    monkeypatch.setattr(AdminDesk, "handle", broken)
    status = desk.request("status")
    name, before = _throw(desk)
    desk.step()
    assert desk.tables["main"].n_actions > before
    assert desk.store.answer_of(status) == ("error: a controller error (ZeroDivisionError: a bug in one request); "
                                            "nothing was changed")


def test_an_inbox_item_with_no_seq_or_kind_is_said_once_and_passed(desk: Desk) -> None:
    """Only the pack writes the inbox; an item edited in by hand that has no whole `seq` or no `kind`
    is said once (not on every poll while it waits) and passed: the input behind it is applied, and the
    acknowledgement the poll makes covers it. The read phase is the controller's own, given the reply the
    server gives (`Desk.listing`); that the pack drops such an item with the acknowledgement is proven on
    the wire by test_controller_deep_entry.py (test_an_entry_nested_past_vanilla_depth_is_passed...)."""
    odd = '{kind:"d6",note:"no seq"}'  # as `data modify storage monopoli:bridge inbox append value` puts it
    desk.read_step(desk.listing(odd))
    desk.read_step(desk.listing(odd))  # still there: nothing acknowledged it
    said = [line for line in desk.lines if "has no whole seq or no kind" in line]
    assert len(said) == 1 and 'note: "no seq"' in said[0], desk.lines
    assert desk.game.phase == ROLL
    name, before = desk.game.names[desk.game.to_act()], desk.tables["main"].n_actions  # their throw, queued:
    reads = desk.read_step(desk.listing(odd, desk.item(name, "d6", seq=1), counter=1))
    assert desk.tables["main"].n_actions > before  # the next input is applied
    assert reads.ack == 1  # and acknowledged: the pack drops the inbox up to it, the item with it
    assert len([line for line in desk.lines if "has no whole seq or no kind" in line]) == 1
