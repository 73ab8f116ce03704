"""One night on one server and the same night on two (issue 34, "Done when"): the same games (the same seeds, the
same moves) played once on one sandbox with both boards and one controller, and once on two sandboxes, a board and
a controller each, on one database, over real RCON. The standings are the same row for row, and a player who played
on both servers is one row (behind a proxy without forwarding, every vanilla server derives the same offline UUID
from a name, and so does the sandbox: `world.offline_uuid`). On two servers, every result is heard on the other
one, the final's finalist on the other server is told to go over, and the crowning is announced in both worlds,
by the other world's controller too when it was down at the crowning and comes back, and never twice.

The players make no moves of their own: the operator sets each game's net worths (`admin pay`, a fine no one can
pay) before its end, as in test_night.py, so the standings are also a table computed by hand below.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from controller_support import PASSWORD

from monopoli_mc.controller.loop import Controller, Settings
from monopoli_mc.controller.db.night import Night, game_rows, standing_rows
from monopoli_mc.controller.db.store import Store
from monopoli_mc.datapack.layout import Layout
from monopoli_mc.datapack.nightfns import FIREWORK_COLORS
from monopoli_mc.datapack.world_config import WorldConfig, load_world
from monopoli_mc.demo.run import build_boards, install
from monopoli_mc.rcon.client import RconClient
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.runner import Sandbox
from monopoli_mc.sandbox.world import offline_uuid

SEED = 5
# The night (board, players, what the operator does before the end): Kim plays at annex then main, Sam at main then
# annex, so on two servers both move across. By hand (a point for each player finished ahead of; ties: wins, worth):
#   game 1 main   Sam 1700, Alex 1500           Sam 1
#   game 2 annex  Kim 1600, Noor 1500           Kim 1
#   game 3 main   Alex 1800, Kim 1500           Alex 1
#   game 4 annex  Sam 1500, Noor out            Sam 1
HAND = [(1, "Sam", 2, 2, 3200, 2), (2, "Alex", 1, 1, 3300, 2), (3, "Kim", 1, 1, 3100, 2), (4, "Noor", 0, 0, 1500, 2)]
CROWN = ["The night is over! Champion: Alex.", "1. Alex (1 point)", "2. Sam (2 points)", "3. Kim (1 point)"]


@dataclass
class Server:
    """One sandbox of the night: its world config (its boards), an RCON client, its controller, its players."""

    box: Sandbox
    world: WorldConfig
    rcon: RconClient
    seed: int
    ctl: Controller | None = None
    bots: dict[str, Bot] = field(default_factory=dict)

    def start(self, db: Path) -> Controller:
        """A controller of this world on the night's database, started (again, after a stop)."""
        self.ctl = Controller(self.rcon, self.world, Store(db), Settings(rules="prom", seed=self.seed))
        self.ctl.start()
        return self.ctl

    def stop(self) -> None:
        """A clean stop (Ctrl-C): the lease and the world's mark given back."""
        assert self.ctl is not None
        self.ctl.release()
        self.ctl.store.close()
        self.ctl = None

    def step(self) -> None:
        self.box.world.tick()
        if self.ctl is not None:
            self.ctl.poll()

    def online(self) -> list[str]:
        return [name for name, bot in self.bots.items() if bot.world.player(name) is not None]


@contextmanager
def sandbox(tmp_path: Path, boards: list[str], seed: int) -> Iterator[Server]:
    """A strict sandbox whose world has these boards (as configs/night.yaml places main and annex), built."""
    base = load_world(Path(__file__).resolve().parents[2] / "configs" / "night.yaml")
    places = tuple(dataclasses.replace(base.boards[0], name=b, origin=(100 * i, -60, 0)) for i, b in enumerate(boards))
    world = dataclasses.replace(base, boards=places, movement="teleport")
    pack = install(world, "prom", tmp_path / "-".join(boards))
    with Sandbox(password=PASSWORD, strict=True, datapack=pack, ticking=False, version=world.version.name) as box, \
            RconClient(*box.address, PASSWORD) as rcon:
        box.world.tick()
        world = dataclasses.replace(world, rcon_port=box.port)
        build_boards(rcon, world)
        yield Server(box, world, rcon, seed)
        assert box.world.strict_failures == []


