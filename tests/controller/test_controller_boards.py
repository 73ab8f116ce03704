"""Several boards in one world: one game each, run by one controller; players join where they stand and a
table's line is one command its players hear (decided on snapshots); the status's one list of who is
online, read before deciding, over RCON."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from controller_support import Counting, ask, seat_by_walking, two_boards
from decide_support import Desk
from decide_support import two_boards as two_board_world

from monopoli_mc.bridge.inbox import LIST_UUIDS, READ_QUERY
from monopoli_mc.controller.clocks.stall import CHECK_AT
from monopoli_mc.controller.loop import Controller, Settings
from monopoli_mc.controller.db.store import Store
from monopoli_mc.datapack import calls
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.runner import Sandbox


SEATS = {"Alex": "main", "Sam": "main", "Robin": "annex", "Kai": "annex"}


@contextmanager
def _two_boards(tmp_path: Path) -> Iterator[tuple[Sandbox, Controller, dict[str, Bot]]]:
    """A world of two boards, a game of two players started on each."""
    with two_boards(tmp_path) as (box, rcon, world):
        store = Store(tmp_path / "night.db")
        ctl = Controller(rcon, world, store, Settings(seed=2, start_at=2))
        ctl.start()
        bots = seat_by_walking(box, world, ctl, SEATS)
        yield box, ctl, bots
        store.close()


def test_two_boards_two_games() -> None:
    desk = Desk([], world=two_board_world(), seed=2, start_at=2)
    _seated(desk)
    main, annex = desk.tables["main"].game, desk.tables["annex"].game
    assert main is not None and annex is not None
    assert sorted(main.names) == ["Alex", "Sam"] and sorted(annex.names) == ["Kai", "Robin"]
    assert calls.jar("main", 0, named=True) in desk.written  # each board's jar its own line, named
    assert calls.jar("annex", 0, named=True) in desk.written
    desk.trigger("Robin!", "online", 0)  # with two boards, connecting under a name no command can carry
    first = annex.names[annex.to_act()]  # froze every board (issue 19, item 1): now it stops nobody
    desk.trigger(first, "d6")  # the annex's first player rolls; the main game waits
    desk.step()
    assert annex.last_dice != (0, 0)
    assert main.phase == "roll" and main.last_dice == (0, 0)


def _seated(desk: Desk) -> None:
    """Each player stands on Go of their board and types /trigger join; one poll each."""
    for name, board in SEATS.items():
        desk.stand(name, board)
        desk.trigger(name, "join")
        desk.step()


def test_a_line_for_a_table_is_one_command_its_players_hear() -> None:
    """One `ui/tell` to the table's selector (`table_players`), which the pack's seat score makes reach the
    table's players only (`tests/datapack/test_datapack_sandbox.py`); the batching is `test_controller_batch`'s."""
    desk = Desk([], world=two_board_world(), seed=2, start_at=2)
    _seated(desk)
    annex = desk.tables["annex"]
    assert annex.game is not None
    for name in SEATS:  # each seated at their table: their table's lines reach them
        assert calls.sit(name, desk.tables[SEATS[name]].view.number) in desk.written, name
    first = annex.game.names[annex.game.to_act()]
    desk.trigger(first, "d6")
    desk.step()
    tells = [c for c in desk.writes if c.startswith("function monopoli:ui/tell ")]
    assert len(tells) == 1 and 'player:"@a[scores={monopoli.table=2}]"' in tells[0], tells
    heard = {name: any(line.startswith(f"{first} throws") for line in desk.heard(name)) for name in SEATS}
    assert heard == {"Alex": False, "Sam": False, "Robin": True, "Kai": True}


def test_status_of_every_board_asks_once_who_is_online_before_deciding(tmp_path: Path) -> None:
    """The read phase asks the server's list once a poll, before deciding: for a status of every board, for a
    seat that names a player the controller has not seen yet (who came online since its last read), and when
    a board's wait for one player reaches a mark (that player offline: the table is told at 15 s)."""
    with _two_boards(tmp_path) as (box, ctl, bots):
        bots["Kai"].leave()
        box.world.tick()
        counting = ctl.rcon = Counting(ctl.rcon)
        lines = ask(ctl.store, ctl.poll, "status").split("\n")
        assert counting.take() == [READ_QUERY, LIST_UUIDS]  # one list for both boards, in the read phase
        assert [line.split(":")[0] for line in lines] == ["main", "annex"]
        assert "Kai (offline)" in lines[1] and "(offline)" not in lines[0]
        Bot.join(box.world, "Lee")  # no tick: the pack has not queued Lee's arrival, the controller never saw Lee
        request = ctl.store.request("seat", {"player": "Lee"}, "main")
        ctl.poll()
        sent = counting.take()  # a seat that names someone new: the list, once, before deciding
        assert sent[:2] == [READ_QUERY, LIST_UUIDS] and sent.count(LIST_UUIDS) == 1, sent
        assert ctl.store.answer_of(request) == (
            "Lee queued for the next game on board 'main', place 1 (queued for the next game: Lee (1))")
        assert "Lee" in ctl.store.players().values()  # remembered for the next controller
        annex = ctl.tables["annex"]
        assert annex.game is not None and annex.game.names[annex.game.to_act()] == "Kai"  # the annex waits for Kai
        later = max(table.since for table in ctl.tables.values()) + CHECK_AT + 1
        ctl.wall = lambda: later  # both boards' waits reach their first mark: is the player waited for online?
        ctl.poll()
        assert counting.take().count(LIST_UUIDS) == 1  # one list for both boards' waits
        since = time.strftime("%H:%M", time.localtime(annex.since))
        told = f"The table waits for Kai (roll) since {since}: Kai is offline."
        assert {name: told in bot.chat_text() for name, bot in bots.items() if name != "Kai"} == {
            "Alex": False, "Sam": False, "Robin": True}
        ctl.poll()
        assert LIST_UUIDS not in counting.take()  # asked at the mark, not at every poll
