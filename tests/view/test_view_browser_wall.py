"""Issue 35 in a real headless Chromium: the page kept open across a controller restart follows the game again
by itself, and the wall shows three boards, each with its state and its auction, on one 1920x1080 screen; and
issue 34's night panel on that wall: in the fourth cell beside three boards, in a column beside sixteen, its
podium, top rows, "and M more" and newest results in view, nothing overlapping.

Debian's chromium is needed (`.ci/run` installs it when missing); without it the tests are skipped on a
developer's machine and fail on CI.
"""

from __future__ import annotations

import dataclasses
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from test_view_heal import BOARD, NAMES, RULES, _game_view, _to_auction
from test_view_streams import _view
from view_browser import Browser, chromium_path

from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.demo.run import install
from monopoli_mc.rcon.client import RconClient
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.rules.game import Game
from monopoli_mc.sandbox.runner import Sandbox
from monopoli_mc.view.feed import Feed
from monopoli_mc.view.model import BoardView, NightPanel
from monopoli_mc.view.server import PageServer

if chromium_path() is None:
    if os.environ.get("CI"):
        raise RuntimeError("the browser test needs Debian's chromium: .ci/run installs it (apt-get install chromium)")
    pytest.skip("Debian's chromium is not installed (apt-get install chromium)", allow_module_level=True)

PASSWORD = "wall-pw"
LOBBY = "(document.querySelector('#board-main .lobby') || {}).textContent || ''"
STATUS = "document.getElementById('status').className + ' | ' + document.getElementById('status').textContent"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _run(world_path: Path, db: Path, port: int) -> subprocess.Popen[str]:
    """`monopoli run --web 127.0.0.1:PORT`, once its page is up."""
    proc = subprocess.Popen(
        [sys.executable, "-c", "from monopoli_mc.cli import main; main()", "run", "--world", str(world_path),
         "--db", str(db), "--web", f"127.0.0.1:{port}", "--poll", "0.01"],
        env=dict(os.environ, MONOPOLI_RCON_PASSWORD=PASSWORD), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True)
    assert proc.stdout is not None
    first = proc.stdout.readline()
    assert first == f"monopoli: live board page at http://127.0.0.1:{port}/\n", first + proc.stderr.read()
    return proc


def _stop(proc: subprocess.Popen[str]) -> None:
    proc.send_signal(signal.SIGTERM)
    try:
        assert proc.wait(15) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.communicate(timeout=10)


def _join(box: Sandbox, name: str) -> None:
    bot = Bot.join(box.world, name)
    joined = box.world.game_time
    while box.world.game_time < joined + 5:  # the pack enables a new player's triggers on a tick
        time.sleep(0.001)
    bot.trigger("join")


@pytest.mark.long(seconds=4)
def test_the_page_follows_the_game_again_after_the_controller_is_started_again(tmp_path: Path) -> None:
    world = load_world()
    pack = install(world, "prom", tmp_path)
    port = _free_port()
    with Sandbox(password=PASSWORD, strict=True, datapack=pack, tick_rate=200) as box:
        world_path = tmp_path / "world.yaml"
        world_path.write_text(Path(world.source).read_text().replace("port: 25575", f"port: {box.port}"))
        with RconClient(*box.address, PASSWORD) as rcon:
            rcon.command("function monopoli:board/main/place")
        first = _run(world_path, tmp_path / "night.db", port)
        second = None
        try:
            with Browser(1280, 900) as browser:
                browser.open(f"http://127.0.0.1:{port}/")
                browser.evaluate("window.notReloaded = true")
                _join(box, "Alex")
                browser.wait_for(lambda: "Alex" in browser.evaluate(LOBBY), 20, pump="Alex seated")
                _stop(first)
                browser.wait_for(lambda: "the controller has stopped (monopoli run stopped at" in browser.evaluate(
                    STATUS) and "trying again" in browser.evaluate(STATUS), 20, pump="the stop, and trying again")
                assert browser.evaluate(STATUS).startswith("status lost | ")
                second = _run(world_path, tmp_path / "night.db", port)  # as the README says: start it again
                _join(box, "Sam")
                browser.wait_for(lambda: "Sam" in browser.evaluate(LOBBY), 40, pump="the page following again")
                browser.wait_for(lambda: browser.evaluate(STATUS).startswith("status live"), 20, pump="live")
                assert browser.evaluate(LOBBY) == "seated: Alex, Sam"
                assert browser.evaluate("window.notReloaded") is True  # nobody reloaded it
        finally:
            for proc in (first, second):
                if proc is not None and proc.poll() is None:
                    _stop(proc)


