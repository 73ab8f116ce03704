"""mcrcon, the client many server tools use, against the real sandbox World.

mcrcon times out with SIGALRM, so it runs on the main thread only, as pytest runs tests.
"""

from __future__ import annotations

import pytest
from mcrcon import MCRcon, MCRconException

from integration_support import CONVERSATION, PASSWORD, expect_rejected
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.runner import Sandbox
from monopoli_mc.sandbox.world import World


def mcrcon(box: Sandbox, password: str = PASSWORD) -> MCRcon:
    return MCRcon(box.address[0], password, port=box.port, timeout=2)


def test_login_and_vanilla_texts(sandbox: Sandbox, world: World) -> None:
    with mcrcon(sandbox) as mcr:
        assert [(c, mcr.command(c)) for c, _ in CONVERSATION] == CONVERSATION
        assert mcr.command("/scoreboard players get Alex Cash") == "Alex has 1500 [Cash]"
    expect_rejected(world, "frobnicate now")


def test_wrong_password(sandbox: Sandbox) -> None:
    mcr = mcrcon(sandbox, "nope")
    with pytest.raises(MCRconException, match="Login failed"):
        mcr.connect()
    mcr.disconnect()


def test_unknown_packet_type(sandbox: Sandbox) -> None:
    with mcrcon(sandbox) as mcr:
        assert mcr._send(5, "") == "Unknown request 5"
        assert mcr._send(100, "list") == "Unknown request 64"


def test_a_bots_trigger_read_with_mcrcon(sandbox: Sandbox, world: World) -> None:
    with mcrcon(sandbox) as mcr:
        mcr.command("scoreboard objectives add buy trigger")
        bot = Bot.join(world, "Bea")
        assert mcr.command("scoreboard players enable @a buy") == "Enabled trigger [buy] for Bea"
        assert bot.trigger("buy") == ["Triggered [buy]"]
        assert mcr.command("scoreboard players get Bea buy") == "Bea has 1 [buy]"
