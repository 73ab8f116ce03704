"""A player's trigger or button press -> the engine action it means, or why it means nothing now."""

from __future__ import annotations

from typing import Any

from monopoli_mc.datapack.channel import INTENTS
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.narrate import Narrator
from monopoli_mc.rules.phases import AUCTION, BUS, DEBT, DRAW, OVER, RECEIVED, TAX, TRADE

Action = tuple[str, int, Any]
PASS_BID = -1
"""`/trigger bid set -1`, what an auction's [Pass] button sends: a value no bid can have, so a [Pass]
clicked after its auction closed is refused as a pass, never taken for another decision."""
SIMPLE = {"d6": "roll", "buy": "buy", "auction": "decline", "end_turn": "end_turn",
          "jail_pay": "pay_fine", "jail_card": "use_card", "accept": "accept_trade",
          "refuse": "refuse_trade"}
# Phases whose two answers are given with /trigger buy (yes) and /trigger auction (no).
YES_NO = {TAX: ("pay_flat_tax", "pay_percent_tax"), RECEIVED: ("lift_now", "keep_mortgage")}
ON_SPACE = ("build", "sell", "mortgage", "lift")
DRAW_KINDS = {"naughty": "chance", "nice": "chance", "crate": "community_chest"}
# Trigger values start at 1 (0 is a trigger's resting value): value N means choice N - 1 or N.
BUS_CHOICES = {1: 0, 2: 1, 3: 2}
ROLE_CHOICES = {1: "competitor", 2: "monopolist"}
CHOICE_KINDS = {"bus": "bus", "role": "choose_role", "goto": "choose_space", "claim": "claim_rent"}
HOW = {"roll": "roll (/trigger d6)", "buy": "buy (/trigger buy)",
       "decline": "let it go to auction (/trigger auction)", "bid": "bid (/trigger bid set N)",
       "pass": "pass ([Pass], or /trigger auction)", "end_turn": "end your turn (/trigger end_turn)",
       "pay_fine": "pay the fine (/trigger jail_pay)",
       "use_card": "use your card (/trigger jail_card)",
       "draw": "draw your card at the building", "accept_trade": "accept (/trigger accept)",
       "refuse_trade": "refuse (/trigger refuse)",
       "pay_flat_tax": "pay the flat tax (/trigger buy)",
       "pay_percent_tax": "pay the percentage (/trigger auction)",
       "lift_now": "lift the mortgage now (/trigger buy)",
       "keep_mortgage": "keep it mortgaged and pay the fee (/trigger auction)",
       "build": "build (/trigger build set N)", "sell": "sell (/trigger sell set N)",
       "mortgage": "mortgage (/trigger mortgage set N)", "lift": "lift (/trigger lift set N)",
       "bus": "take the Bus (/trigger bus set 1, 2 or 3: first die, second die, sum)",
       "choose_role": "choose your side (/trigger role set 1 competitor, 2 monopolist)",
       "choose_space": "move to any space (click it in chat, or /trigger goto set N: 1 to 39, GO is 40)",
       "claim_rent": "claim your rent (/trigger claim set N, N the space)"}


_BARE = {i.name: i.meaning for i in INTENTS if not i.takes_value}


def bare_misuse(kind: str, value: int | None, *, button: bool) -> str | None:
    """What a number on a trigger that takes none means (`/trigger d6 set 0`: nothing); None if fine."""
    if button or kind not in _BARE or value is None or value > 0:
        return None
    return f"{value} means nothing to /trigger {kind}, which takes no number: type /trigger {kind} ({_BARE[kind]})"


def game_kinds() -> frozenset[str]:
    """Inbox kinds that mean an engine action."""
    return frozenset(SIMPLE) | frozenset(ON_SPACE) | frozenset(DRAW_KINDS) | frozenset(CHOICE_KINDS) | {"bid"}


