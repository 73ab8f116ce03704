"""Every player is a pawn of their own colour, up to 8 at a board, with room on the sidebar; a board seats no
more players than the world has colours. Decided on snapshots (`decide_support.Desk`); what the pawn, cash
and jar calls show is run in the strict in-process world with the committed pack."""

from __future__ import annotations

import dataclasses
from controller_support import PACK
from decide_support import Desk

from monopoli_mc.datapack import calls
from monopoli_mc.datapack.world_config import PAWN_COLORS, load_world
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.world import World

EIGHT = ["Alex", "Sam", "Robin", "Kai", "Noor", "Jules", "Mika", "Tess"]


def test_eight_players_each_have_their_colour_and_a_sidebar_line() -> None:
    desk = Desk(EIGHT, seed=2)
    names = desk.game.names
    colours = dict(zip(names, desk.world.colors))
    assert len(set(colours.values())) == 8
    assert [c for c in desk.written if "/pawn " in c] == [calls.pawn(n, colours[n]) for n in names]
    assert [c for c in desk.written if "/cash " in c] == [calls.cash(n, 1500) for n in names]
    assert [c for c in desk.written if "/jar " in c] == [calls.jar("main", 0)]
    start = "Game on! Colours: " + ", ".join(f"{n} {c}" for n, c in colours.items()) + "."
    assert any(line.startswith(start) for line in desk.heard("Alex")), desk.heard("Alex")[-1:]
    # what those calls show, in the strict world with the committed pack: a team of each pawn's colour, and
    # nine sidebar lines (eight players and the jar: vanilla shows 15)
    world = World(version=desk.world.version.name, strict=True)
    world.load_datapack(PACK)
    for name in names:
        Bot.join(world, name)
    world.tick()
    for command in desk.written:
        if command.startswith(("function monopoli:ui/pawn ", "function monopoli:ui/cash ", "function monopoli:ui/jar ")):
            world.execute(command)
    teams = [world.team_of(n) for n in names]
    assert [t.color if t else None for t in teams] == [PAWN_COLORS[colours[n]] for n in names]
    sidebar = dict(world.sidebar())
    assert {n: sidebar.get(n) for n in names} == {n: 1500 for n in names}
    assert len(sidebar) == 9 <= 15 and sidebar["$jar.main"] == 0
    assert world.strict_failures == []
    # a ninth player: a full table, queued for its next game, and no colour
    desk.trigger("Zed", "join")
    desk.step()
    assert any("you have a seat at its next game, place 1 in the queue" in line for line in desk.said_to("Zed"))
    assert not [c for c in desk.written if 'player:"Zed"' in c and "/tell " not in c]


def test_a_board_seats_no_more_players_than_the_world_has_colours() -> None:
    world = dataclasses.replace(load_world(), movement="teleport", colors=("red", "blue"))
    desk = Desk([], world=world, seed=2, start_at=3)
    for name in ("Alex", "Sam", "Robin"):
        desk.trigger(name, "join")
    desk.step()
    told = desk.said_to("Robin")
    assert "Board main is full (2 seated): join another board, or the next game here." in told, told
    assert desk.store.lobby("main") == ["Alex", "Sam"] and desk.tables["main"].game is None
