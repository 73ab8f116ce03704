"""Count the controller tests that start a server (a sandbox, a rig, a subprocess) and those that decide
on a snapshot without one (issue 36): `python tests/count_server_tests.py [--list]`.

It reads the test files, it runs nothing. A test function starts a server when its body, its fixtures
or a function it names (in its module, or imported from a support module; fixtures from conftest.py),
followed to the end, names one of `STARTS`; a parametrized test counts once. A snapshot test starts
nothing and names a `Snapshot` or the snapshot helpers of `tests/controller/decide_support.py`.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent / "controller"
# what starts a server or a process of its own, by name; `monopoli demo` (the string "demo" given to the CLI)
# starts a sandbox in the process; the CLI alone (CliRunner) starts nothing
STARTS = {"Sandbox", "run_demo", "subprocess", "Popen", "RconClient", "multiprocessing", "Process", "monopoli demo"}
SNAPSHOT = {"Snapshot", "Desk"}  # what a snapshot test builds

Key = tuple[str, str]  # (module, top-level name)


def _uses(node: ast.AST) -> set[str]:
    """The plain names (not attributes) a definition uses, its parameters (its fixtures) among them."""
    found: set[str] = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name):
            found.add(sub.id)
        elif isinstance(sub, ast.arg):
            found.add(sub.arg)
        elif isinstance(sub, ast.Constant) and sub.value == "demo":
            found.add("monopoli demo")
    return found


def _read(path: Path) -> tuple[dict[str, set[str]], dict[str, Key]]:
    """A module's top-level functions and classes with the names each uses, and what it imports by name."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    defs: dict[str, set[str]] = {}
    imports: dict[str, Key] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                imports[alias.asname or alias.name] = (node.module, alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                imports[alias.asname or alias.name] = (alias.name, "")
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            defs[node.name] = _uses(node)
    return defs, imports


def classify() -> dict[str, tuple[list[str], list[str], list[str]]]:
    """By test module: (tests that start a server, tests that decide on a snapshot, the others)."""
    modules = {path.stem: _read(path) for path in [*HERE.glob("*.py"), HERE.parent / "threads_support.py"]}
    fixtures = modules["conftest"][0]
    memo: dict[tuple[Key, frozenset[str]], bool] = {}

    def reaches(key: Key, marks: frozenset[str], seen: frozenset[Key]) -> bool:
        """Whether this definition names one of `marks`, itself or through what it names."""
        if (key, marks) in memo:
            return memo[key, marks]
        module, name = key
        if module not in modules or key in seen:
            return False
        defs, imports = modules[module]
        uses = defs.get(name, set())
        hit = bool(uses & marks)
        for used in sorted(uses) if not hit else ():
            if used in defs and used != name:
                target: Key | None = (module, used)
            elif used in imports:
                target = imports[used]
            elif used in fixtures and module != "conftest":
                target = ("conftest", used)
            else:
                target = None
            if target is not None and reaches(target, marks, seen | {key}):
                hit = True
                break
        memo[key, marks] = hit
        return hit

    result: dict[str, tuple[list[str], list[str], list[str]]] = {}
    for module in sorted(m for m in modules if m.startswith("test_")):
        tests = [name for name in modules[module][0] if name.startswith("test_")]
        starts = [t for t in tests if reaches((module, t), frozenset(STARTS), frozenset())]
        decides = [t for t in tests if t not in starts and reaches((module, t), frozenset(SNAPSHOT), frozenset())]
        others = [t for t in tests if t not in starts and t not in decides]
        result[f"{module}.py"] = (starts, decides, others)
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