@dataclass
class NightRig:
    """The night's servers (board -> the server that has it), its database, what the operator and players did."""

    servers: dict[str, Server]
    db: Path
    store: Store
    results: list[str] = field(default_factory=list)  # each game's line for the room, as heard
    heard: dict[str, int] = field(default_factory=dict)  # bot (server, name) -> chat lines read so far

    @property
    def all(self) -> list[Server]:
        return list({id(s): s for s in self.servers.values()}.values())

    def step(self, times: int = 1) -> None:
        for _ in range(times):
            for server in self.all:
                server.step()

    def ask(self, kind: str, board: str | None = None, **args: Any) -> str:
        """An operator's request (`monopoli admin KIND`), answered by the world that holds its board."""
        request = self.store.request(kind, args, board)
        for _ in range(20):
            self.step()
            answer = self.store.answer_of(request)
            if answer is not None:
                return answer
        raise AssertionError(f"request {kind} {board} was never answered")

    def go(self, name: str, board: str) -> Bot:
        """The player goes to the board's server, leaving the one they were on (the proxy sends them across)."""
        server = self.servers[board]
        for other in self.all:
            if other is not server and name in other.online():
                other.bots[name].leave()
        bot = server.bots.get(name)
        if bot is None or name not in server.online():
            bot = server.bots[name] = Bot.join(server.box.world, name)
        server.box.world.tick()
        return bot

    def join(self, name: str, board: str) -> None:
        """The player goes to the board's server, stands on its GO and types /trigger join."""
        server = self.servers[board]
        bot = self.go(name, board)
        layout = Layout(server.world.board(board))
        x, y, z = layout.world(layout.stand(0))
        bot.walk_to((x + 0.5, float(y), z + 0.5))
        bot.trigger("join")
        self.step()

    def game(self, board: str, names: list[str], pays: dict[str, int], out: str | None = None) -> int:
        """A game at a board: its players sit down, the operator starts it, pays, and ends it (or a fine no one
        can pay puts `out` out); the result is heard on every server (checked); the game's number."""
        for name in names:
            self.join(name, board)
        assert self.ask("start", board) == f"game started on board {board!r} with {len(names)} players"
        for name, amount in pays.items():
            assert self.ask("pay", board, player=name, amount=amount) == f"pay {name}: done"
        if out is not None:
            self.ask("fine", board, player=out, amount=20000)
        else:
            assert self.ask("end", board).startswith(f"game ")
        row = self.store.current_game(board)
        assert row is not None and row.over
        self.step(2)
        self.results.append(self.room_line(board, row.id))
        self.ranks_shown()
        return row.id

    def ranks_shown(self) -> None:
        """Every player at a table (the latest game of a board of the server they are on), once a game of theirs
        has ended, reads their night rank on their action bar, whichever server's game changed it: the ranks
        are read from the one database."""
        ranks = {s.name: s.rank for s in Night.read(self.store, self.all[0].world.night).standings}
        shown = 0
        for server in self.all:
            server.box.world.tick(20)  # the action bar's refresh
            for place in server.world.boards:
                row = self.store.current_game(place.name)
                for name in row.names if row is not None else []:
                    if name in ranks and name in server.online():
                        bar = server.bots[name].action_bar()
                        assert bar is not None and bar.endswith(f"   Night #{ranks[name]}"), (name, bar, ranks)
                        shown += 1
        assert shown

    def room_line(self, board: str, game: int) -> str:
        """The game's result, as told on every server where the room did not see the table's own lines (another
        server, or another board of the same one): each such player online hears it once."""
        head = f"Board {board}, game {game}: "
        lines = set()
        for server in self.all:
            own = server is self.servers[board]
            if own and len(server.world.boards) == 1:
                continue  # one board on this server: its table's lines reached everyone
            for name in server.online():
                said = [line for line in server.bots[name].chat_text() if line.startswith(head)]
                assert len(said) == 1, (server.world.boards[0].name, name, said)
                lines.add(said[0])
        assert len(lines) == 1, lines
        return lines.pop()

    def said_since(self, server: Server, name: str) -> list[str]:
        lines = server.bots[name].chat_text()
        seen = self.heard.get(f"{server.box.port} {name}", 0)
        self.heard[f"{server.box.port} {name}"] = len(lines)
        return lines[seen:]

    def crowned(self, server: Server) -> None:
        """Everyone online on the server saw the crowning once: the title, the top three in chat, and the
        fireworks over each of its boards' middles in the champion's colour (Alex's seat's in the final)."""
        for name in server.online():
            bot = server.bots[name]
            assert bot.titles().count(("title", "Alex")) == 1, (name, bot.titles())
            assert ("subtitle", "champion of the night") in bot.titles(), name
            said = self.said_since(server, name)
            assert [line for line in said if line in CROWN] == CROWN, (name, said)
        before = len(server.box.world.bursts)
        server.box.world.tick(30)
        bursts = server.box.world.bursts[before:]
        assert len(bursts) == 3 * len(server.world.boards)
        final = self.store.current_game("main")
        assert final is not None
        color = FIREWORK_COLORS[server.world.colors[final.names.index("Alex")]]
        assert {b.explosions for b in bursts} == {(("large_ball", (color,), (FIREWORK_COLORS["white"],)),)}
        for place in server.world.boards:
            layout = Layout(place)
            cx, cz = layout.middle()
            x, _y, z = layout.world((cx, place.height + 2, cz))
            assert any(abs(b.pos[0] - x) < 1 and abs(b.pos[2] - z) < 1 for b in bursts), place.name


