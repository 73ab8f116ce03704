"""Operator actions: the banker fixing the game through the rules, never around them."""

from __future__ import annotations

from typing import Any, Final

from monopoli_mc.rules.base import EngineBase
from monopoli_mc.limits import SCORE_MAX
from monopoli_mc.rules.events import BANK, JAR, Event
from monopoli_mc.rules.phases import BUY, DEBT, MANAGE_PHASES, SYSTEM
from monopoli_mc.rules.state import trait

ADMIN_ACTIONS: Final = ("admin_pay", "admin_fine", "admin_move", "admin_give_deed", "kick", "admin_bankrupt")


@trait
class OperatorMixin(EngineBase):
    """admin_pay, admin_fine, admin_move, admin_give_deed, kick and admin_bankrupt, by the SYSTEM seat."""

    def _g_admin(self, kind: str, p: int, arg: Any) -> str | None:
        """Why an operator action is not possible now, or None."""
        if p != SYSTEM:
            return f"{kind.replace('_', ' ')} is for the operator only"
        if self.phase not in MANAGE_PHASES:
            return f"wait until the {self.phase.replace('_', ' ')} is over"
        if not isinstance(arg, dict):
            return f"{kind} needs a mapping with the player"
        seat = arg.get("player")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(self.names):
            return f"no player in seat {seat!r}"
        if self.bankrupt[seat]:
            return f"{self.names[seat]} is out of the game"
        if kind in ("admin_pay", "admin_fine"):
            amount = arg.get("amount")
            if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0:
                return f"the amount must be a positive whole number of dollars, not {amount!r}"
            held = self.cash[seat] if kind == "admin_pay" else (self.jar if self._fine_to == JAR else 0)
            if held + amount > SCORE_MAX:
                who = self.names[seat] if kind == "admin_pay" else "the jar"
                return (f"{who} would hold ${held + amount:,}, more than a Minecraft score holds "
                        f"(${SCORE_MAX:,})")
        if kind == "admin_bankrupt":
            return self._g_admin_bankrupt(seat)
        if kind in ("admin_move", "admin_give_deed"):
            s = arg.get("space")
            if not self._is_space(s):
                return f"there is no space {s!r}"
            if kind == "admin_give_deed":
                if self._price[s] == 0:
                    return f"{self.board.spaces[s].name!r} is not a property"
                if self.owner[s] == seat:
                    return f"{self.names[seat]} already owns {self.board.spaces[s].name!r}"
                if self._group_built(s):
                    return f"sell the buildings of {self.board.spaces[s].name!r}'s group first"
                if self.phase == BUY and self.pending.get("space") == s:
                    return (f"{self.board.spaces[s].name!r} is for sale right now: give it once it is "
                            "bought or auctioned")
        return None

    def _g_admin_bankrupt(self, seat: int) -> str | None:
        name = self.names[seat]
        if not any(d[0] == seat for d in self.debts):
            return f"{name} owes nothing now"
        if self.phase != DEBT or self.debts[0][0] != seat:
            return f"{name}'s debt comes after {self.names[self.debts[0][0]]}'s: that one is settled first"
        return None

    def _do_admin_bankrupt(self, p: int, arg: dict[str, Any], ev: list[Event]) -> None:
        """A player who owes and does not pay is declared bankrupt by the operator (the banker), as the
        sheets' bankruptcy: everything goes to the creditor, or to the bank, which auctions the deeds.
        No sheet has a player stall; the operator ends the wait."""
        self._do_bankrupt(arg["player"], None, ev)

    def _do_admin_pay(self, p: int, arg: dict[str, Any], ev: list[Event]) -> None:
        self._pay(BANK, arg["player"], arg["amount"], "admin", ev)

    def _do_admin_fine(self, p: int, arg: dict[str, Any], ev: list[Event]) -> None:
        self._charge(arg["player"], self._fine_to, arg["amount"], "admin", ev)
        self._settle_debts_first(ev)

    def _do_admin_move(self, p: int, arg: dict[str, Any], ev: list[Event]) -> None:
        seat, s = arg["player"], arg["space"]
        start = self.pos[seat]
        self.pos[seat] = s
        if s != self._jail:
            self.jail_turns[seat] = -1
        ev.append(("move", seat, start, s))

    def _do_admin_give_deed(self, p: int, arg: dict[str, Any], ev: list[Event]) -> None:
        seat, s = arg["player"], arg["space"]
        before = self.owner[s]
        self.owner[s] = seat
        self.owners_version += 1
        self._touch(seat, before, space=s) if before >= 0 else self._touch(seat, space=s)
        ev.append(("deed", s, before, seat))

    def _do_kick(self, p: int, arg: dict[str, Any], ev: list[Event]) -> None:
        """The player leaves: everything goes to the bank, which auctions the deeds."""
        seat = arg["player"]
        deciding = self.to_act() == seat
        self.debts = [d if d[1] != seat else [d[0], BANK, d[2], d[3]] for d in self.debts if d[0] != seat]
        self._go_bankrupt(seat, BANK, ev)
        if self.phase == "game_over":
            return
        if deciding or self.auction_queue:
            if not deciding:
                self.after.append(["phase", self.phase, self.pending])
            self.phase = ""
            self._resume(ev)
        elif self.phase == DEBT and not self.debts:
            self.phase = ""
            self._resume(ev)

    def _settle_debts_first(self, ev: list[Event]) -> None:
        """A charge made outside the turn's flow left a debt: settle it, then carry on where we were."""
        if self.debts and self.phase != DEBT:
            self.after.append(["phase", self.phase, self.pending])
            self.phase = ""
            self._resume(ev)
