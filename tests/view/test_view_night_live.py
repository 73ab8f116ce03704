"""The night's panel of a real controller over RCON on the stepped strict sandbox (issue 34): games end, an undo
reopens one, the night is crowned, an undo makes the crowning stale, a player comes back under a new name; the
page's event stream follows each with what changed, and the panel is the same on `/` and the wall (not on a
board's screen). An idle poll reads nothing of the night and the panel asks the server nothing."""

from __future__ import annotations

import json
import socket
import time
import uuid
from pathlib import Path
from typing import Any

from view_support import get, parse

from monopoli_mc.controller.loop import Controller, Settings
from monopoli_mc.controller.db.store import Store
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.rcon.client import RconClient
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.runner import Sandbox
from monopoli_mc.view.live import LivePage

PACK = Path(__file__).resolve().parents[2] / "datapacks" / "monopoli"
PASSWORD = "night-live-pw"
SETTINGS = Settings(rules="prom", seed=3, start_at=None, walk_wait=0.0)


class Night:
    """The sandbox, its controller with the page attached, and a viewer's event stream."""

    def __init__(self, box: Sandbox, ctl: Controller, store: Store, page: LivePage, reader: socket.socket) -> None:
        self.box, self.ctl, self.store, self.page, self.reader = box, ctl, store, page, reader
        self.bots: dict[str, Bot] = {}
        self.heard: list[tuple[str, dict[str, Any]]] = []
        self.buf = b""

    def poll(self) -> None:
        self.box.world.tick()
        self.ctl.poll()

    def ask(self, kind: str, board: str | None = "main", **args: Any) -> str:
        """An operator's request, answered at the next poll."""
        request = self.store.request(kind, dict(args), board)
        self.poll()
        answer = self.store.answer_of(request)
        assert answer is not None, kind
        return answer

    def join(self, *names: str) -> None:
        for name in names:
            if name not in self.bots:
                self.bots[name] = Bot.join(self.box.world, name)
                self.box.world.tick()
            self.bots[name].trigger("join")
            self.poll()

    def game(self, names: tuple[str, ...], pay: dict[str, int]) -> str:
        """A game at main: its players join, it starts, the operator pays and ends it; the end's answer."""
        self.join(*names)
        assert self.ask("start").startswith("game started on board 'main'")
        for name, amount in pay.items():
            assert self.ask("pay", player=name, amount=amount) == f"pay {name}: done"
        return self.ask("end")

    def next_event(self) -> tuple[str, dict[str, Any]]:
        """The next whole event on the viewer's stream (its answer's head skipped)."""
        deadline = time.monotonic() + 10
        while True:
            if b"\r\n\r\n" in self.buf and self.buf.startswith(b"HTTP/1.1"):
                self.buf = self.buf.split(b"\r\n\r\n", 1)[1]
            if b"\n\n" in self.buf:
                block, self.buf = self.buf.split(b"\n\n", 1)
                kind, data = block.decode().split("\n")
                return kind.removeprefix("event: "), json.loads(data.removeprefix("data: "))
            self.reader.settimeout(max(0.01, deadline - time.monotonic()))
            chunk = self.reader.recv(65536)
            assert chunk, "the stream ended"
            self.buf += chunk

    def night_event(self, words: str) -> tuple[str, dict[str, Any]]:
        """The next event about the night's panel that carries these words (within 10 s)."""
        deadline = time.monotonic() + 10
        while True:
            assert time.monotonic() < deadline, (words, self.heard[-1:])
            kind, data = self.next_event()
            if kind in ("full", "delta") and data["slot"] == "night":
                self.heard.append((kind, data))
                if words in json.dumps(data):
                    return kind, data


def _words(html: str) -> str:
    return " ".join(" ".join(e.text.split()) for e in parse(html) if e.tag in ("li", "tr", "p", "h3"))