RECTS = """(() => Array.from(document.querySelectorAll('#boards > .board')).map(s => {
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const part = n => s.querySelector('[data-part="' + n + '"]');
  const seen = e => e && getComputedStyle(e).display !== 'none' ? box(e) : null;
  return {board: s.dataset.board, section: box(s), drawing: box(s.querySelector('.board-svg')),
          panel: box(s.querySelector('.panel')), pending: seen(s.querySelector('.pending')),
          turn: seen(s.querySelector('.turn')), time: seen(s.querySelector('.time')), auction: seen(part('auction')),
          clock: (s.querySelector('.auction-left') || {}).textContent || null};
}))()"""


def _inside(box: list[float], outer: list[float]) -> bool:
    return outer[0] - 0.5 <= box[0] and outer[1] - 0.5 <= box[1] and box[2] <= outer[2] + 0.5 and box[3] <= outer[3] + 0.5


@pytest.mark.long(seconds=8)
def test_the_wall_shows_three_boards_with_their_state_and_auction_on_one_1920_by_1080_screen() -> None:
    auction, _ = _to_auction()
    auction.apply(("bid", 1, 40))
    feed = Feed()
    names = ["terrace", "main", "annex"]  # the config's order, not the alphabet's
    ends = time.time() + 3600
    for n, name in enumerate(names):
        view = _game_view(auction, 10 + n, bids=((1, 40),), closes_at=time.time() + 30) if name == "main" else \
            _lobby_or_game(n, ends)
        feed.publish(dataclasses.replace(view, board=name))
    feed.beat()
    server = PageServer(feed, "127.0.0.1", 0).start()
    try:
        with Browser(1920, 1080) as browser:
            browser.open(server.url + "wall")
            browser.wait_for(lambda: "live" in browser.evaluate(STATUS), 10, pump="the stream")
            rects: list[dict[str, Any]] = browser.evaluate(RECTS)
            screen = [0.0, 0.0, 1920.0, 1080.0]
            assert [r["board"] for r in rects] == names
            assert browser.evaluate("[innerWidth, innerHeight, document.documentElement.scrollHeight]") == [
                1920, 1080, 1080]  # nothing below the screen
            for r in rects:
                for part in ("section", "drawing", "panel"):
                    assert _inside(r[part], screen), (r["board"], part, r[part])
                assert _inside(r["drawing"], r["section"]) and _inside(r["panel"], r["section"]), r
                said = r["auction"] or r["pending"]  # an open auction's box says what the state line would
                assert said is not None and _inside(said, r["panel"]), r
                assert r["drawing"][2] - r["drawing"][0] > 400, r  # a board large enough to read across a room
            main = next(r for r in rects if r["board"] == "main")
            assert main["auction"] is not None and _inside(main["auction"], main["panel"])
            assert main["turn"] is not None and _inside(main["turn"], main["panel"])
            first = main["clock"]
            assert first is not None and first.startswith("closes in ")
            browser.wait_for(lambda: browser.evaluate(RECTS)[1]["clock"] != first, 5, pump="the countdown")
            terrace = next(r for r in rects if r["board"] == "terrace")
            assert terrace["time"] is not None and _inside(terrace["time"], terrace["panel"])
            boxes = [r["section"] for r in rects]
            assert all(a[2] <= b[0] + 0.5 or b[2] <= a[0] + 0.5 or a[3] <= b[1] + 0.5 or b[3] <= a[1] + 0.5
                       for i, a in enumerate(boxes) for b in boxes[i + 1:])  # no two boards overlap

            browser.open(server.url + "wall?rotate=5")
            shown = "Array.from(document.querySelectorAll('#boards > .board')).filter(s => s.offsetParent).map(" \
                    "s => s.dataset.board)"
            assert browser.evaluate(shown) == ["terrace"]
            browser.wait_for(lambda: browser.evaluate(shown) == ["main"], 10, pump="the rotation")
    finally:
        feed.stop("the test is over")
        server.close(grace=0.2)


def _lobby_or_game(n: int, ends: float) -> BoardView:
    """A board whose game runs with a time limit (the first), or one where players are being seated."""
    if n == 0:
        return _game_view(Game.new(RULES, BOARD, NAMES[:3], 2), 0, ends_at=ends)
    return _view("annex", 3)


NIGHT_RECTS = """(() => {
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const seen = e => getComputedStyle(e).display !== 'none' && e.getClientRects().length > 0;
  const night = document.getElementById('night');
  const within = sel => Array.from(night.querySelectorAll(sel)).filter(seen).map(e => [e.textContent, box(e)]);
  return {night: box(night), body: document.body.className,
          boards: Array.from(document.querySelectorAll('#boards > .board')).map(s => box(s)),
          rows: within('.part-rank tr'), more: within('.more'), podium: within('.podium li, .champion'),
          results: within('.results li'), heads: within('.night h2, .part-standings h3, .part-results h3')};
})()"""


