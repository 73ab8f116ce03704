"""Reads are bounded and always make progress: after an outage the controller catches up on
everything queued, in order, exactly once, on a release that prints lists whole (1.21.11) and
on one that cuts them at 128 elements (1.21.4). Over RCON to a strict sandbox of that release."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from controller_support import Rig, make_rig

from monopoli_mc.sandbox.bots import Bot

NAMES = ["Alex", "Sam", "Robin"]
_NO_DEED = re.compile(r"space (\d+) has no title deed")


@pytest.fixture(params=["1.21.4", "1.21.11"])
def night(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Rig]:
    yield from make_rig(tmp_path, NAMES, version=request.param)


def _queue_during_outage(night: Rig, per_player: int) -> dict[str, list[int]]:
    """Each player asks for the deed of a space that has none, `per_player` times, while no controller
    reads: every answer names its value, so order and count show in the chat."""
    sent: dict[str, list[int]] = {name: [] for name in NAMES}
    for i in range(per_player):
        for n, name in enumerate(NAMES):
            value = 1000 + i * len(NAMES) + n
            night.bots[name].trigger("deed", "set", value)
            sent[name].append(value)
        night.box.world.tick()  # the pack queues the uses and unlocks the triggers
    return sent


def _answers(bot: Bot, before: int) -> list[int]:
    return [int(m.group(1)) for line in bot.chat_text()[before:] for m in [_NO_DEED.search(line)] if m]


@pytest.mark.long(seconds=3)
def test_catch_up_after_an_outage_of_300_inputs(night: Rig) -> None:
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
