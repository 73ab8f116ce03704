"""The controller reads back any string a release prints in `data get` (ledger row S9)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nbtlib import Compound, Int, List, String

from monopoli_mc.bridge.inbox import parse_poll
from monopoli_mc.bridge.snbt_reply import parse
from monopoli_mc.sandbox import snbt

TEXT = st.text(st.characters(blacklist_categories=["Cs"]), max_size=30)


@settings(max_examples=150, deadline=None)
@given(key=TEXT, text=TEXT, version=st.sampled_from(["1.20.5", "1.21.4", "1.21.5", "1.21.11"]))
def test_every_printed_string_reads_back(key: str, text: str, version: str) -> None:
    printed = snbt.show(Compound({key: String(text), "n": List[String]([String(text)])}), version=version)
    assert parse(printed) == {key: text, "n": [text]}


@pytest.mark.parametrize("version", ["1.21.4", "1.21.11"])
def test_an_inbox_entry_with_a_newline_in_its_target_does_not_stop_the_poll(version: str) -> None:
    """1.21.11 prints `\\n` and `\\x01`, which nbtlib alone refuses: the whole poll would fail."""
    entry = Compound({"seq": Int(7), "kind": String("offer_to"), "target": String("two\nlines\x01")})
    reply = ("Storage monopoli:bridge has the following contents: "
             + snbt.show(Compound({"inbox": List[Compound]([entry])}), version=version))
    (event,) = parse_poll(reply).events
    assert (event.seq, event.kind, event.target) == (7, "offer_to", "two\nlines\x01")
