"""Two boards from in game: an operator player runs `/function monopoli:admin/...` for each board, the
right board is affected, and the answer (done, or refused with the reason) comes back in their chat.
Decided on snapshots (`decide_support.Desk`): the pack queues each request as an inbox entry of the
operator's."""

from __future__ import annotations

import dataclasses

import pytest
from decide_support import Desk

from monopoli_mc.controller.decide.ingame import IN_GAME_WAIT
from monopoli_mc.datapack.build import build_pack
from monopoli_mc.datapack.layout import BoardPlace
from monopoli_mc.datapack.world_config import WorldConfig, load_world
from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.phases import OVER
from monopoli_mc.rules.settings import load_rules

SEATS = {"Alex": "main", "Sam": "main", "Robin": "annex", "Kai": "annex"}
OFF_BOARD = (70.5, -60.0, -50.5)  # on neither board


class Night(Desk):
    """Two boards with their games started, and an operator, Op, in game."""

    def __init__(self) -> None:
        super().__init__([], world=_two_boards(), seed=2, start_at=2)
        for name, board in SEATS.items():
            self.stand(name, board)
            self.trigger(name, "join")
            self.step()
        self.stand_on(None)

    def run(self, kind: str, board: str | None = None, *, player: str | None = None,
            value: str | None = None) -> list[str]:
        """`/function monopoli:admin/[board/]kind {player:…,amount:…}` typed by Op, and a poll: what Op was told."""
        self.said_to("Op")
        self.admin(kind, board=board, target=player, text=value, value=None if value else 0, by="Op")
        self.step()
        return self.said_to("Op")

    def stand_on(self, board: str | None) -> None:
        """Op stands on a board, or on neither."""
        if board is None:
            self.standing["Op"] = OFF_BOARD
        else:
            self.stand("Op", board)


def _two_boards(*extra: BoardPlace) -> WorldConfig:
    world = load_world()
    annex = BoardPlace(name="annex", origin=(100, -60, 0), facing="west", tile_size=4, height=10)
    return dataclasses.replace(world, boards=(world.boards[0], annex, *extra), movement="teleport")


@pytest.fixture
def night() -> Night:
    return Night()


def test_each_request_for_each_board_is_answered_in_the_operator_s_chat(night: Night) -> None:
    tables = night.tables
    for board, other in (("main", "annex"), ("annex", "main")):
        assert night.run("pause", board) == [f"admin pause: board '{board}' paused"]
        assert tables[board].paused and not tables[other].paused
        assert night.run("resume", board) == [f"admin resume: board '{board}' resumed"]
        assert not tables[board].paused
        assert night.run("sync", board) == [f"admin sync: board '{board}' synced"]
        assert night.run("status", board)[0].startswith(f"admin status: {board}: game ")
    # A roll on the annex, undone from in game: the annex's game goes back, the main game is untouched.
    annex, main = tables["annex"].game, tables["main"].game
    assert annex is not None and main is not None
    before, main_before = annex.to_data(), main.to_data()
    night.trigger(annex.names[annex.to_act()], "d6")
    night.step()
    assert annex.to_data() != before
    said = night.run("undo", "annex")
    assert len(said) == 1 and said[0].startswith("admin undo: undid ") and "on board 'annex'" in said[0]
    assert tables["annex"].game.to_data() == before  # type: ignore[union-attr]
    assert main.to_data() == main_before
    # Money by name: the named player's board, whatever board the function is for.
    kai = tables["annex"].game.names.index("Kai")  # type: ignore[union-attr]
    cash = tables["annex"].game.cash[kai]  # type: ignore[union-attr]
    assert night.run("pay", player="Kai", value="50") == ["admin pay: pay Kai: done"]
    assert tables["annex"].game.cash[kai] == cash + 50  # type: ignore[union-attr]
    # Both boards' status from the function without a board.
    said = night.run("status")
    assert [line.split(":")[1].strip() for line in said] == ["main", "annex"]


def test_end_from_in_game_ends_that_board_s_game(night: Night) -> None:
    said = night.run("end", "annex")
    assert said == ["Board annex, game 2: a tie: Robin and Kai (the richest when the operator ended the game). "
                    "Net worth: Robin $1,500, Kai $1,500.",  # the room hears every table's result (issue 34)
                    "admin end: game 2 on board 'annex' ended: a tie: Robin and Kai; "
                    "net worth Robin $1,500, Kai $1,500"]  # nobody has moved: equal net worth
    assert night.tables["annex"].game.phase == OVER  # type: ignore[union-attr]
    assert night.tables["main"].game.phase != OVER  # type: ignore[union-attr]
    assert night.run("end", "annex") == [
        "admin end: refused: the game on board 'annex' is over already; "
        "next: seat the players (/trigger join on the board, or monopoli admin seat NAME --board annex), then "
        "monopoli admin start --board annex"]  # two boards: every hint names its board (issue 35 point 8)


def test_refusals_are_answered_with_the_reason(night: Night) -> None:
    assert night.run("undo", "main") == ["admin undo: nothing to undo on board 'main'"]
    assert night.run("seat", "annex", player="Robin") == ["admin seat: refused: Robin already plays on board 'annex'"]
    assert night.run("start", "main") == ["admin start: refused: board 'main' already has a game running"]
    assert night.run("pay", "main", player="Robin", value="10") == [
        "admin pay: error: Robin does not play on board 'main'; players: Alex, Sam"]
    # Off the boards, a request that needs a board says how to name one.
    assert night.run("pause") == [
        "admin pause: error: name the board: one of main, annex (/function monopoli:admin/<board>/pause)"]
    assert not any(t.paused for t in night.tables.values())


