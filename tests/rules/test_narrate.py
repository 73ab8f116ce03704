"""The log's words for events: names, spaces, and the jail corner told right."""

from __future__ import annotations

from monopoli_mc.controller.game.policy import forced_action, next_move
from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.bots import make_bots
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.narrate import Narrator
from monopoli_mc.rules.phases import OVER
from monopoli_mc.rules.settings import load_rules


def test_landing_on_the_jail_corner_is_just_visiting() -> None:
    tell = Narrator(load_board(board_path("standard")), ["Alex", "Sam"])
    assert tell.lines([("move", 0, 4, 10)]) == ["Alex moves to Jail (just visiting)"]
    assert tell.lines([("move", 1, 30, 10), ("jail", 1, "go_to_jail")]) == ["Sam goes to jail (Go To Jail)"]
    assert tell.lines([("move", 0, 3, 7)]) == ["Alex moves to Chance"]


def test_a_whole_game_never_says_a_jailed_player_is_visiting() -> None:
    rules = load_rules("classic")
    board = load_board(board_path(rules.board))
    names = ["Alex", "Sam", "Robin"]
    game = Game.new(rules, board, names, 11)
    events = list(game.setup_events)
    players = make_bots(3)
    while game.phase != OVER:
        events += game.apply(forced_action(game) or next_move(game, players) or ("close_auction", -1, None))
    lines = Narrator(board, names).lines(events)
    jailed = [i for i, line in enumerate(lines) if "goes to jail" in line]
    assert jailed and all("just visiting" not in lines[i - 1] for i in jailed)
    assert any("just visiting" in line for line in lines)



def test_anti_monopoly_has_a_treasury() -> None:
    board = load_board(board_path("anti-monopoly"))
    tell = Narrator(board, ["Alex", "Sam"], top_building="apartment")
    assert board.bank == "Treasury" and load_board(board_path("standard")).bank == "bank"
    assert tell.lines([("declined", 0, 1), ("pay", 1, -1, 200, "tax")]) == [
        "Alex does not buy Mediterranean Avenue: it stays with the Treasury",
        "Sam pays $200 to the Treasury (tax)"]


def test_every_end_of_a_game_is_in_words() -> None:
    """The game-over line says how the game was won, never the engine's name for it."""
    tell = Narrator(load_board(board_path("anti-monopoly")), ["Alex", "Kai"])
    assert tell.lines([("game_over", 1, "side_standing")]) == [
        "GAME OVER: Kai wins (the richest of the last side standing)"]
    for reason in ("last_standing", "side_standing", "round_limit", "time_limit"):
        line = tell.lines([("game_over", 0, reason)])[0]
        assert reason not in line and "_" not in line, line
