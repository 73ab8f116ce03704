"""Packet encoding and stream decoding, fed bytes (no sockets)."""

from __future__ import annotations

import struct

import pytest
from hypothesis import given
from hypothesis import strategies as st

from monopoli_mc.errors import RconProtocolError
from monopoli_mc.rcon.packets import MAX_REPLY_PAYLOAD, Packet, PacketDecoder, encode_packet

int32 = st.integers(min_value=-(2**31), max_value=2**31 - 1)
packets = st.builds(Packet, int32, int32, st.binary(max_size=MAX_REPLY_PAYLOAD))


def test_encode_is_vanillas_layout() -> None:
    assert encode_packet(Packet(7, 2, b"list")) == (
        struct.pack("<iii", 14, 7, 2) + b"list\x00\x00")


@given(packets)
def test_round_trip(packet: Packet) -> None:
    decoder = PacketDecoder()
    decoder.feed(encode_packet(packet))
    assert decoder.next_packet() == packet
    assert decoder.next_packet() is None
    assert decoder.pending == 0


@given(st.lists(packets, max_size=5), st.lists(st.integers(1, 5000), max_size=20))
def test_round_trip_through_any_cut(items: list[Packet], cuts: list[int]) -> None:
    stream = b"".join(encode_packet(p) for p in items)
    decoder = PacketDecoder()
    got: list[Packet] = []
    pos = 0
    for size in [*cuts, len(stream)]:
        decoder.feed(stream[pos:pos + size])
        pos += size
        while (packet := decoder.next_packet()) is not None:
            got.append(packet)
    assert got == items


@pytest.mark.parametrize("length", [0, 9, -5, 10 + MAX_REPLY_PAYLOAD + 1])
def test_bad_length_is_a_protocol_error(length: int) -> None:
    decoder = PacketDecoder()
    decoder.feed(struct.pack("<i", length) + b"\x00" * 20)
    with pytest.raises(RconProtocolError, match=str(length)):
        decoder.next_packet()


def test_missing_padding_is_a_protocol_error() -> None:
    decoder = PacketDecoder()
    decoder.feed(struct.pack("<iii", 11, 1, 0) + b"ab\x00")
    with pytest.raises(RconProtocolError, match="padding"):
        decoder.next_packet()
