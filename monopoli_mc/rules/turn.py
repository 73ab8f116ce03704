"""Throwing, moving, landing, cards, taxes, jail and passing the turn on."""

from __future__ import annotations

from typing import Any

from monopoli_mc.rules.base import EngineBase
from monopoli_mc.rules.board import Card
from monopoli_mc.rules.events import BANK, JAR, Event
from monopoli_mc.rules.phases import BUY, DEBT, DRAW, END, JAIL, OVER, RECEIVED, ROLL, TAX
from monopoli_mc.rules.speed import SpeedMixin
from monopoli_mc.rules.state import HOTEL, NOT_IN_JAIL, trait


# EngineBase named again: mypyc (1.19) finds the methods it declares only through a direct base.
@trait
class TurnMixin(SpeedMixin, EngineBase):
    """The turn flow: dice, movement and what each space does."""

    def _dice(self) -> tuple[int, int]:
        rnd = self.rng.random
        return int(rnd() * 6) + 1, int(rnd() * 6) + 1

    def _throw_for_first(self, ev: list[Event]) -> int:
        """Everyone throws; the highest total starts, ties throw again."""
        contenders = list(range(len(self.names)))
        while True:
            best, top = -1, []
            for p in contenders:
                d1, d2 = self._dice()
                ev.append(("seat_roll", p, d1, d2))
                if d1 + d2 > best:
                    best, top = d1 + d2, [p]
                elif d1 + d2 == best:
                    top.append(p)
            if len(top) == 1:
                return top[0]
            contenders = top

    def _start_turn(self, ev: list[Event]) -> None:
        p = self.current
        self.doubles = 0
        self.turns += 1
        self.after = []
        ev.append(("turn", p, self.round))
        self.phase = JAIL if self.jail_turns[p] >= 0 else ROLL
        self.pending = {}

    # -- throwing and moving ------------------------------------------------------

    def _do_roll(self, p: int, arg: Any, ev: list[Event]) -> None:
        if self.claims:
            self._forfeit_claims(p, ev)
        d1, d2 = self._dice()
        self.last_dice = (d1, d2)
        ev.append(("roll", p, d1, d2))
        self.speed_value = 0  # the speed die counts only on the throw it was thrown with
        if self.jail_turns[p] >= 0:
            self._jail_throw(p, d1, d2, ev)
            return
        if self.rules.speed_die:
            if self._uses_speed_die(p):
                self._speed_throw(p, d1, d2, ev)
                return
        again = d1 == d2
        if again:
            self.doubles += 1
            limit = self.rules.doubles_extra_throws
            if limit is not None and self.doubles > limit:
                again = False  # the extra throw's doubles count as an ordinary throw
            elif self.doubles >= self.rules.doubles_to_jail:
                self._send_to_jail(p, "doubles", ev)
                self.phase, self.pending = END, {}
                return
        self.after = [["landed", again]]
        self._advance(p, d1 + d2, ev)
        self._land(p, ev)
        if not self.phase:
            self._resume(ev)

    def _forfeit_claims(self, thrower: int, ev: list[Event]) -> None:
        """Rent not claimed before the next player throws is lost."""
        kept = []
        for claim in self.claims:
            if claim[0] == thrower:
                kept.append(claim)
            else:
                ev.append(("rent_forfeit", claim[0], claim[1], claim[2], claim[3]))
        self.claims = kept

    def _advance(self, p: int, steps: int, ev: list[Event]) -> None:
        """Move forward by `steps`, collecting the salary on passing or landing on GO."""
        start = self.pos[p]
        end = start + steps
        n = self._n_spaces
        if end >= n:
            end -= n
            self._pay(BANK, p, self.rules.salary, "salary", ev)
            self.speed_ready[p] = True
        self.pos[p] = end
        ev.append(("move", p, start, end))

    def _advance_to(self, p: int, target: int, ev: list[Event]) -> None:
        """Move forward to a space (by a card), collecting the salary when passing GO."""
        self._advance(p, (target - self.pos[p]) % self._n_spaces, ev)

    def _land(self, p: int, ev: list[Event], rent_multiplier: int = 1, dice_multiplier: int = 0) -> None:
        """Resolve the space the player stands on; may open a phase (BUY, DRAW, TAX)."""
        self.phase = ""
        s = self.pos[p]
        kind = self._kind[s]
        if kind == "street" or kind == "railroad" or kind == "utility":
            owner = self.owner[s]
            if owner < 0:
                self.phase, self.pending = BUY, {"space": s}
                ev.append(("buy_offer", p, s, self._price[s]))
            elif owner != p and not self.mortgaged[s]:
                rent = self._rent_due(s, owner, rent_multiplier, dice_multiplier, ev)
                if self.rules.rent_must_be_claimed:
                    self.claims.append([p, owner, rent, s])
                    ev.append(("rent_due", p, owner, rent, s))
                else:
                    self._charge(p, owner, rent, "rent", ev)
        elif kind == "chance" or kind == "community_chest":
            deck = self.roles[p] if self.board.card_decks == "role" else kind
            self.phase, self.pending = DRAW, {"deck": deck}
            ev.append(("draw_prompt", p, deck))
        elif kind == "tax":
            self._land_on_tax(p, self._tax[s], ev)
        elif kind == "go_to_jail":
            self._send_to_jail(p, "go_to_jail", ev)
        elif kind == "free_parking":
            if self.rules.free_parking_jar and self.jar > 0:
                self._pay(JAR, p, self.jar, "jar", ev)
                self._pay(BANK, JAR, self.rules.jar_seed, "jar_seed", ev)

    def _rent_due(self, s: int, owner: int, rent_multiplier: int, dice_multiplier: int,
                  ev: list[Event]) -> int:
        kind = self._kind[s]
        if kind == "street":
            if self.rules.roles:
                return self._role_rent(s, owner)
            built = self.buildings[s]
            if built:
                return self._rent[s][built]
            base = self._rent[s][0]
            if self.rules.double_rent_full_group and self._owns_group(owner, s):
                return base * 2
            return base
        owned = self._count_owned(owner, s)
        group = self._group_of[s]
        assert group is not None
        monopolist = self.rules.roles and self.roles[owner] == "monopolist"
        if kind == "railroad":
            return (group.monopoly_rent if monopolist and group.monopoly_rent else group.rent)[owned - 1] \
                * rent_multiplier
        if dice_multiplier:
            d1, d2 = self._dice()
            ev.append(("rent_roll", self.current, d1, d2))
            return (d1 + d2) * dice_multiplier
        thrown = self.last_dice[0] + self.last_dice[1] + self.speed_value
        multipliers = group.monopoly_dice_multiplier if monopolist and group.monopoly_dice_multiplier \
            else group.dice_multiplier
        return thrown * multipliers[owned - 1]

    def _land_on_tax(self, p: int, tax: str | None, ev: list[Event]) -> None:
        rules = self.rules
        if tax == "income":
            if rules.income_tax_percent:
                self.phase, self.pending = TAX, {}
                ev.append(("tax_prompt", p, rules.income_tax, rules.income_tax_percent))
                return
            self._charge(p, self._tax_to, rules.income_tax, "tax", ev)
        else:
            self._charge(p, self._tax_to, rules.luxury_tax, "tax", ev)

    def _do_pay_flat_tax(self, p: int, arg: Any, ev: list[Event]) -> None:
        self.phase = ""
        self._charge(p, self._tax_to, self.rules.income_tax, "tax", ev)
        self._resume(ev)

    def _do_pay_percent_tax(self, p: int, arg: Any, ev: list[Event]) -> None:
        self.phase = ""
        amount = self.tax_worth(p) * (self.rules.income_tax_percent or 0) // 100
        self._charge(p, self._tax_to, amount, "tax", ev)
        self._resume(ev)

    # -- cards ----------------------------------------------------------------------

    def _do_draw(self, p: int, arg: Any, ev: list[Event]) -> None:
        deck = self.pending["deck"]
        index = self.decks[deck].pop(0)
        card = self.board.decks[deck][index]
        ev.append(("draw", p, deck, index))
        self.phase = ""
        if card.effect == "get_out_of_jail":
            self.jail_cards[p].append([deck, index])
            ev.append(("card_kept", p, deck, index))
        else:
            self.decks[deck].append(index)
            self._card_effect(p, card, ev)
        if not self.phase:
            self._resume(ev)

    def _card_effect(self, p: int, card: Card, ev: list[Event]) -> None:
        effect = card.effect
        if effect == "advance":
            assert card.to is not None
            self._advance_to(p, card.to, ev)
            self._land(p, ev)
        elif effect == "advance_nearest":
            target = self._nearest(self.pos[p], card.target_kind or "")
            self._advance_to(p, target, ev)
            self._land(p, ev, card.rent_multiplier, card.dice_multiplier)
        elif effect == "back":
            start = self.pos[p]
            self.pos[p] = (start - card.spaces) % self._n_spaces
            ev.append(("move", p, start, self.pos[p]))
            self._land(p, ev)
        elif effect == "collect":
            self._pay(BANK, p, card.amount, "card", ev)
        elif effect == "pay":
            self._charge(p, self._card_to, card.amount, "card", ev)
        elif effect == "collect_each":
            for q in self._others(p):
                self._charge(q, p, card.amount, "card", ev)
        elif effect == "pay_each":
            for q in self._others(p):
                self._charge(p, q, card.amount, "card", ev)
        elif effect == "repairs":
            houses = hotels = 0
            for s, built in enumerate(self.buildings):
                if built and self.owner[s] == p:
                    if built == HOTEL:
                        hotels += 1
                    else:
                        houses += built
            self._charge(p, self._card_to, houses * card.house + hotels * card.hotel, "card", ev)
        elif effect == "go_to_jail":
            self._send_to_jail(p, "card", ev)

    def _nearest(self, start: int, kind: str) -> int:
        n = self._n_spaces
        for step in range(1, n + 1):
            s = (start + step) % n
            if self._kind[s] == kind:
                return s
        return start

    # -- jail -----------------------------------------------------------------------

    def _send_to_jail(self, p: int, reason: str, ev: list[Event]) -> None:
        start = self.pos[p]
        self.pos[p] = self._jail
        self.jail_turns[p] = 0
        self.doubles = 0
        ev.append(("move", p, start, self._jail))
        ev.append(("jail", p, reason))

    def _leave_jail(self, p: int, how: str, ev: list[Event]) -> None:
        self.jail_turns[p] = NOT_IN_JAIL
        ev.append(("leave_jail", p, how))

    def _must_pay_fine(self, p: int) -> bool:
        """Sheet 000: "On the third turn in jail, you have to pay $50 to get out and roll"."""
        return self.rules.jail_pay_on_last_turn and self.jail_turns[p] >= self.rules.jail_max_turns - 1

    def _do_pay_fine(self, p: int, arg: Any, ev: list[Event]) -> None:
        paid = self._charge(p, self._fine_to, self.rules.jail_fine, "jail_fine", ev)
        self._leave_jail(p, "fine", ev)
        if paid:
            self.phase = ROLL
            return
        self.phase, self.after = "", [["phase", ROLL, {}]]  # raise the fine first, then throw
        self._resume(ev)

    def _do_use_card(self, p: int, arg: Any, ev: list[Event]) -> None:
        deck, index = self.jail_cards[p].pop(0)
        self.decks[deck].append(index)
        ev.append(("card_returned", p, deck, index))
        self._leave_jail(p, "card", ev)
        self.phase = ROLL

    def _jail_throw(self, p: int, d1: int, d2: int, ev: list[Event]) -> None:
        if d1 == d2:
            self._leave_jail(p, "doubles", ev)
            again = self.rules.jail_roll_again_on_doubles
            self.doubles = 1 if again else 0
            self.after = [["landed", again]]
            self._advance(p, d1 + d2, ev)
            self._land(p, ev)
            if not self.phase:
                self._resume(ev)
            return
        self.jail_turns[p] += 1
        if self.jail_turns[p] < self.rules.jail_max_turns:
            ev.append(("jail_stay", p, self.jail_turns[p]))
            self.phase, self.pending = END, {}
            return
        # The last allowed throw failed: pay the fine, then move by this throw.
        self.phase = ""
        self.after = [["jail_move", d1 + d2]]
        self._charge(p, self._fine_to, self.rules.jail_fine, "jail_fine", ev)
        self._resume(ev)

    # -- continuing after a phase closes -----------------------------------------------

    def _resume(self, ev: list[Event]) -> None:
        """Go on with the turn once the current step is resolved: debts first, then auctions."""
        if self.phase == OVER:
            return
        if self.received:
            self.phase, self.pending = RECEIVED, {}
            return
        if self.debts:
            self.phase, self.pending = DEBT, {}
            return
        if self.auction_queue:
            self._start_auction(self.auction_queue.pop(0), ev)
            return
        if not self.after:
            self.phase, self.pending = END, {}
            return
        step = self.after.pop()
        what = step[0]
        p = self.current
        if what == "landed":
            if self.bankrupt[p]:
                self._next_turn(ev)
            elif self.jail_turns[p] >= 0 or not step[1]:
                self.phase, self.pending = END, {}
            else:
                self.phase, self.pending = ROLL, {}
        elif what == "jail_move":
            self._leave_jail(p, "fine", ev)
            self.after = [["landed", False]]
            self._advance(p, step[1], ev)
            self._land(p, ev)
            if not self.phase:
                self._resume(ev)
        elif what == "phase":
            if step[1] in (DEBT, RECEIVED):  # these come back by themselves (checked above) while any are left
                self._resume(ev)
            else:
                self.phase, self.pending = step[1], step[2]
        elif what == "next_turn":
            self._next_turn(ev)
        elif what == "mr_monopoly":
            self._mr_monopoly(p, ev)
            if not self.phase:
                self._resume(ev)

    def _do_end_turn(self, p: int, arg: Any, ev: list[Event]) -> None:
        self._next_turn(ev)

    def _next_turn(self, ev: list[Event]) -> None:
        """Pass the dice to the next seat still in; a round ends when the first seat is reached."""
        n = len(self.names)
        start = p = self.current
        while True:
            p = (p + 1) % n
            if not self.bankrupt[p]:
                break
        if 0 < (self.first - start) % n <= (p - start) % n or p == start:
            self.round += 1
            limit = self.rules.max_rounds
            if limit is not None and self.round >= limit:
                self._end_by_worth("round_limit", ev)
                return
        self.current = p
        self._start_turn(ev)
