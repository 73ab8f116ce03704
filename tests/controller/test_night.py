"""A whole night on the sandbox over real RCON (issue 34, "Done when"): three tables, three games each, players
swapping tables, one game ended by a bankruptcy, one by the time limit, one by `admin end` (the others too),
an undo that reopens an ended game, the controller restarted mid-night, a final table and the crowning.

The players make no moves of their own (the boards are skipped by the rig's bots): the operator sets each
game's net worths with `admin pay` before its end, so the standings are a table computed by hand below. Every
player joins by walking onto a board and typing /trigger join, reads their book (/trigger standings) and their
action bar, and is told every table's result. The rig (evening_support.py) checks after every step that each
player's action bar is their table's line with their night rank.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from evening_support import Evening, evening

from monopoli_mc.cli import cli
from monopoli_mc.controller.db.night import Night
from monopoli_mc.controller.decide.settings import Settings
from monopoli_mc.datapack.layout import Layout
from monopoli_mc.datapack.nightfns import FIREWORK_COLORS
from monopoli_mc.rules.phases import OVER

SETTINGS = Settings(rules="prom", seed=5, start_at=None, auction_quiet=2.0, auction_first=3.0, walk_wait=0.0)
ALL = ("main", "annex", "third")  # the rig's bots act at no board: the test and the operator do
# The standings computed by hand from the games below (points: one for each player finished ahead of;
# ties broken by wins, then by the net worth at the ends added up):
#   game 1 main  (time limit)  Sam 1800, Lee 1600, Alex 1500       Sam 2, Lee 1, Alex 0
#   game 2 annex (bankruptcy)  Robin 1500, Kai out                 Robin 1, Kai 0
#   game 3 third (admin end, undone, ended again) Jules 2000, Noor 1550    Jules 1, Noor 0
#   game 4 main                Robin 1700, Noor 1500               Robin 1, Noor 0
#   game 5 annex               Alex 1900, Kai 1600, Jules 1500     Alex 2, Kai 1, Jules 0
#   game 6 third (bankruptcy)  Lee 1500, Sam out                   Lee 1, Sam 0
#   game 7 main  (a tie)       Kai 1800 = Noor 1800, Lee 1500      Kai 1, Noor 1, Lee 0
#   game 8 annex               Jules 1600, Sam 1500                Jules 1, Sam 0
#   game 9 third               Alex 1600, Robin 1500               Alex 1, Robin 0
HAND = [  # rank, name, points, wins, net worth, games
    (1, "Alex", 3, 2, 5000, 3),
    (2, "Jules", 2, 2, 5100, 3),
    (3, "Robin", 2, 2, 4700, 3),
    (4, "Lee", 2, 1, 4600, 3),
    (5, "Sam", 2, 1, 3300, 3),
    (6, "Kai", 2, 0, 3400, 3),
    (7, "Noor", 1, 0, 4850, 3),
]


def _seat(ev: Evening, board: str, names: list[str]) -> int:
    """The players walk onto the board and type /trigger join; the operator starts the game; its number."""
    for name in names:
        if name not in ev.bots or not ev.online(name):
            ev.connect(name)
        ev.walk_onto(name, board)
        ev.press(name, "/trigger join")
        ev.step(skip=ALL)
    answer = ev.request("start", board, skip=ALL)
    assert answer == f"game started on board {board!r} with {len(names)} players", answer
    return ev.table(board).game_id


def _pay(ev: Evening, board: str, **amounts: int) -> None:
    for name, amount in amounts.items():
        assert ev.request("pay", board, skip=ALL, player=name, amount=amount) == f"pay {name}: done"


def _bankrupt(ev: Evening, board: str, name: str) -> None:
    """A fine no one can pay: the player has nothing to sell, so the engine makes them bankrupt."""
    ev.request("fine", board, skip=ALL, player=name, amount=20000)
    game = ev.game(board)
    assert game is not None and game.phase == OVER and game.end_reason == "last_standing", game and game.phase


def _end(ev: Evening, board: str) -> str:
    answer = ev.request("end", board, skip=ALL)
    assert answer.startswith(f"game {ev.table(board).game_id} on board {board!r} ended: "), answer
    return answer


def _standings(ev: Evening) -> list[tuple[int, str, int, int, int, int]]:
    night = Night.read(ev.store, ev.world.night)
    return [(s.rank, s.name, s.points, s.wins, s.worth, s.games) for s in night.standings]


def _heard_elsewhere(ev: Evening, board: str, game: int) -> None:
    """The game's result reached a player seated at another table, in one line naming the board."""
    line = f"Board {board}, game {game}: "
    table = ev.table(board)
    assert table.game is not None
    others = [n for n in ev.bots if ev.online(n) and n not in table.game.names]
    heard = [n for n in others if any(said.startswith(line) for said in ev.said[n])]
    assert heard, (line, {n: ev.said[n][-3:] for n in others})


