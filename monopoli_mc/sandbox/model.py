"""The things the sandbox world holds: players, items, blocks, scoreboard."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any

from nbtlib import Compound, Double, Float, Int, IntArray, List, String

Pos = tuple[float, float, float]
BlockPos = tuple[int, int, int]


@dataclass
class ItemStack:
    """An item: id, count and its data components (an nbtlib Compound)."""

    id: str
    count: int = 1
    components: Compound = field(default_factory=Compound)

    def same_kind(self, other: ItemStack) -> bool:
        """Whether two stacks would merge (same id and components)."""
        return self.id == other.id and self.components == other.components

    def max_stack(self) -> int:
        """The stack size vanilla allows for this item."""
        if self.id in ("minecraft:written_book",) or self.id.endswith("_banner"):
            return 16
        if self.id == "minecraft:writable_book":
            return 1
        return 64

    def to_nbt(self, slot: int | None = None) -> Compound:
        """The item as vanilla writes it in entity and block data."""
        out = Compound({"id": String(self.id), "count": Int(self.count)})
        if self.components:
            out["components"] = self.components
        if slot is not None:
            from nbtlib import Byte
            out["Slot"] = Byte(slot)
        return out

    @classmethod
    def from_nbt(cls, tag: Compound) -> ItemStack:
        """Read an item from `{id, count, components}`."""
        count = int(tag.get("count", tag.get("Count", 1)))
        return cls(str(tag["id"]), count, Compound(tag.get("components", Compound())))


@dataclass
class Entity:
    """What every entity has: a name, UUID, position, rotation, dimension and tags."""

    name: str
    uuid: uuid.UUID
    pos: Pos
    rot: tuple[float, float] = (0.0, 0.0)
    dimension: str = "minecraft:overworld"
    tags: list[str] = field(default_factory=list)

    @property
    def type(self) -> str:
        """The entity type id."""
        return "minecraft:player"

    @property
    def holder(self) -> str:
        """The score holder it is: a player's name, any other entity's UUID."""
        return self.name

    def uuid_ints(self) -> IntArray:
        """The UUID as vanilla's four-int array."""
        v = self.uuid.int
        ints = [(v >> s) & 0xFFFFFFFF for s in (96, 64, 32, 0)]
        return IntArray([i - 2**32 if i >= 2**31 else i for i in ints])

    def to_nbt(self) -> Compound:
        """The entity's data as `data get entity` shows it."""
        return Compound({
            "Pos": List[Double]([Double(c) for c in self.pos]),
            "Rotation": List[Float]([Float(r) for r in self.rot]),
            "UUID": self.uuid_ints(),
            "Tags": List[String]([String(t) for t in self.tags]),
        })

    def load(self, data: Compound) -> None:
        """Take back data a command changed (vanilla's Entity.load keeps the UUID)."""
        self.tags = [str(t) for t in data.get("Tags", [])]

    @property
    def is_alive(self) -> bool:
        """Whether `@e` can match it (EntitySelectorParser adds `Entity::isAlive` for `@e` alone)."""
        return True

    def box(self) -> tuple[Pos, Pos]:
        """The hitbox's corners: a standing player's, 0.6 wide and 1.8 tall."""
        x, y, z = self.pos
        return (x - 0.3, y, z - 0.3), (x + 0.3, y + 1.8, z + 0.3)


@dataclass
class Player(Entity):
    """A connected player (bot): name, UUID, position, inventory, tags, what it saw."""

    inventory: dict[int, ItemStack] = field(default_factory=dict)
    chat: list[Chat] = field(default_factory=list)
    titles: list[tuple[str, str]] = field(default_factory=list)
    overlay: tuple[str, int] | None = None  # the last action bar and the game time it came (ledger D2)
    online: bool = True
    selected_slot: int = 0
    advancements: dict[str, set[str]] = field(default_factory=dict)  # id -> completed criteria
    dead: bool = False  # died and not respawned yet: on the death screen (sandbox/death.py)

    @property
    def is_alive(self) -> bool:
        """A player on the death screen is not alive until they respawn."""
        return not self.dead

    def to_nbt(self) -> Compound:
        """A reduced copy of vanilla's player entity data."""
        inv = [st.to_nbt(slot) for slot, st in sorted(self.inventory.items()) if 0 <= slot < 36]
        return Compound({
            "Pos": List[Double]([Double(c) for c in self.pos]),
            "Rotation": List[Float]([Float(r) for r in self.rot]),
            "UUID": self.uuid_ints(),
            "Inventory": List[Compound](inv),
            "Tags": List[String]([String(t) for t in self.tags]),
            "Dimension": String(self.dimension),
            "SelectedItemSlot": Int(self.selected_slot),
        })


