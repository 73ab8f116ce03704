"""What a player can say through the world, the moves the controller makes for them, and the bots.

The controller applies `forced_action` after every action (paying a debt once the
cash is there, bankruptcy once nothing is left to raise). `next_move` is how a
table of the engine's bots plays through the world, one action at a time; the
demo's bots and the headless reference run of the tests share it, so a game in
the world and its headless twin make the same choices.
"""

from __future__ import annotations

from typing import Any, Sequence

from monopoli_mc.rules.bots import Bot
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.phases import AUCTION, DEBT, OVER, SYSTEM

Action = tuple[str, int, Any]
# Engine actions a player can take with a trigger, a chat button or a building's button.
WORLD_KINDS = frozenset({"roll", "buy", "decline", "bid", "end_turn", "pay_fine", "use_card", "build",
                         "sell", "mortgage", "lift", "draw", "accept_trade", "refuse_trade",
                         "pay_flat_tax", "pay_percent_tax", "lift_now", "keep_mortgage",
                         "bus", "choose_space", "choose_role", "claim_rent"})
CLOSE_AUCTION: Action = ("close_auction", SYSTEM, None)


def forced_action(game: Game) -> Action | None:
    """The move that is no choice: pay a debt that can be paid, go bankrupt when nothing is left."""
    if game.phase != DEBT:
        return None
    p = game.to_act()
    for kind in ("pay_debt", "bankrupt"):
        if game.is_legal((kind, p, None)):
            return (kind, p, None)
    return None


def world_actions(game: Game, seat: int, *, trades: bool = True) -> list[Action]:
    """Legal actions of a seat that the world can express (plus `pass`, which is saying nothing).

    With `trades`, a trade offer too: the player tells the operator, who records it.
    """
    kinds = WORLD_KINDS | {"pass", "propose_trade"} if trades else WORLD_KINDS | {"pass"}
    return [a for a in game.legal_actions(seat) if a[0] in kinds]


def next_move(game: Game, bots: Sequence[Bot], *, trades: bool = True) -> Action | None:
    """The next action a table of bots takes through the world; None when nobody acts.

    In an auction the seats are asked in turn from the engine's next bidder; a
    bot that would pass says nothing, and when nobody bids the controller closes
    the auction after its quiet period (`CLOSE_AUCTION`).
    """
    if game.phase == OVER:
        return None
    claim = rent_claim(game, bots)
    if claim is not None:
        return claim
    if game.phase == AUCTION:
        n = len(game.names)
        start = game.pending["next"]
        for i in range(n):
            q = (start + i) % n
            if game.bankrupt[q] or q == game.pending["bidder"]:
                continue
            actions = world_actions(game, q, trades=trades)
            if not any(a[0] == "bid" for a in actions):
                continue
            choice = bots[q].choose(game, actions)
            if choice[0] == "bid":
                return choice
        return None
    seat = game.to_act()
    actions = [a for a in world_actions(game, seat, trades=trades) if a[0] != "pass"]
    if not actions:
        return None
    choice = bots[seat].choose(game, actions)
    return choice if choice[0] in WORLD_KINDS or choice[0] == "propose_trade" else None


def rent_claim(game: Game, bots: Sequence[Bot]) -> Action | None:
    """Rent waiting to be claimed that an owner's bot asks for now, first come first.

    Headless, the simulator lets every owner claim after each action
    (`rules.simulate.claim_rents`); the world asks before anything else, the same order.
    """
    for _payer, owner, _amount, space in game.claims:
        action: Action = ("claim_rent", owner, space)
        if bots[owner].claims_rent and game.is_legal(action):
            return action
    return None


def play_headless(game: Game, bots: Sequence[Bot], *, trades: bool = True,
                  max_actions: int = 100_000) -> list[Action]:
    """Play a game to its end as the world would (forced moves, quiet auction closes); the actions."""
    done: list[Action] = []
    while game.phase != OVER and len(done) < max_actions:
        action = forced_action(game) or next_move(game, bots, trades=trades)
        if action is None:
            if game.phase != AUCTION:
                raise RuntimeError(f"bots are stuck in phase {game.phase!r}")
            action = CLOSE_AUCTION
        game.apply(action)
        done.append(action)
    return done
