"""Who decides what now: one answer, read from the engine's own legal actions.

The chat prompts (`bridge/outbox.prompts`), the words under the live page (`view/words.pending_words`)
and the pack's prompt functions (`datapack/view`) all ask this, so a button is offered only when the
rules take it at that moment: on the last turn in jail under `jail_pay_on_last_turn` the prompt offers
[Pay $50] and no [Roll] (issue 33: a real player clicked the [Roll] the prompt offered, and the rules
refused it), a player short of the price is offered no [Buy], a bidder no step above their cash.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from monopoli_mc.rules.game import Game
from monopoli_mc.rules.phases import AUCTION, OVER, SYSTEM

Action = tuple[str, int, Any]


@dataclass(frozen=True)
class Pending:
    """The decision a game waits for: its phase, the seat it waits for, and the choices of every seat that
    may decide now (in an auction every player still in; else the one seat, when it has any)."""

    phase: str
    seat: int  # the seat the game waits for (Game.to_act); SYSTEM when it is over
    choices: dict[int, tuple[Action, ...]]

    def can(self, seat: int, kind: str) -> bool:
        """Whether `seat` may take an action of this kind as its decision now."""
        return any(action[0] == kind for action in self.choices.get(seat, ()))

    def kinds(self, seat: int) -> tuple[str, ...]:
        """The kinds of decision `seat` may take now, in the engine's order, each once."""
        return tuple(dict.fromkeys(action[0] for action in self.choices.get(seat, ())))

    def lowest_bid(self, seat: int) -> int | None:
        """In an auction, the lowest bid `seat` may make now; None when they may not bid."""
        return next((int(action[2]) for action in self.choices.get(seat, ()) if action[0] == "bid"), None)


def pending(game: Game) -> Pending:
    """The decision `game` waits for now, from `Game.decision_actions` (management actions left out)."""
    phase = game.phase
    if phase == OVER:
        return Pending(phase, SYSTEM, {})
    seat = game.to_act()
    seats = range(len(game.names)) if phase == AUCTION else (seat,)
    choices = {q: tuple(game.decision_actions(q)) for q in seats if not game.bankrupt[q]}
    return Pending(phase, seat, {q: acts for q, acts in choices.items() if acts})
