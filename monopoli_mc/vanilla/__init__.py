"""Mojang's own data (command trees, registries, en_us strings) and a judge that walks it.

`check(line, version)` answers whether a vanilla server of that version would parse a
command line, and if not, vanilla's own error and cursor. Nothing here knows the game.
"""

from __future__ import annotations

from monopoli_mc.vanilla.judge import Refusal, check, check_function, verdict

__all__ = ["Refusal", "check", "check_function", "verdict"]
