"""One night on two servers (issue 34 point 6): two sandboxes, each its own world and its own controller, on one
database file, over real RCON. Controllers of different worlds run side by side; a board name another world
of the night uses is refused; operator requests are answered by the world that holds their board; a player
is one player on both servers (seated or playing on one, refused on the other, then moving across); both
controllers killed (never released) and restarted: nothing lost, doubled or blocked."""

from __future__ import annotations

import dataclasses
import re
import sqlite3
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from controller_support import PASSWORD

from monopoli_mc.controller.db import lease
from monopoli_mc.controller.loop import Controller, Settings
from monopoli_mc.controller.db.store import Store
from monopoli_mc.datapack.layout import Layout
from monopoli_mc.datapack.world_config import WorldConfig, load_world
from monopoli_mc.demo.players import TablePlayers
from monopoli_mc.demo.run import build_boards, install
from monopoli_mc.rcon.client import RconClient
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.runner import Sandbox


@dataclass
class Server:
    """One server of the night: its sandbox, its world config (one board), an RCON client, its controller."""

    box: Sandbox
    world: WorldConfig
    rcon: RconClient
    ctl: Controller
    bots: dict[str, Bot]

    @property
    def board(self) -> str:
        return self.world.boards[0].name

    def controller(self, db: Path) -> Controller:
        """A controller of this world on the night's database, started (a restart after a kill)."""
        self.ctl = Controller(self.rcon, self.world, Store(db), Settings(rules="prom", seed=5, start_at=2,
                                                                          auction_quiet=0.0))
        self.ctl.start()
        return self.ctl

    def join(self, name: str) -> Bot:
        """A player connects to this server, stands on GO of its board and types /trigger join."""
        bot = self.bots.get(name) or Bot.join(self.box.world, name)
        self.bots[name] = bot
        self.box.world.tick()
        layout = Layout(self.world.board(self.board))
        x, y, z = layout.world(layout.stand(0))
        bot.walk_to((x + 0.5, float(y), z + 0.5))
        bot.trigger("join")
        return bot

    def step(self) -> int:
        self.box.world.tick()
        return self.ctl.poll()


@contextmanager
def server(tmp_path: Path, board: str, db: Path) -> Iterator[Server]:
    """A strict sandbox whose world has one board of this name, built, and its controller on `db`."""
    base = load_world()
    place = dataclasses.replace(base.boards[0], name=board)
    world = dataclasses.replace(base, boards=(place,), movement="teleport")
    pack = install(world, "prom", tmp_path / board)
    with Sandbox(password=PASSWORD, strict=True, datapack=pack, ticking=False) as box, \
            RconClient(*box.address, PASSWORD) as rcon:
        box.world.tick()
        world = dataclasses.replace(world, rcon_port=box.port)
        build_boards(rcon, world)
        s = Server(box, world, rcon, None, {})  # type: ignore[arg-type]
        s.controller(db)
        yield s
        assert box.world.strict_failures == []


def _play(s: Server, people: TablePlayers, polls: int) -> None:
    """The table acts, as its players would, for a number of polls."""
    table = s.ctl.tables[s.board]
    for _ in range(polls):
        if table.game is not None:
            people.step(table.game, (table.game_id, table.n_actions), retry=0.5)
        s.step()


def _origins(db: Path) -> list[str]:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return [r[0] for r in con.execute("SELECT g.board || ' ' || a.origin FROM actions a JOIN games g "
                                          "ON g.id=a.game WHERE a.origin LIKE 'seq %'")]
    finally:
        con.close()


def _said(bot: Bot) -> list[str]:
    lines = bot.chat_text()
    seen = getattr(bot, "_seen", 0)
    bot._seen = len(lines)  # type: ignore[attr-defined]
    return lines[seen:]


