"""What a `Desk` told the world, read back as players see it: the messages written (chat, titles, the
action bar), who they reached, and the boss bars as the commands left them (`Told`, Desk's base)."""

from __future__ import annotations

import json
from typing import Any

from monopoli_mc.controller.game.table import BoardGame
from monopoli_mc.controller.io.players import by_name
from monopoli_mc.datapack.escape import is_player_name
from monopoli_mc.datapack.world_config import WorldConfig
from monopoli_mc.vanilla.reader import Reader
from monopoli_mc.vanilla.snbt import read_compound, read_value

MESSAGES = ("tell", "title", "subtitle", "actionbar")


class Told:
    """The commands written so far (`written`) and the messages among them (`_shown`), read as shown."""

    world: WorldConfig
    tables: dict[str, BoardGame]
    store: Any  # the Desk's Store: who waits in a board's lobby
    _mc: Any  # Mojang's data for the world's version, to read the messages' SNBT

    def __init__(self) -> None:
        self.written: list[str] = []  # every command since the start, in order
        self._heard: dict[str, int] = {}  # by player: the messages `said_to` returned already
        self._shown: list[tuple[str, str, str]] = []  # (kind, to whom, text) of every message written

    def _message(self, command: str) -> list[tuple[str, str, str]]:
        """(kind, to whom, text) of a message call (`function monopoli:ui/tell {player:…,text:…}`), as shown."""
        head = "function monopoli:ui/"
        if not command.startswith(head):
            return []
        kind, _, args = command[len(head):].partition(" ")
        if kind not in MESSAGES or not args:
            return []
        macro = read_compound(Reader(args, self._mc))
        text = str(macro["text"])  # pasted into the function's `{text:"$(text)"}`, read as the server reads it
        if self.world.version.is_snbt_text:
            shown = read_compound(Reader('{text:"' + text + '"}', self._mc))["text"]
        else:
            shown = json.loads('{"text":"' + text + '"}')["text"]
        return [(kind, str(macro["player"]), str(shown))]

    def _reaches(self, to: str, name: str) -> bool:
        """Whether a message's target reaches this player (by name, everyone, or their table's players)."""
        if to in (name, "@a") or (not is_player_name(name) and to == by_name(name)):
            return True
        table = next((t for t in self.tables.values() if t.view.players == to), None)
        return table is not None and (table.seat_of(name) is not None or name in self.store.lobby(table.name))

    def messages(self, kind: str = "tell") -> list[str]:
        """Every message of this kind written since the start, to whomever."""
        return [text for k, _, text in self._shown if k == kind]

    def heard(self, name: str, kind: str = "tell") -> list[str]:
        """Every message of this kind that reached a player since the start."""
        return [text for k, to, text in self._shown if k == kind and self._reaches(to, name)]

    def said_to(self, name: str, kind: str = "tell") -> list[str]:
        """The messages (chat lines by default) that reached a player since the last call for them."""
        key = f"{kind}:{name}"
        seen = self._heard.get(key, 0)
        self._heard[key] = len(self._shown)
        return [text for k, to, text in self._shown[seen:] if k == kind and self._reaches(to, name)]

    def bar_value(self, bar: str) -> int | None:
        """The value last written to a boss bar (`monopoli:time_main`), None if never."""
        head = f"bossbar set {bar} value "
        values = [int(c[len(head):]) for c in self.written if c.startswith(head)]
        return values[-1] if values else None

    def bossbar(self, bar: str) -> tuple[str, int, int, str] | None:
        """A boss bar as the commands written so far leave it: (words, value, max, colour); None if removed."""
        state: dict[str, str] | None = None
        for command in self.written:
            if command.startswith(f"bossbar add {bar} "):
                state = dict(state or {}, name=command[len(f"bossbar add {bar} "):])
            elif command == f"bossbar remove {bar}":
                state = None
            elif command.startswith(f"bossbar set {bar} ") and state is not None:
                key, _, value = command[len(f"bossbar set {bar} "):].partition(" ")
                state[key] = value
        if state is None:
            return None
        words = read_value(Reader(state["name"], self._mc))
        return (str(words["text"]) if isinstance(words, dict) else str(words), int(state.get("value", 0)),
                int(state.get("max", 100)), state.get("color", "white"))
