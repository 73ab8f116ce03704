"""The live board page over HTTP, from a demo playing two boards: what it shows, how fast, and when it stops."""

from __future__ import annotations

import json
import socket
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Callable

import pytest
from view_support import Element, expected_banner, get, parse, start_demo, two_boards

from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.errors import MonopoliError
from monopoli_mc.rules.game import Game
from monopoli_mc.view.feed import Feed
from monopoli_mc.view.geometry import pawn_box, space_boxes
from monopoli_mc.view.server import PageServer, parse_address
from monopoli_mc.view.words import pending_words


def _read_stream(url: str, into: list[tuple[float, str, dict[str, object]]], done: threading.Event) -> None:
    """Every event of an event stream, with when it arrived, until the stream ends."""
    with urllib.request.urlopen(url, timeout=60) as stream:
        kind = ""
        for raw in stream:
            line = raw.decode("utf-8").rstrip("\n")
            if line.startswith("event: "):
                kind = line[7:]
            elif line.startswith("data: "):
                into.append((time.monotonic(), kind, json.loads(line[6:])))
    done.set()


def _check_board(elements: list[Element], board: str, game: Game, colors: tuple[str, ...], world_path: Path) -> None:
    """One board's section shows the game: banners, words on every space, buildings, pawns, cash, the decision."""
    mine = [e for e in elements if e.board == board]
    banners = {(float(e.attrs["x"]), float(e.attrs["y"])): e for e in mine
               if e.tag == "rect" and "banner" in e.attrs.get("class", "")}
    world = load_world(world_path)
    titles = {(float(rect.attrs["x"]), float(rect.attrs["y"])): title.text for rect, title in zip(mine, mine[1:])
              if rect.attrs.get("class") == "space" and title.tag == "title"}
    for space in game.board.spaces:
        box = space_boxes(space.index, 0)
        title = titles[box.cell[0], box.cell[1]]
        assert title.split(":")[0] == space.name
        shown = banners.get((box.banner[0], box.banner[1]))
        owner = game.owner[space.index] if space.is_deed else -1
        if owner < 0:
            assert shown is None and title == space.name
            continue
        assert shown is not None and shown.attrs["fill"] == expected_banner(game, world, space.index)
        assert f"{game.names[owner]}'s" in title
        assert ("mortgaged" in title) == game.mortgaged[space.index]
        built = game.buildings[space.index]
        houses = [e for e in mine if e.tag == "rect" and e.attrs.get("class") == "house"
                  and _inside(e, box.band)]
        hotels = [e for e in mine if e.tag == "rect" and e.attrs.get("class") == "hotel" and _inside(e, box.band)]
        assert (len(houses), len(hotels)) == ((built, 0) if built < 5 else (0, 1))
    for seat, name in enumerate(game.names):
        pawns = [e for e in mine if e.tag == "circle" and e.text.startswith(name)]
        if game.bankrupt[seat]:
            assert not pawns
            continue
        assert len(pawns) == 1
        jailed = game.jail_turns[seat] >= 0
        x0, y0, x1, y1 = pawn_box(game.pos[seat], 0, jailed=jailed and game.pos[seat] == 10)
        assert x0 <= float(pawns[0].attrs["cx"]) <= x1 and y0 <= float(pawns[0].attrs["cy"]) <= y1
        row = next(e for e in mine if e.tag == "tr" and e.attrs.get("data-player") == name)
        assert f"${game.cash[seat]:,}" in row.text
    assert [e.text for e in mine if e.attrs.get("class") == "winner"] == [
        pending_words(game).removeprefix("game over: ")]


def _actions(kind: str, data: dict[str, object]) -> int:
    """The action count a board's event brings: in a whole section's data-actions, or beside a delta's parts."""
    if kind == "delta":
        return int(str(data["actions"]))
    return int(str(data["html"]).split('data-actions="')[1].split('"')[0])


def _wait_for(check: Callable[[], object], timeout: float = 10) -> None:
    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.01)


def _inside(e: Element, box: tuple[float, float, float, float] | None) -> bool:
    if box is None:
        return False
    x, y = float(e.attrs["x"]), float(e.attrs["y"])
    return box[0] <= x <= box[2] and box[1] <= y <= box[3]


