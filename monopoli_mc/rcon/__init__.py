"""RCON transport to a vanilla Minecraft server: no game knowledge here.

`packets` and `session` are the sans-IO protocol core; `transport` owns the socket;
`client.RconClient` puts them together behind one lock.
"""

from __future__ import annotations

from monopoli_mc.rcon.client import RconClient
from monopoli_mc.rcon.packets import MAX_REQUEST_PAYLOAD, Packet, PacketDecoder, encode_packet
from monopoli_mc.rcon.password import ENV_VAR, Password, read_password
from monopoli_mc.rcon.session import RconSession, check_command

__all__ = [
    "ENV_VAR",
    "MAX_REQUEST_PAYLOAD",
    "Packet",
    "PacketDecoder",
    "Password",
    "RconClient",
    "RconSession",
    "check_command",
    "encode_packet",
    "read_password",
]
