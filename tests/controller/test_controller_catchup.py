"""Reads are bounded and always make progress: after an outage the controller catches up on
everything queued, in order, exactly once, on a release that prints lists whole (1.21.11) and
on one that cuts them at 128 elements (1.21.4). Over RCON to a strict sandbox of that release."""

from __future__ import annotations

import dataclasses
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from controller_support import PACK, PASSWORD

from monopoli_mc.controller.loop import Controller, Settings
from monopoli_mc.controller.store import Store
from monopoli_mc.datapack.build import build_pack
from monopoli_mc.datapack.pack import write_pack
from monopoli_mc.datapack.versions import get_version
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.rcon.client import RconClient
from monopoli_mc.rules.board import default_board_path, load_board
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.runner import Sandbox

NAMES = ["Alex", "Sam", "Robin"]
_NO_DEED = re.compile(r"space (\d+) has no title deed")


@dataclasses.dataclass
class Night:
    """A started game of three on a sandbox of one release, and its controller."""

    box: Sandbox
    ctl: Controller
    store: Store
    bots: dict[str, Bot]


def _night(tmp_path: Path, version: str) -> Iterator[Night]:
    world = dataclasses.replace(load_world(), version=get_version(version), movement="teleport")
    folder = PACK if version == "1.21.11" else write_pack(
        build_pack(world, load_board(default_board_path())), tmp_path / "pack")[0]
    with Sandbox(password=PASSWORD, strict=True, datapack=folder, ticking=False, version=version) as box:
        box.world.tick()
        with RconClient(*box.address, PASSWORD) as rcon:
            rcon.command("function monopoli:board/main/place")
            store = Store(tmp_path / "night.db")
            ctl = Controller(rcon, world, store, Settings(rules="prom", seed=3, start_at=len(NAMES),
                                                          auction_quiet=0.0, walk_wait=0.0))
            ctl.start()
            bots = {}
            for name in NAMES:
                bots[name] = Bot.join(box.world, name)
                box.world.tick()
                bots[name].trigger("join")
            box.world.tick(2)
            ctl.poll()
            assert ctl.tables["main"].game is not None
            yield Night(box, ctl, store, bots)
            store.close()
        assert box.world.strict_failures == []


@pytest.fixture(params=["1.21.4", "1.21.11"])
def night(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Night]:
    yield from _night(tmp_path, request.param)


def _queue_during_outage(night: Night, per_player: int) -> dict[str, list[int]]:
    """Each player asks for the deed of a space that has none, `per_player` times, while no controller
    reads: every answer names its value, so order and count show in the chat."""
    sent: dict[str, list[int]] = {name: [] for name in NAMES}
    for i in range(per_player):
        for n, name in enumerate(NAMES):
            value = 1000 + i * len(NAMES) + n
            night.bots[name].trigger("deed", "set", value)
            sent[name].append(value)
        night.box.world.tick()  # the pack queues the uses and unlocks the triggers
    for bot in night.bots.values():
        bot.chat_text()  # what was said before the outage is not counted
    return sent


def _answers(bot: Bot, before: int) -> list[int]:
    return [int(m.group(1)) for line in bot.chat_text()[before:] for m in [_NO_DEED.search(line)] if m]


def test_catch_up_after_an_outage_of_300_inputs(night: Night) -> None:
    before = {name: len(bot.chat_text()) for name, bot in night.bots.items()}
    sent = _queue_during_outage(night, 100)
    started, polls, applied = time.perf_counter(), 0, 0
    while polls < 60:
        polls += 1
        got = night.ctl.poll()
        applied += got
        if got == 0 and applied:
            break
    elapsed = time.perf_counter() - started
    for name, bot in night.bots.items():
        assert _answers(bot, before[name]) == sent[name], name  # every one, once, in order
    assert applied == 300
    inbox = night.box.world.execute("data get storage monopoli:bridge inbox")
    assert inbox == ["Storage monopoli:bridge has the following contents: []"]
    print(f"\ncatch-up of 300 inputs on {night.box.world.version}: {polls} polls, {elapsed:.2f}s")
