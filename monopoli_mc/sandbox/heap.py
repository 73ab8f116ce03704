"""The sandbox's long-lived state kept out of Python's full garbage collections.

A full (oldest-generation) collection walks every object the process tracks. A sandbox that has
loaded the pack and placed 16 boards holds about 700,000 of them (the blocks, the parsed pack's
runs), and one full collection then stops every thread for 0.3-0.7 s: a controller in the same
process (`monopoli demo`, a rehearsal, `bench/scale.py`) waits that long for its reply. A Java
server's collector pauses for milliseconds, not for the whole heap, so this pause is the
stand-in's own and says nothing about the design. What a pack load or a structure placement
makes lives as long as the world does, so the sandbox moves it out of the collector's sight
(`gc.freeze`) once it is made, and gives it back when the sandbox stops (`gc.unfreeze`), so a
stopped world is collected as before. Nothing a command does depends on it.
"""

from __future__ import annotations

import gc


def keep() -> None:
    """Everything alive now is long-lived: no full collection walks it again until `release`."""
    gc.freeze()


def release() -> None:
    """Give every kept object back to the collector (a sandbox stopped: its world can go)."""
    gc.unfreeze()
