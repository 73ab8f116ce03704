"""The controller's writes go out in batches: a poll with events is the inbox read and one write."""

from __future__ import annotations

from controller_support import Counting, Rig

from monopoli_mc.bridge import batch
from monopoli_mc.bridge.inbox import READ_QUERY
from monopoli_mc.datapack import calls
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
    assert read == READ_QUERY
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
    world.functions.compiled.pop("monopoli:batch")
    lines: list[str] = []
    rig.ctl.on_line = lines.append
    name = _roll(rig)
    rig.step()
    assert any("has no monopoli:batch" in line and "/reload" in line for line in lines)
    assert any(line.startswith(f"{name} throws") for line in rig.said_to(name))  # written one by one
    counting = Counting(rig.rcon)
    rig.ctl.rcon = counting
    rig.step()
    assert counting.sent == [READ_QUERY]
    world.strict_failures.clear()  # the unknown function is the point here


EMPTY = ["Storage monopoli:bridge has the following contents: []"]
WRITES = [calls.cash(f"P{n}", 1000 + n) for n in range(100)]  # about 1,000 commands in three batches


def _cut(rig: Rig, limit: int) -> list[str]:
    """The 100 writes and an acknowledgement sent with the server's limit at `limit`; the warnings."""
    world = rig.box.world
    name = _roll(rig)  # an inbox entry for the acknowledgement to drop
    world.tick()
    assert world.execute("data get storage monopoli:bridge inbox") != EMPTY
    world.execute(f"gamerule max_command_sequence_length {limit}")
    lines: list[str] = []
    rig.ctl.on_line = lines.append
    rig.ctl.wire.send(WRITES, ack=10**6)
    for n in range(100):  # every write reached the world
        assert world.execute(f"scoreboard players get P{n} monopoli.cash") == [f"P{n} has {1000 + n} [Cash]"]
    assert world.execute("data get storage monopoli:bridge inbox") == EMPTY, name  # the ack was not lost
    return [line for line in lines if "stopped a write" in line]


def test_a_batch_cut_at_a_limit_set_too_low_is_finished_and_names_the_rule(rig: Rig) -> None:
    """The operator's side: the game rule below what a write may run. The rest is sent again."""
    [warning, *_] = _cut(rig, 200)
    assert "limit of 200 commands" in warning and "/gamerule max_command_sequence_length 65536" in warning
    assert rig.ctl.wire.budget == 100  # later writes are smaller meanwhile


def test_a_batch_cut_though_within_the_limit_is_our_bug_never_a_rule_to_raise(rig: Rig) -> None:
    """Our side: the pack ran more than its estimate. The warning says so and advises no game rule."""
    rig.ctl.wire._known = batch.UNKNOWN  # an estimate of one command a call: far too low
    warnings = _cut(rig, 150)
    assert warnings and all("bug in Monopoli's cost estimate" in line and "gamerule" not in line
                            and "raise" not in line for line in warnings)
    assert len(warnings) < rig.ctl.wire.cut  # the 1st, 2nd, 4th... cut is said, not every one
    assert 1 < rig.ctl.wire.budget < batch.BUDGET


def test_a_budget_halved_by_a_cut_grows_back_as_writes_run_whole(rig: Rig) -> None:
    """One cut never leaves the night at one operation a request: once writes run whole again, the
    budget doubles back to the full one (it stayed at 1 until the controller restarted)."""
    wire = rig.ctl.wire
    rig.ctl.wire._known = batch.UNKNOWN
    _cut(rig, 150)
    low = wire.budget
    assert low < batch.BUDGET
    rig.box.world.execute("gamerule max_command_sequence_length 65536")
    rig.ctl.wire._known = None  # the pack's real costs again: nothing is cut any more
    cuts = wire.cut
    for _ in range(600):  # at most 13 doublings of 20 whole batches each
        wire.send(WRITES[:20])
        if wire.budget == batch.BUDGET:
            break
    assert wire.budget == batch.BUDGET and wire.cut == cuts
    counting = Counting(rig.rcon)
    rig.ctl.rcon = counting
    wire.send(WRITES[:20])
    assert len(counting.sent) == 1  # twenty writes, one request, as before the cut
