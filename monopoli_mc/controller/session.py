"""A controller's life on a night's database, from opening the file to closing it, whatever stops it.

`monopoli run`, the demo and the benches share it, so each closes what it opened in the same order:
the controller gives its lease back (and clears the world's mark when the server is there), the record
of commands is closed, then the database and the RCON connection. A database this run created and that
was refused at the first look at the world (`OtherNight`: the world's night is in another file) holds
nothing but its night's id, so it is removed again, and the terminal is told.
"""

from __future__ import annotations

import contextlib
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, Protocol

from monopoli_mc.controller.db.lease import OtherNight
from monopoli_mc.controller.loop import Controller
from monopoli_mc.controller.decide.settings import Settings
from monopoli_mc.controller.io.record import RecordingRcon
from monopoli_mc.controller.db.store import Store
from monopoli_mc.datapack.world_config import WorldConfig
from monopoli_mc.errors import MonopoliError


class Connection(Protocol):
    """What the session needs of an RCON client: its commands, and closing it."""

    def command(self, command: str) -> str:
        """Run one command; the server's reply."""

    def close(self) -> None:
        """Close the connection."""


@contextmanager
def controlling(client: Connection, world: WorldConfig, db_path: Path | str, settings: Settings, *,
                record: Path | None = None, on_line: Callable[[str], None] | None = None,
                clock: Callable[[], float] | None = None) -> Iterator[Controller]:
    """`with controlling(client, world, db, settings) as ctl:` the controller of one world on the night's
    database; the lease is not taken yet (`ctl.claim()`, `ctl.start()` or `ctl.load()` take it).

    On the way out, by any exit, everything is given back and closed (see the module's docstring); `on_line`
    is also told when a refused new database is removed."""
    created = str(db_path) != ":memory:" and not Path(db_path).exists()
    rcon: Any = RecordingRcon(client, record) if record else client
    refused = False
    try:
        store = Store(db_path)
    except BaseException:
        _close(client, rcon)
        raise
    try:
        extra = {} if clock is None else {"clock": clock}
        ctl = Controller(rcon, world, store, settings, on_line=on_line, **extra)
        try:
            yield ctl
        except BaseException as exc:
            # refused at its first look at the world: the file it made for nothing goes
            refused = isinstance(exc, OtherNight) and created and not store.boards() and not store.players()
            with contextlib.suppress(MonopoliError):  # the server gone too: the failure that stopped us is told
                ctl.release()
            raise
        ctl.release()
    finally:
        store.close()
        _close(client, rcon)
        if refused:
            remove_database(Path(db_path))
            if on_line is not None:
                on_line(f"monopoli: removed {db_path}, the new database this run had created")


def remove_database(db_path: Path) -> None:
    """Remove a database file and its write-ahead log (what is already gone is no error)."""
    for suffix in ("", "-wal", "-shm"):
        with contextlib.suppress(OSError):
            Path(f"{db_path}{suffix}").unlink()


def _close(client: Connection, rcon: Any) -> None:
    try:
        if isinstance(rcon, RecordingRcon):
            rcon.close()
    finally:
        client.close()
