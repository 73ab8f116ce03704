"""The sandbox's RCON server, spoken to byte by byte as vanilla's RconClient answers."""

from __future__ import annotations

import socket
import struct
import threading
from collections.abc import Iterator

import pytest
from threads_support import scarce

from monopoli_mc.sandbox.server import ConsoleOutput, RconServer, reply_chunks
from wire_support import PASSWORD, Raw, TableExecutor, packet


@pytest.fixture
def raw(server: RconServer) -> Iterator[Raw]:
    conn = Raw(server)
    yield conn
    conn.close()


def test_login_is_answered_id_type_2_empty(raw: Raw) -> None:
    raw.request(77, 3, PASSWORD)
    assert raw.sock.recv(100) == struct.pack("<iii", 10, 77, 2) + b"\x00\x00"


def test_wrong_password_answers_minus_one_and_leaves_socket_open(raw: Raw) -> None:
    assert raw.login("nope", request_id=5) == (-1, 2, b"")
    assert raw.is_open()
    assert raw.login(request_id=6) == (6, 2, b"")
    raw.request(7, 2, "scoreboard players get Alex Cash")
    assert raw.read() == (7, 0, b"Alex has 1500 [Cash]")


def test_empty_password_is_refused(raw: Raw) -> None:
    assert raw.login("", request_id=5) == (-1, 2, b"")


def test_wrong_password_after_login_logs_out(raw: Raw, executor: TableExecutor) -> None:
    raw.login()
    raw.login("nope", request_id=2)
    raw.request(3, 2, "scoreboard players get Alex Cash")
    assert raw.read() == (-1, 2, b"")
    assert executor.commands == []


def test_command_before_login_is_refused_and_not_run(raw: Raw, executor: TableExecutor) -> None:
    raw.request(9, 2, "scoreboard players set Alex Cash 1500")
    assert raw.read() == (-1, 2, b"")
    assert raw.is_open()
    assert executor.commands == []


@pytest.mark.parametrize(("ptype", "hexa"), [(0, "0"), (5, "5"), (100, "64"), (-2, "fffffffe")])
@pytest.mark.parametrize("logged_in", [False, True])
def test_unknown_type_is_answered_in_hex(raw: Raw, ptype: int, hexa: str, logged_in: bool) -> None:
    if logged_in:
        raw.login()
    raw.request(42, ptype, "whatever")
    assert raw.read() == (42, 0, f"Unknown request {hexa}".encode())
    assert raw.is_open()


def test_command_reply_bytes(raw: Raw) -> None:
    raw.login()
    raw.request(2, 2, "scoreboard players set Alex Cash 1500")
    assert raw.sock.recv(200) == packet(2, 0, b"Set [Cash] for Alex to 1500")


def test_messages_are_joined_without_newlines(raw: Raw) -> None:
    raw.login()
    raw.request(2, 2, "frobnicate")
    assert raw.read() == (
        2, 0, b"Unknown or incomplete command, see below for errorfrobnicate<--[HERE]")


def test_empty_reply_is_one_empty_packet(raw: Raw) -> None:
    raw.login()
    raw.request(2, 2, 'tellraw @a "hi"')
    assert raw.read() == (2, 0, b"")
    assert raw.is_open(0.05)


def test_body_is_read_up_to_the_first_nul_as_utf8(raw: Raw, executor: TableExecutor) -> None:
    raw.login()
    raw.request(2, 2, b"say h\xc3\xa9llo\x00ignored")
    raw.read()
    raw.request(3, 2, b"say \xff")
    raw.read()
    assert executor.commands == ["say héllo", "say \ufffd"]


def test_long_reply_is_cut_in_4096_character_packets(raw: Raw) -> None:
    raw.login()
    raw.request(8, 2, "big 10000")
    sizes = []
    for _ in range(3):
        request_id, ptype, body = raw.read()
        assert (request_id, ptype) == (8, 0)
        sizes.append(len(body))
    assert sizes == [4096, 4096, 1808]
    assert raw.is_open(0.05)


def test_cut_counts_utf16_units_not_bytes() -> None:
    text = "é" * 4096 + "中" * 10
    assert [len(c) for c in reply_chunks(text)] == [4096, 10]
    assert reply_chunks("") == [""]
    assert reply_chunks("a" * 4095 + "😀") == ["a" * 4095 + "\ud83d", "\ude00"]


