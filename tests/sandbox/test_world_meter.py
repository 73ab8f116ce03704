"""The sandbox counts what its main thread runs: commands a tick period and a console request."""

from __future__ import annotations

import pathlib

from test_world_datapack import make_pack

from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.world import World


def test_a_request_and_a_tick_are_counted_as_vanilla_charges_them(tmp_path: pathlib.Path) -> None:
    pack = make_pack(tmp_path)
    (pack / "data/t/function/each.mcfunction").write_text(
        "scoreboard players add @s ticks 1\nscoreboard players add #each ticks 1\n")
    w = World(strict=True)
    w.load_datapack(pack)
    for name in ("Alex", "Sam", "Kim"):
        Bot.join(w, name)
    meter = w.measure()
    before = w.commands_run
    w.execute("execute as @a run function t:each")
    # the line, then for each of 3 players the call and its 2 lines
    assert meter.requests == [1 + 3 * 3] and w.commands_run - before == 10
    w.tick()  # the period before it: that request; then the tick's own (t:tick: the call, one line)
    w.execute("scoreboard players set #x ticks 1")
    w.tick()
    assert meter.ticks == [10, 1 + 2]
    assert meter.request_seconds > 0 and meter.tick_seconds > 0


def test_without_a_meter_only_the_total_is_kept(tmp_path: pathlib.Path) -> None:
    w = World(strict=True)
    w.load_datapack(make_pack(tmp_path))
    before = w.commands_run
    w.execute("scoreboard players set #x ticks 1")
    w.tick()
    assert w.meter is None and w.commands_run - before == 1 + 2  # the tick function's call counts
