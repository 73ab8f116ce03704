"""Filled maps as the server keeps them (MapItemSavedData): centre, scale and decorations.

Read from the decompiled 1.21 server. The map's data lives in the world (data/map_N.dat),
out of reach of commands; a `filled_map` item only points at it with `minecraft:map_id`.
Whenever a player carries a map item, or a framed map item ticks for each player (every
10 ticks), the item's `minecraft:map_decorations` are added to the data, but only under keys
the data does not hold yet: a key, once added, keeps its first decoration until the server
restarts (decorations from items are not saved). Nothing takes them away but the player
markers' and frame markers' own bookkeeping.
"""

from __future__ import annotations

import math
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Protocol

from nbtlib import Compound, Int

from monopoli_mc.sandbox.entities import ItemFrame
from monopoli_mc.sandbox.model import Entity, ItemStack, Player

FILLED_MAP = "minecraft:filled_map"
MAP_ID = "minecraft:map_id"
DECORATIONS = "minecraft:map_decorations"
PLAYER = "minecraft:player"
PLAYER_OFF_MAP = "minecraft:player_off_map"
FRAME = "minecraft:frame"
FRAME_EVERY = 10  # ServerEntity.sendChanges ticks a framed map every 10 ticks
SIMULATION_CHUNKS = 10  # server.properties simulation-distance: entities tick this near a player


@dataclass(frozen=True)
class Decoration:
    """One marker as the map shows it: type, position in half pixels from the centre, rotation 0-15."""

    type: str
    x: int
    y: int
    rot: int


@dataclass
class MapData:
    """One map's saved data."""

    id: int
    center_x: int
    center_z: int
    scale: int = 0
    decorations: dict[str, Decoration] = field(default_factory=dict)  # in insertion (drawing) order
    carried_by: list[str] = field(default_factory=list)

    @classmethod
    def fresh(cls, map_id: int, x: float, z: float, scale: int = 0) -> MapData:
        """createFresh: centred on the map grid cell (128 << scale blocks) containing x, z."""
        size = 128 << scale
        cx = math.floor((x + 64.0) / size) * size + size // 2 - 64
        cz = math.floor((z + 64.0) / size) * size + size // 2 - 64
        return cls(map_id, cx, cz, scale)

    def covers(self, x: float, z: float) -> bool:
        """Whether a block column is inside the map (a decoration there is kept)."""
        return _inside(*self._delta(x, z))

    def tick_carried_by(self, holders: MapHolders, player: Player, stack: ItemStack) -> None:
        """MapItemSavedData.tickCarriedBy for a carried map: every holder's marker, the item's decorations.

        Read in client1.20.5 and client1.21.4. Where releases differ: from 1.21.2 a holder
        wearing map-invisibility equipment (`#map_invisibility_equipment`, a carved pumpkin
        on the head) loses their marker; the sandbox models no armour, so never. Vanilla
        walks `carriedBy` by index while removing from it, so the holder after a removed one
        is skipped until the next call; the sandbox walks a copy (the same markers one tick on).
        1.21.5 and later not read here.
        """
        if player.name not in self.carried_by:
            self.carried_by.append(player.name)
        for name in list(self.carried_by):
            other = holders.online.get(name)
            if other is None or not holders.carries(name, self.id):
                self.carried_by.remove(name)
                self._remove(name)
            else:
                self._add(PLAYER, name, other.pos[0], other.pos[2], other.rot[0])
        self._add_decorations(stack)

    def tick_framed(self, holders: MapHolders, players: list[Player], frame: ItemFrame, stack: ItemStack) -> None:
        """What tickCarriedBy does for a framed map, called for each of `players` in turn.

        `ServerEntity.sendChanges` (client1.20.5, client1.21.4) calls it every 10 ticks for
        every player of the frame's level; with `ItemStack.isFramed()` a holder is kept
        whatever they carry, and no player marker is drawn. Each call adds its player to the
        holders, takes off the marker of a player who carries no copy, drops the holders gone
        offline, and (re)draws the frame's marker and the item's decorations. Done once for
        all of them, the drop and the drawing come after the last player: the same
        decorations in the same order, without walking every holder for every player.
        """
        for player in players:
            if player.name not in self.carried_by:
                self.carried_by.append(player.name)
            if not holders.carries(player.name, self.id):
                self._remove(player.name)
        if not players:
            return
        for name in [n for n in self.carried_by if n not in holders.online]:
            self.carried_by.remove(name)
            self._remove(name)
        x, y, z = frame.block
        self._add(FRAME, f"frame-{frame.number}", x, z, _frame_rotation(frame.facing))
        self._add_decorations(stack)

    def _add_decorations(self, stack: ItemStack) -> None:
        """The item's `minecraft:map_decorations` under keys the data does not hold yet."""
        for key, entry in decorations_of(stack).items():
            if key not in self.decorations and isinstance(entry, Compound):
                self._add(str(entry["type"]), key, float(entry["x"]), float(entry["z"]),
                          float(entry["rotation"]))

    def shown_at(self, x: float, z: float) -> str | None:
        """The marker a viewer sees drawn on top at a world position (None: none there)."""
        dx, dz = self._delta(x, z)
        return self.on_top().get((_clamp(dx), _clamp(dz)))

    def on_top(self) -> dict[tuple[int, int], str]:
        """What a viewer sees at each marker position: the type drawn last there."""
        out: dict[tuple[int, int], str] = {}
        for deco in self.decorations.values():
            out[(deco.x, deco.y)] = deco.type
        return out

    def _delta(self, x: float, z: float) -> tuple[float, float]:
        scaling = 1 << self.scale
        return (x - self.center_x) / scaling, (z - self.center_z) / scaling

    def _add(self, kind: str, key: str, x: float, z: float, rotation: float) -> None:
        kind = kind if ":" in kind else "minecraft:" + kind
        dx, dz = self._delta(x, z)
        if kind == PLAYER and not _inside(dx, dz):
            if abs(dx) >= 320 or abs(dz) >= 320:
                self._remove(key)
                return
            kind, rotation = PLAYER_OFF_MAP, 0.0
        elif not _inside(dx, dz):
            self._remove(key)
            return
        self.decorations[key] = Decoration(kind, _clamp(dx), _clamp(dz), _rotation(rotation))

    def _remove(self, key: str) -> None:
        self.decorations.pop(key, None)


