"""Undo: the last action a person chose, with the automatic actions that followed it, reverted and told.

An automatic action is one nobody chose: the controller's forced moves after an action
(paying a debt once the cash is there, bankruptcy once nothing is left to raise) and its
clock (an auction closed after the quiet period, the time limit). Undoing a person's action
alone would leave the game where an automatic move is due that nobody makes (a debt that
can be paid, waiting), so they go together. The log keeps one undo row with the count.
"""

from __future__ import annotations

from dataclasses import dataclass

from monopoli_mc.controller.store import Store
from monopoli_mc.controller.table import Action, BoardGame
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


def undo(table: BoardGame, store: Store, board: Board, origin: str) -> Undone | None:
    """Revert a board's last chosen action and the automatic ones after it (inside a transaction).

    None when the game has no action yet. The game is reloaded from the store.
    """
    rows = store.effective(table.game_id)
    if not rows:
        return None
    n = count_to_undo([o for _, o in rows], [a[0] for a, _ in rows])
    kept, actions = [a for a, _ in rows[:-n]], [a for a, _ in rows[-n:]]
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
