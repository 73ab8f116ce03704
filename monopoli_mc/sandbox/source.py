"""The command source: who runs a command, where, with what rights, and where output goes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from monopoli_mc.sandbox.model import Entity, Pos

if TYPE_CHECKING:
    from monopoli_mc.sandbox.world import World

Output = Callable[[str], None]


@dataclass(frozen=True)
class Source:
    """Vanilla's CommandSourceStack, reduced to what the sandbox models."""

    world: World
    name: str
    entity: Entity | None
    pos: Pos
    rot: tuple[float, float] = (0.0, 0.0)
    dimension: str = "minecraft:overworld"
    level: int = 4
    output: Output | None = None
    silent: bool = False
    accepts_success: bool = True
    """False for a player while send_command_feedback is off: failures still reach them."""

    def success(self, message: str) -> None:
        """sendSuccess: feedback to whoever ran the command (unless silenced)."""
        if self.output is not None and not self.silent and self.accepts_success:
            self.output(message)

    def failure(self, message: str) -> None:
        """sendFailure."""
        if self.output is not None and not self.silent:
            self.output(message)

    def with_entity(self, entity: Entity) -> Source:
        """`execute as`."""
        return replace(self, entity=entity, name=entity.name)

    def at(self, entity: Entity) -> Source:
        """`execute at`."""
        return replace(self, pos=entity.pos, rot=entity.rot, dimension=entity.dimension)

    def moved(self, pos: Pos) -> Source:
        """`execute positioned`."""
        return replace(self, pos=pos)

    def quiet(self, *, max_level: int = 2) -> Source:
        """What functions run with: output suppressed, permission at most 2."""
        return replace(self, silent=True, level=min(self.level, max_level))
