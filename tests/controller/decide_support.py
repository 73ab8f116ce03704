"""Decisions on a snapshot, with no server (issue 36): `Desk`, one world's boards over an in-memory store.

A test feeds what a poll would have read (a player's trigger or button, an operator's request, the
time passing) and reads back what the decisions return: the commands to write, each judged by
Mojang's command tree for the world's version (`sandbox.strict.judge`), and the lines they say, read
back out of those commands as the pack would show them. A poll here is the controller's poll without
its I/O: `decide.decide` on a `Snapshot` in one transaction, then the writes the loop would make of
what was decided (the board's picture, the prompts, the auction and time bars).
What the commands said is read back as players see it by `Told` (decide_heard.py), Desk's base.
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Iterable
from typing import Any

from decide_heard import Told

from monopoli_mc.bridge.inbox import Position, WorldEvent
from monopoli_mc.controller.clocks import auction, heartbeat, timelimit, timers
from monopoli_mc.controller.decide import poll as decide
from monopoli_mc.controller.game import offers
from monopoli_mc.controller.decide.settings import Settings
from monopoli_mc.controller.decide.snapshot import Reads, Snapshot
from monopoli_mc.controller.db.store import Store
from monopoli_mc.controller.game.table import BoardGame, away_from, boards, seats
from monopoli_mc.datapack import calls
from monopoli_mc.datapack.world_config import WorldConfig, load_world
from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.settings import load_rules
from monopoli_mc.sandbox.strict import judge
from monopoli_mc.vanilla.data import load as load_vanilla

WORLD_KEY = "127.0.0.1:25575"
WORLD_ID = 550817616  # a world identity the pack drew at its load (`listing`)


def uuid_of(name: str) -> str:
    """A UUID for a player's name, the same in every test."""
    return f"00000000-0000-0000-0000-{sum(ord(c) << (i % 40) for i, c in enumerate(name)) % 16**12:012x}"