def to_action(game: Game, seat: int, kind: str, value: int | None) -> Action | str:
    """The action a player's input means, or a short message saying why it means nothing now."""
    if game.phase == OVER:
        return "the game is over"
    if kind in ("buy", "auction") and game.phase in YES_NO and game.to_act() == seat:
        yes, no = YES_NO[game.phase]
        return (yes if kind == "buy" else no, seat, None)
    if kind == "auction" and game.phase == AUCTION:  # "leave it to the auction", said in one: I stop bidding
        return ("pass", seat, None)
    if kind in SIMPLE:
        return (SIMPLE[kind], seat, None)
    if kind == "bid" and value == PASS_BID:  # the [Pass] button
        return ("pass", seat, None)
    if kind == "bid":
        if value is None or value <= 0:
            return f"a bid is a whole number of dollars above 0, not {value!r}: /trigger bid set 120"
        return ("bid", seat, value)
    if kind in ON_SPACE:
        n = len(game.board.spaces)
        if value is None or not 0 <= value < n:
            return (f"there is no space {value!r}: spaces are numbered 0 (GO) to {n - 1}, "
                    f"for example /trigger {kind} set 39")
        return (kind, seat, value)
    if kind in CHOICE_KINDS:
        return _choice(game, seat, kind, value)
    if kind in DRAW_KINDS:
        deck = DRAW_KINDS[kind]
        # Side decks (Anti-Monopoly) are drawn at either building; the classic two each have their own.
        pending = game.pending.get("deck") if game.phase == DRAW else None
        if game.to_act() == seat and pending in DRAW_KINDS.values() and pending != deck:
            where = "the blue Crates building" if game.pending.get("deck") == "community_chest" \
                else "the orange Naughty & Nice building"
            return f"your card is not from this deck: go to {where}"
        return ("draw", seat, None)
    return f"unknown input {kind!r}"


def _choice(game: Game, seat: int, kind: str, value: int | None) -> Action | str:
    """The speed die's Bus and triples, the side in Anti-Monopoly, a rent claim."""
    if kind == "bus":
        if value not in BUS_CHOICES:
            return (f"the Bus moves by the first die (1), the second (2) or their sum (3), not {value!r}: "
                    "/trigger bus set 3")
        choice = BUS_CHOICES[value]
        if choice == 1 and game.phase == BUS and game.pending["d1"] == game.pending["d2"]:
            choice = 0  # doubles: the second die moves as far as the first, which the engine takes
        return ("bus", seat, choice)
    if kind == "role":
        if value not in ROLE_CHOICES:
            return f"choose competitor (1) or monopolist (2), not {value!r}: /trigger role set 1"
        return ("choose_role", seat, ROLE_CHOICES[value])
    n = len(game.board.spaces)
    if kind == "goto":  # a trigger at 0 is never seen: GO is sent as n (40)
        if value is None or not 0 < value <= n:
            return (f"there is no space {value!r} to go to: choose 1 to {n - 1}, or {n} for GO, "
                    f"for example /trigger goto set 20")
        return ("choose_space", seat, value % n)
    if value is None or not 0 < value < n:
        return f"there is no space {value!r}: name the space of the rent, 1 to {n - 1}: /trigger claim set 39"
    return (CHOICE_KINDS[kind], seat, value)


def why_not(game: Game, action: Action) -> str | None:
    """Why an action is illegal now, who the game waits for when it is another player, and what the
    player can do instead; None if legal."""
    why = game.explain(action)
    if why is None:
        return None
    seat = action[1]
    if game.phase == OVER:
        return why
    options = [HOW[a[0]] for a in game.legal_actions(seat) if a[0] in HOW]
    options = list(dict.fromkeys(options))
    blocked = blocked_by(game, seat)
    if blocked is not None:
        return f"{why}. {blocked}" + (f". Meanwhile you can: {', '.join(options)}" if options else "")
    if options:
        return f"{why}. You can: {', '.join(options)}"
    if 0 <= game.to_act() < len(game.names) and game.to_act() != seat:
        return f"{why}. Wait for {game.names[game.to_act()]}"
    return why


def blocked_by(game: Game, seat: int) -> str | None:
    """Who holds the whole table up, when it is another player's debt, trade answer or mortgaged deed:
    "Alex must first pay their debt to Sam: waiting for Alex"; None otherwise."""
    who = game.to_act()
    if not 0 <= who < len(game.names) or who == seat:
        return None
    name = game.names[who]
    if game.phase == DEBT and game.debts:
        to = Narrator(game.board, game.names).who(int(game.debts[0][1]))
        return f"{name} must first pay their debt to {to}: waiting for {name}"
    if game.phase == TRADE and game.trade is not None:
        by = game.names[int(game.trade["from"])]
        return f"{name} must first answer {by}'s trade offer: waiting for {name}"
    if game.phase == RECEIVED:
        return f"{name} must first decide about a mortgaged deed they received: waiting for {name}"
    return None
