"""A /trigger typed in the same tick as a /reload reaches the inbox (issue 27, point 9).

Vanilla runs `#minecraft:load` at the start of the first tick after a reload, before
`#minecraft:tick` (`ServerFunctionManager.tick`, ledger F3): a load that zeroed every trigger
score threw away a value the tick had not read yet.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from monopoli_mc.rcon.client import RconClient
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.runner import Sandbox

PACK = Path(__file__).resolve().parents[2] / "datapacks" / "monopoli"
PASSWORD = "reload-pw"


@pytest.fixture()
def box() -> Iterator[tuple[Sandbox, RconClient]]:
    with Sandbox(password=PASSWORD, strict=True, datapack=PACK, ticking=False) as sandbox, \
            RconClient(*sandbox.address, PASSWORD) as rcon:
        sandbox.world.tick()
        yield sandbox, rcon
        assert sandbox.world.strict_failures == []


@pytest.mark.parametrize("trigger,args", [("d6", ()), ("bid", ("set", 75))])
def test_trigger_in_the_reload_tick_is_queued(box: tuple[Sandbox, RconClient], trigger: str,
                                              args: tuple[object, ...]) -> None:
    sandbox, rcon = box
    alex = Bot.join(sandbox.world, "Alex")
    sandbox.world.tick()
    alex.trigger(trigger, *args)  # type: ignore[arg-type]
    assert rcon.command("reload") == "Reloading!"
    sandbox.world.tick()  # load, then tick: the tick reads the value the load left
    inbox = rcon.command("data get storage monopoli:bridge inbox")
    assert inbox.count(f'kind: "{trigger}"') == 1, inbox
    if args:
        assert "value: 75" in inbox
    # and the trigger is enabled again afterwards: the next use counts too
    sandbox.world.tick()
    alex.trigger(trigger, *args)  # type: ignore[arg-type]
    sandbox.world.tick()
    assert rcon.command("data get storage monopoli:bridge inbox").count(f'kind: "{trigger}"') == 2