@dataclass
class Chat:
    """One chat line a player received: plain text, the component, run_command clicks."""

    text: str
    component: Any
    clicks: list[tuple[str, str]] = field(default_factory=list)  # (label, command)
    spans: list[tuple[str, Any]] = field(default_factory=list)  # (text, text.Style) as drawn; none: plain


@dataclass
class Block:
    """A block: id, block states, and block entity data (None if it has none)."""

    id: str
    states: dict[str, str] = field(default_factory=dict)
    nbt: Compound | None = None

    def text(self) -> str:
        """`minecraft:stone_button[face=floor]` style."""
        if not self.states:
            return self.id
        return self.id + "[" + ",".join(f"{k}={v}" for k, v in self.states.items()) + "]"


@dataclass
class Objective:
    """A scoreboard objective."""

    name: str
    criteria: str
    display: Any  # text component
    display_text: str
    render: str = "integer"
    scores: dict[str, Score] = field(default_factory=dict)

    def shown(self) -> str:
        """getFormattedDisplayName: the display name in square brackets."""
        return f"[{self.display_text}]"

    def is_readonly(self) -> bool:
        """The criteria commands may not write: `ObjectiveCriteria`'s read-only ones (health, food, air, armor,
        xp, level; `registerCustom(name, true, ...)`, client1.21.4). deathCount, the statistics and the
        rest are writable (`registerCustom(name)`: read-only false)."""
        return self.criteria in READ_ONLY_CRITERIA


@dataclass
class Score:
    """One holder's score; `locked` is the trigger lock (new scores start locked)."""

    value: int = 0
    locked: bool = True
    display: Any = None
    number_format: tuple[str, Any] | None = None  # ("blank"|"fixed"|"styled", its component or style): how it shows


READ_ONLY_CRITERIA = frozenset({"health", "food", "air", "armor", "xp", "level"})

CHAT_COLORS = ("black", "dark_blue", "dark_green", "dark_aqua", "dark_red", "dark_purple", "gold",
               "gray", "dark_gray", "blue", "green", "aqua", "red", "light_purple", "yellow", "white")
"""The 16 chat colours, in ChatFormatting's order."""



@dataclass
class Team:
    """A scoreboard team (PlayerTeam): its members and what `team modify` sets."""

    name: str
    display: Any  # text component
    display_text: str
    color: str = "reset"
    members: set[str] = field(default_factory=set)
    friendly_fire: bool = True
    see_friendly_invisibles: bool = True
    nametag_visibility: str = "always"
    death_message_visibility: str = "always"
    collision_rule: str = "always"
    prefix: str = ""
    suffix: str = ""

    def shown(self) -> str:
        """getFormattedDisplayName: the display name in square brackets."""
        return f"[{self.display_text}]"

    def decorate(self, member: str) -> str:
        """formatNameForTeam: how a member's name reads, between prefix and suffix."""
        return self.prefix + member + self.suffix


@dataclass
class BossBar:
    """A custom boss bar (CustomBossEvent): what `bossbar set` changes and the players it holds."""

    id: str
    name: Any  # text component
    name_text: str
    value: int = 0
    max: int = 100
    color: str = "white"
    style: str = "progress"
    visible: bool = True
    players: set[uuid.UUID] = field(default_factory=set)  # shown to whichever of them are online

    def shown(self) -> str:
        """getDisplayName: the name in square brackets."""
        return f"[{self.name_text}]"


def wrap32(value: int) -> int:
    """Java int overflow."""
    value &= 0xFFFFFFFF
    return value - 2**32 if value >= 2**31 else value
