"""A whole evening on the sandbox over real RCON (issue 27, "Done when"): three tables, three back-to-back
games each, the controller restarted mid-game with inputs queued and a shorter time limit, a pause during
an auction, a player who joins twice and one who joins late. Every step checks what each player reads
and was shown (evening_support.py says precisely what "reads", "answered" and "stale" mean); at the end
no player holds a book or sees a sidebar line of an earlier game, every input was answered, and no
prompt was stale.

The games are short: at most 3 rounds each (Settings.max_rounds, as `monopoli demo --max-rounds`), so
nine games fit in seconds, and every way a game ends on the night is played once besides: the round
limit (most games), the time limit (a restart's shorter --time-limit, past for one game), the operator
(`monopoli admin end`). The controller's clock is the world's game time, so auctions and pauses run as
fast as the stepped sandbox does.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from controller_support import PASSWORD
from decide_support import Desk, two_boards
from evening_support import Evening, evening

from monopoli_mc.cli import main
from monopoli_mc.controller.clocks import timelimit
from monopoli_mc.controller.db import lease
from monopoli_mc.datapack import calls
from monopoli_mc.controller.decide.settings import Settings
from monopoli_mc.datapack.channel import DEAF_AFTER
from monopoli_mc.rules.phases import AUCTION, BUY, OVER, ROLL

# poll_interval: the harness polls once a step, a second of game time (evening_support.SETTLE), and the
# pack calls a controller silent after that many ticks without a read (and half a second more)
SETTINGS = Settings(rules="prom", seed=5, start_at=2, max_rounds=3, auction_quiet=2.0, auction_first=3.0,
                    walk_wait=0.0, poll_interval=1.0)
FIRST = {"main": ["Alex", "Sam"], "annex": ["Robin", "Kai"], "third": ["Noor", "Jules"]}
# Who sits down for each table's second and third game, as soon as that table's game is over and they are free.
NEXT = {"main": [["Alex", "Lee"], ["Sam", "Noor"]], "annex": [["Robin", "Kai"], ["Kai", "Alex"]],
        "third": [["Noor", "Jules"], ["Jules", "Robin"]]}
DEAF = ("The game is not answering right now. Your input is kept and counts when it is back; "
        "please tell the organiser.")
MAX_STEPS = 400  # a guard: the evening takes far fewer


def _until(ev: Evening, done: Callable[[], bool], *, skip: tuple[str, ...] = (), what: str) -> None:
    """Steps until `done()` holds."""
    for _ in range(MAX_STEPS):
        if done():
            return
        ev.step(skip=skip)
    raise AssertionError(f"no {what} within {MAX_STEPS} steps")


def _phase(ev: Evening, board: str) -> str:
    game = ev.game(board)
    return "no game" if game is None else game.phase


def _to_act(ev: Evening, board: str) -> str:
    game = ev.game(board)
    assert game is not None
    return game.names[game.to_act()]


def _seat_next(ev: Evening, plan: dict[str, list[list[str]]], games: dict[str, list[int]]) -> None:
    """Each table whose game is over seats its next game's players, each walking onto the board and typing
    /trigger join once free (their own game over, seated nowhere else)."""
    for board, left in plan.items():
        game = ev.game(board)
        if not left or game is None or game.phase != OVER:
            continue
        for name in left[0]:
            mine = ev.seat_of(name)
            lobby = [b for b in ev.tables() if name in ev.store.lobby(b)]
            if lobby or (mine is not None and mine[0].game is not None and mine[0].game.phase != OVER):
                continue
            if not ev.online(name):
                ev.connect(name)
            ev.walk_onto(name, board)
            ev.press(name, "/trigger join")
            ev.step()
            if ev.table(board).game_id not in games[board]:  # the second one seated started it
                games[board].append(ev.table(board).game_id)
                left.pop(0)
                break


@pytest.mark.long(seconds=10)
def test_a_whole_evening(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                         capsys: pytest.CaptureFixture[str]) -> None:
    with evening(tmp_path, SETTINGS) as ev:
        ev.start()
        # Everyone arrives and walks onto their board; Alex types /trigger join twice before Sam sits down.
        for board, names in FIRST.items():
            for name in names:
                ev.connect(name)
                ev.walk_onto(name, board)
        ev.press("Alex", "/trigger join")
        ev.step()
        ev.press("Alex", "/trigger join",
                 expect="You are already seated at board main (1 seated); the game starts once 2 are seated.")
        ev.step()
        for board, names in FIRST.items():
            for name in names:
                if name != "Alex":
                    ev.press(name, "/trigger join")
                    ev.step()
        games = {board: [ev.table(board).game_id] for board in FIRST}
        assert sorted(g for ids in games.values() for g in ids) == [1, 2, 3]
        ev.step()
        ev.step()

        # Lee comes late: a game runs at main, and Lee takes a place in the queue for its next game.
        ev.connect("Lee")
        ev.walk_onto("Lee", "main")
        ev.press("Lee", "/trigger join", expect="A game is running at board main: you have a seat at its next game, "
                                                "place 1 in the queue. You will be told when the table is free.")
        ev.step()

        # A pause during an auction at the annex (the players at main and third take their time meanwhile).
        _until(ev, lambda: _phase(ev, "annex") == BUY, skip=("main", "third"), what="deed for sale at the annex")
        seller = _to_act(ev, "annex")
        bidder = next(n for n in FIRST["annex"] if n != seller)
        ev.press(seller, "/trigger auction")  # the [Auction] button
        ev.step(skip=("main", "annex", "third"))
        annex = ev.game("annex")
        assert annex is not None and annex.phase == AUCTION
        assert ev.request("pause", "annex", skip=("main", "annex", "third")) == "board 'annex' paused"
        bar = ev.bots[bidder].bossbars()
        ev.press(bidder, "/trigger bid set 20", expect="the game is paused by the operator; wait a moment")
        for _ in range(8):  # 8 s: past the first-bid window (3 s) and the quiet time (2 s)
            ev.step(skip=("main", "annex", "third"))
        assert annex.phase == AUCTION and annex.pending["high"] == 0
        assert ev.bots[bidder].bossbars() == bar  # the countdown stands still
        assert ev.request("resume", "annex", skip=("main", "annex", "third")) == "board 'annex' resumed"
        ev.press(bidder, "/trigger bid set 20")
        ev.step(skip=("main", "annex", "third"))
        assert annex.phase == AUCTION and annex.pending["high"] == 20
        _until(ev, lambda: annex.phase != AUCTION, skip=("main", "third"), what="auction closed")

        # Sam leaves the server mid-game and joins again.
        ev.bots["Sam"].leave()
        ev.step(skip=("main", "third"))
        ev.connect("Sam")
        ev.step(skip=("main", "third"))
        assert "Welcome back." in ev.said["Sam"]

        # The controller is restarted mid-game: while none runs, each table's player to act acts (the pack
        # keeps the inputs, and says the game is not answering); main's game has run 20 minutes.
        assert all(_phase(ev, board) != OVER for board in FIRST)
        ev.stop()
        ev.box.world.tick(DEAF_AFTER + 20)
        queued = len(ev.pending)
        for board in FIRST:
            ev.act(board)
        pressers = [made.name for made in ev.pending[queued:]]
        assert len(pressers) == 3, pressers
        ev.box.world.tick()
        for name in pressers:
            assert DEAF in ev.bots[name].chat_text(), name
        main_id = ev.table("main").game_id
        with ev.store.transaction():
            ev.store.db.execute("UPDATE games SET started=started-1200 WHERE id=?", (main_id,))
        # `run` with a shorter --time-limit, past for main's game: refused without a terminal in one line, nothing
        # changed (the game runs on, its limit as it was; no controller took the database)
        monkeypatch.setenv("MONOPOLI_RCON_PASSWORD", PASSWORD)
        capsys.readouterr()
        with pytest.raises(SystemExit) as refused:
            main(["run", "--world", str(ev.world.source), "--db", str(ev.db), "--time-limit", "9m"])
        assert refused.value.code == 1
        out, err = capsys.readouterr()
        assert out == ""
        assert err == (f"error: board 'main': game {main_id} has run 20 min, past the 9 min of --time-limit (its limit: "
                       "none): --time-limit 9 min would end it at once; not started, nothing changed: start again "
                       "with a longer --time-limit (or without it: each game keeps its own limit), or add "
                       "--end-overdue to end it now\n"), err
        row = ev.store.current_game("main")
        assert row is not None and row.id == main_id and not row.over and timelimit.stored(ev.store, row) is None
        holder = lease.read(ev.store)
        assert holder is not None and holder.released
        # then with --end-overdue: the queued inputs first, then main's game ends on its time
        ctl = ev.start(time_limit=540.0)
        assert ctl.tables["main"].game is not None and ctl.tables["main"].game.phase != OVER
        for board in ("annex", "third"):
            game_id = ctl.tables[board].game_id
            assert (f"board {board!r}: game {game_id}'s time limit is now 9 min (was none), as --time-limit says"
                    in ev.lines)
        ev.step(act=False)
        assert not ev.pending  # the queued inputs were applied and answered at the first poll
        ev.step(skip=("main",))  # the time is up at the next (a poll's inputs come before its clocks)
        main_game = ev.game("main")
        assert main_game is not None and main_game.phase == OVER and main_game.end_reason == "time_limit"

        # The rest of the evening: every table plays its next games back to back; the operator ends main's third.
        plan = {board: [list(names) for names in left] for board, left in NEXT.items()}
        ended = False
        for _ in range(MAX_STEPS):
            _seat_next(ev, plan, games)
            if not ended and len(games["main"]) == 3 and ev.table("main").n_actions >= 4:
                answer = ev.request("end", "main")
                assert answer.startswith(f"game {games['main'][2]} on board 'main' ended: "), answer
                ended = True
            if all(not plan[b] and _phase(ev, b) == OVER for b in FIRST):
                break
            ev.step()
        else:
            stuck = {b: (ev.table(b).game_id, _phase(ev, b), ev.said[_to_act(ev, b)][-3:]) for b in FIRST}
            raise AssertionError(f"the evening did not end within {MAX_STEPS} steps: left {plan}; {stuck}")
        ev.step()
        assert ended and all(len(ids) == 3 for ids in games.values()), games

        # After it: what the evening found on the way, and what every player holds and sees.
        watch = ev.watch
        assert watch.sidebar == [] and watch.books == [], (watch.sidebar[:5], watch.books[:5])
        assert watch.unread == [], watch.unread[:5]
        assert watch.stale == [], watch.stale[:5]
        assert watch.unanswered == [], watch.unanswered[:5]
        assert watch.answered == watch.inputs > 100 and watch.prompts > 100 and watch.checks > 50, watch
        for name, bot in ev.bots.items():
            assert ev.box.world.scoreboard.sidebar(name) == [], name
            mine = ev.seat_of(name)
            owned: list[str] = []
            if mine is not None:
                table, seat = mine
                assert table.game is not None
                owned = [table.game.board.spaces[s].name for s, owner in enumerate(table.game.owner) if owner == seat]
                owned += ["Get Out of Jail Free" for _card in table.game.jail_cards[seat]]
            # no book of an earlier game, none else: the deeds and cards their last game gives them
            assert sorted(book.title for book in bot.books()) == sorted(owned), (name, mine and mine[0].game_id)


def test_a_player_who_moves_to_a_later_board_plays_there() -> None:
    """Alex's game at main is over; Alex sits down at the annex (listed after main) with Kai, then main's next
    game starts without Alex. Before the fixes, Alex's inputs went to main's game over ('the game is over',
    the annex waiting for ever: Controller.table_of took the first board whose game seats them), and main's
    next game took back what the annex had given Alex (books, cash line, seat: outbox.take_back_last_game).
    Decided on snapshots (`decide_support.Desk`): what main's next game writes to Alex is the subject."""
    desk = Desk([], world=two_boards(), seed=SETTINGS.seed, start_at=2, max_rounds=SETTINGS.max_rounds)
    for name, board in (("Alex", "main"), ("Sam", "main"), ("Kai", "annex")):
        desk.stand(name, board)
        desk.trigger(name, "join")
        desk.step()
    assert desk.ask("end", "main").startswith("game 1 on board 'main' ended")
    desk.stand("Alex", "annex")
    desk.trigger("Alex", "join")
    desk.step()
    annex = desk.tables["annex"].game
    assert annex is not None and sorted(annex.names) == ["Alex", "Kai"] and desk.tables["annex"].game_id == 2
    alex = annex.names.index("Alex")
    assert annex.to_act() == alex and annex.phase == ROLL  # Alex starts at the annex (seed 5)
    desk.said_to("Alex")
    thrown = desk.store.actions(2).count(("roll", alex, None))
    desk.trigger("Alex", "d6")
    desk.step()
    told = desk.said_to("Alex")
    assert not [line for line in told if "the game is over" in line], told
    assert desk.store.actions(2).count(("roll", alex, None)) == thrown + 1  # Alex's throw, at the annex
    assert desk.ask("give_deed", "annex", player="Alex", space=39) == "give-deed Alex: done"
    assert calls.deed("Alex", 39, game=2) in desk.writes  # the annex gives Alex Boardwalk's book
    for name in ("Sam", "Lee"):  # main's next game, without Alex
        desk.stand(name, "main")
        desk.trigger(name, "join")
        desk.step()
    assert desk.tables["main"].game_id == 3
    started = desk.writes
    assert calls.leave("Sam") in started and calls.sit("Sam", 1) in started and calls.sit("Lee", 1) in started
    to_alex = [c for c in started if '"Alex"' in c]
    # the annex's book, cash line and seat stay: only main's map copy goes
    assert to_alex == [calls.map_drop("main", "Alex")], to_alex
    assert desk.tables["annex"].seat_of("Alex") is not None and annex.owner[39] == alex
