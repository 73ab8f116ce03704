"""Trades players put together themselves, with triggers, before the engine sees them.

A draft is the offer a player is writing: whom it is to, the deeds and cash each way.
`/trigger offer set N` puts deed N in (your own: you give it; another player's: you ask
for it, and that player becomes the one you trade with) or takes it out again;
`/trigger offer_cash set N` gives $N (a negative N asks for it); `/trigger offer_card set N`
gives N Get Out of Jail Free cards (negative: asks for them); `/trigger offer_to set K`
chooses the player of seat K (1-8, from the buttons); `/trigger offer_send` proposes it
(the engine's `propose_trade`, checked like any action; the draft is dropped once it is
proposed, and kept when the engine refuses it); `/trigger offer_clear` drops it.
Drafts are plain data, kept per game in the store, so a restart loses none.
"""

from __future__ import annotations

from typing import Any

from monopoli_mc.datapack.calls import stamped
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.narrate import Narrator

KINDS = ("offer", "offer_cash", "offer_card", "offer_to", "offer_send", "offer_clear")
Draft = dict[str, Any]  # to (seat or None), give, get (spaces), give_cash, get_cash, give_cards, get_cards
Action = tuple[str, int, Any]


def empty() -> Draft:
    """A draft with nothing in it yet."""
    return {"to": None, "give": [], "get": [], "give_cash": 0, "get_cash": 0, "give_cards": 0, "get_cards": 0}


def stored(data: Any) -> dict[int, Draft]:
    """The drafts as stored (seat -> draft); raises ValueError for anything this module did not write."""
    drafts = {int(seat): draft for seat, draft in data.items()}
    for draft in drafts.values():
        ok = isinstance(draft, dict) and set(draft) == set(empty()) and (
            draft["to"] is None or type(draft["to"]) is int) and all(
            isinstance(draft[k], list) and all(type(s) is int for s in draft[k]) for k in ("give", "get")) and all(
            type(draft[k]) is int for k in ("give_cash", "get_cash", "give_cards", "get_cards"))
        if not ok:
            raise ValueError(f"a trade offer {str(draft)[:60]!r}")
    return drafts


def handle(game: Game, drafts: dict[int, Draft], seat: int, kind: str,
           value: int | None, *, game_id: int = 0) -> tuple[str, Action | None]:
    """Change a player's draft (or send it): what to tell them, and the action to apply, if any.

    `/trigger offer` from a deed book's [Trade it] carries the number of the game that gave the book
    (`calls.stamped`): a book of another game than `game_id` is told as such, and changes nothing."""
    if kind == "offer" and value is not None:
        stamp, space = stamped(value)
        if stamp and stamp != game_id:
            deed = game.board.spaces[space].name if 0 <= space < len(game.board.spaces) else f"space {space}"
            which = "an earlier" if stamp < game_id else "another"
            return (f"That {deed} book is from {which} game (game {stamp}), not this one (game {game_id}): "
                    "it is worth nothing now. The deed books of this game are the ones it gave you.", None)
        value = space
    if kind == "offer_clear":
        drafts.pop(seat, None)
        return "Your trade offer is dropped.", None
    draft = drafts.setdefault(seat, empty())
    if kind == "offer_send":
        if draft["to"] is None:
            return "Choose whom you trade with first: click a name, or ask for one of their deeds.", None
        offer = {k: v for k, v in draft.items() if v or k == "to"}
        return f"You offer {game.names[draft['to']]} {describe(game, draft)}.", ("propose_trade", seat, offer)
    problem = _change(game, draft, seat, kind, value)
    if problem:
        return problem, None
    return summary(game, draft), None


def summary(game: Game, draft: Draft) -> str:
    """The draft in words, with what to do next."""
    to = "nobody yet" if draft["to"] is None else game.names[draft["to"]]
    return f"Your trade offer to {to}: {describe(game, draft)}."


def describe(game: Game, draft: Draft) -> str:
    """'Boardwalk, $100 for Park Place' (what you give for what you get)."""
    return Narrator(game.board, game.names).describe_offer(draft)


def _change(game: Game, draft: Draft, seat: int, kind: str, value: int | None) -> str | None:
    """Apply one change to the draft, or say why it cannot be made."""
    if value is None:
        return f"{kind} needs a whole number: /trigger {kind} set N"
    if kind == "offer_to":
        to = value - 1
        if not 0 <= to < len(game.names) or to == seat or game.bankrupt[to]:
            return f"there is no other player in seat {value}: click one of the names"
        if draft["to"] not in (None, to) and draft["get"]:
            return f"you ask for {game.names[draft['to']]}'s deeds: /trigger offer_clear to start again"
        draft["to"] = to
        return None
    if kind == "offer_cash":
        if value == 0:
            return "a cash amount is not 0: /trigger offer_cash set 100 gives $100, set -100 asks for it"
        draft["give_cash" if value > 0 else "get_cash"] = abs(value)
        return None
    if kind == "offer_card":
        held = len(game.jail_cards[seat])
        theirs = max(len(cards) for q, cards in enumerate(game.jail_cards) if q != seat)
        if value == 0:
            return "a number of cards is not 0: /trigger offer_card set 1 gives one, set -1 asks for one"
        if value > held:
            return f"you hold {_cards(held)}: /trigger offer_card set 1 gives one"
        if -value > theirs:
            return f"nobody else holds {_cards(-value)}: /trigger offer_card set -1 asks for one"
        draft["give_cards" if value > 0 else "get_cards"] = abs(value)
        return None
    board = game.board
    if not 0 <= value < len(board.spaces) or not board.spaces[value].is_deed:
        return f"space {value} is not a deed: /trigger offer set N with N the space of a deed, 1 to 39"
    owner = game.owner[value]
    name = board.spaces[value].name
    if owner == seat:
        _toggle(draft["give"], value)
    elif owner < 0:
        return f"nobody owns {name}: buy it instead"
    elif draft["to"] not in (None, owner) and (draft["get"] or draft["get_cash"]):
        return (f"{name} is {game.names[owner]}'s, and your offer is to {game.names[draft['to']]}: "
                "/trigger offer_clear to start again")
    else:
        draft["to"] = owner
        _toggle(draft["get"], value)
    return None


def _cards(n: int) -> str:
    return f"{n} Get Out of Jail Free card{'s' * (n != 1)}"


def _toggle(spaces: list[int], space: int) -> None:
    if space in spaces:
        spaces.remove(space)
    else:
        spaces.append(space)
