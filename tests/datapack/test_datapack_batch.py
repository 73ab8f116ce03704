"""Write batches: many pack calls in one request, run in order by the pack, the inbox acknowledged with them."""

from __future__ import annotations

import functools
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from monopoli_mc.bridge import batch
from monopoli_mc.datapack import calls
from monopoli_mc.datapack.versions import get_version
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.world import World

PACK = Path(__file__).resolve().parents[2] / "datapacks" / "monopoli"
V = get_version("1.21.11")
NAMES = ("Alex", "Sam")


@functools.cache
def _world() -> World:
    """One strict world with the pack and two players, shared by the examples (each compares deltas)."""
    w = World(version="1.21.11", strict=True)
    w.load_datapack(PACK)
    for name in NAMES:
        Bot.join(w, name)
    w.tick()
    return w


def _seen(w: World) -> tuple[list[list[object]], list[tuple[str, int]]]:
    """What the players see: each one's chat and titles, and the sidebar."""
    return [list(Bot(w, n).chat_text()) + list(Bot(w, n).titles()) for n in NAMES], w.sidebar()


def test_a_batch_runs_its_calls_in_order_then_acknowledges() -> None:
    w = World(version="1.21.11", strict=True)
    w.load_datapack(PACK)
    alex = Bot.join(w, "Alex")
    w.tick()
    alex.trigger("d6")
    w.tick()
    assert "kind: \"d6\"" in "".join(w.execute("data get storage monopoli:bridge inbox"))
    commands = [calls.cash("Alex", 1500), calls.message("tell", "Alex", 'first "one"', V),
                calls.message("tell", "Alex", "second", V), calls.cash("Alex", 1300)]
    [request] = batch.requests(commands, ack=2)
    assert request.ops == 4 and request.text.endswith(",a:2}")
    reply = "".join(w.execute(request.text))
    assert reply == "Running function monopoli:batchFunction monopoli:batch returned 4"
    assert request.ran_whole(reply)
    assert alex.chat_text()[-2:] == ['first "one"', "second"]
    assert w.execute("scoreboard players get Alex monopoli.cash") == ["Alex has 1300 [Cash]"]
    assert w.execute("data get storage monopoli:bridge inbox") == [
        "Storage monopoli:bridge has the following contents: []"]
    assert w.execute("data get storage monopoli:outbox") == [
        "Storage monopoli:outbox has the following contents: {}"]
    assert w.strict_failures == []


def test_requests_fill_the_byte_limit_and_put_the_ack_in_the_last_batch() -> None:
    commands = [calls.cash(f"P{n:02d}", 1000 + n) for n in range(100)]
    out = batch.requests(commands, ack=1234)
    assert all(len(r.text.encode()) <= calls.MAX_REQUEST for r in out)
    assert sum(r.ops or 0 for r in out) == 100 and len(out) == 3
    assert [r.text.endswith(",a:0}") for r in out] == [True, True, False] and out[-1].text.endswith(",a:1234}")
    assert [c for r in out for c in r.commands] == commands  # order kept, nothing lost
    # each batch is full: the next call would not have fitted
    first = out[0]
    assert len(first.text.encode()) + len(calls.as_op(commands[first.ops or 0]) or "") + 1 > calls.MAX_REQUEST


def test_no_writes_with_an_ack_is_the_plain_ack_and_nothing_is_no_request() -> None:
    assert [r.text for r in batch.requests([], ack=9)] == [calls.ack(9)]
    assert batch.requests([]) == []


def test_a_command_that_is_no_pack_call_or_too_long_goes_alone_in_its_place() -> None:
    # a chat line that fits a request of its own, with too few bytes to spare for a batch around it
    n = 180  # a line separator is \\u2028 once escaped twice: 7 bytes
    while len(calls.message("tell", "Alex", "\u2028" * (n + 1), V).encode()) + 7 <= calls.MAX_REQUEST:
        n += 1
    long_call = calls.message("tell", "Alex", "\u2028" * (n + 1), V)
    assert calls.MAX_REQUEST - 20 < len(long_call.encode()) <= calls.MAX_REQUEST
    commands = [calls.cash("Alex", 1), "list uuids", calls.cash("Sam", 2), long_call, calls.cash("Alex", 3)]
    out = batch.requests(commands, ack=5)
    assert [(r.ops, r.commands) for r in out] == [
        (1, (commands[0],)), (None, ("list uuids",)), (1, (commands[2],)), (None, (long_call,)), (1, (commands[4],))]
    assert out[-1].text.endswith(",a:5}") and out[0].text.endswith(",a:0}")
    w = _world()
    assert "".join(w.execute(long_call)) == "Running function monopoli:ui/tell"


def test_a_batch_cut_by_the_command_limit_is_told_apart() -> None:
    w = World(version="1.21.11", strict=True)
    w.load_datapack(PACK)
    Bot.join(w, "Alex")
    w.execute("gamerule max_command_sequence_length 40")
    [request] = batch.requests([calls.cash("Alex", n) for n in range(10)], ack=0)
    reply = "".join(w.execute(request.text))
    assert reply == "Running function monopoli:batch" and not request.ran_whole(reply)
    assert w.log[-1] == "Command execution stopped due to limit (executed 40 commands)"


texts = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=60)
writes = st.one_of(
    st.builds(calls.cash, st.sampled_from(NAMES), st.integers(-(2**31), 2**31 - 1)),
    st.builds(lambda n, t: calls.message("tell", n, t, V), st.sampled_from(NAMES + ("@a",)), texts),
    st.builds(lambda n, t: calls.message("title", n, t, V), st.sampled_from(NAMES), texts),
    st.builds(lambda n, t: calls.message("actionbar", n, t, V), st.sampled_from(NAMES), texts),
    st.builds(calls.jar, st.just("main"), st.integers(0, 10_000)),
)


@settings(max_examples=40, deadline=None)
@given(st.lists(writes, max_size=30))
def test_batched_is_the_same_as_one_by_one(commands: list[str]) -> None:
    """Whatever the text, a batch shows the players exactly what the calls one by one show."""
    w = _world()
    requests = batch.requests(commands)
    assert all(len(r.text.encode()) <= calls.MAX_REQUEST for r in requests)
    for name in NAMES:  # each example starts with empty chat and titles
        w.players[name].chat.clear()
        w.players[name].titles.clear()
    for request in requests:
        assert request.ran_whole("".join(w.execute(request.text)))
    batched, sidebar = _seen(w)
    for name in NAMES:
        w.players[name].chat.clear()
        w.players[name].titles.clear()
    for command in commands:
        w.execute(command)
    assert _seen(w) == (batched, sidebar)
    assert w.strict_failures == []
