"""What a real vanilla 1.21.4 server answered otherwise than the sandbox (issue 33), and the ledger
rows read from the decompiled code for it (docs/vanilla-behaviour.md B4, B5, B6), on 1.21.4 and
1.21.11, over the real RCON wire.

Provenance of the replies quoted as `SERVER_…`: `monopoli doctor --deep --spawn-protection 0
--transcript FILE` at commit 01ae209 (the pack built for 1.21.4, the board built first) against a
vanilla 1.21.4 dedicated server built from the public decompiled sources (extracted_minecraft_data,
branch client1.21.4), in a fresh default superflat world with no player online; the transcript's
lines n 36, 37 and 98-100, byte for byte. The sandbox then answered `'{"text":"Boardwalk"}'`, 2297
and `'{"text":"Alex"}'`.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from monopoli_mc.datapack.boardfns import clear_commands, structure_id
from monopoli_mc.datapack.build import build_pack
from monopoli_mc.datapack.layout import BoardPlace, Layout
from monopoli_mc.datapack.pack import Pack, write_pack
from monopoli_mc.datapack.structure import hanging_blocks
from monopoli_mc.datapack.versions import get_version
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.rcon import RconClient
from monopoli_mc.rules.board import default_board_path, load_board
from monopoli_mc.sandbox import attached
from monopoli_mc.sandbox.entities import ItemEntity
from monopoli_mc.sandbox.runner import Sandbox
from monopoli_mc.sandbox.world import World

PASSWORD = "realserver-pw"
RELEASES = ["1.21.4", "1.21.11"]
SERVER_SIGN = ("data get block 555 -59 37 front_text.messages[0]",
               "555, -59, 37 has the following block data: '\"Boardwalk\"'")
SERVER_FILL = ("fill 512 -60 0 555 -51 43 minecraft:air", "Successfully filled 2248 block(s)")
SERVER_BANNER = [
    ('setblock 512 -60 0 minecraft:gray_banner[rotation=8]{CustomName:"{\\"text\\":\\"Alex\\"}"} replace',
     "Changed the block at 512, -60, 0"),
    ('setblock 512 -60 0 minecraft:gray_banner[rotation=8]{CustomName:"{\\"text\\":\\"Sam\\"}"} replace',
     "Could not set the block"),
    ("data get block 512 -60 0 CustomName", "512, -60, 0 has the following block data: '\"Alex\"'")]
BOARD_BLOCKS = 2297  # every block of the 4x10 board: 2248 the fill set, and the 49 that popped off


def _pack(version: str) -> Pack:
    world = dataclasses.replace(load_world(), version=get_version(version))
    return build_pack(world, load_board(default_board_path()))


@contextmanager
def server(version: str, tmp_path: Path | None = None) -> Iterator[tuple[Sandbox, RconClient]]:
    """A strict sandbox of one release (with the pack built for it when given a folder), a client on it."""
    datapack = write_pack(_pack(version), tmp_path)[0] if tmp_path is not None else None
    with Sandbox(password=PASSWORD, version=version, strict=True, ticking=False, datapack=datapack) as box:
        with RconClient(*box.address, PASSWORD, timeout=60) as rcon:  # a board's template is slow to read
            rcon.command("forceload add 512 0 555 43")
            yield box, rcon
        assert box.world.strict_failures == []


def _filled(reply: str) -> int:
    found = re.fullmatch(r"Successfully filled (\d+) block\(s\)", reply)
    assert found is not None, reply
    return int(found.group(1))


@pytest.mark.parametrize("version", RELEASES)
def test_b5_a_banner_name_reads_back_collapsed_as_the_real_server_said(version: str) -> None:
    """B5: `BannerBlockEntity` keeps its name through the codec: a plain one collapses to a bare string;
    a styled one keeps the codec's key order (`Component.Serializer.toJson`, not sorted) up to 1.21.4."""
    with server(version) as (_, rcon):
        for request, reply in SERVER_BANNER:
            if version != "1.21.4":  # from 1.21.5 a component is SNBT, and data on an unchanged state loads (B1)
                request = request.replace('"{\\"text\\":\\"Alex\\"}"', '{text:"Alex"}').replace(
                    '"{\\"text\\":\\"Sam\\"}"', '{text:"Alex"}')
                reply = reply.replace("'\"Alex\"'", '"Alex"')
            assert rcon.command(request) == reply
        rcon.command("setblock 512 -60 0 minecraft:air")
        name = ('\'{"text":"Alex","color":"red"}\'' if version == "1.21.4" else '{text:"Alex",color:"red"}')
        rcon.command(f"setblock 512 -60 0 minecraft:gray_banner{{CustomName:{name}}}")
        shown = ('\'{"text":"Alex","color":"red"}\'' if version == "1.21.4" else '{color: "red", text: "Alex"}')
        assert rcon.command("data get block 512 -60 0 CustomName") == f"512, -60, 0 has the following block data: {shown}"


