"""A queue for the next game (issue 35 point 7) and hints that can be typed as shown with several boards
(point 8): decided on snapshots (`decide_support.Desk`), with no server."""

from __future__ import annotations

from decide_support import Desk, two_boards

from monopoli_mc.rules.phases import OVER


def test_a_join_during_a_game_queues_for_the_next_which_starts_once_the_table_is_free() -> None:
    """Zed and Kim type /trigger join while Alex and Sam play, the operator seats Robin: each has a place in
    the queue, `admin status` lists it, a restart keeps it; when the game ends the queue is told the table
    is free, and `--start-at 2` counts them: the next game starts with them at the next poll."""
    desk = Desk(["Alex", "Sam"], seed=2)
    for name in ("Zed", "Kim", "Robin"):
        desk.join(name)
    for place, name in enumerate(("Zed", "Kim"), start=1):
        desk.trigger(name, "join")
        desk.step()
        assert desk.said_to(name)[-1] == (f"A game is running at board main: you have a seat at its next game, "
                                          f"place {place} in the queue. You will be told when the table is free.")
    assert desk.ask("seat", player="Robin") == (
        "Robin queued for the next game on board 'main', place 3 "
        "(queued for the next game: Zed (1), Kim (2), Robin (3))")
    assert desk.said_to("Robin")[-1].endswith("place 3 in the queue. You will be told when the table is free.")
    desk.join("Noor")
    desk.said_to("Alex")
    assert desk.ask("seat", player="Noor").endswith("Robin (3), Noor (4))")
    assert desk.ask("unseat", player="Noor") == (
        "Noor taken out of the queue for the next game on board 'main' "
        "(queued for the next game: Zed (1), Kim (2), Robin (3))")
    assert desk.said_to("Noor")[-1] == "You no longer have a seat at the next game at board main."
    assert not any("Noor" in line for line in desk.said_to("Alex"))  # the table plays on unbothered
    desk.trigger("Zed", "join")  # again: told their place, not seated twice
    desk.step()
    assert desk.said_to("Zed")[-1] == ("You are already queued for the next game at board main, place 1; "
                                       "you will be told when the table is free.")
    assert sorted(desk.game.names) == ["Alex", "Sam"]
    desk.restart()  # the queue is in the database
    status = desk.ask("status")
    assert status.startswith("main: game 1 (prom rules) of ")
    assert status.endswith("; queued for the next game: Zed (1), Kim (2), Robin (3)"), status
    assert desk.ask("end").startswith("game 1 on board 'main' ended: ")
    for place, name in enumerate(("Zed", "Kim", "Robin"), start=1):
        assert (f"The game at board main is over: the table is free. You have place {place} of 3 for its next "
                f"game, which starts once 2 are seated.") in desk.said_to(name), name
    assert "[main] the table is free; queued for the next game: Zed, Kim, Robin" in desk.lines
    desk.step()
    game = desk.game
    assert game.phase != OVER and sorted(game.names) == ["Kim", "Robin", "Zed"]
    assert desk.tables["main"].game_id == 2
    assert any(line.endswith("(--start-at 2, counting the queue)") for line in desk.lines), desk.lines
    assert desk.store.lobby("main") == []


def test_with_several_boards_every_hint_names_its_board_and_start_all_starts_every_board_it_can() -> None:
    desk = Desk([], world=two_boards(), seed=2)
    for name, board in {"Alex": "main", "Sam": "main", "Robin": "annex"}.items():
        desk.stand(name, board)  # on Go of their board
        desk.trigger(name, "join")
        desk.step()
    assert desk.ask("status").split("\n") == [
        "main: 2 seated, waiting for the start: Alex, Sam; next: monopoli admin start --board main",
        "annex: no game yet; seated: Robin; next: seat 1 more player (/trigger join on the board, or "
        "monopoli admin seat NAME --board annex), then monopoli admin start --board annex"]
    assert desk.ask("seat", player="Zed") == (
        "refused: no player named Zed has been on the server; check the spelling, or seat them anyway "
        "with `monopoli admin seat Zed --offline --board NAME`")
    assert desk.ask("seat", "annex", player="Zed") == (
        "refused: no player named Zed has been on the server; check the spelling, or seat them anyway "
        "with `monopoli admin seat Zed --offline --board annex`")
    assert desk.ask("start", all=True) == "games started on main (2 players); not started: annex (1 seated, 2 needed)"
    assert desk.tables["main"].game is not None and desk.tables["annex"].game is None
    assert desk.ask("start", all=True) == (
        "refused: no board started; not started: main (its game 1 is running), annex (1 seated, 2 needed)")
    desk.stand("Kai", "annex")
    desk.trigger("Kai", "join")
    desk.step()
    assert desk.ask("start", all=True) == (
        "games started on annex (2 players); not started: main (its game 1 is running)")
