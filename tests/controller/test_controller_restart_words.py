"""No silent change at a restart (issue 35 point 10): a run without the night's --time-limit warns and says
how to keep it (`restart.limit_warning`, which `monopoli run` prints before it connects, decided from the
database); `run` takes the folder's own world config or refuses. That a refused run says nothing of the boards
first is proven by `monopoli run` itself in test_controller_night.py."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from controller_support import PASSWORD

from monopoli_mc.cli import main
from monopoli_mc.cli.restart import limit_warning
from monopoli_mc.controller.clocks import timelimit
from monopoli_mc.controller.db.store import Store
from monopoli_mc.datapack.world_config import default_world_path
from monopoli_mc.rules.settings import load_rules


def test_a_run_without_the_nights_time_limit_warns_and_says_how_to_keep_it(tmp_path: Path) -> None:
    store = Store(tmp_path / "night.db")
    prom = load_rules("prom").time_limit_minutes
    assert prom is None  # the rule set gives no limit of its own
    assert limit_warning(store, None, prom) is None  # no game yet: nothing to keep
    with store.transaction():
        game = store.new_game("main", dataclasses.asdict(load_rules("prom")), 3, ["Alex", "Sam"])
    assert limit_warning(store, None, prom) is None  # its game had no limit
    with store.transaction():
        timelimit.store_limit(store, game, 5400.0)  # tonight's games were started with --time-limit 90m
    assert limit_warning(store, None, prom) == (
        "warning: the night's last game (game 1 on board 'main') started with a time limit of 1 h 30 min, and this "
        "run has no --time-limit: the games it starts get no time limit (those running keep theirs). To keep the "
        "limit, stop this run (Ctrl-C) and start it again with --time-limit 90m")
    assert limit_warning(store, 5400.0, prom) is None and limit_warning(store, 0.0, prom) is None  # a choice
    assert limit_warning(store, None, 90) is None  # the rule set's own limit is the same
    assert limit_warning(store, None, 60).endswith(  # type: ignore[union-attr]
        "the games it starts get the rule set's 1 h (those running keep theirs). To keep the limit, stop this run "
        "(Ctrl-C) and start it again with --time-limit 90m")
    store.close()


def test_run_in_a_folder_without_configs_is_refused_naming_the_checkouts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MONOPOLI_RCON_PASSWORD", PASSWORD)
    with pytest.raises(SystemExit) as exit_:
        main(["run", "--db", "night.db"])
    assert exit_.value.code == 1
    out, err = capsys.readouterr()
    assert out == "" and err == (
        f"error: this folder ({tmp_path}) has no configs/world.yaml: give the world config with --world FILE "
        f"(the checkout's is {default_world_path()}), or start run in the folder that holds configs/\n")
    assert not (tmp_path / "night.db").exists()
