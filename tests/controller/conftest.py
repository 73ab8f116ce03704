"""Fixtures for the controller tests (helpers live in controller_support, a unique module name)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from controller_support import Rig, make_rig
from decide_support import Desk


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[Rig]:
    """Three players at a started prom game (teleport mode), the clock stepped by the test."""
    yield from make_rig(tmp_path, ["Alex", "Sam", "Robin"])


@pytest.fixture
def desk() -> Desk:
    """Three players at a started prom game (teleport mode), decided on snapshots with no server."""
    return Desk(["Alex", "Sam", "Robin"])
