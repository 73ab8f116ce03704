"""Issue 35's evening, over real RCON on the strict sandbox: three tables, players who change tables between
games, a player offline when their board's next game starts, panic clicks while the controller is down, and
two restarts (a crash, then a clean stop). After every step the watcher (evening_support.py) checks each
player's action bar line, deed books and chat buttons against their current seat: the game they play, or
nothing while they wait for another board's next game. Besides: every click made while no controller
answers is told so within a second, a blind repeat counts once, a refusal is said once per player, and a
throw of doubles followed by a Roll clicked before it was seen makes one throw."""

from __future__ import annotations

from pathlib import Path

import pytest
from evening_support import Evening, evening

from monopoli_mc.controller.decide.settings import Settings
from monopoli_mc.datapack.channel import DEAF_AFTER, KEPT
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.phases import AUCTION, BUY, OVER, ROLL

# The harness polls once a step, a second of game time (evening_support.SETTLE): as a controller polling
# every second, so the pack calls it silent after 29 ticks without a read, not 19.
SETTINGS = Settings(rules="prom", seed=11, start_at=2, max_rounds=6, auction_quiet=2.0, auction_first=3.0,
                    walk_wait=0.0, poll_interval=1.0)
FIRST = {"main": ["Alex", "Sam"], "annex": ["Robin", "Kai"], "third": ["Pat", "Jules"]}


def _sit(ev: Evening, name: str, board: str) -> None:
    if not ev.online(name):
        ev.connect(name)
    ev.walk_onto(name, board)
    ev.press(name, "/trigger join")
    ev.step(act=False)


def _deeds(ev: Evening, name: str) -> list[str]:
    return sorted(book.title for book in ev.bots[name].books())


def _kept(ev: Evening, name: str) -> int:
    return ev.bots[name].chat_text().count(KEPT)


def _doubles_then_roll(game: Game) -> bool:
    """Whether the player to act throws doubles now and may throw again at once (the engine's own dice)."""
    if game.phase != ROLL:
        return False
    seat = game.to_act()
    trial = game.copy()
    events = trial.apply(("roll", seat, None))
    return any(ev[0] == "roll" and ev[2] == ev[3] for ev in events) and trial.phase == ROLL \
        and trial.to_act() == seat


def _check(ev: Evening) -> None:
    watch = ev.watch
    assert (watch.unread, watch.books, watch.stale, watch.unanswered, watch.sidebar) == ([], [], [], [], []), watch


