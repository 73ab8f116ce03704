"""Count the controller tests that start a server (a sandbox, a rig, a subprocess) and those that decide
on a snapshot without one (issue 36): `python tests/count_server_tests.py [--list]`.

It reads the test files, it runs nothing. A test function starts a server when its body, its
fixtures or a helper it calls (in its module, a support module or a conftest, followed to the end)
names one of `STARTS`; a parametrized test counts once. A snapshot test is one that uses the
snapshot helpers of `tests/controller/decide_support.py` (or builds a `Snapshot`) and starts nothing.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent / "controller"
SUPPORT = [HERE / "conftest.py", *sorted(HERE.glob("*_support.py")), HERE.parent / "threads_support.py"]
# what starts a server or a process of its own, by name; `monopoli demo` (the string "demo" given to the CLI)
# starts a sandbox in the process; the CLI alone (CliRunner) starts nothing
STARTS = {"Sandbox", "subprocess", "Popen", "RconClient", "make_rig", "two_boards", "run_demo", "multiprocessing",
          "Process", "monopoli demo"}
SNAPSHOT = {"Snapshot", "Desk", "desk", "decide_support"}  # what a snapshot test names


def _names(node: ast.AST) -> set[str]:
    """Every name and attribute a function's body (and its parameters, which are its fixtures) uses."""
    found: set[str] = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name):
            found.add(sub.id)
        elif isinstance(sub, ast.Attribute):
            found.add(sub.attr)
        elif isinstance(sub, ast.arg):
            found.add(sub.arg)
        elif isinstance(sub, ast.Constant) and sub.value == "demo":
            found.add("monopoli demo")
        elif isinstance(sub, (ast.Import, ast.ImportFrom)):
            found.update(alias.asname or alias.name.split(".")[0] for alias in sub.names)
            if isinstance(sub, ast.ImportFrom) and sub.module:
                found.add(sub.module.split(".")[-1])
    return found


def _functions(path: Path) -> dict[str, set[str]]:
    """Each top-level function (and method, by its own name) of a module, with the names it uses."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    out: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            uses = _names(node) | {name for dec in node.decorator_list for name in _names(dec)}
            out.setdefault(node.name, set()).update(uses)
        elif isinstance(node, ast.ClassDef):  # a helper class: constructing it is using all of it
            out.setdefault(node.name, set()).update(_names(node))
    return out


def _closure(functions: dict[str, set[str]], marks: set[str]) -> set[str]:
    """The functions that reach one of `marks`, through the functions they name."""
    hit = {name for name, uses in functions.items() if uses & marks}
    while True:
        more = {name for name, uses in functions.items() if name not in hit and uses & hit}
        if not more:
            return hit
        hit |= more


def classify() -> dict[str, tuple[list[str], list[str], list[str]]]:
    """By test module: (tests that start a server, tests that decide on a snapshot, the others)."""
    shared: dict[str, set[str]] = {}
    for path in SUPPORT:
        if path.exists():
            for name, uses in _functions(path).items():
                shared.setdefault(name, set()).update(uses)
    result: dict[str, tuple[list[str], list[str], list[str]]] = {}
    for path in sorted(HERE.glob("test_*.py")):
        own = _functions(path)
        functions = {**shared, **own}
        server = _closure(functions, STARTS)
        snapshot = _closure(functions, SNAPSHOT)
        tests = [name for name in own if name.startswith("test_")]
        starts = [t for t in tests if t in server]
        decides = [t for t in tests if t not in server and t in snapshot]
        others = [t for t in tests if t not in server and t not in snapshot]
        result[path.name] = (starts, decides, others)
    return result


def main(argv: list[str]) -> int:
    """Print the counts (and with --list, each module's)."""
    result = classify()
    if "--list" in argv:
        for module, (starts, decides, others) in result.items():
            print(f"{module}: {len(starts)} start a server, {len(decides)} decide on a snapshot, {len(others)} other")
    n_starts = sum(len(s) for s, _, _ in result.values())
    n_decides = sum(len(d) for _, d, _ in result.values())
    n_others = sum(len(o) for _, _, o in result.values())
    print(f"controller tests: {n_starts} start a server, {n_decides} decide on a snapshot, {n_others} other "
          f"({n_starts + n_decides + n_others} in all)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
