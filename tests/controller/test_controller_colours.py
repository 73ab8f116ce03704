"""Every player is a pawn of their own colour, up to 8 at a board, with room on the sidebar (over RCON); a
board seats no more players than the world has colours (decided on a snapshot)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from controller_support import make_rig
from decide_support import Desk

from monopoli_mc.datapack.world_config import PAWN_COLORS, load_world
from monopoli_mc.sandbox.bots import Bot

EIGHT = ["Alex", "Sam", "Robin", "Kai", "Noor", "Jules", "Mika", "Tess"]


def test_eight_players_each_have_their_colour_and_a_sidebar_line(tmp_path: Path) -> None:
    for rig in make_rig(tmp_path, EIGHT, seed=2):
        world = rig.box.world
        names = rig.game.names
        teams = [world.team_of(n) for n in names]
        assert [t.color if t else None for t in teams] == [PAWN_COLORS[c] for c in rig.world.colors]
        assert len({t.color for t in teams if t}) == 8
        sidebar = dict(world.sidebar())
        assert {n: sidebar.get(n) for n in names} == {n: 1500 for n in names}
        assert len(sidebar) == 9 <= 15  # eight players and the jar: vanilla shows 15 lines
        assert sidebar["$jar.main"] == 0
        said = " ".join(rig.bots["Alex"].chat_text())
        assert all(f"{n} {c}" in said for n, c in zip(names, rig.world.colors))  # "Game on! Colours: ..."
        late = Bot.join(world, "Zed")
        world.tick()
        late.trigger("join")
        rig.bots["Zed"] = late
        rig.step(2)
        assert any("you have a seat at its next game, place 1 in the queue" in line  # a full table: queued
                   for line in rig.said_to("Zed"))
        assert world.team_of("Zed") is None


def test_a_board_seats_no_more_players_than_the_world_has_colours() -> None:
    world = dataclasses.replace(load_world(), movement="teleport", colors=("red", "blue"))
    desk = Desk([], world=world, seed=2, start_at=3)
    for name in ("Alex", "Sam", "Robin"):
        desk.trigger(name, "join")
    desk.step()
    told = desk.said_to("Robin")
    assert "Board main is full (2 seated): join another board, or the next game here." in told, told
    assert desk.store.lobby("main") == ["Alex", "Sam"] and desk.tables["main"].game is None
