"""The sandbox reads SNBT with vanilla's reader (`vanilla.snbt`, the judge's): not strict, it takes,
keeps as text or refuses a value as the release does, never raising where vanilla answers."""

from __future__ import annotations

import pytest

from monopoli_mc.sandbox.world import World
from monopoli_mc.vanilla.judge import verdict

CASES = [  # (release, value, what `data get` then prints, or vanilla's refusal)
    ("1.21.4", "300b", '"300b"'),  # NumberFormatException: TagParser keeps it as a string
    ("1.21.11", "300b", "Failed to parse number: 300b"),
    ("1.21.4", "1e5", '"1e5"'),  # no `.`: no double before 1.21.5
    ("1.21.11", "1e5", "100000.0d"),
    ("1.21.4", "[1b,2]", "Can't insert TAG_Int into list of TAG_Byte"),
    ("1.21.11", "[1b,2]", "[1b, 2]"),
    ("1.21.4", "{a:1e400d}", "{a: Infinityd}"),
    ("1.21.11", "{a:1e400d}", "Non-finite numbers are not allowed"),
    ("1.21.11", "[I;1,2b]", "[I; 1, 2]"),
    ("1.21.11", "0x1Fs", "31s"),
]


@pytest.mark.parametrize(("version", "value", "shown"), CASES)
def test_a_value_reads_as_the_judge_reads_it(version: str, value: str, shown: str) -> None:
    world = World(version=version)
    line = f"data modify storage monopoli:t v set value {value}"
    said = world.execute(line)
    refusal = verdict(line, version, 4)
    if refusal is not None:
        assert said[0] == shown == refusal.message
    else:
        assert said == ["Modified storage monopoli:t"]
        assert world.execute("data get storage monopoli:t v") == [f"Storage monopoli:t has the following contents: {shown}"]
