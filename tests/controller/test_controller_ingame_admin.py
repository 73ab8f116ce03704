"""Two boards from in game: an operator player runs `/function monopoli:admin/...` for each board, the
right board is affected, and the answer (done, or refused with the reason) comes back in their chat."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
from controller_support import PASSWORD, seat_by_walking

from monopoli_mc.controller.ingame import IN_GAME_WAIT
from monopoli_mc.controller.loop import Controller, Settings
from monopoli_mc.controller.store import Store
from monopoli_mc.datapack.layout import BoardPlace, Layout
from monopoli_mc.datapack.world_config import WorldConfig, load_world
from monopoli_mc.demo.run import install
from monopoli_mc.rcon.client import RconClient
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.rules.phases import OVER
from monopoli_mc.sandbox.runner import Sandbox

SEATS = {"Alex": "main", "Sam": "main", "Robin": "annex", "Kai": "annex"}
OFF_BOARD = (70.5, -60.0, -50.5)  # on neither board


@dataclasses.dataclass
class Night:
    box: Sandbox
    rcon: RconClient
    ctl: Controller
    world: WorldConfig
    op: Bot
    log: list[str]

    def run(self, command: str) -> list[str]:
        """The operator types a command; the world ticks, the controller polls; what the operator was told."""
        before = len(self.op.chat_text())
        self.op.command(command)
        self.box.world.tick()
        self.ctl.poll()
        return [line for line in self.op.chat_text()[before:] if not line.startswith("monopoli: queued")]

    def stand_on(self, board: str | None) -> None:
        if board is None:
            self.op.walk_to(OFF_BOARD)
            return
        layout = Layout(self.world.board(board))
        x, y, z = layout.world(layout.stand(5))
        self.op.walk_to((x + 0.5, float(y), z + 0.5))


def _two_boards(*extra: BoardPlace) -> WorldConfig:
    world = load_world()
    annex = BoardPlace(name="annex", origin=(100, -60, 0), facing="west", tile_size=4, height=10)
    return dataclasses.replace(world, boards=(world.boards[0], annex, *extra), movement="teleport")


@pytest.fixture
def night(tmp_path: Path) -> Iterator[Night]:
    world = _two_boards()
    with Sandbox(password=PASSWORD, strict=True, datapack=install(world, "prom", tmp_path),
                 ticking=False) as box, RconClient(*box.address, PASSWORD) as rcon:
        box.world.tick()  # the boards are not built: where the players stand is all the controller reads
        store = Store(tmp_path / "night.db")
        log: list[str] = []
        ctl = Controller(rcon, world, store, Settings(seed=2, start_at=2), on_line=log.append)
        ctl.start()
        seat_by_walking(box, world, ctl, SEATS)
        op = Bot.join(box.world, "Op")
        box.world.tick()
        assert "Made Op a server operator" in rcon.command("op Op")
        ctl.poll()
        yield Night(box, rcon, ctl, world, op, log)
        store.close()
        assert box.world.strict_failures == []


def test_each_request_for_each_board_is_answered_in_the_operator_s_chat(night: Night) -> None:
    tables = night.ctl.tables
    night.stand_on(None)
    for board, other in (("main", "annex"), ("annex", "main")):
        assert night.run(f"function monopoli:admin/{board}/pause") == [f"admin pause: board '{board}' paused"]
        assert tables[board].paused and not tables[other].paused
        assert night.run(f"function monopoli:admin/{board}/resume") == [f"admin resume: board '{board}' resumed"]
        assert not tables[board].paused
        assert night.run(f"function monopoli:admin/{board}/sync") == [f"admin sync: board '{board}' synced"]
        assert night.run(f"function monopoli:admin/{board}/status")[0].startswith(f"admin status: {board}: game ")
    # A roll on the annex, undone from in game: the annex's game goes back, the main game is untouched.
    annex, main = tables["annex"].game, tables["main"].game
    assert annex is not None and main is not None
    before, main_before = annex.to_data(), main.to_data()
    Bot(night.box.world, annex.names[annex.to_act()]).trigger("d6")
    night.box.world.tick()
    night.ctl.poll()
    assert annex.to_data() != before
    said = night.run("function monopoli:admin/annex/undo")
    assert len(said) == 1 and said[0].startswith("admin undo: undid ") and "on board 'annex'" in said[0]
    assert tables["annex"].game.to_data() == before  # type: ignore[union-attr]
    assert main.to_data() == main_before
    # Money by name: the named player's board, whatever board the function is for.
    kai = tables["annex"].game.names.index("Kai")  # type: ignore[union-attr]
    cash = tables["annex"].game.cash[kai]  # type: ignore[union-attr]
    assert night.run('function monopoli:admin/pay {player:"Kai",amount:50}') == ["admin pay: pay Kai: done"]
    assert tables["annex"].game.cash[kai] == cash + 50  # type: ignore[union-attr]
    # Both boards' status from the function without a board.
    said = night.run("function monopoli:admin/status")
    assert [line.split(":")[1].strip() for line in said] == ["main", "annex"]


def test_end_from_in_game_ends_that_board_s_game(night: Night) -> None:
    night.stand_on(None)
    said = night.run("function monopoli:admin/annex/end")
    assert said == ["admin end: game 2 on board 'annex' ended: a tie: Robin and Kai; "
                    "net worth Robin $1,500, Kai $1,500"]  # nobody has moved: equal net worth
    assert night.ctl.tables["annex"].game.phase == OVER  # type: ignore[union-attr]
    assert night.ctl.tables["main"].game.phase != OVER  # type: ignore[union-attr]
    assert night.run("function monopoli:admin/annex/end") == [
        "admin end: refused: the game on board 'annex' is over already; "
        "next: seat the players (/trigger join on the board, or monopoli admin seat NAME --board annex), then "
        "monopoli admin start --board annex"]  # two boards: every hint names its board (issue 35 point 8)


def test_refusals_are_answered_with_the_reason(night: Night) -> None:
    night.stand_on(None)
    assert night.run("function monopoli:admin/main/undo") == ["admin undo: nothing to undo on board 'main'"]
    assert night.run('function monopoli:admin/annex/seat {player:"Robin"}') == [
        "admin seat: refused: Robin already plays on board 'annex'"]
    assert night.run("function monopoli:admin/main/start") == [
        "admin start: refused: board 'main' already has a game running"]
    assert night.run('function monopoli:admin/main/pay {player:"Robin",amount:10}') == [
        "admin pay: error: Robin does not play on board 'main'; players: Alex, Sam"]
    # Off the boards, a request that needs a board says how to name one.
    assert night.run("function monopoli:admin/pause") == [
        "admin pause: error: name the board: one of main, annex (/function monopoli:admin/<board>/pause)"]
    assert not any(t.paused for t in night.ctl.tables.values())


def test_a_request_older_than_the_wait_is_withdrawn_unapplied(night: Night) -> None:
    """Queued while no controller answered, it is not applied when one comes: never late, as from the CLI."""
    night.op.command("function monopoli:admin/annex/pause")
    night.box.world.tick(int(IN_GAME_WAIT * 20) + 41)  # 12 s of game time pass before the controller polls
    said = night.run("function monopoli:admin/main/pause")
    assert said == ["admin pause: not answered within 10s (queued 12s ago, while no controller was answering): "
                    "withdrawn, nothing was changed. Run it again if it is still wanted",
                    "admin pause: board 'main' paused"]
    assert not night.ctl.tables["annex"].paused and night.ctl.tables["main"].paused


def test_unseat_after_the_start_is_refused_with_what_to_do(night: Night) -> None:
    assert night.run('function monopoli:admin/unseat {player:"Robin"}') == [
        "admin unseat: refused: the game on board 'annex' has started: `monopoli admin kick Robin --board annex` "
        "takes Robin out (everything goes to the bank), `monopoli admin end --board annex` ends the game"]


def test_without_a_board_the_one_the_operator_stands_on(night: Night) -> None:
    for board, other in (("annex", "main"), ("main", "annex")):
        night.stand_on(board)
        assert night.run("function monopoli:admin/pause") == [f"admin pause: board '{board}' paused"]
        assert night.ctl.tables[board].paused and not night.ctl.tables[other].paused
        assert night.run("function monopoli:admin/resume") == [f"admin resume: board '{board}' resumed"]


def test_from_the_console_there_is_no_one_to_tell_but_it_works(night: Night) -> None:
    before = len(night.op.chat_text())
    night.rcon.command("function monopoli:admin/annex/pause")
    night.box.world.tick()
    night.ctl.poll()
    assert night.ctl.tables["annex"].paused and not night.ctl.tables["main"].paused
    assert "operator (in game) pause: board 'annex' paused" in night.log
    assert night.op.chat_text()[before:] == []


def test_seat_and_unseat_before_a_start_and_an_unknown_board(tmp_path: Path) -> None:
    """The server answers a board the pack does not have; the controller one the pack has and it does not
    (a board taken out of the world config, the pack not rebuilt)."""
    old = BoardPlace(name="old", origin=(200, -60, 0), facing="west", tile_size=4, height=10)
    with Sandbox(password=PASSWORD, strict=True, datapack=install(_two_boards(old), "prom", tmp_path),
                 ticking=False) as box, RconClient(*box.address, PASSWORD) as rcon:
        box.world.tick()
        store = Store(tmp_path / "night.db")
        ctl = Controller(rcon, _two_boards(), store, Settings(seed=2))
        ctl.start()
        op = Bot.join(box.world, "Op")
        box.world.tick()
        rcon.command("op Op")
        assert op.command("function monopoli:admin/nosuch/pause") == ["Unknown function monopoli:admin/nosuch/pause"]
        op.command("function monopoli:admin/old/pause")
        box.world.tick()
        ctl.poll()
        assert op.chat_text()[-1] == "admin pause: error: no board named 'old'; boards: main, annex"
        for command, answer in (
                ('annex/seat {player:"Op"}', "admin seat: Op seated at board 'annex' (1 seated)"),
                ('seat {player:"Op"}', "admin seat: refused: Op is already seated at board 'annex'; "  # Op stands on main
                                       "`monopoli admin unseat Op` takes them out first"),
                ('unseat {player:"Op"}', "admin unseat: Op unseated from board 'annex' (0 seated)"),
                ('seat {player:"Op"}', "admin seat: Op seated at board 'main' (1 seated)")):
            op.command(f"function monopoli:admin/{command}")
            box.world.tick()
            ctl.poll()
            assert op.chat_text()[-1] == answer
        assert store.lobby("annex") == [] and store.lobby("main") == ["Op"]
        store.close()
        assert box.world.strict_failures == []


def test_numbers_from_in_game_are_read_as_the_cli_reads_them(night: Night) -> None:
    """`amount` and `space` by the operator's one rule (issue 29): the digits 0-9 alone, in range; whatever
    else Python's int() would take (`1_000`, `+5`, ` 5`) is refused with the CLI's line, nothing paid."""
    night.stand_on(None)
    kai = night.ctl.tables["annex"].game.names.index("Kai")  # type: ignore[union-attr]
    cash = night.ctl.tables["annex"].game.cash[kai]  # type: ignore[union-attr]
    amount = "the amount is a whole number of dollars from 1 to 2147483647, in the digits 0-9 alone"
    for given, shown in (("-5", "-5"), ('"1_000"', "1_000"), ('"+5"', "+5"), ('" 5"', " 5"), ('"5.0"', "5.0"),
                         ('"1e3"', "1e3"), ('"٥"', "٥")):
        assert night.run(f'function monopoli:admin/pay {{player:"Kai",amount:{given}}}') == [
            f"admin pay: error: {amount}, not {shown!r}"], given
    assert night.run('function monopoli:admin/move {player:"Kai",space:40}') == [
        "admin move: error: the space is a whole number from 0 (GO) to 39, in the digits 0-9 alone, not '40'"]
    assert night.ctl.tables["annex"].game.cash[kai] == cash  # type: ignore[union-attr]
    assert night.run('function monopoli:admin/pay {player:"Kai",amount:"25"}') == ["admin pay: pay Kai: done"]
    assert night.ctl.tables["annex"].game.cash[kai] == cash + 25  # type: ignore[union-attr]
