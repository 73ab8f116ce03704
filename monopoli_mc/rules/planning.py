"""Planning an evening from simulated games: minutes per game at so many seconds a throw, and the slot."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol


class Played(Protocol):
    """What planning needs of a simulated game."""

    @property
    def throws(self) -> int:
        """Throws of the dice in the game."""


def game_minutes(results: Sequence[Played], seconds_per_throw: float) -> list[float]:
    """Each game's length in minutes, at `seconds_per_throw` for each throw of the dice (and what follows it)."""
    return [r.throws * seconds_per_throw / 60 for r in results]


def planning(results: Sequence[Played], *, seconds_per_throw: float, slot_minutes: float | None) -> dict[str, Any]:
    """Minutes per game (median, 90th percentile, longest) and the share of games that end within the slot."""
    minutes = sorted(game_minutes(results, seconds_per_throw))
    out: dict[str, Any] = {
        "seconds_per_throw": seconds_per_throw,
        "median": round(median(minutes), 1) if minutes else 0,
        "p90": round(percentile(minutes, 90), 1),
        "max": round(minutes[-1], 1) if minutes else 0,
        "slot": slot_minutes,
    }
    if slot_minutes is not None:
        within = sum(1 for m in minutes if m <= slot_minutes)
        out["within_slot"] = round(within / len(minutes), 4) if minutes else 0
    return out


def percentile(values: Sequence[float], pct: float) -> float:
    """The pct-th percentile of sorted values, interpolated between neighbours."""
    if not values:
        return 0
    k = (len(values) - 1) * pct / 100
    lo = int(k)
    hi = min(lo + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


def median(values: Sequence[float]) -> float:
    """The median of sorted values, as statistics.median gives it (importing statistics costs a
    simulate run ~4 ms): the middle one, or the mean of the two middle ones."""
    half = len(values) // 2
    return values[half] if len(values) % 2 else (values[half - 1] + values[half]) / 2
