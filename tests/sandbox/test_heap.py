"""The sandbox keeps what a pack load and a placed structure make out of Python's full collections while it
runs, and gives it back when it stops (`monopoli_mc.sandbox.heap`): a full collection of 16 boards' worth of
objects stopped a controller in the same process for 0.3-0.7 s (docs/performance.md)."""

from __future__ import annotations

import gc
import socket
from pathlib import Path

import pytest

from monopoli_mc.errors import ConfigError
from monopoli_mc.sandbox.runner import Sandbox

ROOT = Path(__file__).resolve().parents[2]


def test_the_pack_and_the_board_are_kept_while_the_sandbox_runs_and_given_back_when_it_stops() -> None:
    with Sandbox(password="pw", datapack=ROOT / "datapacks" / "monopoli.zip", ticking=False) as box:
        loaded = gc.get_freeze_count()
        assert loaded > 0  # the pack's runs
        kept = next(iter(box.world.functions.compiled.values()))
        assert not any(kept is o for o in gc.get_objects())  # out of every generation the collector walks
        box.world.execute("forceload add 0 0 63 63")
        box.world.execute("function monopoli:board/main/place")
        assert gc.get_freeze_count() > loaded  # and the board's blocks
    assert gc.get_freeze_count() == 0


def test_a_world_made_alone_is_left_to_the_collector() -> None:
    from monopoli_mc.sandbox.world import World

    before = gc.get_freeze_count()
    world = World(strict=True)
    world.load_datapack(ROOT / "datapacks" / "monopoli.zip")
    world.execute("forceload add 0 0 63 63")
    world.execute("function monopoli:board/main/place")
    assert gc.get_freeze_count() == before


def test_a_sandbox_that_cannot_start_keeps_nothing() -> None:
    """Its pack was loaded and kept; a busy port (or an empty password, refused before the load) leaves
    nothing out of the collector."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        with pytest.raises(ConfigError, match="cannot listen"):
            with Sandbox(password="pw", port=taken.getsockname()[1], datapack=ROOT / "datapacks" / "monopoli.zip",
                         ticking=False):
                pass
    assert gc.get_freeze_count() == 0
    with pytest.raises(ConfigError, match="password is empty"):
        Sandbox(password="", datapack=ROOT / "datapacks" / "monopoli.zip", ticking=False)
    assert gc.get_freeze_count() == 0
