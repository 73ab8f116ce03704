"""The picture's parts: where spaces are drawn for each facing, and the pending decision in words."""

from __future__ import annotations

import pytest

from monopoli_mc.bridge.outbox import Table
from monopoli_mc.controller.game.policy import CLOSE_AUCTION, forced_action, next_move
from monopoli_mc.datapack.layout import BoardPlace, Layout
from monopoli_mc.datapack.world_config import FACINGS, load_world
from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.bots import make_bots
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.phases import AUCTION, OVER, PHASE_ACTIONS, SYSTEM
from monopoli_mc.rules.settings import load_rules
from monopoli_mc.view.geometry import grid, pawn_box, space_boxes
from monopoli_mc.view.html import section, time_left
from monopoli_mc.view.model import DYE, board_view
from monopoli_mc.view.words import pending_words


@pytest.mark.parametrize("facing", FACINGS)
def test_the_drawing_is_the_world_seen_from_above_north_up(facing: str) -> None:
    layout = Layout(BoardPlace(name="main", origin=(-37, -60, 12), facing=facing, tile_size=5, height=10))
    (x0, _, z0), _ = layout.bounds()
    for index in range(40):
        x, _, z = layout.world(layout.block(index, 2, 2))  # a block inside the tile
        assert grid(index, layout.quarters) == ((x - x0) // 5, (z - z0) // 5)


@pytest.mark.parametrize("quarters", range(4))
def test_each_space_keeps_its_parts_apart(quarters: int) -> None:
    for index in range(40):
        boxes = space_boxes(index, quarters)
        cx0, cy0, cx1, cy1 = boxes.cell
        parts = [boxes.banner, pawn_box(index, quarters)] + ([boxes.band] if boxes.band else [])
        for x0, y0, x1, y1 in parts:
            assert cx0 <= x0 < x1 <= cx1 and cy0 <= y0 < y1 <= cy1
        if boxes.band is not None:  # the band lies on the side towards the middle, as the world's houses do
            bx0, by0, bx1, by1 = boxes.band
            assert not (boxes.banner[0] < bx1 and bx0 < boxes.banner[2] and boxes.banner[1] < by1
                        and by0 < boxes.banner[3])
    jail = space_boxes(10, quarters).jail
    assert jail is not None
    inside, lane = pawn_box(10, quarters, jailed=True), pawn_box(10, quarters)
    assert jail[0] <= inside[0] and inside[2] <= jail[2] and jail[1] <= inside[1] and inside[3] <= jail[3]
    assert lane[3] <= jail[1] or lane[1] >= jail[3]  # just visiting: beside the cell, never in it


def test_every_pending_decision_names_who_decides() -> None:
    phases = set()
    for rules, seed in [("prom", 3), ("classic-older", 2), ("speed-die", 5), ("anti-monopoly", 1), ("classic", 9),
                        ("deal-all", 4)]:
        settings = load_rules(rules)
        game = Game.new(settings, load_board(board_path(settings.board)), ["Alex", "Sam", "Robin"], seed)
        bots = make_bots(3)
        for _ in range(3000):
            if game.phase == OVER:
                assert pending_words(game).startswith("game over: ")
                break
            words = pending_words(game)
            if game.phase == AUCTION:  # anyone bids on the clock: nobody's turn to bid, so nobody named for it
                bidder = game.pending["bidder"]
                assert words.endswith("; anyone may bid or pass"), words
                assert (game.names[bidder] in words) if bidder >= 0 else "no bid yet" in words
            else:
                assert game.names[game.to_act()] in words, (game.phase, words)
            assert "_" not in words
            phases.add(game.phase)
            game.apply(forced_action(game) or next_move(game, bots) or CLOSE_AUCTION)
    assert phases == set(PHASE_ACTIONS) - {OVER}


def test_time_left_apartments_and_sides_are_shown() -> None:
    rules = load_rules("anti-monopoly")
    game = Game.new(rules, load_board(board_path(rules.board)), ["Alex", "Sam"], 1)
    game.roles = ["competitor", "monopolist"]
    game.owner[1], game.buildings[1] = 0, 5
    game.owner[3], game.buildings[3] = 1, 3
    world = load_world()
    table = Table(board="main", colors=world.colors, version=world.version, role_colors=world.role_colors)
    view = board_view("main", game, table, quarters=0, game_id=3, actions=0, ends_at=1000.0 + 90 * 60)
    assert view.ends_at == 1000.0 + 90 * 60
    html = section(view, now=1000.0 + 61)
    assert '<span class="time-left" data-ends="6400">1:28:59</span>' in html
    assert f"{game.board.spaces[1].name}: Alex's, an apartment</title>" in html and 'class="apartment"' in html
    assert "light blue: apartment" in html
    assert html.count('class="house"') == 3
    sides = {p.name: (p.side, p.color) for p in view.players}
    assert sides == {"Alex": ("competitor", DYE["green"]), "Sam": ("monopolist", DYE["blue"])}
    assert time_left(100.0, 200.0) == "time is up" and time_left(200.0, 100.0) == "1:40"


def test_a_tie_is_shown_as_a_tie_not_as_nobody_winning() -> None:
    game = Game.new(load_rules("prom"), load_board(board_path("standard")), ["Alex", "Sam"], 1)
    game.apply(("admin_end", SYSTEM, None))
    assert pending_words(game) == "game over: a tie between Alex and Sam (the richest when the operator ended the game)"
