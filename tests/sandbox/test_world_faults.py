"""A sandbox bug fails its one command: never a dead console, never a tick that fails at every tick after.

The bug is injected as a command whose run raises (what an nbtlib range check or a Python
ValueError inside a command did before issue 28): `weather`, which vanilla parses and the
sandbox does not model, is given a handler that divides by zero.
"""

from __future__ import annotations

import json
import pathlib
import time
from collections.abc import Iterator

import pytest

from monopoli_mc.rcon import RconClient
from monopoli_mc.sandbox.registry import HANDLERS, Run
from monopoli_mc.sandbox.runner import Sandbox
from monopoli_mc.sandbox.source import Source
from monopoli_mc.vanilla.tree import Parsed

PASSWORD = "faults-pw"
BOOM = "weather clear"
BUG = f"An unexpected error occurred trying to execute that command (sandbox bug in `{BOOM}`: ZeroDivisionError"


def _boom(p: Parsed) -> Run:
    def run(s: Source) -> int:
        return 1 // 0
    return run


@pytest.fixture
def buggy(monkeypatch: pytest.MonkeyPatch) -> None:
    """`weather clear` runs and raises, as a sandbox bug would."""
    monkeypatch.setitem(HANDLERS, ("weather",), _boom)


def _pack(root: pathlib.Path) -> pathlib.Path:
    pack = root / "pack"
    (pack / "data/minecraft/tags/function").mkdir(parents=True)
    (pack / "data/t/function").mkdir(parents=True)
    (pack / "pack.mcmeta").write_text(json.dumps({"pack": {"pack_format": 94, "description": "t"}}))
    (pack / "data/minecraft/tags/function/tick.json").write_text('{"values":["t:tick"]}')
    (pack / "data/t/function/tick.mcfunction").write_text(
        f"scoreboard players add #before n 1\n{BOOM}\nexecute store result storage t:s v byte 1 run "
        "scoreboard players get #big n\nscoreboard players add #after n 1\n")
    return pack


@pytest.fixture
def box(buggy: None, tmp_path: pathlib.Path) -> Iterator[tuple[Sandbox, RconClient]]:
    with Sandbox(password=PASSWORD, ticking=False, datapack=_pack(tmp_path)) as sandbox:
        with RconClient(*sandbox.address, PASSWORD) as rcon:
            rcon.command("scoreboard objectives add n dummy")
            rcon.command("scoreboard players set #big n 300")
            yield sandbox, rcon


def test_a_tick_function_with_a_broken_line_runs_its_other_lines_every_tick(box: tuple[Sandbox, RconClient]) -> None:
    sandbox, rcon = box
    world = sandbox.world
    before = world.game_time
    world.tick(3)
    assert world.game_time == before + 3
    assert rcon.command("scoreboard players get #before n") == "#before has 3 [n]"
    assert rcon.command("scoreboard players get #after n") == "#after has 3 [n]"
    assert rcon.command("data get storage t:s v") == "Storage t:s has the following contents: 44b"
    bugs = [line for line in world.log if line.startswith(BUG)]
    assert len(bugs) == 3 and all("please report it" in line for line in bugs)


def test_over_rcon_a_broken_command_is_one_line_and_the_next_one_runs(box: tuple[Sandbox, RconClient]) -> None:
    _, rcon = box
    reply = rcon.command(BOOM)
    assert reply.startswith(BUG) and "\n" not in reply and "Traceback" not in reply
    assert rcon.command(f"execute if score #big n matches 300 run {BOOM}").startswith(
        "An unexpected error occurred trying to execute that command (sandbox bug in "
        f"`execute if score #big n matches 300 run {BOOM}`: ZeroDivisionError")
    assert rcon.command("scoreboard players get #big n") == "#big has 300 [n]"


def test_a_broken_command_in_a_ticking_sandbox_leaves_the_clock_running(
        buggy: None, tmp_path: pathlib.Path) -> None:
    with Sandbox(password=PASSWORD, datapack=_pack(tmp_path)) as sandbox:
        with RconClient(*sandbox.address, PASSWORD) as rcon:
            rcon.command("scoreboard objectives add n dummy")
            start = int(rcon.command("time query gametime").rpartition(" ")[2])
            deadline = time.monotonic() + 5
            while int(rcon.command("time query gametime").rpartition(" ")[2]) < start + 3:
                assert time.monotonic() < deadline, "the clock stopped"
                time.sleep(0.02)
            assert rcon.command("scoreboard players get #after n").startswith("#after has ")
