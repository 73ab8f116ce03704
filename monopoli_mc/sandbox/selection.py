"""Which entities a selector (`@a[tag=x,scores={Cash=1..}]`), name, UUID or score holder stands for.

Vanilla's parser reads them (`monopoli_mc.vanilla.selector`, the judge's); the sandbox evaluates
what it read. (This module was `selectors.py`, which also parsed them, until issue 36.)"""

from __future__ import annotations

import functools
import math
import random
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Callable

from monopoli_mc.sandbox.model import Entity, Player, Score
from monopoli_mc.sandbox.nbt_path import matches
from monopoli_mc.sandbox.nbt_tags import from_vanilla
from monopoli_mc.sandbox.failure import CommandError, read_text
from monopoli_mc.sandbox.source import Source
from monopoli_mc.vanilla.selector import Selector as Parsed
from monopoli_mc.vanilla.selector import parse_selector

NO_PLAYER = "No player was found"
NO_ENTITY = "No entity was found"


@dataclass(frozen=True)
class Range:
    """`1..5`, `..5`, `3`: inclusive bounds, None for open."""

    low: float | None
    high: float | None

    def __contains__(self, value: float) -> bool:
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)


@dataclass
class Selector:
    """A parsed selector, player name or UUID; `select` evaluates it for a source."""

    kind: str  # a p r s e n, or "name" / "uuid"
    name: str = ""
    names: list[tuple[str, bool]] = field(default_factory=list)
    tags: list[tuple[str, bool]] = field(default_factory=list)
    teams: list[tuple[str, bool]] = field(default_factory=list)
    scores: dict[str, Range] = field(default_factory=dict)
    distance: Range | None = None
    xyz: list[float | None] = field(default_factory=lambda: [None, None, None])
    dxyz: list[float | None] = field(default_factory=lambda: [None, None, None])
    limit: int | None = None
    sort: str | None = None
    types: list[tuple[str, bool]] = field(default_factory=list)
    nbt: list[tuple[object, bool]] = field(default_factory=list)
    players_only: bool = True

    def is_single(self) -> bool:
        """Whether it can match at most one entity."""
        return self.kind in ("name", "uuid", "p", "r", "s", "n") or self.limit == 1

    def select(self, source: Source) -> list[Entity]:
        """The entities it matches, in vanilla's order."""
        world = source.world
        if self.kind == "name":  # EntitySelector.findPlayers: PlayerList.getPlayerByName ignores case (row N1)
            p = world.player_named(self.name)
            return [p] if p is not None else []
        if self.kind == "uuid":
            return [p for p in world.all_entities() if str(p.uuid) == self.name]
        only = self._one_score
        if only is not None:  # `@a[scores={o=range}]` alone, what a tick runs most: the same players, in order
            objective = world.scoreboard.objectives.get(only[0])
            return [] if objective is None else _in_range(objective.scores, *only[1:], world.online_players())
        tests = self._tests(source)
        if self.kind == "s":
            entity = source.entity
            return [entity] if entity and all(test(entity, source) for test in tests) else []
        pool: list[Entity] = [*world.online_players()] if self.players_only else world.all_entities()
        if self.kind in ("e", "n"):  # EntitySelectorParser: `@e` and `@n` add Entity::isAlive (ledger H6)
            pool = [e for e in pool if e.is_alive]
        found = pool
        for test in tests:  # each criterion given narrows the pool; none given keeps it whole
            found = test.many(found) if isinstance(test, _OneScore) else [p for p in found if test(p, source)]
        sort = self.sort or {"p": "nearest", "n": "nearest", "r": "random"}.get(self.kind, "arbitrary")
        if sort in ("nearest", "furthest"):
            origin = self._origin(source)
            found.sort(key=lambda p: _dist(p.pos, origin), reverse=sort == "furthest")
        elif sort == "random":
            random.shuffle(found)
        limit = self.limit if self.limit is not None else (1 if self.kind in "prn" else None)
        return found[:limit] if limit is not None else found

    @functools.cached_property
    def _one_score(self) -> tuple[str, float, float] | None:
        """(objective, low, high) when this is `@a` with one `scores=` objective and no other option: evaluated
        as `select`'s general path evaluates it (online players in their order, the one score test), in one
        pass with no test list, origin or sort worked out for nothing (a tick runs dozens of these)."""
        if (self.kind != "a" or len(self.scores) != 1 or self.names or self.tags or self.teams or self.types
                or self.nbt or self.distance is not None or any(c is not None for c in (*self.xyz, *self.dxyz))
                or self.limit is not None or self.sort is not None):
            return None
        (name, rng), = self.scores.items()
        return (name, *_bounds(rng))

    def _origin(self, source: Source) -> tuple[float, float, float]:
        return tuple(c if c is not None else s for c, s in zip(self.xyz, source.pos))  # type: ignore[return-value]

    def _tests(self, source: Source) -> list[Callable[[Entity, Source], bool]]:
        """The criteria given, each a test an entity passes or not; none for `@a` alone.

        As `EntitySelector.getPredicate` (client1.20.5, client1.21.4): an entity matches when
        it passes every option's predicate (`Util.allOf`); none has a side effect, so the
        order they are tried in changes nothing but the sandbox's time (a tick runs dozens of
        `@a[scores=...]` over every player).
        """
        tests: list[Callable[[Entity, Source], bool]] = []
        if self.types:  # first: vanilla looks only at entities of the type (`EntityTypeTest`), never at players
            tests.append(self._typed_test())
        if self.names:
            tests.append(self._named)
        if self.tags:
            tests.append(self._tagged)
        if self.teams:
            tests.append(self._on_teams)
        if self.scores:
            tests.append(self._scored(source))
        if self.nbt:
            tests.append(self._nbt_matches)
        if self.distance is not None or any(d is not None for d in self.dxyz):
            tests.append(self._placed(self._origin(source)))
        return tests

    def _named(self, p: Entity, source: Source) -> bool:
        return not any((p.name == n) == neg for n, neg in self.names)

    def _tagged(self, p: Entity, source: Source) -> bool:
        return not any(((t in p.tags) if t else bool(p.tags)) == neg for t, neg in self.tags)

    def _typed_test(self) -> Callable[[Entity, Source], bool]:
        """`type=`: an entity of (not of, `!`) each type named; each full id worked out once for the selection."""
        types = [(t if ":" in t else "minecraft:" + t, neg) for t, neg in self.types]

        def typed(p: Entity, source: Source) -> bool:
            kind = p.type
            return all((kind == t) != neg for t, neg in types)
        return typed

    def _scored(self, source: Source) -> Callable[[Entity, Source], bool]:
        """`scores={...}` as `EntitySelectorOptions`' "scores" predicate (client1.21.4): an objective
        that does not exist, or no score for the entity, is no match; else the score must be in
        the range. Each objective is looked up once for the whole selection (the sandbox's own
        saving: nothing changes the scoreboard while a selector is evaluated)."""
        objectives = source.world.scoreboard.objectives
        wanted = [(objectives.get(name), rng) for name, rng in self.scores.items()]
        if any(objective is None for objective, _ in wanted):
            return lambda p, source: False
        # Each range as two bounds compared inline (an open end as infinity): the same test as
        # `Range.__contains__`, without a call per player and objective (a tick runs dozens of these).
        bounds = [(objective.scores, *_bounds(rng)) for objective, rng in wanted if objective is not None]
        if len(bounds) == 1:
            return _OneScore(*bounds[0])

        def scored(p: Entity, source: Source) -> bool:
            holder = p.holder
            for scores, low, high in bounds:
                score = scores.get(holder)
                if score is None or not low <= score.value <= high:
                    return False
            return True
        return scored

    def _nbt_matches(self, p: Entity, source: Source) -> bool:
        return not any(matches(tag, p.to_nbt()) == neg for tag, neg in self.nbt)

    def _placed(self, origin: tuple[float, float, float]) -> Callable[[Entity, Source], bool]:
        """`distance=`, `dx=`/`dy=`/`dz=`, from the selection's origin (worked out once)."""
        box = [d or 0.0 for d in self.dxyz] if any(d is not None for d in self.dxyz) else None

        def placed(p: Entity, source: Source) -> bool:
            if self.distance is not None and _dist(p.pos, origin) not in self.distance:
                return False
            return box is None or _in_box(p, origin, box)
        return placed

    def _on_teams(self, p: Entity, source: Source) -> bool:
        """`team=name`, `team=!name`; an empty name means no team."""
        on = source.world.team_of(p.holder)
        name = on.name if on is not None else ""
        return all((name == t) != neg for t, neg in self.teams)


