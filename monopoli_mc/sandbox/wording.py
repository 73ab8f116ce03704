"""Reply texts whose en_us wording changed in 1.21.9: the sandbox words them as 1.21.4 did and
says them as the world's release does.

25w36a (a 1.21.9 snapshot) rewrote these strings of `en_us.json` (PixiGeko/Minecraft-generated-data,
`COMPARISON.md` of 25w36a against 25w35a): "Test passed, count: %s" became "Test passed. Count:
%s", "(maximum %s, specified %s)" "(maximum %s, but specified %s)", and so on; a later snapshot
reworded some again ("Expected object; got: %s" is "Expected an object: got %s" in 1.21.11). The
new text is 1.21.11's `en_us.json`, said from 1.21.9 (1.21.9 and 1.21.10 not read; ledger row C19).
"""

from __future__ import annotations

import re

from monopoli_mc.sandbox import versions

REWORDED: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(old, re.DOTALL), new) for old, new in (
    (r"Test (passed|failed), count: (.*)", r"Test \1. Count: \2"),  # commands.execute.conditional.*_count
    (r"Expected (list|value), got: (.*)", r"Expected a \1: got \2"),  # commands.data.modify.expected_*
    (r"Expected object, got: (.*)", r"Expected an object: got \1"),
    (r"(Too many (?:blocks|chunks) in the specified (?:area|volume)) \(maximum (.*), specified (.*)\)",
     r"\1 (maximum \2, but specified \3)"),  # commands.fill/clone/forceload/fillbiome/execute.blocks.toobig
    (r"Invalid argument type: (.*), expected Compound", r"Invalid argument type: \1. Expected Compound"),
    (r"(Integer|Long|Float|Double) must not be (less|more) than (.*), found (.*)", r"\1 must not be \2 than \3: found \4"),
    (r"The tick count must not be less than (.*), found (.*)", r"The tick count must not be less than \1: found \2"),
    (r"Only whole numbers allowed, not decimals", "Only whole numbers are allowed; not decimals"),
    (r"Invalid swizzle, expected combination of 'x', 'y' and 'z'",
     "Invalid swizzle: expected combination of 'x', 'y' and 'z'"),
    (r"Tags aren't allowed here, only actual (blocks|items)", r"Tags aren't allowed here; only actual \1 are"),
    (r"Invalid boolean, expected 'true' or 'false' but found '(.*)'",
     r"Invalid boolean: expected 'true' or 'false' but found '\1'"),  # parsing.bool.invalid
    (r"Only single slots allowed, got '(.*)'", r"Only single slots allowed: got '\1'"),
))
CHANGED_IN = (1, 21, 9)


def reworded(message: str, version: str) -> str:
    """The message as this release words it (the text before 1.21.9 is the sandbox's own)."""
    if versions.key(version) < CHANGED_IN:
        return message
    for old, new in REWORDED:
        if old.fullmatch(message):
            return old.sub(new, message, count=1)
    return message
