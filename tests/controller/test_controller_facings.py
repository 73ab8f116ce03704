"""A board facing north, east or south plays as one facing west: bots walk it and press its buttons."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from monopoli_mc.datapack.world_config import default_world_path
from monopoli_mc.demo.run import run_demo
from monopoli_mc.rules.phases import OVER


@pytest.mark.parametrize("facing", ["north", "east", "south"])  # west: test_controller_games
def test_a_turned_board_plays(tmp_path: Path, facing: str) -> None:
    text = default_world_path().read_text(encoding="utf-8")
    assert "facing: west " in text
    world = tmp_path / "world.yaml"
    world.write_text(text.replace("facing: west ", f"facing: {facing} ")
                     .replace("origin: [0, -60, 0]", "origin: [-30, -60, 17]"), encoding="utf-8")
    record = tmp_path / "record.jsonl"
    result = run_demo(players=3, seed=2, speed=20, world_path=world, movement="walk", strict=True,
                      record=record, echo=lambda line: None, timeout=120, db=tmp_path / "night.db",
                      max_rounds=4)  # two draws (their buttons pressed), 14 walks
    assert result.game.phase == OVER
    assert result.strict_failures == []
    replies = " ".join(json.loads(line)["reply"] for line in record.read_text().splitlines())
    pressed = {kind for kind in ("naughty", "nice", "crate") if f'kind: "{kind}"' in replies}
    assert pressed, "no bot pressed a building's button"
