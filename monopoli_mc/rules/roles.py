"""Roles (Anti-Monopoly, sheet 003): competitors and monopolists, each with their own rules.

With `roles` on, every player chooses a side at the start, in the order of the throw
for the first player, so that the sides differ by at most one. The side decides who may
build where and how high, which rent table applies, and which deck a player draws from.
Everything else is the same engine.
"""

from __future__ import annotations

from typing import Any, Final

from monopoli_mc.rules.base import EngineBase
from monopoli_mc.rules.events import Event
from monopoli_mc.rules.phases import ROLE
from monopoli_mc.rules.state import HOTEL, trait

ROLES: Final = ("competitor", "monopolist")


@trait
class RolesMixin(EngineBase):
    """Choosing sides, building and rent by side, and Game B's side-based win."""

    def _max_houses(self, p: int) -> int:
        """Houses a player may put on a street before the top building (hotel or apartment)."""
        rules = self.rules
        if rules.roles and self.roles[p] == "monopolist":
            return rules.monopolist_max_houses
        return rules.max_houses

    def _units(self, s: int) -> int:
        """The buildings on s in houses: the top building counts as the houses it replaced and itself."""
        built = self.buildings[s]
        return self._max_houses(self.owner[s]) + 1 if built == HOTEL else built

    def _group_block(self, p: int, s: int) -> str | None:
        """Why p's side may not build in s's group at all, or None."""
        rules = self.rules
        name = self.board.spaces[s].name
        if rules.roles and self.roles[p] == "competitor":
            pass  # competitors build on any street they own
        elif rules.roles:
            if self._count_owned(p, s) < rules.monopolist_city_streets:
                return f"cannot build on {name!r}: own {rules.monopolist_city_streets} streets of its city first"
        elif not self._owns_group(p, s):
            return f"cannot build on {name!r}: group not complete"
        if rules.mortgage_blocks_group:
            if any(self.mortgaged[m] for m in self._members[s]):
                return f"cannot build on {name!r}: a street of its group is mortgaged"
        elif self.mortgaged[s]:
            return f"cannot build on {name!r}: it is mortgaged"
        return None

    def _role_rent(self, s: int, owner: int) -> int:
        """Street rent under roles: competitors charge the competitive rent; monopolists the
        monopoly rent, doubled on an unimproved street of a city they have monopolised."""
        built = self.buildings[s]
        if self.roles[owner] != "monopolist":
            return self._rent[s][built]
        table = self._monopoly_rent[s] or self._rent[s]
        rent = table[len(table) - 1 if built == HOTEL else built]
        if not built and self._count_owned(owner, s) >= self.rules.monopolist_city_streets:
            rent *= 2
        return rent

    # -- choosing sides -------------------------------------------------------------------

    def _start_roles(self, ev: list[Event]) -> None:
        """Sides are chosen first, from the player who threw highest, clockwise."""
        self.after = [["phase", self.phase, self.pending]]
        self.phase, self.pending = ROLE, {"next": self.first}

    def _g_choose_role(self, p: int, arg: Any) -> str | None:
        if arg not in ROLES:
            return f"choose competitor or monopolist, not {arg!r}"
        n = len(self.names)
        most = (n + 1) // 2
        if self.roles.count(arg) + 1 > most:
            return f"the {arg}s are full: the sides may differ by at most one"
        return None

    def _do_choose_role(self, p: int, arg: str, ev: list[Event]) -> None:
        self.roles[p] = arg
        ev.append(("role", p, arg))
        n = len(self.names)
        nxt = (p + 1) % n
        if nxt == self.first:
            self.phase = ""
            self._resume(ev)
        else:
            self.pending = {"next": nxt}

    def _side_won(self) -> int | None:
        """Game B: once a side is all bankrupt, the richest player of the other side wins."""
        alive = [p for p in range(len(self.names)) if not self.bankrupt[p]]
        sides = {self.roles[p] for p in alive}
        if len(sides) != 1 or len(alive) < 2:
            return None
        return max(alive, key=lambda p: (self.net_worth(p), -p))
