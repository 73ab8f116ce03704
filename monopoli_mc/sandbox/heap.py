"""The sandbox's long-lived state kept out of Python's full garbage collections.

A full (oldest-generation) collection walks every object the process tracks. A sandbox that has
loaded the pack and placed 16 boards holds about 700,000 of them (the blocks, the parsed pack's
runs), and one full collection then stops every thread for 0.3-0.7 s: a controller in the same
process (`monopoli demo`, a rehearsal, `bench/scale.py`) waits that long for its reply. A Java
server's collector pauses for milliseconds, not for the whole heap, so this pause is the
stand-in's own and says nothing about the design. What a pack load or a structure placement
makes lives as long as the world does, so the sandbox moves it out of the collector's sight
(`gc.freeze`) once it is made, and gives it back when the sandbox stops (`gc.unfreeze`), so a
stopped world is collected as before. Only the world of a sandbox is kept: a world made alone (as
some tests make one) is left to the collector. Nothing a command does depends on it.
"""

from __future__ import annotations

import gc
import weakref
from typing import Any

_OWNED: weakref.WeakSet[Any] = weakref.WeakSet()  # the worlds of running sandboxes


def own(world: Any) -> None:
    """A sandbox runs this world: what it makes from now on lives as long as the sandbox."""
    _OWNED.add(world)


def keep(world: Any) -> None:
    """If a running sandbox owns this world, everything alive now is long-lived: no full collection walks
    it again until `release`."""
    if world in _OWNED:
        gc.freeze()


def release(world: Any) -> None:
    """The sandbox of this world stopped: every kept object goes back to the collector (the worlds of
    sandboxes still running are kept again at their next pack load or placed structure)."""
    _OWNED.discard(world)
    gc.unfreeze()
