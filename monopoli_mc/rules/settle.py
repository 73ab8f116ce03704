"""Money: payments, debts, bankruptcy, trades, worth and the end of the game."""

from __future__ import annotations

from typing import Any, Final

from monopoli_mc.rules.base import EngineBase
from monopoli_mc.rules.events import BANK, JAR, Event
from monopoli_mc.rules.phases import OVER, TRADE
from monopoli_mc.rules.property import lift_cost
from monopoli_mc.rules.state import HOTEL, NOT_IN_JAIL, trait

TRADE_KEYS: Final = ("to", "give", "get", "give_cash", "get_cash", "give_cards", "get_cards")


@trait
class SettleMixin(EngineBase):
    """Every transfer names its two accounts, so money is conserved by construction."""

    def _pay(self, payer: int, payee: int, amount: int, reason: str, ev: list[Event]) -> None:
        """Move money between two accounts (a seat, BANK or JAR); the payer must have it."""
        if amount <= 0:
            return
        if payer >= 0:
            self.cash[payer] -= amount
        elif payer == BANK:
            self.bank -= amount
        else:
            self.jar -= amount
        if payee >= 0:
            self.cash[payee] += amount
        elif payee == BANK:
            self.bank += amount
        else:
            self.jar += amount
        ev.append(("pay", payer, payee, amount, reason))

    def _charge(self, payer: int, payee: int, amount: int, reason: str, ev: list[Event]) -> bool:
        """A seat pays if it can; otherwise the amount becomes a debt to settle (DEBT phase)."""
        if amount <= 0:
            return True
        if self.cash[payer] >= amount and not any(d[0] == payer for d in self.debts):
            self._pay(payer, payee, amount, reason, ev)
            return True
        self.debts.append([payer, payee, amount, reason])
        ev.append(("debt", payer, amount, payee, reason))
        return False

    # -- debts and bankruptcy -------------------------------------------------------------

    def _do_pay_debt(self, p: int, arg: Any, ev: list[Event]) -> None:
        debtor, creditor, amount, reason = self.debts.pop(0)
        self._pay(debtor, creditor, amount, reason, ev)
        self.phase = ""
        self._resume(ev)

    def max_raisable(self, p: int) -> int:
        """Cash plus what selling every building and mortgaging every deed would bring."""
        total = self.cash[p]
        sellback = self.rules.sellback
        for s, owner in enumerate(self.owner):
            if owner != p:
                continue
            built = self._units(s)
            if built:
                total += built * sellback(self._house_cost[s])
            if not self.mortgaged[s]:
                total += self._price[s] // 2
        return total

    def _do_bankrupt(self, p: int, arg: Any, ev: list[Event]) -> None:
        creditor = self.debts[0][1]
        self.debts = [d for d in self.debts if d[0] != p]
        self._go_bankrupt(p, creditor, ev)
        if self.phase != OVER:
            self.phase = ""
            self._resume(ev)

    def _go_bankrupt(self, p: int, creditor: int, ev: list[Event]) -> None:
        """Hand everything to the creditor (a player), or to the bank, which auctions the deeds."""
        ev.append(("bankrupt", p, creditor))
        to_player = creditor >= 0 and not self.bankrupt[creditor]
        percent = self.rules.bankruptcy_building_percent
        deeds = [s for s, o in enumerate(self.owner) if o == p]
        for s in deeds:
            built = self._units(s)
            if built:
                if self.buildings[s] == HOTEL:
                    self.hotels_out -= 1
                else:
                    self.houses_out -= built
                self.buildings[s] = 0
                ev.append(("sell", p, s, 0))
                self._pay(BANK, p, built * self._house_cost[s] * percent // 100, "bankruptcy", ev)
        self._pay(p, creditor if to_player or creditor == JAR else BANK, self.cash[p], "bankruptcy", ev)
        fees: list[int] = []
        for s in deeds:
            if to_player:
                self.owner[s] = creditor
                if self.mortgaged[s]:
                    fees.append(s)
            else:
                self.owner[s] = -1
                self.mortgaged[s] = False
                self.auction_queue.append(s)
            ev.append(("deed", s, p, creditor if to_player else -1))
        for deck, card in self.jail_cards[p]:
            if to_player:
                self.jail_cards[creditor].append([deck, card])
                ev.append(("card_kept", creditor, deck, card))
            else:
                self.decks[deck].append(card)
                ev.append(("card_returned", p, deck, card))
        self.jail_cards[p] = []
        self.claims = [c for c in self.claims if p not in (c[0], c[1])]
        self.bankrupt[p] = True
        self._touch_seat_out(deeds)
        self.jail_turns[p] = NOT_IN_JAIL
        self.received.extend([creditor, s, "bankruptcy"] for s in fees if self._received_matters(s, "bankruptcy"))
        if p == self.current:
            self.after = [["next_turn"]]
        alive = [q for q in range(len(self.names)) if not self.bankrupt[q]]
        if len(alive) == 1:
            self.auction_queue = []
            self._finish(alive[0], "last_standing", ev)
        elif self.rules.win_by_side:
            winner = self._side_won()
            if winner is not None:
                self.auction_queue = []
                self._finish(winner, "side_standing", ev)

    # -- a mortgaged deed received: lift it now, or pay the fee and keep it mortgaged -----------

    def _received_terms(self, s: int, how: str) -> tuple[int, int, int]:
        """A mortgaged deed received by `how` (bankruptcy, trade): (the fee to keep it mortgaged,
        the fee due with lifting it at once, the lift at once)."""
        rules = self.rules
        mortgage = self._price[s] // 2
        percent = rules.received_mortgage_fee_percent if how == "bankruptcy" else rules.bought_mortgage_fee_percent
        fee = (mortgage * percent + 99) // 100
        if how == "bankruptcy" and rules.received_fee_always:
            return fee, fee, mortgage  # sheet 000: the interest at once, then the mortgage alone
        return fee, 0, lift_cost(mortgage, rules.mortgage_interest_percent)

    def _received_matters(self, s: int, how: str) -> bool:
        """Whether lifting at once or keeping the deed mortgaged differ at all (else no decision)."""
        keep, now_fee, now_lift = self._received_terms(s, how)
        return keep > 0 or now_fee + now_lift != lift_cost(self._price[s] // 2, self.rules.mortgage_interest_percent)

    def received_costs(self) -> tuple[int, int]:
        """The deed awaiting lift-or-keep: (what lifting it now costs in all, the fee to keep it)."""
        _, s, how = self.received[0]
        keep, now_fee, now_lift = self._received_terms(s, how)
        return now_fee + now_lift, keep

    def _g_lift_now(self, p: int, arg: Any) -> str | None:
        s = self.received[0][1]
        cost = self.received_costs()[0]
        if self.cash[p] < cost:
            return f"lifting {self.board.spaces[s].name!r} now costs ${cost}; {self.names[p]} has ${self.cash[p]}"
        return None

    def _do_lift_now(self, p: int, arg: Any, ev: list[Event]) -> None:
        _, s, how = self.received.pop(0)
        _, now_fee, now_lift = self._received_terms(s, how)
        self._pay(p, BANK, now_fee, "fee", ev)
        self._pay(p, BANK, now_lift, "lift", ev)
        self.mortgaged[s] = False
        self._touch(p, space=s)
        ev.append(("lift", p, s))
        self.phase = ""
        self._resume(ev)

    def _do_keep_mortgage(self, p: int, arg: Any, ev: list[Event]) -> None:
        _, s, how = self.received.pop(0)
        self._charge(p, BANK, self._received_terms(s, how)[0], "fee", ev)
        self.phase = ""
        self._resume(ev)

    # -- worth and the end ---------------------------------------------------------------

    def owed(self, p: int) -> int:
        """What a seat's unpaid debts come to, less what unpaid debts owe it (a creditor's claim)."""
        return sum(d[2] for d in self.debts if d[0] == p) - sum(d[2] for d in self.debts if d[1] == p)

    def net_worth(self, p: int) -> int:
        """Cash, deeds at price (less the mortgage when mortgaged) and buildings at cost, less what the
        seat owes and plus what it is owed: a debt left unpaid counts as if it had been paid."""
        if self.bankrupt[p]:
            return 0
        total = self.cash[p] - self.owed(p) if self.debts else self.cash[p]
        for s, owner in enumerate(self.owner):
            if owner == p:
                total += self._price[s] - (self._price[s] // 2 if self.mortgaged[s] else 0)
                total += self._units(s) * self._house_cost[s]
        return total

    def tax_worth(self, p: int) -> int:
        """Total worth for the percentage income tax: cash, deeds at printed price, buildings at cost."""
        total = self.cash[p]
        for s, owner in enumerate(self.owner):
            if owner == p:
                total += self._price[s] + self._units(s) * self._house_cost[s]
        return total

    def standings(self) -> list[tuple[int, int]]:
        """(seat, net worth), richest first; bankrupt seats last in the order they fell."""
        return sorted(((p, self.net_worth(p)) for p in range(len(self.names))),
                      key=lambda item: (not self.bankrupt[item[0]], item[1]), reverse=True)

    def tied(self) -> list[int]:
        """The seats sharing the top net worth of a game that ended by worth without a single winner."""
        if self.phase != OVER or self.winner is not None:
            return []
        return self._richest()[0]

    def _richest(self) -> tuple[list[int], int]:
        """The seats still playing that share the top net worth, and that net worth."""
        worth = {p: self.net_worth(p) for p in range(len(self.names)) if not self.bankrupt[p]}
        best = max(worth.values())
        return [p for p, w in worth.items() if w == best], best

    def _end_by_worth(self, reason: str, ev: list[Event]) -> None:
        """The richest by net worth wins; equal net worth at the top is a tie (no seat order decides).

        No rule sheet ends a game by the clock (their end is the last player standing), so this is
        the house's. Debts still unpaid stay in the state, counted in the final standings."""
        top, best = self._richest()
        if len(top) > 1:
            ev.append(("tie", top, best))
        self._finish(top[0] if len(top) == 1 else None, reason, ev, settled=False)

    def _finish(self, winner: int | None, reason: str, ev: list[Event], *, settled: bool = True) -> None:
        self.phase, self.pending = OVER, {}
        self.winner, self.end_reason = winner, reason
        if settled:
            self.debts = []
        self.received = []
        ev.append(("game_over", winner, reason))

    def _do_time_up(self, p: int, arg: Any, ev: list[Event]) -> None:
        self._end_by_worth("time_limit", ev)

    def _do_admin_end(self, p: int, arg: Any, ev: list[Event]) -> None:
        self._end_by_worth("operator", ev)

    # -- trades ----------------------------------------------------------------------------

    def _g_propose_trade(self, p: int, offer: Any) -> str | None:
        """A trade: deeds from groups without buildings, cash and jail cards, both ways."""
        if not isinstance(offer, dict):
            return "a trade offer is a mapping with keys " + ", ".join(TRADE_KEYS)
        unknown = set(offer) - set(TRADE_KEYS)
        if unknown:
            return f"unknown trade key {sorted(unknown)[0]!r}"
        to = offer.get("to")
        if not isinstance(to, int) or isinstance(to, bool) or not 0 <= to < len(self.names) \
                or to == p or self.bankrupt[to]:
            return f"cannot trade with seat {to!r}"
        for side, seat in (("give", p), ("get", to)):
            deeds = offer.get(side, [])
            if not isinstance(deeds, list) or len(set(map(repr, deeds))) != len(deeds):
                return f"{side} must be a list of distinct spaces"
            for s in deeds:
                if not self._is_space(s) \
                        or self.owner[s] != seat:
                    return f"{self.names[seat]} does not own space {s!r}"
                if self._group_built(s):
                    return f"sell the buildings of {self.board.spaces[s].name!r}'s group before trading it"
        for key, seat in (("give_cash", p), ("get_cash", to)):
            cash = offer.get(key, 0)
            if not isinstance(cash, int) or isinstance(cash, bool) or cash < 0 or cash > self.cash[seat]:
                return f"{key} must be a whole amount {self.names[seat]} has, not {cash!r}"
        for key, seat in (("give_cards", p), ("get_cards", to)):
            cards = offer.get(key, 0)
            if not isinstance(cards, int) or isinstance(cards, bool) or not 0 <= cards <= len(self.jail_cards[seat]):
                return f"{self.names[seat]} does not hold {cards!r} Get Out of Jail Free cards"
        if not any(offer.get(k) for k in TRADE_KEYS[1:]):
            return "the trade offer is empty"
        return None

    def _do_propose_trade(self, p: int, offer: dict[str, Any], ev: list[Event]) -> None:
        trade = {k: offer.get(k, [] if k in ("give", "get") else 0) for k in TRADE_KEYS}
        trade["give"], trade["get"] = list(trade["give"]), list(trade["get"])
        trade["from"] = p
        self.trade, self.trade_return = trade, self.phase
        self.phase = TRADE
        ev.append(("trade_offer", p, trade["to"], {k: trade[k] for k in TRADE_KEYS}))

    def _do_refuse_trade(self, p: int, arg: Any, ev: list[Event]) -> None:
        trade = self.trade
        assert trade is not None
        ev.append(("trade_refused", trade["from"], p))
        self.phase, self.trade = self.trade_return, None

    def _do_accept_trade(self, p: int, arg: Any, ev: list[Event]) -> None:
        trade = self.trade
        assert trade is not None
        a, b = trade["from"], trade["to"]
        ev.append(("trade_accepted", a, b))
        self._pay(a, b, trade["give_cash"], "trade", ev)
        self._pay(b, a, trade["get_cash"], "trade", ev)
        fees: list[tuple[int, int]] = []
        self.owners_version += 1
        for deeds, giver, taker in ((trade["give"], a, b), (trade["get"], b, a)):
            for s in deeds:
                self.owner[s] = taker
                self._touch(a, b, space=s)  # only the two seats' choices change, in the deed's group
                ev.append(("deed", s, giver, taker))
                if self.mortgaged[s] and self._received_matters(s, "trade"):
                    fees.append((taker, s))
        for count, giver, taker in ((trade["give_cards"], a, b), (trade["get_cards"], b, a)):
            for _ in range(count):
                deck, card = self.jail_cards[giver].pop(0)
                self.jail_cards[taker].append([deck, card])
                ev.append(("card_kept", taker, deck, card))
        self.phase, self.trade = self.trade_return, None
        if fees:  # each receiver decides: lift now, or pay the fee and keep it mortgaged
            self.received.extend([taker, s, "trade"] for taker, s in fees)
            self.after.append(["phase", self.phase, self.pending])
            self.phase = ""
            self._resume(ev)
