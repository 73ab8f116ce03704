"""The command source: who runs a command, where, with what rights, and where output goes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from monopoli_mc.sandbox.model import Entity, Pos
from monopoli_mc.sandbox.wording import reworded

if TYPE_CHECKING:
    from monopoli_mc.sandbox.world import World

Output = Callable[[str], None]
_CUSTOM = "_counts_itself"


def counts_itself(run: Callable[[Source], int]) -> Callable[[Source], int]:
    """Mark a command that charges the command limit itself, as vanilla's custom executors do.

    `function` and `return <value>|fail|run` (CustomCommandExecutor, CustomModifierExecutor) cost
    nothing of their own (only the functions they call, and the command `return run` runs), and
    `execute` charges its stages and its command per source (BuildContexts, row F7).
    """
    setattr(run, _CUSTOM, True)
    return run


def is_counted_itself(run: Callable[[Source], int]) -> bool:
    """Whether `run` was marked by `counts_itself`."""
    return bool(getattr(run, _CUSTOM, False))


def run_leaf(run: Callable[[Source], int], source: Source) -> int:
    """Run the command at the end of a chain (`execute … run`, `return run`) for one source.

    An ordinary command is one ExecuteCommand entry (checked, then charged one); `function`,
    `return` and a further `execute` charge themselves.
    """
    if not is_counted_itself(run):
        source.world.charge()
    return run(source)


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
            self.output(reworded(message, self.world.version))

    def failure(self, message: str) -> None:
        """sendFailure."""
        if self.output is not None and not self.silent:
            self.output(reworded(message, self.world.version))

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
