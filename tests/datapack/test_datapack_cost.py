"""What the controller's calls cost the server, read from the pack: the same on any number of
boards, never less than the sandbox counts, and each write request within its budget."""

from __future__ import annotations

import dataclasses
import functools
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from monopoli_mc.bridge import batch
from monopoli_mc.datapack import calls
from monopoli_mc.datapack.channel import INBOX_PAGE
from monopoli_mc.datapack.cost import Costs, pack_costs
from monopoli_mc.datapack.layout import Layout
from monopoli_mc.datapack.versions import get_version
from monopoli_mc.datapack.world_config import WorldConfig, load_world
from monopoli_mc.rules.board import default_board_path, load_board
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.world import World

PACK = Path(__file__).resolve().parents[2] / "datapacks" / "monopoli"
V = get_version("1.21.11")
SEATED = ("Alex", "Sam", "Kim", "Lee", "Max", "Joy", "Ray", "Zoe")
OTHERS = ("Ann", "Bob")  # online, at another board


def _boards(n: int) -> WorldConfig:
    world = load_world()
    first = world.boards[0]
    return dataclasses.replace(world, boards=tuple(
        dataclasses.replace(first, name=f"b{k}", origin=(first.origin[0] + 100 * k, *first.origin[1:]))
        for k in range(n)))


@functools.cache
def _costs(boards: int = 0) -> Costs:
    """The default world's pack (the committed one) or one of `boards` boards side by side."""
    return pack_costs(_boards(boards) if boards else load_world(), load_board(default_board_path()))


def test_no_call_of_the_controller_costs_more_with_more_boards() -> None:
    one, many = _costs(1), _costs(16)
    called = [name for name in one.functions if name.startswith("monopoli:ui/")]
    assert len(called) > 30 and "monopoli:ui/map/show" in called
    grown = {name: (one.functions[name], many.functions[name]) for name in called
             if many.functions[name] != one.functions[name]}
    assert grown == {}, "these calls walk every player or entity of every board"
    assert (one.per_op, one.batch, one.ack) == (many.per_op, many.batch, many.ack)
    assert many.everyone == 16 * 8


def _calls() -> list[str]:
    """A call of every kind the controller makes on a board whose 8 players hold its map."""
    me, table = SEATED[0], 1
    return [calls.map_show("main"), calls.map_hold("main", me), calls.map_deed("main", 1, "red"),
            calls.cash(me, 1500), calls.banner("main", 1, "red", me), calls.unbanner("main", 3),
            calls.houses("main", 1, 5), calls.houses("main", 1, 2),
            calls.message("tell", f"@a[scores={{monopoli.table={table}}}]", "Game on!", V),
            calls.message("title", me, "Your turn", V), calls.prompt_buy(me, 1), calls.prompt(me, "roll"),
            calls.deed(me, 1), calls.take_deed(me, 1), calls.card(me, "chance", 3), calls.enable(me),
            calls.sit(me, table), calls.unsit_all(table), calls.pawn(me, "red"), calls.walk(me),
            calls.walked(me), calls.teleport(me, "main", 10), calls.jail(me, "main"), calls.jar("main", 50)]


@functools.cache
def _world() -> World:
    """The committed pack, its board's map framed, 8 seated players holding it and 2 others online."""
    w = World(version="1.21.11", strict=True)
    w.load_datapack(PACK)
    op = Bot.join(w, "Op")
    w.execute("op Op")
    x, y, z = Layout(load_world().board("main")).map_frame()
    op.player.pos = (x + 0.5, float(y), z + 0.5)
    w.execute("give Op minecraft:map")
    op.use_empty_map()
    w.execute("execute as Op at @s run function monopoli:admin/map")
    for name in SEATED + OTHERS:
        Bot.join(w, name)
    w.tick()
    for name in SEATED:
        w.execute(calls.sit(name, 1))
        w.execute(calls.map_hold("main", name))
    assert w.strict_failures == []
    return w


def test_the_estimate_is_never_below_what_the_sandbox_runs() -> None:
    w, costs = _world(), _costs()
    meter = w.measure()
    for call in _calls():
        w.execute(call)
        function = (calls.as_op(call) or "")[len('{f:"'):].split('"')[0]
        assert meter.requests[-1] <= costs.call(function), call
    assert w.strict_failures == []
    requests = batch.requests(_calls() * 3, costs=costs, ack=0)
    for request in requests:
        assert request.ran_whole("".join(w.execute(request.text)))
        assert meter.requests[-1] <= request.cost
    w.meter = None


