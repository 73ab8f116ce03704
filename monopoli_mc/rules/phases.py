"""The phase table: which actions are legal in which phase of a turn.

How a turn flows. The player whose turn it is starts in ROLL (or JAIL when
jailed). `roll` throws the dice (recorded in the `roll` event), moves the token
and resolves the space: an unowned deed opens BUY (`buy`, or `decline`, which
opens an AUCTION that every player may join); Chance or Community Chest opens
DRAW; the income tax with a choice opens TAX; a payment the player cannot make
opens DEBT (raise money, then `pay_debt`, or `bankrupt` when nothing is left to
raise). When the space is resolved the turn goes on to ROLL again after doubles,
otherwise to END, where `end_turn` passes the dice on. A trade offer pauses
whatever phase it was proposed in (TRADE) until the other player answers.
Management (build, sell, mortgage, lift, propose a trade) is open to every player
in the phases of MANAGE_PHASES; system actions (`close_auction`, `time_up`) come
from the controller's clock or the operator (the `admin_*` actions and `kick`,
each with a mapping argument naming the player; `admin_bankrupt` declares the
player a DEBT waits for bankrupt; `admin_end` ends the game now, the richest by
net worth winning, debts unpaid counted), never from a player.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

ROLL: Final = "roll"
JAIL: Final = "jail"
BUY: Final = "buy"
AUCTION: Final = "auction"
DRAW: Final = "draw"
TAX: Final = "tax_choice"
DEBT: Final = "debt"
END: Final = "end_turn"
TRADE: Final = "trade"
RECEIVED: Final = "received_mortgage"  # a mortgaged deed received: lift it now, or pay the fee and keep it
ROLE: Final = "role_choice"  # Anti-Monopoly: each player chooses a side before the first throw
BUS: Final = "bus_choice"  # the speed die's Bus: move by one white die or their sum
TRIPLES: Final = "triples_choice"  # the speed die's triples: move to any space
OVER: Final = "game_over"

SYSTEM: Final = -1  # the "player" of system actions (the controller's clock, the operator)

# Actions only the deciding player may take, by phase.
PHASE_ACTIONS: Final[dict[str, tuple[str, ...]]] = {
    ROLL: ("roll",),
    JAIL: ("pay_fine", "use_card", "roll"),
    BUY: ("buy", "decline"),
    AUCTION: ("bid", "pass"),
    DRAW: ("draw",),
    TAX: ("pay_flat_tax", "pay_percent_tax"),
    DEBT: ("pay_debt", "bankrupt"),
    END: ("end_turn",),
    TRADE: ("accept_trade", "refuse_trade"),
    RECEIVED: ("lift_now", "keep_mortgage"),
    ROLE: ("choose_role",),
    BUS: ("bus",),
    TRIPLES: ("choose_space",),
    OVER: (),
}

# Phases in which any seated player may build, sell, mortgage, lift and propose trades.
MANAGE_PHASES: Final = frozenset({ROLL, JAIL, BUY, DEBT, END})
MANAGE_ACTIONS: Final = ("build", "sell", "sell_all", "mortgage", "lift", "propose_trade", "claim_rent")
SYSTEM_ACTIONS: Final = ("close_auction", "time_up", "admin_pay", "admin_fine", "admin_move", "admin_give_deed",
                  "kick", "admin_end", "admin_bankrupt")

ALL_ACTIONS: Final = frozenset(a for acts in PHASE_ACTIONS.values() for a in acts) | set(MANAGE_ACTIONS) \
    | set(SYSTEM_ACTIONS)


class Action(NamedTuple):
    """What a player (or the system) does: a kind, the acting seat, and one argument.

    The argument is a space index (build, sell, sell_all, mortgage, lift), an
    amount (bid), a TradeOffer mapping (propose_trade), or None. The engine
    accepts any 3-tuple of the same shape, so `("roll", 0, None)` works too.
    In `legal_actions()`, a `bid` carries the lowest legal amount (any amount up
    to the bidder's cash is legal) and `propose_trade` carries None (any valid
    offer is legal).
    """

    kind: str
    player: int
    arg: Any = None
