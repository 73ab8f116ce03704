"""The sandbox world: state, the command interpreter's entry points, ticks and datapacks."""

from __future__ import annotations

import functools
import pathlib
import random
import threading
import uuid
from typing import Any, Callable, TypeVar

from nbtlib import Compound

from monopoli_mc.errors import SandboxError
from monopoli_mc.sandbox import faults, heap, maps, placing, stored, strict, versions
from monopoli_mc.sandbox.advancements import Advancements
from monopoli_mc.sandbox.board import Scoreboard
from monopoli_mc.sandbox.commands import Run, parse_command
from monopoli_mc.sandbox.commands.functions import Return
from monopoli_mc.sandbox.datapack import Datapacks
from monopoli_mc.sandbox.entities import Burst, FireworkRocket
from monopoli_mc.sandbox.failure import UNKNOWN_COMMAND, CommandError
from monopoli_mc.sandbox.library import FunctionLibrary
from monopoli_mc.sandbox.maps import MapData
from monopoli_mc.sandbox.meter import CommandMeter, now
from monopoli_mc.sandbox.model import Block, BlockPos, BossBar, Chat, Entity, Player, Pos, Team
from monopoli_mc.sandbox.profiles import NameCache, equals_ignore_case, offline_uuid
from monopoli_mc.sandbox.protection import SPAWN_PROTECTION, is_under_spawn_protection
from monopoli_mc.sandbox.redstone import Redstone
from monopoli_mc.sandbox.source import Output, Source, is_counted_itself
from monopoli_mc.sandbox.strict import Refusal
from monopoli_mc.sandbox.text import plain, spans
from monopoli_mc.vanilla.data import load as load_vanilla

LEAVE_GAME = "minecraft.custom:minecraft.leave_game"
CHAIN_RULES = ("max_command_sequence_length", "maxCommandChainLength")  # 1.21.11 and before
T = TypeVar("T")


class ChainLimit(Exception):
    """One execution ran out of commands (vanilla's ExecutionContext quota): it stops there."""


