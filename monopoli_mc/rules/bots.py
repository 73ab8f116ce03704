"""Bot players: strategies that only ever choose from `legal_actions()`."""

from __future__ import annotations

import random
from typing import Any, Final

from monopoli_mc.rules.game import Game
from monopoli_mc.rules.phases import AUCTION, BUS, BUY, DEBT, DRAW, END, JAIL, RECEIVED, ROLL, TAX, TRADE, TRIPLES

Action = tuple[str, int, Any]
# Phases in which the bots look only at the decision's own actions, never at management.
_DECISION_ONLY: Final = frozenset({BUY, DRAW, JAIL, TAX, RECEIVED})
JAIL_STRATEGIES: Final = ("pay", "stay")


class Bot:
    """A strategy: `choose(game, actions)` returns one of `actions`."""

    name = "bot"
    claims_rent = True  # asks for rent the moment it is due, where the rules make owners ask

    def __init__(self, *, jail_strategy: str = "pay", reserve: int = 250, bid_factor: float = 1.0,
                 buy_reserve: int = 0) -> None:
        if jail_strategy not in JAIL_STRATEGIES:
            raise ValueError(f"jail strategy must be one of {JAIL_STRATEGIES}, not {jail_strategy!r}")
        self.jail_strategy = jail_strategy
        self.reserve = reserve
        self.bid_factor = bid_factor
        self.buy_reserve = buy_reserve
        self._seen_version = -1

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
        if phase == RECEIVED:
            lift = _find(actions, "lift_now")
            s = game.received[0][1]
            if lift[0] == "lift_now" and game.cash[p] - game.board.spaces[s].price >= self.reserve * 2:
                return lift
            return _find(actions, "keep_mortgage")
        if phase == BUS:
            return self._bus(game, p, actions)
        if phase == TRIPLES:
            return self._triples(game, p, actions)
        if phase == TRADE:
            return _find(actions, "accept_trade" if self._likes(game, p) else "refuse_trade")
        return first

    def act(self, game: Game) -> Action:
        """The action `choose(game, game.legal_actions())` would pick, without listing every
        management action where the bot's choice does not look at them (headless runs)."""
        phase = game.phase
        if phase == ROLL or phase == END:
            if not game.claims:  # a claim_rent listed last would hide the trade offer: list them all
                p = game.current
                return self._spend_or(game, p, ("roll" if phase == ROLL else "end_turn", p, None))
        elif phase in _DECISION_ONLY:
            return self.choose(game, game.decision_actions())
        elif phase == DEBT:
            action = self._raise_money_fast(game, game.debts[0][0])
            if action is not None:
                return action
        return self.choose(game, game.legal_actions())

    def _spend_or(self, game: Game, p: int, default: Action) -> Action:
        """_manage_or over p's cached management candidates instead of the listed actions."""
        if game.owners_version != self._seen_version and game._has_trade_partner(p):
            self._seen_version = game.owners_version
            offer = self._wanted_trade(game, p)
            if offer is not None:
                return ("propose_trade", p, offer)
        cash = game.cash[p]
        for action, cost in game._spend_candidates(p):
            if cost > cash:  # not legal now: legal_actions leaves it out
                continue
            if action[0] == "build":
                if cash - game._house_cost[action[2]] >= self.reserve:
                    return action
            elif cash - game._price[action[2]] >= self.reserve * 3:
                return action
        return default

    def _manage_or(self, game: Game, p: int, actions: list[Action], default: Action) -> Action:
        """Build or lift when there is cash to spare (listed first), offer a trade, else the default."""
        cash = game.cash[p]
        if game.owners_version != self._seen_version and actions[-1][0] == "propose_trade":
            self._seen_version = game.owners_version
            offer = self._wanted_trade(game, p)
            if offer is not None:
                return ("propose_trade", p, offer)
        for action in actions:
            kind = action[0]
            if kind == "build":
                if cash - game._house_cost[action[2]] >= self.reserve:
                    return action
            elif kind == "lift":
                if cash - game._price[action[2]] >= self.reserve * 3:
                    return action
            elif kind != "roll" and kind != "end_turn":
                break
        return default

    def _bus(self, game: Game, p: int, actions: list[Action]) -> Action:
        """Take the Bus to an unowned deed if one is in reach, else the furthest."""
        d1, d2 = game.pending["d1"], game.pending["d2"]
        n = len(game.board.spaces)
        for action in actions:
            s = (game.pos[p] + (d1, d2, d1 + d2)[action[2]]) % n
            if game.board.spaces[s].price and game.owner[s] < 0:
                return action
        return actions[-1]

    def _triples(self, game: Game, p: int, actions: list[Action]) -> Action:
        """Jump to the dearest deed the bank still holds, or else to Free Parking."""
        best = None
        for s, space in enumerate(game.board.spaces):
            if space.price and game.owner[s] < 0 and (best is None or space.price > game.board.spaces[best].price):
                best = s
        if best is None:
            best = next((s.index for s in game.board.spaces if s.kind == "free_parking"), 0)
        return next(a for a in actions if a[2] == best)

    def _wanted_trade(self, game: Game, p: int) -> dict[str, Any] | None:
        """Offer cash for the one deed that completes a colour group, if its owner holds only that one."""
        owner = game.owner
        for kind, spaces in game._group_list:
            if kind != "street" or len(spaces) < 2:
                continue
            s = -1  # the one street of the group p does not own (-2: more than one)
            for m in spaces:
                if owner[m] != p:
                    if s >= 0:
                        s = -2
                        break
                    s = m
            if s < 0:
                continue
            q = owner[s]
            if q < 0 or game.bankrupt[q] or game.mortgaged[s] or game._group_built(s):
                continue
            price = game.board.spaces[s].price
            offer = min(game.cash[p] - self.reserve, price * 2)
            if offer >= price * 3 // 2 and offer <= game.cash[p]:
                return {"to": q, "give": [], "get": [s], "give_cash": offer}
        return None

    def _likes(self, game: Game, p: int) -> bool:
        """Sell a lone deed for at least 1.5 times its price; never give away a near-complete group."""
        trade = game.trade
        assert trade is not None
        if trade["give"] or trade["get_cash"] or trade["give_cards"] or trade["get_cards"]:
            return False
        for s in trade["get"]:
            if game._count_owned(p, s) > 1:
                return False
            if trade["give_cash"] < game.board.spaces[s].price * 3 // 2:
                return False
        return True

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
        for kind in ("use_card", "pay_fine", "roll") if self.jail_strategy == "pay" else ("roll", "use_card"):
            for action in actions:
                if action[0] == kind:
                    return action
        return actions[0]

    def _raise_money_fast(self, game: Game, p: int) -> Action | None:
        """_raise_money from the state: pay, else the first sell, mortgage or sell_all p's
        management candidates list (they need no cash, so all are legal); None: list them all."""
        if game.cash[p] >= game.debts[0][2]:
            return ("pay_debt", p, None)
        actions = game._manage_candidates_of(p)
        for kind in ("sell", "mortgage", "sell_all"):
            for action in actions:
                if action[0] == kind:
                    return action
        return None

    def _raise_money(self, game: Game, p: int, actions: list[Action]) -> Action:
        for kind in ("pay_debt", "sell", "mortgage", "sell_all", "bankrupt"):
            for action in actions:
                if action[0] == kind:
                    return action
        return actions[0]


class BuyerBot(Bot):
    """Buys every deed it can pay for, bids up to the printed price, builds with $250 spare."""

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

    def act(self, game: Game) -> Action:
        """Random choices look at every legal action."""
        return self.choose(game, game.legal_actions())

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
            offer = self._offer(game, p)
            if game.is_legal(("propose_trade", p, offer)):
                return ("propose_trade", p, offer)
            return self.choose(game, [a for a in actions if a[0] != "propose_trade"] or actions[:1])
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
