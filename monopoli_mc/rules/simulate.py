"""Many headless bot games, and the statistics a person wants from them."""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Final, Iterator

from monopoli_mc.rules.board import Board
from monopoli_mc.rules.bots import Bot, make_bots
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.phases import OVER
from monopoli_mc.rules.planning import median, percentile
from monopoli_mc.rules.settings import Rules

DEFAULT_MAX_ROUNDS: Final = 1000
WON: Final = ("last_standing", "side_standing")  # ends by bankruptcy, not by a limit
# Money flows reported by reason of the `pay` event.
FLOWS: Final = ("salary", "rent", "tax", "jar", "card", "jail_fine", "purchase", "auction", "build",
         "sellback", "mortgage", "lift", "fee", "trade", "bankruptcy")
_CHOSEN_ARGS: Final = frozenset({"bid", "propose_trade"})  # a bot picks the amount or the offer: apply checks it


@dataclasses.dataclass
class GameResult:
    """What one finished game contributes to the statistics."""

    seed: int
    winner: int | None
    reason: str
    rounds: int
    turns: int
    throws: int
    landings: list[int]  # per space, then one more for "in jail"
    flows: dict[str, int]


def play_game(rules: Rules, board: Board, players: int, seed: int, *, jail_strategy: str = "pay",
              bots: list[Bot] | None = None,
              on_events: Callable[[Game, list[tuple[Any, ...]]], None] | None = None,
              checked: bool = False, record: list[tuple[str, int, Any]] | None = None) -> GameResult:
    """Play one game with bots from start to finish, counting landings and money flows.

    The bots act from the state and their actions are applied unchecked (`Bot.act`,
    `Game.apply_legal`); `checked` plays the same game the long way, every action chosen
    from `legal_actions()` and checked by `apply`. `record` collects the actions.
    """
    game = Game.new(rules, board, [f"Bot {i + 1}" for i in range(players)], seed)
    if on_events is not None:
        on_events(game, game.setup_events)
    bots = bots or make_bots(players, jail_strategy=jail_strategy)
    n_spaces = len(board.spaces)
    landings = [0] * (n_spaces + 1)
    flows: dict[str, int] = {}
    throws = 0
    thrower = -1
    while game.phase != OVER:
        if checked:
            actions = game.legal_actions()
            action = bots[actions[0][1]].choose(game, actions)
        else:
            action = bots[game.to_act()].act(game)
        if record is not None:
            record.append(action)
        kind = action[0]
        if (kind == "roll" or kind == "end_turn") and thrower >= 0:
            landings[n_spaces if game.jail_turns[thrower] >= 0 else game.pos[thrower]] += 1
            thrower = -1
        events = game.apply(action) if checked or kind in _CHOSEN_ARGS else game.apply_legal(action)
        if kind == "roll":
            throws += 1
            thrower = action[1]
        if game.claims:  # rent that must be claimed: each owner's bot gets to ask
            events += claim_rents(game, bots)
        for event in events:
            if event[0] == "pay":
                reason = event[4]
                flows[reason] = flows.get(reason, 0) + event[3]
        if on_events is not None:
            on_events(game, events)
    if thrower >= 0:
        landings[n_spaces if game.jail_turns[thrower] >= 0 else game.pos[thrower]] += 1
    return GameResult(seed=seed, winner=game.winner, reason=game.end_reason, rounds=game.round,
                      turns=game.turns, throws=throws, landings=landings, flows=flows)


def claim_rents(game: Game, bots: list[Bot]) -> list[tuple[Any, ...]]:
    """Let every owner with rent waiting decide to claim it (bots always do)."""
    events: list[tuple[Any, ...]] = []
    for payer, owner, amount, space in list(game.claims):
        action = ("claim_rent", owner, space)
        if bots[owner].claims_rent and game.is_legal(action):
            events += game.apply(action)
    return events


def _play_chunk(args: tuple[Rules, Board, int, list[int], str]) -> list[GameResult]:
    rules, board, players, seeds, jail_strategy = args
    return [play_game(rules, board, players, seed, jail_strategy=jail_strategy) for seed in seeds]


def run_games(rules: Rules, board: Board, *, players: int, games: int, seed: int, jobs: int = 1,
              jail_strategy: str = "pay", max_rounds: int | None = DEFAULT_MAX_ROUNDS) -> Iterator[GameResult]:
    """Yield results of `games` games with seeds seed, seed+1, ...; several processes when jobs > 1."""
    if max_rounds is not None:
        rules = dataclasses.replace(rules, max_rounds=max_rounds)
    seeds = list(range(seed, seed + games))
    if jobs <= 1:
        for s in seeds:
            yield play_game(rules, board, players, s, jail_strategy=jail_strategy)
        return
    from concurrent.futures import ProcessPoolExecutor  # imported here: ~30 ms a one-job run does not need

    size = max(1, min(50, games // (jobs * 4) or 1))
    chunks = [(rules, board, players, seeds[i:i + size], jail_strategy) for i in range(0, games, size)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for results in pool.map(_play_chunk, chunks):
            yield from results


def summarize(results: list[GameResult], *, board: Board, players: int, rules: Rules,
              max_rounds: int | None) -> dict[str, Any]:
    """The figures of a simulation as JSON-safe data."""
    n_spaces = len(board.spaces)
    rounds = sorted(r.rounds for r in results)
    landings = [0] * (n_spaces + 1)
    flows: dict[str, int] = {}
    wins = [0] * players
    for r in results:
        for i, count in enumerate(r.landings):
            landings[i] += count
        for reason, amount in r.flows.items():
            flows[reason] = flows.get(reason, 0) + amount
        if r.reason in WON and r.winner is not None:
            wins[r.winner] += 1
    games = len(results)
    return {
        "rules": rules.name, "players": players, "games": games, "max_rounds": max_rounds,
        "won": sum(1 for r in results if r.reason in WON),
        "stopped_at_limit": sum(1 for r in results if r.reason not in WON),
        "rounds": {"median": median(rounds) if rounds else 0,
                   "p10": percentile(rounds, 10), "p25": percentile(rounds, 25),
                   "p75": percentile(rounds, 75), "p90": percentile(rounds, 90),
                   "max": rounds[-1] if rounds else 0},
        "wins_by_seat": {str(i + 1): w for i, w in enumerate(wins)},
        "leader_at_limit_by_seat": _leaders(results, players),
        "money": {reason: flows.get(reason, 0) for reason in FLOWS},
        "money_per_game": {reason: round(flows.get(reason, 0) / games, 1) if games else 0
                           for reason in FLOWS},
        "throws": sum(landings),
        "landings": {**{str(i): landings[i] for i in range(n_spaces)}, "in_jail": landings[n_spaces]},
    }


def _leaders(results: list[GameResult], players: int) -> dict[str, int]:
    leaders = [0] * players
    for r in results:
        if r.reason not in WON and r.winner is not None:
            leaders[r.winner] += 1
    return {str(i + 1): w for i, w in enumerate(leaders)}

