"""The iteration order of vanilla's hash maps, which some replies list their entries in.

Vanilla's `Scoreboard` keeps objectives and score holders in fastutil's
`Object2ObjectOpenHashMap(16, 0.5F)` (read in client1.21.4 `Scoreboard.objectivesByName` /
`playerScores` and 1.21.11 `Scoreboard.objectives` / `scores`), and `scoreboard objectives list`
and `scoreboard players list` print `values()` / `keySet()` as that map iterates: an open
address table walked from its last slot down. The order is a function of the names and the order
they were added, so the sandbox reproduces it by replaying the adds (ledger row C3).
"""

from __future__ import annotations

import math

INT_PHI = 0x9E3779B9


def java_hash(s: str) -> int:
    """Java's String.hashCode, as an unsigned 32-bit value."""
    h = 0
    data = s.encode("utf-16-be", "surrogatepass")
    for i in range(0, len(data), 2):
        h = (31 * h + (data[i] << 8 | data[i + 1])) & 0xFFFFFFFF
    return h


def _mix(h: int) -> int:
    """fastutil HashCommon.mix: the hash times the golden ratio, its high half folded in."""
    x = (h * INT_PHI) & 0xFFFFFFFF
    return x ^ (x >> 16)


def _array_size(expected: int, load: float) -> int:
    """HashCommon.arraySize: the power of two that holds `expected` entries at this load."""
    return max(2, 1 << max(0, math.ceil(expected / load) - 1).bit_length())


def _max_fill(n: int, load: float) -> int:
    return min(math.ceil(n * load), n - 1)


def fastutil_order(keys: list[str], *, expected: int = 16, load: float = 0.5) -> list[str]:
    """The iteration order of an `Object2ObjectOpenHashMap(expected, load)` given `keys` in turn.

    Each key goes to `mix(hashCode) & mask`, or the next free slot after it; when the size
    passes `maxFill` the table doubles (`rehash`, which re-adds the keys from the last slot
    down); the map iterates from the last slot to the first. Exact for a map that was only
    added to, and for one whose removals never shrank or grew it (removal by backward shift
    leaves the table as if the key had never been added).
    """
    n = _array_size(expected, load)
    table: list[str | None] = [None] * n
    size = 0

    def place(t: list[str | None], key: str) -> None:
        mask = len(t) - 1
        pos = _mix(java_hash(key)) & mask
        while t[pos] is not None:
            pos = (pos + 1) & mask
        t[pos] = key

    for key in keys:
        place(table, key)
        if size >= _max_fill(len(table), load):  # fastutil: `if (size++ >= maxFill) rehash(...)`
            bigger: list[str | None] = [None] * _array_size(size + 2, load)
            for old in reversed(table):
                if old is not None:
                    place(bigger, old)
            table = bigger
        size += 1
    return [k for k in reversed(table) if k is not None]
