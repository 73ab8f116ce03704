"""The choice between the pure engine and its compiled build (make fast), and which one runs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

import monopoli_mc.rules
from monopoli_mc.rules import game
from monopoli_mc.rules.compiled import MANIFEST, choose_engine, source_hashes

# Prints a digest of seeded games of every rule set: actions, events and final states.
_DIGEST = """
import dataclasses, hashlib, json
from monopoli_mc.rules import ENGINE
from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.settings import available_rule_sets, load_rules
from monopoli_mc.rules.simulate import play_game
digest = hashlib.sha256()
for name in available_rule_sets():
    rules = dataclasses.replace(load_rules(name), max_rounds=60)
    board = load_board(board_path(rules.board))
    for seed in range(3):
        games, actions = [], []
        def seen(game, events):
            games[:] = [game]
            digest.update(repr(events).encode())
        for checked in (False, True):
            play_game(rules, board, 4, seed, on_events=seen, checked=checked, record=actions)
            digest.update(repr(actions).encode() + json.dumps(games[0].to_data(), sort_keys=True).encode())
print(ENGINE, digest.hexdigest())
"""


def test_the_engine_running_is_the_one_asked_for() -> None:
    """make test runs the rules tests with MONOPOLI_ENGINE=pure, then =compiled: each must get its own."""
    loaded = "compiled" if Path(game.__file__).suffix in (".so", ".pyd") else "pure"
    assert monopoli_mc.rules.ENGINE == loaded
    asked = os.environ.get("MONOPOLI_ENGINE")
    if asked in ("pure", "compiled"):
        assert loaded == asked


@pytest.mark.skipif(monopoli_mc.rules.ENGINE != "compiled", reason="compares the compiled engine with the pure one")
def test_the_compiled_engine_plays_the_games_of_the_pure_one() -> None:
    """Every rule set, seeded games both ways (fast path and checked): the same actions, events
    and final states, to the byte, as a pure-Python process plays them."""
    def run(engine: str) -> str:
        env = {**os.environ, "MONOPOLI_ENGINE": engine}
        done = subprocess.run([sys.executable, "-c", _DIGEST], env=env, capture_output=True, text=True, check=True)
        return done.stdout.strip()

    compiled, pure = run("compiled"), run("pure")
    assert compiled.split()[0] == "compiled" and pure.split()[0] == "pure"
    assert compiled.split()[1] == pure.split()[1]


def _project(tmp_path: Path) -> tuple[Path, Path]:
    """A rules folder of two modules and a fresh build of them."""
    rules, build = tmp_path / "rules", tmp_path / "build"
    rules.mkdir()
    (rules / "__init__.py").write_text("")
    (rules / "dice.py").write_text("SIDES = 6\n")
    (rules / "jail.py").write_text("FINE = 50\n")
    build.mkdir()
    manifest = {"ext_suffix": sysconfig.get_config_var("EXT_SUFFIX"), "sources": source_hashes(rules)}
    (build / MANIFEST).write_text(json.dumps(manifest))
    return rules, build


def test_a_fresh_build_goes_first_on_the_package_path(tmp_path: Path) -> None:
    rules, build = _project(tmp_path)
    for setting in ("auto", "compiled"):
        path = [str(rules)]
        assert choose_engine(path, setting=setting, build_dir=build, rules_dir=rules) == ("compiled", None)
        assert path == [str(build / "monopoli_mc" / "rules"), str(rules)]


def test_an_edited_source_is_never_shadowed_by_its_old_build(tmp_path: Path) -> None:
    rules, build = _project(tmp_path)
    (rules / "jail.py").write_text("FINE = 100\n")
    for setting in ("auto", "compiled"):
        path = [str(rules)]
        engine, warning = choose_engine(path, setting=setting, build_dir=build, rules_dir=rules)
        assert (engine, path) == ("pure", [str(rules)])
        assert warning is not None and "jail.py" in warning and "make fast" in warning
        assert "dice.py" not in warning and "\n" not in warning


def test_a_module_added_or_removed_since_the_build_makes_it_stale(tmp_path: Path) -> None:
    rules, build = _project(tmp_path)
    (rules / "auction.py").write_text("")
    (rules / "dice.py").unlink()
    engine, warning = choose_engine([], setting="auto", build_dir=build, rules_dir=rules)
    assert engine == "pure" and warning is not None and "auction.py, dice.py" in warning


def test_a_build_for_another_python_is_skipped(tmp_path: Path) -> None:
    rules, build = _project(tmp_path)
    manifest = json.loads((build / MANIFEST).read_text())
    (build / MANIFEST).write_text(json.dumps({**manifest, "ext_suffix": ".cpython-39-x86_64-linux-gnu.so"}))
    engine, warning = choose_engine([], setting="auto", build_dir=build, rules_dir=rules)
    assert engine == "pure" and warning is not None and "cpython-39" in warning


def test_a_broken_manifest_is_skipped_and_said(tmp_path: Path) -> None:
    rules, build = _project(tmp_path)
    (build / MANIFEST).write_text("{not json")
    engine, warning = choose_engine([], setting="auto", build_dir=build, rules_dir=rules)
    assert engine == "pure" and warning is not None and MANIFEST in warning and "make fast" in warning


def test_without_a_build_auto_is_silent_and_compiled_says_how_to_build(tmp_path: Path) -> None:
    rules, _ = _project(tmp_path)
    missing = tmp_path / "nothing"
    assert choose_engine([], setting="auto", build_dir=missing, rules_dir=rules) == ("pure", None)
    engine, warning = choose_engine([], setting="compiled", build_dir=missing, rules_dir=rules)
    assert engine == "pure" and warning is not None and "make fast" in warning


def test_pure_ignores_a_fresh_build_and_a_bad_setting_is_named(tmp_path: Path) -> None:
    rules, build = _project(tmp_path)
    path = [str(rules)]
    assert choose_engine(path, setting="pure", build_dir=build, rules_dir=rules) == ("pure", None)
    engine, warning = choose_engine(path, setting="fast", build_dir=build, rules_dir=rules)
    assert (engine, path) == ("pure", [str(rules)])
    assert warning is not None and "'fast'" in warning and "MONOPOLI_ENGINE" in warning


def test_importing_the_engine_prints_nothing_and_the_cli_says_the_warning_once(tmp_path: Path) -> None:
    """A library prints nothing at import: the warning is a value, and the command line says it."""
    env = {**os.environ, "MONOPOLI_ENGINE": "fast"}  # a bad setting: always a warning
    imported = subprocess.run([sys.executable, "-c", "import monopoli_mc.rules as r; print(r.ENGINE_WARNING)"],
                              env=env, capture_output=True, text=True, check=True)
    assert imported.stderr == "" and "'fast'" in imported.stdout
    run = subprocess.run([sys.executable, "-c", "from monopoli_mc.cli import main; main()", "simulate", "--games", "1"], env=env,
                         capture_output=True, text=True, check=True)
    assert run.stderr.count("'fast'") == 1, run.stderr
