"""Every player sees their own table (issue 27, point 2): with several boards, each seated player reads
their own cash, their table's Free Parking jar and whose turn it is on the action bar the pack refreshes
each second, wherever they stand; no sidebar shows them every table's players. Three boards played by
the controller, decided on snapshots (`decide_support.Desk`: what each player's line is built from, as
written). The pack's side, sixteen boards of eight fed by the controller's calls over RCON, is
tests/datapack/test_datapack_hud.py's; the whole path over RCON, three tables with players changing tables
and restarts, is test_evening_seats.py's."""

from __future__ import annotations

import dataclasses
import re

from decide_support import Desk

from monopoli_mc.datapack.world_config import BoardPlace, load_world
from monopoli_mc.rules.game import Game

SEATS = {"Alex": "main", "Sam": "main", "Robin": "annex", "Kai": "annex", "Noor": "third", "Jules": "third"}


def _line(game: Game, seat: int) -> str:
    jar = f"   Jar ${game.jar}" if game.rules.free_parking_jar else ""
    return f"Cash ${game.cash[seat]}{jar}   {game.names[game.current]}'s turn"


def _reads(desk: Desk) -> dict[str, str]:
    """Each seated player's action bar line as the pack builds it (datapack/hud.py) from what was written
    so far: their table's number and cash (`ui/sit`, `ui/seat`, `ui/cash`), that table's jar and turn."""
    table: dict[str, int] = {}
    cash: dict[str, int] = {}
    turn: dict[str, str] = {}
    jar: dict[str, int] = {}
    for command in desk.written:
        if found := re.fullmatch(r'function monopoli:ui/(?:sit|seat) \{player:"(\w+)",table:(\d+)(?:,cash:(\d+))?\}',
                                 command):
            table[found[1]] = int(found[2])
            if found[3] is not None:
                cash[found[1]] = int(found[3])
        elif found := re.fullmatch(r'function monopoli:ui/unsit \{player:"(\w+)"\}', command):
            table.pop(found[1], None)
        elif found := re.fullmatch(r'function monopoli:ui/cash \{player:"(\w+)",cash:(\d+)\}', command):
            cash[found[1]] = int(found[2])
        elif found := re.fullmatch(r'function monopoli:ui/hud \{board:"(\w+)",player:"(\w+)"\}', command):
            turn[found[1]] = found[2]
        elif found := re.fullmatch(r'function monopoli:ui/jar \{board:"(\w+)",cash:(\d+),label:"[^"]*"\}', command):
            jar[found[1]] = int(found[2])
    boards = {t.view.number: name for name, t in desk.tables.items()}
    return {name: f"Cash ${cash[name]}   Jar ${jar[boards[n]]}   {turn[boards[n]]}'s turn" for name, n in table.items()}


def test_three_tables_each_player_reads_their_own() -> None:
    world = load_world()
    annex = BoardPlace(name="annex", origin=(100, -60, 0), facing="west", tile_size=4, height=10)
    third = BoardPlace(name="third", origin=(0, -60, 120), facing="south", tile_size=4, height=10)
    world = dataclasses.replace(world, boards=(world.boards[0], annex, third), movement="teleport")
    desk = Desk([], world=world, seed=2, start_at=2)
    for name, board in SEATS.items():  # each walks onto Go of their board and types /trigger join
        desk.stand(name, board)
        desk.trigger(name, "join")
        desk.step()
    # a throw and a buy on the annex: its buyer's cash moves, nobody else's line is written
    annex_game = desk.tables["annex"].game
    assert annex_game is not None
    thrower = annex_game.names[annex_game.current]
    before = _reads(desk)
    desk.trigger(thrower, "d6")
    desk.step()
    desk.trigger(thrower, "buy")
    desk.step()
    assert annex_game.cash[annex_game.names.index(thrower)] < 1500
    now = _reads(desk)
    assert {n for n in SEATS if now[n] != before[n]} == {thrower}
    for name, board in SEATS.items():
        game = desk.tables[board].game
        assert game is not None
        assert now[name] == _line(game, game.names.index(name)), name
    # no sidebar: several boards' pack shows none, and nothing the controller writes shows one
    assert not [c for c in desk.written if "setdisplay" in c]
    # wherever they stand: Alex walks off to the annex, and nothing of their seat is written again
    desk.standing["Alex"] = (130.5, -60.0, 30.5)
    desk.trigger(thrower, "end_turn")
    desk.step()
    assert not [c for c in desk.writes if 'player:"Alex"' in c and "/tell " not in c], desk.writes
    main = desk.tables["main"].game
    assert main is not None and _reads(desk)["Alex"] == _line(main, main.names.index("Alex"))
