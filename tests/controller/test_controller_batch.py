"""The controller's writes go out in batches: a poll with events is the inbox read and one write.

The path over RCON is proven on a sandbox: a poll and a sync, a batch the server cuts at a limit set too
low. What the wire makes of a pack too old to batch, of a cut that is not the operator's doing, and how its
budget grows back, is a function of the world's replies: tested on the sandbox's world in this process
(`controller_support.InProcess`: its pack, its command limit, its replies), without a socket.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from controller_support import Counting, InProcess, Rig

from monopoli_mc.bridge import batch
from monopoli_mc.bridge.inbox import READ_QUERY
from monopoli_mc.controller.io.wire import Wire
from monopoli_mc.datapack import calls
from monopoli_mc.datapack.cost import pack_costs
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.phases import ROLL
from monopoli_mc.rules.settings import load_rules
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.world import World


def _roll(rig: Rig) -> str:
    game = rig.game
    assert game.phase == ROLL
    name = game.names[game.to_act()]
    rig.bots[name].trigger("d6")
    return name


def test_a_poll_and_a_sync_go_out_in_batches_the_poll_s_with_the_ack(rig: Rig) -> None:
    """A poll with events is the read and one batch that acknowledges them; a whole sync is a few batches.

    Folded from two tests of one rig: test_a_poll_with_events_is_the_read_and_one_batch_with_the_ack (the
    poll) and test_sync_is_batched_too (the sync)."""
    counting = Counting(rig.rcon)
    rig.ctl.rcon = counting
    name = _roll(rig)
    assert rig.step() == 1
    sent = counting.take()
    assert len(sent) == 2, f"a poll with events is two requests, the read and one write: {sent}"
    read, write = sent
    assert read == READ_QUERY
    assert write.startswith("function monopoli:batch {o:[") and not write.endswith(",a:0}"), \
        f"the write is one batch carrying the acknowledgement: {write[-80:]}"
    assert any(line.startswith(f"{name} throws") for line in rig.said_to(name))
    assert rig.box.world.execute("data get storage monopoli:bridge inbox") == [
        "Storage monopoli:bridge has the following contents: []"], "acknowledged with the writes"
    rig.ctl.sync_all()
    sent = counting.take()
    assert sent and all(s.startswith("function monopoli:batch ") for s in sent), f"a sync is batched: {sent}"
    assert len(sent) <= 4, len(sent)  # three players' cash, pawns, 28 banners, 22 streets, books, prompts


EMPTY = ["Storage monopoli:bridge has the following contents: []"]
WRITES = [calls.cash(f"P{n}", 1000 + n) for n in range(100)]  # about 1,000 commands in three batches


def _cut(world: World, wire: Wire, lines: list[str], limit: int) -> list[str]:
    """The 100 writes and an acknowledgement sent through `wire` with the server's limit at `limit`, an inbox
    entry waiting; the warnings said."""
    world.tick()
    assert world.execute("data get storage monopoli:bridge inbox") != EMPTY
    world.execute(f"gamerule max_command_sequence_length {limit}")
    wire.send(WRITES, ack=10**6)
    for n in range(100):  # every write reached the world
        assert world.execute(f"scoreboard players get P{n} monopoli.cash") == [f"P{n} has {1000 + n} [Cash]"]
    assert world.execute("data get storage monopoli:bridge inbox") == EMPTY, "the ack was lost"
    return [line for line in lines if "stopped a write" in line]


def test_a_batch_cut_at_a_limit_set_too_low_is_finished_and_names_the_rule(rig: Rig) -> None:
    """The operator's side: the game rule below what a write may run. The rest is sent again, over RCON."""
    lines: list[str] = []
    rig.ctl.on_line = lines.append
    _roll(rig)  # an inbox entry for the acknowledgement to drop
    [warning, *_] = _cut(rig.box.world, rig.ctl.wire, lines, 200)
    assert "limit of 200 commands" in warning and "/gamerule max_command_sequence_length 65536" in warning
    assert rig.ctl.wire.budget == 100  # later writes are smaller meanwhile


