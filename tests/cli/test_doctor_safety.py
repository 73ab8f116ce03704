"""doctor reads the difficulty and the keep-inventory rule: slimes killed players on a real server at easy
(issue 33), and each death dropped the player's books."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from test_doctor_server import PACK, PASSWORD, doctor

from monopoli_mc.sandbox.runner import Sandbox


@pytest.fixture()
def sandbox(tmp_path: Path) -> Iterator[Sandbox]:
    with Sandbox(password=PASSWORD, strict=True, datapack=PACK) as box:  # the pack's load sets both
        box.world.execute("function monopoli:board/main/place")
        yield box


def test_the_pack_leaves_both_set(sandbox: Sandbox, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code, out = doctor(tmp_path, sandbox.port, monkeypatch)
    assert code == 0, out
    assert "ok   the difficulty is Peaceful: no hostile mob spawns, none is about" in out
    assert "ok   keep_inventory is true: a player who dies keeps every book" in out


def test_easy_and_books_dropped_are_fixes_with_the_commands(sandbox: Sandbox, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    sandbox.world.execute("difficulty easy")  # the server started again with server.properties' easy
    sandbox.world.execute("gamerule keep_inventory false")
    code, out = doctor(tmp_path, sandbox.port, monkeypatch)
    assert code == 1
    assert ("FIX  the difficulty is Easy: slimes and other hostile mobs spawn on the board and kill players (a "
            "death sends them to the world spawn): the pack sets it on load: /reload, or run /difficulty peaceful; "
            "and set difficulty=peaceful in server.properties, which the server applies at every start") in out
    assert ("FIX  keep_inventory is false: a player who dies drops every book they hold on the floor: the pack "
            "sets it on load: /reload, or run /gamerule keep_inventory true") in out
