"""The table's line on the action bar (datapack/hud.py), over RCON: written when its words change and every
40 ticks besides (as often as vanilla's fade needs, ledger D2), held back while a message of the controller's is
on the action bar and back when it has had its 40 ticks, and never shown to a player seated nowhere; with
sixteen boards of eight, each player reads their own table's line and no sidebar."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest

from monopoli_mc.datapack import calls
from monopoli_mc.datapack.build import build_pack
from monopoli_mc.datapack.pack import write_pack
from monopoli_mc.datapack.versions import get_version
from monopoli_mc.datapack.world_config import BoardPlace, WorldConfig, load_world
from monopoli_mc.rcon.client import RconClient
from monopoli_mc.rules.board import default_board_path, load_board
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.runner import Sandbox

PACK = Path(__file__).resolve().parents[2] / "datapacks" / "monopoli"
PASSWORD = "hud-pw"
V = get_version("1.21.11")


@pytest.fixture()
def box() -> Iterator[tuple[Sandbox, RconClient]]:
    with Sandbox(password=PASSWORD, strict=True, datapack=PACK, ticking=False) as sandbox, \
            RconClient(*sandbox.address, PASSWORD) as rcon:
        sandbox.world.tick()
        yield sandbox, rcon
        assert sandbox.world.strict_failures == []


def _bars(bot: Bot) -> list[str]:
    return [words for kind, words in bot.titles() if kind == "actionbar"]


def test_the_line_is_refreshed_and_held_back_for_a_message(box: tuple[Sandbox, RconClient]) -> None:
    sandbox, rcon = box
    alex, kim = Bot.join(sandbox.world, "Alex"), Bot.join(sandbox.world, "Kim")
    for call in (calls.sit("Alex", 1), calls.cash("Alex", 1500), calls.cash("Kim", 900),
                 calls.jar("main", 250), calls.hud("main", "Alex")):
        rcon.command(call)
    sandbox.world.tick(40)
    assert _bars(alex) == ["Cash $1500   Jar $250   Alex's turn"]
    assert _bars(kim) == []  # a cash score, but seated at no table: nothing
    line = "Cash $1500   Jar $250   Alex's turn"
    for _ in range(160):  # refreshed every 40 ticks: on screen, at full strength, at every tick
        sandbox.world.tick()
        assert alex.action_bar() == line
    assert len(_bars(alex)) == 5
    rcon.command(calls.cash("Alex", 1400))
    rcon.command(calls.hud_me("Alex", 1))  # the controller's call when a cash changes: at once, no pass
    assert alex.action_bar() == "Cash $1400   Jar $250   Alex's turn"
    rcon.command(calls.cash("Alex", 1500))
    rcon.command(calls.hud_table(1))  # and when the table's words change
    assert alex.action_bar() == line and _bars(kim) == []
    for call in calls.messages("actionbar", "Alex", "Doubles! 4+4", V):
        rcon.command(call)
    shown = []
    for _ in range(80):
        sandbox.world.tick()
        shown.append(alex.action_bar())
    # the message its 40 ticks at full strength, then the line at once (`hud/back`), never an empty bar
    assert shown[:39] == ["Doubles! 4+4"] * 39 and shown[39:] == [line] * 41
    rcon.command(calls.jar("main", None))
    rcon.command(calls.hud("main", None))
    rcon.command(calls.hud_table(1))
    assert _bars(alex)[-1] == "Cash $1500   Game over"  # rules without a jar: no jar on the line


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
