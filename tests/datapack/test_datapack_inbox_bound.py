"""The inbox the controller reads stays within one page (64 entries) however much is queued; the
rest waits in `storage monopoli:backlog` and comes through in order; no loop goes deeper than a
page. In a strict sandbox of each release the pack is built for."""

from __future__ import annotations

import re
from pathlib import Path

from monopoli_mc.datapack.channel import INBOX_PAGE
from monopoli_mc.datapack.pack import Pack, write_pack
from monopoli_mc.sandbox.world import World

_SEQ = re.compile(r"seq: (\d+)")


def _world(pack: Pack, tmp_path: Path) -> World:
    folder, _ = write_pack(pack, tmp_path)
    world = World(version=pack.version.name, strict=True)
    world.load_datapack(folder)
    return world


def _queue(world: World, n: int) -> None:
    for _ in range(n):
        world.execute('data modify storage monopoli:bridge next set value {kind:"jar",value:1}')
        world.execute("function monopoli:bridge/queue")


def _inbox(world: World) -> list[int]:
    (reply,) = world.execute("data get storage monopoli:bridge inbox")
    assert "<...>" not in reply
    return [int(s) for s in _SEQ.findall(reply)]


def test_700_queued_come_through_a_page_at_a_time(pack: Pack, tmp_path: Path) -> None:
    world = _world(pack, tmp_path)
    _queue(world, 700)  # 600 made the old bridge/drop recurse past Python's limit in the sandbox
    world.execute("execute store result score $pages monopoli.seq run data get storage monopoli:backlog pages")
    pages = -(-(700 - INBOX_PAGE) // INBOX_PAGE)  # the rest waits in full pages, the last one partly filled
    assert world.execute("scoreboard players get $pages monopoli.seq") == [f"$pages has {pages} [monopoli.seq]"]
    seen: list[int] = []
    while True:
        page = _inbox(world)
        assert len(page) <= INBOX_PAGE
        if not page:
            break
        seen += page
        world.execute(f"function monopoli:ack {{seq:{page[-1]}}}")  # what the controller does
    assert seen == list(range(1, 701))
    assert world.execute("data get storage monopoli:backlog pages") == [
        "Storage monopoli:backlog has the following contents: []"]
    assert world.strict_failures == []


def test_an_inbox_emptied_by_hand_is_refilled_at_the_next_tick(pack: Pack, tmp_path: Path) -> None:
    world = _world(pack, tmp_path)
    _queue(world, INBOX_PAGE + 5)
    world.execute("data modify storage monopoli:bridge inbox set value []")
    world.tick()
    assert _inbox(world) == list(range(INBOX_PAGE + 1, INBOX_PAGE + 6))


def test_an_entry_beyond_the_counter_cannot_stop_the_inbox(pack: Pack, tmp_path: Path) -> None:
    world = _world(pack, tmp_path)
    _queue(world, 3)
    world.execute('data modify storage monopoli:bridge inbox insert 0 value {seq:2147483647,kind:"jar"}')
    world.execute("function monopoli:ack {seq:3}")
    _queue(world, 1)
    assert _inbox(world) == [4]


def test_a_counter_at_its_end_starts_a_new_boot(pack: Pack, tmp_path: Path) -> None:
    world = _world(pack, tmp_path)
    (boot,) = world.execute("data get storage monopoli:bridge boot")
    world.execute("scoreboard players set $seq monopoli.seq 2147483647")
    _queue(world, 1)
    assert _inbox(world) == [1]
    assert world.execute("data get storage monopoli:bridge boot") != [boot]


def test_walkers_reported_are_at_most_64(pack: Pack, tmp_path: Path) -> None:
    from monopoli_mc.sandbox.bots import Bot

    world = _world(pack, tmp_path)
    for n in range(66):
        Bot.join(world, f"p{n}")
        world.execute(f"tag p{n} add monopoli.walk")
    world.tick()
    (reply,) = world.execute("data get storage monopoli:bridge pos")
    assert reply.count("uuid") == 64
