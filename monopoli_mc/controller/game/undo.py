"""Undo: the last action a person chose, with the automatic actions that followed it, reverted and told.

An automatic action is one nobody chose: the controller's forced moves after an action
(paying a debt once the cash is there, bankruptcy once nothing is left to raise) and its
clock (an auction closed after the quiet period, the time limit). Undoing a person's action
alone would leave the game where an automatic move is due that nobody makes (a debt that
can be paid, waiting), so they go together. The log keeps one undo row with the count.

An undo never seats anyone twice. An undo that gives a board back a game that was over (an undo of its
end, or of the kick, bankruptcy or throw that ended it) is refused, before anything changes, when one of
that game's players has sat down at another board since: seated there for its next game, or playing in
its running game. A player in two running games is waited for by both tables and shown both games'
prompts, so the operator is told whom, where, and what to do instead (`SeatedElsewhere`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from monopoli_mc.controller.db.saved import load_game
from monopoli_mc.controller.db.store import Store
from monopoli_mc.controller.game.table import Action, BoardGame
from monopoli_mc.errors import IllegalAction
from monopoli_mc.rules.board import Board
from monopoli_mc.rules.events import Event
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.narrate import Narrator
from monopoli_mc.rules.phases import OVER

AUTOMATIC = frozenset({"forced", "clock"})  # origins of the actions nobody chose
_WORDS = {"roll": "throw", "decline": "choice to auction", "end_turn": "end of turn", "pay_fine": "jail fine",
          "use_card": "use of a jail card", "accept_trade": "acceptance of a trade",
          "refuse_trade": "refusal of a trade", "propose_trade": "trade offer", "pay_debt": "debt payment",
          "pay_flat_tax": "flat tax", "pay_percent_tax": "percentage tax", "lift_now": "lifting at once",
          "keep_mortgage": "mortgage fee", "choose_space": "choice of space", "choose_role": "choice of side",
          "claim_rent": "rent claim", "bus": "Bus move"}
_SYSTEM_WORDS = {"admin_pay": "the operator's payment to {}", "admin_fine": "the operator's fine on {}",
                 "admin_move": "the operator's move of {}", "admin_give_deed": "the operator's deed for {}",
                 "kick": "the kick of {}", "admin_end": "the operator's end of the game",
                 "admin_bankrupt": "the operator's bankruptcy of {}",
                 "close_auction": "the close of the auction", "time_up": "the end when time ran out"}


@dataclass(frozen=True)
class Undone:
    """What an undo reverted: the actions (the chosen one first) and the events they had caused."""

    actions: list[Action]
    events: list[Event]
    words: str  # "Alex's throw and Alex's debt payment"
    told: str  # the events in words: "Alex throws 3+4; Alex moves to Income Tax; ..."


ENDS = frozenset({"time_up", "admin_end"})  # an end is undone alone: the game as it was just before it


def count_to_undo(origins: list[str], kinds: list[str] | None = None) -> int:
    """How many of the last actions (their origins, oldest first; their kinds, when known) one undo reverts.

    An end by the clock is the clock's, but undoing it means "give the game back", not "and take
    back the move before it": it is reverted alone, as the operator's end is."""
    if kinds and kinds[-1] in ENDS:
        return 1
    n = 0
    while n < len(origins) and origins[-1 - n] in AUTOMATIC:
        n += 1
    return min(n + 1, len(origins))


class SeatedElsewhere(IllegalAction):
    """An undo refused because it would give a player a seat in two running games (nothing was changed)."""


