"""Who is who: UUID -> name as the server spells it, and how a player is addressed in a command.

The inbox names players by UUID; their names come from `list uuids`, asked in the
poll's read phase when an entry names a UUID we do not know (and before an operator's
request that names a player we have not seen). Deciding never asks the server.

A player whose name cannot appear in a command as it is (offline mode and proxies allow
`Robin!`) is told through `@a[name="Robin!"]` (`escape.by_name`: a UUID will not do, since
tellraw takes players only); a name not even that can carry, or a UUID we cannot name, is
told nothing. Telling never fails an input.
"""

from __future__ import annotations

import time
from typing import Callable

from monopoli_mc.bridge import outbox
from monopoli_mc.bridge.inbox import LIST_UUIDS, InboxError, parse_uuid_list
from monopoli_mc.controller.db.store import Store
from monopoli_mc.controller.io.wire import ask
from monopoli_mc.datapack.escape import by_name, is_player_name
from monopoli_mc.errors import MonopoliError


class Patience:
    """For how long a read has failed, asked again poll after poll (failures more than 5 s apart begin
    anew): the inbox's entries that need it wait that long for a reply that reads."""

    def __init__(self) -> None:
        self._span: tuple[float, float] | None = None  # (first, last) failure since it last read

    def failed(self) -> bool:
        """Count a failure now; True when it begins a span (the one to say)."""
        now = time.monotonic()
        first = now if self._span is None or now - self._span[1] > 5.0 else self._span[0]
        self._span = (first, now)
        return first == now

    def read(self) -> None:
        """It read: the span ends."""
        self._span = None

    @property
    def reads(self) -> bool:
        """Whether it read the last time it was asked."""
        return self._span is None

    def failing_for(self) -> float:
        """Seconds since the span of failures began; 0 while it reads."""
        return 0.0 if self._span is None else self._span[1] - self._span[0]


class Players:
    """The names the controller knows, read from the server and kept in the store."""

    def __init__(self, store: Store, command: Callable[[str], str], on_line: Callable[[str], None]) -> None:
        self.store = store
        self.command = command
        self.on_line = on_line
        self.names: dict[str, str] = store.players()
        self.listing = Patience()  # `list uuids`
        self.standing = Patience()  # the positions of players whose entries need where they stand

    def refresh(self) -> set[str] | None:
        """Ask the server who is online and remember the new names (a transaction of its own); returns
        the names online, None when the reply is not a player list."""
        try:
            found = ask(self.command, LIST_UUIDS, parse_uuid_list)
        except InboxError as exc:  # keep the names we have; the next poll asks again
            if self.listing.failed():
                self.on_line(f"warning: {exc}; the inbox waits for a player list that reads")
            return None
        self.listing.read()
        fresh = {u: n for u, n in found.items() if self.names.get(u) != n}
        if fresh:
            with self.store.transaction():
                self.remember(fresh)
        return set(found.values())

    def remember(self, fresh: dict[str, str]) -> None:
        """Keep these names (inside a transaction)."""
        self.names.update(fresh)
        for u, n in fresh.items():
            self.store.add_player(u, n)

    def known(self, name: str) -> str | None:
        """The name as the server spells it, if a player of that name was ever seen; else None."""
        return known(self.names, name)


def known(names: dict[str, str], name: str) -> str | None:
    """The name as the server spells it, if a player of that name is among `names` (UUID -> name); else None."""
    seen = set(names.values())
    if name in seen:
        return name
    folded = [n for n in seen if n.casefold() == name.casefold()]
    return folded[0] if len(folded) == 1 else None  # `Alex` and `alex` may both exist (offline mode): neither


def chat(view: outbox.Table, name: str | None, text: str) -> list[str]:
    """A chat line for a player: by name, else by a selector of their name, else nothing (never an error:
    telling is never why an input fails)."""
    who = name if name is None or is_player_name(name) else by_name(name)
    if who is None:
        return []
    try:
        return outbox.tell(view, who, text)
    except MonopoliError:
        return []
