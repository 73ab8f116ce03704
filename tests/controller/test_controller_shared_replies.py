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
"""

from __future__ import annotations

import random
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest
from controller_support import PACK, PASSWORD, Rig, make_rig, table_players

from monopoli_mc.bridge import batch
from monopoli_mc.bridge.inbox import READ_QUERY, InboxError
from monopoli_mc.controller.io import identity
from monopoli_mc.controller.loop import Controller, Settings
from monopoli_mc.controller.game.policy import play_headless
from monopoli_mc.controller.db.store import Store
from monopoli_mc.datapack import calls
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.demo.run import run_demo
from monopoli_mc.errors import LeaseError, MonopoliError, RconError
from monopoli_mc.rcon.client import RconClient
from monopoli_mc.rules.bots import make_bots
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.phases import ROLL
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

    @property
    def lock(self) -> AbstractContextManager[Any]:
        return self.world.lock

    def execute(self, command: str) -> list[str]:
        ours = self.world.execute(command)
        if (self.only is not None and command != self.only) or self.random.random() >= self.rate:
            return ours
        kind = self.random.choice(self.kinds)
        self.mixed[kind] += 1
        if kind == "empty":  # they cleared the buffer after our command ran, before we read it
            return []
        theirs = self.world.execute(self.random.choice(self.others))
        return {"theirs": theirs, "after": ours + theirs, "before": theirs + ours}[kind]


@pytest.fixture
def box() -> Iterator[Sandbox]:
    with Sandbox(password=PASSWORD, strict=True, datapack=PACK, ticking=False) as box:
        box.world.tick()
        yield box
        assert box.world.strict_failures == []


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
def test_a_night_mark_that_never_reads_lets_nobody_in(box: Sandbox, tmp_path: Path, kinds: tuple[str, ...],
                                                      others: tuple[str, ...], says: str) -> None:
    """A second controller whose every read of the mark is mixed stops there: it never marks the world."""
    world_cfg = load_world()
    with RconClient(*box.address, PASSWORD) as client:
        client.command(calls.night_mark("f" * 32, "/srv/first.db", "another-host", 4242))  # a controller elsewhere
        before = box.world.execute(NIGHT)
        second = Controller(client, world_cfg, Store(tmp_path / "second.db"), Settings(rules="prom"))
        second.claim()
        assert second.lease is not None
        tok = second.lease.token
        second.world_id = identity.follow_world(second.command, second.store, second.on_line, on_new_world=None)
        box.server.executor = Interloper(box.world, rate=1.0, seed=1, only=READ_QUERY, kinds=kinds, others=others)
        with pytest.raises(InboxError, match=rf"({says}).*; read 3 times: on vanilla every RCON"):
            identity.check_night(second.command, second.store, second.on_line, world=second.world_id, token=tok,
                                 take_over=False, new_night=False)
        box.server.executor = box.world
        assert box.world.execute(NIGHT) == before  # still the first one's
        with pytest.raises(LeaseError, match="this world is run by another controller"):
            identity.check_night(second.command, second.store, second.on_line, world=second.world_id, token=tok,
                                 take_over=False, new_night=False)  # read whole, it is refused as ever


def test_a_poll_that_reads_another_client_s_storage_reply_is_asked_again(box: Sandbox, tmp_path: Path) -> None:
    """The bridge storage's night mark alone parses as a compound: without the world's identity it is not
    the poll's reply, so the poll reads again rather than take an empty inbox."""
    with RconClient(*box.address, PASSWORD) as client:
        store = Store(tmp_path / "night.db")
        lines: list[str] = []
        ctl = Controller(client, load_world(), store, Settings(rules="prom"), on_line=lines.append)
        ctl.start()
        replies = iter([box.world.execute(NIGHT), box.world.execute(NIGHT)])

        class Theirs(Interloper):
            def execute(self, command: str) -> list[str]:
                ours = self.world.execute(command)
                return next(replies, ours) if command == READ_QUERY else ours
        box.server.executor = Theirs(box.world, rate=0.0, seed=0)
        ctl.poll()
        assert next(replies, None) is None and lines == []  # asked three times; the third read whole


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