def undo(table: BoardGame, store: Store, board: Board, origin: str,
         others: Iterable[BoardGame] = ()) -> Undone | None:
    """Revert a board's last chosen action and the automatic ones after it (inside a transaction).

    None when the game has no action yet. The game is reloaded from the store. `others`: the world's
    other boards; raises SeatedElsewhere, having changed nothing, when the undo would reopen a game
    one of whose players has sat down at one of them since.
    """
    rows = store.effective(table.game_id)
    if not rows:
        return None
    n = count_to_undo([o for _, o in rows], [a[0] for a, _ in rows])
    kept, actions = [a for a, _ in rows[:-n]], [a for a, _ in rows[-n:]]
    if table.game is not None and table.game.phase == OVER:
        _refuse_double_seats(table, store, board, kept, actions, others)
    store.log_undo(table.game_id, origin, n, left=len(kept))
    row = store.current_game(table.name)
    assert row is not None
    table.load(store, row, board, kept)
    game = table.game
    assert game is not None
    if game.phase != OVER:
        store.set_over(table.game_id, over=False)
    replay = Game.from_data(game.to_data(), board)  # the undone actions again, for their events
    events: list[Event] = []
    for action in actions:
        events += replay.apply(action)
    top = "apartment" if game.rules.roles else "hotel"
    lines = Narrator(board, game.names, top_building=top).lines(events)
    told = "; ".join(line for line in lines if not line.startswith("--"))
    return Undone(actions, events, " and ".join(describe(game, a) for a in actions), told)


def _refuse_double_seats(table: BoardGame, store: Store, board: Board, kept: list[Action],
                         actions: list[Action], others: Iterable[BoardGame]) -> None:
    """Raise SeatedElsewhere when undoing `actions` reopens the board's game (over now, not over with only
    `kept`) and one of its players is seated at, or plays in the running game of, another board."""
    row = store.current_game(table.name)
    assert row is not None and table.game is not None
    after, _ = load_game(store, row, board, kept)  # the game as the undo would leave it; nothing written
    if after.phase == OVER:
        return
    found = seated_elsewhere(after.names, table, store, others)
    if found:
        words = " and ".join(describe(table.game, a) for a in actions)
        raise SeatedElsewhere(double_seat_words(words, table.name, found))


@dataclass(frozen=True)
class Elsewhere:
    """Where a player of a game sits now at another board: its next game's seats, or its running game."""

    name: str
    board: str
    game: int | None  # the running game they play in; None: seated for the board's next game


def seated_elsewhere(names: Iterable[str], table: BoardGame, store: Store,
                     others: Iterable[BoardGame]) -> list[Elsewhere]:
    """The players of `names` seated at another board than `table`, or playing in its running game."""
    found: list[Elsewhere] = []
    for other in others:
        if other is table:
            continue
        running = other.game is not None and other.game.phase != OVER
        lobby = store.lobby(other.name)
        for name in names:
            if running and other.seat_of(name) is not None:
                found.append(Elsewhere(name, other.name, other.game_id))
            elif name in lobby:
                found.append(Elsewhere(name, other.name, None))
    return found


def double_seat_words(words: str, board: str, found: list[Elsewhere]) -> str:
    """The refusal of an undo that would seat players twice, in one line: whom, where, and what to do."""
    where = "; ".join(f"{e.name} plays on board {e.board!r} now (game {e.game})" if e.game is not None
                      else f"{e.name} is seated at board {e.board!r} for its next game" for e in found)
    fixes = []
    for e in found:
        fix = (f"`monopoli admin end --board {e.board}` ends that game" if e.game is not None
               else f"`monopoli admin unseat {e.name}` takes {e.name} off it")
        if fix not in fixes:
            fixes.append(fix)
    names = " and ".join(dict.fromkeys(e.name for e in found))
    return (f"undoing {words} on board {board!r} would put {names} in two games: {where}. Nothing was changed; "
            f"{', '.join(fixes)}, then undo again (or leave board {board!r}'s game over)")


def describe(game: Game, action: Action) -> str:
    """An action in a few words: "Alex's throw", "the operator's payment to Sam"."""
    kind, seat, arg = action
    if kind in _SYSTEM_WORDS:
        who = arg.get("player") if isinstance(arg, dict) else None
        name = game.names[who] if isinstance(who, int) and 0 <= who < len(game.names) else "a player"
        return _SYSTEM_WORDS[kind].format(name)
    words = _WORDS.get(kind, kind.replace("_", " "))
    if kind in ("build", "sell", "mortgage", "lift") and isinstance(arg, int):
        words += f" on {game.board.spaces[arg].name}"
    elif kind == "bid":
        words += f" of ${arg}"
    name = game.names[seat] if 0 <= seat < len(game.names) else "the controller"
    return f"{name}'s {words}"
