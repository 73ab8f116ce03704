"""The RCON conversation as a sans-IO state machine: ids, login, replies and the probe.

The caller sends the bytes that `start_login`/`start_command` return, feeds what it
receives to `receive_data`, and calls `next_event` until it gets something other than
`NEED_DATA`. One request is in flight at a time; nothing is ever pipelined.

Vanilla sends a long reply as several packets with the request's id and no end
marker. When the first packet's payload is 4096 bytes or more, the session asks the
caller to send a probe with a new id; vanilla answers requests in order, so every
packet before the probe's answer belongs to the reply. The probe is an empty packet
of type 0 (SERVERDATA_RESPONSE_VALUE): vanilla's RCON thread answers an unknown type
itself with "Unknown request 0" under the probe's id, without running a command on
the server thread and without touching the output buffer that all RCON connections
share. An empty command (type 2) would also be answered under its own id, with
"Unknown or incomplete command, see below for error<--[HERE]", but it waits for the
server thread, clears the shared buffer, and its answer can carry another
connection's output; pass `probe_type=SERVERDATA_EXECCOMMAND` to use it anyway.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from monopoli_mc.errors import RconProtocolError, RconRequestTooLong
from monopoli_mc.rcon.packets import (
    AUTH_FAILURE_ID,
    MAX_REQUEST_PAYLOAD,
    REPLY_CHUNK,
    SERVERDATA_AUTH,
    SERVERDATA_AUTH_RESPONSE,
    SERVERDATA_EXECCOMMAND,
    SERVERDATA_RESPONSE_VALUE,
    Packet,
    PacketDecoder,
    encode_packet,
)

MAX_ID = 2**31 - 1
MAX_REPLY_BYTES = 4 * 1024 * 1024
"""A reply longer than this is a protocol error: the longest the controller reads (the inbox of a busy
poll, a `data get` of a book) is a few dozen KiB, and a server that never stops sending must not
fill the controller's memory."""


@dataclass(frozen=True)
class NeedData:
    """Receive more bytes and feed them in."""


NEED_DATA = NeedData()


@dataclass(frozen=True)
class SendProbe:
    """Send these bytes (the probe) now, then keep reading."""

    data: bytes
    probe_id: int


@dataclass(frozen=True)
class LoginAccepted:
    """The server accepted the password."""


@dataclass(frozen=True)
class LoginRefused:
    """The server answered the login with id -1: wrong password."""


@dataclass(frozen=True)
class NotLoggedIn:
    """The server answered a command with id -1: this connection is not logged in."""


@dataclass(frozen=True)
class Reply:
    """The whole reply to a command, its fragments joined."""

    request_id: int
    text: str
    packets: int


Event = NeedData | SendProbe | LoginAccepted | LoginRefused | NotLoggedIn | Reply


class Phase(enum.Enum):
    """Where the conversation is."""

    IDLE = "idle"
    LOGIN = "awaiting login reply"
    REPLY = "awaiting reply"
    FRAGMENTS = "awaiting probe reply"
    BROKEN = "broken"


def _quote(command: str, limit: int = 40) -> str:
    return repr(command if len(command) <= limit else command[:limit] + "…")


