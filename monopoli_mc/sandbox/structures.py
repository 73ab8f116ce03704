"""Placing a structure template's blocks in the world, turned and thinned as vanilla places them."""

from __future__ import annotations

from monopoli_mc.datapack.versions import VERSIONS
from monopoli_mc.sandbox import nbt_tags
from monopoli_mc.sandbox.javarandom import JavaRandom, as_float32
from monopoli_mc.sandbox.model import Block, BlockPos
from monopoli_mc.sandbox.failure import CommandError
from monopoli_mc.sandbox.source import Level
from monopoli_mc.vanilla.data import load
from monopoli_mc.vanilla.placement import Unturnable, place_state, transform
from monopoli_mc.vanilla.template import NbtError, load_template


def place_structure(world: Level, sid: str, at: BlockPos, *, rotation: str = "none",
                    mirror: str = "none", integrity: float = 1.0, seed: int = 0, updates: bool = True) -> None:
    """Place a structure template's blocks with their block entity data, turned as vanilla turns them.

    The file is read as the server reads it (`monopoli_mc.vanilla.template`): one it
    cannot read is no template at all, as `place template` then answers. Each block goes
    where `StructureTemplate.transform` puts it (pivot 0, 0, 0) in its mirrored, rotated
    state (`monopoli_mc.vanilla.placement`); a state the sandbox cannot turn is refused
    before any block is set, naming the block. An integrity below 1 keeps each block when
    the seed's random draws at most the integrity (`BlockRotProcessor`, after one draw that
    picks the palette), blocks taken in vanilla's order (ledger row B3). Each block set runs its
    neighbours' shape updates unless `updates` is off (`strict`, 1.21.5+; row B6).
    """
    mc = load(world.version)
    try:
        template = load_template(world.datapacks.structures[sid].read_bytes(), mc,
                                 VERSIONS[world.version].data_version)
    except (NbtError, OSError) as e:
        world.log.append(f"Couldn't load structure {sid}: {e}")
        raise CommandError(f'There is no template with id "{sid}"') from None
    placed: list[tuple[BlockPos, Block]] = []
    for b in template.blocks:
        x, y, z = transform(b.pos, mirror, rotation)
        try:
            state = place_state(b.name, b.properties, mirror, rotation, mc.blocks.get(b.name, {}))
        except Unturnable as e:
            world.log.append(f"place template {sid}: {e}")
            raise CommandError(f"{e} (template {sid}, block at {b.pos})") from None
        nbt = nbt_tags.from_vanilla(b.nbt) if b.nbt is not None else None
        placed.append(((x + at[0], y + at[1], z + at[2]), Block(b.name, state, nbt)))
    if integrity < 1.0:
        placed = _rot(placed, integrity, seed)
    for pos, block in placed:
        world.set_block(pos, block, updates=updates)


def _rot(placed: list[tuple[BlockPos, Block]], integrity: float, seed: int) -> list[tuple[BlockPos, Block]]:
    """The blocks an integrity below 1 keeps (`BlockRotProcessor.processBlock`): a draw for the
    palette (`getRandomBlockInfos`: `nextInt(1)`), then one `nextFloat() <= integrity` per block in
    `StructureTemplate.buildInfoList`'s order: by y, x, z, blocks with data last. Vanilla also puts
    full cubes before other blocks, which takes block shapes the sandbox does not hold (row B3)."""
    random = JavaRandom.for_structure(seed)
    random.next_int(1)
    limit = as_float32(integrity)
    ordered = sorted(placed, key=lambda pb: (pb[1].nbt is not None, pb[0][1], pb[0][0], pb[0][2]))
    return [pb for pb in ordered if random.next_float() <= limit]
