"""The controller loop: each poll reads, then decides in one transaction, then writes and acknowledges.

1. Read (`reads.py`): one request reads the inbox and, beside it, the positions of the
   players walking; more only when the entries need it (names, the game time, where a
   joiner stands).
2. Decide (`decide.py`, no I/O): each input is a decision, a function of the poll's
   `Snapshot` (`snapshot.py`) and that input, run in a savepoint of its own (`decide.one`):
   entries above the stored cursor in `seq` order (`inputs.py`; the operator in game,
   `ingame.py`), the timers that ran out (`timers.py`), the operator's requests (the desk,
   `admin.py`). No decision receives the Controller. The actions and the new cursor are
   committed in one SQLite transaction. An entry that cannot be applied is set aside with
   why (`setaside.py`), never retried forever.
3. Write (`wire.py`): the poll's writes for every board and the acknowledgement go out
   as few `function monopoli:batch` requests as the 1446-byte limit allows (usually one).

After a crash the entries at or below the cursor are skipped, so every event is applied
exactly once. Who is who (UUID -> name, addressing a player) is `players.py`; which
world and which night's database, after each connect, `identity.py`.
"""

from __future__ import annotations

import dataclasses
import logging
import math
import time
from typing import Any, Callable

from monopoli_mc.bridge import outbox
from monopoli_mc.controller.clocks import auction, heartbeat, status, timelimit, timers
from monopoli_mc.controller.decide import poll as decide, inputs
from monopoli_mc.controller.db import fileid, tidings
from monopoli_mc.controller.io import identity
from monopoli_mc.controller.game import nightview, offers
from monopoli_mc.controller.db import lease as lease_module
from monopoli_mc.controller.game.blind import Blind
from monopoli_mc.controller.db.lease import Lease
from monopoli_mc.controller.db.lease import clock as lease_clock
from monopoli_mc.controller.io.players import Players
from monopoli_mc.controller.reads import Reader
from monopoli_mc.controller.decide.settings import Settings
from monopoli_mc.controller.decide.snapshot import Snapshot
from monopoli_mc.controller.db.store import GameRow, Store
from monopoli_mc.controller.game.table import BoardGame, away_from, boards, seats
from monopoli_mc.controller.io.wire import Rcon, Wire
from monopoli_mc.datapack import calls
from monopoli_mc.datapack.cost import pack_costs
from monopoli_mc.datapack.world_config import WorldConfig
from monopoli_mc.errors import LeaseError, MonopoliError, RconError, StoreError, WorldChanged
from monopoli_mc.rules.board import Board, board_path, load_board
from monopoli_mc.rules.events import Event
from monopoli_mc.rules.settings import Rules, load_rules

