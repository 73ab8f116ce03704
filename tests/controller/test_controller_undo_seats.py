"""An undo never seats anyone twice (issue 33, point 8): an undo that would give a board back a game one of
whose players has sat down at another board since is refused, in one line naming the player and the board,
from the terminal and from in game, and nothing changes; once the operator does what the line says, it goes.
Decided on snapshots of a world of two boards (`decide_support.Desk`), with no server."""

from __future__ import annotations

from typing import Any

from decide_support import Desk, two_boards

from monopoli_mc.rules.phases import OVER


def _join(desk: Desk, name: str, board: str) -> None:
    """The player stands on Go of a board and types /trigger join."""
    desk.stand(name, board)
    desk.trigger(name, "join")
    desk.step()


def _picture(desk: Desk) -> tuple[Any, ...]:
    """What an undo would change: each board's game, its log and its lobby."""
    return tuple((t.game_id, t.game.to_data() if t.game else None, desk.store.effective(t.game_id),
                  desk.store.lobby(name)) for name, t in desk.tables.items())


def test_an_undo_that_would_seat_a_player_twice_is_refused_and_nothing_changes() -> None:
    desk = Desk([], world=two_boards(), seed=2, start_at=2)
    for name in ("Alex", "Sam"):
        _join(desk, name, "main")
    main, annex = desk.tables["main"], desk.tables["annex"]
    assert desk.ask("end", "main").startswith("game 1 on board 'main' ended")
    assert main.game is not None and main.game.phase == OVER
    _join(desk, "Alex", "annex")  # the game is over: Alex sits down at the annex
    assert desk.store.lobby("annex") == ["Alex"]

    before = _picture(desk)
    refused = desk.ask("undo", "main")
    assert refused == (
        "refused: undoing the operator's end of the game on board 'main' would put Alex in two games: Alex is "
        "seated at board 'annex' for its next game. Nothing was changed; `monopoli admin unseat Alex` takes "
        "Alex off it, then undo again (or leave board 'main''s game over)")
    assert _picture(desk) == before

    # From in game, the same refusal in the operator's chat.
    desk.said_to("Op")  # what the room heard before
    desk.admin("undo", board="main", by="Op")  # `/function monopoli:admin/main/undo`, run by Op
    desk.step()
    assert "".join(desk.said_to("Op")) == "admin undo: " + refused  # a long line comes in two parts
    assert _picture(desk) == before

    # Kai joins the annex: its game starts with Alex. The undo names the game Alex plays in.
    _join(desk, "Kai", "annex")
    assert annex.game is not None and annex.game.phase != OVER and "Alex" in annex.game.names
    before = _picture(desk)
    assert desk.ask("undo", "main") == (
        "refused: undoing the operator's end of the game on board 'main' would put Alex in two games: Alex "
        f"plays on board 'annex' now (game {annex.game_id}). Nothing was changed; `monopoli admin end --board "
        "annex` ends that game, then undo again (or leave board 'main''s game over)")
    assert _picture(desk) == before
    status = desk.ask("status")
    assert status.startswith("main: game 1 (prom rules) ended in round 1")
    assert "annex: game 2 (prom rules) of Alex, Kai" in status  # one running game, one for Alex

    # What the line says to do, done: the undo goes, and Alex plays in one game.
    assert desk.ask("end", "annex").startswith("game 2 on board 'annex' ended")
    assert desk.ask("undo", "main").startswith("undid the operator's end of the game on board 'main'")
    assert main.game.phase != OVER and annex.game.phase == OVER
    assert desk.tables["main"] is main and main.seat_of("Alex") is not None
