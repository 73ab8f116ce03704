"""A bare socket against the real sandbox World: the bytes vanilla sends, packet by packet."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from integration_support import CONVERSATION, PASSWORD, RawRcon, expect_rejected
from monopoli_mc.rcon import Packet
from monopoli_mc.sandbox.runner import Sandbox
from monopoli_mc.sandbox.world import World

AUTH, COMMAND, VALUE = 3, 2, 0


@pytest.fixture
def raw(sandbox: Sandbox) -> Iterator[RawRcon]:
    conn = RawRcon(sandbox.address)
    yield conn
    conn.close()


def test_login_and_vanilla_texts(raw: RawRcon, world: World) -> None:
    assert raw.ask(7, AUTH, PASSWORD) == Packet(7, 2, b"")
    for n, (command, reply) in enumerate(CONVERSATION, 10):
        assert raw.ask(n, COMMAND, command) == Packet(n, VALUE, reply.encode())
    expect_rejected(world, "frobnicate now")


def test_wrong_password_keeps_the_socket_open(raw: RawRcon) -> None:
    assert raw.ask(7, AUTH, "nope") == Packet(-1, 2, b"")
    assert raw.ask(8, COMMAND, "list") == Packet(-1, 2, b"")  # not logged in: not run
    assert raw.ask(9, AUTH, PASSWORD) == Packet(9, 2, b"")
    assert raw.ask(10, COMMAND, "list") == Packet(
        10, VALUE, b"There are 0 of a max of 20 players online: ")


def test_unknown_type_before_and_after_login(raw: RawRcon) -> None:
    assert raw.ask(3, 5, "") == Packet(3, VALUE, b"Unknown request 5")
    raw.ask(4, AUTH, PASSWORD)
    assert raw.ask(5, -2, "") == Packet(5, VALUE, b"Unknown request fffffffe")


def test_long_reply_comes_in_4096_character_packets_with_one_id(raw: RawRcon) -> None:
    raw.ask(1, AUTH, PASSWORD)
    piece = "è" * 600  # 2 bytes each in UTF-8: 1.2 KB, under the 1446-byte limit
    raw.ask(2, COMMAND, "data modify storage monopoli:bridge big set value []")
    for n in range(3, 23):
        raw.ask(n, COMMAND, f'data modify storage monopoli:bridge big append value "{piece}"')
    raw.send(30, COMMAND, "data get storage monopoli:bridge big")
    raw.send(31, VALUE)  # the probe, sent only after the reply's first packet, never pipelined
    packets = []
    while (packet := raw.read()).request_id == 30:
        packets.append(packet)
    assert packet == Packet(31, VALUE, b"Unknown request 0")
    text = b"".join(p.payload for p in packets).decode("utf-8")
    assert text == ("Storage monopoli:bridge has the following contents: ["
                    + ", ".join(f'"{piece}"' for _ in range(20)) + "]")
    assert [len(p.payload.decode("utf-8")) for p in packets] == [4096, 4096, len(text) - 2 * 4096]
