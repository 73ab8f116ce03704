"""Several boards in one world: one game each, run by one controller; players join where they stand."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from controller_support import PASSWORD

from monopoli_mc.controller.loop import Controller, Settings
from monopoli_mc.controller.store import Store
from monopoli_mc.datapack.layout import Layout
from monopoli_mc.datapack.world_config import BoardPlace, load_world
from monopoli_mc.demo.run import build_boards, install
from monopoli_mc.rcon.client import RconClient
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.runner import Sandbox


def test_two_boards_two_games(tmp_path: Path) -> None:
    world = load_world()
    second = BoardPlace(name="annex", origin=(100, -60, 0), facing="west", tile_size=4, height=10)
    world = dataclasses.replace(world, boards=(world.boards[0], second), movement="teleport")
    pack = install(world, "prom", tmp_path)
    with Sandbox(password=PASSWORD, strict=True, datapack=pack, ticking=False) as box, \
            RconClient(*box.address, PASSWORD) as rcon:
        box.world.tick()
        build_boards(rcon, world)
        store = Store(tmp_path / "night.db")
        ctl = Controller(rcon, world, store, Settings(seed=2, start_at=2))
        ctl.start()
        seats = {"Alex": "main", "Sam": "main", "Robin": "annex", "Kai": "annex"}
        for name, board in seats.items():
            bot = Bot.join(box.world, name)
            box.world.tick()
            layout = Layout(world.board(board))
            x, y, z = layout.world(layout.stand(0))
            bot.walk_to((x + 0.5, float(y), z + 0.5))
            bot.trigger("join")
            box.world.tick()
            ctl.poll()
        main, annex = ctl.tables["main"].game, ctl.tables["annex"].game
        assert main is not None and annex is not None
        assert sorted(main.names) == ["Alex", "Sam"] and sorted(annex.names) == ["Kai", "Robin"]
        first = annex.names[annex.to_act()]
        Bot(box.world, first).trigger("d6")  # the annex's first player rolls; the main game waits
        box.world.tick()
        ctl.poll()
        assert annex.last_dice != (0, 0)
        assert main.phase == "roll" and main.last_dice == (0, 0)
        cash = box.world.scoreboard.objectives["monopoli.cash"].scores
        jars = {h: (s.value, str(s.display)) for h, s in cash.items() if h.startswith("$jar")}
        assert set(jars) == {"$jar.main", "$jar.annex"}  # each board's jar its own line, named
        assert "Free Parking jar (annex)" in jars["$jar.annex"][1]
        store.close()
        assert box.world.strict_failures == []