@pytest.mark.long(seconds=7)
def test_players_read_their_own_seat_through_table_changes_and_restarts(tmp_path: Path) -> None:
    with evening(tmp_path, SETTINGS) as ev:
        ev.start()
        for board, names in FIRST.items():
            for name in names:
                _sit(ev, name, board)
        assert all(ev.game(board) is not None for board in FIRST)

        # A throw of doubles, then a second Roll clicked before its result could be seen: one throw.
        for _ in range(200):
            found = next((b for b in FIRST if (g := ev.game(b)) is not None and _doubles_then_roll(g)), None)
            if found is not None:
                break
            ev.step()
        else:
            raise AssertionError("no throw of doubles within 200 steps")
        table = ev.table(found)
        game = table.game
        assert game is not None
        thrower = game.names[game.to_act()]
        rolls = len([a for a in ev.store.actions(table.game_id) if a[0] == "roll"])
        ev.press(thrower, "/trigger d6")
        ev.box.world.tick()  # queued (the trigger is enabled again), no poll: no write of the controller since
        ev.press(thrower, "/trigger d6")
        ev.step(act=False)
        assert len([a for a in ev.store.actions(table.game_id) if a[0] == "roll"]) == rolls + 1
        assert game.phase == ROLL and game.names[game.to_act()] == thrower  # the second throw is still theirs
        assert any("repeats the input before it with no answer between: counted once" in line for line in ev.lines)
        _check(ev)

        # Robin owns a deed at the annex and Pat at third; third's and the annex's games end.
        assert ev.request("give_deed", "annex", player="Robin", space=39) == "give-deed Robin: done"
        assert ev.request("give_deed", "third", player="Pat", space=37) == "give-deed Pat: done"
        assert ev.request("give_deed", "annex", player="Kai", space=1) == "give-deed Kai: done"
        for board in ("annex", "third"):
            assert ev.request("end", board).startswith(f"game {ev.table(board).game_id} on board '{board}' ended")
        assert "Boardwalk" in _deeds(ev, "Robin") and "Park Place" in _deeds(ev, "Pat")

        # Robin sits down at third: the annex's book, colour and line go at once, before third's game starts.
        _sit(ev, "Robin", "third")
        assert _deeds(ev, "Robin") == []
        assert ev.box.world.team_of("Robin") is None
        assert ev.bots["Robin"].action_bar() in (None, "")
        assert ev.box.world.scoreboard.get("Robin", "monopoli.table") == 3  # third's lines reach them
        _check(ev)

        # Kai waits for the annex's next game, leaves the server, and that game starts without them there.
        _sit(ev, "Kai", "annex")
        ev.bots["Kai"].leave()
        ev.step(act=False)
        _sit(ev, "Max", "annex")
        annex = ev.game("annex")
        assert annex is not None and annex.phase != OVER and "Kai" in annex.names
        ev.connect("Kai")
        ev.step(act=False)
        assert "Mediterranean Avenue" not in _deeds(ev, "Kai")  # the last game's book is gone
        assert _deeds(ev, "Kai") == sorted(annex.board.spaces[s].name for s, o in enumerate(annex.owner)
                                           if o == annex.names.index("Kai"))
        _check(ev)

        # Main's game ends; Pat (who played third, over still) sits down at main with Lee: main's game starts.
        assert ev.request("end", "main").startswith("game ")
        _sit(ev, "Pat", "main")
        assert _deeds(ev, "Pat") == []
        _sit(ev, "Lee", "main")
        for board in ("main", "annex"):
            game = ev.game(board)
            assert game is not None and game.phase != OVER, board
        third = ev.game("third")
        assert third is not None and third.phase == OVER and "Pat" in third.names  # Robin waits there
        ev.step()
        _check(ev)

        # Restart 1, a crash: panic clicks while nobody answers, each told within a second that it was kept.
        ev.crash()
        ev.settle(2)  # the first clicks come before the pack can know: it tells them when it does
        main = ev.game("main")
        assert main is not None
        main_id = ev.table("main").game_id
        pat_throws = main.phase == ROLL and main.names[main.to_act()] == "Pat"
        rolls = len([a for a in ev.store.actions(main_id) if a[0] == "roll"])
        clicks = {"Pat": ["/trigger d6"] * 4, "Robin": ["/trigger buy"] * 3,
                  "Sam": ["/trigger d6", "/trigger end_turn", "/trigger buy"]}  # Sam plays at no table
        told = {name: _kept(ev, name) for name in clicks}
        for k in range(4):  # a click each a tick (a trigger takes no second use before the tick queues the first)
            for name, commands in clicks.items():
                if k < len(commands):
                    ev.press(name, commands[k])
            ev.box.world.tick()
        ev.settle(DEAF_AFTER + 1 - 4)  # a second since the first clicks
        for name in clicks:
            assert _kept(ev, name) - told[name] >= 1, name
        ev.start()
        lines = len(ev.lines)
        ev.step(act=False)
        said = ev.lines[lines:]
        # Pat's four Rolls are one throw (or one refusal), Sam's three inputs one refusal, Robin's Buys (Robin
        # waits for third's next game) one answer.
        assert "  to Robin: You are seated at board third; its game has not started yet." in said, said
        assert len([a for a in ev.store.actions(main_id) if a[0] == "roll"]) == rolls + (1 if pat_throws else 0)
        assert len([line for line in said if line.startswith("  to Sam: ")]) == 1, said
        assert len([line for line in said if line.startswith("  not told Sam again: ")]) == 2, said
        assert len([line for line in said if "Robin's buy" in line and "counted once" in line]) == 2, said
        assert len([line for line in said if "Pat's d6" in line and "counted once" in line]) == 3, said
        _check(ev)

        # Noor sits down beside Robin: third's next game. Play on a while; then restart 2, a clean stop: a
        # click at once is told it was kept.
        _sit(ev, "Noor", "third")
        third = ev.game("third")
        assert third is not None and third.phase != OVER and sorted(third.names) == ["Noor", "Robin"]
        for _ in range(6):
            ev.step()
        _check(ev)
        ev.stop()
        before = _kept(ev, "Alex")
        ev.press("Alex", "/trigger jar")
        ev.settle(1)
        assert _kept(ev, "Alex") == before + 1  # the very next tick: a clean stop says so to the pack
        ev.start()
        for _ in range(10):
            ev.step()
        _check(ev)

        # Zed arrives late at a table whose game runs: a place in its queue, told to Zed and shown by status.
        late = next(b for b in FIRST if (g := ev.game(b)) is not None and g.phase != OVER)
        ev.connect("Zed")
        ev.walk_onto("Zed", late)
        ev.press("Zed", "/trigger join", expect=f"A game is running at board {late}: you have a seat at its next "
                                                "game, place 1 in the queue. You will be told when the table is free.")
        ev.step()
        assert "queued for the next game: Zed (1)" in ev.request("status", late)
        _check(ev)

        # An auction at a table whose game runs: paused while it is open (the countdown stands still, a bid is
        # told to wait), resumed with its first-bid window back, then a bid and a pass, said to the table.
        others = tuple(b for b in FIRST if b != late)
        board = next(b for b in others if (g := ev.game(b)) is not None and g.phase != OVER)
        skip = tuple(FIRST)
        game = ev.game(board)
        assert game is not None
        for _ in range(60):
            if game.phase == BUY:
                break
            ev.step(skip=tuple(b for b in FIRST if b != board))
        assert game.phase == BUY, f"no deed for sale at {board} within 60 steps"
        seller = game.names[game.to_act()]
        bidder = next(n for n in game.names if n != seller and not game.bankrupt[game.names.index(n)])
        ev.press(seller, "/trigger auction")
        ev.step(skip=skip)
        assert game.phase == AUCTION
        assert ev.request("pause", board, skip=skip) == f"board '{board}' paused"
        bar = ev.bots[bidder].bossbars()
        ev.press(bidder, "/trigger bid set 20", expect="the game is paused by the operator; wait a moment")
        for _ in range(5):  # past the first-bid window (3 s): the countdown stands still
            ev.step(skip=skip)
        assert game.phase == AUCTION and game.pending["high"] == 0 and ev.bots[bidder].bossbars() == bar
        assert ev.request("resume", board, skip=skip) == f"board '{board}' resumed"
        ev.press(bidder, "/trigger bid set 20")
        ev.step(skip=skip)
        assert game.phase == AUCTION and game.pending["high"] == 20
        ev.press(seller, "/trigger auction")  # [Pass]
        ev.step(skip=skip)
        assert any(f"{seller} passes" in line for line in ev.said[bidder]), ev.said[bidder][-5:]
        for _ in range(6):
            if game.phase != AUCTION:
                break
            ev.step(skip=skip)
        assert game.phase != AUCTION, "the auction did not close"
        _check(ev)
        # Everyone reads and holds their own seat's things, and nobody holds a book of an earlier game.
        for name in ev.bots:
            if not ev.online(name):
                continue
            mine = ev.seat_of(name)
            if mine is None:
                assert _deeds(ev, name) == [], name
                continue
            table, seat = mine
            assert table.game is not None
            assert ev.box.world.scoreboard.get(name, "monopoli.table") == table.view.number, name