def test_the_panel_follows_the_night_of_a_real_controller(tmp_path: Path) -> None:
    world = load_world()
    page = LivePage("127.0.0.1", 0)
    with Sandbox(password=PASSWORD, strict=True, datapack=PACK, ticking=False) as box:
        box.world.tick()
        with RconClient(*box.address, PASSWORD, timeout=30) as rcon:
            rcon.command("function monopoli:board/main/place")
            store = Store(tmp_path / "night.db")
            ctl = Controller(rcon, world, store, SETTINGS)
            ctl.start()
            page.attach(ctl)
            host, port = page.server.httpd.server_address[:2]
            reader = socket.create_connection((str(host), int(port)), timeout=10)
            reader.sendall(b"GET /events HTTP/1.1\r\nHost: t\r\n\r\n")
            n = Night(box, ctl, store, page, reader)
            first = [n.next_event()]
            while first[-1][0] != "status":
                first.append(n.next_event())
            assert [d for k, d in first if k == "full" and d["slot"] == "night"] == []  # nothing has ended: no panel

            # Game 1 ends: the panel comes whole (its first picture), Sam first.
            assert n.game(("Alex", "Sam", "Kim"), {"Sam": 200, "Kim": 100}).startswith("game 1 on board 'main' ended")
            kind, data = n.night_event("Sam wins")
            assert kind == "full"
            assert "<td class=\"name\">Sam</td>" in data["html"] and "main</b>, game 1: " in data["html"]

            # Game 2 ends: the rows it moved and its line at the head of the results, as a delta.
            n.game(("Alex", "Sam", "Kim"), {"Kim": 300, "Alex": 100})
            kind, data = n.night_event("Kim wins")
            assert kind == "delta" and "game 2: <b class=\"won\">Kim wins" in data["tails"]["results"]["front"]
            assert data["tails"]["results"]["drop"] == 0 and "rank0" in data["parts"]
            assert ">Kim</td>" in data["parts"]["rank0"] and ">3</td>" in data["parts"]["rank0"]  # 2 + 1 points

            # An undo reopens game 2: its result leaves the panel (the results drop their first line).
            assert n.ask("undo").startswith("undid ")
            kind, data = n.night_event('"drop": 1, "add": ""')
            assert kind == "delta" and data["tails"]["results"] == {"drop": 1, "add": ""}
            assert ">Sam</td>" in data["parts"]["rank0"]
            assert n.ask("end").startswith("game 2 on board 'main' ended")
            n.night_event("Kim wins")

            # The crowning: the podium, decided by the standings.
            assert n.ask("crown", None).startswith("crowned: Kim, champion of the night (the standings)")
            kind, data = n.night_event("Champion of the night")
            assert kind == "delta" and set(data["parts"]) == {"podium"}
            podium = _words(data["parts"]["podium"])
            assert "Champion of the night: Kim" in podium and "1. Kim 2. Sam 3. Alex" in podium, podium
            assert "the standings decided it" in podium

            # An undo after the crowning makes it stale, as `admin status` says.
            assert n.ask("undo").startswith("undid ")
            kind, data = n.night_event("is stale")
            stale = _words(data["parts"]["podium"])
            assert "(Kim) is stale: game 2 at board main was reopened since (an undo); monopoli admin crown crowns " \
                   "again." in stale, stale
            assert "STALE: game 2 at board main was reopened since (an undo)" in n.ask("status")
            assert n.ask("end").startswith("game 2 on board 'main' ended")
            kind, data = n.night_event("Champion of the night")  # ended as it was: the crowning holds again
            assert "stale" not in data["parts"]["podium"]

            # Sam comes back as Samuel (the same UUID): the standings show the latest name.
            sam = box.world.player("Sam")
            assert sam is not None
            n.bots["Sam"].leave()
            box.world.join("Samuel", uuid.UUID(str(sam.uuid)))
            box.world.tick()
            n.ask("status")  # the operator's status asks the server who is online
            kind, data = n.night_event(">Samuel</td>")
            assert kind == "delta" and watch_reads(page) == 1

            # Idle polls read nothing of the night and send nothing of it; the panel asks the server nothing.
            night, crowns, published = ctl.ranks.night, page.nights[0].crown_reads, page.nights[0].published
            requests = ctl.requests
            for _ in range(20):
                ctl.poll()
            assert ctl.ranks.night is night and page.nights[0].crown_reads == crowns
            assert page.nights[0].published == published
            assert ctl.requests - requests <= 20 + 2  # the inbox read a poll (and a heartbeat now and then)
            before = ctl.requests
            page.nights[0](flush=True)
            assert ctl.requests == before

            # The same panel on every screen but a board's own.
            panels = {}
            for address in ("", "wall"):
                elements = parse(get(page.url + address)[2])
                panels[address] = [(e.attrs.get("data-part"), e.text) for e in elements
                                   if e.attrs.get("data-part") and e.attrs.get("class", "").startswith("part-")
                                   and e.board is None and e.text]
            assert panels[""] == panels["wall"] and ("rank1", "2Samuel21$3,200") in panels[""]
            assert 'id="night"' not in get(page.url + "board/main")[2]
            assert all(k in ("full", "delta") for k, _ in n.heard)
            reader.close()
            page.close("the test is over")
            ctl.release()
            store.close()
        assert list(box.world.strict_failures) == []


def watch_reads(page: LivePage) -> int:
    """Nights the page's watch read itself (only when a name changed)."""
    return page.nights[0].reads