@pytest.mark.long(seconds=10)
def test_a_whole_night(tmp_path: Path) -> None:
    with evening(tmp_path, SETTINGS) as ev:
        ev.start()
        runner = CliRunner()

        def cli_out(*args: str) -> str:
            result = runner.invoke(cli, [*args, "--db", str(ev.db), "--world", ev.world.source])
            assert result.exit_code == 0, result.output
            return result.output

        # Round 1: three tables.
        g1 = _seat(ev, "main", ["Alex", "Sam", "Lee"])
        g2 = _seat(ev, "annex", ["Robin", "Kai"])
        g3 = _seat(ev, "third", ["Noor", "Jules"])
        assert (g1, g2, g3) == (1, 2, 3)
        _bankrupt(ev, "annex", "Kai")
        _heard_elsewhere(ev, "annex", g2)
        _pay(ev, "third", Noor=50)
        _end(ev, "third")
        _heard_elsewhere(ev, "third", g3)
        assert [row[1] for row in _standings(ev)] == ["Noor", "Robin", "Jules", "Kai"]
        # The standings book, asked by a player at a table still playing
        ev.press("Alex", "/trigger standings")
        ev.step(skip=ALL)
        book = next(b for b in ev.bots["Alex"].books() if b.title == "The night's standings")
        assert book.pages[0].startswith("THE NIGHT\nYou, Alex: no game of yours has ended yet\n\nTop ten\n#1 Noor  1 pt")

        # An undo reopens game 3: its result leaves the standings, and Noor's rank leaves her action bar.
        answer = ev.request("undo", "third", skip=ALL)
        assert answer.startswith("undid "), answer
        assert ev.game("third") is not None and ev.game("third").phase != OVER  # type: ignore[union-attr]
        assert [row[1] for row in _standings(ev)] == ["Robin", "Kai"]
        ev.step(skip=ALL)
        assert ev.bots["Noor"].action_bar() == ev.expected_line("Noor") and "Night" not in ev.expected_line("Noor")  # type: ignore[operator]
        _pay(ev, "third", Jules=500)
        _end(ev, "third")

        # The controller stops mid-night; main's game has run 20 minutes; a restart with a 9-minute limit ends it.
        _pay(ev, "main", Sam=300, Lee=100)
        ev.stop()
        with ev.store.transaction():
            ev.store.db.execute("UPDATE games SET started=started-1200 WHERE id=?", (g1,))
        ev.start(time_limit=540.0)
        ev.step(skip=ALL)
        ev.step(skip=ALL)
        main = ev.game("main")
        assert main is not None and main.phase == OVER and main.end_reason == "time_limit"
        _heard_elsewhere(ev, "main", g1)

        # Round 2: everyone changes tables.
        g4 = _seat(ev, "main", ["Robin", "Noor"])
        g5 = _seat(ev, "annex", ["Alex", "Jules", "Kai"])
        g6 = _seat(ev, "third", ["Sam", "Lee"])
        _pay(ev, "main", Robin=200)
        _end(ev, "main")
        _pay(ev, "annex", Alex=400, Kai=100)
        _end(ev, "annex")
        _bankrupt(ev, "third", "Sam")
        for board, game in (("main", g4), ("annex", g5), ("third", g6)):
            _heard_elsewhere(ev, board, game)

        # Round 3; third's game still runs when the operator asks for the final and the crown.
        g7 = _seat(ev, "main", ["Kai", "Lee", "Noor"])
        g8 = _seat(ev, "annex", ["Sam", "Jules"])
        g9 = _seat(ev, "third", ["Alex", "Robin"])
        _pay(ev, "main", Noor=300, Kai=300)
        assert "a tie" in _end(ev, "main")
        _pay(ev, "annex", Jules=100)
        _end(ev, "annex")
        assert ev.request("crown", skip=ALL) == ("refused: games still running: game 9 at board third; end them "
                                                 "(`monopoli admin end --board NAME`) or crown now with --now "
                                                 "(they are left out)")
        refused = ev.request("final", "main", skip=ALL, players=3)
        assert refused == ("refused: a finalist is in a running game: Robin plays game 9 at board third; wait for "
                           "it to end, or end it with `monopoli admin end --board third`"), refused
        _pay(ev, "third", Alex=100)
        _end(ev, "third")
        assert (g7, g8, g9) == (7, 8, 9)
        for board, game in (("main", g7), ("annex", g8), ("third", g9)):
            _heard_elsewhere(ev, board, game)

        # The standings against the table computed by hand, and as the operator reads them.
        assert _standings(ev) == HAND
        text = cli_out("standings")
        assert "  rank  player  points  wins  net worth  games\n     1  Alex         3     2     $5,000      3\n" in text
        assert f"  game {g2} at annex, " in text and ": bankruptcy; winner Robin; Robin $1,500, Kai $0 (bankrupt)" in text
        assert ": the time limit; winner Sam; Sam $1,800, Lee $1,600, Alex $1,500" in text
        assert ": admin end; a tie, no winner; Kai $1,800, Noor $1,800, Lee $1,500" in text
        data = json.loads(cli_out("standings", "--json"))
        assert [(r["rank"], r["name"], r["points"]) for r in data["standings"]] == [h[:3] for h in HAND]
        assert [g["how"] for g in data["games"]] == ["the time limit", "bankruptcy", "admin end", "admin end",
                                                     "admin end", "bankruptcy", "admin end", "admin end", "admin end"]
        csv = cli_out("standings", "--csv").splitlines()
        assert csv[0] == "rank,name,player,points,wins,net_worth,games" and csv[1].startswith("1,Alex,")

        # What each player reads: their book, their rank on the action bar
        ev.press("Lee", "/trigger standings")
        ev.step(skip=ALL)
        lee = next(b for b in ev.bots["Lee"].books() if b.title == "The night's standings")
        assert lee.pages[0] == ("THE NIGHT\nYou, Lee: #4 of 7\n2 points, 1 win, 3 games\n\nTop ten\n"
                                "#1 Alex  3 pt\n#2 Jules  2 pt\n#3 Robin  2 pt\n#4 Lee  2 pt\n#5 Sam  2 pt\n#6 Kai  2 pt")
        assert lee.pages[1] == "Top ten, on\n#7 Noor  1 pt"
        assert [b.title for b in ev.bots["Lee"].books()].count("The night's standings") == 1  # the old one went
        assert ev.bots["Lee"].action_bar() == "Cash $1500   Jar $0   Game over   Night #4"

        # The final: the top three at main, Robin wins it.
        answer = ev.request("final", "main", skip=ALL, players=3)
        assert answer == ("the final at board 'main': Alex, Jules, Robin; game started on board 'main' with 3 "
                          "players"), answer
        assert "The final starts at board main: Alex, Jules, Robin. Its winner is the champion!" in ev.said["Sam"]
        _pay(ev, "main", Robin=500, Jules=100)
        _end(ev, "main")
        assert _standings(ev) == HAND  # the final is not a game of the standings: it decides the crown

        # The crowning
        before = len(ev.box.world.bursts)
        answer = ev.request("crown", skip=ALL)
        assert answer == "crowned: Robin, champion of the night (the final); podium 1. Robin, 2. Jules, 3. Alex", answer
        for name in ev.bots:
            assert ("title", "Robin") in ev.bots[name].titles() and ("subtitle", "champion of the night") in \
                ev.bots[name].titles(), name
            assert ev.said[name][-4:] == ["The night is over! Champion: Robin.", "1. Robin (2 points)",
                                          "2. Jules (2 points)", "3. Alex (3 points)"], ev.said[name][-4:]
        ev.box.world.tick(30)
        bursts = ev.box.world.bursts[before:]
        assert len(bursts) == 9  # three rockets over each board's middle
        lime = FIREWORK_COLORS["lime"]  # Robin's seat in the final: the third colour
        assert {b.explosions for b in bursts} == {(("large_ball", (lime,), (FIREWORK_COLORS["white"],)),)}
        for place in ev.world.boards:
            layout = Layout(place)
            cx, cz = layout.middle()
            x, y, z = layout.world((cx, place.height + 2, cz))
            assert any(abs(b.pos[0] - x) < 1 and abs(b.pos[2] - z) < 1 and b.pos[1] > y + 5 for b in bursts), place.name

        # The keepsake, from `monopoli admin crown` (the controller answers it while the CLI waits)
        # -- crowning twice does no harm, and says nothing changed
        result = _crown_cli(ev, runner)
        assert result.exit_code == 0, result.output
        lines = result.output.splitlines()
        assert lines[0].startswith("crowned: Robin, champion of the night (the final); podium 1. Robin, 2. Jules, "
                                   "3. Alex; crowned again: nothing changed since "), lines
        folder = tmp_path / "night-keepsake"
        assert lines[1] == f"keepsake written to {folder}"
        assert (folder / "standings.csv").read_text().splitlines()[1].startswith("1,Alex,")
        assert json.loads((folder / "standings.json").read_text())["champion"] == "Robin"
        pictures = sorted(p.name for p in (folder / "games").iterdir())
        assert pictures == sorted([f"game-{g}-{b}.{e}" for g, b in zip(range(1, 11), ["main", "annex", "third"] * 3
                                                                        + ["main"]) for e in ("json", "png")])
        assert (folder / "night.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

        # An undo of a game's end after the crowning makes it stale, and the next crown says so.
        assert ev.request("undo", "annex", skip=ALL).startswith("undid ")
        status = ev.request("status", skip=ALL)
        assert "; STALE: game 8 at board annex was reopened since (an undo); `monopoli admin crown` crowns again" \
            in status, status
        assert "STALE: game 8 at board annex was reopened since" in cli_out("standings")
        answer = ev.request("crown", skip=ALL, now=True)  # with game 8 reopened: it is left out
        assert answer.startswith("crowned: Robin, champion of the night (the final); podium 1. Robin, 2. Jules, "
                                 "3. Alex; the crowning of "), answer
        assert answer.endswith(" (Robin) was stale: game 8 at board annex was reopened since (an undo)"), answer
        _end(ev, "annex")
        assert "STALE: game 8 at board annex ended after the crowning" in cli_out("standings")


def _crown_cli(ev: Evening, runner: CliRunner) -> Result:
    """`monopoli admin crown` from the CLI while the controller polls beside it."""
    import threading

    done = threading.Event()
    out: list[Result] = []

    def ask() -> None:
        out.append(runner.invoke(cli, ["admin", "crown", "--db", str(ev.db), "--world", ev.world.source,
                                       "--wait", "20"]))
        done.set()

    thread = threading.Thread(target=ask)
    thread.start()
    while not done.wait(0.05):
        ev.step(skip=ALL)
    thread.join()
    return out[0]
