"""doctor --deep reads a sign's line or a banner's name in whatever form the release stores it (ledger rows
B4, B5): any text the pack can write comes back as itself, plain or styled, on 1.21.4 and 1.21.11."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from monopoli_mc.cli.deep import stored_text
from monopoli_mc.datapack.text import Dialect, text
from monopoli_mc.datapack.versions import get_version
from monopoli_mc.sandbox.world import World

RELEASES = ["1.21.4", "1.21.11"]
WORLDS = {version: World(version=version, strict=True) for version in RELEASES}
# what a name or a sign line can hold once written into a function line: no control characters,
# no lone surrogates (the escapers change those, and say so: datapack/escape.py)
WORDS = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=40)


@pytest.mark.parametrize("version", RELEASES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(words=WORDS, styled=st.booleans())
def test_a_line_and_a_name_read_back_as_written(version: str, words: str, styled: bool) -> None:
    world, dialect = WORLDS[version], Dialect(get_version(version))
    component = dialect.nbt(text(words, color="red") if styled else text(words))
    empty = dialect.nbt(text(""))
    world.execute("setblock 0 1 0 minecraft:air")  # row B1: up to 1.21.4 new data on the same block is dropped
    world.execute(f"setblock 0 1 0 minecraft:oak_sign{{front_text:{{messages:[{component},{empty},{empty},{empty}]}}}}")
    assert stored_text(world.execute("data get block 0 1 0 front_text.messages[0]")[0], get_version(version)) == words
    world.execute("setblock 2 1 0 minecraft:air")
    world.execute(f"setblock 2 1 0 minecraft:white_banner{{CustomName:{component}}}")
    assert stored_text(world.execute("data get block 2 1 0 CustomName")[0], get_version(version)) == words
    assert world.strict_failures == []


@pytest.mark.parametrize(("reply", "version", "words"), [
    ("555, -59, 37 has the following block data: '\"Boardwalk\"'", "1.21.4", "Boardwalk"),  # a real 1.21.4 server
    ("1, 2, 3 has the following block data: '{\"text\":\"Boardwalk\"}'", "1.21.4", "Boardwalk"),
    ("1, 2, 3 has the following block data: '{\"bold\":true,\"extra\":[\"b\"],\"text\":\"a\"}'", "1.21.4", "ab"),
    ('1, 2, 3 has the following block data: "Boardwalk"', "1.21.11", "Boardwalk"),
    ('1, 2, 3 has the following block data: {color: "red", text: "Alex"}', "1.21.11", "Alex"),
    ('1, 2, 3 has the following block data: [{text: "a"}, {text: "b"}]', "1.21.11", "ab"),
    ("The target block is not a block entity", "1.21.4", None),
    ("1, 2, 3 has the following block data: 'not json", "1.21.4", None),
    ("1, 2, 3 has the following block data: {text: ", "1.21.11", None),
    ("1, 2, 3 has the following block data: 5", "1.21.11", None),
])
def test_either_form_and_bad_replies(reply: str, version: str, words: str | None) -> None:
    assert stored_text(reply, get_version(version)) == words