@pytest.mark.parametrize("version", RELEASES)
def test_a_board_placed_read_back_filled_and_cleared_as_the_real_server_said(version: str, tmp_path: Path) -> None:
    """One board placed twice, as doctor --deep's scratch board (the template is slow to read).

    B4: a board sign's plain line is stored as a bare string: `'"Boardwalk"'` in JSON up to 1.21.4, a
    string tag from 1.21.5. B6: a plain fill walks x, then y, then z; a floor sign's, wall sign's or
    button's support goes first, so it pops off, drops as an item and is not counted: 2248, as the
    real server said, and 49 items. The project's clear (`boardfns.clear_commands`, which doctor
    --deep clears its scratch board with) takes the hanging kinds out first with a `replace` filter up
    to 1.21.4, and uses `strict` from 1.21.5: every block counted once, nothing on the ground.
    """
    pack = _pack(version)
    layout = Layout(BoardPlace("scratch", (512, -60, 0), "west", 4, 10))
    hanging = hanging_blocks(pack.structures[structure_id(layout)])
    assert set(hanging) == {"minecraft:oak_sign", "minecraft:oak_wall_sign", "minecraft:stone_button",
                            "minecraft:polished_blackstone_button"}
    with server(version, tmp_path) as (box, rcon):
        assert rcon.command("place template monopoli:board 512 -60 0").startswith("Loaded template")
        # the board's kinds that hang on a neighbour, as the datapack reads them and as the sandbox pops them
        assert {b.id for b in box.world.blocks.values() if attached.support(b) is not None} == set(hanging)
        request, reply = SERVER_SIGN
        expected = reply if version == "1.21.4" else reply.replace("'\"Boardwalk\"'", '"Boardwalk"')
        assert rcon.command(request) == expected
        request, reply = SERVER_FILL
        assert rcon.command(request) == reply
        count = "Test passed, count: 49" if version == "1.21.4" else "Test passed. Count: 49"
        assert rcon.command("execute if entity @e[type=minecraft:item]") == count
        kinds = sorted(e.item.id for e in box.world.entities.values() if isinstance(e, ItemEntity))
        assert kinds == ["minecraft:oak_sign"] * 45 + ["minecraft:polished_blackstone_button"] * 3 + [
            "minecraft:stone_button"]
        assert rcon.command("kill @e[type=minecraft:item]") == "Killed 49 entities"
        assert rcon.command("execute if entity @e[type=minecraft:item]") == "Test failed"

        rcon.command("place template monopoli:board 512 -60 0")
        lines = clear_commands(*layout.bounds(), hanging, get_version(version))
        counts = [_filled(rcon.command(line)) for line in lines]
        assert sum(counts) == BOARD_BLOCKS
        assert rcon.command("execute if entity @e[type=minecraft:item]") == "Test failed"
        assert not [p for p in box.world.blocks if 512 <= p[0] <= 555 and 0 <= p[2] <= 43]
        if version == "1.21.4":
            assert lines[-1] == "fill 512 -60 0 555 -51 43 minecraft:air" and counts[-1] == 2248
        else:
            assert lines == ["fill 512 -60 0 555 -51 43 minecraft:air strict"]


@pytest.mark.parametrize("version", RELEASES)
def test_b4_a_styled_sign_line_keeps_its_object(version: str) -> None:
    """B4: a styled sign line is stored as an object, its keys sorted (the FLAT_CODEC's
    `GsonHelper.toStableString`) up to 1.21.4, a compound from 1.21.5; an empty one as a bare string."""
    with server(version) as (_, rcon):
        if version == "1.21.4":
            line, empty = '\'{"text":"Alex","color":"red","bold":true}\'', "'{\"text\":\"\"}'"
            styled, bare = '\'{"bold":true,"color":"red","text":"Alex"}\'', "'\"\"'"
        else:
            line, empty = '{text:"Alex",color:"red",bold:true}', '{text:""}'
            styled, bare = '{color: "red", text: "Alex", bold: 1b}', '""'  # a compound: HashMap order (S2)
        rcon.command(f"setblock 512 -59 1 minecraft:oak_sign{{front_text:{{messages:[{line},{empty},{empty},{empty}]}}}}")
        assert rcon.command("data get block 512 -59 1 front_text.messages[0]") == (
            f"512, -59, 1 has the following block data: {styled}")
        assert rcon.command("data get block 512 -59 1 front_text.messages[1]") == (
            f"512, -59, 1 has the following block data: {bare}")