@pytest.mark.long(seconds=7)
def test_the_page_follows_a_two_board_demo_and_says_when_it_stops(tmp_path: Path) -> None:
    world = two_boards(tmp_path)
    live = start_demo(tmp_path, world=world, players=3, seed=1, max_rounds=10)  # 10 rounds: mortgages, houses
    ctl = live.wait_started()
    events: list[tuple[float, str, dict[str, object]]] = []
    done = threading.Event()
    reader = threading.Thread(target=_read_stream, args=(live.url + "events", events, done), daemon=True)
    reader.start()
    status, headers, body = get(live.url)
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    assert "default-src 'none'" in headers["Content-Security-Policy"]
    sections = [e.attrs["data-board"] for e in parse(body) if e.tag == "section"]
    assert sections == ["main", "annex"] == list(ctl.tables)  # the world config's order, not the names
    result = live.finish()
    _wait_for(lambda: events and events[-1][1] == "status" and events[-1][2]["state"] == "stopped")

    # Every action reached the open stream within a second of the poll that applied it, or, on a machine
    # so loaded that the polls themselves come slower, before the game had moved three changes further.
    arrived = [(t, str(data["slot"]).removeprefix("board-"), _actions(kind, data))
               for t, kind, data in events if kind in ("full", "delta") and data["slot"] != "night"]
    changes = live.changes
    for i, (when, board, actions) in enumerate(changes):
        if actions == 0:
            continue
        first = min((t for t, b, n in arrived if b == board and n >= actions), default=None)
        assert first is not None, f"board {board}: action {actions} never reached the stream"
        later = changes[i + 3][0] if i + 3 < len(changes) else when
        assert first - when < 1.0 or first < later, (
            f"board {board}: action {actions} took {first - when:.2f}s to the page, past three more changes")
    assert events[-1][1] == "status" and events[-1][2]["state"] == "stopped"

    _, _, body = get(live.url)
    elements = parse(body)
    assert "the controller has stopped (the demo is over)" in next(e.text for e in elements if e.attrs.get("id") == "status")
    for board, game in result.games.items():
        _check_board(elements, board, game, load_world(world).colors, world)
    owned = [s for g in result.games.values() for s, o in enumerate(g.owner) if o >= 0]
    assert owned and any(g.mortgaged[s] for g in result.games.values() for s in range(40))  # the seed shows both
    assert any(g.buildings[s] for g in result.games.values() for s in range(40))
    results = [e.text for e in elements if e.tag == "li" and "results" in [p.attrs.get("class") for p in elements
                                                                           if p.tag == "ol" and e.text in p.text]]
    assert sorted(f"{b}, game" in " ".join(results) for b in ("main", "annex")) == [True, True], results
    assert [e.attrs.get("data-part") for e in elements if e.tag == "div" and e.attrs.get("data-part", "").startswith(
        "rank")] == [f"rank{i}" for i in range(6)]  # the night's standings: the six players of the two games
    state = json.loads(get(live.url + "state.json")[2])
    assert state["status"]["state"] == "stopped" and set(state["boards"]) == {"main", "annex"}
    live.page.server.close()


def test_the_page_is_read_only_and_loads_nothing_from_outside() -> None:
    feed = Feed()
    server = PageServer(feed, "127.0.0.1", 0).start()
    try:
        request = urllib.request.Request(server.url, data=b"x", method="POST")
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=5)
        assert refused.value.code == 405
        _, _, body = get(server.url)
        assert "the controller is starting" in body
        for asset in ("page.css", "page.js"):
            status, headers, text = get(server.url + asset)
            assert status == 200 and "http" not in text.replace("http://www.w3.org", "")
        outside = [e for e in parse(body) for key in ("src", "href") if e.attrs.get(key, "").startswith(("http", "//"))]
        assert outside == []
        with pytest.raises(urllib.error.HTTPError):
            get(server.url + "nothing")
    finally:
        server.close()


def test_web_addresses() -> None:
    assert parse_address("8080") == ("127.0.0.1", 8080)
    assert parse_address(":8080") == ("127.0.0.1", 8080)
    assert parse_address("0.0.0.0:80") == ("0.0.0.0", 80)
    assert parse_address("[::1]:8080") == ("::1", 8080)
    for bad in ("", "host", "1.2.3.4:port", "99999", "²", "127.0.0.1:¹²", "٨٠", " 8080", "8080 ", "a b:80"):
        with pytest.raises(MonopoliError, match="^--web is HOST:PORT or PORT .* the port a whole number from 0 to "
                                                "65535, in the digits 0-9 alone, not "):
            parse_address(bad)


def test_a_busy_port_is_one_clear_error() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(MonopoliError, match=f"cannot serve the board page on 127.0.0.1:{port}"):
            PageServer(Feed(), "127.0.0.1", port)
