"""Spawn protection: a player who is not an operator cannot use blocks near the world spawn (ledger row T4).

As vanilla's `DedicatedServer.isUnderSpawnProtection` (client1.21.4; 1.21.11
`MinecraftDedicatedServer.isSpawnProtected`), asked by `ServerLevel.mayInteract` before
`ServerGamePacketListenerImpl.handleUseItemOn` lets the press through to `useItemOn`: only in
the overworld (1.21.11: the spawn's dimension), never while the server has no operator, never
for an operator, never with `spawn-protection` 0 or less; else a block whose x and z both lie
within `spawn-protection` blocks of the world spawn's (the larger of the two distances, y not
counted) is protected, so the radius-16 default covers 33 by 33 columns.
"""

from __future__ import annotations

from monopoli_mc.sandbox.model import BlockPos, Player
from monopoli_mc.sandbox.source import Level

SPAWN_PROTECTION = 16  # server.properties' default (DedicatedServerProperties.spawnProtection)
OVERWORLD = "minecraft:overworld"


def is_under_spawn_protection(world: Level, player: Player, pos: BlockPos) -> bool:
    """Whether vanilla refuses this player's use of the block at pos for spawn protection."""
    if player.dimension != OVERWORLD or not world.ops or player.name in world.ops:
        return False
    radius = world.spawn_protection
    if radius <= 0:
        return False
    return max(abs(pos[0] - world.spawn[0]), abs(pos[2] - world.spawn[2])) <= radius
