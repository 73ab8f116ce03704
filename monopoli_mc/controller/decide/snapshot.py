"""What a decision sees: the poll's snapshot (the games in memory, who is who, this poll's reads, the time).

A decision (`inputs.py`, `ingame.py`, the desk in `admin.py`, a clock's action) is a function of
a snapshot and one input. It returns the commands to write; the actions it takes are recorded
through `store`, inside the poll's transaction that the loop opened and will commit; the lines
for the operator's terminal and the events each board's picture must show are collected here
(`lines`, `events`), and the loop says and writes them. A decision asks the server nothing and
never calls back into the loop: everything it may need was read before (`Reads`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from monopoli_mc.bridge import outbox
from monopoli_mc.bridge.inbox import InboxError, Position, WorldEvent
from monopoli_mc.controller.db import tidings
from monopoli_mc.controller.game.blind import Blind
from monopoli_mc.controller.db.night import Replays
from monopoli_mc.controller.io.players import chat, known
from monopoli_mc.controller.decide.settings import Settings
from monopoli_mc.controller.clocks.status import net_worths, result
from monopoli_mc.controller.db.store import Store
from monopoli_mc.controller.game.table import Action, BoardGame, table_of
from monopoli_mc.datapack.world_config import WorldConfig
from monopoli_mc.errors import IllegalAction
from monopoli_mc.rules.board import Board
from monopoli_mc.rules.events import Event
from monopoli_mc.rules.narrate import END_REASONS, Narrator
from monopoli_mc.rules.settings import Rules


@dataclass
class Reads:
    """What one poll read before deciding: the inbox, and what deciding on it needs."""

    new: list[WorldEvent] = field(default_factory=list)  # those above their boot's cursor, to apply in order
    beyond: list[WorldEvent] = field(default_factory=list)  # above the pack's counter: set aside
    ack: int | None = None  # what the acknowledgement covers: the highest seq read that the pack wrote
    counter: int | None = None  # the pack's event counter
    game_time: int | InboxError | None = None  # read when an operator's entry is stamped; the error if unreadable
    standing: dict[str, Position | None] = field(default_factory=dict)  # by name: joiners, operators, walkers
    online: set[str] | None = None  # the names `list uuids` gave, when this poll asked it


@dataclass
class Snapshot:
    """One poll as its decisions see it; what they may touch: the tables' games (through `apply`), the store
    inside the poll's transaction, and the two collections the loop empties (`lines`, `events`)."""

    store: Store  # inside the poll's transaction: actions, seats, offers, answers, inputs set aside
    tables: dict[str, BoardGame]  # every board of the world, by name
    names: dict[str, str]  # UUID -> name of every player seen
    listed: bool  # whether the server's player list read the last time it was asked
    reads: Reads  # this poll's
    now: float  # the controller's clock (auctions, walks)
    wall: float  # the time of day (time limits, waits)
    settings: Settings
    rules: Rules  # for new games
    board: Board
    world: WorldConfig
    world_id: str  # the identity of the world the inbox was read from
    lines: list[str] = field(default_factory=list)  # for the operator's terminal, in order (the loop says them)
    events: dict[str, list[Event]] = field(default_factory=dict)  # by board: what the actions made, to show
    replays: Replays = field(default_factory=Replays)  # the night's games replayed (night.py), kept by the loop
    blind: Blind = field(default_factory=Blind)  # each player's last input (the loop keeps it from poll to poll)

    def say(self, line: str) -> None:
        """A line for the operator's terminal."""
        self.lines.append(line)

    def table_of(self, name: str) -> BoardGame | None:
        """The board whose current game seats this player."""
        return table_of(self.tables.values(), name)

    def board_at(self, name: str) -> str | None:
        """The board a player stands on (or the only board), from the position this poll read."""
        if len(self.tables) == 1:
            return next(iter(self.tables))
        pos = self.reads.standing.get(name)
        if pos is None:
            return None
        for table in self.tables.values():
            (x0, _, z0), (x1, _, z1) = table.layout.bounds()
            if x0 <= pos[0] < x1 + 1 and z0 <= pos[2] < z1 + 1:
                return table.name
        return None

    def seen(self, name: str) -> str | None:
        """The name as the server spells it, if a player of that name was ever seen (the read phase asks
        the server who is online before a request that names someone new); else None."""
        return known(self.names, name)

    def any_view(self) -> outbox.Table:
        """A board's view, for lines told to one player (the version's dialect is the same for all)."""
        return next(iter(self.tables.values())).view

    def tell(self, name: str | None, text: str) -> list[str]:
        """A chat line for one player (said in the terminal too); never an error."""
        self.say(f"  to {name or 'an unknown player'}: {text}")
        return chat(self.any_view(), name, text)

    def apply(self, table: BoardGame, action: Action, origin: str) -> list[str]:
        """Apply an action to a board's game (recorded in the store, its events kept for the board's picture);
        the lines that narrate it. An illegal action of a player is told to them; of the system, raised."""
        assert table.game is not None
        try:
            events = table.apply(self.store, action, origin)
        except IllegalAction as exc:
            seat = action[1]
            if seat >= 0:
                return self.tell(table.game.names[seat], str(exc))
            raise
        self.events.setdefault(table.name, []).extend(events)
        top = "apartment" if table.game.rules.roles else "hotel"
        lines = Narrator(table.game.board, table.game.names, top_building=top).lines(events)
        table.log.extend((table.game_id, line) for line in lines)
        for line in lines:
            self.say(f"[{table.name}] {line}")
        chat_line = "; ".join(line for line in lines if not line.startswith("--"))
        out = outbox.say(table.view, chat_line) if chat_line else []
        if any(ev[0] == "game_over" and ev[2] != "last_standing" for ev in events):  # the richest won: say why
            worth = f"Final net worth: {net_worths(table.game)}."
            self.say(f"[{table.name}] {worth}")
            out += outbox.say(table.view, worth)
        over = next((ev for ev in events if ev[0] == "game_over"), None)
        if over is not None and not table.view.broadcast:  # the room hears every table's result (one board: it did)
            out += outbox.say_all(table.view, room_line(table, over[2]))
        if over is not None:  # and so do the night's other servers (worlds.hear)
            tidings.tell(self.store, tidings.RESULT, board=table.name, game=table.game_id,
                         line=room_line(table, over[2]))
        if over is not None:
            out += self._table_free(table)
        return out

    def starts_when(self) -> str:
        """When a board's next game starts: "once 4 are seated" (`run --start-at`) or by the organiser."""
        start_at = self.settings.start_at
        return (f"once {max(start_at, self.rules.min_players)} are seated" if start_at is not None
                else "when the organiser starts it")

    def _table_free(self, table: BoardGame) -> list[str]:
        """A board's game is over: each player queued for its next game is told the table is free."""
        queue = self.store.lobby(table.name)
        if not queue:
            return []
        self.say(f"[{table.name}] the table is free; queued for the next game: {', '.join(queue)}")
        out: list[str] = []
        for place, name in enumerate(queue, start=1):
            out += self.tell(name, f"The game at board {table.name} is over: the table is free. You have place "
                                   f"{place} of {len(queue)} for its next game, which starts {self.starts_when()}.")
        return out


def room_line(table: BoardGame, reason: str) -> str:
    """A game's result for the whole server, in one line with its board: "Board main, game 4: Kim wins (the
    richest when time ran out). Net worth: Kim $2,000, Sam $1,200, Robin $0 (bankrupt)."""
    assert table.game is not None
    how = END_REASONS.get(reason, reason)
    return (f"Board {table.name}, game {table.game_id}: {result(table.game)} ({how}). "
            f"Net worth: {net_worths(table.game)}.")
