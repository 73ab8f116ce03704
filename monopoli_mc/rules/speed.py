"""The speed die (sheet 001): a third die with 1, 2, 3, Mr. Monopoly (two faces) and the Bus.

Used only after the player first passes or lands on GO (unless the rules say from the
start), never in jail, and ignored on a throw that sends the player to jail. Doubles
count the white dice only; triples move the player to any space, with no further
throw and no jail. Utility rent counts all three dice, the Bus and Mr. Monopoly as 0.
"""

from __future__ import annotations

from typing import Any, Final

from monopoli_mc.rules.base import EngineBase
from monopoli_mc.rules.events import Event
from monopoli_mc.rules.phases import BUS, END, TRIPLES
from monopoli_mc.rules.state import trait

# Faces of the speed die as the generator throws them (1-6): three numbers, two Mr. Monopoly, one Bus.
SPEED_FACES: Final = {1: "1", 2: "2", 3: "3", 4: "mr_monopoly", 5: "mr_monopoly", 6: "bus"}
BUS_MOVES: Final = ("first", "second", "sum")


@trait
class SpeedMixin(EngineBase):
    """The third die's throw, the Bus and triples choices, and Mr. Monopoly's extra move."""

    def _uses_speed_die(self, p: int) -> bool:
        rules = self.rules
        return rules.speed_die and (rules.speed_die_from_start or self.speed_ready[p])

    def _speed_throw(self, p: int, d1: int, d2: int, ev: list[Event]) -> None:
        """The rest of a throw with the speed die, after the white dice were thrown."""
        face = int(self.rng.random() * 6) + 1
        name = SPEED_FACES[face]
        ev.append(("speed_die", p, name))
        self.speed_value = face if face <= 3 else 0
        if d1 == d2 == self.speed_value:  # a number face: Mr. Monopoly and the Bus count 0
            ev.append(("triples", p))
            self.after = [["landed", False]]
            self.phase, self.pending = TRIPLES, {}
            return
        again = d1 == d2
        if again:
            self.doubles += 1
            if self.doubles >= self.rules.doubles_to_jail:
                self.speed_value = 0
                self._send_to_jail(p, "doubles", ev)
                self.phase, self.pending = END, {}
                return
        self.after = [["landed", again]]
        if name == "bus":
            self.phase, self.pending = BUS, {"d1": d1, "d2": d2}
            return
        if name == "mr_monopoly":
            self.after.append(["mr_monopoly"])
        self._advance(p, d1 + d2 + self.speed_value, ev)
        self._land(p, ev)
        if not self.phase:
            self._resume(ev)

    def _bus_options(self) -> list[int]:
        d1, d2 = self.pending["d1"], self.pending["d2"]
        return [0, 2] if d1 == d2 else [0, 1, 2]

    def _g_bus(self, p: int, arg: Any) -> str | None:
        if arg not in self._bus_options():
            return f"the Bus moves by the first die (0), the second (1) or their sum (2), not {arg!r}"
        return None

    def _do_bus(self, p: int, arg: int, ev: list[Event]) -> None:
        d1, d2 = self.pending["d1"], self.pending["d2"]
        steps = (d1, d2, d1 + d2)[arg]
        ev.append(("bus", p, BUS_MOVES[arg], steps))
        self._advance(p, steps, ev)
        self._land(p, ev)
        if not self.phase:
            self._resume(ev)

    def _g_choose_space(self, p: int, arg: Any) -> str | None:
        if not self._is_space(arg):
            return f"there is no space {arg!r}"
        return None

    def _do_choose_space(self, p: int, s: int, ev: list[Event]) -> None:
        """Triples: a jump to the chosen space (no salary: the token is placed, not moved round)."""
        start = self.pos[p]
        self.pos[p] = s
        ev.append(("move", p, start, s))
        self._land(p, ev)
        if not self.phase:
            self._resume(ev)

    def _mr_monopoly(self, p: int, ev: list[Event]) -> None:
        """Advance to the next deed the bank holds; with none left, to the next one that costs rent."""
        if self.jail_turns[p] >= 0 or self.bankrupt[p]:
            return
        n = self._n_spaces
        start = self.pos[p]
        target = -1
        for wanted in ("unowned", "rent"):
            for step in range(1, n):
                s = (start + step) % n
                if not self._price[s]:
                    continue
                owner = self.owner[s]
                if wanted == "unowned" and owner < 0 or \
                        wanted == "rent" and owner >= 0 and owner != p and not self.mortgaged[s]:
                    target = s
                    break
            if target >= 0:
                break
        ev.append(("mr_monopoly", p, target))
        if target < 0:
            return
        self._advance(p, (target - start) % n, ev)
        self._land(p, ev)
