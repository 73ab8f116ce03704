"""`--record FILE`: every RCON request and reply as JSON lines `{"t", "request", "reply"}`."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import IO, Any

from monopoli_mc.errors import MonopoliError


class RecordingRcon:
    """Wraps an RCON client; writes each request and its reply (or error) to a file."""

    def __init__(self, inner: Any, path: Path | str) -> None:
        self.inner = inner
        try:
            self.file: IO[str] = open(path, "a", encoding="utf-8")
        except OSError as exc:
            raise MonopoliError(f"cannot write the record file {str(path)!r}: {exc.strerror}") from None
        self.t0 = time.monotonic()

    def command(self, command: str) -> str:
        """Send one request and record it."""
        t = round(time.monotonic() - self.t0, 6)
        try:
            reply = self.inner.command(command)
        except MonopoliError as exc:
            self._write({"t": t, "request": command, "error": str(exc)})
            raise
        self._write({"t": t, "request": command, "reply": reply})
        return reply

    def reconnect(self, *, attempts: int = 5, delay: float = 0.1, max_delay: float = 5.0) -> None:
        """Reconnect the wrapped client."""
        self.inner.reconnect(attempts=attempts, delay=delay, max_delay=max_delay)

    def close(self) -> None:
        """Close the file (not the client)."""
        self.file.close()

    def _write(self, entry: dict[str, Any]) -> None:
        self.file.write(json.dumps(entry, ensure_ascii=False) + "\n")
        self.file.flush()
