"""The world config's `night:` section: how the night's games add up to standings and a champion.

```yaml
night:
  points: ahead          # ahead: a point for each player finished ahead of; or a list by place: [10, 6, 3, 1]
  unfinished: leave_out  # leave_out: a game not finished counts nothing; as_it_stands: counted as it stands
  final_players: 4       # how many top players `monopoli admin final` seats (2-8)
```
"""

from __future__ import annotations

from dataclasses import dataclass

from monopoli_mc.rules.yamlsource import Section

AHEAD = "ahead"
LEAVE_OUT, AS_IT_STANDS = "leave_out", "as_it_stands"
UNFINISHED = (LEAVE_OUT, AS_IT_STANDS)
KEYS = ("points", "unfinished", "final_players")
MAX_POINTS = 1000  # for one place of one game: far above any sensible table, far below a score's limit
MAX_FINAL = 8  # a board seats 8 at most


@dataclass(frozen=True)
class NightRules:
    """How the night's games count: points by finishing place, unfinished games, the final's size."""

    points: tuple[int, ...] | None = None  # by place (1st, 2nd, ...; later places score 0); None: `ahead`
    unfinished: str = LEAVE_OUT
    final_players: int = 4

    def points_for(self, place: int, behind: int) -> int:
        """A player's points for one game: `place` (1 = first, shared when tied), `behind`: players after them."""
        if self.points is None:
            return behind
        return self.points[place - 1] if place <= len(self.points) else 0

    def describe(self) -> str:
        """The scheme in words, for the standings' heading."""
        points = ("a point for each player finished ahead of" if self.points is None
                  else "by place: " + ", ".join(str(p) for p in self.points))
        left = ("games not finished are left out" if self.unfinished == LEAVE_OUT
                else "games not finished count as they stand")
        return f"points: {points}; {left} (night.unfinished: {self.unfinished})"


def read_night(top: Section) -> NightRules:
    """`night:` of a world config, every key checked (file, line, key); the defaults when absent."""
    if not top.has("night"):
        top.raw("night")
        return NightRules()
    sec = top.section("night")
    points: tuple[int, ...] | None = None
    raw = sec.raw("points", AHEAD)
    if raw != AHEAD:
        if not isinstance(raw, list) or not raw or not all(
                isinstance(p, int) and not isinstance(p, bool) and 0 <= p <= MAX_POINTS for p in raw):
            raise sec.error("points", f"write `ahead` or a list of whole numbers 0-{MAX_POINTS} by place, "
                                      f"e.g. [10, 6, 3, 1]; found {raw!r}")
        if list(raw) != sorted(raw, reverse=True):
            raise sec.error("points", f"a later place cannot score more than an earlier one: {list(raw)!r}")
        points = tuple(raw)
    unfinished = sec.choice("unfinished", UNFINISHED, LEAVE_OUT)
    final = sec.int("final_players", 4, minimum=2)
    if final > MAX_FINAL:
        raise sec.error("final_players", f"must be at most {MAX_FINAL} (a board's seats), found {final}")
    sec.finish(known=KEYS)
    return NightRules(points=points, unfinished=unfinished, final_players=final)
