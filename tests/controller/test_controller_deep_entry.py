"""An inbox entry nested past `data get`'s depth (vanilla prints `[<...>]`/`{<...>}` from 64 levels
down, ledger S7) is read as any other: one with no whole seq or kind is said once and passed, and the
board never stalls on it (issue 28, point 9)."""

from __future__ import annotations

import pytest
from controller_support import Rig
from hypothesis import given, settings
from hypothesis import strategies as st
from nbtlib import Compound, List, String

from monopoli_mc.vanilla import printed
from monopoli_mc.bridge.inbox import POLL_QUERY, parse_poll
from monopoli_mc.sandbox import nbt_tags
from monopoli_mc.rules.phases import ROLL


def _throw(rig: Rig) -> tuple[str, int]:
    assert rig.game.phase == ROLL
    name = rig.game.names[rig.game.to_act()]
    rig.bots[name].trigger("d6")
    return name, rig.ctl.tables["main"].n_actions


@pytest.mark.parametrize("nested", ["{a:" * 63 + "1" + "}" * 63, "{b:" + "[" * 70 + "1" + "]" * 70 + "}"])
def test_an_entry_nested_past_vanilla_depth_is_passed_and_the_board_goes_on(rig: Rig, nested: str) -> None:
    lines: list[str] = []
    rig.ctl.on_line = lines.append
    assert rig.rcon.command(f"data modify storage monopoli:bridge inbox append value {nested}") == (
        "Modified storage monopoli:bridge")
    listing = rig.rcon.command(POLL_QUERY)
    assert "<...>" in listing  # folded as vanilla folds it: the real shape the controller meets
    poll = parse_poll(listing)  # read whole; before, nbtlib stopped at the `<` and every poll failed
    assert len(poll.unreadable) == 1 and poll.unreadable[0].startswith(nested[:2])
    name, before = _throw(rig)
    rig.step()
    assert rig.ctl.tables["main"].n_actions > before  # the throw behind it is applied in that poll
    assert not any("does not parse" in line for line in lines), lines
    rig.step()
    said = [line for line in lines if "has no whole seq or no kind" in line]
    assert len(said) == 1, lines
    assert "<...>" not in rig.rcon.command("data get storage monopoli:bridge inbox")  # dropped with the ack


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("<.>[]{},'\"\\ ab\n")), max_size=30),
       st.sampled_from(["1.21.4", "1.21.11"]))
def test_a_fold_marker_inside_a_string_is_the_string(value: str, version: str) -> None:
    """Only vanilla's folds, outside strings, are read as folds: text that holds `[<...>]` is kept."""
    shown = nbt_tags.pretty(Compound({"s": String(value), "l": List[String]([String(value)])}), version)
    assert printed.read(shown) == {"s": value, "l": [value]}