__all__ = ["Controller", "Rcon", "Settings"]
log = logging.getLogger("monopoli_mc.controller")


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
        self.tables = boards(world)
        self.players = Players(store, self.command, self._say)
        self.watchers: list[Callable[[], None]] = []  # called after every poll (the live board page)
        self.on_new_world: Callable[[], None] | None = None  # after a reconnect finds another world (run: boards built?)
        self.requests = 0
        self.wire = Wire(self.command, self._say, batches=not self.settings.per_command,
                         costs=lambda: pack_costs(world, self.board), version=world.version)
        self.walks = timers.Walks()
        self.ranks = nightview.Ranks(world.night, self._say)  # each player's night rank on the action bar, and the replays
        self.blind = Blind()  # each player's last input: a blind repeat counts once (blind.py)
        self.kept = decide.Kept()  # what the decisions keep from poll to poll: clocks stuck, queues to start
        self.reader = Reader(self.command, store, self.players, self._say)  # the read phase
        self._connected = False
        self.lease: Lease | None = None
        self.world_id = ""  # the identity the pack drew at load in the world we are connected to
        self.world_key = f"{world.rcon_host}:{world.rcon_port}"  # whose lease this is, among the night's worlds
        self.night = ""  # this database's night id, which the world's mark names while we run it
        self.applied: fileid.FileId | None = None  # how far the database had applied at its last step
        self.beaten = -math.inf  # self.clock() at the last heartbeat written into the world (calls.beat)
        # self.clock() at the last poll's read: the pack hears the controller at each read (channel.py), and
        # says on the auction bars that the game is not answering once it has heard nothing for quiet_ticks
        self.last_read = -math.inf
        self.decided = 0  # polls whose decisions were committed (the board page looks again for a crowning)

    def _say(self, line: str) -> None:
        """A line for the operator's terminal, through whatever `on_line` is now (tests swap it)."""
        self.on_line(line)

    @property
    def names(self) -> dict[str, str]:
        """UUID -> name of every player seen."""
        return self.players.names

    # -- start, sync, run ------------------------------------------------------------
    def claim(self) -> None:
        """Take this world's lease in the database (once), after telling the file from a copy (fileid.py);
        raises LeaseError naming the controller that holds it, BoardTaken naming a board of another world."""
        if self.lease is None:
            me = fileid.examine(self.store)
            if me.copied:
                self.on_line(f"note: {self.store.path} is a copy of {me.origin_path or 'another file'}: it has an "
                             "identity of its own from now on (docs/night.md)")
            lease = Lease(self.store, self.world_key, list(self.tables))
            line = lease.take(take_over=self.settings.take_over)
            self.lease = lease
            if line:
                self.on_line(line)
            if self._connected:  # claimed again after a release, still connected: the world's mark names this lease
                self._check_night()

    def _check_night(self) -> None:
        """Refuse or take the world (identity.check_night), and mark it with this lease's token."""
        assert self.lease is not None
        self.night = identity.check_night(self.command, self.store, self._say, world=self.world_id,
                                          token=self.lease.token, take_over=self.settings.take_over,
                                          new_night=self.settings.new_night, go_back=self.settings.go_back)

    def release(self) -> None:
        """Give the lease back (a clean stop), and the world's mark when the server is there."""
        if self.lease is not None:
            if self._connected:
                identity.clear_mark(self.command, self.world_id, self.lease.token)
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
            table.paused = self.store.paused(table.name)
            table.paused_since = (self.clock(), self.wall()) if table.paused else None  # its limit held up to now
            table.books_out = self.store.books_out(table.name, _books)
            table.offers = self.store.offers(table.name, table.game_id, offers.stored)

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
        """After (re)connecting: which world this is (a new one is read from its first event); then the
        picture as stored is rewritten. Its prompts and titles wait for the next poll: the inputs queued
        while the controller was away are applied first, so none is sent for a state they changed."""
        self._connected = False
        self.claim()
        self.world_id = identity.follow_world(self.command, self.store, self._say, on_new_world=self.on_new_world,
                                              key=self.world_key)
        for line in lease_module.settle_boards(self.store, self.world_key, self.world_id, list(self.tables)):
            self.on_line(line)
        self._check_night()
        self.players.refresh()
        self.sync_all(prompts=False, seating=True)
        ranks = self.ranks.writes(self.store, self.tables.values(), self.wall(), force=True)
        if ranks:
            self.send(ranks)
        self._connected = True

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

    @property
    def quiet_ticks(self) -> int:
        """Ticks without a read of ours after which the pack answers players itself (`heartbeat.quiet_ticks`)."""
        return heartbeat.quiet_ticks(self.settings.poll_interval)

    def sync_all(self, *, prompts: bool = True, seating: bool = False) -> None:
        """Rewrite the whole picture of every board; without `prompts`, those of whoever decides now are
        left to the next poll's writes (after a reconnect: once the queued inputs are applied). With
        `seating` (after a (re)connect) every player's seat is worked out again first (`table.seats`): each
        board writes its own players only, those who sat down elsewhere give back what it gave them before
        any board gives its own, and the players waiting for a board's next game are seated there last."""
        out: list[str] = []
        lobbies = self._lobbies() if seating else {}
        if seating:  # and how long the pack waits for a read of ours before it answers players itself
            out.append(outbox.calls.quiet(self.quiet_ticks))
            where = seats(self.tables.values(), lobbies)
            for table in self.tables.values():
                table.away = away_from(table, where)
                out += [cmd for name in sorted(table.away)
                        for cmd in (outbox.calls.leave(name), outbox.calls.map_drop(table.name, name))]
        for table in self.tables.values():
            writes = table.sync()
            if not prompts and table.game is not None:
                asks = set(outbox.prompts(table.game, table.view))
                writes = [w for w in writes if w not in asks]
                table.prompted = ()  # the next poll prompts for the state its inputs leave
            out += writes
        if len(self.tables) > 1:  # their table's lines reach them (a board's sync unseated its online players)
            out += [outbox.calls.sit(name, self.tables[board].view.number)
                    for board, names in lobbies.items() for name in names]
        self.send(out)

    def _lobbies(self) -> dict[str, list[str]]:
        """The players seated for each board's next game."""
        lobbies = self.store.lobbies()
        return {board: lobbies.get(board, []) for board in self.tables}

    def _reseat(self) -> tuple[list[str], list[str]]:
        """After a poll that decided something: every player's seat worked out again (`table.seats`); the
        players who sat down at another board give back what their last board gave them, at once (written
        first in the poll, before the seat their new board gives), those back get their seat's things."""
        where = seats(self.tables.values(), self._lobbies())
        front: list[str] = []
        back: list[str] = []
        for table in self.tables.values():
            gone, again = table.reseat(away_from(table, where))
            front += gone
            back += again
        return front, back

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

    def step(self) -> int:
        """One poll, after (re)reading the world when not connected; returns events applied. A failure
        that leaves nothing half done (a reply that never read, a request the server refused) is said
        and applies nothing; one of the world's identity means the next step reads the world again.

        Raises RconError and StoreError (LeaseError among them) for the caller to recover from.
        """
        if not self._connected:
            self.connected()
        try:
            return self.poll()
        except WorldChanged as exc:  # read again as after a reconnect: which world, whose, then rewritten
            self._connected = False
            self.on_line(f"{exc}: following it")
        except (RconError, StoreError):
            raise
        except MonopoliError as exc:  # never lose the night to one bad request
            self.on_line(f"warning: {exc}")
        return 0

    def _step(self, stop: Callable[[], bool]) -> None:
        try:
            if self.step() == 0:
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
        except MonopoliError as exc:  # reading the world after a (re)connect failed: the next step tries again
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
        """One poll: read, decide (new events, timers, operator requests), write; returns events applied."""
        self.claim()
        assert self.lease is not None
        self.lease.beat()
        reads = self.reader.read(world=self.world_id, token=self.lease.token, tables=self.tables, walks=self.walks,
                                 wall=self.wall())
        now = self.clock()
        timers.hold(self.tables.values(), now, self.wall())  # a paused board's clocks stand still
        out: list[str] = []
        due = timers.due(self.tables.values(), now, self.wall(), auction_quiet=self.settings.auction_quiet,
                         auction_first=self.settings.auction_first)
        snapshot = Snapshot(self.store, self.tables, self.players.names, self.players.listing.reads, reads, now,
                            self.wall(), self.settings, self.rules, self.board, self.world, self.world_id,
                            replays=self.ranks.replays, blind=self.blind)
        stepped = None
        news = tidings.due(self.store, self.world_key)  # another world's result, final or crowning to tell here
        if reads.new or reads.beyond or due or self.kept.starts or news or self.store.has_requests():
            try:
                with self.store.transaction():
                    before = fileid.signature(self.store)
                    out += decide.decide(snapshot, due, self.kept, decide.Undo(self.reload, self._said),
                                         world_key=self.world_key)
                    if reads.new or reads.beyond or fileid.signature(self.store) != before:  # the world's mark
                        stepped = fileid.step(self.store)
            except BaseException:  # the transaction rolled back: memory follows the store again
                self._said(snapshot)
                self.reload()
                raise
            self.decided += 1
            front, back = self._reseat()
            out = front + out + back
        out += self._table_writes(snapshot.events, now)
        out += self.ranks.writes(self.store, self.tables.values(), self.wall(), news=news)
        for table in self.tables.values():  # prompts withheld (a reconnect, a player back), for the state now
            out += table.prompt_writes()
        timers.auction_clock(self.tables.values(), now)
        if heartbeat.silent(now, self.last_read, self.settings.poll_interval):  # the bars may say so: made again
            auction.unknown(self.tables.values())
        self.last_read = now
        out += auction.bar_writes(self.tables.values(), now, quiet=self.settings.auction_quiet,
                                  first=self.settings.auction_first)
        out += self.walks.check(self.tables.values(), now, reads.standing)
        out += timers.time_bars(self.tables.values(), self.wall(), self.on_line)
        ack = reads.ack
        if out or ack is not None:  # the arrived walkers' tags go with a write that is made anyway
            out, self.walks.walked = self.walks.walked + out, []
        if stepped is not None:  # last: a pack too old to have the call loses only the mark's count
            out.append(outbox.calls.applied(self.lease.token, stepped.steps, stepped.moves, int(stepped.at)))
            self.applied = stepped
        if heartbeat.beat_due(out, ack, now, self.beaten):  # last, riding on the batch if there is one
            out.append(outbox.calls.beat())
            self.beaten = now
        self.send(out, ack=ack)
        for watch in self.watchers:
            watch()
        return len(reads.new)

    def _said(self, s: Snapshot) -> None:
        """Say the lines the decisions collected for the terminal, in order."""
        lines = list(s.lines)
        s.lines.clear()
        for line in lines:
            self.on_line(line)

    def _table_writes(self, batches: dict[str, list[Event]], now: float) -> list[str]:
        """What the world shows of each board's new events, and the walks they start."""
        out: list[str] = []
        for name, events in batches.items():
            table = self.tables[name]
            try:
                books = list(table.books_out)
                out += table.writes(events)
                if table.books_out != books:  # kept, so a restarted controller takes them back too
                    self.store.set_books_out(name, table.books_out)
                out += self.walks.start(table, events, now, self.settings.walk_wait)
            except MonopoliError as exc:  # the game moved on; only its picture is late: sync mends it
                sync = status.admin("sync", name, several=len(self.tables) > 1)
                self.on_line(f"warning: board {name!r}: cannot write the world ({exc}); run `{sync}` when it is fixed")
        return out

    def reload(self) -> None:
        """Rebuild the games from the store after a rollback. What the world shows is kept: only
        committed states are ever written to it."""
        shown = {t.name: (t.game_id, t.shown, t.prompted, t.walks) for t in self.tables.values()}
        self.ranks.replays.clear()  # the night's replays may have read rows the rollback took back
        try:
            self.load()
        except StoreError:  # cannot even read: the next poll fails the same way and says why
            return
        for table in self.tables.values():
            game_id, table_shown, prompted, walks = shown[table.name]
            if table.game_id == game_id:
                table.shown, table.prompted, table.walks = table_shown, prompted, walks

    # -- the wire --------------------------------------------------------------------
    def command(self, text: str) -> str:
        """One RCON request (counted)."""
        self.requests += 1
        return self.rcon.command(text)

    def send(self, commands: list[str], *, ack: int | None = None) -> None:
        """Write commands to the world in order, in batches, then drop inbox entries up to `ack`; a player
        whose name another seen player's equals but for its case is aimed at exactly (`calls.exactly`)."""
        self.wire.send(calls.exactly(commands, calls.case_twins(self.players.names.values())), ack=ack)


def _sleep(stop: Callable[[], bool], seconds: float) -> None:
    """Sleep, waking early when asked to stop."""
    end = time.monotonic() + seconds
    while not stop() and time.monotonic() < end:
        time.sleep(min(0.1, end - time.monotonic()))


def _books(data: Any) -> list[tuple[int, str, int]]:
    """The card books given out, as stored: [seat, deck, card] each."""
    return [(int(seat), str(deck), int(card)) for seat, deck, card in data]