@dataclass(frozen=True)
class MapHolders:
    """Who is online and the maps each carries, read once a tick (the sandbox's own bookkeeping).

    Nothing a map's tick does changes an inventory, so `carries` answers as
    `Inventory.contains` would at any point of the tick; read once, a framed map ticking
    for every player costs the sandbox a set lookup per holder instead of an inventory
    walk (vanilla's cost of that walk is Java's; the sandbox's was most of its tick).
    """

    online: dict[str, Player]
    held: dict[str, frozenset[int]]

    @classmethod
    def of(cls, world: MapWorld) -> MapHolders:
        """The online players and their maps now."""
        online = {p.name: p for p in world.online_players()}
        held = {name: frozenset(i for i in map(map_id_of, p.inventory.values()) if i is not None)
                for name, p in online.items()}
        return cls(online, held)

    def carries(self, name: str, map_id: int) -> bool:
        """Inventory.contains(mapMatcher): this online player has a filled map with this id, in any slot."""
        return map_id in self.held.get(name, ())


class MapWorld(Protocol):
    """What the maps ask of the world (`world.World` is one): its maps, players, entities and time."""

    maps: dict[int, MapData]
    next_map_id: int
    entities: dict[uuid.UUID, Entity]
    forced_chunks: set[tuple[int, int]]
    game_time: int

    def online_players(self) -> list[Player]:
        """Online players in join order."""


def map_id_of(stack: ItemStack | None) -> int | None:
    """The `minecraft:map_id` of a filled map item, else None."""
    if stack is None or stack.id != FILLED_MAP or MAP_ID not in stack.components:
        return None
    return int(stack.components[MAP_ID])


def _data_of(world: MapWorld, stack: ItemStack | None) -> MapData | None:
    map_id = map_id_of(stack)
    return None if map_id is None else world.maps.get(map_id)


def decorations_of(stack: ItemStack) -> Compound:
    """The item's `minecraft:map_decorations` component (empty when it has none)."""
    value = stack.components.get(DECORATIONS)
    return value if isinstance(value, Compound) else Compound()


def use_empty_map(world: MapWorld, player: Player) -> int:
    """MapItem.use: the empty map in hand becomes a new map centred where the player stands."""
    slot = player.selected_slot
    held = player.inventory.get(slot)
    if held is None or held.id != "minecraft:map":
        raise ValueError(f"{player.name} holds no empty map")
    map_id = world.next_map_id
    world.next_map_id += 1
    world.maps[map_id] = MapData.fresh(map_id, math.floor(player.pos[0]), math.floor(player.pos[2]))
    filled = ItemStack(FILLED_MAP, 1, Compound({MAP_ID: Int(map_id)}))
    held.count -= 1
    if held.count == 0:
        player.inventory[slot] = filled
    else:
        from monopoli_mc.sandbox.commands.items import add_item
        add_item(player, filled)
    return map_id


def tick(world: MapWorld) -> None:
    """One game tick of every map: the maps players carry, then (every 10 ticks) framed ones."""
    holders = MapHolders.of(world)
    for player in holders.online.values():
        for stack in list(player.inventory.values()):
            data = _data_of(world, stack)
            if data is not None:
                data.tick_carried_by(holders, player, stack)
    if world.game_time % FRAME_EVERY:
        return
    for frame in _ticking_frames(world, holders):
        data = _data_of(world, frame.item)
        if data is None or frame.item is None:
            continue
        data.tick_framed(holders, [p for p in holders.online.values() if p.dimension == frame.dimension],
                         frame, frame.item)


def _ticking_frames(world: MapWorld, holders: MapHolders) -> Iterator[ItemFrame]:
    """Frames in entity-ticking chunks: force-loaded ones, or near a player."""
    near = {(math.floor(p.pos[0]) >> 4, math.floor(p.pos[2]) >> 4) for p in holders.online.values()}
    for entity in list(world.entities.values()):
        if not isinstance(entity, ItemFrame):
            continue
        x, _, z = entity.block
        chunk = (x >> 4, z >> 4)
        if chunk in world.forced_chunks or any(max(abs(chunk[0] - a), abs(chunk[1] - b)) <= SIMULATION_CHUNKS
                                               for a, b in near):
            yield entity


def _inside(dx: float, dz: float) -> bool:
    return -63.0 <= dx <= 63.0 and -63.0 <= dz <= 63.0


def _clamp(delta: float) -> int:
    if delta <= -63.0:
        return -128
    if delta >= 63.0:
        return 127
    return int(delta * 2.0 + 0.5)


def _rotation(degrees: float) -> int:
    adjusted = degrees - 8.0 if degrees < 0 else degrees + 8.0
    return int(adjusted * 16.0 / 360.0)


def _frame_rotation(facing: int) -> float:
    """Direction.get2DDataValue() * 90: south 0, west 1, north 2, east 3, up and down -1."""
    return float({3: 0, 4: 1, 2: 2, 5: 3}.get(facing, -1) * 90)
