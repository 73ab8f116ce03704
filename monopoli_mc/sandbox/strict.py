"""Strict mode: every command line must parse with mecha for the target version.

mecha is a test-only dependency, so it is imported here lazily, never at module import.
"""

from __future__ import annotations

import functools
import threading
from typing import Any

from monopoli_mc.errors import SandboxError
from monopoli_mc.sandbox import versions

_LOCK = threading.Lock()
_MECHA: dict[str, Any] = {}


def require() -> None:
    """Fail at once, not at the first command, where mecha is not installed.

    Raises SandboxError saying how to install it.
    """
    try:
        import mecha  # noqa: F401
    except ImportError:
        raise SandboxError("strict mode needs mecha, a test dependency: "
                           ".venv/bin/pip install -e '.[test]' (or make test)") from None


def _mecha(version: str) -> Any:
    key = versions.mecha_version(version)
    if key not in _MECHA:
        from mecha import Mecha
        _MECHA[key] = Mecha(version=key)
    return _MECHA[key]


def check(line: str, version: str) -> int | None:
    """None if mecha accepts the line; else the cursor of the error."""
    return _check(line, versions.mecha_version(version))


@functools.lru_cache(maxsize=1 << 16)  # a pack's lines are parsed again by every sandbox that loads it
def _check(line: str, version: str) -> int | None:
    from mecha import DiagnosticError
    from tokenstream import InvalidSyntax
    with _LOCK:
        mc = _mecha(version)
        try:
            mc.parse(line, multiline=False)
        except DiagnosticError as e:
            return _cursor(e, len(line))
        except InvalidSyntax as e:
            return int(getattr(e.location, "pos", 0))
    return None


def _cursor(error: Any, length: int) -> int:
    try:
        diag = error.diagnostics.exceptions[0]
        return min(int(diag.location.pos), length)
    except (AttributeError, IndexError):
        return 0
