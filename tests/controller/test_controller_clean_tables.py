"""Every player sees their own table (issue 27, point 2): with several boards, each seated player reads
their own cash, their table's Free Parking jar and whose turn it is on the action bar the pack refreshes
each second, wherever they stand; no sidebar shows them every table's players. Three boards played by
the controller, and sixteen boards of eight players fed by the controller's own calls over RCON."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from controller_support import PASSWORD, seat_by_walking

from monopoli_mc.controller.loop import Controller, Settings
from monopoli_mc.controller.db.store import Store
from monopoli_mc.datapack import calls
from monopoli_mc.datapack.build import build_pack
from monopoli_mc.datapack.pack import write_pack
from monopoli_mc.datapack.world_config import BoardPlace, WorldConfig, load_world
from monopoli_mc.rcon.client import RconClient
from monopoli_mc.rules.board import default_board_path, load_board
from monopoli_mc.rules.game import Game
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.runner import Sandbox

SEATS = {"Alex": "main", "Sam": "main", "Robin": "annex", "Kai": "annex", "Noor": "third", "Jules": "third"}


def _boards(n: int) -> WorldConfig:
    world = load_world()
    first = world.boards[0]
    places = [first] + [BoardPlace(name=f"b{k}", origin=(first.origin[0] + 100 * k, *first.origin[1:]),
                                   facing=first.facing, tile_size=first.tile_size, height=first.height)
                        for k in range(1, n)]
    return dataclasses.replace(world, boards=tuple(places), movement="teleport")


def _bar(bot: Bot) -> str:
    """The action bar on the bot's screen now."""
    shown = bot.action_bar()
    assert shown is not None, f"{bot.name} has no action bar on screen"
    return shown


def _line(game: Game, seat: int) -> str:
    jar = f"   Jar ${game.jar}" if game.rules.free_parking_jar else ""
    return f"Cash ${game.cash[seat]}{jar}   {game.names[game.current]}'s turn"


def test_three_tables_each_player_reads_their_own(tmp_path: Path) -> None:
    world = load_world()
    annex = BoardPlace(name="annex", origin=(100, -60, 0), facing="west", tile_size=4, height=10)
    third = BoardPlace(name="third", origin=(0, -60, 120), facing="south", tile_size=4, height=10)
    world = dataclasses.replace(world, boards=(world.boards[0], annex, third), movement="teleport")
    # the boards are not placed (where the players stand is all the controller reads): no structures
    pack = write_pack(build_pack(world, load_board(default_board_path()), structures=False), tmp_path)[0]
    with Sandbox(password=PASSWORD, strict=True, datapack=pack, ticking=False) as box, \
            RconClient(*box.address, PASSWORD) as rcon:
        box.world.tick()
        store = Store(tmp_path / "night.db")
        ctl = Controller(rcon, world, store, Settings(seed=2, start_at=2))
        ctl.start()
        bots = seat_by_walking(box, world, ctl, SEATS)
        # a throw on the annex: its cash and jar move, the others' do not
        annex_game = ctl.tables["annex"].game
        assert annex_game is not None
        bots[annex_game.names[annex_game.current]].trigger("d6")
        box.world.tick()
        ctl.poll()
        box.world.tick(20)  # a second: every board's line refreshed once
        for name, board in SEATS.items():
            game = ctl.tables[board].game
            assert game is not None
            assert _bar(bots[name]) == _line(game, game.names.index(name)), name
            assert box.world.scoreboard.sidebar(name) == []  # no sidebar of every table's players
        # wherever they stand: Alex walks off to the annex, still reads the main table
        bots["Alex"].walk_to((130.5, -60.0, 30.5))
        box.world.tick(20)
        main = ctl.tables["main"].game
        assert main is not None and _bar(bots["Alex"]) == _line(main, main.names.index("Alex"))
        store.close()
        assert box.world.strict_failures == []


def _pack_without_boards(world: WorldConfig, folder: Path) -> Path:
    """The pack of this world config, less the boards' own functions (placing, banners, houses,
    teleports: 5,040 functions for 16 boards, seconds to load), which play no part in what a player reads."""
    pack = build_pack(world, load_board(default_board_path()), structures=False)
    pack.functions = {fid: lines for fid, lines in pack.functions.items() if not fid.startswith("monopoli:board/")}
    return write_pack(pack, folder)[0]


def test_sixteen_tables_of_eight(tmp_path: Path) -> None:
    world = _boards(16)
    with Sandbox(password=PASSWORD, strict=True, datapack=_pack_without_boards(world, tmp_path),
                 ticking=False) as box, \
            RconClient(*box.address, PASSWORD) as rcon:
        box.world.tick()
        bots: dict[str, tuple[Bot, int, int]] = {}
        for number, place in enumerate(world.boards, start=1):
            names = [f"P{number}_{k}" for k in range(8)]
            for k, name in enumerate(names):
                bots[name] = (Bot.join(box.world, name), number, 1000 + 10 * number + k)
                for call in (calls.sit(name, number), calls.cash(name, 1000 + 10 * number + k)):
                    assert "Running function" in rcon.command(call)
            rcon.command(calls.jar(place.name, number, named=True))
            rcon.command(calls.hud(place.name, names[number % 8]))
        box.world.tick(21)
        for name, (bot, number, cash) in bots.items():
            turn = f"P{number}_{number % 8}"
            assert _bar(bot) == f"Cash ${cash}   Jar ${number}   {turn}'s turn", name
            assert box.world.scoreboard.sidebar(name) == []
        assert box.world.strict_failures == []
