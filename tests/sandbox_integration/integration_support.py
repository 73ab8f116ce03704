"""Helpers for the integration tests: the real Sandbox (strict World) on a free port, a tiny
datapack, and a bare socket that frames packets with the project's sans-IO packet code."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from monopoli_mc.rcon import Packet, PacketDecoder, encode_packet
from monopoli_mc.sandbox.runner import Sandbox
from monopoli_mc.sandbox.world import World

PASSWORD = "integration-pw"
UNKNOWN = "Unknown or incomplete command. See below for error"
CONVERSATION = [
    ("scoreboard objectives add Cash dummy", "Created new objective [Cash]"),
    ("scoreboard players set Alex Cash 1500", "Set [Cash] for Alex to 1500"),
    ("scoreboard players get Alex Cash", "Alex has 1500 [Cash]"),
    ('data modify storage monopoli:bridge inbox append value {seq:1,kind:"roll",player:"Alex",value:3}',
     "Modified storage monopoli:bridge"),
    ("data get storage monopoli:bridge",
     'Storage monopoli:bridge has the following contents: '
     '{inbox: [{kind: "roll", value: 3, seq: 1, player: "Alex"}]}'),
    ('tellraw @a "nobody is online"', "No player was found"),
    # Two messages, joined with no newline, as vanilla's shared console buffer joins them.
    ("frobnicate now", f"{UNKNOWN}frobnicate now<--[HERE]"),
]
"""Commands and vanilla's exact replies, for every client to replay; `frobnicate` breaks strict."""


def assert_strict_clean(world: World) -> None:
    """Fail the test if strict mode recorded a command mecha could not parse."""
    if world.strict_failures:
        failures, world.strict_failures[:] = list(world.strict_failures), []
        pytest.fail(f"strict mode rejected: {failures}")


def expect_rejected(world: World, *lines: str) -> None:
    """Strict mode rejected exactly these lines, on purpose; forget them."""
    assert world.strict_failures == list(lines)
    world.strict_failures.clear()


@pytest.fixture
def world() -> Iterator[World]:
    """A strict World; the test fails if any command or function line broke strict mode."""
    w = World(strict=True)
    yield w
    assert_strict_clean(w)


@pytest.fixture
def sandbox(world: World) -> Iterator[Sandbox]:
    """The strict world behind real RCON on a free port; the clock is stepped by the test."""
    with Sandbox(password=PASSWORD, world=world, ticking=False) as box:
        yield box


def make_pack(root: Path) -> Path:
    """A datapack whose load makes a `ticks` objective and whose tick counts ticks."""
    pack = root / "tinypack"
    tags, functions = pack / "data/minecraft/tags/function", pack / "data/tiny/function"
    tags.mkdir(parents=True)
    functions.mkdir(parents=True)
    (pack / "pack.mcmeta").write_text(json.dumps(
        {"pack": {"description": "tiny", "min_format": [94, 1], "max_format": [94, 1]}}))
    (tags / "load.json").write_text('{"values": ["tiny:load"]}')
    (tags / "tick.json").write_text('{"values": ["tiny:tick"]}')
    (functions / "load.mcfunction").write_text(
        "scoreboard objectives add ticks dummy\n"
        "scoreboard players add #loads ticks 1\n"
        "data modify storage monopoli:bridge inbox set value []\n")
    (functions / "tick.mcfunction").write_text("scoreboard players add #n ticks 1\n")
    (functions / "push.mcfunction").write_text(
        '$data modify storage monopoli:bridge inbox append value {kind:"$(kind)",value:$(value)}\n')
    return pack


class RawRcon:
    """A bare TCP socket: packets framed by hand, no session, no probe, no lock."""

    def __init__(self, address: tuple[str, int], timeout: float = 2.0) -> None:
        self.sock = socket.create_connection(address, timeout=timeout)
        self.decoder = PacketDecoder()

    def send(self, request_id: int, ptype: int, body: str = "") -> None:
        self.sock.sendall(encode_packet(Packet(request_id, ptype, body.encode("utf-8"))))

    def read(self) -> Packet:
        while (packet := self.decoder.next_packet()) is None:
            data = self.sock.recv(65536)
            if not data:
                raise EOFError("the sandbox closed the connection")
            self.decoder.feed(data)
        return packet

    def ask(self, request_id: int, ptype: int, body: str = "") -> Packet:
        self.send(request_id, ptype, body)
        return self.read()

    def close(self) -> None:
        self.sock.close()
