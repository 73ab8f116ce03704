"""Another RCON client on the same server: vanilla's one reply buffer mixes its output into ours.

Vanilla keeps one `RconConsoleSource` per server: `DedicatedServer.runCommand` clears its
buffer, runs the command on the main thread and reads the buffer (client1.20.5 to
client1.21.4; the sandbox's RCON server does the same). While another client sends commands,
a reply of ours comes back as theirs alone (they cleared after our command ran and then
theirs ran), empty (they cleared before we read), or ours joined to theirs, before or after.

`Interloper` stands in the sandbox's place between the RCON server and the world: every
command the controller sends really runs, and with it, at a seeded rate, a command another
client sends, whose real output mixes into the buffer the way one of those interleavings
leaves it. The games must go on exactly as their headless twins, nothing applied twice,
nothing called cut; a second controller is never let onto a world because its reply mixed.
And over real threads, a demo beside a client that sends `list` back to back ends as its twin.

Those paths run over RCON on a sandbox. What one reply mixed in a known way makes of a read (the night
mark, the poll's storage, a batch's return) is a function of the replies: `Console` answers those tests
from the sandbox's world in this process (`controller_support.InProcess`), no socket.
"""

from __future__ import annotations

import functools
import itertools
import random
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest
from controller_support import PACK, PASSWORD, InProcess, table_players
from decide_support import Desk
from hypothesis import given, settings
from hypothesis import strategies as st

from monopoli_mc.bridge import batch
from monopoli_mc.bridge.inbox import READ_QUERY, InboxError
from monopoli_mc.controller.db.lease import Lease
from monopoli_mc.controller.io import identity
from monopoli_mc.controller.io.wire import Wire
from monopoli_mc.controller.loop import Controller, Settings
from monopoli_mc.controller.game.policy import play_headless
from monopoli_mc.controller.db.store import Store
from monopoli_mc.datapack import calls
from monopoli_mc.datapack.cost import Costs, pack_costs
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.demo.players import TablePlayers
from monopoli_mc.demo.run import run_demo
from monopoli_mc.errors import LeaseError, MonopoliError, RconError
from monopoli_mc.rcon.client import RconClient
from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.bots import make_bots
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.phases import ROLL
from monopoli_mc.rules.settings import load_rules
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.runner import Sandbox
from monopoli_mc.sandbox.world import World

NAMES = ["Alex", "Sam", "Robin"]
# what other clients send: a monitoring tool, an organiser's console, another Monopoli process
OTHERS = ("list", "list uuids", "data get storage monopoli:bridge night", "data get storage monopoli:bridge",
          "data get storage monopoli:bridge world", "scoreboard players get $seq monopoli.seq",
          "scoreboard players get $ops monopoli.seq", "time query gametime", "function monopoli:bridge/now",
          "data get entity Alex Pos", "seed", "say hello from the console")
KINDS = ("theirs", "empty", "after", "before")
# The game stops at the first turn after this many actions: past 100 replies mixed, of every kind. Equality
# with the twin action by action is the subject; the whole game (717 actions) only repeated it.
STOP_AT = 150
NIGHT = "data get storage monopoli:bridge night"  # the mark alone, as another Monopoli process might ask


class Interloper:
    """The world as the RCON server sees it, with another client's commands mixed into the replies."""

    def __init__(self, world: World, *, rate: float, seed: int, only: str | None = None,
                 kinds: tuple[str, ...] = KINDS, others: tuple[str, ...] = OTHERS) -> None:
        self.world = world
        self.rate = rate
        self.only = only  # mix only into replies to this command
        self.kinds, self.others = kinds, others
        self.random = random.Random(seed)
        self.mixed: Counter[str] = Counter()
        self.asked: list[str] = []  # every command of ours, in order (not the other client's)

    @property
    def lock(self) -> AbstractContextManager[Any]:
        return self.world.lock

    def execute(self, command: str) -> list[str]:
        self.asked.append(command)
        ours = self.world.execute(command)
        if (self.only is not None and command != self.only) or self.random.random() >= self.rate:
            return ours
        kind = self.random.choice(self.kinds)
        self.mixed[kind] += 1
        if kind == "empty":  # they cleared the buffer after our command ran, before we read it
            return []
        theirs = self.world.execute(self.random.choice(self.others))
        return {"theirs": theirs, "after": ours + theirs, "before": theirs + ours}[kind]


