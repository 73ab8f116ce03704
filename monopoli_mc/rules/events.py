"""Game events: plain tuples `(kind, *fields)`, cheap to make and JSON-safe.

The engine returns a list of these from every `apply`. Every random outcome is
in the event it caused (dice in `roll`, a deck's order in `shuffle`, the card in
`draw`), so the log of events is a complete account of the game.
Accounts in `pay` are a seat number, BANK or JAR.
"""

from __future__ import annotations

from typing import Any, Final

BANK: Final = -1
JAR: Final = -2

Event = tuple[Any, ...]

# Field names of each event kind, after the kind itself.
EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "seat_roll": ("player", "d1", "d2"),
    "first_player": ("player",),
    "shuffle": ("deck", "order"),
    "turn": ("player", "round"),
    "roll": ("player", "d1", "d2"),
    "rent_roll": ("player", "d1", "d2"),  # the throw for a utility reached by a card
    "move": ("player", "from_space", "to_space"),
    "pay": ("payer", "payee", "amount", "reason"),
    "buy_offer": ("player", "space", "price"),
    "bought": ("player", "space", "price"),
    "declined": ("player", "space"),  # not bought, and no auction: it stays with the bank
    "auction_start": ("space",),
    "building_auction": ("item", "player", "left"),
    "bid": ("player", "amount"),
    "auction_pass": ("player",),
    "auction_won": ("player", "space", "amount"),
    "auction_unsold": ("space",),
    "draw_prompt": ("player", "deck"),
    "draw": ("player", "deck", "card"),
    "card_kept": ("player", "deck", "card"),
    "card_returned": ("player", "deck", "card"),
    "jail": ("player", "reason"),
    "leave_jail": ("player", "how"),
    "jail_stay": ("player", "failed_throws"),
    "tax_prompt": ("player", "amount", "percent"),
    "build": ("player", "space", "buildings"),
    "sell": ("player", "space", "buildings"),
    "mortgage": ("player", "space"),
    "lift": ("player", "space"),
    "deed": ("space", "from_owner", "to_owner"),
    "debt": ("player", "amount", "creditor", "reason"),
    "rent_due": ("player", "owner", "amount", "space"),
    "rent_forfeit": ("player", "owner", "amount", "space"),
    "deal": ("order",),
    "speed_die": ("player", "face"),
    "role": ("player", "role"),
    "triples": ("player",),
    "bus": ("player", "move", "steps"),
    "mr_monopoly": ("player", "space"),
    "bankrupt": ("player", "creditor"),
    "trade_offer": ("player", "to", "offer"),
    "trade_accepted": ("player", "to"),
    "trade_refused": ("player", "to"),
    "tie": ("players", "worth"),  # the seats sharing the top net worth, just before a game_over without winner
    "game_over": ("winner", "reason"),  # winner None: a tie
}


def event_to_dict(event: Event) -> dict[str, Any]:
    """An event as a mapping of its named fields (for logs, JSON and the controller)."""
    kind = event[0]
    names = EVENT_FIELDS[kind]
    out: dict[str, Any] = {"kind": kind}
    for name, value in zip(names, event[1:]):
        out[name] = list(value) if isinstance(value, tuple) else value
    return out
