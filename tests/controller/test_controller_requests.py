"""What a turn costs on the wire, against the sandbox over real RCON: walkers' positions ride on the
inbox read, a message for the whole table is one command for the table. What is decided of a walker's
position is decided on a snapshot (`decide_support.Desk`)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from controller_support import Counting, Rig, make_rig
from decide_support import Desk

from monopoli_mc.bridge.inbox import READ_QUERY
from monopoli_mc.datapack import calls
from monopoli_mc.datapack.layout import Layout
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.rules.phases import ROLL


def _walker(rig: Rig) -> str:
    """The player to act throws and walks (the rig's seed sends nobody to jail first); their name."""
    rig.ctl.settings.walk_wait = 600.0  # nobody is teleported unless a test says so
    game = rig.game
    assert game.phase == ROLL
    name = game.names[game.to_act()]
    rig.bots[name].trigger("d6")
    rig.step()
    assert list(rig.ctl.tables["main"].walks) == [game.names.index(name)]
    return name


def test_a_walking_turn_reads_the_walkers_position_with_the_inbox(tmp_path: Path) -> None:
    """A walker's position comes with the inbox read; an idle poll is then one request. The night's id and
    the boot last seen are kept in memory between polls: an idle poll reads no row of the meta table but
    the night's news count beside this world's mark, in one statement: another world's controller writes
    the news (controller/db/tidings.py), so only the file can say whether there is any."""
    for rig in make_rig(tmp_path, ["Alex", "Sam"], movement="walk"):
        counting = Counting(rig.rcon)
        rig.ctl.rcon = counting
        name = _walker(rig)
        sent = counting.take()
        assert sent[-2] == READ_QUERY and sent[-1].startswith("function monopoli:batch ")
        assert f'{{f:"ui/walk",player:"{name}"}}' in sent[-1]  # tagged with the move's writes
        assert not any(" Pos" in s for s in sent)
        seat = rig.game.names.index(name)
        for _ in range(3):  # waiting: one request a poll, the position came with it
            rig.step()
            assert counting.take() == [READ_QUERY]
            assert seat in rig.ctl.tables["main"].walks
        assert rig.ctl.walks.positions is not None and name in rig.ctl.walks.positions
        layout = Layout(rig.world.board("main"))
        x, y, z = layout.world(layout.stand(rig.game.pos[seat]))
        rig.bots[name].walk_to((x + 0.5, float(y), z + 0.5))
        rig.step()
        assert counting.take() == [READ_QUERY]  # arrived: seen in the read, nothing written yet
        assert seat not in rig.ctl.tables["main"].walks
        rig.box.world.tick()
        assert name in rig.ctl.walks.positions  # still tagged until the next write
        rig.ctl.tables["main"].walks.clear()
        rig.bots[name].trigger("end_turn" if rig.game.phase != "buy" else "buy")
        rig.step()
        read, write = counting.take()
        assert read == READ_QUERY and f'{{f:"ui/walked",player:"{name}"}}' in write
        rig.step()
        assert rig.ctl.walks.positions == {}  # the pack reports nobody now
        counting.take()
        statements: list[str] = []
        rig.store.db.set_trace_callback(statements.append)
        for _ in range(3):  # an idle poll, nobody walking: one request for every board
            rig.step()
            assert counting.take() == [READ_QUERY]
        rig.store.db.set_trace_callback(None)
        # and no row of the meta table but the night's news count beside this world's mark, in one statement
        news = [s for s in statements if "meta" in s and "'news'" in s and "'heard:" in s]
        assert statements and not [s for s in statements if "meta" in s and s not in news]
        assert len(news) == 3  # one a poll
        assert rig.box.world.strict_failures == []


def _end_turn(desk: Desk, name: str) -> None:
    """The player buys the deed they stand on, if any, and ends their turn."""
    for objective in ("buy", "end_turn"):
        if desk.game.names[desk.game.to_act()] == name:
            desk.trigger(name, objective)
            desk.walk_step()


def test_a_walker_not_there_in_time_is_untagged_and_teleported() -> None:
    """Decided on a snapshot: a walker standing elsewhere when the wait is over is untagged and teleported;
    one who reached their space is untagged with the next write, and never teleported."""
    desk = Desk(["Alex", "Sam"], world=dataclasses.replace(load_world(), movement="walk"), walk_wait=600.0)
    game = desk.game
    name = game.names[game.to_act()]
    desk.trigger(name, "d6")
    desk.walk_step()
    seat = game.names.index(name)
    assert calls.walk(name) in desk.writes and seat in desk.table.walks
    desk.standing[name] = (-200.5, -59.0, -200.5)  # off the board, as the pack reports it
    desk.tick(599.0)
    desk.walk_step()
    assert not [c for c in desk.writes if "monopoli:ui/tp " in c or "monopoli:ui/walked " in c]  # a reminder of the wait, alone
    desk.tick(1.0)
    desk.walk_step()
    assert desk.writes == [calls.walked(name), calls.teleport(name, "main", game.pos[seat])]
    assert desk.table.walks == {}
    _end_turn(desk, name)
    walker = game.names[game.to_act()]
    assert walker != name
    desk.trigger(walker, "d6")
    desk.walk_step()
    there = game.pos[game.names.index(walker)]
    layout = desk.table.layout
    x, y, z = layout.world(layout.stand(there))
    desk.standing[walker] = (x + 0.5, float(y), z + 0.5)  # on their space
    desk.walk_step()
    assert desk.writes == [] and desk.table.walks == {}  # arrived: seen in the read, nothing written yet
    desk.trigger(walker, "buy" if game.phase == "buy" else "end_turn")
    desk.walk_step()
    assert desk.writes[0] == calls.walked(walker)  # the untag rides on the next write
    assert calls.teleport(walker, "main", there) not in desk.written
