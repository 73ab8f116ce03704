"""The pack's record of what it was built for reads back as written, and any other reply reads as none."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from monopoli_mc.bridge.inbox import parse_about
from monopoli_mc.datapack.about import Built, differences
from monopoli_mc.datapack.layout import BoardPlace

_places = st.builds(BoardPlace, st.from_regex(r"[a-z0-9_]{1,16}", fullmatch=True),
                    st.tuples(*[st.integers(-30_000_000, 30_000_000)] * 3),
                    st.sampled_from(["north", "east", "south", "west"]), st.integers(4, 8), st.integers(8, 32))
_built = st.builds(Built, st.from_regex(r"1\.2[01](\.\d{1,2})?", fullmatch=True), st.text(st.characters(exclude_categories=("Cc", "Cs", "Zl", "Zp")), max_size=40),
                   st.lists(_places, min_size=1, max_size=4, unique_by=lambda p: p.name).map(tuple))


@settings(max_examples=60, deadline=None)
@given(built=_built)
def test_the_record_reads_back_as_written(built: Built) -> None:
    reply = f"Storage monopoli:bridge has the following contents: {built.snbt()}"
    assert parse_about(reply) == built
    assert differences(built, built, "world.yaml", "prom") == []


@settings(max_examples=200, deadline=None)
@given(reply=st.text(max_size=200) | st.text(max_size=80).map(
    lambda t: f"Storage monopoli:bridge has the following contents: {t}"))
def test_any_other_reply_is_no_record(reply: str) -> None:
    assert parse_about(reply) is None
