"""Board views from the game database alone (for `monopoli state --png`), as the live page shows them."""

from __future__ import annotations

from monopoli_mc.bridge.outbox import Table
from monopoli_mc.controller.clocks import timelimit
from monopoli_mc.controller.db.history import told_lines
from monopoli_mc.controller.db.store import Store
from monopoli_mc.controller.db.saved import load_game, rules_of
from monopoli_mc.datapack.layout import Layout
from monopoli_mc.datapack.world_config import WorldConfig
from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.phases import AUCTION
from monopoli_mc.rules.settings import load_rules
from monopoli_mc.view.bids import bids_in
from monopoli_mc.view.model import LOG_LINES, BoardView, board_view, lobby_view


def in_config_order(world: WorldConfig, boards: list[str]) -> list[str]:
    """Board names as the world config lists its boards (those it does not list after them, as given)."""
    listed = [place.name for place in world.boards]
    return [name for name in listed if name in boards] + [name for name in boards if name not in listed]


def stored_views(store: Store, world: WorldConfig, boards: list[str], *, rules: str = "prom") -> list[BoardView]:
    """The picture of each named board's latest game (a board with no game: its seats), in the world
    config's order."""
    places = {place.name: place for place in world.boards}
    out = []
    for name in in_config_order(world, boards):
        quarters = Layout(places[name]).quarters if name in places else 0
        row = store.current_game(name)
        if row is None:
            settings = load_rules(rules)
            out.append(lobby_view(name, settings, load_board(board_path(settings.board)), quarters=quarters,
                                  lobby=tuple(store.lobby(name))))
            continue
        board = load_board(board_path(rules_of(row.rules).board))
        game, n = load_game(store, row, board)
        table = Table(board=name, colors=world.colors, version=world.version, role_colors=world.role_colors)
        paused = store.paused(name)
        log = tuple(told_lines(store, row, board, most=LOG_LINES))
        bids = bids_in(store.actions(row.id)) if game.phase == AUCTION else ()
        out.append(board_view(name, game, table, quarters=quarters, game_id=row.id, actions=n,
                              ends_at=timelimit.ends_at(store, row), paused=paused, log=log, bids=bids))
    return out
