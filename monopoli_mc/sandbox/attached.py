"""Blocks that hang on a neighbour (signs, banners, buttons, torches…): which neighbour holds each,
and what pops off, dropping as an item, when a block changes next to it (ledger row B6).

Vanilla (1.21.4 `Level.setBlock`, 1.21.11 `World.setBlockState`): a block set without flag 16
(`UPDATE_KNOWN_SHAPE`, 1.21.11 `FORCE_STATE`) runs `updateNeighbourShapes`: each neighbour, in
`UPDATE_SHAPE_ORDER` (west, east, north, south, down, up), gets `updateShape` with the direction of
the changed block. An attached block whose support that was returns air when it can no longer
`canSurvive` (`StandingSignBlock`, `WallSignBlock`, `BannerBlock`, `WallBannerBlock`,
`FaceAttachedHorizontalDirectionalBlock` for buttons and levers, `TorchBlock`, `WallTorchBlock`…),
and `Block.updateOrDestroy` then calls `Level.destroyBlock(pos, (flags & 32) == 0)`: the block's
drops (`Block.dropResources` → `popResource`: an item entity at the block's centre ± 0.25) and air
set with flags 3, whose own shape updates go on from there. `setblock` and `fill` set with flag 2
(`strict`, 1.21.5+: 2 | 816, which holds 16 and 32, so nothing pops and nothing drops).

The sandbox holds no block shapes: a support holds while it is any block but air or another
attached block (vanilla asks `isSolid` or `isFaceSturdy` of the new block; the project only ever
clears supports to air).
"""

from __future__ import annotations

from collections.abc import Callable

from nbtlib import Compound

from monopoli_mc.sandbox import stored
from monopoli_mc.sandbox.model import Block, BlockPos, ItemStack

# Direction steps, and the order updateNeighbourShapes visits them (BlockBehaviour.UPDATE_SHAPE_ORDER).
STEPS = {"west": (-1, 0, 0), "east": (1, 0, 0), "north": (0, 0, -1), "south": (0, 0, 1),
         "down": (0, -1, 0), "up": (0, 1, 0)}
SHAPE_ORDER = ("west", "east", "north", "south", "down", "up")
_OPPOSITE = {"west": "east", "east": "west", "north": "south", "south": "north", "down": "up", "up": "down"}
_STANDING_TORCHES = ("minecraft:torch", "minecraft:soul_torch", "minecraft:redstone_torch",
                     "minecraft:copper_torch")
MAX_DEPTH = 512  # Level.setBlock's recursionLeft: how deep shape updates may cascade


def support(block: Block) -> str | None:
    """The direction of the neighbour this block hangs on (None: it stands by itself).

    Wall kinds face away from their support (`facing.getOpposite()`); floor kinds stand on the block
    below; a button or lever by its `face` (floor: below, ceiling: above, wall: behind)."""
    bid = block.id
    facing = block.states.get("facing", "north")
    if bid.endswith(("_wall_sign", "_wall_banner", "wall_torch")) or bid == "minecraft:ladder":
        return _OPPOSITE.get(facing)
    if bid.endswith("_button") or bid == "minecraft:lever":
        face = block.states.get("face", "wall")
        return {"floor": "down", "ceiling": "up"}.get(face) or _OPPOSITE.get(facing)
    if bid.endswith("_hanging_sign") and "_wall_" not in bid:
        return "up"
    if (bid.endswith(("_sign", "_banner", "_pressure_plate", "_carpet")) or bid in _STANDING_TORCHES) \
            and not bid.endswith("_hanging_sign"):
        return "down"
    return None


def holds(block: Block | None) -> bool:
    """Whether a block can carry an attached block (see the module's note on shapes)."""
    return block is not None and block.id != "minecraft:air" and support(block) is None


def drop_item(block: Block) -> str:
    """The item a popped block drops (its loot table: a wall kind drops its standing kind)."""
    short = block.id.split(":", 1)[1]
    short = short.replace("_wall_", "_").replace("wall_torch", "torch")
    return "minecraft:" + short


def neighbour(pos: BlockPos, direction: str) -> BlockPos:
    """The block next to `pos` in a direction."""
    dx, dy, dz = STEPS[direction]
    return pos[0] + dx, pos[1] + dy, pos[2] + dz


def shape_updates(blocks: dict[BlockPos, Block], pos: BlockPos,
                  destroy: Callable[[BlockPos, Block], None], depth: int = MAX_DEPTH - 1) -> None:
    """`updateNeighbourShapes` after the block at `pos` changed: each neighbour that hangs on `pos`
    and is no longer held is destroyed (`destroy` drops it and takes it away), and its own
    neighbours are updated in turn."""
    if depth <= 0 or holds(blocks.get(pos)):  # what holds now drops nothing that hangs on it
        return
    for direction in SHAPE_ORDER:
        at = neighbour(pos, direction)
        block = blocks.get(at)
        if block is None:
            continue
        side = support(block)
        if side is None or neighbour(at, side) != pos:
            continue
        destroy(at, block)
        shape_updates(blocks, at, destroy, depth - 1)


def drop(block: Block, *, json_dialect: bool) -> ItemStack:
    """What the block's loot table drops: its item; a banner keeps its name and patterns
    (`copy_components` from the block entity: `minecraft:custom_name`, `minecraft:banner_patterns`)."""
    stack = ItemStack(drop_item(block))
    nbt = block.nbt or Compound()
    if block.id.endswith("_banner"):
        if "CustomName" in nbt:  # the item's custom_name is the FLAT_CODEC's up to 1.21.4 (keys sorted)
            stack.components["minecraft:custom_name"] = stored.stored(
                nbt["CustomName"], json_dialect=json_dialect, stable=True)
        if nbt.get("patterns"):
            stack.components["minecraft:banner_patterns"] = nbt["patterns"]
    return stack
