"""The project's RconClient against the real sandbox World over TCP, as the controller uses it."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from integration_support import (
    CONVERSATION,
    PASSWORD,
    UNKNOWN,
    assert_strict_clean,
    expect_rejected,
    make_pack,
)
from monopoli_mc.errors import RconAuthError, RconConnectionError
from monopoli_mc.rcon import RconClient
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.runner import Sandbox
from monopoli_mc.sandbox.world import World


def client(box: Sandbox, password: str = PASSWORD) -> RconClient:
    return RconClient(*box.address, password, timeout=2)


def test_commands_answer_with_vanilla_texts(sandbox: Sandbox, world: World) -> None:
    with client(sandbox) as rcon:
        assert [(c, rcon.command(c)) for c, _ in CONVERSATION] == CONVERSATION
        assert rcon.command("scoreboard players get Bob Cash") == (
            "Can't get value of Cash for Bob; none is set")
    expect_rejected(world, "frobnicate now")


def test_one_leading_slash_is_dropped_as_vanilla_does(sandbox: Sandbox, world: World) -> None:
    with client(sandbox) as rcon:
        rcon.command("scoreboard objectives add Cash dummy")
        assert rcon.command("/scoreboard players set Alex Cash 7") == "Set [Cash] for Alex to 7"
        assert rcon.command("//scoreboard players get Alex Cash") == (
            f"{UNKNOWN}/scoreboard players get Alex Cash<--[HERE]")
    expect_rejected(world, "/scoreboard players get Alex Cash")


def test_wrong_password_names_the_server_and_hides_the_password(sandbox: Sandbox) -> None:
    rcon = client(sandbox, "not-the-password")
    with pytest.raises(RconAuthError) as caught:
        rcon.connect()
    assert f"127.0.0.1:{sandbox.port}" in str(caught.value)
    assert "not-the-password" not in str(caught.value) + repr(rcon)


def test_reply_over_10000_characters_with_non_ascii_arrives_whole(sandbox: Sandbox,
                                                                   world: World) -> None:
    piece = "Ünïcødé ✓ Parco della Vittoria 😀 " * 12  # 1.4 KB of UTF-8 would be too long
    with client(sandbox) as rcon:
        rcon.command("data modify storage monopoli:bridge big set value []")
        for _ in range(30):  # each request must stay under 1446 bytes
            rcon.command(f'data modify storage monopoli:bridge big append value "{piece}"')
        reply = rcon.command("data get storage monopoli:bridge big")
    items = ", ".join(f'"{piece}"' for _ in range(30))
    assert reply == f"Storage monopoli:bridge has the following contents: [{items}]"
    assert len(reply) > 10_000 and len(reply.encode("utf-8")) > 3 * 4096
    assert [reply] == world.execute("data get storage monopoli:bridge big")


def test_reconnect_after_the_sandbox_restarts(world: World) -> None:
    first = Sandbox(password=PASSWORD, world=world, ticking=False).start()
    rcon = client(first)
    try:
        rcon.connect()
        assert rcon.command("scoreboard objectives add Cash dummy") == "Created new objective [Cash]"
        first.stop()
        with pytest.raises(RconConnectionError):
            rcon.command("scoreboard players set Alex Cash 1500")
        assert not rcon.is_connected
        with Sandbox(password=PASSWORD, world=world, port=first.port, ticking=False):
            rcon.reconnect(attempts=5, delay=0.02)
            assert rcon.command("scoreboard players set Alex Cash 1500") == (
                "Set [Cash] for Alex to 1500")
    finally:
        rcon.close()
        first.server.close()


def test_a_bots_trigger_is_read_back_over_rcon(sandbox: Sandbox, world: World) -> None:
    alex = Bot.join(world, "Alex")
    with client(sandbox) as rcon:
        assert rcon.command("scoreboard objectives add roll trigger") == "Created new objective [roll]"
        assert alex.trigger("roll", "set", 3) == ["You cannot trigger this objective yet"]
        assert rcon.command("scoreboard players enable Alex roll") == "Enabled trigger [roll] for Alex"
        assert alex.trigger("roll", "set", 3) == ["Triggered [roll] (set value to 3)"]
        assert rcon.command("scoreboard players get Alex roll") == "Alex has 3 [roll]"
        assert alex.trigger("roll", "set", 9) == ["You cannot trigger this objective yet"]
        assert rcon.command("scoreboard players get Alex roll") == "Alex has 3 [roll]"
        assert rcon.command("list") == "There are 1 of a max of 20 players online: Alex"


def test_a_datapack_loads_and_ticks_at_20_per_second(tmp_path: Path) -> None:
    world = World(strict=True)
    with Sandbox(password=PASSWORD, world=world, datapack=make_pack(tmp_path)) as box:
        assert world.load_errors == []
        with client(box) as rcon:
            assert rcon.command("scoreboard players get #loads ticks") == "#loads has 1 [ticks]"
            assert rcon.command('function tiny:push {kind:"roll",value:3}') == (
                "Running function tiny:push")
            assert rcon.command("data get storage monopoli:bridge inbox") == (
                'Storage monopoli:bridge has the following contents: [{kind: "roll", value: 3}]')
            time.sleep(0.2)
            ticks = int(rcon.command("scoreboard players get #n ticks").split()[2])
    assert 2 <= ticks <= world.game_time
    assert_strict_clean(world)


def test_stop_over_rcon_asks_the_owner_to_stop(sandbox: Sandbox) -> None:
    with client(sandbox) as rcon:
        assert rcon.command("stop") == "Stopping the server"
    assert sandbox.stop_requested.is_set()
