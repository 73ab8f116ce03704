"""difficulty [peaceful|easy|normal|hard]: vanilla's DifficultyCommand (ledger H3)."""

from __future__ import annotations

from monopoli_mc.sandbox.failure import CommandError
from monopoli_mc.sandbox.registry import Run, handles
from monopoli_mc.sandbox.source import Source
from monopoli_mc.vanilla.tree import Parsed

DIFFICULTIES = ("peaceful", "easy", "normal", "hard")  # Difficulty's ids 0 to 3, in order
SHOWN = {"peaceful": "Peaceful", "easy": "Easy", "normal": "Normal", "hard": "Hard"}  # options.difficulty.*


@handles("difficulty", *(f"difficulty {d}" for d in DIFFICULTIES))
def difficulty(p: Parsed) -> Run:
    """`difficulty` answers the world's; `difficulty <d>` sets it, and fails when it is that already."""
    wanted = p.literals[1] if len(p.literals) > 1 else None

    def run(s: Source) -> int:
        now = s.world.difficulty
        if wanted is None:
            s.success(f"The difficulty is {SHOWN[now]}")  # commands.difficulty.query
            return DIFFICULTIES.index(now)
        if wanted == now:  # commands.difficulty.failure, with the difficulty's key
            raise CommandError(f"The difficulty did not change; it is already set to {wanted}")
        s.world.difficulty = wanted
        s.success(f"The difficulty has been set to {SHOWN[wanted]}")  # commands.difficulty.success
        return 0
    return run