def test_two_servers_one_database_nothing_lost_doubled_or_blocked(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    with ExitStack() as stack:
        a = stack.enter_context(server(tmp_path, "main", db))
        b = stack.enter_context(server(tmp_path, "annex", db))
        store = Store(db)
        holders = {h.world: h for h in lease.holders(store)}
        assert sorted(holders) == sorted([f"127.0.0.1:{a.box.port}", f"127.0.0.1:{b.box.port}"])
        assert all(h.is_running(h.heartbeat) for h in holders.values())
        assert {w: lease.boards_of(store, w) for w in holders} == {f"127.0.0.1:{a.box.port}": ["main"],
                                                                  f"127.0.0.1:{b.box.port}": ["annex"]}

        # a third world naming a board of the night is refused, naming the board and the world that has it
        clash = dataclasses.replace(a.world, rcon_port=a.box.port + 1)
        third = Controller(a.rcon, clash, Store(db), Settings(rules="prom"))
        with pytest.raises(lease.BoardTaken, match=re.escape(
                f"board 'main' is a board of another world of this night (127.0.0.1:{a.box.port}: its controller "
                "runs (pid ") + r".*\): every board of the night needs a name of its own across its servers; rename "
                r"it in this world's config \(boards: name:\), or give this world a --db of its own$"):
            third.claim()
        third.store.close()

        # a table on each server
        for name in ("Alex", "Sam"):
            a.join(name)
            a.step()
        b.join("Robin")
        b.step()
        # Alex, playing on the first server, tries the second one's board: refused, told why
        alex_b = b.join("Alex")
        b.step()
        assert _said(alex_b)[-1] == "You play at board main on another server: finish that game first.", \
            alex_b.chat_text()
        assert store.lobby("annex") == ["Robin"]
        b.join("Kim")
        b.step()
        assert a.ctl.tables["main"].game is not None and b.ctl.tables["annex"].game is not None

        people_a = TablePlayers(a.box.world, a.ctl.tables["main"].layout, ["Alex", "Sam"], walk=False,
                                operator=lambda kind, args: store.request(kind, args, "main"))
        people_a.people = {n: a.bots[n] for n in ("Alex", "Sam")}
        people_b = TablePlayers(b.box.world, b.ctl.tables["annex"].layout, ["Robin", "Kim"], walk=False,
                                operator=lambda kind, args: store.request(kind, args, "annex"))
        people_b.people = {n: b.bots[n] for n in ("Robin", "Kim")}
        for _ in range(6):  # both tables play, the controllers' transactions interleaved on one file
            _play(a, people_a, 1)
            _play(b, people_b, 1)

        # both controllers killed: never released, their connections to the file dropped; players go on
        for s in (a, b):
            s.ctl.store.close()
        queued = 0
        for s, people in ((a, people_a), (b, people_b)):
            table = s.ctl.tables[s.board]
            assert table.game is not None
            if people.step(table.game, (table.game_id, table.n_actions)) is not None:
                queued += 1
            s.box.world.tick()
        before = len(_origins(db))
        for s in (a, b):
            s.controller(db)  # restarted: each takes its world's lease back without a word of refusal
        for _ in range(3):
            a.step()
            b.step()
        origins = _origins(db)
        assert len(origins) == len(set(origins)), "an input applied twice"
        assert len(origins) >= before + queued, "an input queued while the controllers were down was lost"
        for s in (a, b):  # everything the world queued was applied and acknowledged: nothing blocked
            inbox = s.box.world.execute("data get storage monopoli:bridge inbox")
            assert inbox == ["Storage monopoli:bridge has the following contents: []"], inbox
            assert int("".join(s.box.world.execute("scoreboard players get $seq monopoli.seq")).split()[2]) > 0
        assert store.db.execute("SELECT COUNT(*) FROM set_aside").fetchone()[0] == 0

        # the operator ends the second server's game: its controller answers, the first one leaves it
        request = store.request("end", {}, "annex")
        a.step()
        assert store.answer_of(request) is None
        b.step()
        answer = store.answer_of(request)
        assert answer is not None and answer.startswith("game 2 on board 'annex' ended"), answer
        request = store.request("end", {}, "main")
        b.step()
        a.step()
        assert (store.answer_of(request) or "").startswith("game 1 on board 'main' ended")

        # `admin status` without --board: one world answers, naming the other server's board too
        request = store.request("status", {})
        a.step()
        b.step()
        answer = store.answer_of(request) or ""
        first, second = sorted([(f"127.0.0.1:{a.box.port}", "main"), (f"127.0.0.1:{b.box.port}", "annex")])
        assert answer.splitlines()[0].startswith(f"{first[1]}: game "), answer
        assert answer.splitlines()[1] == (f"{second[1]}: on another server ({second[0]}, its controller runs): 0 "
                                          "seated for the next game"), answer

        # the players move: Alex and Sam sit down at the second server's board, one player on both servers
        for name in ("Alex", "Sam"):
            b.join(name)
            b.step()
        game = b.ctl.tables["annex"].game
        assert game is not None and sorted(game.names) == ["Alex", "Sam"]
        assert sorted(store.players().values()) == ["Alex", "Kim", "Robin", "Sam"]  # one row each, both servers

        # the second server's controller stopped, its game unfinished: another world naming its board is refused
        b.ctl.release()
        b.ctl.store.close()
        stray = dataclasses.replace(b.world, rcon_port=a.box.port + 7)  # its config, but the first server's world
        other = Controller(a.rcon, stray, Store(db), Settings(rules="prom"))
        with pytest.raises(lease.BoardTaken, match=re.escape(
                f"board 'annex' is a board of another world of this night (127.0.0.1:{b.box.port}: game 3 there is "
                "unfinished): every board of the night needs a name of its own")):
            other.start()
        other.release()
        other.store.close()
        store.close()
