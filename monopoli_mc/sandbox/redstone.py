"""Buttons powering impulse command blocks, the vanilla way players press things.

A pressed button powers the blocks next to it and strongly powers the block it is
attached to, which powers its own neighbours. An impulse command block that becomes
powered runs its Command one tick later, as the block: position at its centre, no
entity, permission level 2, so the pack finds the presser with `@p[distance=..N]`.
"""

from __future__ import annotations

from nbtlib import Int, String

from monopoli_mc.errors import SandboxError
from monopoli_mc.sandbox.model import BlockPos
from monopoli_mc.sandbox.source import Level, Source

NEIGHBOURS = [(1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)]
BEHIND = {"north": (0, 0, 1), "south": (0, 0, -1), "east": (-1, 0, 0), "west": (1, 0, 0)}


def _add(a: BlockPos, b: tuple[int, int, int]) -> BlockPos:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


class Redstone:
    """Pressed buttons and the command blocks waiting to run."""

    def __init__(self, world: Level) -> None:
        self.world = world
        self.pressed: dict[BlockPos, int] = {}  # button -> ticks left
        self.pending: list[BlockPos] = []

    def press(self, pos: BlockPos) -> None:
        """Press the button at pos (nothing happens if it is already pressed)."""
        block = self.world.blocks.get(pos)
        if block is None or not block.id.endswith("_button"):
            raise SandboxError(f"no button at {pos}")
        if block.states.get("powered") == "true":
            return
        block.states["powered"] = "true"
        self.pressed[pos] = 20 if "stone" in block.id else 30
        for cb in self.powered_by(pos):
            b = self.world.blocks[cb]
            if b.nbt is not None and not int(b.nbt.get("powered", 0)):
                b.nbt["powered"] = Int(1)
                if not int(b.nbt.get("auto", 0)) and b.id == "minecraft:command_block":
                    self.pending.append(cb)

    def powered_by(self, button: BlockPos) -> list[BlockPos]:
        """Command blocks the button powers: its neighbours and its support's neighbours."""
        block = self.world.blocks[button]
        face = block.states.get("face", "wall")
        if face == "floor":
            support = _add(button, (0, -1, 0))
        elif face == "ceiling":
            support = _add(button, (0, 1, 0))
        else:
            support = _add(button, BEHIND.get(block.states.get("facing", "north"), (0, 0, 1)))
        places = [_add(button, d) for d in NEIGHBOURS]
        if support in self.world.blocks:
            places += [_add(support, d) for d in NEIGHBOURS]
        out: list[BlockPos] = []
        for p in places:
            b = self.world.blocks.get(p)
            if b is not None and b.id.endswith("command_block") and p not in out:
                out.append(p)
        return out

    def tick(self) -> None:
        """Run command blocks powered last tick, then release buttons whose time is up."""
        pending, self.pending = self.pending, []
        for pos in pending:
            self._run(pos)
        for pos in list(self.pressed):
            self.pressed[pos] -= 1
            if self.pressed[pos] <= 0:
                del self.pressed[pos]
                self._release(pos)

    def _release(self, pos: BlockPos) -> None:
        block = self.world.blocks.get(pos)
        if block is not None:
            block.states["powered"] = "false"
        for cb in self.powered_by(pos) if block is not None else []:
            nbt = self.world.blocks[cb].nbt
            if nbt is not None:
                nbt["powered"] = Int(0)

    def _run(self, pos: BlockPos) -> None:
        block = self.world.blocks.get(pos)
        if block is None or block.nbt is None:
            return
        if self.world.gamerules.get("command_blocks_work", "true") == "false":
            return
        out: list[str] = []
        centre = (pos[0] + 0.5, pos[1] + 0.5, pos[2] + 0.5)
        src = Source(self.world, "@", None, centre, level=2, output=out.append)
        result = self.world.run(str(block.nbt.get("Command", "")), src)
        block.nbt["SuccessCount"] = Int(result)
        if out and int(block.nbt.get("TrackOutput", 1)):
            block.nbt["LastOutput"] = String(out[-1])