class Console(InProcess):
    """The sandbox's world in this process (`InProcess`) answering through `executor`: the world, or an
    Interloper over it. For the tests whose subject is what a reader makes of the replies."""

    def __init__(self) -> None:
        super().__init__()
        self.executor: World | Interloper = self.world

    def command(self, command: str) -> str:
        """One request's reply, as the sandbox's RCON server joins its lines."""
        return "".join(self.executor.execute(command))


@pytest.fixture
def console() -> Iterator[Console]:
    """The sandbox's world with the pack, no server around it."""
    console = Console()
    yield console
    assert console.world.strict_failures == []


@pytest.fixture
def box() -> Iterator[Sandbox]:
    with Sandbox(password=PASSWORD, strict=True, datapack=PACK, ticking=False) as box:
        box.world.tick()
        yield box
        assert box.world.strict_failures == []


@pytest.mark.long(seconds=4)
def test_a_game_with_replies_mixed_equals_its_headless_twin(box: Sandbox, tmp_path: Path) -> None:
    world_cfg = load_world()
    with RconClient(*box.address, PASSWORD) as client:
        client.command("function monopoli:board/main/place")
        store = Store(tmp_path / "night.db")
        lines: list[str] = []
        ctl = Controller(client, world_cfg, store, Settings(rules="prom", seed=4, start_at=len(NAMES),
                                                            auction_quiet=0.0, walk_wait=0.0),
                         on_line=lines.append)
        interloper = Interloper(box.world, rate=0.3, seed=11)
        box.server.executor = interloper
        ctl.start()
        table = ctl.tables["main"]
        people = table_players(box, ctl, store, NAMES)
        for _ in range(3000):
            box.world.tick()
            ctl.poll()
            game = table.game
            if game is not None:
                if table.n_actions >= STOP_AT and game.phase == ROLL and not table.books_out:  # a turn begins
                    break
                people.step(game, (table.game_id, table.n_actions), retry=0.0)
        game = table.game
        assert game is not None and table.n_actions >= STOP_AT, lines[-20:]
        twin = Game.new(game.rules, game.board, game.names, 4)
        play_headless(twin, make_bots(len(NAMES)), max_actions=table.n_actions)
        assert twin.to_data() == game.to_data()
        row = store.current_game("main")
        assert row is not None
        origins = [r[4] for r in store.action_rows(row.id) if r[4] not in ("forced", "clock")]
        assert len(origins) == len(set(origins))  # no input applied twice
        assert ctl.wire.cut == 0 and ctl.wire.budget == batch.BUDGET, lines
        assert not [line for line in lines if "stopped a write" in line]  # three mixed in a row: sent again
        assert set(interloper.mixed) == set(KINDS) and sum(interloper.mixed.values()) > 100
        assert ctl.wire.mixed > 0
        assert [line for line in lines if line.startswith("note: a write's reply was not its own")] == [
            "note: a write's reply was not its own, although the write ran whole; on vanilla every RCON "
            "connection shares one reply buffer, so another RCON client sending commands now (a second "
            "controller, an RCON console, a monitoring tool) mixes into our replies: stop it for the night "
            "if this goes on"]
        store.close()


