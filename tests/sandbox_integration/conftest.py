"""Fixtures for the integration tests (helpers live in integration_support, a unique module name)."""

from __future__ import annotations

from integration_support import sandbox, world

__all__ = ["sandbox", "world"]
