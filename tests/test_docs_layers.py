"""docs/architecture.md's layer drawing is the code's: each package's imports, drawn below it, no circle.

The drawing (the first block under "## Layers") has a row per package of `monopoli_mc/` (or module of
its own, such as `errors.py`), top to bottom, and under each a line `→ a b c` naming every other
package it imports, or `→ nothing of ours`. The imports are read from the source with `ast` (every
`import`, in a function or under TYPE_CHECKING too), nothing is imported. A package that imports one
drawn above it, or beside it, or an arrow that names more or less than the code imports, fails here
with what to redraw.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "monopoli_mc"
ARCHITECTURE = ROOT / "docs" / "architecture.md"
ROW = re.compile(r"^ ?monopoli_mc/(\w+)(?:/|\.py)\s")
ARROW = re.compile(r"^\s+→ (.+)$")
NOTHING = "nothing of ours"


def modules() -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its own name)."""
    out = {}
    for file in sorted(PACKAGE.rglob("*.py")):
        parts = file.relative_to(ROOT).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = file
    return out


def imports(name: str, file: Path, known: Mapping[str, Path]) -> set[str]:
    """The modules of ours that one module imports, each as the longest known dotted name."""
    def known_prefix(dotted: str) -> str:
        while dotted not in known and "." in dotted:
            dotted = dotted.rsplit(".", 1)[0]
        return dotted

    package = name if file.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"), str(file))):
        if isinstance(node, ast.Import):
            found |= {known_prefix(a.name) for a in node.names if a.name.split(".")[0] == "monopoli_mc"}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - (node.level - 1)]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            if source.split(".")[0] != "monopoli_mc":
                continue
            for alias in node.names:  # `from monopoli_mc.x import y`: y a module, or a name of x
                whole = f"{source}.{alias.name}"
                found.add(whole if whole in known else known_prefix(source))
    return found - {name, "monopoli_mc"}


def unit(dotted: str) -> str:
    """The layer a module belongs to: `monopoli_mc.controller.loop` -> `controller`."""
    return dotted.split(".")[1]


def layer_imports() -> dict[str, set[str]]:
    """Each layer (a package or top-level module of monopoli_mc) and the other layers it imports."""
    known = modules()
    out: dict[str, set[str]] = {unit(n): set() for n in known if n != "monopoli_mc"}
    for name, file in known.items():
        if name != "monopoli_mc":
            out[unit(name)] |= {unit(m) for m in imports(name, file, known)} - {unit(name)}
    return out


def drawing(text: str) -> list[tuple[str, set[str] | None]]:
    """The rows of the Layers drawing, top to bottom: (layer, the layers its arrow names, None if none)."""
    section = text.split("\n## Layers\n", 1)[1]
    block = section.split("```", 2)[1]
    rows: list[tuple[str, set[str] | None]] = []
    for line in block.splitlines():
        if row := ROW.match(line):
            rows.append((row.group(1), None))
        elif (arrow := ARROW.match(line)) and rows:
            named = arrow.group(1).strip()
            rows[-1] = (rows[-1][0], set() if named == NOTHING else set(named.split()))
    return rows


def disagreements(rows: list[tuple[str, set[str] | None]], real: Mapping[str, set[str]]) -> list[str]:
    """What the drawing says that the code does not: one line each, naming what to redraw."""
    bad = []
    drawn = [layer for layer, _ in rows]
    for layer in sorted(set(real) - set(drawn)):
        bad.append(f"monopoli_mc/{layer} is not drawn: add its row where its imports put it")
    for layer in sorted({x for x in drawn if drawn.count(x) > 1}):
        bad.append(f"{layer} is drawn {drawn.count(layer)} times")
    for at, (layer, named) in enumerate(rows):
        if layer not in real:
            bad.append(f"{layer} is drawn but there is no monopoli_mc/{layer}")
            continue
        if named is None:
            bad.append(f"{layer}'s row has no arrow line (→ its imports, or → {NOTHING})")
        elif named != real[layer]:
            more, fewer = sorted(real[layer] - named), sorted(named - real[layer])
            bad.append(f"{layer}'s arrow says {' '.join(sorted(named)) or NOTHING}; the code imports "
                       f"{' '.join(sorted(real[layer])) or NOTHING} (missing: {more}, not imported: {fewer})")
        above = [other for other in real[layer] if other in drawn and drawn.index(other) <= at]
        if above:
            bad.append(f"{layer} imports {', '.join(sorted(above))}, drawn above it or as itself: "
                       "an upward import (move the code, or redraw if the layers changed)")
    return bad


def circles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The import circles of a graph (its strongly connected parts of more than one node)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            part = []
            while True:
                top = stack.pop()
                part.append(top)
                if top == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


# --- the checks fail on what they are there to catch ------------------------------------------------


SAMPLE = """# x

## Layers

```
 monopoli_mc/cli/          the CLI
                             → controller errors
 monopoli_mc/controller/   the loop
                             → errors
 monopoli_mc/errors.py     exceptions
                             → nothing of ours
```
"""


def test_the_checks_catch_a_wrong_drawing() -> None:
    real = {"cli": {"controller", "errors"}, "controller": {"errors"}, "errors": set()}
    rows = drawing(SAMPLE)
    assert rows == [("cli", {"controller", "errors"}), ("controller", {"errors"}), ("errors", set())]
    assert disagreements(rows, real) == []
    assert disagreements(rows, {**real, "controller": {"errors", "cli"}}) != []  # an upward import
    assert disagreements(rows, {**real, "rcon": set()}) != []  # a package not drawn
    assert disagreements(rows, {**real, "cli": {"errors"}}) != []  # an arrow naming too much
    assert disagreements(drawing(SAMPLE.replace("→ errors\n", "", 1)), real) != []  # no arrow line
    swapped = SAMPLE.replace(" monopoli_mc/cli/ ", " monopoli_mc/tmp/ ").replace(
        " monopoli_mc/controller/ ", " monopoli_mc/cli/ ").replace(" monopoli_mc/tmp/ ", " monopoli_mc/controller/ ")
    assert disagreements(drawing(swapped), real) != []  # drawn upside down
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_the_import_reader_resolves_relative_and_from_imports(tmp_path: Path) -> None:
    known = {"monopoli_mc.x": tmp_path / "x" / "__init__.py", "monopoli_mc.x.a": tmp_path / "x" / "a.py",
             "monopoli_mc.x.b": tmp_path / "x" / "b.py", "monopoli_mc.errors": tmp_path / "errors.py"}
    source = known["monopoli_mc.x.a"]
    source.parent.mkdir()
    source.write_text("from . import b\nfrom ..errors import MonopoliError\n"
                      "def f():\n    import monopoli_mc.x.b.thing\n    from monopoli_mc.x import name\n")
    assert imports("monopoli_mc.x.a", source, known) == {"monopoli_mc.x.b", "monopoli_mc.errors", "monopoli_mc.x"}


# --- the page and the code ------------------------------------------------------------------------------


def test_the_layer_drawing_matches_the_imports() -> None:
    assert disagreements(drawing(ARCHITECTURE.read_text(encoding="utf-8")), layer_imports()) == []


def test_no_module_imports_one_that_imports_it() -> None:
    known = modules()
    assert circles({name: imports(name, file, known) for name, file in known.items()}) == []
