"""`data get` prints long lists and arrays as each release's TextComponentTagVisitor does.

1.21-1.21.4 print 128 elements of a list and then `<...>`; 1.20.5/1.20.6 and 1.21.5 and later
print whole lists. Arrays are cut at 128 from 1.21 on. Any list or compound 64 levels deep is
printed folded. Sources: see `monopoli_mc/sandbox/snbt.py`, `pretty`.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from monopoli_mc.sandbox import nbt_tags
from monopoli_mc.sandbox.world import World
from monopoli_mc.vanilla import printed

CUT = ("1.21", "1.21.1", "1.21.2", "1.21.3", "1.21.4")
WHOLE = ("1.20.5", "1.20.6", "1.21.5", "1.21.6", "1.21.7", "1.21.11")


def _fill(world: World, n: int) -> None:
    world.execute("data modify storage t:t q set value []")
    for i in range(n):
        world.execute(f"data modify storage t:t q append value {{seq:{i}}}")


@pytest.mark.parametrize("version", CUT + WHOLE)
def test_a_list_over_128(version: str) -> None:
    world = World(version=version, strict=True)
    _fill(world, 130)
    (reply,) = world.execute("data get storage t:t q")
    body = reply.partition("has the following contents: ")[2]
    assert body.startswith("[{seq: 0}, {seq: 1}, ")
    if version in CUT:
        assert body.endswith("{seq: 126}, {seq: 127}, <...>]") and body.count("seq") == 128
        (whole,) = world.execute("data get storage t:t")
        assert whole.endswith("{seq: 127}, <...>]}")
    else:
        assert body.endswith("{seq: 128}, {seq: 129}]") and "<...>" not in body
    assert world.strict_failures == []


@pytest.mark.parametrize("version", CUT)
def test_128_is_whole(version: str) -> None:
    world = World(version=version, strict=True)
    _fill(world, 128)
    (reply,) = world.execute("data get storage t:t q")
    assert reply.endswith("{seq: 127}]")


@pytest.mark.parametrize(("version", "cut"), [("1.20.6", False), ("1.21", True), ("1.21.11", True)])
def test_arrays_over_128(version: str, cut: bool) -> None:
    world = World(version=version, strict=True)
    values = ",".join(str(i % 100) for i in range(130))
    world.execute(f"data modify storage t:t a set value [I;{values}]")
    world.execute(f"data modify storage t:t b set value [B;{','.join(v + 'b' for v in values.split(','))}]")
    (ints,) = world.execute("data get storage t:t a")
    (bytes_,) = world.execute("data get storage t:t b")
    if cut:  # no space before the fold: the separator is a bare ","
        assert ints.endswith(", 26, 27,<...>]")
        assert bytes_.endswith(", 26B, 27B,<...>]")
    else:
        assert ints.endswith(", 28, 29]")
        assert bytes_.endswith(", 28B, 29B]")


def _nest(depth: int) -> nbt_tags.Compound:
    tag = nbt_tags.Compound({"x": nbt_tags.Int(1)})
    for _ in range(depth):
        tag = nbt_tags.Compound({"a": tag})
    return tag


def test_depth_64_is_folded() -> None:
    # the root is depth 0; a compound at depth 64 prints as {<...>}
    shown = nbt_tags.pretty(_nest(64), "1.21.4")
    assert shown == "{a: " * 64 + "{<...>}" + "}" * 64
    assert nbt_tags.pretty(_nest(63), "1.21.4") == "{a: " * 63 + "{x: 1}" + "}" * 63
    assert nbt_tags.pretty(_nest(64), "1.20.5") == shown


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(-5, 5), max_size=140), st.sampled_from(CUT + WHOLE))
def test_whole_or_cut_parses_back(values: list[int], version: str) -> None:
    """What is printed is the list, or its first 128 elements and the fold."""
    tag = nbt_tags.make_list([nbt_tags.Compound({"v": nbt_tags.Int(v)}) for v in values])
    shown = nbt_tags.pretty(tag, version)
    folded = version in CUT and len(values) > 128
    if folded:
        assert shown.endswith(", <...>]")
        shown = shown[: -len(", <...>]")] + "]"
    kept = values[:128] if folded else values
    assert [c["v"] for c in printed.plain(printed.read(shown))] == kept


def test_a_list_of_lists_takes_an_empty_list() -> None:
    """Every list is one tag type: appending `[]` to a list of lists is no mixed list."""
    world = World(version="1.21.4", strict=True)
    x = world.execute
    x("data modify storage t:t pages set value [[{a:1}]]")
    x("data modify storage t:t pages append value []")
    assert x("data modify storage t:t pages[-1] append value {a:2}") == ["Modified storage t:t"]
    assert x("data get storage t:t pages") == ["Storage t:t has the following contents: [[{a: 1}], [{a: 2}]]"]
