"""The controller's writes go out in batches: a poll with events is the inbox read and one write."""

from __future__ import annotations

from controller_support import Counting, Rig

from monopoli_mc.bridge.inbox import POLL_QUERY
from monopoli_mc.rules.phases import ROLL


def _roll(rig: Rig) -> str:
    game = rig.game
    assert game.phase == ROLL
    name = game.names[game.to_act()]
    rig.bots[name].trigger("d6")
    return name


def test_a_poll_with_events_is_the_read_and_one_batch_with_the_ack(rig: Rig) -> None:
    counting = Counting(rig.rcon)
    rig.ctl.rcon = counting
    name = _roll(rig)
    assert rig.step() == 1
    read, write = counting.sent
    assert read == POLL_QUERY
    assert write.startswith("function monopoli:batch {o:[") and not write.endswith(",a:0}")
    assert any(line.startswith(f"{name} throws") for line in rig.said_to(name))
    assert rig.box.world.execute("data get storage monopoli:bridge inbox") == [
        "Storage monopoli:bridge has the following contents: []"]  # acknowledged with the writes


def test_sync_is_batched_too(rig: Rig) -> None:
    counting = Counting(rig.rcon)
    rig.ctl.rcon = counting
    rig.ctl.sync_all()
    assert counting.sent and all(s.startswith("function monopoli:batch ") for s in counting.sent)
    assert len(counting.sent) <= 4  # three players' cash, pawns, 28 banners, 22 streets, books, prompts


def test_an_older_pack_without_batches_gets_one_command_a_request(rig: Rig) -> None:
    world = rig.box.world
    world.datapacks.functions.pop("monopoli:batch")
    world._compiled.pop("monopoli:batch")
    lines: list[str] = []
    rig.ctl.on_line = lines.append
    name = _roll(rig)
    rig.step()
    assert any("has no monopoli:batch" in line and "/reload" in line for line in lines)
    assert any(line.startswith(f"{name} throws") for line in rig.said_to(name))  # written one by one
    counting = Counting(rig.rcon)
    rig.ctl.rcon = counting
    rig.step()
    assert counting.sent == [POLL_QUERY]
    world.strict_failures.clear()  # the unknown function is the point here


def test_a_batch_cut_by_the_command_limit_is_a_warning_naming_the_rule(rig: Rig) -> None:
    rig.box.world.execute("gamerule max_command_sequence_length 20")
    lines: list[str] = []
    rig.ctl.on_line = lines.append
    _roll(rig)
    rig.step()
    assert any("stopped a write batch" in line and "max_command_sequence_length" in line
               and "monopoli admin sync" in line for line in lines)