def _bounds(rng: Range) -> tuple[float, float]:
    """A range's two bounds, an open end as infinity (the same test as `Range.__contains__`, inline)."""
    return (-math.inf if rng.low is None else rng.low, math.inf if rng.high is None else rng.high)


def _dist(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    return math.sqrt(sum((x - y) ** 2 for x, y in zip(a, b)))


def _in_box(p: Entity, origin: tuple[float, float, float], d: list[float]) -> bool:
    lo = [min(o, o + dd) for o, dd in zip(origin, d)]
    hi = [max(o, o + dd) + 1 for o, dd in zip(origin, d)]
    box_lo, box_hi = p.box()
    return all(bl < h and bh > lo_ for bl, bh, lo_, h in zip(box_lo, box_hi, lo, hi))


def selector_in(text: str, version: str) -> Selector:
    """The selector, player name or UUID at the start of `text` (a text component's, a `say` message's),
    read by vanilla's reader (`vanilla.selector`); CommandError where vanilla refuses it."""
    return _selection(read_text(text, version, lambda r: parse_selector(r, allow_selectors=True)))


def entities_of(value: Parsed, *, single: bool = False, players: bool = False) -> EntityArg:
    """An entity argument from vanilla's parse (`minecraft:entity`, its one-entity and players-only checks
    made there)."""
    return EntityArg(_selection(value), single, players)


def holders_of(value: Parsed | str) -> Holders:
    """A score holder argument from vanilla's parse (`minecraft:score_holder`: a selector or a word)."""
    return Holders(_selection(value), "") if isinstance(value, Parsed) else Holders(None, value)


def _selection(parsed: Parsed) -> Selector:
    """The selector vanilla parsed, as the sandbox evaluates it."""
    if parsed.kind in ("name", "uuid"):
        written = java_uuid(parsed.name) if parsed.kind == "uuid" else None
        return Selector(parsed.kind, name=str(written) if written is not None else parsed.name)
    players = parsed.kind in "apr" or any(t == "minecraft:player" and not neg for t, neg in parsed.types)
    return Selector(parsed.kind, names=list(parsed.names), tags=list(parsed.tags), teams=list(parsed.teams),
                    scores={k: Range(*bounds) for k, bounds in parsed.scores.items()},
                    distance=Range(*parsed.distance) if parsed.distance is not None else None,
                    xyz=list(parsed.xyz), dxyz=list(parsed.dxyz), limit=parsed.limit, sort=parsed.sort,
                    types=list(parsed.types), nbt=[(from_vanilla(tag), neg) for tag, neg in parsed.nbt],
                    players_only=players)


@dataclass
class EntityArg:
    """An entity argument: a selector plus whether one and only players are allowed."""

    selector: Selector
    single: bool
    players: bool

    def resolve(self, source: Source) -> list[Entity]:
        """The matched entities; vanilla's error if none.

        The error depends on the argument, not the selector (`EntityArgument.getEntities`
        and `findSingleEntity` answer "No entity was found" for `@a` and player names too;
        `getPlayers` and `findSinglePlayer` "No player was found"; read in client1.20.5,
        client1.21.4 and 1.21.11's `EntityArgumentType`, the same): ledger row C4.
        """
        found = self.selector.select(source)
        if not found:
            raise_cmd(NO_PLAYER if self.players else NO_ENTITY)
        return found

    def players_of(self, source: Source) -> list[Player]:
        """The matched players, for an argument read with `players=True`."""
        return [p for p in self.resolve(source) if isinstance(p, Player)]


def raise_cmd(message: str) -> None:
    """Raise a runtime command failure."""
    raise CommandError(message)


@dataclass
class Holders:
    """A score holder argument: `*`, a selector, or a literal name like `#seq`."""

    selector: Selector | None
    name: str

    def resolve(self, source: Source, *, allow_empty: bool = False) -> list[str]:
        """The holder names; vanilla's error if none."""
        if self.name == "*":
            names = source.world.scoreboard.holders()
        elif self.selector is not None:
            names = [p.holder for p in self.selector.select(source)]
        else:
            names = [_named_holder(source, self.name)]
        if not names and not allow_empty:
            raise_cmd("No relevant score holders could be found" if self.name == "*" else NO_ENTITY)
        return names


def _named_holder(source: Source, name: str) -> str:
    """A holder written as a name (ledger row E9, ScoreHolderArgument.parse, read in 1.21.11
    `ScoreHolderArgumentType`): `#…` is itself; a UUID (as `UUID.fromString` takes it) is the entity
    with that UUID, a player's holder being their name, else the text itself; any other word is the
    online player it names ignoring case (`getPlayerByName`, row N1), their name as the server spells
    it, else the word itself."""
    if name.startswith("#"):
        return name
    wanted = java_uuid(name)
    if wanted is None:
        player = source.world.player_named(name)
        return player.name if player is not None else name
    world = source.world
    found = next((e for e in [*world.online_players(), *world.entities.values()] if e.uuid == wanted), None)
    return found.holder if found is not None else name


def java_uuid(text: str) -> uuid.UUID | None:
    """`UUID.fromString` (JDK 17+): at most 36 characters, five dash-separated hex fields, each read
    by Long.parseLong(…, 16) and masked to its width; None where it throws."""
    parts = text.split("-")
    if len(text) > 36 or len(parts) != 5:
        return None
    values: list[int] = []
    for part in parts:
        digits = part[1:] if part.startswith("+") else part
        if not digits or any(c not in "0123456789abcdefABCDEF" for c in digits) or int(digits, 16) >= 1 << 63:
            return None
        values.append(int(digits, 16))
    high = (values[0] & 0xFFFFFFFF) << 32 | (values[1] & 0xFFFF) << 16 | (values[2] & 0xFFFF)
    low = (values[3] & 0xFFFF) << 48 | (values[4] & 0xFFFFFFFFFFFF)
    return uuid.UUID(int=high << 64 | low)


class _OneScore:
    """`scores={o=range}` with one objective, the test a tick runs most (the pack's trigger checks, dozens of
    `@a[scores={t=1..}]` a tick over every player): also as one pass over a pool, with no call per entity."""

    def __init__(self, scores: dict[str, Score], low: float, high: float) -> None:
        self.scores, self.low, self.high = scores, low, high

    def __call__(self, p: Entity, source: Source) -> bool:
        score = self.scores.get(p.holder)
        return score is not None and self.low <= score.value <= self.high

    def many(self, pool: Sequence[Entity]) -> list[Entity]:
        """The entities of the pool that pass, in its order."""
        return _in_range(self.scores, self.low, self.high, pool)


def _in_range(scores: dict[str, Score], low: float, high: float, pool: Sequence[Entity]) -> list[Entity]:
    """The entities of the pool with a score in [low, high], in its order."""
    get = scores.get
    return [p for p in pool if (score := get(p.holder)) is not None and low <= score.value <= high]