@pytest.mark.parametrize("version", RELEASES)
def test_b6_what_pops_and_what_does_not(version: str) -> None:
    """Each hanging kind pops when its support goes first, by its own rule (a wall kind from behind, a
    floor kind from below, a button by its face); removed before its support, it is counted; a support
    replaced by another solid block holds it; with block drops off nothing lies there."""
    world = World(version=version, strict=True)
    x = world.execute
    for z, (block, support) in enumerate([
            ("minecraft:oak_wall_sign[facing=south]", (0, 1, -1)), ("minecraft:white_wall_banner[facing=east]", (-1, 1, 0)),
            ("minecraft:stone_button[face=ceiling]", (0, 2, 0)), ("minecraft:wall_torch[facing=north]", (0, 1, 1)),
            ("minecraft:red_banner", (0, 0, 0)), ("minecraft:torch", (0, 0, 0))]):
        base = z * 4
        sx, sy, sz = support
        x(f"setblock {sx + 10} {sy} {sz + base} minecraft:stone")
        x(f"setblock 10 1 {base} {block}")
        assert x(f"setblock {sx + 10} {sy} {sz + base} minecraft:air") == [
            f"Changed the block at {sx + 10}, {sy}, {sz + base}"]
        assert (10, 1, base) not in world.blocks, block
    assert len(world.entities) == 6
    assert sorted(e.item.id for e in world.entities.values() if isinstance(e, ItemEntity)) == [
        "minecraft:oak_sign", "minecraft:red_banner", "minecraft:stone_button", "minecraft:torch",
        "minecraft:torch", "minecraft:white_banner"]
    x("kill @e[type=minecraft:item]")
    x("setblock 0 10 0 minecraft:stone")
    x("setblock 0 11 0 minecraft:oak_sign")
    assert x("setblock 0 10 0 minecraft:glass") == ["Changed the block at 0, 10, 0"]
    assert (0, 11, 0) in world.blocks  # still held
    assert x("fill 0 10 0 0 11 0 minecraft:air") == ["Successfully filled 1 block(s)"]  # y 10 first: it popped
    x("setblock 0 10 0 minecraft:stone")
    x("setblock 0 9 0 minecraft:stone_button[face=ceiling]")
    assert x("fill 0 9 0 0 10 0 minecraft:air") == ["Successfully filled 2 block(s)"]  # the button first
    rule = "block_drops" if version == "1.21.11" else "doTileDrops"
    x(f"gamerule {rule} false")
    x("setblock 0 20 0 minecraft:stone")
    x("setblock 0 21 0 minecraft:oak_sign")
    x("setblock 0 20 0 minecraft:air")
    assert (0, 21, 0) not in world.blocks
    assert len(world.entities) == 1  # the sign of the first fill; the last one dropped nothing
    assert world.strict_failures == []


def test_b6_strict_sets_without_shape_updates_from_1_21_5_only() -> None:
    """`fill … strict` (1.21.5+): flags 2 | 816, so nothing pops and nothing drops; 1.21.4 has no `strict`."""
    world = World(version="1.21.11", strict=True)
    x = world.execute
    x("setblock 0 0 0 minecraft:stone")
    x("setblock 0 1 0 minecraft:oak_sign")
    assert x("fill 0 0 0 0 1 0 minecraft:air strict") == ["Successfully filled 2 block(s)"]
    assert world.entities == {}
    old = World(version="1.21.4")
    assert old.execute("fill 0 0 0 0 1 0 minecraft:air strict")[0].startswith("Incorrect argument for command")


