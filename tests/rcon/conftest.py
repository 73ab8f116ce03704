"""Fixtures for the RCON client tests (helpers live in rcon_support, a unique module name)."""

from __future__ import annotations

from rcon_support import executor, scripted, server

__all__ = ["executor", "scripted", "server"]
