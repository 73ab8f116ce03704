"""Inputs a player gave without seeing a result: a repeat counts once, a refusal is said once.

A player who clicks and sees nothing clicks again. While the controller does not answer (stopped,
restarting, its connection lost) every click is kept, and when it is back they were all applied in
order: ten "roll is not possible now" lines buried the real prompt, and a second Roll after a first
throw of doubles, clicked before the player saw the doubles, became a real second throw.

How "without seeing a result" is known: the pack counts the controller's writes (`$wrote`, one per
batch) and stamps each entry with the count when it was queued (`w`). Two inputs of one player with the
same `w` had no write of the controller's between them, so the second was given before the player could
see any answer to the first. The rule, for the entries of one player in the order queued:

- an input that repeats the previous one (the same trigger and value) with the same `w` is a blind
  repeat: it is not applied (the log says so), and counts as the one before it;
- of a run of inputs with the same `w`, only the first refusal is said to the player ("roll is not
  possible now", "the game is paused"): the others are answered by that one.

Its limits: any write counts, also one for another table that showed this player nothing (so the
rule errs towards applying an input); a repeat the player meant (a second house on the same space,
typed twice while the game did not answer) counts once, and is given again once they see the result;
what the controller remembers of a player's last input lives in its memory, so an input applied just
before the controller stopped and a blind repeat of it queued after are both applied; an entry of a
pack older than the stamp (`w` missing) is never taken for a repeat.
"""

from __future__ import annotations

from dataclasses import dataclass

from monopoli_mc.bridge.inbox import WorldEvent

NOT_INTENTS = ("online",)  # entries the pack queues by itself, never a click


@dataclass
class Last:
    """A player's last input: the writes seen when it was given, what it was, whether its run was refused."""

    wrote: int
    intent: tuple[str, int | None]
    refused: bool = False


class Blind:
    """Each player's last input, by UUID, kept from one poll to the next."""

    def __init__(self) -> None:
        self.last: dict[str, Last] = {}

    def repeat(self, event: WorldEvent) -> bool:
        """Whether this entry repeats its player's previous input with no write between (not applied);
        notes it as their last input either way."""
        if event.uuid is None or event.wrote is None or event.is_admin or event.kind in NOT_INTENTS:
            return False
        intent = (event.kind, event.value)
        last = self.last.get(event.uuid)
        if last is not None and last.wrote == event.wrote:
            same = last.intent == intent
            last.intent = intent
            return same
        self.last[event.uuid] = Last(event.wrote, intent)
        return False

    def mute(self, event: WorldEvent) -> bool:
        """Whether a refusal of this entry goes unsaid: an earlier input of the same run (the same `w`) was
        refused and told. Notes the refusal."""
        last = self.last.get(event.uuid or "")
        if last is None or event.wrote is None or last.wrote != event.wrote:
            return False
        muted, last.refused = last.refused, True
        return muted
