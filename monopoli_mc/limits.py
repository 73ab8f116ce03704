"""The one number every layer lives within: what a Minecraft score holds (a Java int).

Cash, prices, trigger values, the inbox counter and the operator's amounts all end up in a
scoreboard score, so none may pass `SCORE_MAX`. Beside errors.py, importing nothing of ours, so
the engine, the operator's input rule, the pack and the bridge all read it from here.
"""

from __future__ import annotations

from typing import Final

SCORE_MAX: Final = 2**31 - 1  # Integer.MAX_VALUE: the most a score holds
SCORE_MIN: Final = -2**31  # Integer.MIN_VALUE
