"""Game events in words, for turn logs and the live demo log."""

from __future__ import annotations

from typing import Any

from monopoli_mc.rules.board import Board
from monopoli_mc.rules.events import BANK, JAR, Event

_REASONS = {"rent": "rent", "tax": "tax", "card": "card", "jail_fine": "jail fine", "purchase": "purchase",
            "auction": "auction", "build": "building", "sellback": "sell-back", "mortgage": "mortgage",
            "lift": "lifting a mortgage", "fee": "mortgage fee", "trade": "trade", "bankruptcy": "bankruptcy",
            "jar": "the jar", "salary": "salary", "admin": "operator"}


END_REASONS = {
    "last_standing": "the last player standing",
    "side_standing": "the richest of the last side standing",  # Anti-Monopoly Game B
    "round_limit": "the richest at the round limit",
    "time_limit": "the richest when time ran out",
    "operator": "the richest when the operator ended the game",
}
"""How a game ended (the game_over event's reason), in words."""


class Narrator:
    """Turns event tuples into short sentences with player and space names."""

    def __init__(self, board: Board, names: list[str], *, top_building: str = "hotel") -> None:
        self.board = board
        self.names = names
        self.top_building = top_building  # "apartment" in Anti-Monopoly

    def who(self, account: int) -> str:
        """A seat's name, or the bank or the jar."""
        if account == BANK:
            return f"the {self.board.bank}"
        if account == JAR:
            return "the jar"
        return self.names[account]

    def where(self, space: int) -> str:
        """A space's name."""
        return self.board.spaces[space].name

    def line(self, event: Event) -> str | None:
        """One event in words, or None for events not worth a line."""
        kind = event[0]
        method = getattr(self, f"_{kind}", None)
        return method(*event[1:]) if method is not None else None

    def lines(self, events: list[Event]) -> list[str]:
        """The events worth telling, in words (a move into jail is told by the jail line alone)."""
        out = []
        for i, event in enumerate(events):
            if event[0] == "move" and i + 1 < len(events) and events[i + 1][:2] == ("jail", event[1]):
                continue
            text = self.line(event)
            if text:
                out.append(text)
        return out

    def _turn(self, p: int, rnd: int) -> str:
        return f"-- round {rnd + 1}: {self.names[p]}'s turn"

    def _first_player(self, p: int) -> str:
        return f"{self.names[p]} threw highest and starts"

    def _roll(self, p: int, d1: int, d2: int) -> str:
        return f"{self.names[p]} throws {d1}+{d2}" + (" (doubles)" if d1 == d2 else "")

    def _rent_roll(self, p: int, d1: int, d2: int) -> str:
        return f"{self.names[p]} throws {d1}+{d2} for the utility"

    def _move(self, p: int, start: int, end: int) -> str:
        visiting = " (just visiting)" if self.board.spaces[end].kind == "jail" else ""
        return f"{self.names[p]} moves to {self.where(end)}{visiting}"

    def _pay(self, payer: int, payee: int, amount: int, reason: str) -> str | None:
        if reason in ("start", "jar_seed", "purchase", "auction", "build"):
            return None  # the start, or told by the bought / auction_won / build line
        what = _REASONS.get(reason, reason)
        if payer == BANK:
            return f"{self.who(payee)} collects ${amount} ({what})"
        return f"{self.who(payer)} pays ${amount} to {self.who(payee)} ({what})"

    def _speed_die(self, p: int, face: str) -> str:
        return f"{self.names[p]}'s speed die shows {face.replace('_', ' ').title()}"

    def _bus(self, p: int, move: str, steps: int) -> str:
        return f"{self.names[p]} takes the Bus: {steps} spaces ({move})"

    def _triples(self, p: int) -> str:
        return f"{self.names[p]} throws triples and may go anywhere"

    def _mr_monopoly(self, p: int, s: int) -> str:
        return f"Mr. Monopoly sends {self.names[p]} on to {self.where(s)}" if s >= 0 else "Mr. Monopoly stays put"

    def _role(self, p: int, role: str) -> str:
        return f"{self.names[p]} plays as a {role}"

    def _rent_due(self, p: int, owner: int, amount: int, s: int) -> str:
        return f"{self.names[p]} owes {self.names[owner]} ${amount} rent, if claimed before the next throw"

    def _rent_forfeit(self, p: int, owner: int, amount: int, s: int) -> str:
        return f"{self.names[owner]} did not claim ${amount} rent from {self.names[p]}: it is lost"

    def _building_auction(self, item: str, p: int, left: int) -> str:
        return f"the {self.board.bank} has {left} {item}(s) left and several want them: auction"

    def _bought(self, p: int, s: int, price: int) -> str:
        return f"{self.names[p]} buys {self.where(s)} for ${price}"

    def _declined(self, p: int, s: int) -> str:
        return f"{self.names[p]} does not buy {self.where(s)}: it stays with the {self.board.bank}"

    def _auction_start(self, s: int) -> str:
        return f"{self.where(s)} goes to auction"

    def _auction_pass(self, p: int) -> str:
        return f"{self.names[p]} passes"

    def _auction_won(self, p: int, s: int, amount: int) -> str:
        return f"{self.names[p]} wins {self.where(s)} at auction for ${amount}"

    def _auction_unsold(self, s: int) -> str:
        return f"nobody bids: {self.where(s)} stays with the {self.board.bank}"

    def _draw(self, p: int, deck: str, card: int) -> str:
        c = self.board.decks[deck][card]
        return f"{self.names[p]} draws {deck.replace('_', ' ').title()}: {c.text}"

    def _jail(self, p: int, reason: str) -> str:
        why = {"doubles": "third doubles", "go_to_jail": "Go To Jail", "card": "a card"}.get(reason, reason)
        return f"{self.names[p]} goes to jail ({why})"

    def _leave_jail(self, p: int, how: str) -> str:
        return f"{self.names[p]} leaves jail ({how})"

    def _jail_stay(self, p: int, failed: int) -> str:
        return f"{self.names[p]} stays in jail ({failed} failed)"

    def _build(self, p: int, s: int, count: int) -> str:
        what = f"{'an' if self.top_building[0] in 'aeiou' else 'a'} {self.top_building}" if count == 5 \
            else f"house {count}"
        return f"{self.names[p]} builds {what} on {self.where(s)}"

    def _sell(self, p: int, s: int, count: int) -> str:
        return f"{self.names[p]} sells a building on {self.where(s)} ({count} left)"

    def _mortgage(self, p: int, s: int) -> str:
        return f"{self.names[p]} mortgages {self.where(s)}"

    def _lift(self, p: int, s: int) -> str:
        return f"{self.names[p]} lifts the mortgage on {self.where(s)}"

    def _debt(self, p: int, amount: int, creditor: int, reason: str) -> str:
        return f"{self.names[p]} owes ${amount} to {self.who(creditor)} and must raise money"

    def _bankrupt(self, p: int, creditor: int) -> str:
        return f"{self.names[p]} is bankrupt; everything goes to {self.who(creditor)}"

    def _trade_offer(self, p: int, to: int, offer: dict[str, Any]) -> str:
        return f"{self.names[p]} offers {self.names[to]} a trade: {self.describe_offer(offer)}"

    def _trade_accepted(self, p: int, to: int) -> str:
        return f"{self.names[to]} accepts {self.names[p]}'s trade"

    def _trade_refused(self, p: int, to: int) -> str:
        return f"{self.names[to]} refuses {self.names[p]}'s trade"

    def _tie(self, players: list[int], worth: int) -> str:
        return f"{self.together(players)} tie at ${worth:,} net worth"

    def _game_over(self, winner: int | None, reason: str) -> str:
        if winner is None:
            return f"GAME OVER: a tie, no single winner ({END_REASONS.get(reason, reason)})"
        return f"GAME OVER: {self.names[winner]} wins ({END_REASONS.get(reason, reason)})"

    def together(self, seats: list[int]) -> str:
        """Names joined: "Alex", "Alex and Sam", "Alex, Sam and Kim"."""
        names = [self.names[p] for p in seats]
        return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"

    def describe_offer(self, offer: dict[str, Any]) -> str:
        """A trade offer in words."""
        def side(deeds: list[int], cash: int, cards: int) -> str:
            parts = [self.where(s) for s in deeds] + ([f"${cash}"] if cash else []) + \
                ([f"{cards} jail card(s)"] if cards else [])
            return ", ".join(parts) or "nothing"
        return (f"{side(offer.get('give', []), offer.get('give_cash', 0), offer.get('give_cards', 0))} for "
                f"{side(offer.get('get', []), offer.get('get_cash', 0), offer.get('get_cards', 0))}")
