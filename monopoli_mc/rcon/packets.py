"""RCON packets as bytes: encode one, and cut a received byte stream into packets.

A packet is `<length:int32le> <id:int32le> <type:int32le> <payload> 0x00 0x00`,
where length counts everything after itself. No sockets here.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

from monopoli_mc.errors import RconProtocolError

SERVERDATA_AUTH = 3
SERVERDATA_EXECCOMMAND = 2
SERVERDATA_AUTH_RESPONSE = 2
SERVERDATA_RESPONSE_VALUE = 0
AUTH_FAILURE_ID = -1

MAX_REQUEST_PAYLOAD = 1446
"""Vanilla reads a request with one read into a 1460-byte buffer: 1460 - 14 bytes of framing."""
MAX_REQUEST_PACKET = 1460
REPLY_CHUNK = 4096
"""Vanilla cuts replies into chunks of 4096 UTF-16 units; a chunk is at least that many bytes."""
MAX_REPLY_PAYLOAD = 3 * REPLY_CHUNK
"""A UTF-16 unit is at most 3 bytes of UTF-8, so no vanilla reply packet is longer."""

_LENGTH = struct.Struct("<i")
_HEADER = struct.Struct("<ii")
_FRAMING = _HEADER.size + 2  # id, type and the two NUL bytes


@dataclass(frozen=True)
class Packet:
    """One RCON packet: request id, packet type and raw payload bytes (without the NULs)."""

    request_id: int
    type: int
    payload: bytes = b""


def encode_packet(packet: Packet) -> bytes:
    """The bytes of one packet, length prefix and the two NULs included."""
    body = _HEADER.pack(packet.request_id, packet.type) + packet.payload + b"\x00\x00"
    return _LENGTH.pack(len(body)) + body


class PacketDecoder:
    """Cuts a byte stream into packets; feed it bytes as they arrive."""

    def __init__(self, *, max_payload: int = MAX_REPLY_PAYLOAD) -> None:
        self._buffer = bytearray()
        self._max_payload = max_payload

    def feed(self, data: bytes) -> None:
        """Append received bytes."""
        self._buffer += data

    @property
    def pending(self) -> int:
        """How many received bytes are not yet part of a returned packet."""
        return len(self._buffer)

    def next_packet(self) -> Packet | None:
        """The next whole packet, or None if more bytes are needed.

        Raises RconProtocolError on a length out of range or missing NUL padding.
        """
        if len(self._buffer) < _LENGTH.size:
            return None
        (length,) = _LENGTH.unpack_from(self._buffer, 0)
        if length < _FRAMING or length > _FRAMING + self._max_payload:
            raise RconProtocolError(f"bad rcon packet length {length}")
        end = _LENGTH.size + length
        if len(self._buffer) < end:
            return None
        raw = bytes(self._buffer[_LENGTH.size:end])
        del self._buffer[:end]
        if raw[-2:] != b"\x00\x00":
            raise RconProtocolError(f"rcon packet without NUL padding: {raw[-2:]!r}")
        request_id, ptype = _HEADER.unpack_from(raw, 0)
        return Packet(request_id, ptype, raw[_HEADER.size:-2])