def _play(night: NightRig) -> dict[str, Any]:
    """The night, the same on one server or two; what it gives: the standings and games as data."""
    two = len(night.all) == 2
    main, annex = night.servers["main"], night.servers["annex"]
    for server in night.all:
        server.start(night.db)
    for name, board in (("Alex", "main"), ("Sam", "main"), ("Kim", "annex"), ("Noor", "annex")):
        night.go(name, board)  # the evening begins: each connects to the server of their first table
    g1 = night.game("main", ["Alex", "Sam"], {"Sam": 200})
    g2 = night.game("annex", ["Kim", "Noor"], {"Kim": 100})
    g3 = night.game("main", ["Kim", "Alex"], {"Alex": 300})  # Kim moves to main's server
    g4 = night.game("annex", ["Sam", "Noor"], {}, out="Noor")  # Sam moves to annex's server
    assert (g1, g2, g3, g4) == (1, 2, 3, 4)

    # One player, one row: the night knows each by the UUID every server derives from their name.
    assert night.store.players() == {str(offline_uuid(n)): n for n in ("Alex", "Sam", "Kim", "Noor")}
    standings = Night.read(night.store, main.world.night)
    assert [(s.rank, s.name, s.points, s.wins, s.worth, s.games) for s in standings.standings] == HAND
    assert [s.player for s in standings.standings] == [str(offline_uuid(s.name)) for s in standings.standings]

    # The final at main, the top two. Alex has sat down for annex's next game (on two servers he went over to
    # annex's): the final takes him out of that seat. On two servers both finalists are on annex's server,
    # and are told there to go over to main's.
    night.join("Alex", "annex")
    assert night.store.lobby("annex") == ["Alex"]
    answer = night.ask("final", "main", players=2)
    assert answer == ("the final at board 'main': Sam, Alex; game started on board 'main' with 2 players (Alex left "
                      f"the seats of board annex{', on another server' if two else ''})"), answer
    assert night.store.lobby("annex") == []
    final = "The final starts at board main: Sam, Alex. Its winner is the champion!"
    for server in night.all:
        for name in server.online():
            assert final in night.said_since(server, name), (name, server.world.boards[0].name)
    if two:
        come = ("The final at board main is on another server, and you play in it: go over to that server now "
                "(/server and its name).")
        assert [annex.bots[n].chat_text().count(come) for n in ("Sam", "Alex")] == [1, 1]
        assert not any("go over" in line for n in main.online() for line in main.bots[n].chat_text())
    for name in ("Sam", "Alex"):  # they go over (on one server they are there already), and find their seats
        night.go(name, "main")
    night.step()
    main.box.world.tick(20)
    game = main.ctl.tables["main"].game if main.ctl is not None else None
    assert game is not None
    for name in ("Sam", "Alex"):  # their seat's line: the final's cash, whose turn, their night rank
        rank = {"Sam": 1, "Alex": 2}[name]
        turn = f"{game.names[game.to_act()]}'s turn"
        assert main.bots[name].action_bar() == f"Cash $1500   Jar $0   {turn}   Night #{rank}", name
    assert night.ask("pay", "main", player="Alex", amount=100) == "pay Alex: done"
    night.ask("end", "main")
    night.step()

    # The crowning; on two servers, annex's controller is down (stopped) when it happens.
    if two:
        annex.stop()
    for server in night.all:
        for name in server.online():
            night.said_since(server, name)
    answer = night.ask("crown")
    assert answer == "crowned: Alex, champion of the night (the final); podium 1. Alex, 2. Sam, 3. Kim", answer
    night.crowned(main)
    if two:
        assert not any(("title", "Alex") in annex.bots[n].titles() for n in annex.online())
        annex.start(night.db)  # back: it announces the crowning it missed, once
        night.step(2)
        night.crowned(annex)
        annex.stop()  # and again: a restart does not announce it twice
        annex.start(night.db)
        night.step(3)
        for name in annex.online():
            assert annex.bots[name].titles().count(("title", "Alex")) == 1, name
            assert not [line for line in night.said_since(annex, name) if line in CROWN]
        before = len(annex.box.world.bursts)
        annex.box.world.tick(30)
        assert len(annex.box.world.bursts) == before
    data = Night.read(night.store, main.world.night)
    for server in night.all:
        if server.ctl is not None:
            server.stop()
    return {"standings": standing_rows(data), "podium": data.podium(), "results": night.results,
            "games": [{k: v for k, v in g.items() if k not in ("started", "ended")} for g in game_rows(data)]}


@pytest.mark.long(seconds=5)
def test_the_same_night_on_one_server_and_on_two(tmp_path: Path) -> None:
    with sandbox(tmp_path / "one", ["main", "annex"], SEED) as server:
        db = tmp_path / "one.db"
        one = _play(NightRig({"main": server, "annex": server}, db, Store(db)))
    with ExitStack() as stack:  # annex's seed as on one server, where it is the world's second board
        main = stack.enter_context(sandbox(tmp_path / "two", ["main"], SEED))
        annex = stack.enter_context(sandbox(tmp_path / "two", ["annex"], SEED + 1))
        db = tmp_path / "two.db"
        two = _play(NightRig({"main": main, "annex": annex}, db, Store(db)))
    assert two["standings"] == one["standings"]  # row for row: rank, name, UUID, points, wins, worth, games
    assert two["podium"] == one["podium"]
    assert two["games"] == one["games"]  # each game's board, players, end, winner, finish, points
    assert two["results"] == one["results"]  # every result's line, as heard in the room on the other server
