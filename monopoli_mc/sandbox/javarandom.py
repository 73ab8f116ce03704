"""Java's seeded random (java.util.Random's generator), which vanilla's `Random.create(seed)` is.

1.21.4 `RandomSource.create(seed)` → `LegacyRandomSource`, 1.21.11 `Random.create(seed)` →
`CheckedRandom`: the 48-bit linear congruential generator of java.util.Random. `place template`
with an integrity below 1 draws from it (`StructureBlockEntity.createRandom(seed)`).
"""

from __future__ import annotations

import struct
import time

MULTIPLIER = 0x5DEECE66D
MASK = (1 << 48) - 1


class JavaRandom:
    """The generator: `next(bits)`, `nextInt(bound)`, `nextFloat()` as LegacyRandomSource has them."""

    def __init__(self, seed: int) -> None:
        self.seed = (seed ^ MULTIPLIER) & MASK

    @classmethod
    def for_structure(cls, seed: int) -> JavaRandom:
        """StructureBlockEntity.createRandom: seed 0 means the clock's milliseconds."""
        return cls(seed if seed != 0 else int(time.monotonic() * 1000))

    def next(self, bits: int) -> int:
        """The top `bits` of the next state, as a signed Java int."""
        self.seed = (self.seed * MULTIPLIER + 0xB) & MASK
        value = self.seed >> (48 - bits)
        return value - (1 << 32) if value >= 1 << 31 else value

    def next_int(self, bound: int) -> int:
        """BitRandomSource.nextInt(bound) (a power of two takes one draw; else rejection)."""
        if bound & (bound - 1) == 0:
            return (bound * self.next(31)) >> 31
        while True:
            bits = self.next(31)
            value = bits % bound
            if bits - value + (bound - 1) < 1 << 31:
                return value

    def next_float(self) -> float:
        """`next(24) * 5.9604645E-8F`: a float in [0, 1) with 24 bits."""
        return self.next(24) / float(1 << 24)


def as_float32(value: float) -> float:
    """A double as the Java float a FloatArgumentType reads it into."""
    return float(struct.unpack(">f", struct.pack(">f", value))[0])
