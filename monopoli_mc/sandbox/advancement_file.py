"""Advancement JSON read the way vanilla's codecs read it, and its location predicates.

Read from the 1.21 classes (`Advancement`, `Criterion`, `AdvancementRequirements`,
`AdvancementRewards`, `DefaultBlockInteractionTrigger`, `LocationCheck`, `LocationPredicate`,
`BlockPredicate`, `MinMaxBounds`). Where vanilla refuses a file (no criteria, an unknown
trigger, a requirement naming no criterion, a value of the wrong type) this refuses it too.
Where vanilla *ignores* a key it does not know, this refuses it as well: a misspelt
`positon` would make vanilla's predicate match everywhere, so it is a bug in the pack.
What vanilla accepts but the sandbox does not model (biomes, light, an entity predicate on
the player, ...) is refused with "not modelled", so a test never trusts a predicate that the
sandbox would have evaluated wrongly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from monopoli_mc.sandbox.versions import key as parse

_ID = re.compile(r"(?:[a-z0-9_.-]+:)?[a-z0-9_./-]+")
# net.minecraft.advancements.CriteriaTriggers (1.21.5); the sandbox fires default_block_use.
TRIGGERS = frozenset((
    "impossible", "player_killed_entity", "entity_killed_player", "enter_block", "inventory_changed",
    "recipe_unlocked", "player_hurt_entity", "entity_hurt_player", "enchanted_item", "filled_bucket",
    "brewed_potion", "construct_beacon", "used_ender_eye", "summoned_entity", "bred_animals",
    "location", "slept_in_bed", "cured_zombie_villager", "villager_trade", "item_durability_changed",
    "levitation", "changed_dimension", "tick", "tame_animal", "placed_block", "consume_item",
    "effects_changed", "used_totem", "nether_travel", "fishing_rod_hooked", "channeled_lightning",
    "shot_crossbow", "killed_by_arrow", "hero_of_the_village", "voluntary_exile", "slide_down_block",
    "bee_nest_destroyed", "target_hit", "item_used_on_block", "default_block_use", "any_block_use",
    "player_generates_container_loot", "thrown_item_picked_up_by_entity",
    "thrown_item_picked_up_by_player", "player_interacted_with_entity", "started_riding",
    "lightning_strike", "using_item", "fall_from_height", "ride_entity_in_lava",
    "kill_mob_near_sculk_catalyst", "allay_drop_item_on_block", "avoid_vibration", "recipe_crafted",
    "crafter_recipe_crafted", "fall_after_explosion", "player_sheared_equipment"))
TRIGGER_SINCE = {"default_block_use": (1, 20, 5), "any_block_use": (1, 20, 5),
                 "player_sheared_equipment": (1, 21, 5)}
FIRED = frozenset({"default_block_use"})
_LOCATION_KEYS = ("position", "biomes", "structures", "dimension", "smokey", "light", "block",
                  "fluid", "can_see_sky")
_LOCATION_MODELLED = ("position", "dimension", "block")


class AdvancementError(ValueError):
    """A file vanilla would refuse (or that the sandbox cannot model); says where and why."""


@dataclass(frozen=True)
class Bounds:
    """MinMaxBounds.Doubles: either end may be open."""

    low: float | None
    high: float | None

    def matches(self, value: float) -> bool:
        """Whether low <= value <= high."""
        return (self.low is None or self.low <= value) and (self.high is None or value <= self.high)


@dataclass(frozen=True)
class Location:
    """A location predicate, as far as the sandbox models it."""

    position: tuple[Bounds | None, Bounds | None, Bounds | None] = (None, None, None)
    dimension: str | None = None
    blocks: frozenset[str] | None = None
    state: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Condition:
    """A loot condition: location_check (with its offset), any_of, all_of or inverted."""

    kind: str
    location: Location | None = None
    offset: tuple[int, int, int] = (0, 0, 0)
    terms: tuple[Condition, ...] = ()


@dataclass(frozen=True)
class Criterion:
    """A criterion: its trigger and, for a block use, the conditions on the block's location."""

    trigger: str
    location: tuple[Condition, ...] = ()