@pytest.mark.parametrize("version", RELEASES)
def test_n1_a_name_finds_an_online_player_ignoring_case_the_first_to_join(version: str) -> None:
    """N1: a name in an entity, players or score holder argument is `PlayerList.getPlayerByName`: the first
    online player, in join order, whose name equals it ignoring case; `@a[name=…]` compares exactly; `op`
    takes the profile cache's entry for the name in lower case (the last of them to join)."""
    from monopoli_mc.sandbox.bots import Bot
    with server(version) as (box, rcon):
        world = box.world
        lower, upper = Bot.join(world, "alex"), Bot.join(world, "Alex")  # offline mode: both online at once
        assert rcon.command('tellraw Alex "to Alex"') == ""
        assert "to Alex" in lower.chat_text() and "to Alex" not in upper.chat_text()
        assert rcon.command("scoreboard objectives add cash dummy") == 'Created new objective [cash]'
        assert rcon.command("scoreboard players set ALEX cash 5") == "Set [cash] for alex to 5"
        assert rcon.command("scoreboard players set @a[name=Alex,limit=1] cash 7") == "Set [cash] for Alex to 7"
        assert rcon.command("execute if entity @a[name=ALEX]") == "Test failed"
        lower.leave()
        Bot.join(world, "alex")  # back: now after Alex in the player list
        assert rcon.command('tellraw alex "to alex"') == ""
        assert "to alex" in upper.chat_text()
        assert rcon.command("op ALEX") == "Made alex a server operator"



def test_b6_place_template_strict_from_1_21_5_only(tmp_path: Path) -> None:
    """`place template … strict` (1.21.5+, 1.21.11 PlaceCommand: flags 2 | 816) sets its blocks without shape
    updates: a sign standing on a block the template turns to air goes without dropping; a plain place
    pops it off as an item first. 1.21.4 has no `strict` there."""
    with server("1.21.11", tmp_path) as (box, rcon):
        for strict in ("", " none none 1 0 strict"):
            rcon.command("setblock 512 -53 0 minecraft:stone")  # the template has air here and above
            rcon.command("setblock 512 -52 0 minecraft:oak_sign")
            assert rcon.command(f"place template monopoli:board 512 -60 0{strict}").startswith("Loaded template")
            assert (512, -52, 0) not in box.world.blocks
            dropped = "Test failed" if strict else "Test passed. Count: 1"
            assert rcon.command("execute if entity @e[type=minecraft:item]") == dropped
            rcon.command("kill @e[type=minecraft:item]")
    old = World(version="1.21.4")
    assert old.execute("place template monopoli:board 0 0 0 none none 1 0 strict")[0].startswith("Incorrect")


_JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 3) | st.floats(-2, 2) | st.text(max_size=4),
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
                         st.sampled_from(["text", "extra", "color", "bold", "translate", "with", "score", "type",
                                          "clickEvent", "click_event", "x"]), inner, max_size=4), max_leaves=8)


@settings(max_examples=150, deadline=None)
@given(value=_JSON)
def test_b4_b5_any_stored_value_loads_or_is_dropped_never_raises(value: object) -> None:
    """Whatever a command writes as a name or a sign line, the block entity keeps what the codec decodes
    (written again, printable on the release) or drops it, never failing the command."""
    from nbtlib import Compound, List, String

    from monopoli_mc.sandbox import nbt_tags, stored
    for version, json_dialect in (("1.21.4", True), ("1.21.11", False)):
        tag = String(json.dumps(value)) if json_dialect else _nbt(value)
        if tag is None:
            continue
        banner = stored.load_block_entity("minecraft:white_banner", Compound({"CustomName": tag}), None,
                                          json_dialect=json_dialect)
        sign = stored.load_block_entity("minecraft:oak_sign", Compound(
            {"front_text": Compound({"messages": nbt_tags.make_list([tag, tag, tag, tag])})}), None, json_dialect=json_dialect)
        for kept in (banner, sign):
            assert nbt_tags.show(kept, version=version)
        if "CustomName" in banner and json_dialect:
            json.loads(str(banner["CustomName"]))
        assert isinstance(sign["front_text"]["messages"], List) and len(sign["front_text"]["messages"]) == 4


def _nbt(value: object) -> object:
    """A plain value as an NBT tag, as SNBT would give it (None where NBT has no such value)."""
    from nbtlib import Byte, Compound, Double, Int, String

    from monopoli_mc.sandbox import nbt_tags
    if value is None:
        return None
    if isinstance(value, bool):
        return Byte(int(value))
    if isinstance(value, int):
        return Int(value)
    if isinstance(value, float):
        return Double(value)
    if isinstance(value, str):
        return String(value)
    if isinstance(value, list):
        items = [_nbt(v) for v in value]
        return None if any(i is None for i in items) else nbt_tags.make_list(items)
    assert isinstance(value, dict)
    items = {k: _nbt(v) for k, v in value.items()}
    return None if any(i is None for i in items.values()) else Compound(items)