def test_joins_wait_for_a_player_list_that_reads(box: Sandbox, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Entries from players not yet named wait while `list uuids` comes back mixed: never set aside for it
    (they were, as if the server had not listed them); a list that never reads passes them after a while."""
    with RconClient(*box.address, PASSWORD) as client:
        client.command("function monopoli:board/main/place")
        store = Store(tmp_path / "night.db")
        lines: list[str] = []
        ctl = Controller(client, load_world(), store, Settings(rules="prom", start_at=3), on_line=lines.append)
        ctl.start()
        box.server.executor = Interloper(box.world, rate=1.0, seed=2, only="list uuids", kinds=("empty", "theirs"),
                                         others=("list",))
        table_players(box, ctl, store, NAMES)
        for _ in range(3):
            box.world.tick()
            ctl.poll()
        assert not [line for line in lines if "set aside" in line] and ctl.tables["main"].game is None
        waits = [line for line in lines if "the inbox waits for a player list that reads" in line]
        assert len(waits) == 1, lines  # said once while it goes on failing
        box.server.executor = box.world
        box.world.tick()
        ctl.poll()
        game = ctl.tables["main"].game
        assert game is not None and sorted(game.names) == sorted(NAMES)
        assert not [line for line in lines if "set aside" in line]

        monkeypatch.setattr("monopoli_mc.controller.reads.PATIENCE", 0.0)
        box.server.executor = Interloper(box.world, rate=1.0, seed=2, only="list uuids", kinds=("empty",))
        from monopoli_mc.sandbox.bots import Bot
        Bot.join(box.world, "Jo").trigger("jar")
        box.world.tick()
        ctl.poll()  # the list never reads: the entry is set aside, said, and the night goes on
        assert [line for line in lines if "from a player the server's player list did not name" in line], lines
        store.close()


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


@pytest.mark.parametrize("seed", [7, 9, 10, 11])  # 9, 10, 11 seat someone at the wrong board without the name check
def test_with_two_boards_a_join_is_seated_where_its_player_stands_whatever_replies_mix(tmp_path: Path,
                                                                                      seed: int) -> None:
    """With several boards a join needs where its player stands: another client's position of Alex is never
    taken for Robin's (each reply must name the player asked for)."""
    interloper = _two_boards_seated(tmp_path, lambda world: Interloper(world, rate=0.5, seed=seed, others=(
        "data get entity Alex Pos", "list uuids", "list", "data get storage monopoli:bridge")))
    assert sum(interloper.mixed.values()) > 10


class Heard:
    """The world as the RCON server sees it, noting each command it is asked."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.asked: list[str] = []

    @property
    def lock(self) -> AbstractContextManager[Any]:
        return self.world.lock

    def execute(self, command: str) -> list[str]:
        self.asked.append(command)
        return self.world.execute(command)


def test_with_two_boards_a_join_carries_where_its_player_stood_and_no_position_is_asked(tmp_path: Path) -> None:
    """The pack copies a joiner's `Pos` into the inbox entry, so the controller seats them by where they stood
    when they joined, with no `data get entity … Pos` of its own: 128 players joining at once were 128
    requests, a second of one poll at 16 boards (bench/scale.py)."""
    heard = _two_boards_seated(tmp_path, Heard)
    assert [c for c in heard.asked if c.startswith("data get entity")] == []


DIGITS = "1000000000000000"  # a legal player name: sixteen digits


@pytest.fixture
def digits_rig(tmp_path: Path) -> Iterator[Rig]:
    """A started game of three players, the first of them named all in digits."""
    yield from make_rig(tmp_path, [DIGITS, "Sam", "Robin"])


def test_another_client_s_reply_that_begins_with_digits_joined_to_a_batch_s_return_is_no_cut(
        digits_rig: Rig) -> None:
    """"...batch returned 8" + "1000000000000000 has the following entity data...": the count and the name
    run together. The batch ran whole; it was called cut, a bug to report, and every later write went out
    one operation a request until the controller restarted."""
    rig = digits_rig

    class Joined(Interloper):
        def execute(self, command: str) -> list[str]:
            ours = self.world.execute(command)
            if not command.startswith(batch.BATCH):
                return ours
            self.mixed["after"] += 1
            return ours + self.world.execute(f"data get entity {DIGITS} Pos")
    joined = Joined(rig.box.world, rate=1.0, seed=0)
    rig.box.server.executor = joined
    lines: list[str] = []
    rig.ctl.on_line = lines.append
    game = rig.game
    for _ in range(12):
        name = game.names[game.to_act()]
        legal = [a[0] for a in game.legal_actions(game.to_act())]
        kind = next((k for k, a in (("d6", "roll"), ("buy", "buy"), ("end_turn", "end_turn")) if a in legal), None)
        if kind is None:
            break
        rig.bots[name].trigger(kind)
        rig.step()
    assert joined.mixed["after"] >= 8 and game.turns > 1, lines
    assert rig.ctl.wire.cut == 0 and rig.ctl.wire.budget == batch.BUDGET, lines
    assert not [line for line in lines if "stopped a write" in line or "report" in line], lines
    rig.box.server.executor = rig.box.world
