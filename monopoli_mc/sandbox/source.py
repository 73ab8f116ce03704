"""The command source (who runs a command, where, with what rights) and the world as a command sees it."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, Protocol

from nbtlib import Compound

from monopoli_mc.sandbox.advancements import Advancements
from monopoli_mc.sandbox.board import Scoreboard
from monopoli_mc.sandbox.datapack import Datapacks
from monopoli_mc.sandbox.model import Block, BlockPos, BossBar, Entity, Player, Pos, Team
from monopoli_mc.sandbox.wording import reworded

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


class Level(Protocol):
    """What a command, a selector or one of the world's parts may ask of the world (`world.World` is one).

    Vanilla's CommandSourceStack reaches its ServerLevel and MinecraftServer; the sandbox's
    commands reach this, so no command module imports the world, which imports them all.
    """

    version: str
    json_text: bool
    players: dict[str, Player]
    ops: set[str]
    max_players: int
    spawn: BlockPos
    spawn_protection: int
    blocks: dict[BlockPos, Block]
    entities: dict[uuid.UUID, Entity]
    next_entity_number: int
    forced_chunks: set[tuple[int, int]]
    storage: dict[str, Compound]
    bossbars: dict[str, BossBar]
    scoreboard: Scoreboard
    gamerules: dict[str, str]
    difficulty: str
    game_time: int
    datapacks: Datapacks
    advancements: Advancements
    log: list[str]
    stop_requested: threading.Event

    @property
    def teams(self) -> dict[str, Team]:
        """The scoreboard's teams by name."""

    def team_of(self, name: str) -> Team | None:
        """The team a player or score holder is on."""

    def player(self, name: str) -> Player | None:
        """An online player by name."""

    def online_players(self) -> list[Player]:
        """Online players in join order."""

    def player_named(self, name: str) -> Player | None:
        """The online player a command's name finds (ignoring case, the first in join order)."""

    def all_entities(self) -> list[Entity]:
        """What `@e` looks through: online players, then the other entities."""

    def add_entity(self, entity: Entity) -> None:
        """A summoned entity joins the world."""

    def set_block(self, pos: BlockPos, block: Block, *, updates: bool = True) -> bool:
        """Place a block (with default block entity data); False if nothing changed; a change runs
        its neighbours' shape updates unless `updates` is off."""

    def load_block_entity(self, block_id: str, nbt: Compound, old: Compound | None) -> Compound:
        """Block entity data as the block entity keeps it once loaded (names and sign text re-encoded)."""

    def broadcast(self, text: str, drawn: list[tuple[str, Any]] | None = None) -> None:
        """A system chat line to every online player (and the server log)."""

    def run(self, command: str, source: Source) -> int:
        """Parse and run a command line for a source; errors become feedback."""

    def call_function(self, fid: str, args: Compound | None, source: Source) -> int | None:
        """Run a function's lines in order; the `return` value, if any."""

    def charge(self) -> None:
        """Count one command against the execution's quota (checked first)."""

    def charge_stage(self) -> None:
        """Count one `execute` stage against the quota, unchecked."""

    def schedule(self, fid: str, due: int, *, replace: bool) -> None:
        """Schedule a function (or tag) at a game time."""

    def unschedule(self, fid: str) -> int:
        """Remove a function's schedules; how many were removed."""

    def reload(self) -> None:
        """Reread every pack; #minecraft:load runs at the start of the next tick."""


@dataclass(frozen=True)
class Source:
    """Vanilla's CommandSourceStack, reduced to what the sandbox models."""

    world: Level
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

    def but(self, **changes: Any) -> Source:
        """A copy with these fields changed: dataclasses.replace without its checks and __init__ (an
        `execute as @a` makes one for every player, every tick; it was a twentieth of a busy server's
        time)."""
        if not changes.keys() <= _FIELDS:
            raise TypeError(f"Source has no field {sorted(changes.keys() - _FIELDS)}")
        copied = object.__new__(Source)
        copied.__dict__.update(self.__dict__, **changes)
        return copied

    def with_entity(self, entity: Entity) -> Source:
        """`execute as`."""
        return self.but(entity=entity, name=entity.name)

    def at(self, entity: Entity) -> Source:
        """`execute at`."""
        return self.but(pos=entity.pos, rot=entity.rot, dimension=entity.dimension)

    def moved(self, pos: Pos) -> Source:
        """`execute positioned`."""
        return self.but(pos=pos)

    def quiet(self, *, max_level: int = 2) -> Source:
        """What functions run with: output suppressed, permission at most 2."""
        return self.but(silent=True, level=min(self.level, max_level))


_FIELDS = frozenset(f.name for f in fields(Source))
