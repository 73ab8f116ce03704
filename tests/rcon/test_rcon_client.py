"""The RCON client over real sockets on 127.0.0.1, against the sandbox's RCON server."""

from __future__ import annotations

import logging
import socket
import struct
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from rcon_support import PASSWORD, EchoExecutor, ScriptedServer, send_packet
from monopoli_mc.errors import (
    ConfigError,
    RconAuthError,
    RconConnectionError,
    RconProtocolError,
    RconRequestTooLong,
    RconTimeout,
)
from monopoli_mc.rcon import Password, RconClient, read_password
from monopoli_mc.sandbox.server import RconServer

Scripted = Callable[..., ScriptedServer]


def client_for(server: RconServer, *, timeout: float = 2.0, probe_type: int = 0) -> RconClient:
    return RconClient(server.host, server.port, PASSWORD, timeout=timeout, probe_type=probe_type)


def test_commands_and_joined_messages(server: RconServer, executor: EchoExecutor) -> None:
    with client_for(server) as rcon:
        assert rcon.command("echo Alex has 1500 [Cash]") == "Alex has 1500 [Cash]"
        assert rcon.command("msgs Set [Cash] for Alex to 1500|Alex has 1500 [Cash]") == (
            "Set [Cash] for Alex to 1500Alex has 1500 [Cash]")
        assert rcon.command("echo") == ""
    assert executor.commands == ["echo Alex has 1500 [Cash]",
                                 "msgs Set [Cash] for Alex to 1500|Alex has 1500 [Cash]", "echo"]


def test_long_non_ascii_reply_arrives_whole(server: RconServer, executor: EchoExecutor) -> None:
    # Multi-byte characters on both sides of every 4096-character cut.
    text = ("a" * 4094 + "é中€" + "ü" * 4093 + "中é" + "Ω" * 3000 + "😀 done"
            + "ß" * 2000)
    assert len(text) > 10_000
    executor.texts["big"] = text
    with client_for(server) as rcon:
        assert rcon.command("text big") == text
        assert rcon.command("echo after") == "after"  # nothing left over on the wire


def test_surrogate_pair_cut_at_4096_arrives_as_vanilla_sends_it(
        server: RconServer, executor: EchoExecutor) -> None:
    executor.texts["emoji"] = "a" * 4095 + "😀" + "b"
    with client_for(server) as rcon:
        assert rcon.command("text emoji") == "a" * 4095 + "??b"


def test_probe_is_never_run_as_a_command(server: RconServer, executor: EchoExecutor) -> None:
    executor.texts["big"] = "x" * 9000
    with client_for(server) as rcon:
        rcon.command("text big")
    assert executor.commands == ["text big"]


def test_probe_as_empty_command_also_works(server: RconServer, executor: EchoExecutor) -> None:
    executor.texts["big"] = "x" * 9000
    with client_for(server, probe_type=2) as rcon:
        assert rcon.command("text big") == "x" * 9000
    assert executor.commands == ["text big", ""]


def test_ids_increase_one_packet_per_write_and_probe_has_its_own(scripted: Scripted) -> None:
    def script(sock: socket.socket, srv: ScriptedServer) -> None:
        srv.login(sock)
        for _ in range(2):
            request_id, _, _ = srv.read(sock)
            send_packet(sock, request_id, 0, b"ok")
        request_id, _, _ = srv.read(sock)
        send_packet(sock, request_id, 0, b"a" * 4096)
        time.sleep(0.05)  # a late fragment: the reply must still arrive whole
        send_packet(sock, request_id, 0, b"b" * 10)
        probe_id, _, _ = srv.read(sock)
        send_packet(sock, probe_id, 0, b"Unknown request 0")
        sock.settimeout(0.2)
        assert sock.recv(1) == b""  # nothing more was sent: never pipelined

    srv = scripted(script)
    with RconClient("127.0.0.1", srv.port, "pw", timeout=2) as rcon:
        assert rcon.command("one") == "ok"
        assert rcon.command("two") == "ok"
        assert rcon.command("big") == "a" * 4096 + "b" * 10
    srv.close()
    assert [(i, t) for i, t, _ in srv.packets] == [(1, 3), (2, 2), (3, 2), (4, 2), (5, 0)]


def test_timeout_closes_and_reconnect_recovers(server: RconServer,
                                              executor: EchoExecutor) -> None:
    rcon = client_for(server, timeout=0.1)
    rcon.connect()
    started = time.monotonic()
    with pytest.raises(RconTimeout, match=f"127.0.0.1:{server.port}"):
        rcon.command("sleep 0.4")
    assert time.monotonic() - started < 0.35
    assert not rcon.is_connected
    with pytest.raises(RconConnectionError, match="reconnect"):
        rcon.command("echo x")
    rcon.timeout = 2.0
    rcon.reconnect()
    # The timed-out command still runs; its "slept" lands in vanilla's shared output
    # buffer and would join the next reply if that command started before it ended.
    with executor.lock:
        pass
    assert rcon.command("echo back") == "back"
    rcon.close()


def test_probe_never_answered_times_out(scripted: Scripted) -> None:
    def script(sock: socket.socket, srv: ScriptedServer) -> None:
        srv.login(sock)
        request_id, _, _ = srv.read(sock)
        send_packet(sock, request_id, 0, b"a" * 4096)
        srv.read(sock)
        time.sleep(0.3)

    srv = scripted(script)
    with RconClient("127.0.0.1", srv.port, "pw", timeout=0.1) as rcon:
        with pytest.raises(RconTimeout):
            rcon.command("big")