class Desk(Told):
    """A world's boards decided on snapshots over a fresh in-memory store: no server, no RCON, no Controller.

    With `names`, those players join the first board (as `/trigger join` does) and its game starts once
    they are all seated (`run --start-at`), as the sandbox rig of `controller_support.make_rig` does.
    """

    def __init__(self, names: Iterable[str] = ("Alex", "Sam", "Robin"), *, seed: int = 3, rules: str = "prom",
                 world: WorldConfig | None = None, **settings: Any) -> None:
        super().__init__()
        names = list(names)
        self.world = world or dataclasses.replace(load_world(), movement="teleport")
        options: dict[str, Any] = {"rules": rules, "seed": seed, "start_at": len(names) or None,
                                   "auction_quiet": 0.0, "walk_wait": 0.0}
        self.settings = Settings(**{**options, **settings})
        self.rules = load_rules(rules)
        if self.settings.max_rounds is not None:
            self.rules = dataclasses.replace(self.rules, max_rounds=self.settings.max_rounds)
        self.board = load_board(board_path(self.rules.board))
        self.store = Store(":memory:")
        self.tables = boards(self.world)
        self.names: dict[str, str] = {}  # UUID -> name, as the read phase knows them
        self.kept = decide.Kept()
        self.now = 1000.0  # the controller's clock
        # the time of day: requests' deadlines and the times the store keeps are time.time(); the loop reads
        # its clock again for the writes after deciding, so a game started in a poll has begun before them
        self.wall = time.time() + 0.5
        self.lines: list[str] = []  # the terminal's, every line since the start
        self.writes: list[str] = []  # the last poll's commands, in order
        self.standing: dict[str, Position | None] = {}  # where players stand, as the read phase would read it
        self.online: set[str] | None = None
        self.game_time: int | None = None
        self._queue: list[WorldEvent] = []
        self._seq = 0
        self._mc = load_vanilla(self.world.version.name)
        first = next(iter(self.tables))
        for name in names:
            self.join(name)
            self.trigger(name, "join")
        if names:
            self.step()
            assert self.tables[first].game is not None, self.lines
            for name in names:  # what the start said is heard
                self.said_to(name)

    # -- what a poll reads ---------------------------------------------------------------
    def join(self, name: str) -> str:
        """A player the server lists from now on (by a UUID of their name); their UUID."""
        uuid = uuid_of(name)
        self.names[uuid] = name
        return uuid

    def trigger(self, name: str, kind: str, value: int | None = 1, *, button: bool = False,
                **fields: Any) -> WorldEvent:
        """An inbox entry of this player's, read at the next `step`: `/trigger kind set value` (a bare
        `/trigger kind` adds 1 to a score the pack had at 0: value 1), a button, `online`..."""
        uuid = next((u for u, n in self.names.items() if n == name), None) or self.join(name)
        self._seq += 1
        event = WorldEvent(seq=self._seq, kind=kind, uuid=uuid, value=value, button=button, **fields)
        self._queue.append(event)
        return event

    def admin(self, kind: str, *, target: str | None = None, value: int | None = None, board: str | None = None,
              text: str | None = None, by: str | None = None) -> WorldEvent:
        """An operator's `/function monopoli:admin/...` entry, run by the player `by` (else from the console)."""
        self._seq += 1
        uuid = None if by is None else next((u for u, n in self.names.items() if n == by), None) or self.join(by)
        event = WorldEvent(seq=self._seq, kind=f"admin_{kind}", uuid=uuid, target=target, value=value, board=board,
                           text=text, time=self.game_time)
        self._queue.append(event)
        return event

    def request(self, kind: str, board: str | None = None, **args: Any) -> int:
        """An operator's `monopoli admin` request, waiting in the database for the next `step`."""
        return self.store.request(kind, dict(args), board)

    def ask(self, kind: str, board: str | None = None, **args: Any) -> str:
        """An operator's request, the poll that answers it, and the answer."""
        asked = self.request(kind, board, **args)
        self.step()
        answer = self.store.answer_of(asked)
        assert answer is not None, f"{kind} was not answered: {self.lines[-5:]}"
        return answer

    def stand(self, name: str, board: str) -> None:
        """The player stands on GO of a board (as the read phase reads it, for a join or an operator)."""
        layout = self.tables[board].layout
        x, y, z = layout.world(layout.stand(0))
        self.standing[name] = (x + 0.5, float(y), z + 0.5)

    def restart(self) -> None:
        """A controller started again on the same database: every board's memory rebuilt from the store."""
        self.tables = boards(self.world)
        self.kept = decide.Kept()
        self._reload()
        for table in self.tables.values():
            table.offers = self.store.offers(table.name, table.game_id, offers.stored)

    def tick(self, seconds: float) -> None:
        """Time passes, on the controller's clock and the wall's."""
        self.now += seconds
        self.wall += seconds

    # -- one poll ------------------------------------------------------------------------
    def snapshot(self, reads: Reads | None = None) -> Snapshot:
        """The snapshot a poll decides on now."""
        return Snapshot(self.store, self.tables, self.names, True, reads or Reads(), self.now, self.wall,
                        self.settings, self.rules, self.board, self.world, "w")

    def step(self) -> int:
        """One poll without I/O: the queued entries, the clocks due and the requests waiting are decided in
        one transaction; then what the loop writes of it. Every command is judged; returns entries decided."""
        new, self._queue = self._queue, []
        reads = Reads(new=new, ack=new[-1].seq if new else None, counter=self._seq, game_time=self.game_time,
                      standing=dict(self.standing), online=self.online)
        timers.hold(self.tables.values(), self.now, self.wall)
        due = timers.due(self.tables.values(), self.now, self.wall, auction_quiet=self.settings.auction_quiet,
                         auction_first=self.settings.auction_first)
        s = self.snapshot(reads)
        out: list[str] = []
        with self.store.transaction():
            out += decide.decide(s, due, self.kept, decide.Undo(self._reload, self._said), world_key=WORLD_KEY)
        self._said(s)
        where = seats(self.tables.values(), self.store.lobbies())
        for table in self.tables.values():
            gone, back = table.reseat(away_from(table, where))
            out = gone + out + back
        for name, events in s.events.items():
            out += self.tables[name].writes(events)
        for table in self.tables.values():
            out += table.prompt_writes()
        timers.auction_clock(self.tables.values(), self.now)
        out += auction.bar_writes(self.tables.values(), self.now, quiet=self.settings.auction_quiet,
                                  first=self.settings.auction_first)
        out += timers.time_bars(self.tables.values(), self.wall, self.lines.append)
        self._judge(out)
        self.writes = out
        self.written += out
        self._shown += [shown for command in out for shown in self._message(command)]
        return len(new)

    def _said(self, s: Snapshot) -> None:
        self.lines += s.lines
        s.lines.clear()

    def _reload(self) -> None:
        """The games as the store has them (after a decision failed), as the loop's `reload`."""
        for table in self.tables.values():
            row = self.store.current_game(table.name)
            if row is not None:
                table.load(self.store, row, self.board)
            table.paused = self.store.paused(table.name)

    def _judge(self, commands: list[str]) -> None:
        refused = [(c, why) for c in commands if (why := judge(c, self.world.version.name)) is not None]
        assert not refused, f"Mojang's command tree refuses: {refused}"

    def give_deed(self, name: str, space: int) -> None:
        """The operator gives a player a deed in game (`/function monopoli:admin/give_deed`), and a poll."""
        self.admin("give_deed", target=name, text=str(space))
        self.step()
        answered = [line for line in self.lines if line.startswith("operator")]
        assert self.game.owner[space] == self.game.names.index(name), answered[-1:]

    @property
    def game(self) -> Game:
        """The first board's game."""
        game = next(iter(self.tables.values())).game
        assert game is not None
        return game

    @property
    def table(self) -> BoardGame:
        """The first board."""
        return next(iter(self.tables.values()))

    # -- a policy's move made as a player makes it; a restart as `Controller.start` makes it ----------
    def play_out(self, polls: int = 3000) -> Game:
        """The first board's game played by the demo's bots (`rules.bots.make_bots`, `policy.next_move`), a move
        and a poll at a time, until it is over (or `polls` have passed); the game."""
        from monopoli_mc.controller.game.policy import next_move
        from monopoli_mc.rules.bots import make_bots
        from monopoli_mc.rules.phases import OVER

        bots = make_bots(len(self.game.names))
        for _ in range(polls):
            if self.game.phase == OVER:
                break
            move = next_move(self.game, bots)
            if move is not None:
                self.play(move)
            self.step()
        return self.game

    def play(self, move: tuple[str, int, Any]) -> None:
        """The first board's policy move (`policy.next_move`) queued as the entries a player's input makes
        (the trigger, the button at a card building, a trade's offer triggers), as `demo.players` acts."""
        from monopoli_mc.demo.players import TRIGGERS
        from monopoli_mc.rules.roles import ROLES

        kind, seat, arg = move
        name = self.game.names[seat]
        if kind == "propose_trade":
            steps: list[tuple[str, int | None]] = [("offer_to", arg["to"] + 1)]
            steps += [("offer", space) for space in arg.get("give", []) + arg.get("get", [])]
            for trigger, give, get in (("offer_cash", "give_cash", "get_cash"),
                                       ("offer_card", "give_cards", "get_cards")):
                steps += [(trigger, sign * arg[key]) for sign, key in ((1, give), (-1, get)) if arg.get(key)]
            for trigger, value in steps + [("offer_send", 1)]:
                self.trigger(name, trigger, value)
        elif kind == "draw":
            self.trigger(name, "naughty" if self.game.pending["deck"] == "chance" else "crate", 0, button=True)
        elif kind in ("bid", "build", "sell", "mortgage", "lift"):
            self.trigger(name, kind, arg)
        elif kind == "bus":  # the chat buttons' `/trigger KIND set VALUE`
            self.trigger(name, "bus", arg + 1)
        elif kind == "choose_role":
            self.trigger(name, "role", ROLES.index(arg) + 1)
        elif kind == "claim_rent":
            self.trigger(name, "claim", arg)
        elif kind == "choose_space":
            self.trigger(name, "goto", arg or len(self.game.board.spaces))  # GO is sent as 40
        else:
            self.trigger(name, TRIGGERS[kind])

    def entry(self, kind: str, uuid: str | None, **fields: Any) -> WorldEvent:
        """Any inbox entry, read at the next `step`, as a hand may queue one with the pack's queue function:
        any kind, from any UUID (one the server never listed) or none (the console), any fields."""
        self._seq += 1
        event = WorldEvent(seq=self._seq, kind=kind, uuid=uuid, **fields)
        self._queue.append(event)
        return event

    def restart_synced(self) -> list[str]:
        """A controller started again as `Controller.start` starts it: `restart`, with the card books given out
        and not taken back (which the loop keeps after each poll's writes, `Controller._table_writes`, and
        `Controller.load` reads back), then every board's whole picture written (`connected`'s sync, its
        prompts left to the next poll; the seats as they stand, not worked out again across boards as
        `sync_all(seating=True)` does); those commands, judged, in `writes`."""
        from monopoli_mc.bridge import outbox

        for table in self.tables.values():
            self.store.set_books_out(table.name, table.books_out)
        self.restart()
        for table in self.tables.values():
            table.books_out = self.store.books_out(table.name, lambda data: [
                (int(seat), str(deck), int(card)) for seat, deck, card in data])
        out: list[str] = []
        for table in self.tables.values():
            writes = table.sync()
            if table.game is not None:
                asks = set(outbox.prompts(table.game, table.view))
                writes = [w for w in writes if w not in asks]
                table.prompted = ()
            out += writes
        self._judge(out)
        self.writes = out
        self.written += out
        self._shown += [shown for command in out for shown in self._message(command)]
        return out

    # -- `run` again with other settings; walk mode's walks, started and checked as the loop does ----
    def run_again(self, **settings: Any) -> None:
        """`monopoli run` again on the same database with these settings changed (`time_limit=` as
        `--time-limit`, None when not given): every board rebuilt as `restart` does, then its game's time
        limit followed as `Controller.load` does, the line it says in the terminal."""
        self.settings = dataclasses.replace(self.settings, **settings)
        self.restart()
        for table in self.tables.values():
            row = self.store.current_game(table.name)
            if row is not None:
                line = timelimit.follow(self.store, table, row, self.settings.time_limit, self.wall, override=True)
                if line:
                    self.lines.append(line)

    def walk_step(self) -> int:
        """`step` in walk mode (a Desk whose `world` has `movement="walk"`): the walks the loop starts for the
        poll's moves and checks against where walkers stand (`standing`, as the pack reports it beside the
        inbox) are written after the poll's own writes, judged and heard as they are; returns entries decided."""
        walks: timers.Walks = vars(self).setdefault("walks", timers.Walks())
        # the pack reports the walkers it was asked to (`ui/walk`): here, whoever stands somewhere
        walks.read({uuid_of(n): p for n, p in self.standing.items() if p is not None}, self.names)
        taken: list[Snapshot] = []
        made = self.snapshot

        def snapshot(reads: Reads | None = None) -> Snapshot:
            taken.append(made(reads))
            return taken[-1]

        vars(self)["snapshot"] = snapshot  # to read the poll's events, as the loop's `_table_writes` does
        try:
            decided = self.step()
        finally:
            del vars(self)["snapshot"]
        out: list[str] = []
        for name, events in taken[0].events.items():
            out += walks.start(self.tables[name], events, self.now, self.settings.walk_wait)
        out += walks.check(self.tables.values(), self.now, self.standing)
        walked: list[str] = []
        if out or self.writes or decided:  # the arrived walkers' tags go first with a write made anyway
            walked, walks.walked = walks.walked, []
        self._judge(walked + out)
        self.writes = walked + self.writes + out
        self.written += walked + out
        self._shown += [shown for command in out for shown in self._message(command)]
        return decided

    # -- what the read phase asks for a board's wait ------------------------
    def read_waits(self) -> bool:
        """The read phase's part for boards waiting on one player (`reads.Reader.read`): when a wait reaches a
        mark (`stall.list_due`), who is online is asked (`online`; None: the list did not read) and kept
        (`stall.listed`) for the next `step`'s words; whether `list uuids` was asked."""
        from monopoli_mc.controller.clocks import stall  # here: the lead merges several blocks of helpers

        waits = stall.list_due(self.tables.values(), self.wall)
        if waits:
            stall.listed(waits, self.online, self.wall)
        return bool(waits)

    # -- the pack's watch on the controller, decided as the loop decides it (clocks/heartbeat) -------
    def poll(self) -> int:
        """`step`, with what the loop decides besides of the pack's watch on it: after a gap since the last
        `poll` (on the controller's clock, `now`) long enough for the pack to have marked the auction bars,
        they are made again (`heartbeat.silent`, `auction.unknown`; done before the poll, which is the same
        here: no decision makes a bar known, only the bar writes do); then the heartbeat, last, when
        `heartbeat.beat_due` says it goes with these writes (`beats`: the clock at each); returns entries decided."""
        state = vars(self)
        if heartbeat.silent(self.now, state.get("last_read", -math.inf), self.settings.poll_interval):
            auction.unknown(self.tables.values())
        state["last_read"] = self.now
        decided = self.step()
        ack = self._seq if decided else None  # `step` acknowledges every entry it decided
        if heartbeat.beat_due(self.writes, ack, self.now, self.beats[-1] if self.beats else -math.inf):
            self._judge([calls.beat()])
            self.writes.append(calls.beat())
            self.written.append(calls.beat())
            self.beats.append(self.now)
        return decided

    @property
    def beats(self) -> list[float]:
        """The controller's clock at each heartbeat `poll` wrote."""
        beats: list[float] = vars(self).setdefault("_beats", [])
        return beats

    # the read phase (`reads.Reader`) driven by the replies the server gives, with no server
    def listing(self, *items: str, boot: int = 1, counter: int = 0, since: int = 0, world: int = WORLD_ID) -> str:
        """The server's reply to the controller's read of `storage monopoli:bridge` holding these inbox items
        (SNBT, as the pack or a hand wrote them), the pack's counter `counter` and `boot` (drawn at its load,
        when the counter stood at `since`): printed as the sandbox's `data get` prints it for the world's
        release (`sandbox.nbt_tags.pretty`, read from vanilla's), e.g. (1.21.11, from a rig once)
        `Storage monopoli:bridge has the following contents: {world: 550817616, pos: [], boot: 1860941752,
        inbox: [{kind: "deed", w: 6, boot: 1860941752, uuid: [I; 911420254, -1002291781, -1572026395,
        1561302938], value: 1001, seq: 5}, {note: "no seq", kind: "d6"}], seq: 5, since: 0}`."""
        import nbtlib

        from monopoli_mc.sandbox import nbt_tags

        data = nbtlib.Compound({"world": nbtlib.Int(world), "pos": nbtlib.List[nbtlib.Compound](),
                                "boot": nbtlib.Int(boot), "inbox": nbtlib.List[nbtlib.Compound](
                                    [nbtlib.parse_nbt(item) for item in items]),
                                "seq": nbtlib.Int(counter), "since": nbtlib.Int(since)})
        return f"Storage monopoli:bridge has the following contents: {nbt_tags.pretty(data, self.world.version.name)}"

    def item(self, name: str, kind: str, value: int | None = 1, *, seq: int, boot: int = 1) -> str:
        """An inbox item as the pack queues a player's `/trigger kind set value` (SNBT): their UUID as ints."""
        whole = int(self.join(name).replace("-", ""), 16)
        ints = [(whole >> shift) & 0xFFFFFFFF for shift in (96, 64, 32, 0)]
        uuid = ", ".join(str(i - (1 << 32) if i >= 1 << 31 else i) for i in ints)
        number = "" if value is None else f", value: {value}"
        return f'{{kind: "{kind}", w: 0, boot: {boot}, uuid: [I; {uuid}]{number}, seq: {seq}}}'

    def read_step(self, reply: str) -> Reads:
        """A poll whose read phase is the controller's own (`reads.Reader`, kept from poll to poll as the loop
        keeps it) and whose server answers its read with `reply` (`listing`), every other request refused:
        the terminal lines it says go to `lines`, and what it read is decided as `step` decides (the
        snapshot's world is the reply's identity, so the cursors move as the loop's do). Returns the reads."""
        from monopoli_mc.bridge.inbox import READ_QUERY
        from monopoli_mc.controller.io.players import Players
        from monopoli_mc.controller.reads import Reader

        def command(request: str) -> str:
            assert request == READ_QUERY, f"the read phase asked {request!r}: give its reply to the test"
            return reply

        state = vars(self)
        if "reader" not in state:
            players = Players(self.store, command, self.lines.append)
            players.names = self.names  # who is who, as the read phase knows them
            state["reader"] = Reader(command, self.store, players, self.lines.append)
        reader: Reader = state["reader"]
        reader.command = reader.players.command = command
        world = str(WORLD_ID)
        reads = reader.read(world=world, token="", tables=self.tables, walks=timers.Walks(), wall=self.wall)
        assert not self._queue, "entries queued with `trigger` are not in the reply: put them in `listing`"
        self._queue = list(reads.new)  # what `step` counts; it decides on `reads` itself, below

        def snapshot(_: Reads | None = None) -> Snapshot:
            return Snapshot(self.store, self.tables, self.names, True, reads, self.now, self.wall, self.settings,
                            self.rules, self.board, self.world, world)

        state["snapshot"] = snapshot
        try:
            self.step()
        finally:
            del state["snapshot"]
        return reads

    # -- a poll after a player list that did not read ------------------------
    def step_unlisted(self) -> int:
        """`step` on a snapshot that says the server's `list uuids` did not read the last time it was asked
        (`Snapshot.listed` False: its replies mixed with another client's past the read phase's patience)."""
        before = vars(self).get("snapshot")
        made = self.snapshot
        vars(self)["snapshot"] = lambda reads=None: dataclasses.replace(made(reads), listed=False)
        try:
            return self.step()
        finally:
            if before is None:
                del vars(self)["snapshot"]
            else:
                vars(self)["snapshot"] = before


def open_auction(desk: Desk) -> tuple[str, str]:
    """The player to act throws, declines the deed they land on, and it goes to auction (seed 2 lands on
    one); returns (that player, another)."""
    from monopoli_mc.rules.phases import AUCTION, BUY

    game = desk.game
    name = game.names[game.to_act()]
    other = next(n for n in game.names if n != name)
    desk.trigger(name, "d6")
    desk.step()
    assert game.phase == BUY
    desk.trigger(name, "auction")
    desk.step()
    assert game.phase == AUCTION
    return name, other


def two_boards() -> WorldConfig:
    """The default world with a second board, `annex`, 100 blocks east (as `controller_support.two_boards`)."""
    from monopoli_mc.datapack.layout import BoardPlace

    world = load_world()
    annex = BoardPlace(name="annex", origin=(100, -60, 0), facing="west", tile_size=4, height=10)
    return dataclasses.replace(world, boards=(world.boards[0], annex), movement="teleport")
