"""setblock, fill and place template."""

from __future__ import annotations

import copy

from nbtlib import List

from monopoli_mc.sandbox import versions
from monopoli_mc.sandbox.values import Vec, block_of, vec_of
from monopoli_mc.sandbox.model import Block
from monopoli_mc.sandbox.failure import UNKNOWN_ARGUMENT, CommandError
from monopoli_mc.sandbox.registry import Refused, Run, handles
from monopoli_mc.sandbox.source import Source
from monopoli_mc.sandbox.structures import place_structure
from monopoli_mc.vanilla.tree import Parsed

MAX_FILL = 32768


@handles("setblock")
def setblock(p: Parsed) -> Run:
    """setblock <pos> <block> [destroy|keep|replace|strict] (`strict` from 1.21.5: the release's tree)."""
    vec = vec_of(p.args["pos"], block=True)
    block = block_of(p.args["block"])
    mode = p.literals[1] if len(p.literals) > 1 else "replace"

    def run(s: Source) -> int:
        bp = vec.block(s)
        old = s.world.blocks.get(bp)
        if mode == "keep" and old is not None:
            raise CommandError("Could not set the block")
        if not _place(s, bp, copy.deepcopy(block), strict=mode == "strict"):
            raise CommandError("Could not set the block")
        s.success("Changed the block at {}, {}, {}".format(*bp))
        return 1
    return run


def _place(s: Source, pos: tuple[int, int, int], block: Block, *, strict: bool) -> bool:
    """A block placed by setblock or fill; whether anything changed (ledger row B1,
    `versions.loads_data_on_unchanged_block`): up to 1.21.4 data on an unchanged state is dropped
    and the command fails. Set with flag 2, so the neighbours' shapes update and attached blocks
    may pop off (row B6); `strict` (1.21.5+) sets 2 | 816: no shape updates, no drops."""
    old = s.world.blocks.get(pos)
    legacy = not versions.loads_data_on_unchanged_block(s.world.version)
    if legacy and old is not None and old.nbt is not None and "Items" in old.nbt:
        # 1.20.5-1.21.4 SetBlockCommand/FillCommand: Clearable.tryClear before placing, so a container
        # is emptied even when the placing then fails on an unchanged state (ledger row E11)
        old.nbt["Items"] = List()
    same_state = (old.id, old.states) == (block.id, block.states) if old is not None else block.id == "minecraft:air"
    if same_state and (legacy or block.nbt is None):  # 1.21.11 BlockStateArgument.setBlockState: no
        return False  # data to load and no state change is no change, so the block keeps its data
    return s.world.set_block(pos, block, updates=not strict)


@handles("fill")
def fill(p: Parsed) -> Run:
    """fill <from> <to> <block> [replace [filter]|keep|hollow|outline|destroy|strict]."""
    a, b = vec_of(p.args["from"], block=True), vec_of(p.args["to"], block=True)
    block = block_of(p.args["block"])
    mode = p.literals[1] if len(p.literals) > 1 else "replace"
    filt = block_of(p.args["filter"]) if "filter" in p.args else None
    if filt is not None and filt.id.startswith("#"):  # the sandbox knows no block tag (as a server lacking it)
        raise CommandError(f"Unknown block tag '{filt.id[1:]}'")
    return lambda s: _fill(s, a, b, block, mode, filt)


def _fill(s: Source, a: Vec, b: Vec, block: Block, mode: str, filt: Block | None) -> int:
    (x1, y1, z1), (x2, y2, z2) = a.block(s), b.block(s)
    lo = (min(x1, x2), min(y1, y2), min(z1, z2))
    hi = (max(x1, x2), max(y1, y2), max(z1, z2))
    volume = (hi[0] - lo[0] + 1) * (hi[1] - lo[1] + 1) * (hi[2] - lo[2] + 1)
    if volume > MAX_FILL:
        raise CommandError(f"Too many blocks in the specified area (maximum {MAX_FILL}, "
                           f"specified {volume})")
    count = 0
    for z in range(lo[2], hi[2] + 1):  # BlockPos.betweenClosed: x fastest, then y, then z
        for y in range(lo[1], hi[1] + 1):
            for x in range(lo[0], hi[0] + 1):
                edge = x in (lo[0], hi[0]) or y in (lo[1], hi[1]) or z in (lo[2], hi[2])
                pos = (x, y, z)
                old = s.world.blocks.get(pos)
                new: Block | None = (copy.deepcopy(block) if block.nbt is not None
                                     else Block(block.id, dict(block.states)))  # one for each block set
                if mode in ("hollow", "outline") and not edge:
                    if mode == "outline":
                        continue
                    new = Block("minecraft:air")
                if mode == "keep" and old is not None:
                    continue
                if filt is not None and (old.id if old else "minecraft:air") != filt.id:
                    continue
                assert new is not None
                count += _place(s, pos, new, strict=mode == "strict")
    if count == 0:
        raise CommandError("No blocks were filled")
    s.success(f"Successfully filled {count} block(s)")
    return count


@handles("place")
def place(p: Parsed) -> Run:
    """place template <id> [<pos> [<rotation> [<mirror> [<integrity> [<seed> [strict]]]]]]; the sandbox
    places no feature, jigsaw or structure."""
    if p.literals[1] != "template":  # refused where the word begins, as an argument the sandbox lacks
        raise Refused(UNKNOWN_ARGUMENT, p.starts[1])
    tid: str = p.args["template"]
    vec = vec_of(p.args["pos"], block=True) if "pos" in p.args else None
    rotation, mirror = p.args.get("rotation", "none"), p.args.get("mirror", "none")
    integrity, seed, strict = p.args.get("integrity", 1.0), p.args.get("seed", 0), p.literals[-1] == "strict"

    def run(s: Source) -> int:
        bp = vec.block(s) if vec else tuple(int(c // 1) for c in s.pos)
        if not s.world.datapacks.has_structure(tid):
            raise CommandError(f'There is no template with id "{tid}"')
        place_structure(s.world, tid, bp, rotation=rotation, mirror=mirror,  # type: ignore[arg-type]
                        integrity=integrity, seed=seed, updates=not strict)
        s.success('Loaded template "{}" at {}, {}, {}'.format(tid, *bp))
        return 1
    return run