def _night_panel(boards: int, players: int, games: int = 8, *, lead: int = 0) -> NightPanel:
    """A night of `players` players (player `lead` first), `games` games ended, crowned."""
    from test_view_night import _night, _result

    from monopoli_mc.controller.db.night import Crowning
    from monopoli_mc.view.night_panel import night_view, panel

    rows = [(i + 1, f"Player_{(i + lead) % players:02d}_long_nm", 3 * players - i // 2, 3 - i % 2, 9000 - 10 * i, 3)
            for i in range(players)]  # pairs level on points
    names = [r[1] for r in rows]
    results = [_result(g, f"table{g % boards + 1}", time.time() - 600 + g,
                       [(names[(g + k) % players], 1500 + 100 * k, k == 3) for k in range(4)])
               for g in range(1, games + 1)]
    night = _night(results, rows)
    return panel(night_view(night, Crowning(time.time(), "uuid-x", names[0], night.fingerprint())))


def _night_feed(boards: int, players: int) -> Feed:
    """A feed of `boards` boards and a night of `players` players, eight games ended, crowned."""
    feed = Feed()
    ends = time.time() + 3600
    for n in range(boards):
        feed.publish(dataclasses.replace(_lobby_or_game(n % 2, ends), board=f"table{n + 1}"))
    feed.publish_night(_night_panel(boards, players))
    feed.beat()
    return feed


@pytest.mark.long(seconds=4)
def test_the_wall_with_the_night_s_panel_fits_1920_by_1080_with_nothing_overlapping() -> None:
    for boards, players in ((3, 16), (16, 128)):
        feed = _night_feed(boards, players)
        server = PageServer(feed, "127.0.0.1", 0).start()
        try:
            with Browser(1920, 1080) as browser:
                browser.open(server.url + "wall")
                browser.wait_for(lambda: "live" in browser.evaluate(STATUS), 10, pump="the stream")
                got: dict[str, Any] = browser.evaluate(NIGHT_RECTS)
                screen = [0.0, 0.0, 1920.0, 1080.0]
                assert browser.evaluate("[innerWidth, innerHeight, document.documentElement.scrollHeight]") == [
                    1920, 1080, 1080]
                assert _inside(got["night"], screen), got["night"]
                assert all(_inside(b, screen) for b in got["boards"])
                night = got["night"]
                assert all(b[2] <= night[0] + 0.5 or night[2] <= b[0] + 0.5 or b[3] <= night[1] + 0.5
                           or night[3] <= b[1] + 0.5 for b in got["boards"]), (got["body"], night, got["boards"])
                if boards == 3:  # the fourth cell of the 2 by 2 grid
                    assert "spare-1" in got["body"] and night[2] - night[0] > 900 and night[3] - night[1] > 450
                else:  # a column beside the 4 by 4 grid
                    assert "beside" in got["body"] and night[3] - night[1] > 900
                shown = got["heads"] + got["podium"] + got["rows"] + got["more"] + got["results"]
                visible = [(text, b) for text, b in shown if _inside(b, night)]
                assert [t for t, _ in got["podium"]][:2] == [f"Champion of the night: {'Player_00_long_nm'}",
                                                             "1. Player_00_long_nm"], got["podium"]
                rows = [t for t, b in got["rows"] if _inside(b, night)]
                assert len(rows) == min(players, 12), (boards, len(rows), got["rows"][-1:], night)
                assert [t for t, b in got["more"] if _inside(b, night)] == (
                    [f"and {players - 12} more: monopoli standings lists everyone"] if players > 12 else [])
                results = [t for t, b in got["results"] if _inside(b, night)]
                assert len(results) >= 3 and re.match(r"\d\d:\d\d table", results[0]), results
                assert "game 8:" in results[0]  # the newest first
                boxes = [b for _, b in visible]
                assert all(a[2] <= b[0] + 0.5 or b[2] <= a[0] + 0.5 or a[3] <= b[1] + 0.5 or b[3] <= a[1] + 0.5
                           for i, a in enumerate(boxes) for b in boxes[i + 1:]), "two texts of the panel overlap"
                if boards == 3:  # a game ends: the page swaps in the rows it moved, adds its line at the head
                    # the stream the delta must reach (a page starved of its timers past 6.5 s opens a new one)
                    browser.wait_for(lambda: len(server.hub._streams) == 1, 10, pump="the page's one stream")
                    streams = {s.token for s in server.hub._streams.values()}
                    feed.publish_night(_night_panel(boards, players, 9, lead=1))
                    first = "document.querySelector('#night .results li').textContent"
                    browser.wait_for(lambda: "game 9:" in browser.evaluate(first), 10, pump="the delta")
                    assert {s.token for s in server.hub._streams.values()} == streams  # applied, no resync
                    swapped = browser.evaluate("document.getElementById('night').innerHTML")
                    browser.open(server.url + "wall")  # the whole panel, as a new viewer gets it
                    assert browser.evaluate("document.getElementById('night').innerHTML") == swapped
                    assert browser.evaluate("document.querySelectorAll('#night .results li').length") == 9
        finally:
            feed.stop("the test is over")
            server.close(grace=0.2)