@pytest.mark.parametrize(("kinds", "others", "says"), [
    (("empty", "theirs"), ("list",), "not a storage listing"),
    (("theirs",), (NIGHT,), "holds no world identity"),  # the mark alone: a compound, but not the storage
])
def test_a_night_mark_that_never_reads_lets_nobody_in(console: Console, tmp_path: Path, kinds: tuple[str, ...],
                                                      others: tuple[str, ...], says: str) -> None:
    """A second controller whose every read of the mark is mixed stops there: it never marks the world."""
    console.command(calls.night_mark("f" * 32, "/srv/first.db", "another-host", 4242))  # a controller elsewhere
    before = console.command(NIGHT)
    store = Store(tmp_path / "second.db")
    lease = Lease(store)
    lease.take()
    lines: list[str] = []
    world = identity.follow_world(console.command, store, lines.append, on_new_world=None)
    console.executor = Interloper(console.world, rate=1.0, seed=1, only=READ_QUERY, kinds=kinds, others=others)
    with pytest.raises(InboxError, match=rf"({says}).*; read 3 times: on vanilla every RCON"):
        identity.check_night(console.command, store, lines.append, world=world, token=lease.token,
                             take_over=False, new_night=False)
    console.executor = console.world
    assert console.command(NIGHT) == before, "the first controller's mark was overwritten"
    with pytest.raises(LeaseError, match="this world is run by another controller"):
        identity.check_night(console.command, store, lines.append, world=world, token=lease.token,
                             take_over=False, new_night=False)  # read whole, it is refused as ever
    store.close()


def test_a_poll_that_reads_another_client_s_storage_reply_is_asked_again(console: Console, tmp_path: Path) -> None:
    """The bridge storage's night mark alone parses as a compound: without the world's identity it is not
    the poll's reply, so the poll's read (`identity.storage`) asks again rather than take an empty inbox."""
    store = Store(tmp_path / "night.db")
    lines: list[str] = []
    world = identity.follow_world(console.command, store, lines.append, on_new_world=None)
    assert world, "the pack gives the world an identity"
    console.command(calls.night_mark("e" * 32, str(tmp_path / "night.db"), "here", 1))
    replies = iter([console.command(NIGHT), console.command(NIGHT)])

    class Theirs(Interloper):
        def execute(self, command: str) -> list[str]:
            self.asked.append(command)
            ours = self.world.execute(command)
            return [next(replies)] if command == READ_QUERY and len(self.asked) <= 2 else ours
    theirs = console.executor = Theirs(console.world, rate=0.0, seed=0)
    poll = identity.storage(console.command, world)
    assert theirs.asked == [READ_QUERY] * 3, "asked three times; the third read whole"
    assert next(replies, None) is None
    assert poll.world == world and poll.night is not None and poll.night.id == "e" * 32
    assert lines == []
    store.close()


@pytest.mark.long(seconds=3)
def test_a_demo_beside_a_client_hammering_the_server_equals_its_headless_twin(tmp_path: Path) -> None:
    """Real threads: a second RCON connection sends `list` back to back all game long (a monitoring tool
    asks every few seconds): replies mix, the game goes on as its twin."""
    stop = threading.Event()
    seen: Counter[str] = Counter()
    threads: list[threading.Thread] = []

    def hammer(ctl: Controller) -> None:
        rcon = ctl.rcon
        assert isinstance(rcon, RconClient)
        other = RconClient(rcon.host, rcon.port, rcon._password, timeout=10)  # the same server's password

        def run() -> None:
            try:
                with other:
                    while not stop.is_set():
                        reply = other.command("list")
                        seen["own" if reply.startswith("There are ") and reply.count("There are") == 1
                             and "has" not in reply else "mixed"] += 1
            except RconError:  # the demo's server stopped
                pass
        threads.append(threading.Thread(target=run, daemon=True))
        threads[-1].start()

    lines: list[str] = []
    try:
        result = run_demo(players=3, seed=8, speed=20, rules="prom", movement="teleport", strict=True,
                          echo=lines.append, timeout=120, db=tmp_path / "night.db", on_controller=hammer,
                          max_rounds=8)  # 81 actions, a trade among them; the game is cut there (its twin too)
    except MonopoliError as exc:
        raise AssertionError("\n".join(lines[-40:])) from exc
    finally:
        stop.set()
        for thread in threads:
            thread.join(10)
    game = result.game
    twin = Game.new(game.rules, game.board, game.names, 8)
    play_headless(twin, make_bots(3))
    assert twin.to_data() == game.to_data()
    assert result.strict_failures == []
    assert not [line for line in lines if "stopped a write" in line], lines
    assert seen["own"] > 0, seen  # it ran all along (how many of its replies mixed is up to the threads)
    print(f"the other client's replies: {dict(seen)}; the controller's warnings: "
          f"{sum(line.startswith('warning') for line in lines)}")


