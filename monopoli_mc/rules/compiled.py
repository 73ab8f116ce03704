"""The optional compiled engine: `make fast` builds the rules modules with mypyc into build/fast/.

The pure-Python source is the default and the fallback. `monopoli_mc.rules` calls
`choose_engine` before any rules module is imported; it puts build/fast/ first on the
package's path only when the build is there, was made for this Python, and every source
file is the one it was built from (hashes recorded at build time). A stale or missing
build is skipped with a one-line warning when it would otherwise have been used.

MONOPOLI_ENGINE chooses: `auto` (the default: compiled when built and fresh), `compiled`
(the same, but says why when it cannot be), `pure` (never the build).

`make fast` runs `main()` to build; it does nothing when the build is fresh.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import monopoli_mc

ENV_VAR = "MONOPOLI_ENGINE"
ENGINES = ("auto", "compiled", "pure")
RULES_DIR = Path(__file__).resolve().parent
BUILD_DIR = Path(monopoli_mc.__file__).resolve().parent.parent / "build" / "fast"
MANIFEST = "manifest.json"
GROUP = "monopoli_mc.rules.engine"  # the shared library every compiled module lives in
# Modules left pure, and why.
PURE = {
    "__init__.py": "chooses the engine, before any compiled module can load",
    "compiled.py": "this module: it runs before the choice is made",
    "yamlsource.py": "subclasses dict, list and yaml's loader, which mypyc cannot compile; read at load time only",
    "board.py": "its frozen dataclasses go to simulate --jobs workers by pickle, and mypyc's frozen dataclasses "
                "cannot be unpickled; read at load time, the engine plays from tables derived from it",
    "settings.py": "tells the kinds of settings from Rules' annotations, which mypyc keeps only as classes "
                   "(int | None becomes type); read at load time, Rules' fields work the same from compiled code",
}


def compiled_sources(rules_dir: Path = RULES_DIR) -> list[Path]:
    """The source files `make fast` compiles: every rules module but the ones in PURE."""
    return sorted(p for p in rules_dir.glob("*.py") if p.name not in PURE)


def source_hashes(rules_dir: Path = RULES_DIR) -> dict[str, str]:
    """File name -> sha256 of its bytes, for every compiled source."""
    import hashlib  # here, like json and sysconfig below: a run without a build never needs them (~4 ms)

    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in compiled_sources(rules_dir)}


def staleness(build_dir: Path = BUILD_DIR, rules_dir: Path = RULES_DIR) -> str | None:
    """Why the build cannot be used ("" when there is none at all), or None when it is fresh."""
    try:
        text = (build_dir / MANIFEST).read_text(encoding="utf-8")
    except FileNotFoundError:
        return ""
    except (OSError, ValueError) as exc:  # ValueError: not UTF-8
        return f"its {MANIFEST} cannot be read ({exc})"
    import json
    import sysconfig

    try:
        manifest = json.loads(text)
    except ValueError as exc:
        return f"its {MANIFEST} cannot be read ({exc})"
    if manifest.get("ext_suffix") != sysconfig.get_config_var("EXT_SUFFIX"):
        return f"it was built for another Python ({manifest.get('ext_suffix')!r})"
    built = manifest.get("sources", {})
    now = source_hashes(rules_dir)
    changed = sorted(name for name in now.keys() | built.keys() if now.get(name) != built.get(name))
    if changed:
        shown = ", ".join(changed[:3]) + (f" and {len(changed) - 3} more" if len(changed) > 3 else "")
        return f"the source changed since it was built ({shown})"
    return None


def choose_engine(package_path: list[str], *, setting: str | None = None, build_dir: Path = BUILD_DIR,
                  rules_dir: Path = RULES_DIR) -> tuple[str, str | None]:
    """("compiled" or "pure", a warning or None); on "compiled", build_dir/monopoli_mc/rules
    is put first on `package_path` (the rules package's __path__)."""
    setting = os.environ.get(ENV_VAR, "auto") if setting is None else setting
    if setting not in ENGINES:
        return "pure", f"{ENV_VAR} is pure, compiled or auto, not {setting!r}: using the pure engine"
    if setting == "pure":
        return "pure", None
    why = staleness(build_dir, rules_dir)
    if why is None:
        package_path.insert(0, str(build_dir / "monopoli_mc" / "rules"))
        return "compiled", None
    if why == "":
        return "pure", (f"no compiled engine in {build_dir}: using the pure engine (make fast builds it)"
                        if setting == "compiled" else None)
    return "pure", f"compiled engine in {build_dir} skipped: {why}; using the pure engine (make fast rebuilds it)"


def build(build_dir: Path = BUILD_DIR, rules_dir: Path = RULES_DIR) -> bool:
    """Compile the engine into build_dir unless it is fresh; whether it built.

    Raises SystemExit when mypyc or the C compiler fails (their messages are printed above).
    """
    if staleness(build_dir, rules_dir) is None:
        return False
    import json
    import sysconfig
    import warnings

    from mypyc.build import mypycify  # mypy's compiler: only `make fast` needs it
    from setuptools import setup

    temp = build_dir.parent / "fast-temp"
    for old in build_dir.glob("**/*"):
        if old.is_file():
            old.unlink()
    hashes = source_hashes(rules_dir)  # before compiling: an edit during the build makes it stale
    extensions = mypycify([str(p) for p in compiled_sources(rules_dir)], opt_level="3", group_name=GROUP,
                          target_dir=str(temp))
    warnings.filterwarnings("ignore", message=r"Support for `\[tool.setuptools\]`")  # our pyproject, read by setup()
    setup(name="monopoli-mc-engine", ext_modules=extensions, packages=[], py_modules=[],
          script_args=["-q", "build_ext", "--build-lib", str(build_dir), "--build-temp", str(temp),
                       "--parallel", str(os.cpu_count() or 1)])
    manifest = {"ext_suffix": sysconfig.get_config_var("EXT_SUFFIX"), "sources": hashes}
    (build_dir / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return True


def main() -> None:
    """`make fast`: build, and say what was done."""
    built = build()
    print(f"compiled engine {'built' if built else 'already up to date'} in {BUILD_DIR}", file=sys.stderr)