@dataclass(frozen=True)
class Advancement:
    """One loaded advancement."""

    id: str
    criteria: dict[str, Criterion]
    requirements: tuple[tuple[str, ...], ...]
    parent: str | None = None
    title: str | None = None
    reward_function: str | None = None
    children: list[str] = field(default_factory=list, compare=False)

    def chat_name(self) -> str:
        """Advancement.name: `[Title]` with a display, else the bare id."""
        return f"[{self.title}]" if self.title is not None else self.id

    def is_done(self, completed: set[str]) -> bool:
        """Every requirement group has a completed criterion."""
        return all(any(c in completed for c in group) for group in self.requirements)


def read_advancement(aid: str, data: Any, version: str) -> Advancement:
    """An advancement from its parsed JSON; AdvancementError naming the key at fault."""
    root = _object(data, "the file")
    _keys(root, ("parent", "display", "rewards", "criteria", "requirements", "sends_telemetry_event"),
          "the file")
    raw_criteria = _object(root.get("criteria"), "criteria")
    if not raw_criteria:
        raise AdvancementError("Advancement criteria cannot be empty")
    criteria = {name: _criterion(value, f"criteria.{name}", version)
                for name, value in raw_criteria.items()}
    requirements = _requirements(root.get("requirements"), criteria)
    parent = _resource(root["parent"], "parent") if "parent" in root else None
    return Advancement(aid, criteria, requirements, parent, _title(root.get("display")),
                       _rewards(root.get("rewards")))


def _criterion(data: Any, where: str, version: str) -> Criterion:
    crit = _object(data, where)
    _keys(crit, ("trigger", "conditions"), where)
    if "trigger" not in crit:
        raise AdvancementError(f"{where}: no trigger")
    trigger = _resource(crit["trigger"], f"{where}.trigger")
    ns, name = trigger.split(":", 1)
    since = TRIGGER_SINCE.get(name, (1, 20, 5))
    if ns != "minecraft" or name not in TRIGGERS or parse(version) < since:
        raise AdvancementError(f"{where}.trigger: unknown trigger {trigger!r} on {version}")
    conditions = _object(crit.get("conditions", {}), f"{where}.conditions")
    if name not in FIRED:
        return Criterion(trigger)  # known to vanilla; the sandbox never fires it
    _keys(conditions, ("player", "location"), f"{where}.conditions")
    if "player" in conditions:
        raise AdvancementError(f"{where}.conditions.player: not modelled by the sandbox")
    location = _list(conditions.get("location", []), f"{where}.conditions.location")
    return Criterion(trigger, tuple(_condition(c, f"{where}.conditions.location[{i}]", version)
                                    for i, c in enumerate(location)))


def _condition(data: Any, where: str, version: str) -> Condition:
    cond = _object(data, where)
    if "condition" not in cond:
        raise AdvancementError(f"{where}: no condition")
    kind = _resource(cond["condition"], f"{where}.condition")
    if kind == "minecraft:location_check":
        _keys(cond, ("condition", "predicate", "offsetX", "offsetY", "offsetZ"), where)
        offset = tuple(_int(cond.get(k, 0), f"{where}.{k}") for k in ("offsetX", "offsetY", "offsetZ"))
        location = _location(cond["predicate"], f"{where}.predicate", version) if "predicate" in cond else None
        return Condition("location_check", location, (offset[0], offset[1], offset[2]))
    if kind in ("minecraft:any_of", "minecraft:all_of"):
        _keys(cond, ("condition", "terms"), where)
        terms = _list(cond.get("terms"), f"{where}.terms")
        return Condition(kind.split(":")[1], terms=tuple(
            _condition(t, f"{where}.terms[{i}]", version) for i, t in enumerate(terms)))
    if kind == "minecraft:inverted":
        _keys(cond, ("condition", "term"), where)
        return Condition("inverted", terms=(_condition(cond.get("term"), f"{where}.term", version),))
    raise AdvancementError(f"{where}.condition: {kind!r} not modelled by the sandbox")


def _location(data: Any, where: str, version: str) -> Location:
    loc = _object(data, where)
    _keys(loc, _LOCATION_KEYS, where)
    for key in loc:
        if key not in _LOCATION_MODELLED:
            raise AdvancementError(f"{where}.{key}: not modelled by the sandbox")
    position: tuple[Bounds | None, Bounds | None, Bounds | None] = (None, None, None)
    if "position" in loc:
        pos = _object(loc["position"], f"{where}.position")
        _keys(pos, ("x", "y", "z"), f"{where}.position")
        x, y, z = (_bounds(pos[a], f"{where}.position.{a}") if a in pos else None for a in "xyz")
        position = (x, y, z)
    dimension = _resource(loc["dimension"], f"{where}.dimension") if "dimension" in loc else None
    blocks: frozenset[str] | None = None
    state: tuple[tuple[str, str], ...] = ()
    if "block" in loc:
        blocks, state = _block(loc["block"], f"{where}.block", version)
    return Location(position, dimension, blocks, state)


