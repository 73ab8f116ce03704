"""The sans-IO conversation: login, ids, fragments and the probe, fed bytes (no sockets)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from monopoli_mc.errors import RconProtocolError, RconRequestTooLong
from monopoli_mc.rcon.packets import Packet, PacketDecoder, encode_packet
from monopoli_mc.rcon.session import (
    MAX_ID,
    MAX_REPLY_BYTES,
    NEED_DATA,
    LoginAccepted,
    LoginRefused,
    NotLoggedIn,
    Phase,
    RconSession,
    Reply,
    SendProbe,
    check_command,
)


def decode(data: bytes) -> Packet:
    decoder = PacketDecoder()
    decoder.feed(data)
    packet = decoder.next_packet()
    assert packet is not None
    return packet


def feed(session: RconSession, *packets: Packet) -> None:
    for packet in packets:
        session.receive_data(encode_packet(packet))


def logged_in(first_id: int = 1) -> RconSession:
    session = RconSession(first_id=first_id)
    sent = decode(session.start_login("pw"))
    feed(session, Packet(sent.request_id, 2))
    assert session.next_event() == LoginAccepted()
    return session


def test_login_packet_and_acceptance() -> None:
    session = RconSession()
    assert decode(session.start_login("pw")) == Packet(1, 3, b"pw")
    assert session.next_event() is NEED_DATA
    feed(session, Packet(1, 2))
    assert session.next_event() == LoginAccepted()
    assert session.logged_in and session.phase is Phase.IDLE


def test_wrong_password_is_refused() -> None:
    session = RconSession()
    session.start_login("nope")
    feed(session, Packet(-1, 2))
    assert session.next_event() == LoginRefused()
    assert not session.logged_in


def test_source_style_empty_value_before_auth_answer_is_skipped() -> None:
    session = RconSession()
    session.start_login("pw")
    feed(session, Packet(1, 0), Packet(1, 2))
    assert session.next_event() == LoginAccepted()


def test_ids_increase_and_short_reply_needs_no_probe() -> None:
    session = logged_in()
    for expected in (2, 3, 4):
        sent = decode(session.start_command("list"))
        assert sent == Packet(expected, 2, b"list")
        feed(session, Packet(expected, 0, b"x" * 4095))
        assert session.next_event() == Reply(expected, "x" * 4095, 1)


def test_long_first_packet_sends_probe_and_joins_fragments() -> None:
    session = logged_in()
    session.start_command("data get storage monopoli:bridge")
    feed(session, Packet(2, 0, b"a" * 4096))
    probe = session.next_event()
    assert isinstance(probe, SendProbe)
    assert decode(probe.data) == Packet(3, 0, b"")
    assert session.next_event() is NEED_DATA
    feed(session, Packet(2, 0, b"b" * 4096), Packet(2, 0, "é".encode() * 10),
         Packet(3, 0, b"Unknown request 0"))
    assert session.next_event() == Reply(2, "a" * 4096 + "b" * 4096 + "é" * 10, 3)
    assert session.phase is Phase.IDLE
    assert decode(session.start_command("x")).request_id == 4


def test_a_reply_past_the_bound_breaks_the_session() -> None:
    session = RconSession(max_reply=3 * 4096)
    session.start_login("pw")
    feed(session, Packet(1, 2))
    assert session.next_event() == LoginAccepted()
    session.start_command("data get storage monopoli:bridge")
    feed(session, Packet(2, 0, b"a" * 4096))
    assert isinstance(session.next_event(), SendProbe)
    feed(session, Packet(2, 0, b"b" * 4096), Packet(2, 0, b"c" * 4096))
    assert session.next_event() is NEED_DATA  # exactly at the bound: still a reply
    feed(session, Packet(2, 0, b"d"))
    with pytest.raises(RconProtocolError, match="over 0.0117188 MiB and still coming"):
        session.next_event()
    assert session.phase is Phase.BROKEN
    assert MAX_REPLY_BYTES == 4 * 2**20


def test_probe_can_be_an_empty_command() -> None:
    session = RconSession(probe_type=2)
    session.start_login("pw")
    feed(session, Packet(1, 2))
    session.next_event()
    session.start_command("x")
    feed(session, Packet(2, 0, b"a" * 5000))
    probe = session.next_event()
    assert isinstance(probe, SendProbe)
    assert decode(probe.data) == Packet(3, 2, b"")


def test_command_answered_with_minus_one_is_not_logged_in() -> None:
    session = RconSession()
    session.start_command("list")
    feed(session, Packet(-1, 2))
    assert session.next_event() == NotLoggedIn()


@pytest.mark.parametrize("packet", [Packet(9, 0, b"stale"), Packet(2, 2, b"odd type")])
def test_unexpected_packet_breaks_the_session(packet: Packet) -> None:
    session = logged_in()
    session.start_command("x")
    feed(session, packet)
    with pytest.raises(RconProtocolError, match="unexpected"):
        session.next_event()
    assert session.phase is Phase.BROKEN
    with pytest.raises(RconProtocolError):
        session.start_command("y")


def test_unsolicited_packet_while_idle_is_an_error() -> None:
    session = logged_in()
    feed(session, Packet(2, 0, b"?"))
    with pytest.raises(RconProtocolError):
        session.next_event()


def test_one_request_at_a_time() -> None:
    session = logged_in()
    session.start_command("a")
    with pytest.raises(RconProtocolError, match="awaiting reply"):
        session.start_command("b")


def test_ids_wrap_to_one() -> None:
    session = logged_in(first_id=MAX_ID)
    assert decode(session.start_command("x")).request_id == 1


def test_1446_bytes_pass_and_1447_are_refused() -> None:
    assert len(check_command("a" * 1446)) == 1446
    with pytest.raises(RconRequestTooLong, match="datapack function") as info:
        check_command("a" * 1447)
    assert "1447" in str(info.value)
    with pytest.raises(RconRequestTooLong):
        check_command("é" * 724)  # 1448 bytes in UTF-8, though 724 characters


def test_refusal_changes_nothing() -> None:
    session = logged_in()
    with pytest.raises(RconRequestTooLong):
        session.start_command("x" * 2000)
    assert session.phase is Phase.IDLE
    assert decode(session.start_command("ok")).request_id == 2


def test_nul_in_command_is_refused() -> None:
    with pytest.raises(RconProtocolError, match="NUL"):
        check_command("say a\x00b")


@given(st.text(max_size=20000), st.integers(1, 9000))
def test_any_reply_cut_anywhere_arrives_whole(text: str, cut: int) -> None:
    session = logged_in()
    session.start_command("x")
    data = text.encode("utf-8")
    chunks = [data[i:i + 4096] for i in range(0, len(data), 4096)] or [b""]
    stream = b"".join(encode_packet(Packet(2, 0, c)) for c in chunks)
    if len(chunks[0]) >= 4096:
        stream += encode_packet(Packet(3, 0, b"Unknown request 0"))
    events = []
    for i in range(0, len(stream), cut):
        session.receive_data(stream[i:i + cut])
        while (event := session.next_event()) is not NEED_DATA:
            events.append(event)
            if isinstance(event, Reply):
                break
    assert isinstance(events[-1], Reply)
    assert events[-1].text == text