def test_joins_wait_for_a_player_list_that_reads(console: Console, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Entries from players not yet named wait while `list uuids` comes back mixed: never set aside for it
    (they were, as if the server had not listed them); a list that never reads passes them after a while.

    The controller's read phase on the replies, over the sandbox's world in this process: another client's
    replies mixed into `list uuids` over RCON are in test_a_game_with_replies_mixed_equals_its_headless_twin."""
    world = console.world
    console.command("function monopoli:board/main/place")
    store = Store(tmp_path / "night.db")
    lines: list[str] = []
    ctl = Controller(console, load_world(), store, Settings(rules="prom", start_at=3), on_line=lines.append)
    ctl.start()
    console.executor = Interloper(world, rate=1.0, seed=2, only="list uuids", kinds=("empty", "theirs"),
                                  others=("list",))
    people = TablePlayers(world, ctl.tables["main"].layout, NAMES, walk=False,
                          operator=lambda kind, args: store.request(kind, args, "main"))
    people.join()
    people.sit_down()
    for _ in range(3):
        world.tick()
        ctl.poll()
    assert not [line for line in lines if "set aside" in line] and ctl.tables["main"].game is None
    waits = [line for line in lines if "the inbox waits for a player list that reads" in line]
    assert len(waits) == 1, lines  # said once while it goes on failing
    console.executor = world
    world.tick()
    ctl.poll()
    game = ctl.tables["main"].game
    assert game is not None and sorted(game.names) == sorted(NAMES)
    assert not [line for line in lines if "set aside" in line]

    monkeypatch.setattr("monopoli_mc.controller.reads.PATIENCE", 0.0)
    console.executor = Interloper(world, rate=1.0, seed=2, only="list uuids", kinds=("empty",))
    Bot.join(world, "Jo").trigger("jar")
    world.tick()
    ctl.poll()  # the list never reads: the entry is set aside, said, and the night goes on
    assert [line for line in lines if "from a player the server's player list did not name" in line], lines
    store.close()


def test_an_entry_from_a_player_nobody_named_is_set_aside_saying_whether_the_list_read() -> None:
    """Past the read phase's patience an entry from a player no list named is decided anyway: set aside, and
    the operator told why, the server did not list them, or its player list did not read (replies mixed with
    another client's). The patience itself is the read phase's, over RCON: test_joins_wait_for_a_player_list_
    that_reads."""
    desk = Desk()
    actions = desk.table.n_actions
    stranger = "0f0f0f0f-0000-4000-8000-00000000000a"
    desk.entry("jar", stranger, value=1)
    assert desk.step() == 1
    desk.entry("jar", stranger, value=1)
    assert desk.step_unlisted() == 1
    asides = [line for line in desk.lines if "set aside" in line]
    assert len(asides) == 2, desk.lines
    assert f"from a player the server did not list (UUID {stranger})" in asides[0], asides[0]
    assert f"from a player the server's player list did not name (UUID {stranger})" in asides[1], asides[1]
    assert desk.table.n_actions == actions, "an entry nobody named was applied"
    assert not [c for c in desk.written if stranger in c], "a player nobody named was told something"


def _two_boards_seated(tmp_path: Path, executor: Callable[[World], Any]) -> Any:
    """Two boards served through `executor(world)`; four players join where they stand, two a board, and
    both games start: the executor, once the seats are checked."""
    from controller_support import seat_by_walking, two_boards

    with two_boards(tmp_path) as (box, rcon, world):
        store = Store(tmp_path / "night.db")
        lines: list[str] = []
        ctl = Controller(rcon, world, store, Settings(seed=2, start_at=2), on_line=lines.append)
        ctl.start()
        serving = box.server.executor = executor(box.world)
        seat_by_walking(box, world, ctl, {"Alex": "main", "Robin": "annex", "Sam": "main", "Kai": "annex"})
        for _ in range(3):
            box.world.tick()
            ctl.poll()
        main, other = ctl.tables["main"].game, ctl.tables["annex"].game
        assert main is not None and other is not None, lines
        assert sorted(main.names) == ["Alex", "Sam"] and sorted(other.names) == ["Kai", "Robin"], lines
        store.close()
    return serving


def test_with_two_boards_a_join_is_seated_where_its_player_stands_whatever_replies_mix(tmp_path: Path) -> None:
    """With several boards a join needs where its player stands. The pack copies a joiner's `Pos` into the
    inbox entry, so the controller seats them by where they stood when they joined, with no `data get entity
    … Pos` of its own (128 players joining at once were 128 requests, a second of one poll at 16 boards:
    bench/scale.py), and another client's replies mixed into its reads (a position of Alex among them) never
    seat anyone at the wrong board.

    Folded in from test_with_two_boards_a_join_carries_where_its_player_stood_and_no_position_is_asked, the
    same two boards seated the same way: what the controller asked is what the interloper was asked. A
    position that is asked (an operator's, a walker's) must name its player: `parse_pos`, on replies, in
    test_bridge.py."""
    interloper = _two_boards_seated(tmp_path, lambda world: Interloper(world, rate=0.5, seed=7, others=(
        "data get entity Alex Pos", "list uuids", "list", "data get storage monopoli:bridge")))
    assert set(interloper.mixed) == set(KINDS) and sum(interloper.mixed.values()) > 10, interloper.mixed
    assert [c for c in interloper.asked if c.startswith("data get entity")] == [], "a joiner's position was asked"


_CASH = itertools.count(1000)


@functools.cache
def _prom_costs() -> Costs:
    """The costs of the prom board's pack, as the controller reads them once."""
    return pack_costs(load_world(), load_board(board_path(load_rules("prom").board)))


@functools.cache
def _digits_console() -> Console:
    """One world with the pack for every example (each counts its own cuts and mixes)."""
    return Console()


@settings(max_examples=40, deadline=None)
@given(st.text("0123456789", min_size=3, max_size=16), st.integers(1, 40))
def test_another_client_s_reply_that_begins_with_digits_joined_to_a_batch_s_return_is_no_cut(
        name: str, ops: int) -> None:
    """"...batch returned 8" + "1000000000000000 has the following entity data...": the count and the name
    run together. The batch ran whole; it was called cut, a bug to report, and every later write went out
    one operation a request until the controller restarted. Any name of digits, any count of operations."""
    console = _digits_console()
    world = console.world
    if name not in world.players:
        Bot.join(world, name)

    class Joined(Interloper):
        def execute(self, command: str) -> list[str]:
            ours = self.world.execute(command)
            if not command.startswith(batch.BATCH):
                return ours
            self.mixed["after"] += 1
            return ours + self.world.execute(f"data get entity {name} Pos")
    joined = console.executor = Joined(world, rate=1.0, seed=0)
    lines: list[str] = []
    config = load_world()
    wire = Wire(console.command, lines.append, batches=True, version=config.version, costs=_prom_costs)
    cash = next(_CASH)  # a new amount each example: a write that never ran cannot pass for one of before
    wire.send([calls.cash(name, cash)] + [calls.cash(f"P{n}", cash) for n in range(ops)], ack=ops)
    assert joined.mixed["after"] >= 1
    assert wire.cut == 0 and wire.budget == batch.BUDGET, lines
    assert wire.mixed == joined.mixed["after"], "every reply was another client's joined to ours: none a cut"
    assert not [line for line in lines if "stopped a write" in line or "report" in line], lines
    for who in (name, f"P{ops - 1}"):  # the batches ran whole, each once
        assert world.execute(f"scoreboard players get {who} monopoli.cash") == [f"{who} has {cash} [Cash]"]
    assert world.strict_failures == []
