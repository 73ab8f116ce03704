"""mcrcon, the client many server tools use, served by the sandbox as vanilla serves it.

mcrcon times out with SIGALRM, so these tests use it from the main thread only. Its login,
wrong password and unknown types against the real World are in tests/sandbox_integration.
"""

from __future__ import annotations

import socket
import threading
import time

import pytest
from mcrcon import MCRcon, MCRconException

from monopoli_mc.sandbox.server import RconServer
from wire_support import PASSWORD, TableExecutor, packet


def mcrcon_for(server: RconServer, password: str = PASSWORD) -> MCRcon:
    return MCRcon(server.host, password, port=server.port, timeout=2)


def test_login_and_commands_with_vanilla_texts(server: RconServer, executor: TableExecutor) -> None:
    with mcrcon_for(server) as mcr:
        assert mcr.command("scoreboard players set Alex Cash 1500") == "Set [Cash] for Alex to 1500"
        assert mcr.command("scoreboard players get Alex Cash") == "Alex has 1500 [Cash]"
        assert mcr.command("frobnicate") == (
            "Unknown or incomplete command, see below for errorfrobnicate<--[HERE]")
        assert mcr.command('tellraw @a "hi"') == ""
    assert executor.commands[0] == "scoreboard players set Alex Cash 1500"


def test_command_before_login(server: RconServer, executor: TableExecutor) -> None:
    mcr = mcrcon_for(server)
    mcr.socket = socket.create_connection(server.address)  # connected, never logged in
    with pytest.raises(MCRconException, match="Login failed"):  # (-1, 2, "")
        mcr.command("scoreboard players get Alex Cash")
    mcr.disconnect()
    assert executor.commands == []


def test_mcrcon_ends_a_reply_early_when_the_next_fragment_is_late() -> None:
    """Why the project has its own client: a fragment 50 ms late is simply lost."""
    listener = socket.create_server(("127.0.0.1", 0))

    def serve() -> None:
        sock, _ = listener.accept()
        with sock:
            sock.recv(100)
            sock.sendall(packet(0, 2))
            sock.recv(100)
            sock.sendall(packet(0, 0, b"a" * 4096))
            time.sleep(0.05)
            sock.sendall(packet(0, 0, b"b" * 10))
            time.sleep(0.05)

    thread = threading.Thread(target=serve)
    thread.start()
    try:
        with MCRcon("127.0.0.1", "pw", port=listener.getsockname()[1], timeout=2) as mcr:
            assert mcr.command("big") == "a" * 4096  # the "b"s never arrive
    finally:
        thread.join()
        listener.close()

