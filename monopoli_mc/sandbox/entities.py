"""Entities other than players: item frames, which show an item (a map) on a block face, and items
on the ground."""

from __future__ import annotations

import math
import random
import uuid
from dataclasses import dataclass, field

from nbtlib import Byte, Compound, Float, Short

from monopoli_mc.sandbox.model import BlockPos, Entity, ItemStack, Pos

FRAME_NAMES = {"minecraft:item_frame": "Item Frame", "minecraft:glow_item_frame": "Glow Item Frame"}
# Direction's 3D data values, as the `Facing` byte stores them: down, up, north, south, west, east.
FACING_STEPS = ((0, -1, 0), (0, 1, 0), (0, 0, -1), (0, 0, 1), (-1, 0, 0), (1, 0, 0))
_DEPTH = 0.46875  # HangingEntity: the frame's centre sits this far from its block's centre
_ITEM_SIZE = 0.25  # EntityType.ITEM: sized(0.25F, 0.25F)


@dataclass
class ItemFrame(Entity):
    """An item frame (or glow item frame) attached to the face of the block behind it."""

    kind: str = "minecraft:item_frame"
    number: int = 0  # the entity id the server counts up; a framed map's marker is "frame-<number>"
    item: ItemStack | None = None
    facing: int = 0
    fixed: bool = False
    invisible: bool = False
    item_rotation: int = 0

    @classmethod
    def summoned(cls, kind: str, pos: Pos, number: int, data: Compound) -> ItemFrame:
        """`summon`: the data is loaded first, then the frame hangs in the block containing `pos`."""
        frame = cls(FRAME_NAMES[kind], uuid.uuid4(), pos, kind=kind, number=number)
        frame.load(data)
        frame.place((math.floor(pos[0]), math.floor(pos[1]), math.floor(pos[2])))
        return frame

    @property
    def type(self) -> str:
        """The entity type id."""
        return self.kind

    @property
    def holder(self) -> str:
        """A non-player entity holds scores under its UUID."""
        return str(self.uuid)

    @property
    def block(self) -> BlockPos:
        """The block the frame hangs in (vanilla's `pos`)."""
        x, y, z = (round(c - 0.5 + s * _DEPTH) for c, s in zip(self.pos, FACING_STEPS[self.facing]))
        return x, y, z

    def place(self, block: BlockPos) -> None:
        """Put the frame in a block, against the face its `Facing` turns away from."""
        step = FACING_STEPS[self.facing]
        self.pos = tuple(b + 0.5 - s * _DEPTH for b, s in zip(block, step))  # type: ignore[assignment]

    def box(self) -> tuple[Pos, Pos]:
        """The frame's thin hitbox (12/16 square, 1/16 deep)."""
        step = FACING_STEPS[self.facing]
        half = [0.03125 if s else 0.375 for s in step]
        lo = tuple(c - h for c, h in zip(self.pos, half))
        hi = tuple(c + h for c, h in zip(self.pos, half))
        return lo, hi  # type: ignore[return-value]

    def to_nbt(self) -> Compound:
        """The frame's data as `data get entity` shows it."""
        out = super().to_nbt()
        if self.item is not None:
            out["Item"] = self.item.to_nbt()
        out.update({"ItemRotation": Byte(self.item_rotation), "ItemDropChance": Float(1.0),
                    "Facing": Byte(self.facing), "Invisible": Byte(int(self.invisible)),
                    "Fixed": Byte(int(self.fixed))})
        return out

    def load(self, data: Compound) -> None:
        """ItemFrame.readAdditionalSaveData: item, rotation, facing, invisible, fixed."""
        super().load(data)
        block = self.block
        item = data.get("Item")
        self.item = ItemStack.from_nbt(item) if isinstance(item, Compound) and "id" in item else None
        self.item_rotation = int(data.get("ItemRotation", 0)) % 8
        facing = int(data.get("Facing", self.facing))
        self.facing = facing if 0 <= facing < 6 else 0
        self.invisible = bool(data.get("Invisible", 0))
        self.fixed = bool(data.get("Fixed", 0))
        self.place(block)


@dataclass
class ItemEntity(Entity):
    """An item lying on the ground (`minecraft:item`): what a block popped off by a shape update drops.

    Block.popResource (1.21.4; 1.21.11 `Block.dropStack`): at the block's centre, each coordinate
    ± 0.25 and y lowered by half the item's height, with the default pick-up delay of 10 ticks. Not
    modelled: falling, merging with items nearby, being picked up, despawning after 6,000 ticks.
    """

    item: ItemStack = field(default_factory=lambda: ItemStack("minecraft:air"))
    age: int = 0
    pickup_delay: int = 10

    @classmethod
    def popped(cls, block: BlockPos, stack: ItemStack, rng: random.Random) -> ItemEntity:
        """Block.popResource: the item at the block's centre, a little astray."""
        x, y, z = (c + 0.5 + rng.uniform(-0.25, 0.25) for c in block)
        name = stack.id.split(":")[-1].replace("_", " ").title()  # getName: the item type's description
        return cls(name, uuid.UUID(int=rng.getrandbits(128), version=4), (x, y - _ITEM_SIZE / 2, z), item=stack)

    @property
    def type(self) -> str:
        """The entity type id."""
        return "minecraft:item"

    @property
    def holder(self) -> str:
        """A non-player entity holds scores under its UUID."""
        return str(self.uuid)

    def box(self) -> tuple[Pos, Pos]:
        """EntityType.ITEM's box: 0.25 wide, 0.25 tall."""
        x, y, z = self.pos
        half = _ITEM_SIZE / 2
        return (x - half, y, z - half), (x + half, y + _ITEM_SIZE, z + half)

    def to_nbt(self) -> Compound:
        """The item entity's data as `data get entity` shows it (ItemEntity.addAdditionalSaveData)."""
        out = super().to_nbt()
        out.update({"Health": Short(5), "Age": Short(self.age), "PickupDelay": Short(self.pickup_delay),
                    "Item": self.item.to_nbt()})
        return out
