"""Strict mode: Mojang's command tree and registries for the target version judge every line.

The judge is `monopoli_mc.vanilla`, which walks the tree the server generates. mecha (a test
dependency) is only a second opinion for the tests: it accepts lines vanilla refuses and,
with one grammar for 1.21–1.21.11, refuses the camelCase game rules 1.21–1.21.10 take.
"""

from __future__ import annotations

import functools
import threading
from typing import Any

from monopoli_mc.sandbox import versions
from monopoli_mc.vanilla.judge import FUNCTION_LEVEL, verdict
from monopoli_mc.vanilla.reader import Refusal

_LOCK = threading.Lock()
_MECHA: dict[str, Any] = {}

__all__ = ["Refusal", "judge", "second_opinion"]


def judge(line: str, version: str, level: int = FUNCTION_LEVEL) -> Refusal | None:
    """None if the server of `version` takes the line from a source of `level`; else why not."""
    return verdict(line, version, level)


def second_opinion(line: str, version: str) -> int | None:
    """mecha's verdict (None: it parses), for the tests that compare it with the judge."""
    return _mecha_check(line, versions.mecha_version(version))


@functools.lru_cache(maxsize=1 << 16)
def _mecha_check(line: str, grammar: str) -> int | None:
    from mecha import DiagnosticError, Mecha
    from tokenstream import InvalidSyntax
    with _LOCK:
        if grammar not in _MECHA:
            _MECHA[grammar] = Mecha(version=grammar)
        try:
            _MECHA[grammar].parse(line, multiline=False)
        except DiagnosticError as e:
            try:
                return min(int(e.diagnostics.exceptions[0].location.pos), len(line))
            except (AttributeError, IndexError):
                return 0
        except InvalidSyntax as e:
            return int(getattr(e.location, "pos", 0))
    return None