def test_a_request_older_than_the_wait_is_withdrawn_unapplied(night: Night) -> None:
    """Queued while no controller answered, it is not applied when one comes: never late, as from the CLI."""
    night.game_time = 1000
    night.admin("pause", board="annex", value=0, by="Op")
    night.game_time += int(IN_GAME_WAIT * 20) + 41  # 12 s of game time pass before the controller polls
    said = night.run("pause", "main")
    assert said == ["admin pause: not answered within 10s (queued 12s ago, while no controller was answering): "
                    "withdrawn, nothing was changed. Run it again if it is still wanted",
                    "admin pause: board 'main' paused"]
    assert not night.tables["annex"].paused and night.tables["main"].paused


def test_unseat_after_the_start_is_refused_with_what_to_do(night: Night) -> None:
    assert night.run("unseat", player="Robin") == [
        "admin unseat: refused: the game on board 'annex' has started: `monopoli admin kick Robin --board annex` "
        "takes Robin out (everything goes to the bank), `monopoli admin end --board annex` ends the game"]


def test_without_a_board_the_one_the_operator_stands_on(night: Night) -> None:
    for board, other in (("annex", "main"), ("main", "annex")):
        night.stand_on(board)
        assert night.run("pause") == [f"admin pause: board '{board}' paused"]
        assert night.tables[board].paused and not night.tables[other].paused
        assert night.run("resume") == [f"admin resume: board '{board}' resumed"]


def test_from_the_console_there_is_no_one_to_tell_but_it_works(night: Night) -> None:
    night.said_to("Op")
    night.admin("pause", board="annex", value=0)  # `function monopoli:admin/annex/pause` over RCON: no @s
    night.step()
    assert night.tables["annex"].paused and not night.tables["main"].paused
    assert "operator (in game) pause: board 'annex' paused" in night.lines
    assert night.said_to("Op") == []


def test_seat_and_unseat_before_a_start_and_an_unknown_board() -> None:
    """The controller answers a board the pack has and it does not (a board taken out of the world config,
    the pack not rebuilt); the server answers one the pack does not have (`Unknown function`, vanilla's:
    `tests/sandbox/test_world_datapack.py`), and the pack has functions for its world's boards only."""
    old = BoardPlace(name="old", origin=(200, -60, 0), facing="west", tile_size=4, height=10)
    pack = build_pack(_two_boards(old), load_board(board_path(load_rules("prom").board)), structures=False)
    assert {"monopoli:admin/old/pause", "monopoli:admin/annex/seat", "monopoli:admin/main/pause"} <= set(pack.functions)
    assert not any(f.startswith("monopoli:admin/nosuch/") for f in pack.functions)
    desk = Desk([], world=_two_boards(), seed=2)
    desk.stand("Op", "main")
    desk.admin("pause", board="old", by="Op")  # `function monopoli:admin/old/pause`: the pack has it
    desk.step()
    assert desk.said_to("Op")[-1] == "admin pause: error: no board named 'old'; boards: main, annex"
    for board, kind, answer in (
            ("annex", "seat", "admin seat: Op seated at board 'annex' (1 seated)"),
            (None, "seat", "admin seat: refused: Op is already seated at board 'annex'; "  # Op stands on main
                           "`monopoli admin unseat Op` takes them out first"),
            (None, "unseat", "admin unseat: Op unseated from board 'annex' (0 seated)"),
            (None, "seat", "admin seat: Op seated at board 'main' (1 seated)")):
        desk.admin(kind, board=board, target="Op", by="Op")  # `function monopoli:admin/[board/]kind {player:"Op"}`
        desk.step()
        assert desk.said_to("Op")[-1] == answer
    assert desk.store.lobby("annex") == [] and desk.store.lobby("main") == ["Op"]


def test_numbers_from_in_game_are_read_as_the_cli_reads_them(night: Night) -> None:
    """`amount` and `space` by the operator's one rule (issue 29): the digits 0-9 alone, in range; whatever
    else Python's int() would take (`1_000`, `+5`, ` 5`) is refused with the CLI's line, nothing paid."""
    kai = night.tables["annex"].game.names.index("Kai")  # type: ignore[union-attr]
    cash = night.tables["annex"].game.cash[kai]  # type: ignore[union-attr]
    amount = "the amount is a whole number of dollars from 1 to 2147483647, in the digits 0-9 alone"
    for given in ("-5", "1_000", "+5", " 5", "5.0", "1e3", "٥"):  # as typed: the pack queues the text
        assert night.run("pay", player="Kai", value=given) == [f"admin pay: error: {amount}, not {given!r}"], given
    assert night.run("move", player="Kai", value="40") == [
        "admin move: error: the space is a whole number from 0 (GO) to 39, in the digits 0-9 alone, not '40'"]
    assert night.tables["annex"].game.cash[kai] == cash  # type: ignore[union-attr]
    assert night.run("pay", player="Kai", value="25") == ["admin pay: pay Kai: done"]
    assert night.tables["annex"].game.cash[kai] == cash + 25  # type: ignore[union-attr]