def test_exception_in_command_is_error_executing(raw: Raw) -> None:
    raw.login()
    raw.request(2, 2, "boom")
    assert raw.read() == (2, 0, b"Error executing: boom (no such thing)")


def test_bad_length_closes(raw: Raw) -> None:
    raw.login()
    data = packet(2, 2, b"list")
    raw.send(struct.pack("<i", 100) + data[4:])
    assert raw.is_closed()


def test_fewer_than_10_bytes_closes(raw: Raw) -> None:
    raw.send(b"\x0a\x00\x00\x00\x01")
    assert raw.is_closed()


def test_1446_byte_payload_is_the_most_a_request_takes(raw: Raw, executor: TableExecutor) -> None:
    raw.login()
    command = "say " + "x" * 1442
    raw.request(2, 2, command)
    raw.read()
    assert executor.commands == [command]
    raw.request(3, 2, command + "x")  # 1461 bytes: vanilla reads 1460, the length is off
    assert raw.is_closed()


def test_pipelined_packets_close_the_socket(raw: Raw, executor: TableExecutor) -> None:
    raw.login()
    raw.send(packet(2, 2, b"scoreboard players get Alex Cash")
             + packet(3, 2, b"scoreboard players get Alex Cash"))
    assert raw.is_closed()
    assert executor.commands == []


def test_several_clients_at_once(server: RconServer) -> None:
    conns = [Raw(server) for _ in range(4)]
    try:
        for i, conn in enumerate(conns):
            assert conn.login(request_id=i + 10) == (i + 10, 2, b"")
        for i, conn in enumerate(conns):
            conn.request(i, 2, "scoreboard players get Alex Cash")
        for i, conn in enumerate(conns):
            assert conn.read() == (i, 0, b"Alex has 1500 [Cash]")
    finally:
        for conn in conns:
            conn.close()


def test_a_client_thread_that_cannot_start_costs_only_its_connection(server: RconServer,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19 item 11: the listener died when the machine had no thread left (as vanilla's does)."""

    monkeypatch.setattr(server, "spawn", scarce())
    refused = Raw(server)
    try:
        assert refused.is_closed()
    finally:
        refused.close()
    served = Raw(server)
    try:
        assert served.login(request_id=3) == (3, 2, b"")
        served.request(4, 2, "scoreboard players get Alex Cash")
        assert served.read() == (4, 0, b"Alex has 1500 [Cash]")
    finally:
        served.close()


class GatedConsole(ConsoleOutput):
    """Holds the first reader between running its command and reading the buffer."""

    def __init__(self) -> None:
        super().__init__()
        self.first_reading = threading.Event()
        self.release = threading.Event()
        self._gated = False

    def text(self) -> str:
        if not self._gated:
            self._gated = True
            self.first_reading.set()
            assert self.release.wait(2)
        return super().text()


def test_one_output_buffer_is_shared_by_all_connections(
        server: RconServer, executor: TableExecutor) -> None:
    """As vanilla: B clears the buffer A's command wrote, then A reads B's output."""
    executor.table["a"] = ["from A"]
    executor.table["b"] = ["from B"]
    server.console = console = GatedConsole()
    a, b = Raw(server), Raw(server)
    try:
        a.login()
        b.login()
        a.request(1, 2, "a")
        assert console.first_reading.wait(2)
        b.request(2, 2, "b")
        assert b.read() == (2, 0, b"from B")
        console.release.set()
        assert a.read() == (1, 0, b"from B")
    finally:
        console.release.set()
        a.close()
        b.close()


def test_stop_closes_clients_and_listener(executor: TableExecutor) -> None:
    before = set(threading.enumerate())
    server = RconServer(executor, PASSWORD).start()
    conn = Raw(server)
    conn.login()
    server.stop()
    assert conn.is_closed()
    with pytest.raises(OSError):
        socket.create_connection(server.address, timeout=0.5).close()
    server.start()  # and it can start again on the same port
    again = Raw(server)
    assert again.login() == (1, 2, b"")
    again.close()
    conn.close()
    server.close()
    assert [t for t in set(threading.enumerate()) - before if t.name.startswith("RCON")] == []