@pytest.fixture
def world() -> Iterator[World]:
    """The sandbox's world in this process with the pack, Alex's throw waiting in its inbox: no server."""
    w = InProcess().world
    alex = Bot.join(w, "Alex")
    w.tick()
    alex.trigger("d6")
    yield w
    assert w.strict_failures == []


def _wire(world: World, lines: list[str]) -> tuple[Wire, list[str]]:
    """The controller's wire over the world, each request's lines joined as the sandbox's RCON server joins
    them; and the requests it sends."""
    config = load_world()
    board = load_board(board_path(load_rules("prom").board))
    sent: list[str] = []

    def command(text: str) -> str:
        sent.append(text)
        return "".join(world.execute(text))
    return Wire(command, lines.append, batches=True, costs=lambda: pack_costs(config, board),
                version=config.version), sent


def test_an_older_pack_without_batches_gets_one_command_a_request(world: World) -> None:
    """A pack without `monopoli:batch`: the first batch's reply says so; the operator is told to install this
    version's pack, and every write from then on is a request of its own, the acknowledgement last."""
    world.datapacks.functions.pop("monopoli:batch")
    world.functions.compiled.pop("monopoli:batch")
    world.tick()
    lines: list[str] = []
    wire, sent = _wire(world, lines)
    version = load_world().version
    writes = [calls.cash("Alex", 1400), calls.message("tell", "Alex", "Alex throws 3+4", version)]
    wire.send(writes, ack=10**6)
    assert any("has no monopoli:batch" in line and "/reload" in line for line in lines), lines
    assert sent[0].startswith(batch.BATCH) and sent[1:] == [*writes, calls.ack(10**6)], sent
    assert Bot(world, "Alex").chat_text()[-1] == "Alex throws 3+4"  # written one by one
    assert world.execute("scoreboard players get Alex monopoli.cash") == ["Alex has 1400 [Cash]"]
    assert world.execute("data get storage monopoli:bridge inbox") == EMPTY, "the ack was lost"
    sent.clear()
    wire.send(writes)
    assert sent == writes, "a later write was batched again"
    world.strict_failures.clear()  # the unknown function is the point here


def test_a_batch_cut_though_within_the_limit_is_our_bug_never_a_rule_to_raise(world: World) -> None:
    """Our side: the pack ran more than its estimate. The warning says so and advises no game rule."""
    lines: list[str] = []
    wire, _ = _wire(world, lines)
    wire._known = batch.UNKNOWN  # an estimate of one command a call: far too low
    warnings = _cut(world, wire, lines, 150)
    assert warnings and all("bug in Monopoli's cost estimate" in line and "gamerule" not in line
                            and "raise" not in line for line in warnings), warnings
    assert len(warnings) < wire.cut  # the 1st, 2nd, 4th... cut is said, not every one
    assert 1 < wire.budget < batch.BUDGET


def test_a_budget_halved_by_a_cut_grows_back_as_writes_run_whole(world: World) -> None:
    """One cut never leaves the night at one operation a request: once writes run whole again, the
    budget doubles back to the full one (it stayed at 1 until the controller restarted)."""
    lines: list[str] = []
    wire, sent = _wire(world, lines)
    wire._known = batch.UNKNOWN
    _cut(world, wire, lines, 150)
    low = wire.budget
    assert low < batch.BUDGET
    world.execute("gamerule max_command_sequence_length 65536")
    wire._known = None  # the pack's real costs again: nothing is cut any more
    cuts = wire.cut
    for _ in range(600):  # at most 13 doublings of 20 whole batches each
        wire.send(WRITES[:20])
        if wire.budget == batch.BUDGET:
            break
    assert wire.budget == batch.BUDGET and wire.cut == cuts, (wire.budget, wire.cut - cuts)
    sent.clear()
    wire.send(WRITES[:20])
    assert len(sent) == 1, sent  # twenty writes, one request, as before the cut
