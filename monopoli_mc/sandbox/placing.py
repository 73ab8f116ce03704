"""Setting one block as vanilla's `Level.setBlock` does: default block entity data, the data kept as the
block entity keeps it once loaded, and the neighbours' shape updates, with what pops off (ledger B4-B6)."""

from __future__ import annotations

import random
from typing import Protocol

from nbtlib import Compound, Int, String

from monopoli_mc.sandbox import attached, stored
from monopoli_mc.sandbox.entities import ItemEntity
from monopoli_mc.sandbox.model import Block, BlockPos, Entity

BLOCK_ENTITIES = {"command_block": {"Command": "", "auto": 0, "powered": 0, "SuccessCount": 0,
                                    "TrackOutput": 1, "conditionMet": 0, "UpdateLastExecution": 1},
                  "chest": {}, "barrel": {}, "sign": {}, "banner": {}}


class Placing(Protocol):
    """What setting a block needs of the world."""

    blocks: dict[BlockPos, Block]
    json_text: bool
    gamerules: dict[str, str]
    drops_random: random.Random

    def add_entity(self, entity: Entity) -> None:
        """An entity joins the world."""


def set_block(world: Placing, pos: BlockPos, block: Block, *, updates: bool = True) -> bool:
    """Place a block (with default block entity data); False if nothing changed. A change runs its
    neighbours' shape updates unless `updates` is off (flag 16): what hung on the block pops off."""
    base = _entity_kind(block.id)
    old = world.blocks.get(pos)
    if base is not None:
        nbt = Compound({k: Int(v) if isinstance(v, int) else String(v) for k, v in BLOCK_ENTITIES[base].items()})
        nbt.update(block.nbt or {})
        same = old.nbt if old is not None and old.id == block.id else None
        block.nbt = stored.load_block_entity(block.id, nbt, same, json_dialect=world.json_text)
    if block.id == "minecraft:air":
        changed = world.blocks.pop(pos, None) is not None
    elif old is not None and old.id == block.id and old.states == block.states and old.nbt == block.nbt:
        changed = False
    else:
        world.blocks[pos] = block
        changed = True
    if changed and updates:
        attached.shape_updates(world.blocks, pos, lambda at, gone: _pop(world, at, gone))
    return changed


def _entity_kind(block_id: str) -> str | None:
    """The block entity a block has (a key of BLOCK_ENTITIES), or None; remembered per id."""
    try:
        return _KINDS[block_id]
    except KeyError:
        short = block_id.split(":")[-1]
        kind = _KINDS[block_id] = next((k for k in BLOCK_ENTITIES if short == k or short.endswith("_" + k)), None)
        return kind


_KINDS: dict[str, str | None] = {}


def _pop(world: Placing, pos: BlockPos, block: Block) -> None:
    """Level.destroyBlock(pos, true): the block's drop, when blocks drop (game rule), and air."""
    del world.blocks[pos]
    if world.gamerules.get("block_drops", world.gamerules.get("doTileDrops")) != "false":
        stack = attached.drop(block, json_dialect=world.json_text)
        world.add_entity(ItemEntity.popped(pos, stack, world.drops_random))
