"""A player who dies mid-game (issue 33: slimes killed players 26 times in one game on a real server) is put
back on their space with every book the game gives them, whatever the keep-inventory rule; over real RCON on
the strict sandbox, on both dialects. What the controller decides for a death (a player in a game or in none,
the board's map copy) is decided on snapshots (`decide_support.Desk`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from controller_support import Rig, ask, make_rig
from decide_support import Desk

from monopoli_mc.datapack import calls


@pytest.fixture(params=["1.21.11", "1.21.4"])
def rig(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Rig]:
    """Three players at a started prom game, on each dialect."""
    yield from make_rig(tmp_path, ["Alex", "Sam", "Robin"], version=request.param)


def _deeds(rig: Rig, name: str) -> list[str]:
    return sorted(book.title for book in rig.bots[name].books() if book.author)


@pytest.mark.parametrize("keep", [False, True])
def test_a_dead_player_is_put_back_with_their_books(rig: Rig, keep: bool) -> None:
    lines: list[str] = []
    rig.ctl.on_line = lines.append
    world = rig.box.world
    rule = "keep_inventory" if world.version == "1.21.11" else "keepInventory"
    assert world.difficulty == "peaceful"  # the pack's load rules out mobs and lost books
    assert rig.rcon.command(f"gamerule {rule}") == f"Gamerule {rule} is currently set to: true"
    rig.rcon.command(f"gamerule {rule} {'true' if keep else 'false'}")  # an operator turned it off: the worst case
    ask(rig.store, rig.step, "give_deed", player="Alex", space=39)
    held = _deeds(rig, "Alex")
    assert held == ["Boardwalk"]
    seat = rig.game.names.index("Alex")
    space = rig.game.pos[seat]
    layout = rig.ctl.tables["main"].layout
    rig.said_to("Alex")

    rig.rcon.command("kill Alex")  # or a slime, a fall: the same death
    rig.step()
    dropped = world.execute("execute if entity @e[type=minecraft:item]")
    assert ("Test failed" in dropped[0]) == keep  # dropped only without keep-inventory
    assert "respawned" not in "\n".join(lines)  # on the death screen: not alive, so not queued yet

    assert rig.bots["Alex"].respawn()  # the Respawn button: at the world spawn, off the board
    assert rig.bots["Alex"].player.pos == tuple(float(c) for c in world.spawn)
    rig.step()
    rig.step()
    x, y, z = rig.bots["Alex"].player.pos
    assert layout.tile_at(x, z) == space and y == layout.place.origin[1] + 1
    assert _deeds(rig, "Alex") == held
    assert world.execute("execute if entity @e[type=minecraft:item]")[0] == "Test failed"  # none left lying
    told = rig.said_to("Alex")
    assert any("You died and came back at the world spawn: you are back on" in line for line in told), told
    said = "\n".join(lines)
    assert "Alex died and respawned at the world spawn: put back on" in said, said
    assert world.execute("scoreboard players get Alex monopoli.died")[0].startswith("Alex has 0 ")


def test_a_player_in_no_game_who_dies_is_only_noted() -> None:
    desk = Desk(["Alex", "Sam", "Robin"])
    desk.trigger("Kim", "died", 0)  # respawned: the pack queues {kind:"died"} once they are alive again
    desk.step()
    assert "Kim died and respawned at the world spawn; they play in no running game" in "\n".join(desk.lines)
    assert not [command for command in desk.writes if "Kim" in command]  # nothing given back


def test_a_dead_player_is_put_back_with_their_books_on_a_snapshot() -> None:
    """The decision the test above proves end to end: the pack's `died` entry, once the player is alive again."""
    desk = Desk(["Alex", "Sam", "Robin"])
    desk.give_deed("Alex", 39)
    space = desk.game.pos[desk.game.names.index("Alex")]
    desk.said_to("Alex")
    desk.trigger("Alex", "died", 0)
    desk.step()
    told = "You died and came back at the world spawn: you are back on GO, with your books."
    assert space == 0 and desk.writes == [
        calls.take_books("Alex"), calls.deed("Alex", 39, game=1),  # every book taken back, the game's given again
        calls.teleport("Alex", "main", space), calls.enable("Alex"), calls.map_hold("main", "Alex"),
        *calls.messages("tell", "Alex", told, desk.world.version)]
    assert desk.said_to("Alex") == [told]
    assert "[main] Alex died and respawned at the world spawn: put back on GO, their books given back" in \
        "\n".join(desk.lines)


def test_a_death_gives_the_board_map_copy_back() -> None:
    """`ui/map/hold` gives a copy to a player who holds none (test_controller_map.py's server test proves it
    in the world, a death that drops the copy among it)."""
    desk = Desk(["Alex", "Sam", "Robin"])
    desk.trigger("Sam", "died", 0)
    desk.step()
    assert calls.map_hold("main", "Sam") in desk.writes
    assert not [c for c in desk.writes if 'player:"Alex"' in c or 'player:"Robin"' in c]  # nobody else's
