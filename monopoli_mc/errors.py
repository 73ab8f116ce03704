"""The one exception tree of Monopoli MC.

This module depends on nothing, so every layer (rules, rcon, bridge, controller,
datapack, sandbox, cli) may import it without breaking the downward-only rule.
Messages are short, lowercase and quote the bad value.
"""

from __future__ import annotations


class MonopoliError(Exception):
    """Base of every error Monopoli MC raises on purpose (shown without traceback)."""


class IllegalAction(MonopoliError):
    """An action that the rules do not allow now; the game state is unchanged."""


class ConfigError(MonopoliError):
    """A YAML config that is wrong: names the file, the line and the key."""

    def __init__(self, message: str, *, file: str | None = None,
                 line: int | None = None, key: str | None = None) -> None:
        self.file = file
        self.line = line
        self.key = key
        self.detail = message
        where = ""
        if file is not None:
            where = file if line is None else f"{file}:{line}"
        prefix = f"{where}: " if where else ""
        keypart = f"{key}: " if key else ""
        super().__init__(f"{prefix}{keypart}{message}")


class RconError(MonopoliError):
    """Base of RCON failures."""


class WorldChanged(MonopoliError):
    """The world connected to is another than the one followed (its identity changed): follow it."""


class RconAuthError(RconError):
    """The server refused the RCON password."""


class RconTimeout(RconError):
    """The server did not answer in time."""


class RconConnectionError(RconError):
    """The connection could not be made, or was closed or reset."""


class RconProtocolError(RconError):
    """A packet broke the protocol, or a request is too long to send."""


class StoreError(MonopoliError):
    """The game database cannot be used: names the file and what to do (`can_retry`: wait and try again)."""

    def __init__(self, message: str, *, can_retry: bool = False) -> None:
        super().__init__(message)
        self.can_retry = can_retry


class StoreFull(StoreError):
    """The disk holding the game database is full; nothing was written, so trying later is safe."""

    def __init__(self, message: str) -> None:
        super().__init__(message, can_retry=True)


class LeaseError(StoreError):
    """Another controller runs this database (or took it over from this one)."""


class SandboxError(MonopoliError):
    """The embedded sandbox server was misused (bad datapack, unknown bot, ...)."""


class RconRequestTooLong(RconProtocolError):
    """A request over vanilla's 1446-byte limit, refused before anything was sent."""
