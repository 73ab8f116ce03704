"""The controller loop: read the inbox once per poll, apply, persist, write the world, acknowledge.

Each poll reads `storage monopoli:bridge` with one request: the inbox, and beside it
the positions of the players it waits for in walk mode. Entries above
the stored cursor are turned into engine actions in `seq` order; the actions and
the new cursor are committed in one SQLite transaction; only then is the world
written and the inbox acknowledged, together: the poll's writes for every board
and the acknowledgement go out as few `function monopoli:batch` requests as the
1446-byte limit allows (usually one). After a crash the entries at or below the
cursor are skipped, so every event is applied exactly once.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import time
import uuid
from dataclasses import dataclass
from typing import Any, Callable, Protocol

from monopoli_mc.bridge import batch, outbox
from monopoli_mc.bridge.inbox import (LIST_UUIDS, NIGHT_QUERY, POLL_QUERY, TIME_QUERY, WORLD_QUERY, InboxError,
                                      Position, WorldEvent, parse_night, parse_poll, parse_pos, parse_time,
                                      parse_uuid_list, parse_world)
from monopoli_mc.controller import intents, offers, timelimit
from monopoli_mc.controller.admin import AdminDesk, net_worths
from monopoli_mc.controller.lease import Lease
from monopoli_mc.controller.lease import clock as lease_clock
from monopoli_mc.controller.policy import CLOSE_AUCTION
from monopoli_mc.controller.store import GameRow, Store
from monopoli_mc.controller.table import Action, BoardGame, Walk
from monopoli_mc.datapack import calls
from monopoli_mc.datapack.escape import player_name
from monopoli_mc.datapack.channel import SEQ
from monopoli_mc.datapack.layout import Layout
from monopoli_mc.datapack.world_config import WorldConfig
from monopoli_mc.errors import IllegalAction, LeaseError, MonopoliError, RconError, StoreError
from monopoli_mc.rules.board import Board, board_path, load_board
from monopoli_mc.rules.events import Event
from monopoli_mc.rules.narrate import Narrator
from monopoli_mc.rules.phases import AUCTION, OVER, SYSTEM
from monopoli_mc.rules.settings import Rules, load_rules

log = logging.getLogger("monopoli_mc.controller")
_SEQ_REPLY = "has "
IN_GAME_WAIT = 10.0  # seconds an in-game admin request waits for the controller, as `monopoli admin --wait`
TICKS_PER_SECOND = 20


class Rcon(Protocol):
    """What the controller needs of an RCON client."""

    def command(self, command: str) -> str: ...  # noqa: E704

    def reconnect(self, *, attempts: int = 5, delay: float = 0.1, max_delay: float = 5.0) -> None: ...  # noqa: E704


@dataclass
class Settings:
    """How the controller plays: rule set, timers (seconds), when a board's game starts."""

    rules: str = "prom"
    auction_quiet: float = 8.0
    walk_wait: float = 20.0
    poll_interval: float = 0.1
    start_at: int | None = None  # start a board's game once this many players are seated
    seed: int | None = None  # None: a seed from the clock
    max_rounds: int | None = None  # None: the rule set's own limit
    per_command: bool = False  # one request per world write, as before batching (bench/bridge.py compares)
    take_over: bool = False  # take the database's lease even from a controller that looks alive
    store_retry: float = 5.0  # seconds between tries while the database cannot be written (a full disk)
    time_limit: float | None = None  # seconds; None: the rule set's time_limit_minutes; 0: no limit


