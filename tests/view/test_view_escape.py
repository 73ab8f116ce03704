"""Every text on the page is escaped: hostile player names, log lines (card texts), board and rule names."""

from __future__ import annotations

import dataclasses
import itertools
import json

from hypothesis import given, settings
from hypothesis import strategies as st
from view_support import parse

from monopoli_mc.bridge.outbox import Table
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.settings import load_rules
from monopoli_mc.view.feed import Status
from monopoli_mc.view.html import page, section
from monopoli_mc.view.model import board_view

HOSTILE = ["<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "&amp;", "</svg></section>",
           "' onmouseover='x", "<!--", "]]>", "\u202eevil", "a\nb", "<title>"]
TAGS = {"html", "head", "meta", "title", "link", "noscript", "script", "body", "header", "h1", "nav", "a", "p",
        "main", "section", "div", "svg", "rect", "circle", "line", "text", "h2", "small", "b", "table", "thead",
        "tr", "th", "tbody", "td", "h3", "ol", "li", "g", "aside"}
RULES = load_rules("prom")
BOARD = load_board(board_path(RULES.board))
WORLD = load_world()
texts = st.one_of(st.sampled_from(HOSTILE), st.text(min_size=1, max_size=24))


@settings(max_examples=60, deadline=None)
@given(names=st.lists(texts, min_size=2, max_size=4, unique=True), lines=st.lists(texts, max_size=4),
       extra=texts, seed=st.integers(0, 50))
def test_hostile_text_stays_text(names: list[str], lines: list[str], extra: str, seed: int) -> None:
    game = Game.new(RULES, BOARD, names, seed)
    for _ in range(seed):  # a few moves, so there are owners and pending decisions with the names in them
        action = game.legal_actions()[0]
        game.apply(action)
    table = Table(board="main", colors=WORLD.colors, version=WORLD.version)
    view = board_view("main", game, table, quarters=seed % 4, game_id=1, actions=seed, ends_at=None,
                      log=tuple(lines))
    view = dataclasses.replace(view, board=extra, rules=extra, lobby=(extra,))
    html = page([view], Status("quiet", extra), now=0)
    elements = parse(html)
    assert {e.tag for e in elements} <= TAGS
    assert not [k for e in elements for k in e.attrs if k.startswith("on")]
    assert [e.attrs.get("src") for e in elements if e.tag == "script"] == ["/page.js"]
    cells = {row.attrs["data-player"]: cell for row, cell in zip(elements, elements[1:])
             if row.tag == "tr" and "data-player" in row.attrs}
    assert set(cells) == set(names)
    for name in names:
        assert cells[name].tag == "td" and cells[name].text.startswith(f" {name}")  # the name, as it is
        assert any(e.tag == "title" and e.text.startswith(name) for e in elements if e.board == extra) or \
            game.bankrupt[names.index(name)]
    # the move list's items (an auction's bids are items of a list of their own, with the names in them)
    start = next((i for i, e in enumerate(elements) if e.tag == "ol" and e.attrs.get("class") == "log"), None)
    log = [] if start is None else [e.text for e in itertools.takewhile(lambda e: e.tag == "li", elements[start + 1:])]
    assert log == list(lines)
    assert next(e.text for e in elements if e.attrs.get("id") == "status") == extra
    assert json.loads(json.dumps({"html": section(view)}))["html"].startswith("<section")
