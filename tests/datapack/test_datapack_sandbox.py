"""End to end in the sandbox: the pack loads, triggers and buttons reach the inbox once."""

from __future__ import annotations

from pathlib import Path

import nbtlib
import pytest

from monopoli_mc.datapack import calls
from monopoli_mc.datapack.layout import Layout
from monopoli_mc.datapack.world_config import load_world
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
    boot = int(world.execute("data get storage monopoli:bridge boot")[0].rpartition(" ")[2])
    assert bids == [{"kind": "bid", "value": 120, "uuid": _uuid(world, "Alex"), "seq": 2, "boot": boot, "w": 0}]  # w: no controller write yet
    alex.trigger("d6")
    world.tick()
    assert _inbox(world).count('kind: "d6"') == 1
    world.execute(calls.ack(2))
    after = _inbox(world)
    assert 'kind: "online"' not in after and 'kind: "bid"' not in after and 'kind: "d6"' in after


@pytest.mark.parametrize("kind", ["naughty", "nice", "crate", "jar"])
def test_a_press_is_credited_to_the_presser_not_the_nearest(world: World, kind: str) -> None:
    layout = Layout(load_world().boards[0])
    world.execute("function monopoli:board/main/place")
    button = layout.world(layout.buttons()[kind])
    spot = layout.world(layout.press_spot(kind))
    near, far, away = Bot.join(world, "Near"), Bot.join(world, "Far"), Bot.join(world, "Away")
    world.tick()
    near.walk_to((spot[0] + 0.5, float(spot[1]), spot[2] + 0.5))       # closest, presses nothing
    far.walk_to((spot[0] + 0.5, float(spot[1]), spot[2] + 3.5))        # 3 blocks further, in reach
    away.walk_to((spot[0] + 20.5, float(spot[1]), spot[2] + 20.5))
    assert near.can_reach(button) and far.can_reach(button)
    with pytest.raises(MonopoliError):
        away.press_button(button)
    far.press_button(button)
    near.press_button(button)  # the button is still down: vanilla still counts the use
    world.tick(3)
    presses = [e for e in _entries(world) if e["kind"] == kind]
    assert [p["uuid"] for p in presses] == [_uuid(world, "Far"), _uuid(world, "Near")]
    assert all(p["button"] == 1 and p["value"] == 0 for p in presses)
    for name in ("Near", "Far"):  # each reward revoked its advancement: the next press counts
        assert world.execute(f"advancement revoke {name} only monopoli:press/{kind}") == [
            f"Couldn't revoke advancement monopoli:press/{kind} from {name} as they don't have it"]
    far.press_button(button)
    assert len([e for e in _entries(world) if e["kind"] == kind]) == 3


def test_another_block_at_the_spot_fires_nothing(world: World) -> None:
    layout = Layout(load_world().boards[0])
    world.execute("function monopoli:board/main/place")
    x, y, z = layout.world(layout.buttons()["crate"])
    world.execute(f"setblock {x} {y} {z} minecraft:oak_button[facing=south]")
    alex = Bot.join(world, "Alex")
    world.tick()
    spot = layout.world(layout.press_spot("crate"))
    alex.walk_to((spot[0] + 0.5, float(spot[1]), spot[2] + 0.5))
    alex.press_button((x, y, z))
    world.tick()
    assert not [e for e in _entries(world) if e["kind"] == "crate"]


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


def test_the_bid_prompt_names_the_high_bid_and_its_bidder(world: World) -> None:
    """What `calls.prompt_bid` shows a player (the auction's line: `test_controller_screens.py` decides it)."""
    alex = Bot.join(world, "Alex")
    world.tick()
    for call, line in ((calls.prompt_bid("Alex", 0), "High bid $0. [+10] [+50] [+100] [Other] [Pass]"),
                       (calls.prompt_bid("Alex", 80, "Sam"), "High bid $80 by Sam. [+10] [+50] [+100] [Other] [Pass]"),
                       (calls.prompt_bid("Alex", 80, "Alex", passes=False),
                        "High bid $80 by Alex. [+10] [+50] [+100] [Other]")):
        world.execute(call)
        assert alex.chat_text()[-1] == line
    alex.click("+50")
    world.tick()
    assert [e["value"] for e in _entries(world) if e["kind"] == "bid"] == [130]


@pytest.mark.parametrize("value", [0, -3])
def test_every_trigger_used_at_zero_or_below_is_queued_and_enabled_again(world: World, value: int) -> None:
    """Triggers never stay locked: a use at 0 changes no score, so only the unlock sweep (once a second)
    finds and queues it; one below 0 is queued at the next tick. Either way the trigger is enabled again
    (the controller's answers: `tests/controller/test_controller_triggers.py`)."""
    from monopoli_mc.datapack.channel import INTENTS, UNLOCK_PARTS

    locked = "You cannot trigger this objective yet"
    alex = Bot.join(world, "Alex")
    world.tick()
    for intent in INTENTS:
        assert locked not in " ".join(alex.trigger(intent.name, "set", value)), intent.name
        assert locked in " ".join(alex.trigger(intent.name, "set", value)), "the use locks the trigger"
        world.tick()
        queued = [e["value"] for e in _entries(world) if e["kind"] == intent.name]
        assert queued == ([] if value == 0 else [value]), (intent.name, queued)  # at 0: no score changed
        world.tick(UNLOCK_PARTS)
        assert [e["value"] for e in _entries(world) if e["kind"] == intent.name] == [value], intent.name
        assert locked not in " ".join(alex.trigger(intent.name, "set", value)), \
            f"/trigger {intent.name} stayed locked after set {value}"
        world.tick(UNLOCK_PARTS)
        world.execute(calls.ack(10**6))


def test_a_line_for_a_table_reaches_its_seated_players_only(world: World) -> None:
    """`calls.sit` seats a player at a table; a message to `table_players(n)` reaches table n's players alone."""
    from monopoli_mc.datapack.escape import table_players

    bots = {name: Bot.join(world, name) for name in ("Alex", "Sam", "Robin", "Kai", "Lee")}
    world.tick()
    for name, number in (("Alex", 1), ("Sam", 1), ("Robin", 2), ("Kai", 2)):  # Lee sits nowhere
        world.execute(calls.sit(name, number))
    world.execute(calls.message("tell", table_players(2), "Kai throws 3+4", world_version(world)))
    assert {name: "Kai throws 3+4" in bot.chat_text() for name, bot in bots.items()} == {
        "Alex": False, "Sam": False, "Robin": True, "Kai": True, "Lee": False}