def _block(data: Any, where: str, version: str) -> tuple[frozenset[str] | None, tuple[tuple[str, str], ...]]:
    block = _object(data, where)
    allowed = ["blocks", "state", "nbt"] + (["components", "predicates"] if parse(version) >= (1, 21, 5) else [])
    _keys(block, tuple(allowed), where)
    for key in ("nbt", "components", "predicates"):
        if key in block:
            raise AdvancementError(f"{where}.{key}: not modelled by the sandbox")
    blocks = None
    if "blocks" in block:
        raw = block["blocks"]
        ids = [raw] if isinstance(raw, str) else _list(raw, f"{where}.blocks")
        if any(isinstance(i, str) and i.startswith("#") for i in ids):
            raise AdvancementError(f"{where}.blocks: block tags not modelled by the sandbox")
        blocks = frozenset(_resource(i, f"{where}.blocks") for i in ids)
    state = _object(block.get("state", {}), f"{where}.state")
    for key, value in state.items():
        if not isinstance(value, str):
            raise AdvancementError(f"{where}.state.{key}: only exact values are modelled")
    return blocks, tuple(sorted(state.items()))


def _bounds(data: Any, where: str) -> Bounds:
    if _is_number(data):
        return Bounds(float(data), float(data))
    obj = _object(data, where)
    _keys(obj, ("min", "max"), where)
    low, high = (obj.get(k) for k in ("min", "max"))
    for key, value in (("min", low), ("max", high)):
        if value is not None and not _is_number(value):
            raise AdvancementError(f"{where}.{key}: not a number: {value!r}")
    if low is not None and high is not None and low > high:
        raise AdvancementError(f"{where}: Min can't be bigger than max")
    return Bounds(None if low is None else float(low), None if high is None else float(high))


def _requirements(data: Any, criteria: dict[str, Criterion]) -> tuple[tuple[str, ...], ...]:
    if data is None:
        return tuple((name,) for name in criteria)
    groups = [tuple(_list(g, "requirements")) for g in _list(data, "requirements")]
    named = {c for g in groups for c in g}
    missing = sorted(c for c in named if c not in criteria)
    if missing or any(not g or not all(isinstance(c, str) for c in g) for g in groups):
        raise AdvancementError(f"Advancement completion requirements did not exist as criteria: "
                               f"{missing}")
    unused = sorted(set(criteria) - named)
    if unused:
        raise AdvancementError(f"Advancement criteria were not used in requirements: {unused}")
    return tuple(groups)


def _rewards(data: Any) -> str | None:
    if data is None:
        return None
    rewards = _object(data, "rewards")
    _keys(rewards, ("experience", "loot", "recipes", "function"), "rewards")
    return _resource(rewards["function"], "rewards.function") if "function" in rewards else None


def _title(data: Any) -> str | None:
    if data is None:
        return None
    title = _object(data, "display").get("title")
    if isinstance(title, str):
        return title
    if isinstance(title, dict) and isinstance(title.get("text"), str):
        return str(title["text"])
    raise AdvancementError("display.title: only plain text titles are modelled")


def _keys(obj: dict[str, Any], allowed: tuple[str, ...], where: str) -> None:
    for key in obj:
        if key not in allowed:
            raise AdvancementError(f"{where}: unknown key {key!r} (vanilla ignores it; "
                                   f"known: {', '.join(allowed)})")


def _object(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise AdvancementError(f"{where}: not an object: {value!r}")
    return value


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise AdvancementError(f"{where}: not a list: {value!r}")
    return value


def _int(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise AdvancementError(f"{where}: not a whole number: {value!r}")
    return value


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _resource(value: Any, where: str) -> str:
    if not isinstance(value, str) or not _ID.fullmatch(value):
        raise AdvancementError(f"{where}: not a resource location: {value!r}")
    return value if ":" in value else "minecraft:" + value