def test_a_reply_that_never_ends_is_a_protocol_error_and_the_client_reconnects(scripted: Scripted) -> None:
    def script(sock: socket.socket, srv: ScriptedServer) -> None:
        if srv.accepted == 1:  # the first connection: one reply that never ends
            srv.login(sock)
            request_id, _, _ = srv.read(sock)
            chunk = struct.pack("<i", 4096 + 10) + struct.pack("<ii", request_id, 0) + b"x" * 4096 + b"\0\0"
            while True:
                sock.sendall(chunk * 64)
                srv.sent += len(chunk) * 64
        srv.login(sock)
        request_id, _, _ = srv.read(sock)
        send_packet(sock, request_id, 0, b"fine")

    srv = scripted(script, connections=2)
    with RconClient("127.0.0.1", srv.port, "pw", timeout=20) as rcon:
        with pytest.raises(RconProtocolError, match="over 4 MiB and still coming"):
            rcon.command("data get storage monopoli:bridge")
        assert not rcon.is_connected
        rcon.reconnect(attempts=1)
        assert rcon.command("list") == "fine"
    assert srv.sent > 4 * 2**20  # the server did send more than the bound; the client stopped reading


def test_eof_becomes_connection_error(scripted: Scripted) -> None:
    def script(sock: socket.socket, srv: ScriptedServer) -> None:
        srv.login(sock)
        srv.read(sock)

    srv = scripted(script)
    with RconClient("127.0.0.1", srv.port, "pw", timeout=2) as rcon:
        with pytest.raises(RconConnectionError, match="closed the connection"):
            rcon.command("list")
        assert not rcon.is_connected


def test_garbage_becomes_protocol_error(scripted: Scripted) -> None:
    def script(sock: socket.socket, srv: ScriptedServer) -> None:
        srv.login(sock)
        srv.read(sock)
        sock.sendall(b"\x03\x00\x00\x00abc")

    srv = scripted(script)
    with RconClient("127.0.0.1", srv.port, "pw", timeout=2) as rcon:
        with pytest.raises(RconProtocolError):
            rcon.command("list")
        assert not rcon.is_connected


def test_reconnect_after_the_server_restarts(executor: EchoExecutor) -> None:
    first = RconServer(executor, PASSWORD).start()
    port = first.port
    rcon = RconClient("127.0.0.1", port, PASSWORD, timeout=2)
    rcon.connect()
    assert rcon.command("echo 1") == "1"
    first.close()
    with pytest.raises(RconConnectionError):
        rcon.command("echo 2")
    with pytest.raises(RconConnectionError, match="refused"):
        rcon.reconnect(attempts=2, delay=0.01)
    second = RconServer(executor, PASSWORD, port=port)
    restarter = threading.Timer(0.1, second.start)
    restarter.start()
    try:
        rcon.reconnect(attempts=20, delay=0.02, max_delay=0.05)
        assert rcon.command("echo 3") == "3"
    finally:
        restarter.join()
        rcon.close()
        second.close()
    assert executor.commands == ["echo 1", "echo 3"]  # nothing was resent


def test_wrong_password_names_host_and_port_and_hides_password(
        server: RconServer, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    secret = "hunter2-wrong"
    rcon = RconClient(server.host, server.port, secret, timeout=2)
    with pytest.raises(RconAuthError) as info:
        rcon.connect()
    message = str(info.value)
    assert f"127.0.0.1:{server.port}" in message and "password" in message
    with pytest.raises(RconAuthError):
        rcon.reconnect(attempts=5, delay=0.01)  # not retried
    good = client_for(server)
    good.connect()
    good.command("echo hi")
    good.close()
    for text in (message, repr(info.value), repr(rcon), str(vars(rcon)), caplog.text):
        assert secret not in text and PASSWORD not in text


def test_oversized_request_refused_before_sending(
        server: RconServer, executor: EchoExecutor) -> None:
    with client_for(server) as rcon:
        with pytest.raises(RconRequestTooLong, match="datapack function"):
            rcon.command("echo " + "x" * 1442)
        assert rcon.is_connected
        assert rcon.command("echo " + "x" * 1441) == "x" * 1441
    assert executor.commands == ["echo " + "x" * 1441]


def test_many_threads_share_one_client(server: RconServer) -> None:
    errors: list[str] = []
    with client_for(server) as rcon:
        def work(n: int) -> None:
            for i in range(40):
                reply = rcon.command(f"echo {n}-{i}")
                if reply != f"{n}-{i}":
                    errors.append(reply)

        threads = [threading.Thread(target=work, args=(n,)) for n in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert errors == []


def test_connection_refused_names_host_and_port() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(RconConnectionError, match=f"127.0.0.1:{port}"):
        RconClient("127.0.0.1", port, "pw", timeout=1).connect()


def test_command_without_connection() -> None:
    with pytest.raises(RconConnectionError, match="not connected"):
        RconClient("127.0.0.1", 1, "pw").command("list")


def test_password_helper(tmp_path: Path) -> None:
    assert read_password(environ={"MONOPOLI_RCON_PASSWORD": "abc"}).reveal() == "abc"
    file = tmp_path / "pw"
    file.write_text("from-file\n")
    password = read_password(file=file, environ={"MONOPOLI_RCON_PASSWORD": "abc"})
    assert password.reveal() == "from-file"
    assert "from-file" not in repr(password) + str(password) + f"{password}"
    with pytest.raises(ConfigError, match="MONOPOLI_RCON_PASSWORD"):
        read_password(environ={})
    file.write_text("\n")
    with pytest.raises(ConfigError, match="empty"):
        read_password(file=file)
    with pytest.raises(ConfigError, match="cannot read"):
        read_password(file=tmp_path / "missing")
    with pytest.raises(ConfigError):
        Password("")
