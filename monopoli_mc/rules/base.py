"""The base the engine's mixins share: the state plus the signatures they call across."""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, TypeGuard

from monopoli_mc.rules.events import Event
from monopoli_mc.rules.state import GameState, trait


@trait
class EngineBase(GameState):
    """GameState plus derived tables; each mixin adds one part of the rules."""

    _n_spaces: int
    _kind: list[str]
    _price: list[int]
    _rent: list[tuple[int, ...]]
    _tax: list[str | None]
    _group_of: list[Any]
    _members: list[tuple[int, ...]]
    _house_cost: list[int]
    _jail: int
    _tax_to: int
    _card_to: int
    _fine_to: int
    _monopoly_rent: list[tuple[int, ...]]
    owners_version: int  # grows whenever a deed changes hands (not saved)
    _group_list: list[tuple[str, tuple[int, ...]]]
    _stock_was_low: bool  # the bank's stock was near its end at the last build or sale
    _group_index: list[int]  # per space: its index in _group_list, or -1
    _group_cache: dict[int, list[Any]]  # seat -> per group index: its management candidates, None when stale
    _spend_cache: dict[int, list[tuple[tuple[str, int, Any], int]]]  # seat -> its builds and lifts
    _manage_cache: dict[int, tuple[list[tuple[str, int, Any]], int, list[tuple[tuple[str, int, Any], int]]]]

    # Parts of the rules that one mixin calls and another defines (Game has them all).
    @abstractmethod
    def _pay(self, payer: int, payee: int, amount: int, reason: str, ev: list[Event]) -> None: ...
    @abstractmethod
    def _charge(self, payer: int, payee: int, amount: int, reason: str, ev: list[Event]) -> bool: ...
    @abstractmethod
    def _resume(self, ev: list[Event]) -> None: ...
    @abstractmethod
    def _start_auction(self, space: int, ev: list[Event]) -> None: ...
    @abstractmethod
    def _next_turn(self, ev: list[Event]) -> None: ...
    @abstractmethod
    def _start_turn(self, ev: list[Event]) -> None: ...
    @abstractmethod
    def _end_by_worth(self, reason: str, ev: list[Event]) -> None: ...
    @abstractmethod
    def _max_houses(self, p: int) -> int: ...
    @abstractmethod
    def _units(self, s: int) -> int: ...
    @abstractmethod
    def _group_block(self, p: int, s: int) -> str | None: ...
    @abstractmethod
    def _role_rent(self, s: int, owner: int) -> int: ...
    @abstractmethod
    def _side_won(self) -> int | None: ...
    @abstractmethod
    def net_worth(self, p: int) -> int: ...
    @abstractmethod
    def _do_bankrupt(self, p: int, arg: Any, ev: list[Event]) -> None: ...
    @abstractmethod
    def _build_block(self, p: int, s: Any) -> str | None: ...
    @abstractmethod
    def _place_building(self, p: int, s: int, ev: list[Event]) -> None: ...
    @abstractmethod
    def _advance(self, p: int, steps: int, ev: list[Event]) -> None: ...
    @abstractmethod
    def _land(self, p: int, ev: list[Event], rent_multiplier: int = 1, dice_multiplier: int = 0) -> None: ...
    @abstractmethod
    def _settle_debts_first(self, ev: list[Event]) -> None: ...
    @abstractmethod
    def _go_bankrupt(self, p: int, creditor: int, ev: list[Event]) -> None: ...
    @abstractmethod
    def _send_to_jail(self, p: int, reason: str, ev: list[Event]) -> None: ...
    @abstractmethod
    def _must_pay_fine(self, p: int) -> bool: ...
    @abstractmethod
    def tax_worth(self, p: int) -> int: ...
    @abstractmethod
    def max_raisable(self, p: int) -> int: ...
    @abstractmethod
    def to_act(self) -> int: ...

    def _touch(self, *seats: int, space: int | None = None) -> None:
        """Deeds of these seats (default: everyone's) changed, in one space's group or anywhere."""
        if not seats or space is None:
            self.owners_version += 1  # trades, bankruptcies and deals move deeds between seats
        if not seats:
            self._manage_cache.clear()
            self._spend_cache.clear()
            self._group_cache.clear()
            return
        for seat in seats:
            self._manage_cache.pop(seat, None)
            self._spend_cache.pop(seat, None)
            if space is None:
                self._group_cache.pop(seat, None)
            else:
                groups = self._group_cache.get(seat)
                if groups is not None:
                    groups[self._group_index[space]] = None

    def _touch_stock(self, p: int, s: int) -> None:
        """p built or sold on s. Near the end of a limited stock (before or after this change),
        everyone's choices change with it; otherwise only p's, in s's group."""
        if self._stock_is_low():
            self._touch()
        else:
            self._touch(p, space=s)

    def _stock_is_low(self) -> bool:
        """Whether the bank's stock is, or was at the last change, near enough its end that a
        build or sale changes what others may build, or whether a hotel may be broken."""
        rules = self.rules
        low = (rules.houses_limit is not None
               and rules.houses_limit - self.houses_out <= max(5, rules.max_houses, rules.monopolist_max_houses)) \
            or (rules.hotels_limit is not None and rules.hotels_limit - self.hotels_out <= 1)
        was_low, self._stock_was_low = self._stock_was_low, low
        return low or was_low

    def _touch_seat_out(self, deeds: list[int]) -> None:
        """A seat went bankrupt: its deeds went to a seat or the bank, its buildings to the bank.
        Everyone's choices change in those deeds' groups, and nobody trades with it any more."""
        self.owners_version += 1
        if self._stock_is_low():
            self._touch()
            return
        seats = range(len(self.names))
        for s in deeds:
            self._touch(*seats, space=s)
        self._manage_cache.clear()

    def _is_space(self, s: Any) -> TypeGuard[int]:
        """Whether s is a space number of this board (not a bool, not text)."""
        return isinstance(s, int) and not isinstance(s, bool) and 0 <= s < self._n_spaces

    def _others(self, p: int) -> list[int]:
        """The other seats still in the game, in turn order after p."""
        n = len(self.names)
        return [(p + i) % n for i in range(1, n) if not self.bankrupt[(p + i) % n]]

    def _owns_group(self, owner: int, s: int) -> bool:
        owners = self.owner
        for m in self._members[s]:
            if owners[m] != owner:
                return False
        return True

    def _count_owned(self, owner: int, s: int) -> int:
        owners = self.owner
        count = 0
        for m in self._members[s]:
            if owners[m] == owner:
                count += 1
        return count

    def _group_built(self, s: int) -> bool:
        buildings = self.buildings
        for m in self._members[s]:
            if buildings[m]:
                return True
        return False