class Controller:
    """Plays every board of a world config over one RCON connection, persisted in one Store."""

    def __init__(self, rcon: Rcon, world: WorldConfig, store: Store, settings: Settings | None = None,
                 *, on_line: Callable[[str], None] | None = None,
                 clock: Callable[[], float] = time.monotonic, wall: Callable[[], float] = time.time) -> None:
        self.rcon = rcon
        self.world = world
        self.store = store
        self.settings = settings or Settings()
        self.rules: Rules = load_rules(self.settings.rules)
        if self.settings.max_rounds is not None:
            self.rules = dataclasses.replace(self.rules, max_rounds=self.settings.max_rounds)
        self.board: Board = load_board(board_path(self.rules.board))
        self.on_line = on_line or (lambda line: log.info(line))
        self.clock = clock
        self.wall = wall  # the time of day, for time limits (a game's start is stored as time.time())
        single = len(world.boards) == 1
        self.tables = {p.name: BoardGame(p.name, Layout(p), outbox.Table(
            board=p.name, colors=world.colors, version=world.version, role_colors=world.role_colors,
            teleport=world.movement == "teleport", broadcast=single, number=n))
            for n, p in enumerate(world.boards, start=1)}
        self.names: dict[str, str] = store.players()
        self.desk = AdminDesk(self)
        self._game_time: int | None = None  # the server's game time, asked once a poll when an admin request came
        self.watchers: list[Callable[[], None]] = []  # called after every poll (the live board page)
        self.requests = 0
        self._connected = False
        self._batches = not self.settings.per_command  # off for good once the server lacks monopoli:batch
        self._positions: dict[str, Position] | None = None  # by name, from the last read; None: the pack has none
        self._walked: list[str] = []  # walkers who arrived: untagged with the next write
        self.lease: Lease | None = None
        self.world_id = ""  # the identity the pack drew at load in the world we are connected to

    # -- start, sync, run ------------------------------------------------------------
    def claim(self) -> None:
        """Take the database's lease (once); raises LeaseError naming the controller that holds it."""
        if self.lease is None:
            lease = Lease(self.store)
            line = lease.take(take_over=self.settings.take_over)
            self.lease = lease
            if line:
                self.on_line(line)

    def release(self) -> None:
        """Give the lease back (a clean stop)."""
        if self.lease is not None:
            self.lease.release()
            self.lease = None

    def load(self) -> None:
        """Take the lease, then rebuild every board's game from the store (snapshot + replay)."""
        self.claim()
        for table in self.tables.values():
            row = self.store.current_game(table.name)
            if row is not None:
                table.load(self.store, row, self.board)
                self.follow_limit(table, row)
            table.paused = self.store.meta(f"paused:{table.name}") == "1"
            table.books_out = [(int(seat), str(deck), int(card)) for seat, deck, card
                               in json.loads(self.store.meta(f"books_out:{table.name}", "[]"))]
            table.offers = {int(seat): draft for seat, draft
                            in json.loads(self.store.meta(self._offers_key(table), "{}")).items()}

    def follow_limit(self, table: BoardGame, row: GameRow, *, override: bool = True) -> None:
        """A game's time limit as stored with it; `--time-limit` given to this run sets it for a game
        still running (`override`, outside a transaction; said in the terminal)."""
        line = timelimit.follow(self.store, table, row, self.settings.time_limit, self.wall(), override=override)
        if line:
            self.on_line(line)

    def start(self) -> None:
        """Load the games, check the world's event counter, rewrite the whole world."""
        self.load()
        self.connected()

    def connected(self) -> None:
        """After (re)connecting: which world this is (a new one is read from its first event); then sync."""
        self._follow_world()
        self._check_night()
        self._refresh_names()
        self.sync_all()
        self._connected = True

    def _follow_world(self) -> None:
        """The inbox cursor belongs to the world's identity, so a reset world's queue is read whole."""
        world = parse_world(self.command(WORLD_QUERY))
        if world is None:  # a pack from before world identities: a counter that went back means a new world
            world = ""
            seq = _int_after(self.command(f"scoreboard players get $seq {SEQ}"), _SEQ_REPLY)
            cursor = self.store.cursor(world)
            if seq is not None and seq < cursor:
                self.on_line(f"the world's event counter is {seq}, below ours ({cursor}): the world was reset; "
                             "following its counter (install the current pack so a reset is always seen)")
                with self.store.transaction():
                    self.store.set_cursor(world, seq)
        last = self.store.meta("world")
        if world != last:
            if last:
                self.on_line(f"this is a new world (identity {world or 'none'}, was {last}): "
                             f"its events are read from event {self.store.cursor(world) + 1}")
            with self.store.transaction():
                self.store.set_meta("world", world)
        self.world_id = world

    def _check_night(self) -> None:
        """Warn when the world was last run from another database (a forgotten --db), then mark it ours."""
        night = self.store.meta("night")
        if not night:
            night = uuid.uuid4().hex
            with self.store.transaction():
                self.store.set_meta("night", night)
        try:
            mark = parse_night(self.command(NIGHT_QUERY))
        except InboxError:
            mark = None
        if mark is not None and mark[0] != night:
            games = len(self.store.games())
            self.on_line(f"warning: this world was last run with the database {mark[1]!r}, which is not this one "
                         f"({self.store.path!r}, {games} game{'s' if games != 1 else ''}): if that was "
                         f"tonight's, stop and start again with --db {mark[1]}")
        if mark is None or mark[0] != night:
            self.command(calls.night_mark(night, self.store.path))

    def check_rules(self) -> None:
        """Refuse a rule set other than the one a board's unfinished game plays (the games keep theirs)."""
        for table in self.tables.values():
            row = self.store.current_game(table.name)
            if row is None or row.over:
                continue
            plays = str(row.rules.get("name", ""))
            if plays and plays != self.rules.name:
                raise MonopoliError(
                    f"board {table.name!r} plays the {plays!r} rules (game {row.id}), not {self.rules.name!r}: "
                    f"start with --rules {plays}, or end that game first")

    def sync_all(self) -> None:
        """Rewrite the whole picture of every board."""
        out: list[str] = []
        for table in self.tables.values():
            out += table.sync()
        self.send(out)

    def run(self, stop: Callable[[], bool]) -> None:
        """Poll until `stop()`; reconnect by itself when RCON drops, then resync; wait out a full disk.

        Raises LeaseError when another controller took the database over, and StoreError when the
        database is damaged; gives the lease back when it returns.
        """
        self.claim()
        try:
            while not stop():
                self._step(stop)
        finally:
            self.release()

    def _step(self, stop: Callable[[], bool]) -> None:
        try:
            if not self._connected:
                self.connected()
            if self.poll() == 0:
                time.sleep(self.settings.poll_interval)
        except RconError as exc:
            self._connected = False
            self.on_line(f"rcon: {exc}; reconnecting")
            self._reconnect(stop)
        except LeaseError:
            raise
        except StoreError as exc:
            if not exc.can_retry:
                raise
            self.on_line(f"{exc}; trying again in {self.settings.store_retry:g}s")
            _sleep(stop, self.settings.store_retry)
        except MonopoliError as exc:  # never lose the night to one bad request
            self.on_line(f"warning: {exc}")
            time.sleep(self.settings.poll_interval)

    def _reconnect(self, stop: Callable[[], bool]) -> None:
        """Reconnect with growing waits (heartbeat on), then say how long the server was away."""
        delay, since = 0.2, time.time()
        where = getattr(self.rcon, "where", "the server")
        while not stop():
            assert self.lease is not None
            self.lease.beat(f"waiting for the server at {where} since {lease_clock(since)}")
            try:
                self.rcon.reconnect(attempts=1, delay=delay)
            except RconError:
                _sleep(stop, delay)
                delay = min(delay * 2, 5.0)
                continue
            self.lease.beat()
            self.on_line(f"rcon: reconnected to {where} after {time.time() - since:.1f}s away")
            return

    # -- one poll --------------------------------------------------------------------
    def poll(self) -> int:
        """One inbox read; apply new events, timers and operator requests; returns events applied."""
        if self.lease is not None:
            self.lease.beat()
        reply = self.command(POLL_QUERY)
        self._game_time = None
        try:
            read = parse_poll(reply)
        except InboxError as exc:
            self.on_line(f"warning: {exc}")
            read = None
        events = read.events if read is not None else []
        if read is not None:  # known before this poll's moves start walks: they are tagged at once
            self._positions = None if read.positions is None else {
                self.names[u]: p for u, p in read.positions.items() if u in self.names}
        cursor = self.store.cursor(self.world_id)
        new = [e for e in events if e.seq > cursor]
        if any(e.uuid is not None and e.uuid not in self.names for e in new):
            self._refresh_names()
        now = self.clock()
        out: list[str] = []
        batches: dict[str, list[Event]] = {}
        due = self._timers_due(now)
        if new or due or self.store.has_requests():
            try:
                with self.store.transaction():
                    self._decide(new, due, batches, out)
            except BaseException:  # the transaction rolled back: memory follows the store again
                self._reload()
                raise
        for name, events_ in batches.items():
            table = self.tables[name]
            try:
                books = list(table.books_out)
                out += table.writes(events_)
                if table.books_out != books:  # kept, so a restarted controller takes them back too
                    self.store.set_meta(f"books_out:{name}", json.dumps(table.books_out))
                out += self._start_walks(table, events_, now)
            except MonopoliError as exc:  # the game moved on; only its picture is late: sync mends it
                self.on_line(f"warning: board {name!r}: cannot write the world ({exc}); "
                             "run `monopoli admin sync` when it is fixed")
        self._auction_clock(now)
        out += self._walks(now)
        out += self._time_bars()
        ack = max(e.seq for e in events) if events else None
        if out or ack is not None:  # the arrived walkers' tags go with a write that is made anyway
            out, self._walked = self._walked + out, []
        self.send(out, ack=ack)
        for watch in self.watchers:
            watch()
        return len(new)

    def _decide(self, new: list[WorldEvent], due: list[tuple[BoardGame, Action, tuple[int, int]]],
                batches: dict[str, list[Event]], out: list[str]) -> None:
        """The poll's transaction: events, timers, operator requests still within their deadline, the cursor."""
        for event in new:
            out += self._safely(event, batches)
        for table, action, key in due:
            if (table.game_id, table.n_actions) == key:  # else a bid in this poll restarted the wait
                out += self._apply(table, action, "clock", batches)
        for request in self.store.pending_requests(time.time()):
            answer, writes = self.desk.handle(request.kind, request.args, request.board,
                                              origin=f"request {request.id}", batches=batches)
            out += writes
            self.store.answer(request.id, answer)
            self.on_line(f"operator {request.kind}: {answer}")
        if new:
            self.store.set_cursor(self.world_id, new[-1].seq)

    def _reload(self) -> None:
        """Rebuild the games from the store after a rollback. What the world shows is kept: only
        committed states are ever written to it."""
        shown = {t.name: (t.game_id, t.shown, t.prompted, t.walks) for t in self.tables.values()}
        try:
            self.load()
        except StoreError:  # cannot even read: the next poll fails the same way and says why
            return
        for table in self.tables.values():
            game_id, table_shown, prompted, walks = shown[table.name]
            if table.game_id == game_id:
                table.shown, table.prompted, table.walks = table_shown, prompted, walks

    def _safely(self, event: WorldEvent, batches: dict[str, list[Event]]) -> list[str]:
        """Handle one event in a savepoint; a bug or bad input costs that event, never the loop.

        The server and the database failing are not the event's fault: they fail the whole poll.
        """
        before = [(t.game_id, t.n_actions) for t in self.tables.values()]
        sizes = {name: len(events) for name, events in batches.items()}
        try:
            with self.store.savepoint():
                return self._handle(event, batches)
        except (RconError, StoreError):
            raise
        except Exception as exc:
            bug = not isinstance(exc, MonopoliError)
            if bug:
                log.exception("event %r failed", event)
            if bug or before != [(t.game_id, t.n_actions) for t in self.tables.values()]:
                self._reload()  # it failed after changing a game: undo that in memory too
                for name in list(batches):
                    del batches[name][sizes.get(name, 0):]
            text = "that did not work (a controller error); tell the operator" if bug else str(exc)
            return self._tell_uuid(event.uuid, text)

    def _handle(self, event: WorldEvent, batches: dict[str, list[Event]]) -> list[str]:
        if event.is_admin:
            return self._admin(event, batches)
        name = self.names.get(event.uuid or "")
        if name is None:
            self.on_line(f"warning: inbox entry {event.seq} ({event.kind}) from an unknown player")
            return []
        misuse = intents.bare_misuse(event.kind, event.value, button=event.button)
        if misuse is not None:
            return self._tell(name, misuse)
        if event.kind == "online":
            self.store.add_player(event.uuid or "", name)
            table = self.table_of(name)
            if table is None or table.game is None:  # back, and seated nowhere: no table's messages
                lobby = any(name in self.store.lobby(board) for board in self.tables)
                return [] if lobby or len(self.tables) == 1 else [calls.unsit(name)]
            seat = table.seat_of(name)
            if table.ends_at is not None:  # give them the time bar (it holds only those online when made)
                table.bar.shown = None
            return ([calls.enable(name)] + outbox.tell(table.view, name, "Welcome back.")
                    + (table.prompt_writes(force=True) if seat == table.game.to_act() else []))
        if event.kind == "join":
            answer, writes = self.desk.seat(name, self._board_at(name), batches=batches, origin=f"seq {event.seq}")
            return writes + (outbox.tell(self._any_view(), name, answer) if answer else [])
        table = self.table_of(name)
        if table is None or table.game is None:
            return self._tell(name, "you are not playing at a board: stand on it and use /trigger join")
        game = table.game
        seat = table.seat_of(name)
        assert seat is not None
        if event.kind == "jar":
            return self._tell(name, f"The Free Parking jar holds ${game.jar}.")
        if event.kind == "deed":
            space = event.value
            if space is None or not 0 <= space < len(game.board.spaces) or not game.board.spaces[space].is_deed:
                return self._tell(name, f"space {space!r} has no title deed; deeds are spaces 1 to 39")
            return [calls.deed(name, space)]
        if event.kind not in intents.game_kinds() and event.kind not in offers.KINDS:
            return self._tell(name, f"unknown input {event.kind!r}")
        if table.paused:
            return self._tell(name, "the game is paused by the operator; wait a moment")
        if event.kind in offers.KINDS:
            return self._offer(table, seat, event, batches)
        action = intents.to_action(game, seat, event.kind, event.value)
        if isinstance(action, str):
            return self._tell(name, action)
        why = intents.why_not(game, action)
        if why is not None:
            return self._tell(name, why)
        return self._apply(table, action, f"seq {event.seq}", batches)

    def _admin(self, event: WorldEvent, batches: dict[str, list[Event]]) -> list[str]:
        """An operator's `/function monopoli:admin/...`: answered by the desk as a CLI request is, the
        answer told in chat to the operator who ran it (from the console, only the log has it).

        Without a board in the request, the board is the named player's, else the one the operator
        stands on, else the only one."""
        kind = event.kind[len("admin_"):]
        args: dict[str, Any] = {"player": event.target}
        if event.value is not None:
            args["amount"] = args["space"] = event.value
        operator = self.names.get(event.uuid or "")
        board = event.board
        if (board is None and operator is not None and len(self.tables) > 1 and kind not in ("status", "unseat")
                and (event.target is None or self.table_of(event.target) is None)):
            board = self._board_at(operator)
        late = self._late(event)
        writes: list[str] = []
        if late is not None:
            answer = late
        else:
            answer, writes = self.desk.handle(kind, args, board, origin=f"seq {event.seq}", batches=batches,
                                              name_board=f"/function monopoli:admin/<board>/{kind}")
        self.on_line(f"operator{f' {operator}' if operator else ''} (in game) {kind}: {answer}")
        if operator is None:
            return writes
        return writes + [line for part in answer.split("\n") for line in self._tell(operator, f"admin {kind}: {part}")]

    def _late(self, event: WorldEvent) -> str | None:
        """Why an in-game request is withdrawn unapplied: it waited longer than `IN_GAME_WAIT` (the
        controller was not running); None when it is in time, or from a pack that does not stamp one."""
        if event.time is None:
            return None
        if self._game_time is None:
            self._game_time = parse_time(self.command(TIME_QUERY))
        waited = (self._game_time - event.time) / TICKS_PER_SECOND
        if waited <= IN_GAME_WAIT:
            return None
        return (f"not answered within {IN_GAME_WAIT:g}s (queued {_ago(waited)} ago, while no controller was "
                "answering): withdrawn, nothing was changed. Run it again if it is still wanted")

    def _offer(self, table: BoardGame, seat: int, event: WorldEvent, batches: dict[str, list[Event]]) -> list[str]:
        """A change to a player's trade offer, or sending it; the offers are stored with the poll."""
        game = table.game
        assert game is not None
        name = game.names[seat]
        answer, action = offers.handle(game, table.offers, seat, event.kind, event.value)
        why = None if action is None else intents.why_not(game, action)
        out = self._tell(name, answer if why is None else f"{why}; your offer is kept")
        if action is not None and why is None:
            table.offers.pop(seat, None)
            out += self._apply(table, action, f"seq {event.seq}", batches)
        if seat in table.offers:  # still being written: the buttons to go on
            others = [(q, n) for q, n in enumerate(game.names) if q != seat and not game.bankrupt[q]]
            if table.offers[seat]["to"] is None and others:
                out.append(calls.prompt_offer_to(name, others))
            out.append(calls.prompt(name, "offer"))
        self.store.set_meta(self._offers_key(table), json.dumps(table.offers))
        return out

    @staticmethod
    def _offers_key(table: BoardGame) -> str:
        return f"offers:{table.name}:{table.game_id}"

    def _apply(self, table: BoardGame, action: tuple[str, int, Any], origin: str,
               batches: dict[str, list[Event]]) -> list[str]:
        """Apply an action to a board's game (inside the poll's transaction)."""
        assert table.game is not None
        try:
            events = table.apply(self.store, action, origin)
        except IllegalAction as exc:
            seat = action[1]
            if seat >= 0:
                return self._tell(table.game.names[seat], str(exc))
            raise
        batches.setdefault(table.name, []).extend(events)
        top = "apartment" if table.game.rules.roles else "hotel"
        lines = Narrator(table.game.board, table.game.names, top_building=top).lines(events)
        table.log.extend((table.game_id, line) for line in lines)
        for line in lines:
            self.on_line(f"[{table.name}] {line}")
        chat = "; ".join(line for line in lines if not line.startswith("--"))
        out = outbox.say(table.view, chat) if chat else []
        if any(ev[0] == "game_over" and ev[2] != "last_standing" for ev in events):  # the richest won: say why
            worth = f"Final net worth: {net_worths(table.game)}."
            self.on_line(f"[{table.name}] {worth}")
            out += outbox.say(table.view, worth)
        return out

    # -- timers: auctions, time limits, walking ---------------------------------------
    def _auction_clock(self, now: float) -> None:
        for table in self.tables.values():
            game = table.game
            if game is None or game.phase != AUCTION:
                table.auction_since, table.auction_key = None, ()
                continue
            key = (table.game_id, table.n_actions)
            if key != table.auction_key:
                table.auction_key, table.auction_since = key, now

    def _timers_due(self, now: float) -> list[tuple[BoardGame, Action, tuple[int, int]]]:
        """(table, action, the game's action count now) for each timer that has run out."""
        due: list[tuple[BoardGame, Action, tuple[int, int]]] = []
        for table in self.tables.values():
            game = table.game
            if game is None or game.phase == OVER or table.paused:
                continue
            key = (table.game_id, table.n_actions)
            if game.phase == AUCTION and table.auction_since is not None and table.auction_key == key and \
                    now - table.auction_since >= self.settings.auction_quiet:
                due.append((table, CLOSE_AUCTION, key))
            elif table.ends_at is not None and self.wall() >= table.ends_at:
                due.append((table, ("time_up", SYSTEM, None), key))
        return due

    def _time_bars(self) -> list[str]:
        """Each board's boss bar of the time left (updated every few seconds) and the warnings."""
        out: list[str] = []
        for table in self.tables.values():
            writes, told = timelimit.writes(table, self.wall())
            out += writes
            for line in told:
                self.on_line(f"[{table.name}] {line}")
        return out

    def _start_walks(self, table: BoardGame, events: list[Event], now: float) -> list[str]:
        """Walk mode: tell each moved player where to walk; they are teleported after the wait."""
        game = table.game
        if game is None or table.view.teleport:
            return []
        out: list[str] = []
        for seat in sorted({ev[1] for ev in events if ev[0] == "move"}):
            if game.jail_turns[seat] < 0 and not game.bankrupt[seat]:
                table.walks[seat] = Walk(game.pos[seat], now + self.settings.walk_wait)
                space = game.board.spaces[game.pos[seat]].name
                out.append(calls.message("actionbar", game.names[seat], f"Walk to {space}",
                                         table.view.version))
                if self._positions is not None:  # the pack reports their position from the next tick
                    out.append(calls.walk(game.names[seat]))
        return out

    def _walks(self, now: float) -> list[str]:
        """Walk mode: has each walking player reached their space? After the wait, teleport them.

        The positions came with the inbox read; only a pack that does not report them costs
        a request per walker.
        """
        out: list[str] = []
        for table in self.tables.values():
            game = table.game
            for seat, walk in list(table.walks.items()):
                if game is None:
                    break
                name = game.names[seat]
                if self._positions is not None:
                    pos = self._positions.get(name)  # not there yet: tagged after this tick, or offline
                else:
                    pos = parse_pos(self.command(f"data get entity {player_name(name)} Pos"))
                if pos is not None and table.layout.tile_at(pos[0], pos[2]) == walk.space:
                    del table.walks[seat]
                    self._walked += self._untag(name)
                elif now >= walk.deadline:
                    del table.walks[seat]
                    out += self._untag(name) + [calls.teleport(name, table.name, walk.space)]
        return out

    def _untag(self, name: str) -> list[str]:
        """Stop the pack reporting a walker's position (a pack that reports none was never asked to)."""
        return [calls.walked(name)] if self._positions is not None else []

    # -- players ---------------------------------------------------------------------
    def _refresh_names(self) -> None:
        fresh = self._fresh_names()
        if fresh:
            with self.store.transaction():
                self._remember(fresh)

    def _fresh_names(self) -> dict[str, str]:
        """UUID -> name of the players online whose name we do not know yet (asks the server)."""
        try:
            found = parse_uuid_list(self.command(LIST_UUIDS))
        except InboxError as exc:  # keep the names we have; the next poll asks again
            self.on_line(f"warning: {exc}")
            return {}
        return {u: n for u, n in found.items() if self.names.get(u) != n}

    def _remember(self, fresh: dict[str, str]) -> None:
        self.names.update(fresh)
        for u, n in fresh.items():
            self.store.add_player(u, n)

    def seen(self, name: str) -> str | None:
        """The name as the server spells it, if a player of that name was ever seen (the server is
        asked who is online when the name is new; inside the poll's transaction); else None."""
        for attempt in range(2):
            known = set(self.names.values())
            if name in known:
                return name
            folded = [n for n in known if n.casefold() == name.casefold()]
            if len(folded) == 1:  # Java names are unique whatever their case
                return folded[0]
            if attempt == 0:
                self._remember(self._fresh_names())
        return None

    def table_of(self, name: str) -> BoardGame | None:
        """The board whose current game seats this player."""
        for table in self.tables.values():
            if table.seat_of(name) is not None:
                return table
        return None

    def _board_at(self, name: str) -> str | None:
        """The board a player stands on (or the only board)."""
        if len(self.tables) == 1:
            return next(iter(self.tables))
        pos = parse_pos(self.command(f"data get entity {player_name(name)} Pos"))
        if pos is None:
            return None
        for table in self.tables.values():
            (x0, _, z0), (x1, _, z1) = table.layout.bounds()
            if x0 <= pos[0] < x1 + 1 and z0 <= pos[2] < z1 + 1:
                return table.name
        return None

    def _any_view(self) -> outbox.Table:
        return next(iter(self.tables.values())).view

    def _tell(self, name: str, text: str) -> list[str]:
        self.on_line(f"  to {name}: {text}")
        return outbox.tell(self._any_view(), name, text)

    def _tell_uuid(self, uuid: str | None, text: str) -> list[str]:
        name = self.names.get(uuid or "")
        return self._tell(name, text) if name else []

    # -- the wire --------------------------------------------------------------------
    def command(self, text: str) -> str:
        """One RCON request (counted)."""
        self.requests += 1
        return self.rcon.command(text)

    def send(self, commands: list[str], *, ack: int | None = None) -> None:
        """Write commands to the world in order, in batches, then drop inbox entries up to `ack`."""
        if not self._batches:
            for text in commands:
                self.command(text)
            if ack is not None:
                self.command(calls.ack(ack))
            return
        requests = batch.requests(commands, ack=ack)
        for n, request in enumerate(requests):
            reply = self.command(request.text)
            if request.ran_whole(reply):
                continue
            if batch.OLD_PACK in reply:  # nothing of it ran: the rest one by one, from now on
                self.on_line("warning: the datapack on the server has no monopoli:batch (an older pack); "
                             "writing one command per request until it is replaced: "
                             "install this version's pack (monopoli datapack build) and /reload")
                self._batches = False
                self.send([c for r in requests[n:] for c in r.commands], ack=ack)
                return
            self.on_line(f"warning: the server stopped a write batch before its end ({reply[:120]!r}); "
                         "the world may miss some of this poll's changes: raise the game rule "
                         "max_command_sequence_length (maxCommandChainLength before 1.21.11), "
                         "then run `monopoli admin sync`")


def _ago(seconds: float) -> str:
    """12s, 3m12s, 2h05m."""
    whole = int(seconds)
    if whole < 60:
        return f"{whole}s"
    if whole < 3600:
        return f"{whole // 60}m{whole % 60:02d}s"
    return f"{whole // 3600}h{whole // 60 % 60:02d}m"


def _sleep(stop: Callable[[], bool], seconds: float) -> None:
    """Sleep, waking early when asked to stop."""
    end = time.monotonic() + seconds
    while not stop() and time.monotonic() < end:
        time.sleep(min(0.1, end - time.monotonic()))


def _int_after(reply: str, marker: str) -> int | None:
    """The number in "$seq has 12 [monopoli.seq]"; None when the holder has no score."""
    head, sep, tail = reply.partition(marker)
    if not sep:
        return None
    word = tail.split(" ", 1)[0]
    return int(word) if word.lstrip("-").isdigit() else None
