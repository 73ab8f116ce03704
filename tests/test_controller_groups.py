"""The controller's modules sit in groups by the poll's phases, each importing only the groups below it
(docs/architecture.md, "The controller's rooms"): the night's file, a board's game, the clocks, the poll's
I/O, the decisions, and at the top the poll itself (loop, reads, session)."""

from __future__ import annotations

import ast
from pathlib import Path

CONTROLLER = Path(__file__).resolve().parents[1] / "monopoli_mc" / "controller"
ORDER = ["db", "game", "clocks", "io", "decide", ""]  # "": the controller's own top floor


def _group(module: str) -> str | None:
    """The group of a dotted module under monopoli_mc.controller ('' for the top floor), None outside it."""
    if not module.startswith("monopoli_mc.controller"):
        return None
    parts = module.split(".")[2:]
    return parts[0] if parts and parts[0] in ORDER else ""


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found |= {f"{node.module}.{a.name}" for a in node.names} if node.module == "monopoli_mc.controller" \
                else {node.module}
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
    return found


def test_every_controller_module_is_in_a_group() -> None:
    loose = sorted(p.name for p in CONTROLLER.glob("*.py") if p.stem not in ("__init__", "loop", "reads", "session"))
    assert loose == []


def test_each_group_imports_only_the_groups_below_it() -> None:
    upward = []
    for path in sorted(CONTROLLER.rglob("*.py")):
        here = _group("monopoli_mc." + ".".join(path.relative_to(CONTROLLER.parent).with_suffix("").parts))
        assert here is not None
        for module in _imports(path):
            there = _group(module)
            if there is not None and ORDER.index(there) > ORDER.index(here):
                upward.append(f"{path.relative_to(CONTROLLER)} imports {module}")
    assert upward == []
