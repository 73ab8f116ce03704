"""Bot players: strategies that only ever choose from `legal_actions()`."""

from __future__ import annotations

import random
from typing import Any

from monopoli_mc.rules.game import Game
from monopoli_mc.rules.phases import AUCTION, BUY, DEBT, DRAW, END, JAIL, ROLL, TAX, TRADE

Action = tuple[str, int, Any]
JAIL_STRATEGIES = ("pay", "stay")


class Bot:
    """A strategy: `choose(game, actions)` returns one of `actions`."""

    name = "bot"

    def __init__(self, *, jail_strategy: str = "pay", reserve: int = 150, bid_factor: float = 1.0,
                 buy_reserve: int = 0) -> None:
        if jail_strategy not in JAIL_STRATEGIES:
            raise ValueError(f"jail strategy must be one of {JAIL_STRATEGIES}, not {jail_strategy!r}")
        self.jail_strategy = jail_strategy
        self.reserve = reserve
        self.bid_factor = bid_factor
        self.buy_reserve = buy_reserve

    def choose(self, game: Game, actions: list[Action]) -> Action:
        """Pick an action for the seat `actions` belong to."""
        phase = game.phase
        first = actions[0]
        p = first[1]
        if phase == ROLL or phase == END:
            return self._manage_or(game, p, actions, first if phase == ROLL else _find(actions, "end_turn"))
        if phase == BUY:
            buy = first if first[0] == "buy" else None
            price = game.board.spaces[game.pending["space"]].price
            if buy is not None and game.cash[p] - price >= self.buy_reserve:
                return buy
            return _find(actions, "decline")
        if phase == AUCTION:
            return self._auction(game, p, actions)
        if phase == DRAW:
            return first
        if phase == JAIL:
            return self._jail(game, actions)
        if phase == DEBT:
            return self._raise_money(game, p, actions)
        if phase == TAX:
            worth = game.tax_worth(p)
            percent = game.rules.income_tax_percent or 0
            return _find(actions, "pay_percent_tax" if worth * percent // 100 < game.rules.income_tax
                         else "pay_flat_tax")
        if phase == TRADE:
            return _find(actions, "refuse_trade")
        return first

    def _manage_or(self, game: Game, p: int, actions: list[Action], default: Action) -> Action:
        cash = game.cash[p]
        house_cost = game._house_cost
        for action in actions:
            kind = action[0]
            if kind == "build" and cash - house_cost[action[2]] >= self.reserve:
                return action
            if kind == "lift" and cash - game._price[action[2]] >= self.reserve * 3:
                return action
        return default

    def _auction(self, game: Game, p: int, actions: list[Action]) -> Action:
        pending = game.pending
        value = int(game.board.spaces[pending["space"]].price * self.bid_factor)
        for action in actions:
            if action[0] == "bid":
                step = max(10, (value - pending["high"]) // 2)
                amount = min(pending["high"] + step, value, game.cash[p] - self.buy_reserve)
                if amount >= action[2]:
                    return ("bid", p, amount)
        return _find(actions, "pass")

    def _jail(self, game: Game, actions: list[Action]) -> Action:
        if self.jail_strategy == "pay":
            for kind in ("use_card", "pay_fine"):
                for action in actions:
                    if action[0] == kind:
                        return action
        return _find(actions, "roll")

    def _raise_money(self, game: Game, p: int, actions: list[Action]) -> Action:
        for kind in ("pay_debt", "sell", "mortgage", "sell_all", "bankrupt"):
            for action in actions:
                if action[0] == kind:
                    return action
        return actions[0]


class BuyerBot(Bot):
    """Buys every deed it can pay for, bids up to the printed price, builds with $150 spare."""

    name = "buyer"


class CautiousBot(Bot):
    """Keeps $300 after buying, bids up to 80% of the price, builds with $400 spare."""

    name = "cautious"

    def __init__(self, *, jail_strategy: str = "pay") -> None:
        super().__init__(jail_strategy=jail_strategy, reserve=400, bid_factor=0.8, buy_reserve=300)


class RandomBot(Bot):
    """Picks any legal action at random, with random bids and trade offers (for tests)."""

    name = "random"

    def __init__(self, *, jail_strategy: str = "pay", seed: int = 0) -> None:
        super().__init__(jail_strategy=jail_strategy)
        self.rng = random.Random(seed)

    def choose(self, game: Game, actions: list[Action]) -> Action:
        """Weighted towards moving the game on, so random games still end."""
        rng = self.rng
        progress = [a for a in actions if a[0] not in ("propose_trade", "lift", "mortgage", "sell", "sell_all")]
        if game.phase == DEBT or not progress or rng.random() < 0.15:
            action = rng.choice(actions)
        else:
            action = rng.choice(progress)
        kind, p, arg = action
        if kind == "bid":
            top = min(game.cash[p], arg + rng.choice((0, 5, 50, 200)))
            return ("bid", p, rng.randint(arg, max(arg, top)))
        if kind == "propose_trade":
            return ("propose_trade", p, self._offer(game, p))
        return action

    def _offer(self, game: Game, p: int) -> dict[str, Any]:
        rng = self.rng
        others = [q for q in range(len(game.names)) if q != p and not game.bankrupt[q]]
        q = rng.choice(others)
        mine = [s for s, o in enumerate(game.owner) if o == p]
        theirs = [s for s, o in enumerate(game.owner) if o == q]
        return {"to": q,
                "give": rng.sample(mine, min(len(mine), rng.randint(0, 1))),
                "get": rng.sample(theirs, min(len(theirs), rng.randint(0, 1))),
                "give_cash": rng.randint(0, max(0, game.cash[p])) if rng.random() < 0.3 else 0,
                "get_cash": rng.randint(0, max(0, game.cash[q])) if rng.random() < 0.3 else 0,
                "give_cards": min(len(game.jail_cards[p]), rng.randint(0, 1)),
                "get_cards": 0}


STRATEGIES: dict[str, type[Bot]] = {"buyer": BuyerBot, "cautious": CautiousBot}


def make_bots(count: int, *, jail_strategy: str = "pay") -> list[Bot]:
    """Seats alternate between the buyer and the cautious strategies."""
    kinds = list(STRATEGIES.values())
    return [kinds[i % len(kinds)](jail_strategy=jail_strategy) for i in range(count)]


def _find(actions: list[Action], kind: str) -> Action:
    for action in actions:
        if action[0] == kind:
            return action
    return actions[0]