class RconSession:
    """One connection's RCON conversation, without the socket."""

    def __init__(self, *, first_id: int = 1, probe_type: int = SERVERDATA_RESPONSE_VALUE,
                 max_reply: int = MAX_REPLY_BYTES) -> None:
        if not 0 < first_id <= MAX_ID:
            raise ValueError(f"request ids start above 0, not {first_id}")
        self._next = first_id
        self._probe_type = probe_type
        self._max_reply = max_reply
        self._reply_bytes = 0
        self._decoder = PacketDecoder()
        self.phase = Phase.IDLE
        self.logged_in = False
        self.pending_id: int | None = None
        self.probe_id: int | None = None
        self._parts: list[bytes] = []

    @property
    def next_id(self) -> int:
        """The id the next request will get."""
        return self._next

    def _new_id(self) -> int:
        request_id = self._next
        self._next = 1 if request_id >= MAX_ID else request_id + 1
        return request_id

    def _require(self, phase: Phase) -> None:
        if self.phase is not phase:
            raise RconProtocolError(f"rcon session is {self.phase.value}, not {phase.value}")

    def start_login(self, password: str) -> bytes:
        """The login packet to send; the password is not kept."""
        self._require(Phase.IDLE)
        self.pending_id = self._new_id()
        self.phase = Phase.LOGIN
        return encode_packet(Packet(self.pending_id, SERVERDATA_AUTH, password.encode("utf-8")))

    def start_command(self, command: str) -> bytes:
        """The packet that runs `command`; refuses (before anything is sent) one vanilla would drop."""
        payload = check_command(command)
        self._require(Phase.IDLE)
        self.pending_id = self._new_id()
        self.phase = Phase.REPLY
        return encode_packet(Packet(self.pending_id, SERVERDATA_EXECCOMMAND, payload))

    def receive_data(self, data: bytes) -> None:
        """Feed bytes received from the server."""
        self._decoder.feed(data)

    def next_event(self) -> Event:
        """What happened, or NEED_DATA. Raises RconProtocolError on packets that break the protocol."""
        try:
            return self._next_event()
        except RconProtocolError:
            self.phase = Phase.BROKEN
            raise

    def _next_event(self) -> Event:
        while True:
            if self.phase is Phase.IDLE and not self._decoder.pending:
                raise RconProtocolError("rcon session is idle: no reply is expected")
            if self.phase is Phase.BROKEN:
                raise RconProtocolError("rcon session is broken; reconnect")
            packet = self._decoder.next_packet()
            if packet is None:
                return NEED_DATA
            event = self._on_packet(packet)
            if event is not None:
                return event

    def _on_packet(self, packet: Packet) -> Event | None:
        if self.phase is Phase.LOGIN:
            return self._on_login_packet(packet)
        if self.phase is Phase.REPLY:
            return self._on_first_fragment(packet)
        if self.phase is Phase.FRAGMENTS:
            return self._on_later_fragment(packet)
        raise RconProtocolError(f"unexpected rcon packet id {packet.request_id} while idle")

    def _done(self) -> None:
        self.phase = Phase.IDLE
        self.pending_id = None
        self.probe_id = None
        self._parts = []
        self._reply_bytes = 0

    def _on_login_packet(self, packet: Packet) -> Event | None:
        if packet.request_id == AUTH_FAILURE_ID:
            self._done()
            self.logged_in = False
            return LoginRefused()
        if packet.request_id == self.pending_id:
            if packet.type == SERVERDATA_AUTH_RESPONSE:
                self._done()
                self.logged_in = True
                return LoginAccepted()
            if packet.type == SERVERDATA_RESPONSE_VALUE and not packet.payload:
                return None  # Source servers send an empty value before the auth answer
        raise RconProtocolError(
            f"unexpected login reply: id {packet.request_id} type {packet.type}")

    def _on_first_fragment(self, packet: Packet) -> Event | None:
        if packet.request_id == AUTH_FAILURE_ID:
            self._done()
            self.logged_in = False
            return NotLoggedIn()
        self._check_fragment(packet)
        if len(packet.payload) < REPLY_CHUNK:
            request_id = packet.request_id
            self._done()
            return Reply(request_id, _decode([packet.payload]), 1)
        self._parts = [packet.payload]
        self._reply_bytes = len(packet.payload)
        self.probe_id = self._new_id()
        self.phase = Phase.FRAGMENTS
        probe = Packet(self.probe_id, self._probe_type, b"")
        return SendProbe(encode_packet(probe), self.probe_id)

    def _on_later_fragment(self, packet: Packet) -> Event | None:
        if packet.request_id == self.probe_id:
            request_id, parts = self.pending_id, self._parts
            assert request_id is not None
            self._done()
            return Reply(request_id, _decode(parts), len(parts))
        self._check_fragment(packet)
        self._reply_bytes += len(packet.payload)
        if self._reply_bytes > self._max_reply:
            raise RconProtocolError(
                f"rcon reply is over {self._max_reply / 2**20:g} MiB and still coming "
                f"({len(self._parts) + 1} packets): the server is not speaking vanilla rcon")
        self._parts.append(packet.payload)
        return None

    def _check_fragment(self, packet: Packet) -> None:
        if packet.request_id != self.pending_id or packet.type != SERVERDATA_RESPONSE_VALUE:
            raise RconProtocolError(
                f"unexpected rcon packet id {packet.request_id} type {packet.type} "
                f"while awaiting id {self.pending_id}")


def check_command(command: str) -> bytes:
    """The command's payload bytes, or RconRequestTooLong/RconProtocolError if vanilla would not take it."""
    payload = command.encode("utf-8")
    if len(payload) > MAX_REQUEST_PAYLOAD:
        raise RconRequestTooLong(
            f"rcon request of {len(payload)} bytes is over vanilla's {MAX_REQUEST_PAYLOAD}: "
            f"{_quote(command)}; move the content into a datapack function and call it "
            "with a short macro call")
    if b"\x00" in payload:
        raise RconProtocolError(f"rcon command contains a NUL byte: {_quote(command)}")
    return payload


def _decode(parts: list[bytes]) -> str:
    # Each vanilla chunk is valid UTF-8 on its own, but joining first is safe either way.
    return b"".join(parts).decode("utf-8", errors="replace")
