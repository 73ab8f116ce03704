"""The controller reads back any string a release prints in `data get` (ledger row S9)."""

from __future__ import annotations

import math

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from nbtlib import Compound, Int, List, String

from monopoli_mc.bridge.inbox import parse_inbox, parse_poll
from monopoli_mc.sandbox import nbt_tags
from monopoli_mc.sandbox.world import World
from monopoli_mc.vanilla.printed import read as parse
from monopoli_mc.vanilla.printed import read_first
from monopoli_mc.vanilla.reader import Refusal
from monopoli_mc.vanilla.snbt import Num

TEXT = st.text(st.characters(blacklist_categories=["Cs"]), max_size=30)


@settings(max_examples=150, deadline=None)
@given(key=TEXT, text=TEXT, version=st.sampled_from(["1.20.5", "1.21.4", "1.21.5", "1.21.11"]))
@example(key="0\n", text="", version="1.20.5")  # a key with a newline at its end was printed bare (Python's `$`)
def test_every_printed_string_reads_back(key: str, text: str, version: str) -> None:
    printed = nbt_tags.show(Compound({key: String(text), "n": List[String]([String(text)])}), version=version)
    assert parse(printed) == {key: text, "n": [text]}


@pytest.mark.parametrize("version", ["1.21.4", "1.21.11"])
def test_an_inbox_entry_with_a_newline_in_its_target_does_not_stop_the_poll(version: str) -> None:
    """1.21.11 prints `\\n` and `\\x01`, which nbtlib alone refuses: the whole poll would fail."""
    entry = Compound({"seq": Int(7), "kind": String("offer_to"), "target": String("two\nlines\x01")})
    reply = ("Storage monopoli:bridge has the following contents: "
             + nbt_tags.show(Compound({"inbox": List[Compound]([entry])}), version=version))
    (event,) = parse_poll(reply).events
    assert (event.seq, event.kind, event.target) == (7, "offer_to", "two\nlines\x01")


def test_what_a_tag_holds_and_no_command_writes_reads_as_the_number_it_prints() -> None:
    """`data get` prints a double past the range as `Infinityd` (1.20.5-1.21.4 reads `1e400d` so)."""
    world = World(version="1.21.4")
    world.execute("data modify storage monopoli:bridge inbox set value [{seq:1,kind:\"d6\",value:1e400d,"
                  "time:-1e400f}]")
    shown = world.execute("data get storage monopoli:bridge inbox")[0]
    assert "Infinityd" in shown and "-Infinityf" in shown
    (event,) = parse_inbox(shown)
    assert (event.seq, event.value, event.time) == (1, None, None)
    nan, inf = parse("[NaNd, -Infinityf]")  # type: ignore[misc]
    assert isinstance(nan, Num) and nan.kind == "double" and math.isnan(nan.value)
    assert inf == Num("float", -math.inf)


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from(list("{}[]<>.,:;'\"\\ ab1_-+xNIBL\n")), max_size=40) | st.text(max_size=40))
def test_any_text_reads_as_a_value_or_is_refused_in_vanilla_s_words(text: str) -> None:
    """Another client's output joined to ours is any text: the reader never fails otherwise, never loops."""
    for read_it in (parse, read_first):
        try:
            read_it(text)
        except Refusal as refused:
            assert refused.message and refused.cursor >= 0


def test_a_named_escape_without_its_brace_is_refused() -> None:
    """`\\N{` with no `}` once sent the cursor back to the start of the text: a reply read forever."""
    with pytest.raises(Refusal, match="Invalid Unicode character name"):
        read_first('"\\N{SNOWMANx')
