"""What the players' chat and the live page's move list tell: the auction's high bidder, and the
operator's undo, pause, resume, kick and end, decided on snapshots (`decide_support.Desk`). The auction's
line and buttons as a player reads them are the pack's (`tests/datapack/test_datapack_sandbox.py`)."""

from __future__ import annotations

from decide_support import Desk, open_auction

from monopoli_mc.datapack import calls
from monopoli_mc.view.html import section
from monopoli_mc.view.model import BoardView, board_view
from monopoli_mc.view.stored import stored_views


def test_the_auction_line_names_the_high_bidder() -> None:
    desk = Desk(["Alex", "Sam"], seed=2, auction_quiet=60.0)  # the auction stays open while the test looks
    name, other = open_auction(desk)
    assert calls.prompt_bid(other, 0) in desk.writes  # "High bid $0. [+10] [+50] [+100] [Other] [Pass]": no bid yet
    desk.trigger(other, "bid", 80)
    desk.step()
    assert calls.prompt_bid(name, 80, other) in desk.writes  # "High bid $80 by Sam. [+10] [+50] [+100] [Other] [Pass]"
    # the high bidder may raise, not pass (the rules refuse it: issue 33's buttons)
    assert calls.prompt_bid(other, 80, other, passes=False) in desk.writes
    assert calls.prompt_bid(other, 80, other) not in desk.writes


def test_undo_pause_resume_kick_and_end_show_in_the_move_list_and_an_undone_move_leaves_it() -> None:
    desk = Desk(["Alex", "Sam", "Robin"], seed=5)
    table = desk.table

    def view() -> BoardView:
        """The board as the live page draws it (`live.Watch.view`), from the controller's memory."""
        assert table.game is not None
        log = tuple(line for g, line in table.log if g == table.game_id)
        return board_view("main", table.game, table.view, quarters=table.layout.quarters, game_id=table.game_id,
                          actions=table.n_actions, ends_at=table.ends_at, paused=table.paused, log=log)

    def page() -> list[str]:
        """The move list as the live page and the PNG show it; both must agree."""
        live = list(view().log)
        stored = list(stored_views(desk.store, desk.world, ["main"])[0].log)
        assert stored == live[-len(stored):]
        return live

    def admin(kind: str, **args: object) -> None:
        assert not desk.ask(kind, "main", **args).startswith(("error", "refused")), kind

    game = desk.game
    first = game.names[game.to_act()]
    desk.trigger(first, "d6")
    desk.step()
    throw = next(line for line in page() if line.startswith(f"{first} throws"))
    admin("undo")
    assert throw not in page()
    assert page()[-1] == f"The operator undid {first}'s throw"
    admin("pause")
    assert page()[-1] == "The operator paused the game"
    admin("resume")
    assert page()[-1] == "The operator resumed the game"
    admin("kick", player="Sam")
    lines = page()
    kicked = lines.index("The operator took Sam out of the game")
    assert lines[kicked + 1] == "Sam is bankrupt; everything goes to the bank"
    admin("end")
    assert page()[-1].startswith("GAME OVER: ") and page()[-1].endswith("(the richest when the operator ended the game)")
    html = section(view(), now=0.0)
    for line in ("The operator undid", "The operator paused the game", "The operator took Sam out of the game"):
        assert line in html
    assert throw not in html
