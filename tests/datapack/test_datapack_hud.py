"""The table's line on the action bar (datapack/hud.py), over RCON: refreshed each second, held back
while a message of the controller's is on the action bar, and never shown to a player seated nowhere."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from monopoli_mc.datapack import calls
from monopoli_mc.datapack.versions import get_version
from monopoli_mc.rcon.client import RconClient
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.runner import Sandbox

PACK = Path(__file__).resolve().parents[2] / "datapacks" / "monopoli"
PASSWORD = "hud-pw"
V = get_version("1.21.11")


@pytest.fixture()
def box() -> Iterator[tuple[Sandbox, RconClient]]:
    with Sandbox(password=PASSWORD, strict=True, datapack=PACK, ticking=False) as sandbox, \
            RconClient(*sandbox.address, PASSWORD) as rcon:
        sandbox.world.tick()
        yield sandbox, rcon
        assert sandbox.world.strict_failures == []


def _bars(bot: Bot) -> list[str]:
    return [words for kind, words in bot.titles() if kind == "actionbar"]


def test_the_line_is_refreshed_and_held_back_for_a_message(box: tuple[Sandbox, RconClient]) -> None:
    sandbox, rcon = box
    alex, kim = Bot.join(sandbox.world, "Alex"), Bot.join(sandbox.world, "Kim")
    for call in (calls.sit("Alex", 1), calls.cash("Alex", 1500), calls.cash("Kim", 900),
                 calls.jar("main", 250), calls.hud("main", "Alex")):
        rcon.command(call)
    sandbox.world.tick(20)
    assert _bars(alex) == ["Cash $1500   Jar $250   Alex's turn"]
    assert _bars(kim) == []  # a cash score, but seated at no table: nothing
    line = "Cash $1500   Jar $250   Alex's turn"
    for _ in range(80):  # refreshed once a second: on screen at every tick (vanilla keeps one 60 ticks)
        sandbox.world.tick()
        assert alex.action_bar() == line
    assert len(_bars(alex)) == 5
    for call in calls.messages("actionbar", "Alex", "Doubles! 4+4", V):
        rcon.command(call)
    shown = []
    for _ in range(80):
        sandbox.world.tick()
        shown.append(alex.action_bar())
    # the message its 40 ticks at full strength at least, then the line, never an empty bar
    assert shown[:40] == ["Doubles! 4+4"] * 40 and shown[-1] == line
    assert set(shown) == {"Doubles! 4+4", line} and shown.index(line) <= 60
    rcon.command(calls.jar("main", None))
    rcon.command(calls.hud("main", None))
    sandbox.world.tick(20)
    assert _bars(alex)[-1] == "Cash $1500   Game over"  # rules without a jar: no jar on the line
