"""Fixtures for the sandbox wire tests (helpers live in wire_support, a unique module name)."""

from __future__ import annotations

from wire_support import executor, server

__all__ = ["executor", "server"]
