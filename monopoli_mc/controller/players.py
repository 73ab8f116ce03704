"""Who is who: UUID -> name as the server spells it, and how a player is addressed in a command.

The inbox names players by UUID; their names come from `list uuids`, asked in the
poll's read phase when an entry names a UUID we do not know (and before an operator's
request that names a player we have not seen). Deciding never asks the server.

A player whose name cannot appear in a command (offline mode and proxies allow
`Robin!`) is addressed by their UUID, which vanilla's entity argument takes
(`EntitySelectorParser.parseNameOrUUID`); with no UUID either, they are told nothing.
"""

from __future__ import annotations

from typing import Callable

from monopoli_mc.bridge import outbox
from monopoli_mc.bridge.inbox import LIST_UUIDS, InboxError, parse_uuid_list
from monopoli_mc.controller.store import Store
from monopoli_mc.datapack.escape import is_player_name
from monopoli_mc.errors import MonopoliError


class Players:
    """The names the controller knows, read from the server and kept in the store."""

    def __init__(self, store: Store, command: Callable[[str], str], on_line: Callable[[str], None]) -> None:
        self.store = store
        self.command = command
        self.on_line = on_line
        self.names: dict[str, str] = store.players()

    def refresh(self) -> None:
        """Ask the server who is online and remember the new names (a transaction of its own)."""
        fresh = self.fresh()
        if fresh:
            with self.store.transaction():
                self.remember(fresh)

    def fresh(self) -> dict[str, str]:
        """UUID -> name of the players online whose name we do not know yet (asks the server)."""
        try:
            found = parse_uuid_list(self.command(LIST_UUIDS))
        except InboxError as exc:  # keep the names we have; the next poll asks again
            self.on_line(f"warning: {exc}")
            return {}
        return {u: n for u, n in found.items() if self.names.get(u) != n}

    def remember(self, fresh: dict[str, str]) -> None:
        """Keep these names (inside a transaction)."""
        self.names.update(fresh)
        for u, n in fresh.items():
            self.store.add_player(u, n)

    def known(self, name: str) -> str | None:
        """The name as the server spells it, if a player of that name was ever seen; else None."""
        known = set(self.names.values())
        if name in known:
            return name
        folded = [n for n in known if n.casefold() == name.casefold()]
        return folded[0] if len(folded) == 1 else None  # Java names are unique whatever their case

    def uuid_of(self, name: str) -> str | None:
        """The UUID of a player we know by this name."""
        return next((u for u, n in self.names.items() if n == name), None)

    def tell(self, view: outbox.Table, name: str, text: str) -> list[str]:
        """A chat line for a player, by name, or by UUID when the name cannot be in a command."""
        self.on_line(f"  to {name}: {text}")
        return self.address(view, name, self.uuid_of(name), text)

    def tell_uuid(self, view: outbox.Table, uuid: str | None, text: str) -> list[str]:
        """A chat line for the player of this UUID (by name when it can be in a command)."""
        name = self.names.get(uuid or "")
        self.on_line(f"  to {name or uuid or 'an unknown player'}: {text}")
        return self.address(view, name, uuid, text)

    @staticmethod
    def address(view: outbox.Table, name: str | None, uuid: str | None, text: str) -> list[str]:
        """The writes that tell `text` to a player: by name if it can be in a command, else by UUID,
        else nothing (never an error: telling is never why an input fails)."""
        for who in (name, uuid):
            if who is not None and is_player_name(who):
                try:
                    return outbox.tell(view, who, text)
                except MonopoliError:
                    return []
        return []
