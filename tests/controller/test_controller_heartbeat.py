"""Nobody is left unanswered (issue 27, point 5): the controller writes a heartbeat into the world, and
the pack itself tells a player or an operator whose input finds it more than a few seconds old that the
game is not answering; once the controller is back, the input kept counts and nobody is told so."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from controller_support import Rig, make_rig
from decide_support import Desk

from monopoli_mc.datapack import calls
from monopoli_mc.datapack.channel import DEAF_AFTER
from monopoli_mc.datapack.layout import Layout

DEAF = "The game is not answering right now"
BEAT = calls.beat()


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[Rig]:
    yield from make_rig(tmp_path, ["Alex", "Sam"])


def _game_time(rig: Rig) -> int:
    return int(rig.rcon.command("time query gametime").rpartition(" ")[2])


def _beat(rig: Rig) -> int:
    return int(rig.rcon.command("scoreboard players get $beat monopoli.seq").split(" has ")[1].split(" ")[0])


def test_each_poll_sets_the_heartbeat_to_the_game_time() -> None:
    """The heartbeat (`bridge/beat`: `$beat` set to the game time) rides on every batch, and goes alone on an
    idle poll once a second has passed since the last; an idle poll within the second writes nothing.
    Decided on a snapshot (`heartbeat.beat_due`); what the beat sets in the world is checked when a
    stopped controller comes back, below."""
    desk = Desk(["Alex", "Sam"])
    desk.tick(1.5)  # a second and more since the start, as on an idle night
    desk.poll()
    assert desk.writes == [BEAT]  # alone: no request of its own but this
    desk.tick(0.25)
    desk.poll()  # within the second and idle: nothing at all
    assert desk.writes == []
    name = desk.game.names[desk.game.to_act()]
    desk.trigger(name, "d6")
    desk.poll()  # a write goes out anyway: the heartbeat rides on it, last
    assert desk.writes[-1] == BEAT and len(desk.writes) > 1
    desk.tick(0.5)
    desk.poll()
    assert desk.writes == []
    desk.tick(0.5)
    desk.poll()  # a second after the one that rode on the throw's writes
    assert desk.writes == [BEAT]
    assert desk.beats == [1001.5, 1001.75, 1002.75]


def test_a_stopped_controller_is_said_to_the_player_and_the_input_counts_later(rig: Rig) -> None:
    game = rig.game
    name = game.names[game.to_act()]
    rig.bots[name].trigger("jar")  # a fresh heartbeat: the controller answers, the pack says nothing
    rig.step()
    assert not any(DEAF in line for line in rig.said_to(name))
    rig.box.world.tick(DEAF_AFTER + 20)  # the controller stops polling
    rig.bots[name].trigger("d6")
    rig.box.world.tick()
    said = rig.said_to(name)
    assert [line for line in said if DEAF in line] == [
        "The game is not answering right now. Your input is kept and counts when it is back; "
        "please tell the organiser."]
    game_id = rig.ctl.tables["main"].game_id
    thrown = [a for a in rig.store.actions(game_id) if a[0] == "roll"]
    rig.ctl.poll()  # back: the kept throw is applied, and the heartbeat written with it sets `$beat` to now
    assert _beat(rig) == _game_time(rig)  # (the read's own stamp, `bridge/heard`, waits for the next tick)
    assert [a for a in rig.store.actions(game_id) if a[0] == "roll"] == thrown + [("roll", game.names.index(name), None)]
    rig.box.world.tick()
    other = next(n for n in game.names if n != name)
    rig.bots[other].trigger("jar")
    rig.step()
    assert not any(DEAF in line for line in rig.said_to(other))


def test_an_operator_request_is_told_the_controller_does_not_answer(rig: Rig) -> None:
    op = rig.bots["Alex"]
    assert "Made Alex a server operator" in rig.rcon.command("op Alex")
    rig.said_to("Alex")
    op.command("function monopoli:admin/status")
    rig.box.world.tick()
    assert [line for line in rig.said_to("Alex") if line.startswith("monopoli: queued")] == [
        "monopoli: queued admin status; the controller answers here"]
    rig.ctl.poll()
    rig.box.world.tick(DEAF_AFTER + 1)
    op.command("function monopoli:admin/status")
    said = [line for line in rig.said_to("Alex") if line.startswith("monopoli: queued")]
    assert said == ["monopoli: queued admin status, but the controller is not answering right now: unless it "
                    "answers within seconds the request is withdrawn unapplied; tell the organiser"]


def test_a_click_the_moment_the_controller_stops_is_told_within_a_second(rig: Rig) -> None:
    """Issue 35: the pack answered only inputs given more than 5 s after the last heartbeat, so for 5 s a
    click got no answer. The controller is heard at each read now; a click given just after its last read
    is told the moment it has been silent DEAF_AFTER ticks (`bridge/watch`), once, and no one else is."""
    name = rig.game.names[rig.game.to_act()]
    rig.step()  # a read: heard at the next tick
    rig.box.world.tick()
    rig.said_to(name)
    rig.bots[name].trigger("jar")  # then the controller stops reading
    rig.box.world.tick(DEAF_AFTER - 2)
    assert not any(DEAF in line for line in rig.said_to(name))  # it may still answer
    rig.box.world.tick(3)
    assert [line for line in rig.said_to(name) if DEAF in line] != []  # within a second of the click
    rig.box.world.tick(40)
    assert not any(DEAF in line for line in rig.said_to(name))  # told once
    assert all(not any(DEAF in line for line in rig.said_to(other)) for other in rig.game.names if other != name)
    rig.step()
    assert "The Free Parking jar holds" in " ".join(rig.said_to(name))  # the input counted when it came back


def test_a_building_button_pressed_while_nobody_answers_is_told_it_was_kept(rig: Rig) -> None:
    """A press of a building's button is answered as a /trigger is: it got no line at all before."""
    name = rig.game.names[rig.game.to_act()]
    layout = Layout(rig.world.board("main"))
    spot = layout.world(layout.press_spot("jar"))
    rig.bots[name].walk_to((spot[0] + 0.5, float(spot[1]), spot[2] + 0.5))
    rig.box.world.tick(DEAF_AFTER + 5)  # the controller reads no more
    rig.said_to(name)
    rig.bots[name].press_button(layout.world(layout.buttons()["jar"]))
    rig.box.world.tick()
    assert [line for line in rig.said_to(name) if DEAF in line] != []


def test_a_clean_stop_is_told_at_the_next_click(rig: Rig) -> None:
    name = rig.game.names[rig.game.to_act()]
    rig.step()
    rig.ctl.release()  # `monopoli run` stopped (Ctrl-C): the world's mark cleared, the pack told
    rig.said_to(name)
    rig.bots[name].trigger("jar")
    rig.box.world.tick()
    assert [line for line in rig.said_to(name) if DEAF in line] != []