class World:
    """A vanilla-like world driven by commands; hold `lock` while executing or ticking."""

    def __init__(self, *, version: str = "1.21.11", strict: bool = False,
                 pause_when_empty_seconds: int | None = None) -> None:
        versions.pack_format(version)
        self.version = version
        self.json_text = versions.json_text(version)
        self.strict = strict
        self.vanilla = load_vanilla(version)
        """Mojang's data for this version: the judge's tree and the en_us strings of replies."""
        self.strict_failures: list[str] = []
        """Every line strict mode refused (the judge's reasons in `strict_refusals`)."""
        self.strict_refusals: list[tuple[str, Refusal]] = []
        self.lock = threading.RLock()
        self.stop_requested = threading.Event()
        """Set by `/stop`; the runner that owns the world decides what stopping means."""
        self.spawn: BlockPos = (0, 64, 0)
        self.max_players = 20
        """server.properties' max-players (vanilla's default), which `list` reports."""
        self.players: dict[str, Player] = {}
        self.named: NameCache[Player] = NameCache(equals_ignore_case)
        self.ops: set[str] = set()  # players made operators with `op` (op-permission-level 4)
        self.spawn_protection = SPAWN_PROTECTION
        """server.properties' spawn-protection (16 by default; 0 protects nothing): `protection.py`."""
        self.blocks: dict[BlockPos, Block] = {}
        self.entities: dict[uuid.UUID, Entity] = {}
        """Entities other than players (item frames), by UUID, in the order they were added."""
        self.maps: dict[int, MapData] = {}
        """Every map's saved data (data/map_N.dat) by map id."""
        self.next_map_id = 0
        self.next_entity_number = 1
        self.drops_random = random.Random(0)
        """Where a popped block's item lands (Block.popResource's ± 0.25), seeded so tests repeat."""
        self.forced_chunks: set[tuple[int, int]] = set()
        """The overworld's force-loaded chunks as (chunk x, chunk z): block coordinate // 16."""
        self.storage: dict[str, Compound] = {}
        self.bossbars: dict[str, BossBar] = {}
        """Custom boss bars by id, in the order they were added."""
        self.scoreboard = Scoreboard()
        self.gamerules = versions.default_gamerules(version)
        self.difficulty = "easy"  # server.properties' default (DedicatedServerProperties); `difficulty.py`
        self.game_time = 0
        self.pause_when_empty_seconds = (versions.pause_when_empty_seconds(version)
                                         if pause_when_empty_seconds is None else pause_when_empty_seconds)
        """server.properties' pause-when-empty-seconds (1.21.2+, 60 by default; 0 never pauses)."""
        self.empty_ticks = 0
        """Ticks in a row with nobody online, as MinecraftServer.tickServer counts them."""
        self.schedules: list[tuple[int, str]] = []
        self.datapacks = Datapacks(version)
        self.redstone = Redstone(self)
        self.advancements = Advancements(self.blocks, self._reward)
        self.log: list[str] = []
        self.bursts: list[Burst] = []  # every firework burst, in order (entities.FireworkRocket)
        self.functions = FunctionLibrary(version, json_text=self.json_text, judge=self._strict_check)
        self._post_reload = False
        self._quota: int | None = None
        """Commands the execution under way may still run; None between executions."""
        self.commands_run = 0
        """Every command charged since the world began (what the main thread ran)."""
        self.meter: CommandMeter | None = None
        """Set by a benchmark: the commands of each tick and each console request."""

    def measure(self) -> CommandMeter:
        """Start counting the commands of each tick period and console request (for benchmarks)."""
        self.meter = CommandMeter(start=self.commands_run)
        return self.meter

    # ----- entry points -------------------------------------------------
    def console(self, output: Output) -> Source:
        """The RCON console source: level 4, at world spawn, no entity, named Rcon."""
        return Source(self, "Rcon", None, _center_floor(self.spawn), level=4, output=output)

    def server_source(self) -> Source:
        """The game loop's source for load, tick and scheduled functions."""
        return Source(self, "Server", None, _center_floor(self.spawn), level=2, silent=True)

    def execute(self, command: str) -> list[str]:
        """Run one command as the RCON console; return its feedback messages in order."""
        with self.lock:
            out: list[str] = []
            if self.meter is None:
                self.run(command, self.console(out.append))
                return out
            before, started = self.commands_run, now()
            self.run(command, self.console(out.append))
            self.meter.request_ran(self.commands_run - before, now() - started)
            return out

    def run(self, command: str, source: Source) -> int:
        """Parse (strictly, if on) and run a command line for a source; errors become feedback."""
        text = command[1:] if command.startswith("/") else command
        try:
            runnable = self._parse(text, source.level)
        except CommandError as e:
            for m in e.feedback():
                source.failure(m)
            return 0
        except Exception as exc:  # the sandbox's own parser broke: one line, never a dead console
            self._bug(exc, text, source)
            return 0

        def body() -> int:
            try:
                return self.run_parsed(runnable, source, text)
            except Return as r:  # `return` outside a function ends the command quietly
                return 0 if r.failed else r.value
        return self._execution(body, 0)

    def chain_limit(self) -> int:
        """The game rule that caps the commands of one execution (65,536 by default)."""
        value = next((self.gamerules[r] for r in CHAIN_RULES if r in self.gamerules), "65536")
        return int(value)

    def charge(self) -> None:
        """Count one command against the execution's quota, as vanilla's incrementCost does.

        Charged where vanilla charges one: each command run for each source (ExecuteCommand) and
        each function call (CallFunction); each is its own queue entry, so the quota is checked
        first (`ExecutionContext.runCommandQueue`). Raises ChainLimit when the quota is spent.
        """
        self.check_quota()
        self.charge_stage()

    def charge_stage(self) -> None:
        """Count one `execute` stage (BuildContexts: a stage with a redirect modifier costs one
        whatever the number of sources), without a check: the stages of one line run as one entry."""
        self.commands_run += 1
        if self._quota is not None:
            self._quota -= 1

    def check_quota(self) -> None:
        """The queue's check before each entry (a line, a call, a command): stop when spent."""
        if self._quota is not None and self._quota <= 0:
            raise ChainLimit()

    def _execution(self, body: Callable[[], T], stopped: T) -> T:
        """Run `body` as one execution with vanilla's command quota, unless one is under way.

        Vanilla's ExecutionContext runs at most `max_command_sequence_length` commands
        (functions' lines, nested calls and all) for one command from a console, a
        player or a command block, and for each function the tick or load tag runs;
        past that it drops the rest silently and logs it.
        """
        if self._quota is not None:
            return body()
        limit = self.chain_limit()
        self._quota = limit
        try:
            return body()
        except ChainLimit:
            self.log.append(f"Command execution stopped due to limit (executed {limit} commands)")
            return stopped
        finally:
            self._quota = None

    def _parse(self, text: str, level: int) -> Run:
        own: CommandError | None = None
        try:
            runnable = parse_command(text, self.version, level)
        except CommandError as e:
            own = e
        refusal = self._strict_check(text, level)
        if refusal is not None and refusal.vanilla:  # Mojang's tree words it as the server does
            raise CommandError(refusal.message, text=text, cursor=refusal.cursor)
        if own is not None:
            if own.message == UNKNOWN_COMMAND:  # its wording changed in 1.21.9
                own.message = self.vanilla.msg("command.unknown.command")
            raise own
        return runnable

    def run_parsed(self, runnable: Run, source: Source, text: str = "") -> int:
        """Run a parsed command; a failure is reported to the source and yields 0.

        An exception of the sandbox's own (a bug: vanilla would not raise there) fails this
        command alone with one line (`faults.bug_line`), as a failing command does.

        A line is one queue entry: checked against the quota, then charged one for its command,
        unless it charges itself (`execute`, `function`, `return`: row F7).
        """
        if is_counted_itself(runnable):
            self.check_quota()
        else:
            self.charge()
        try:
            return runnable(source)
        except CommandError as e:
            source.failure(e.message)
            return 0
        except (Return, ChainLimit):
            raise
        except Exception as exc:
            self._bug(exc, text, source)
            return 0

    def _bug(self, exc: Exception, text: str, source: Source) -> None:
        """A sandbox bug in one command: told to its source and kept in the server log."""
        line = faults.report(exc, text)
        self.log.append(line)
        source.failure(line)

    def _strict_check(self, text: str, level: int, where: str = "") -> Refusal | None:
        """In strict mode, the judge's refusal of a line, recorded as a strict failure; None if it takes it."""
        if not self.strict:
            return None
        refusal = strict.judge(text, self.version, level)
        if refusal is not None:
            self.strict_failures.append(where + text)
            self.strict_refusals.append((where + text, refusal))
        return refusal

    def tick(self, n: int = 1) -> None:
        """Run n server ticks: load (after reload), #tick, schedules, command blocks; none while paused."""
        with self.lock:
            for _ in range(n):
                if not self._pauses():
                    self._tick_once()

    @property
    def paused(self) -> bool:
        """Whether the server is paused: empty for pause-when-empty-seconds (ledger row F5)."""
        threshold = self.pause_when_empty_seconds * 20
        return threshold > 0 and self.empty_ticks >= threshold

    def _pauses(self) -> bool:
        """Count an empty tick; whether this tick is skipped, as 1.21.2+ MinecraftServer.tickServer does.

        Each tick with nobody online counts (a player online resets the count); from
        20 × pause-when-empty-seconds on, the server only serves its connections: no
        tickChildren, so no game time, no tick or load function, no schedule. RCON
        commands still run between ticks.
        """
        if self.pause_when_empty_seconds <= 0:
            return False
        self.empty_ticks = 0 if self.online_players() else self.empty_ticks + 1
        if self.empty_ticks == self.pause_when_empty_seconds * 20:
            self.log.append(f"Server empty for {self.pause_when_empty_seconds} seconds, pausing")
        return self.paused

    def _tick_once(self) -> None:
        if self.meter is None:
            self._tick_work()
            return
        self.meter.tick_started(self.commands_run)
        started = now()
        self._tick_work()
        self.meter.tick_ran(now() - started)

    def _tick_work(self) -> None:
        src = self.server_source()
        if self._post_reload:
            self._post_reload = False
            self._run_tag("#minecraft:load", src)
        self._run_tag("#minecraft:tick", src)
        self.game_time += 1
        due = [s for s in self.schedules if s[0] <= self.game_time]
        self.schedules = [s for s in self.schedules if s[0] > self.game_time]
        for _, fid in due:
            self._run_tag(fid, src)
        self.redstone.tick()
        maps.tick(self)
        self._rockets()

    def _rockets(self) -> None:
        """Firework rockets rise; one past its lifetime bursts (recorded in `bursts`) and is gone."""
        for rocket in [e for e in self.entities.values() if isinstance(e, FireworkRocket)]:
            if rocket.tick():
                del self.entities[rocket.uuid]
                self.bursts.append(Burst(rocket.pos, self.game_time, rocket.explosions))

    # ----- datapacks ------------------------------------------------------
    def load_datapack(self, path: pathlib.Path) -> None:
        """Load a datapack folder and run #minecraft:load once."""
        with self.lock:
            self.datapacks.add(pathlib.Path(path))
            self._compile_all()
            self._run_tag("#minecraft:load", self.server_source())

    def reload(self) -> None:
        """Reread every pack; #minecraft:load runs at the start of the next tick."""
        with self.lock:
            self.datapacks.reread()
            self._compile_all()
            self._post_reload = True

    @property
    def load_errors(self) -> list[str]:
        """Problems found while loading packs (wrong folders, formats, bad lines)."""
        return self.datapacks.problems

    def _compile_all(self) -> None:
        self.functions.compile_all(self.datapacks)
        self.advancements.read(self.datapacks.advancements, self.version, self.functions.compiled,
                               self.datapacks.problems)
        heap.keep(self)  # the pack's runs live as long as the world

    def _run_tag(self, tag: str, source: Source) -> None:
        for f in self.datapacks.resolve(tag):
            try:
                self._execution(functools.partial(self.call_function, f, None, source), None)
            except CommandError as e:  # a macro function called without arguments: this one only
                self.log.append(e.message)

    def call_function(self, fid: str, args: Compound | None, source: Source) -> int | None:
        """Run a function's lines in order; the `return` value, if any (0 for `return fail`)."""
        lines = self.functions.lines(fid, args)
        self.charge()  # CallFunction.execute: one for the call, after instantiating (row F7)
        try:
            for text, run in lines:
                self.run_parsed(run, source, text)
        except Return as r:
            return 0 if r.failed else r.value  # `return fail`: onFailure is onResult(false, 0) (row E6)
        return None

    def _reward(self, player: Player, fid: str) -> None:
        """An advancement's reward: its function runs as the player, output suppressed, level 2."""
        if fid not in self.datapacks.functions:
            return  # vanilla runs nothing for a reward function it does not have
        source = Source(self, player.name, player, player.pos, player.rot, player.dimension, level=2, silent=True)
        self.call_function(fid, None, source)

    def schedule(self, fid: str, due: int, *, replace: bool) -> None:
        """Schedule a function (or tag) at a game time."""
        if replace:
            self.schedules = [s for s in self.schedules if s[1] != fid]
        self.schedules.append((due, fid))

    def unschedule(self, fid: str) -> int:
        """Remove a function's schedules; how many were removed."""
        before = len(self.schedules)
        self.schedules = [s for s in self.schedules if s[1] != fid]
        return before - len(self.schedules)

    # ----- blocks -------------------------------------------------------------
    def set_block(self, pos: BlockPos, block: Block, *, updates: bool = True) -> bool:
        """Place a block (with default block entity data); False if nothing changed. A change runs
        its neighbours' shape updates unless `updates` is off (flag 16): `placing.py`, rows B4-B6."""
        return placing.set_block(self, pos, block, updates=updates)

    def load_block_entity(self, block_id: str, nbt: Compound, old: Compound | None) -> Compound:
        """Block entity data as the block entity keeps it once loaded (`stored.py`, ledger rows B4, B5)."""
        return stored.load_block_entity(block_id, nbt, old, json_dialect=self.json_text)

    def use_block(self, player: Player, pos: BlockPos) -> None:
        """A player uses (right-clicks) the block at pos; the sandbox models buttons only. As
        `ServerPlayerGameMode.useItemOn`: the button is pressed (if it is not down already), and either way its
        default action counts, so `default_block_use` fires."""
        block = self.blocks.get(pos)
        if block is None or not block.id.endswith("_button"):
            raise SandboxError(f"no button at {pos}")
        if is_under_spawn_protection(self, player, pos):
            return  # handleUseItemOn: mayInteract is false, so useItemOn never runs (no press, no trigger)
        self.redstone.press(pos)
        self.advancements.use_block(player, pos)

    # ----- players and text -------------------------------------------------------
    def player(self, name: str) -> Player | None:
        """An online player by name."""
        p = self.players.get(name)
        return p if p is not None and p.online else None

    def player_named(self, name: str) -> Player | None:
        """The online player a command's name finds: the first in join order whose name equals it
        ignoring case (PlayerList.getPlayerByName, 1.21.11 PlayerManager.getPlayer; ledger row N1), remembered."""
        return self.named.find(name, self.players, self.online_players)

    def online_players(self) -> list[Player]:
        """Online players in join order."""
        return [p for p in self.players.values() if p.online]

    def all_entities(self) -> list[Entity]:
        """What `@e` looks through: online players, then the other entities."""
        return [*self.online_players(), *self.entities.values()]

    def add_entity(self, entity: Entity) -> None:
        """A summoned entity joins the world."""
        self.entities[entity.uuid] = entity

    def use_empty_map(self, name: str) -> int:
        """A player right-clicks with an empty map: a new map of where they stand; its id."""
        with self.lock:
            p = self.player(name)
            if p is None:
                raise SandboxError(f"player not online: '{name}'")
            try:
                return maps.use_empty_map(self, p)
            except ValueError as exc:
                raise SandboxError(str(exc)) from None

    def join(self, name: str, player_uuid: uuid.UUID | None = None) -> Player:
        """A player connects: appears at spawn; everyone sees the join message. The UUID is the offline-mode
        one (`offline_uuid`) unless given (to mirror a real server's players)."""
        with self.lock:
            if self.player(name) is not None:
                raise SandboxError(f"player already online: '{name}'")
            p = self.players.pop(name, None)  # the player list is in join order: one back joins at its end
            if p is None:
                p = Player(name, player_uuid or offline_uuid(name),
                           _center_floor(self.spawn))
            self.players[name] = p
            p.online = True
            self.named.changed()
            self.broadcast_component({"translate": "multiplayer.player.joined", "with": [name]},
                                     color="yellow")
            return p

    def leave(self, name: str) -> None:
        """A player disconnects."""
        with self.lock:
            p = self.player(name)
            if p is None:
                raise SandboxError(f"player not online: '{name}'")
            p.online = False
            self.named.changed()
            for obj in self.scoreboard.objectives.values():  # the statistic vanilla counts on leaving
                if obj.criteria == LEAVE_GAME:
                    self.scoreboard.score(name, obj).value += 1
            self.broadcast_component({"translate": "multiplayer.player.left", "with": [name]},
                                     color="yellow")

    def player_source(self, p: Player, output: Output | None = None) -> Source:
        """A player typing a command: level 0 (4 for an operator), feedback to their own chat."""
        def to_chat(message: str) -> None:
            p.chat.append(Chat(message, message))
        feedback = self.gamerules.get("send_command_feedback",
                                      self.gamerules.get("sendCommandFeedback")) != "false"
        return Source(self, p.name, p, p.pos, p.rot, p.dimension, level=4 if p.name in self.ops else 0,
                      output=output or to_chat, accepts_success=feedback or output is not None)

    def broadcast(self, text: str, drawn: list[tuple[str, Any]] | None = None) -> None:
        """A system chat line to every online player (and the server log)."""
        self.log.append(text)
        for p in self.online_players():
            p.chat.append(Chat(text, text, spans=list(drawn or [])))

    def broadcast_component(self, comp: dict[str, Any], *, color: str = "") -> None:
        """A translated system message to everyone."""
        comp = dict(comp, color=color) if color else comp
        self.broadcast(plain(comp), spans(comp))

    def sidebar(self) -> list[tuple[str, int]]:
        """What the sidebar shows now."""
        return self.scoreboard.sidebar()

    @property
    def teams(self) -> dict[str, Team]:
        """The scoreboard's teams by name."""
        return self.scoreboard.teams

    def team_of(self, name: str) -> Team | None:
        """The team a player or score holder is on (its colour is `team_of(name).color`)."""
        return self.scoreboard.team_of(name)


def _center_floor(pos: BlockPos) -> Pos:
    return (float(pos[0]), float(pos[1]), float(pos[2]))

