"""End to end in the sandbox: the pack loads, triggers and buttons reach the inbox once."""

from __future__ import annotations

from pathlib import Path

import nbtlib
import pytest

from monopoli_mc.datapack import calls
from monopoli_mc.datapack.layout import Layout
from monopoli_mc.datapack.world_config import WorldConfig
from monopoli_mc.errors import MonopoliError
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.world import World

PACK = Path(__file__).resolve().parents[2] / "datapacks" / "monopoli"


@pytest.fixture()
def world() -> World:
    w = World(version="1.21.11", strict=True)
    w.load_datapack(PACK)
    assert w.load_errors == []
    w.tick()
    return w


def _inbox(world: World) -> str:
    return "".join(world.execute("data get storage monopoli:bridge inbox"))


def _entries(world: World) -> list[dict[str, object]]:
    reply = _inbox(world)
    data = nbtlib.parse_nbt(reply.split("contents: ", 1)[1])
    return [{k: (list(map(int, v)) if k == "uuid" else v.unpack()) for k, v in e.items()}
            for e in data]


def _uuid(world: World, name: str) -> list[int]:
    return [int(v) for v in world.player(name).uuid_ints()]  # type: ignore[union-attr]


def test_join_and_trigger_arrive_once(world: World) -> None:
    alex = Bot.join(world, "Alex")
    world.tick()
    alex.trigger("bid", "set", 120)
    world.tick(3)
    inbox = _inbox(world)
    assert inbox.count('kind: "online"') == 1
    assert inbox.count('kind: "bid"') == 1 and "value: 120" in inbox
    bids = [e for e in _entries(world) if e["kind"] == "bid"]
    assert bids == [{"kind": "bid", "value": 120, "uuid": _uuid(world, "Alex"), "seq": 2}]
    alex.trigger("d6")
    world.tick()
    assert _inbox(world).count('kind: "d6"') == 1
    world.execute(calls.ack(2))
    after = _inbox(world)
    assert 'kind: "online"' not in after and 'kind: "bid"' not in after and 'kind: "d6"' in after


def test_buttons_credit_the_presser_and_not_a_far_player(world: World, tmp_path: Path) -> None:
    from monopoli_mc.datapack.world_config import load_world

    config: WorldConfig = load_world()
    layout = Layout(config.boards[0])
    world.execute("function monopoli:board/main/place")
    x, y, z = layout.buttons()["naughty"]
    button = layout.world((x, y, z + 1))
    near, far = Bot.join(world, "Near"), Bot.join(world, "Far")
    world.tick()
    near.walk_to((button[0] + 0.5, button[1] - 1.0, button[2] + 1.5))
    far.walk_to((button[0] + 20.5, button[1] - 1.0, button[2] + 20.5))
    with pytest.raises(MonopoliError):
        far.press_button(button)
    near.press_button(button)
    world.tick(3)
    inbox = _inbox(world)
    assert inbox.count('kind: "naughty"') == 1 and "button: 1b" in inbox
    presses = [e for e in _entries(world) if e["kind"] == "naughty"]
    assert len(presses) == 1 and presses[0]["uuid"] == _uuid(world, "Near")


def test_view_calls_reach_the_player(world: World) -> None:
    alex = Bot.join(world, "Alex")
    world.tick()
    world.execute(calls.card("Alex", "chance", 8))
    world.execute(calls.deed("Alex", 39))
    books = alex.books()
    assert [b.title for b in books] == ["Get Out of Jail Free", "Boardwalk"]
    assert "Mortgage value $200" in books[1].pages[0]
    world.execute(calls.take_card("Alex", "chance", 8))
    assert [b.title for b in alex.books()] == ["Boardwalk"]
    world.execute(calls.prompt_buy("Alex", 39))
    assert alex.click("Buy for $400") is not None
    world.tick()
    assert 'kind: "buy"' in _inbox(world)
    world.execute(calls.prompt_buy("Alex", 39, auction=False))  # a declined deed stays with the bank
    assert [label for label, _ in alex.buttons()][-2:] == ["[Buy for $400]", "[Decline]"]
    alex.click("Decline")
    world.tick()
    assert 'kind: "auction"' in _inbox(world)
    world.execute(calls.message("title", "Alex", 'Rolled "7" \\ ok', world_version(world)))
    assert ("title", 'Rolled "7" \\ ok') in alex.titles()


def world_version(world: World):  # type: ignore[no-untyped-def]
    from monopoli_mc.datapack.versions import get_version

    return get_version(world.version)


def test_triggers_of_two_players_in_one_tick_are_two_entries(world: World) -> None:
    alex, sam = Bot.join(world, "Alex"), Bot.join(world, "Sam")
    world.tick()
    alex.trigger("join")
    sam.trigger("join")
    world.tick()
    joins = [e for e in _entries(world) if e["kind"] == "join"]
    assert [j["uuid"] for j in joins] == [_uuid(world, "Alex"), _uuid(world, "Sam")]
    assert len({j["seq"] for j in joins}) == 2


def test_a_negative_value_is_queued_and_the_trigger_enabled_again(world: World) -> None:
    alex = Bot.join(world, "Alex")
    world.tick()
    alex.trigger("bid", "set", -5)
    world.tick()
    bids = [e for e in _entries(world) if e["kind"] == "bid"]
    assert [b["value"] for b in bids] == [-5]
    alex.trigger("bid", "set", 20)
    world.tick()
    assert [e["value"] for e in _entries(world) if e["kind"] == "bid"] == [-5, 20]


def test_bus_role_and_claim_buttons_queue_their_values(world: World) -> None:
    alex = Bot.join(world, "Alex")
    world.tick()
    world.execute(calls.prompt_bus("Alex", 4, 2))
    assert [label for label, _ in alex.buttons()][-3:] == ["[4 spaces]", "[2 spaces]", "[6 spaces]"]
    alex.click("6 spaces")
    world.tick()
    world.execute(calls.prompt("Alex", "role"))
    alex.click("Monopolist")
    world.tick()
    world.execute(calls.prompt_claim("Alex", 39, 200))
    assert any("Rent of $200 is due to you on space 39" in line for line in alex.chat_text())
    alex.click("Claim $200")
    world.tick()
    world.execute(calls.prompt("Alex", "triples"))
    triples = alex.buttons()[-40:]
    assert [label for label, _ in triples] == ["[GO]"] + [f"[{n}]" for n in range(1, 40)]
    assert [run for _, run in triples] == [f"/trigger goto set {n}" for n in [40] + list(range(1, 40))]
    alex.click("20")
    world.tick()
    alex.click("GO")
    world.tick()
    got = [(e["kind"], e["value"]) for e in _entries(world) if e["kind"] != "online"]
    assert got == [("bus", 3), ("role", 2), ("claim", 39), ("goto", 20), ("goto", 40)]
