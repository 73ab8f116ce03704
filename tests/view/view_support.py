"""A demo game in a thread with the live page attached, and what its pictures must show."""

from __future__ import annotations

import threading
import time
import urllib.request
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from monopoli_mc.controller.loop import Controller
from monopoli_mc.datapack.world_config import MORTGAGE_COLOR, WorldConfig
from monopoli_mc.demo.run import DemoResult, run_demo
from monopoli_mc.rules.game import Game
from monopoli_mc.view.live import LivePage
from monopoli_mc.view.model import DYE
from monopoli_mc.view.scene import PAPER

WORLD_YAML = """\
movement: teleport
colors: [red, blue, lime, yellow, magenta, cyan, orange, purple]
boards:
  - {name: main, origin: [0, -60, 0], facing: west}
  - {name: annex, origin: [100, -60, 0], facing: west}
"""


def two_boards(tmp_path: Path) -> Path:
    """A world config with two boards side by side."""
    path = tmp_path / "two-boards.yaml"
    path.write_text(WORLD_YAML, encoding="utf-8")
    return path


@dataclass
class LiveDemo:
    """A demo playing in a thread, its page served on a free loopback port."""

    page: LivePage
    thread: threading.Thread
    controller: list[Controller] = field(default_factory=list)
    result: list[DemoResult] = field(default_factory=list)
    errors: list[BaseException] = field(default_factory=list)
    changes: list[tuple[float, str, int]] = field(default_factory=list)  # (when, board, actions) after polls
    started: threading.Event = field(default_factory=threading.Event)  # every board's game has begun

    @property
    def url(self) -> str:
        """The page's address."""
        return self.page.url

    def wait_started(self, timeout: float = 60) -> Controller:
        """The controller, once every board's game has started."""
        if not self.started.wait(timeout):
            raise self.errors[0] if self.errors else TimeoutError("the demo's games did not start")
        return self.controller[0]

    def finish(self, timeout: float = 180) -> DemoResult:
        """Wait for the demo's end; the page then says the controller stopped."""
        self.thread.join(timeout)
        if self.errors:
            raise self.errors[0]
        assert self.result, "the demo did not end"
        self.page.stop("the demo is over")
        return self.result[0]


def start_demo(tmp_path: Path, *, world: Path | None = None, players: int = 3, seed: int = 4,
               speed: float = 20, max_rounds: int = 40, rules: str = "prom") -> LiveDemo:
    """Start a seeded demo (its database in tmp_path/night.db) with the page on 127.0.0.1, a free port."""
    page = LivePage("127.0.0.1", 0)
    live = LiveDemo(page, threading.Thread())

    def attach(ctl: Controller) -> None:
        live.controller.append(ctl)
        page.attach(ctl)

        def note() -> None:
            if all(t.game is not None for t in ctl.tables.values()):
                live.started.set()
            for table in ctl.tables.values():
                last = [c for c in live.changes if c[1] == table.name]
                if not last or last[-1][2] != table.n_actions:
                    live.changes.append((time.monotonic(), table.name, table.n_actions))
        ctl.watchers.append(note)

    def play() -> None:
        try:
            live.result.append(run_demo(players=players, seed=seed, speed=speed, rules=rules, world_path=world,
                                        movement="teleport", strict=True, echo=lambda line: None, timeout=150,
                                        db=tmp_path / "night.db", max_rounds=max_rounds, on_controller=attach))
        except BaseException as exc:  # handed to the test's thread
            live.errors.append(exc)
            live.started.set()

    live.thread = threading.Thread(target=play, name="demo", daemon=True)
    live.thread.start()
    return live


def get(url: str, *, timeout: float = 10) -> tuple[int, dict[str, str], str]:
    """(status, headers, body) of a GET."""
    with urllib.request.urlopen(url, timeout=timeout) as reply:
        return reply.status, dict(reply.headers), reply.read().decode("utf-8")


def expected_banner(game: Game, world: WorldConfig, space: int) -> str:
    """The colour a deed's banner must show: its owner's, gray when mortgaged, the paper when unowned."""
    owner = game.owner[space]
    if owner < 0:
        return PAPER
    if game.mortgaged[space]:
        return DYE[MORTGAGE_COLOR]
    return DYE[world.colors[owner % len(world.colors)]]


def rgb(hex_color: str) -> tuple[int, int, int]:
    """"#B02E26" as (176, 46, 38)."""
    return int(hex_color[1:3], 16), int(hex_color[3:5], 16), int(hex_color[5:7], 16)


def close_to(pixel: Any, hex_color: str, tolerance: int = 6) -> bool:
    """Whether a sampled pixel is the colour (within a few levels per channel)."""
    return all(abs(int(a) - b) <= tolerance for a, b in zip(pixel[:3], rgb(hex_color)))



@dataclass
class Element:
    """One element of a parsed page: its tag, attributes, the text inside it, the board section it is in."""

    tag: str
    attrs: dict[str, str]
    text: str = ""
    board: str | None = None


class PageParser(HTMLParser):
    """Every element of a page with its own text (the standard library's parser, as a browser reads tags)."""

    VOID = {"meta", "link", "br", "img", "input"}  # HTML elements with no end tag

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[Element] = []
        self.open: list[Element] = []
        self.board: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if tag == "section" and "data-board" in values:
            self.board = values["data-board"]
        element = Element(tag, values, board=self.board)
        self.elements.append(element)
        if tag not in self.VOID:
            self.open.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append(Element(tag, {k: v or "" for k, v in attrs}, board=self.board))

    def handle_endtag(self, tag: str) -> None:
        while self.open:
            element = self.open.pop()
            if element.tag == tag:
                break
        if tag == "section":
            self.board = None

    def handle_data(self, data: str) -> None:
        for element in self.open:
            element.text += data


def parse(html: str) -> list[Element]:
    """The elements of a page."""
    parser = PageParser()
    parser.feed(html)
    parser.close()
    return parser.elements
