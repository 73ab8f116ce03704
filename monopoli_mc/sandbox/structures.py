"""Placing a structure template's blocks in the world, turned and thinned as vanilla places them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from monopoli_mc.datapack.versions import VERSIONS
from monopoli_mc.sandbox import heap, nbt_tags
from monopoli_mc.sandbox.javarandom import JavaRandom, as_float32
from monopoli_mc.sandbox.model import Block, BlockPos
from monopoli_mc.sandbox.failure import CommandError
from monopoli_mc.sandbox.source import Level
from monopoli_mc.vanilla.data import Vanilla, load
from monopoli_mc.vanilla.placement import Unturnable, place_state, transform
from monopoli_mc.vanilla.template import NbtError, Template, load_template


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
    turned = _turned(template, mc, sid, mirror, rotation, world.log)
    ax, ay, az = at
    placed: Iterable[Placed] = ((x + ax, y + ay, z + az, name, state, nbt) for (x, y, z), name, state, nbt in turned)
    if integrity < 1.0:
        placed = _rot(list(placed), integrity, seed)
    blocks = world.blocks
    for x, y, z, name, state, nbt in placed:
        pos = (x, y, z)
        if name == AIR and pos not in blocks:  # set_block's own rule, without making the Block: no change, no update
            continue
        block = Block(name, dict(state), nbt_tags.from_vanilla(nbt) if nbt is not None else None)
        world.set_block(pos, block, updates=updates)
    heap.keep(world)  # a placed structure's blocks live as long as the world


AIR = "minecraft:air"
Turned = list[tuple[BlockPos, str, dict[str, str], dict[str, Any] | None]]
_TURNED: dict[tuple[int, str, str], tuple[Template, Turned]] = {}


def _turned(template: Template, mc: Vanilla, sid: str, mirror: str, rotation: str, log: list[str]) -> Turned:
    """Each block's place and state, mirrored and rotated, remembered for the template (shared, as
    load_template's is): a board is placed again and again, 19,000 blocks each time."""
    key = (id(template), mirror, rotation)
    kept = _TURNED.get(key)
    if kept is not None and kept[0] is template:
        return kept[1]
    states: dict[tuple[str, tuple[tuple[str, str], ...]], dict[str, str]] = {}
    out: Turned = []
    for b in template.blocks:
        props = (b.name, tuple(b.properties.items()))
        state = states.get(props)
        if state is None:
            try:
                state = states[props] = place_state(b.name, b.properties, mirror, rotation, mc.blocks.get(b.name, {}))
            except Unturnable as e:
                log.append(f"place template {sid}: {e}")
                raise CommandError(f"{e} (template {sid}, block at {b.pos})") from None
        out.append((transform(b.pos, mirror, rotation), b.name, state, b.nbt))
    if len(_TURNED) >= 16:
        del _TURNED[next(iter(_TURNED))]
    _TURNED[key] = (template, out)
    return out


Placed = tuple[int, int, int, str, dict[str, str], "dict[str, Any] | None"]


def _rot(placed: list[Placed], integrity: float, seed: int) -> list[Placed]:
    """The blocks an integrity below 1 keeps (`BlockRotProcessor.processBlock`): a draw for the
    palette (`getRandomBlockInfos`: `nextInt(1)`), then one `nextFloat() <= integrity` per block in
    `StructureTemplate.buildInfoList`'s order: by y, x, z, blocks with data last. Vanilla also puts
    full cubes before other blocks, which takes block shapes the sandbox does not hold (row B3)."""
    random = JavaRandom.for_structure(seed)
    random.next_int(1)
    limit = as_float32(integrity)
    ordered = sorted(placed, key=lambda b: (b[5] is not None, b[1], b[0], b[2]))
    return [b for b in ordered if random.next_float() <= limit]
