"""The picture tells what the page tells: each player's deeds, nothing clipped, long names wrapped.

Measured in the PNG with the font that draws it (Pillow's own), and on the page with the widths the
scene wraps by (the wider of DejaVu Sans and that font, for each character).
"""

from __future__ import annotations

import dataclasses
from html import escape

from hypothesis import given, settings
from hypothesis import strategies as st

from monopoli_mc.bridge.outbox import Table
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.phases import SYSTEM
from monopoli_mc.rules.settings import load_rules
from monopoli_mc.view.geometry import fit_lines, space_boxes, text_width
from monopoli_mc.view.html import section
from monopoli_mc.view.model import BoardView, board_view
from monopoli_mc.view.png import BACKGROUND, MARGIN, PANEL, font, panel_shapes, render
from monopoli_mc.view.scene import NAME_SIZE, Text, board_shapes

NAMES = ["Maximilian_Longo", "Sam", "Kai_With_A_Long1", "Robin"]
DEEDS = {0: [1, 3, 39], 1: [6, 8, 9, 11, 13, 14], 2: [21, 23, 24, 25, 26, 27, 29], 3: [31, 32, 34, 37]}


def ended_game() -> tuple[Game, BoardView]:
    """Four players with long names and many deeds (one mortgaged, houses on one), ended by the operator."""
    rules = load_rules("prom")
    game = Game.new(rules, load_board(board_path(rules.board)), NAMES, 7)
    for seat, spaces in DEEDS.items():
        for space in spaces:
            game.apply(("admin_give_deed", SYSTEM, {"player": seat, "space": space}))
    game.mortgaged[39] = True
    game.apply(("admin_pay", SYSTEM, {"player": 2, "amount": 2_000_000_000}))
    game.apply(("admin_end", SYSTEM, None))
    world = load_world()
    table = Table(board="main", colors=world.colors, version=world.version, role_colors=world.role_colors)
    log = tuple(f"{NAMES[0]} pays $2,000 to {NAMES[2]} (rent) on Pennsylvania Railroad after a long day" for _ in range(3))
    return game, board_view("main", game, table, quarters=0, game_id=1, actions=30, ends_at=None, log=log)


def _panel_texts(view: BoardView) -> list[Text]:
    return [s for s in panel_shapes(view, 0.0) if isinstance(s, Text)]


def test_the_png_panel_lists_each_players_deeds_as_the_page_does() -> None:
    game, view = ended_game()
    told = " ".join(t.text for t in _panel_texts(view))
    page = section(view, now=0.0)
    for seat, spaces in DEEDS.items():
        for space in spaces:
            name = game.board.spaces[space].name
            assert escape(name) in page
            assert name in told, (name, told)
    assert "Boardwalk (mortgaged)" in told and "Boardwalk (mortgaged)" in page


def test_nothing_in_the_png_panel_runs_past_its_edge() -> None:
    _, view = ended_game()
    texts = _panel_texts(view)
    winner = " ".join(t.text for t in texts if t.color == "#FED83D" and t.size == 30)
    assert winner == f"{NAMES[2]} wins (the richest when the operator ended the game)"
    for t in texts:  # measured with the font that draws the PNG, bold drawn with a stroke of 1
        width = font(round(t.size)).getlength(t.text) + (2 if t.bold and t.size >= 14 else 0)
        assert t.x + width <= PANEL, (t.text, t.x + width)
    image = render([view], now=0.0).convert("RGB")
    right = [image.getpixel((x, y)) for x in range(image.width - MARGIN, image.width)
             for y in range(image.height)]
    background = tuple(int(BACKGROUND[i:i + 2], 16) for i in (1, 3, 5))
    assert set(right) == {background}  # the margin at the right edge is empty: nothing ran into it
    bottom = [image.getpixel((x, y)) for x in range(image.width) for y in range(image.height - 8, image.height)]
    assert set(bottom) == {background}


def test_every_space_name_is_whole_and_fits_its_tile_on_the_page_and_in_the_png() -> None:
    _, view = ended_game()
    for quarters in range(4):
        turned = dataclasses.replace(view, quarters=quarters)
        texts = [s for s in board_shapes(turned) if isinstance(s, Text)]
        for space in view.spaces:
            if space.index == 10:
                continue  # the jail tile has its own words
            x0, y0, x1, _ = space_boxes(space.index, quarters).name
            mine = [t for t in texts if x0 <= t.x <= x1 and y0 <= t.y <= y0 + 11 + 3 * 13 and t.size <= NAME_SIZE]
            assert " ".join(t.text for t in mine) == space.name, (space.name, [t.text for t in mine])
            for t in mine:
                assert text_width(t.text, t.size, bold=t.bold) <= x1 - x0, (t.text, quarters)
                assert font(round(t.size)).getlength(t.text) <= x1 - x0, (t.text, quarters)
    x0, _, x1, _ = space_boxes(13, 0).name  # States Avenue, on a side tile beside its band
    assert fit_lines("States Avenue", x1 - x0, NAME_SIZE, 3) == (("States", "Avenue"), NAME_SIZE)


@settings(max_examples=150, deadline=None)
@given(text=st.text(st.characters(min_codepoint=32, max_codepoint=0x2FF), max_size=60),
       width=st.floats(30, 300), most=st.integers(1, 4))
def test_fitted_lines_never_run_past_their_width(text: str, width: float, most: int) -> None:
    out, size = fit_lines(text, width, NAME_SIZE, most)
    assert 1 <= len(out) <= most and size <= NAME_SIZE
    assert all(text_width(line, size) <= width for line in out)
    if not any(line.endswith("...") for line in out):  # nothing cut: every word is shown, in order
        assert " ".join(out).split() == text.split()

