"""`forceload`, with vanilla's reply texts (ForceLoadCommand and en_us.json).

One difference is known: the sandbox has one level, so the chunks it forces are the overworld's
whatever the source's dimension, and every reply names minecraft:overworld.
"""

from __future__ import annotations

from itertools import product

from monopoli_mc.sandbox.values import Vec, column_of
from monopoli_mc.sandbox.failure import CommandError
from monopoli_mc.sandbox.registry import Run, handles
from monopoli_mc.sandbox.source import Source
from monopoli_mc.vanilla.tree import Parsed

Chunk = tuple[int, int]

OVERWORLD = "minecraft:overworld"
MAX_CHUNKS = 256
WORLD_EDGE = 30_000_000
"""Block coordinates must lie in [-WORLD_EDGE, WORLD_EDGE), as BlockPosArgument checks."""
TEXTS = {
    True: ("Marked chunk {chunk} in {dim} to be force loaded",
           "Marked {count} chunks in {dim} from {lo} to {hi} to be force loaded",
           "No chunks were marked for force loading"),
    False: ("Unmarked chunk {chunk} in {dim} for force loading",
            "Unmarked {count} chunks in {dim} from {lo} to {hi} for force loading",
            "No chunks were removed from force loading"),
}
"""Adding or not: (one chunk changed, several changed, none changed)."""


@handles("forceload")
def forceload(p: Parsed) -> Run:
    """forceload add|remove <from> [<to>] | remove all | query [<pos>], on vanilla's parse."""
    action = p.literals[1]
    if action == "query":
        pos = column_of(p.args["pos"]) if "pos" in p.args else None
        return lambda s: _list(s) if pos is None else _query(s, pos)
    if p.literals[-1] == "all":
        return _remove_all
    start = column_of(p.args["from"])
    end = column_of(p.args["to"]) if "to" in p.args else start
    return lambda s: _change(s, start, end, add=action == "add")


def _chunk_of(source: Source, pos: Vec) -> Chunk:
    """The chunk holding a column position (ColumnPos.toChunkPos)."""
    x, _, z = pos.block(source)
    return (x >> 4, z >> 4)


def _shown(chunk: Chunk) -> str:
    """ChunkPos.toString: `[x, z]`."""
    return f"[{chunk[0]}, {chunk[1]}]"


def _packed(chunk: Chunk) -> tuple[int, int]:
    """The order of ChunkPos.toLong as a signed long: z, then x as an unsigned int."""
    return (chunk[1], chunk[0] & 0xFFFFFFFF)


def _change(s: Source, start: Vec, end: Vec, *, add: bool) -> int:
    (x0, _, z0), (x1, _, z1) = start.block(s), end.block(s)
    min_x, max_x = sorted((x0, x1))
    min_z, max_z = sorted((z0, z1))
    if min_x < -WORLD_EDGE or min_z < -WORLD_EDGE or max_x >= WORLD_EDGE or max_z >= WORLD_EDGE:
        raise CommandError("That position is out of this world!")
    lo, hi = (min_x >> 4, min_z >> 4), (max_x >> 4, max_z >> 4)
    count = (hi[0] - lo[0] + 1) * (hi[1] - lo[1] + 1)
    if count > MAX_CHUNKS:
        raise CommandError(f"Too many chunks in the specified area "  # ", but specified" from 1.21.9 (wording.py)
                           f"(maximum {MAX_CHUNKS}, specified {count})")
    forced = s.world.forced_chunks
    area = product(range(lo[0], hi[0] + 1), range(lo[1], hi[1] + 1))  # x outer, as vanilla
    changed = [c for c in area if (c in forced) != add]
    one, several, none = TEXTS[add]
    if not changed:
        raise CommandError(none)
    if add:
        forced.update(changed)
    else:
        forced.difference_update(changed)
    if len(changed) == 1:
        s.success(one.format(chunk=_shown(changed[0]), dim=OVERWORLD))
    else:
        s.success(several.format(count=len(changed), dim=OVERWORLD, lo=_shown(lo), hi=_shown(hi)))
    return len(changed)


def _remove_all(s: Source) -> int:
    s.world.forced_chunks.clear()
    s.success(f"Unmarked all force loaded chunks in {OVERWORLD}")
    return 0


def _query(s: Source, pos: Vec) -> int:
    chunk = _chunk_of(s, pos)
    if chunk not in s.world.forced_chunks:
        raise CommandError(f"Chunk at {_shown(chunk)} in {OVERWORLD} is not marked for force loading")
    s.success(f"Chunk at {_shown(chunk)} in {OVERWORLD} is marked for force loading")
    return 1


def _list(s: Source) -> int:
    chunks = sorted(s.world.forced_chunks, key=_packed)
    listed = ", ".join(_shown(c) for c in chunks)
    if not chunks:
        s.failure(f"No force loaded chunks were found in {OVERWORLD}")
    elif len(chunks) == 1:
        s.success(f"A force loaded chunk was found in {OVERWORLD} at: {listed}")
    else:
        s.success(f"{len(chunks)} force loaded chunks were found in {OVERWORLD} at: {listed}")
    return len(chunks)
