"""summon: the sandbox models item frames (and glow item frames), which hold the board's map, and
firework rockets, which the crowning sends up (entities.FireworkRocket); any other entity fails with vanilla's "Unable to summon entity" (docs/sandbox.md)."""

from __future__ import annotations

import uuid

from nbtlib import Compound

from monopoli_mc.sandbox.values import vec_of
from monopoli_mc.sandbox.entities import FRAME_NAMES, ROCKET, FireworkRocket, ItemFrame
from monopoli_mc.sandbox.nbt_tags import from_vanilla
from monopoli_mc.sandbox.failure import CommandError
from monopoli_mc.sandbox.registry import Run, handles
from monopoli_mc.sandbox.source import Source
from monopoli_mc.vanilla.tree import Parsed


@handles("summon")
def summon(p: Parsed) -> Run:
    """summon <entity> [pos] [nbt], on vanilla's parse (the entity type checked against the registry there)."""
    kind: str = p.args["entity"]
    vec = vec_of(p.args["pos"]) if "pos" in p.args else None
    data = from_vanilla(p.args["nbt"]) if "nbt" in p.args else Compound()

    def run(s: Source) -> int:
        if kind == ROCKET:
            rocket = FireworkRocket("Firework Rocket", uuid.uuid4(), vec.resolve(s) if vec is not None else s.pos)
            rocket.load(data)
            s.world.add_entity(rocket)
            s.success("Summoned new Firework Rocket")
            return 1
        if kind not in FRAME_NAMES:
            # vanilla: a player is never summoned (`canSummon`), "Unable to summon entity"; the
            # sandbox models no other entity, and fails as vanilla fails rather than pretend
            raise CommandError("Unable to summon entity")
        pos = vec.resolve(s) if vec is not None else s.pos
        world = s.world
        frame = ItemFrame.summoned(kind, pos, world.next_entity_number, data)
        if any(e.uuid == frame.uuid for e in world.all_entities()):
            raise CommandError("Unable to summon entity due to duplicate UUIDs")
        world.next_entity_number += 1
        world.add_entity(frame)
        s.success(f"Summoned new {frame.name}")
        return 1
    return run
