"""`data modify … merge` counts a place as changed exactly when vanilla's copy-and-compare would."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from nbtlib import Byte, Compound, Int, String

from monopoli_mc.sandbox.commands.data import _deep_merge

_KEYS = st.sampled_from(["a", "b", "c"])
_LEAVES = st.one_of(st.integers(0, 2).map(Int), st.integers(0, 1).map(Byte), st.sampled_from(["", "x"]).map(String))
_TAGS = st.recursive(_LEAVES, lambda inner: st.dictionaries(_KEYS, inner, max_size=3).map(Compound), max_leaves=8)
_COMPOUNDS = st.dictionaries(_KEYS, _TAGS, max_size=3).map(Compound)


@given(_COMPOUNDS, _COMPOUNDS)
def test_a_merge_is_a_change_exactly_when_the_copy_taken_before_differs(into: Compound, new: Compound) -> None:
    before = copy.deepcopy(into)  # what CompoundTag.copy() keeps for the comparison
    expected: Any = copy.deepcopy(into)
    _reference_merge(expected, copy.deepcopy(new))
    changed = _deep_merge(into, copy.deepcopy(new))
    assert into == expected
    assert changed == (into != before)


def _reference_merge(into: Compound, new: Compound) -> None:
    for k, v in new.items():
        if isinstance(v, Compound) and isinstance(into.get(k), Compound):
            _reference_merge(into[k], v)
        else:
            into[k] = v
