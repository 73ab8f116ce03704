"""Deeds: buying, auctions, building and selling evenly, mortgages."""

from __future__ import annotations

from typing import Any

from monopoli_mc.rules.base import EngineBase
from monopoli_mc.rules.events import BANK, Event
from monopoli_mc.rules.phases import AUCTION
from monopoli_mc.rules.shortage import ShortageMixin
from monopoli_mc.rules.state import HOTEL, trait


def lift_cost(mortgage_value: int, percent: int) -> int:
    """The mortgage plus interest, the interest rounded up to a whole dollar."""
    return mortgage_value + (mortgage_value * percent + 99) // 100


@trait
class PropertyMixin(ShortageMixin, EngineBase):  # EngineBase again: see TurnMixin
    """Buy or auction, build, sell, mortgage and lift."""

    # -- buying and auctions ----------------------------------------------------------

    def _do_buy(self, p: int, arg: Any, ev: list[Event]) -> None:
        s = self.pending["space"]
        price = self._price[s]
        self._pay(p, BANK, price, "purchase", ev)
        self.owner[s] = p
        self.owners_version += 1
        self._touch(p, space=s)
        ev.append(("bought", p, s, price))
        ev.append(("deed", s, -1, p))
        self.phase = ""
        self._resume(ev)

    def _do_decline(self, p: int, arg: Any, ev: list[Event]) -> None:
        s = self.pending["space"]
        self.phase = ""
        if self.rules.auction_on_decline:
            self._start_auction(s, ev)
        else:
            ev.append(("declined", p, s))
            self._resume(ev)

    def _start_auction(self, space: int, ev: list[Event]) -> None:
        """An English auction open to every seat still in, the decliner included."""
        self.phase = AUCTION
        self.pending = {"space": space, "high": 0, "bidder": -1, "passed": [], "next": self.current}
        ev.append(("auction_start", space))
        if self.bankrupt[self.current]:
            self._auction_next(ev)

    def _auction_actions(self, p: int) -> list[tuple[str, int, Any]]:
        out: list[tuple[str, int, Any]] = []
        pending = self.pending
        if "bidders" in pending and p not in pending["bidders"]:
            return out
        if self.cash[p] > pending["high"]:
            out.append(("bid", p, pending["high"] + 1))
        if p != pending["bidder"]:
            out.append(("pass", p, None))
        return out

    def _g_bid(self, p: int, arg: Any) -> str | None:
        high = self.pending["high"]
        if "bidders" in self.pending and p not in self.pending["bidders"]:
            return f"only players who may build now bid for the bank's last {self.pending['item']}s"
        if not isinstance(arg, int) or isinstance(arg, bool):
            return f"a bid is a whole number of dollars, not {arg!r}"
        if arg <= high:
            return f"the bid is ${high}: bid more than that"
        if arg > self.cash[p]:
            return f"{self.names[p]} has only ${self.cash[p]}"
        return None

    def _g_pass(self, p: int, arg: Any) -> str | None:
        if "bidders" in self.pending and p not in self.pending["bidders"]:
            return f"{self.names[p]} is not bidding for the bank's last {self.pending['item']}s"
        if p == self.pending["bidder"]:
            return f"{self.names[p]} holds the high bid"
        return None

    def _do_bid(self, p: int, arg: Any, ev: list[Event]) -> None:
        pending = self.pending
        pending["high"] = arg
        pending["bidder"] = p
        pending["passed"] = []
        ev.append(("bid", p, arg))
        pending["next"] = p
        self._auction_next(ev)

    def _do_pass(self, p: int, arg: Any, ev: list[Event]) -> None:
        pending = self.pending
        if p not in pending["passed"]:
            pending["passed"].append(p)
        ev.append(("auction_pass", p))
        self._auction_next(ev)

    def _auction_next(self, ev: list[Event]) -> None:
        """Hand the auction to the next seat that may still bid, or close it."""
        pending = self.pending
        n = len(self.names)
        q = pending["next"]
        bidders = pending.get("bidders")
        for _ in range(n):
            q = (q + 1) % n
            if not self.bankrupt[q] and q != pending["bidder"] and q not in pending["passed"] \
                    and (bidders is None or q in bidders):
                pending["next"] = q
                return
        self._close_auction(ev)

    def _do_close_auction(self, p: int, arg: Any, ev: list[Event]) -> None:
        self._close_auction(ev)

    def _close_auction(self, ev: list[Event]) -> None:
        pending = self.pending
        s, bidder, high = pending["space"], pending["bidder"], pending["high"]
        self.phase = ""
        if "item" in pending:
            self._close_building_auction(ev)
        elif bidder >= 0:
            self._pay(bidder, BANK, high, "auction", ev)
            self.owner[s] = bidder
            self.owners_version += 1
            self._touch(bidder, space=s)
            ev.append(("auction_won", bidder, s, high))
            ev.append(("deed", s, -1, bidder))
        else:
            ev.append(("auction_unsold", s))
        self._resume(ev)

    # -- building ---------------------------------------------------------------------

    def _street_of(self, p: int, s: Any) -> str | None:
        """Why `s` is not a street p owns, or None."""
        return self._owned(p, s, streets_only=True)

    def _owned(self, p: int, s: Any, *, streets_only: bool) -> str | None:
        """Why `s` is not a deed (or street) that p owns, or None."""
        if not self._is_space(s):
            return f"there is no space {s!r}"
        if streets_only and self._kind[s] != "street":
            return f"{self.board.spaces[s].name!r} is not a street"
        if self._price[s] == 0:
            return f"{self.board.spaces[s].name!r} is not a property"
        if self.owner[s] != p:
            return f"{self.names[p]} does not own {self.board.spaces[s].name!r}"
        return None

    def _g_build(self, p: int, s: Any) -> str | None:
        why = self._build_block(p, s)
        if why:
            return why
        if self.rules.build_on_own_turn and p != self.current:
            return f"{self.names[p]} may build only on their own turn"
        cost = self._house_cost[s]
        if self.cash[p] < cost:
            return f"a building on {self.board.spaces[s].name!r} costs ${cost}; {self.names[p]} has ${self.cash[p]}"
        return None

    def _build_block(self, p: int, s: Any) -> str | None:
        """Why p may not build on s whatever their cash, or None."""
        why = self._street_of(p, s)
        if why:
            return why
        name = self.board.spaces[s].name
        why = self._group_block(p, s)
        if why:
            return why
        members = self._members[s]
        built = self.buildings[s]
        if built >= HOTEL:
            return f"{name!r} already has a hotel"
        if self.rules.even_building and built > min(self.buildings[m] for m in members):
            return f"build evenly: other streets of the group need a house before {name!r}"
        rules = self.rules
        if built == self._max_houses(p):
            if rules.hotels_limit is not None and self.hotels_out >= rules.hotels_limit:
                return "the bank has no hotels left"
        elif rules.houses_limit is not None and self.houses_out >= rules.houses_limit:
            return "the bank has no houses left"
        return None

    def _do_build(self, p: int, s: int, ev: list[Event]) -> None:
        if self._shortage_auction(p, s, ev):
            return
        self._pay(p, BANK, self._house_cost[s], "build", ev)
        self._place_building(p, s, ev)

    def _place_building(self, p: int, s: int, ev: list[Event]) -> None:
        """One more building on s, from the bank's stock (a hotel returns its houses)."""
        built = self.buildings[s]
        if built == self._max_houses(p):
            self.buildings[s] = HOTEL
            self.hotels_out += 1
            self.houses_out -= built
        else:
            self.buildings[s] = built + 1
            self.houses_out += 1
        self._touch_stock(p, s)
        ev.append(("build", p, s, self.buildings[s]))

    def _g_sell(self, p: int, s: Any) -> str | None:
        why = self._street_of(p, s)
        if why:
            return why
        name = self.board.spaces[s].name
        built = self.buildings[s]
        if not built:
            return f"{name!r} has no buildings to sell"
        if self.rules.even_building and built < max(self.buildings[m] for m in self._members[s]
                                                    if self.owner[m] == p):
            return f"sell evenly: sell from the other streets of the group before {name!r}"
        limit = self.rules.houses_limit
        if built == HOTEL and limit is not None and limit - self.houses_out < self._max_houses(p):
            return (f"the bank has too few houses to break the hotel on {name!r}: "
                    "sell all the group's buildings instead")
        return None

    def _do_sell(self, p: int, s: int, ev: list[Event]) -> None:
        if self.buildings[s] == HOTEL:
            self.hotels_out -= 1
            self.houses_out += self._max_houses(p)
            self.buildings[s] = self._max_houses(p)
        else:
            self.houses_out -= 1
            self.buildings[s] -= 1
        self._touch_stock(p, s)
        self._pay(BANK, p, self.rules.sellback(self._house_cost[s]), "sellback", ev)
        ev.append(("sell", p, s, self.buildings[s]))

    def _g_sell_all(self, p: int, s: Any) -> str | None:
        why = self._street_of(p, s)
        if why:
            return why
        if not any(self.buildings[m] for m in self._members[s] if self.owner[m] == p):
            return f"{self.names[p]} has no buildings in the group of {self.board.spaces[s].name!r}"
        return None

    def _do_sell_all(self, p: int, s: int, ev: list[Event]) -> None:
        refund = self.rules.sellback(self._house_cost[s])
        for m in self._members[s]:
            built = self.buildings[m]
            if not built or self.owner[m] != p:
                continue
            if built == HOTEL:
                self.hotels_out -= 1
                built = self._max_houses(p) + 1  # the hotel and the houses it stands for
            else:
                self.houses_out -= built
            self.buildings[m] = 0
            self._pay(BANK, p, refund * built, "sellback", ev)
            ev.append(("sell", p, m, 0))
        self._touch_stock(p, s)

    # -- mortgages ----------------------------------------------------------------------

    def _g_mortgage(self, p: int, s: Any) -> str | None:
        why = self._owned(p, s, streets_only=False)
        if why:
            return why
        name = self.board.spaces[s].name
        if self.mortgaged[s]:
            return f"{name!r} is already mortgaged"
        if self._group_built(s) if self.rules.mortgage_blocks_group else self.buildings[s]:
            return f"sell the buildings of {name!r}'s group before mortgaging it"
        return None

    def _do_mortgage(self, p: int, s: int, ev: list[Event]) -> None:
        self.mortgaged[s] = True
        self._touch(p, space=s)
        self._pay(BANK, p, self._price[s] // 2, "mortgage", ev)
        ev.append(("mortgage", p, s))

    def _g_lift(self, p: int, s: Any) -> str | None:
        why = self._owned(p, s, streets_only=False)
        if why:
            return why
        if not self.mortgaged[s]:
            return f"{self.board.spaces[s].name!r} is not mortgaged"
        cost = lift_cost(self._price[s] // 2, self.rules.mortgage_interest_percent)
        if self.cash[p] < cost:
            return f"lifting {self.board.spaces[s].name!r} costs ${cost}; {self.names[p]} has ${self.cash[p]}"
        return None

    def _do_lift(self, p: int, s: int, ev: list[Event]) -> None:
        cost = lift_cost(self._price[s] // 2, self.rules.mortgage_interest_percent)
        self._pay(p, BANK, cost, "lift", ev)
        self.mortgaged[s] = False
        self._touch(p, space=s)
        ev.append(("lift", p, s))

    # -- rent that must be claimed ---------------------------------------------------------

    def _g_claim_rent(self, p: int, s: Any) -> str | None:
        for claim in self.claims:
            if claim[1] == p and claim[3] == s:
                return None
        return f"{self.names[p]} has no rent to claim on space {s!r}"

    def _do_claim_rent(self, p: int, s: int, ev: list[Event]) -> None:
        claim = next(c for c in self.claims if c[1] == p and c[3] == s)
        self.claims.remove(claim)
        payer, owner, amount, _ = claim
        if self.bankrupt[payer]:
            return
        self._charge(payer, owner, amount, "rent", ev)
        self._settle_debts_first(ev)

    # -- what a player may manage now -----------------------------------------------------

    def _manage_actions(self, p: int) -> list[tuple[str, int, Any]]:
        """Build, sell, mortgage, lift and trade actions open to p, from a cache of candidates."""
        entry = self._manage_entry(p)
        cash = self.cash[p]
        out = entry[0][:] if cash >= entry[1] else [action for action, cost in entry[2] if cost <= cash]
        if self.claims:
            out.extend(("claim_rent", p, c[3]) for c in self.claims if c[1] == p)
        if self.rules.build_on_own_turn and p != self.current:
            out = [a for a in out if a[0] != "build"]
        return out

    def _manage_entry(self, p: int) -> tuple[list[tuple[str, int, Any]], int, list[tuple[tuple[str, int, Any], int]]]:
        """p's management candidates (see _manage_candidates), from the cache."""
        entry = self._manage_cache.get(p)
        if entry is None:
            entry = self._manage_cache[p] = self._manage_candidates(p)
        return entry

    def _manage_candidates_of(self, p: int) -> list[tuple[str, int, Any]]:
        """p's management actions whatever their cash, in the order legal_actions lists them."""
        return self._manage_entry(p)[0]

    def _build_candidates(self, p: int, members: tuple[int, ...], built: list[int],
                          out: list[tuple[tuple[str, int, Any], int]]) -> None:
        """Builds on a complete, unmortgaged group: the same rules as _build_block, group at once."""
        rules = self.rules
        lowest = min(built) if rules.even_building else 0
        houses_left = rules.houses_limit is None or self.houses_out < rules.houses_limit
        hotels_left = rules.hotels_limit is None or self.hotels_out < rules.hotels_limit
        for m, b in zip(members, built):
            if b >= HOTEL or b > lowest and rules.even_building:
                continue
            if (hotels_left if b == self.rules.max_houses else houses_left):
                out.append((("build", p, m), self._house_cost[m]))

    def _sell_candidates(self, p: int, mine: list[int], *, built_max: int,
                         out: list[tuple[tuple[str, int, Any], int]]) -> None:
        """Sells on a built group: the same rules as _g_sell, group at once, then sell_all."""
        rules = self.rules
        limit = rules.houses_limit
        hotel_breaks = limit is None or limit - self.houses_out >= self._max_houses(p)
        first = -1
        for m in mine:
            b = self.buildings[m]
            if not b:
                continue
            if first < 0:
                first = m
            if rules.even_building and b < built_max:
                continue
            if b == HOTEL and not hotel_breaks:
                continue
            out.append((("sell", p, m), 0))
        if first >= 0:
            out.append((("sell_all", p, first), 0))

    def _manage_candidates(self, p: int) -> tuple[list[tuple[str, int, Any]], int,
                                                 list[tuple[tuple[str, int, Any], int]]]:
        """Management actions open to p whatever their cash: (the actions, the most cash any
        needs, [(action, cash it needs)]).

        Listed builds first, then lifts, sells, mortgages and the trade offer. Each
        group's part is cached on its own, so a build recomputes one group, not ten.
        """
        spend = self._spend_candidates(p)
        out = spend[:]
        for part in self._group_parts(p):
            if part:
                out += part[2]
        for part in self._group_parts(p):
            if part:
                out += part[3]
        if self._has_trade_partner(p):
            out.append((("propose_trade", p, None), 0))
        return [a for a, _ in out], max([c for _, c in spend], default=0), out

    def _spend_candidates(self, p: int) -> list[tuple[tuple[str, int, Any], int]]:
        """p's builds, then lifts, whatever their cash: [(action, cash it needs)] (cached)."""
        spend = self._spend_cache.get(p)
        if spend is None:
            builds: list[tuple[tuple[str, int, Any], int]] = []
            lifts: list[tuple[tuple[str, int, Any], int]] = []
            for part in self._group_parts(p):
                if part:
                    if part[0]:
                        builds += part[0]
                    if part[1]:
                        lifts += part[1]
            spend = self._spend_cache[p] = builds + lifts if lifts else builds
        return spend

    def _group_parts(self, p: int) -> list[tuple[list[Any], ...]]:
        """p's candidates group by group (see _group_candidates), the stale ones recomputed."""
        parts = self._group_cache.get(p)
        if parts is None:
            parts = self._group_cache[p] = [None] * len(self._group_list)
        if None in parts:
            for gi, part in enumerate(parts):
                if part is None:
                    parts[gi] = self._group_candidates(p, gi)
        return parts

    def _has_trade_partner(self, p: int) -> bool:
        """Whether another seat is still in the game (to trade with)."""
        bankrupt = self.bankrupt
        for q in range(len(bankrupt)):
            if q != p and not bankrupt[q]:
                return True
        return False

    def _group_candidates(self, p: int, gi: int) -> tuple[list[Any], ...]:
        """(builds, lifts, sells, mortgages) open to p in one group; () when p owns none of it."""
        kind, members = self._group_list[gi]
        owner, buildings, mortgaged = self.owner, self.buildings, self.mortgaged
        mine = [m for m in members if owner[m] == p]
        if not mine:
            return ()
        builds: list[tuple[tuple[str, int, Any], int]] = []
        lifts: list[tuple[tuple[str, int, Any], int]] = []
        sells: list[tuple[tuple[str, int, Any], int]] = []
        mortgages: list[tuple[tuple[str, int, Any], int]] = []
        interest = self.rules.mortgage_interest_percent
        built = [buildings[m] for m in members]
        group_built = any(built)
        per_street = not self.rules.mortgage_blocks_group
        for m in mine:
            if mortgaged[m]:
                lifts.append((("lift", p, m), lift_cost(self._price[m] // 2, interest)))
            elif not (buildings[m] if per_street else group_built):
                mortgages.append((("mortgage", p, m), 0))
        if kind == "street":
            if self.rules.roles or per_street:  # the general rule, street by street
                builds.extend((("build", p, m), self._house_cost[m]) for m in mine if self._build_block(p, m) is None)
            elif len(mine) == len(members) and not any(mortgaged[m] for m in members):
                self._build_candidates(p, members, built, builds)
            if group_built:
                self._sell_candidates(p, mine, built_max=max(built), out=sells)
        return builds, lifts, sells, mortgages