def test_acknowledging_a_full_inbox_with_a_page_waiting_stays_within_the_estimate() -> None:
    """The inbox's loop runs once an entry, at most INBOX_PAGE of them; then the waiting page moves in."""
    w, costs = _world(), _costs()
    w.execute(f"scoreboard players set $seq monopoli.seq {2 * INBOX_PAGE}")
    w.execute(f"data modify storage monopoli:bridge inbox set value {_page(1)}")
    w.execute(f"data modify storage monopoli:backlog pages set value [{_page(INBOX_PAGE + 1)}]")
    meter = w.measure()
    w.execute(calls.ack(INBOX_PAGE))
    assert meter.requests[-1] <= costs.call("ack") + costs.ack, (meter.requests[-1], costs.ack)
    assert "".join(w.execute("data get storage monopoli:bridge inbox[0].seq")).endswith(f" {INBOX_PAGE + 1}")
    w.execute(calls.ack(2 * INBOX_PAGE))
    assert w.strict_failures == []
    w.meter = None


def _page(first: int) -> str:
    return "[" + ",".join(f'{{seq:{n},kind:"d6"}}' for n in range(first, first + INBOX_PAGE)) + "]"


def test_a_map_refresh_reaches_the_boards_holders_only() -> None:
    w = _world()
    meter = w.measure()
    w.execute(calls.map_show("main"))
    shown = meter.requests[-1]
    for name in OTHERS:
        Bot.join(w, name + "2")
    w.execute(calls.map_show("main"))
    assert meter.requests[-1] == shown, "players of other boards cost the map nothing"
    w.meter = None


writes = st.lists(st.sampled_from(_calls()), max_size=120)


@settings(max_examples=30, deadline=None)
@given(writes, st.integers(200, 3000))
def test_each_request_keeps_to_its_budget_and_to_the_byte_limit(commands: list[str], budget: int) -> None:
    costs = _costs()
    out = batch.requests(commands, costs=costs, ack=7, budget=budget)
    assert [c for r in out for c in r.commands] == commands
    for request in out:
        assert len(request.text.encode()) <= calls.MAX_REQUEST
        assert request.cost <= budget or (request.ops or 1) == 1, "only a call dearer than the budget goes over"
    assert [r.ack for r in out if r.ack is not None] == [7]


def test_a_poll_of_every_board_splits_by_its_cost_not_only_its_bytes() -> None:
    costs = _costs(16)
    shows = [calls.map_show(f"b{k}") for k in range(16)]
    out = batch.requests(shows, costs=costs, ack=3)
    assert all(r.cost <= batch.BUDGET for r in out)
    assert sum(r.cost for r in out) <= 16 * costs.op("ui/map/show") + len(out) * (costs.batch + costs.ack)


def test_the_sweep_for_triggers_locked_at_0_is_spread_over_the_second() -> None:
    """Each of its lines walks every online player: all in one tick it was a spike every second."""
    w = _world()
    w.tick(5)  # the players' first ticks (first_join) are not the sweep
    meter = w.measure()
    w.tick(40)
    players = len(w.online_players())
    # all 29 triggers in one tick would be 2 commands a player a trigger; a part has 1 or 2 triggers
    assert max(meter.ticks) < 2 * players * 29 / 4
    assert sum(meter.ticks[-20:]) >= 2 * players * 29  # yet every trigger is swept each second
    w.meter = None


def test_a_line_costs_its_stages_once_and_its_command_for_each_source() -> None:
    """Row F7, as the estimate reads a line: each `execute` stage once (words inside a selector, NBT
    or a string are arguments; `positioned as` is one stage), the command once per entity a selector
    may pick, a call one more than its function; `return <value>` nothing, `return run` its command."""
    from monopoli_mc.datapack.cost import costs
    from monopoli_mc.datapack.pack import Pack
    pack = Pack(V)
    pack.function("leaf", ["say a", "return 1"])
    pack.function("top", [
        'execute as @a[tag=t,scores={a=1..}] at @s if data storage a:b {k:"as if at"} run say hi',
        "execute positioned as @s rotated as @s run function monopoli:leaf",
        "execute as Alex if entity @s",
        "return run say done"])
    counted = costs(pack, ["main"])
    everyone = counted.everyone
    assert counted.of("leaf") == 1
    assert counted.of("top") == (3 + everyone) + (2 + 1 + 1) + (1 + 1) + 1
