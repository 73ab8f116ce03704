"""Deaths, respawns and the difficulty as vanilla has them (ledger rows H3-H7), read over the real RCON wire."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from monopoli_mc.rcon import RconClient
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.runner import Sandbox

PASSWORD = "deaths-pw"


@pytest.fixture(params=["1.20.5", "1.21.4", "1.21.11"])
def wired(request: pytest.FixtureRequest) -> Iterator[tuple[Sandbox, RconClient]]:
    with Sandbox(password=PASSWORD, strict=True, ticking=False, version=request.param) as box, \
            RconClient(*box.address, PASSWORD) as rcon:
        yield box, rcon
        assert box.world.strict_failures == []


def _keep(box: Sandbox) -> str:
    return "keep_inventory" if box.world.version == "1.21.11" else "keepInventory"


def test_h3_difficulty_query_set_and_same_again(wired: tuple[Sandbox, RconClient]) -> None:
    _box, rcon = wired
    assert rcon.command("difficulty") == "The difficulty is Easy"  # server.properties' default
    assert rcon.command("difficulty peaceful") == "The difficulty has been set to Peaceful"
    assert rcon.command("difficulty peaceful") == "The difficulty did not change; it is already set to peaceful"
    assert rcon.command("difficulty hard") == "The difficulty has been set to Hard"
    rcon.command("execute store result storage t:t d int 1 run difficulty")  # the query's result: the id
    assert rcon.command("data get storage t:t d") == "Storage t:t has the following contents: 3"


def test_h4_h5_h6_a_death_drops_counts_and_waits_on_the_death_screen(wired: tuple[Sandbox, RconClient]) -> None:
    box, rcon = wired
    alex = Bot.join(box.world, "Alex")
    rcon.command("scoreboard objectives add died deathCount")
    rcon.command("give Alex minecraft:written_book 2")
    rcon.command("tp Alex 5 -60 5")
    assert rcon.command("kill Alex") == "Killed Alex"
    assert "Alex was killed" in alex.chat_text()  # death.attack.genericKill, showDeathMessages on
    assert rcon.command("scoreboard players get Alex died") == "Alex has 1 [died]"
    assert rcon.command("scoreboard players set Alex died 0") == "Set [died] for Alex to 0"  # not read-only
    item = rcon.command("data get entity @e[type=minecraft:item,limit=1]")
    assert 'id: "minecraft:written_book"' in item and "PickupDelay: 40s" in item and "5.5d, -58.68" in item
    assert alex.inventory() == {}
    found = rcon.command("execute if entity @e[type=minecraft:player]")
    assert found == "Test failed"  # dead: @e tests isAlive
    assert rcon.command("execute if entity @a").startswith("Test passed")  # @a does not


def test_h5_h7_keep_inventory_and_the_respawn(wired: tuple[Sandbox, RconClient]) -> None:
    box, rcon = wired
    alex = Bot.join(box.world, "Alex")
    rcon.command(f"gamerule {_keep(box)} true")
    rcon.command("give Alex minecraft:written_book")
    rcon.command("tag Alex add walker")
    rcon.command("tp Alex 5 -60 5")
    rcon.command("kill Alex")
    assert rcon.command("execute if entity @e[type=minecraft:item]") == "Test failed"
    assert alex.respawn()  # the Respawn button
    assert not alex.respawn()  # alive: nothing to press
    assert alex.player.pos == tuple(float(c) for c in box.world.spawn)
    assert [s.id for s in alex.inventory().values()] == ["minecraft:written_book"]
    assert rcon.command("execute if entity @e[type=minecraft:player,tag=walker]").startswith("Test passed")


def test_h6_immediate_respawn(wired: tuple[Sandbox, RconClient]) -> None:
    box, rcon = wired
    alex = Bot.join(box.world, "Alex")
    rule = "immediate_respawn" if box.world.version == "1.21.11" else "doImmediateRespawn"
    rcon.command(f"gamerule {rule} true")
    rcon.command("kill Alex")
    assert rcon.command("execute if entity @e[type=minecraft:player]").startswith("Test passed")
    assert not alex.respawn()
