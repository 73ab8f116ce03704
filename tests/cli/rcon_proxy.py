"""A small RCON proxy over real TCP that rewrites replies: a server that answers differently.

It stands in front of a sandbox, forwards every packet as it came, and lets a test change the
text of a command's reply (a Paper `version` line, one probe answered otherwise), so the
doctor meets a server that is not the sandbox, over the real wire.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Callable

from monopoli_mc.rcon.packets import Packet, PacketDecoder, encode_packet

Rewrite = Callable[[str, str], str]  # (command, reply) -> the reply to send instead
_PROBE = 0  # vanilla answers an unknown packet type with "Unknown request 0": the end marker


class RewritingProxy:
    """Listen on 127.0.0.1 (a free port); one upstream connection per client connection."""

    def __init__(self, upstream: tuple[str, int], rewrite: Rewrite) -> None:
        self.upstream = upstream
        self.rewrite = rewrite
        self.commands: list[str] = []
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._threads: list[threading.Thread] = []
        self._closed = threading.Event()

    @property
    def port(self) -> int:
        """The port clients connect to."""
        return int(self._listener.getsockname()[1])

    def __enter__(self) -> RewritingProxy:
        thread = threading.Thread(target=self._accept, daemon=True)
        thread.start()
        self._threads.append(thread)
        return self

    def __exit__(self, *exc: object) -> None:
        self._closed.set()
        self._listener.close()

    def _accept(self) -> None:
        while not self._closed.is_set():
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            thread = threading.Thread(target=self._serve, args=(client,), daemon=True)
            thread.start()

    def _serve(self, client: socket.socket) -> None:
        upstream = socket.create_connection(self.upstream, timeout=10)
        from_client, from_server = PacketDecoder(max_payload=1 << 20), PacketDecoder(max_payload=1 << 20)
        probe_id = -1000
        with client, upstream:
            while True:
                packet = _read(client, from_client)
                if packet is None:
                    return
                upstream.sendall(encode_packet(packet))
                if packet.type != 2:  # login or the client's own probe: one reply, passed as it is
                    reply = _read(upstream, from_server)
                    if reply is None:
                        return
                    client.sendall(encode_packet(reply))
                    continue
                reply = _read(upstream, from_server)  # never two packets in one read: wait
                if reply is None:
                    return
                body = reply.payload
                if len(body) >= 4096:  # maybe more fragments: a probe's answer marks the end
                    probe_id -= 1
                    upstream.sendall(encode_packet(Packet(probe_id, _PROBE)))
                    while (reply := _read(upstream, from_server)) is not None and reply.request_id != probe_id:
                        body += reply.payload
                command = packet.payload.decode("utf-8")
                self.commands.append(command)
                text = self.rewrite(command, body.decode("utf-8", "replace"))
                client.sendall(encode_packet(Packet(packet.request_id, 0, text.encode("utf-8"))))


def _read(sock: socket.socket, decoder: PacketDecoder) -> Packet | None:
    while True:
        packet = decoder.next_packet()
        if packet is not None:
            return packet
        data = sock.recv(65536)
        if not data:
            return None
        decoder.feed(data)
