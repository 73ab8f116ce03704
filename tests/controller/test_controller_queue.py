"""A queue for the next game (issue 35 point 7) and hints that can be typed as shown with several boards
(point 8): against the strict sandbox over RCON, the controller polled by the test."""

from __future__ import annotations

from pathlib import Path

from controller_support import ask, make_rig, seat_by_walking, two_boards

from monopoli_mc.controller.loop import Controller, Settings
from monopoli_mc.controller.store import Store
from monopoli_mc.datapack.layout import Layout
from monopoli_mc.rules.phases import OVER
from monopoli_mc.sandbox.bots import Bot


def test_a_join_during_a_game_queues_for_the_next_which_starts_once_the_table_is_free(tmp_path: Path) -> None:
    """Zed and Kim type /trigger join while Alex and Sam play, the operator seats Robin: each has a place in
    the queue, `admin status` lists it, a restart keeps it; when the game ends the queue is told the table
    is free, and `--start-at 2` counts them: the next game starts with them at the next poll."""
    for rig in make_rig(tmp_path, ["Alex", "Sam"], seed=2):
        lines: list[str] = []
        rig.ctl.on_line = lines.append
        for name in ("Zed", "Kim", "Robin"):
            rig.bots[name] = Bot.join(rig.box.world, name)
            rig.box.world.tick()
        for place, name in enumerate(("Zed", "Kim"), start=1):
            rig.bots[name].trigger("join")
            rig.step(2)
            assert rig.said_to(name)[-1] == (f"A game is running at board main: you have a seat at its next game, "
                                             f"place {place} in the queue. You will be told when the table is free.")
        assert ask(rig.store, rig.step, "seat", player="Robin") == (
            "Robin queued for the next game on board 'main', place 3 "
            "(queued for the next game: Zed (1), Kim (2), Robin (3))")
        assert rig.said_to("Robin")[-1].endswith("place 3 in the queue. You will be told when the table is free.")
        rig.bots["Noor"] = Bot.join(rig.box.world, "Noor")
        rig.box.world.tick()
        rig.said_to("Alex")  # "Noor joined the game", the server's
        assert ask(rig.store, rig.step, "seat", player="Noor").endswith("Robin (3), Noor (4))")
        assert ask(rig.store, rig.step, "unseat", player="Noor") == (
            "Noor taken out of the queue for the next game on board 'main' "
            "(queued for the next game: Zed (1), Kim (2), Robin (3))")
        assert rig.said_to("Noor")[-1] == "You no longer have a seat at the next game at board main."
        assert not any("Noor" in line for line in rig.said_to("Alex"))  # the table plays on unbothered
        rig.bots["Zed"].trigger("join")  # again: told their place, not seated twice
        rig.step(2)
        assert rig.said_to("Zed")[-1] == ("You are already queued for the next game at board main, place 1; "
                                          "you will be told when the table is free.")
        assert rig.game.names == ["Alex", "Sam"] or sorted(rig.game.names) == ["Alex", "Sam"]
        rig.ctl = Controller(rig.rcon, rig.world, rig.store, rig.ctl.settings, on_line=lines.append)
        rig.ctl.start()  # a restart: the queue is in the database
        status = ask(rig.store, rig.step, "status")
        assert status.startswith("main: game 1 (prom rules) of ")
        assert status.endswith("; queued for the next game: Zed (1), Kim (2), Robin (3)"), status
        assert ask(rig.store, rig.step, "end").startswith("game 1 on board 'main' ended: ")
        for place, name in enumerate(("Zed", "Kim", "Robin"), start=1):
            assert (f"The game at board main is over: the table is free. You have place {place} of 3 for its next "
                    f"game, which starts once 2 are seated.") in rig.said_to(name), name
        assert "[main] the table is free; queued for the next game: Zed, Kim, Robin" in lines
        rig.step()
        game = rig.ctl.tables["main"].game
        assert game is not None and game.phase != OVER and sorted(game.names) == ["Kim", "Robin", "Zed"]
        assert rig.ctl.tables["main"].game_id == 2
        assert any(line.endswith("(--start-at 2, counting the queue)") for line in lines), lines
        assert rig.store.lobby("main") == []


def test_with_several_boards_every_hint_names_its_board_and_start_all_starts_every_board_it_can(
        tmp_path: Path) -> None:
    with two_boards(tmp_path) as (box, rcon, world):
        store = Store(tmp_path / "night.db")
        ctl = Controller(rcon, world, store, Settings(seed=2))
        ctl.start()
        seat_by_walking(box, world, ctl, {"Alex": "main", "Sam": "main", "Robin": "annex"})
        status = ask(store, ctl.poll, "status").split("\n")
        assert status == [
            "main: 2 seated, waiting for the start: Alex, Sam; next: monopoli admin start --board main",
            "annex: no game yet; seated: Robin; next: seat 1 more player (/trigger join on the board, or "
            "monopoli admin seat NAME --board annex), then monopoli admin start --board annex"]
        assert ask(store, ctl.poll, "seat", player="Zed") == (
            "refused: no player named Zed has been on the server; check the spelling, or seat them anyway "
            "with `monopoli admin seat Zed --offline --board NAME`")
        request = store.request("seat", {"player": "Zed"}, "annex")
        ctl.poll()
        assert store.answer_of(request) == (
            "refused: no player named Zed has been on the server; check the spelling, or seat them anyway "
            "with `monopoli admin seat Zed --offline --board annex`")
        assert ask(store, ctl.poll, "start", all=True) == (
            "games started on main (2 players); not started: annex (1 seated, 2 needed)")
        assert ctl.tables["main"].game is not None and ctl.tables["annex"].game is None
        assert ask(store, ctl.poll, "start", all=True) == (
            "refused: no board started; not started: main (its game 1 is running), annex (1 seated, 2 needed)")
        kai = Bot.join(box.world, "Kai")
        box.world.tick()
        layout = Layout(world.board("annex"))
        x, y, z = layout.world(layout.stand(0))
        kai.walk_to((x + 0.5, float(y), z + 0.5))
        kai.trigger("join")
        box.world.tick()
        ctl.poll()
        assert ask(store, ctl.poll, "start", all=True) == (
            "games started on annex (2 players); not started: main (its game 1 is running)")
        store.close()
