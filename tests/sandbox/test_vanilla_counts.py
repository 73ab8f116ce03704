"""Ledger rows F7 (what the command limit counts), C3 (listing orders) and S9 (escape case), met
by the sandbox of each release the project targets; replies read over the real RCON wire."""

from __future__ import annotations

import pathlib
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from monopoli_mc.datapack.cost import costs
from monopoli_mc.datapack.pack import Pack, write_pack
from monopoli_mc.datapack.versions import get_version
from monopoli_mc.rcon import RconClient
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.runner import Sandbox
from monopoli_mc.sandbox.world import World

PASSWORD = "counts-pw"
RELEASES = ("1.21.4", "1.21.11")
RULE = {"1.21.4": "maxCommandChainLength", "1.21.11": "max_command_sequence_length"}


@contextmanager
def server(version: str) -> Iterator[tuple[World, RconClient]]:
    """A strict sandbox of one release whose clock the test drives, and a client on it."""
    with Sandbox(password=PASSWORD, version=version, strict=True, ticking=False) as box:
        with RconClient(*box.address, PASSWORD) as rcon:
            yield box.world, rcon
        assert box.world.strict_failures == []


def _pack(tmp_path: pathlib.Path, version: str) -> pathlib.Path:
    pack = Pack(get_version(version))
    pack.function("t:leaf", ["scoreboard players add @s n 1", "return 7"])
    pack.function("t:other", ["scoreboard players add #other n 1"])
    pack.function("t:all", [
        "execute as @a at @s if score @s n matches 0.. run function t:leaf",  # 3 stages, 3 players
        "execute as @a if entity @s",  # a final test: one per player
        "return run scoreboard players add #ran n 1",
    ])
    pack.function_tags["t:both"] = ["t:leaf", "t:other"]
    folder, _ = write_pack(pack, tmp_path, "t")
    return folder


@pytest.mark.parametrize("version", RELEASES)
def test_f7_the_limit_counts_stages_calls_and_each_sources_command(tmp_path: pathlib.Path, version: str) -> None:
    """F7: BuildContexts charges each execute stage once, ExecuteCommand each command per source,
    CallFunction each call; `function` and `return` themselves are free."""
    with server(version) as (w, rcon):
        w.load_datapack(_pack(tmp_path, version))
        rcon.command("scoreboard objectives add n dummy")
        for name in ("Alex", "Sam", "Kim"):
            Bot.join(w, name)
        before = w.commands_run
        rcon.command("execute as @a at @s run scoreboard players add @s n 1")
        assert w.commands_run - before == 2 + 3  # as, at; the command for each of 3
        before = w.commands_run
        rcon.command("function t:all")
        # the call; as, at, if, then 3 × (call + 1 line + a free return); as, then 3 tests; the
        # added score (return run is free)
        assert w.commands_run - before == 1 + 3 + 3 * 2 + 1 + 3 + 1
        before = w.commands_run
        assert rcon.command("function #t:both").startswith("Running functions [t:leaf], [t:other]")
        assert w.commands_run - before == 2 + 1 + 1  # a call for each function of the tag


@pytest.mark.parametrize("version", RELEASES)
def test_f7_the_quota_is_checked_before_each_entry_not_each_stage(version: str) -> None:
    """With 2 left, a line's 2 stages both run (one entry) and its command does not."""
    with server(version) as (w, rcon):
        rcon.command("scoreboard objectives add n dummy")
        rcon.command(f"gamerule {RULE[version]} 2")
        rcon.command("execute positioned 0 64 0 positioned 0 65 0 run scoreboard players set #p n 1")
        assert w.log[-1] == "Command execution stopped due to limit (executed 2 commands)"
        rcon.command(f"gamerule {RULE[version]} 3")
        rcon.command("execute positioned 0 64 0 positioned 0 65 0 run scoreboard players set #q n 1")
        assert rcon.command("scoreboard players get #p n") == "Can't get value of n for #p; none is set"
        assert rcon.command("scoreboard players get #q n") == "#q has 1 [n]"


@pytest.mark.parametrize("version", RELEASES)
def test_f7_the_estimate_is_what_the_sandbox_runs_when_every_line_runs(tmp_path: pathlib.Path, version: str) -> None:
    """datapack/cost.py counts as vanilla does: for a function whose lines all run with one
    player per selector, the estimate is the count."""
    pack = Pack(get_version(version))
    pack.function("monopoli:leaf", ["scoreboard players add @s n 1", "return 1"])
    pack.function("monopoli:top", [
        "execute as Alex at @s if score @s n matches 0.. store result score #r n run function monopoli:leaf",
        "execute as Alex unless score @s n matches ..-1",
        "return run scoreboard players get #r n"])
    folder, _ = write_pack(pack, tmp_path, "monopoli")
    estimate = costs(pack, []).call("top")
    with server(version) as (w, rcon):
        w.load_datapack(folder)
        rcon.command("scoreboard objectives add n dummy")
        Bot.join(w, "Alex")
        rcon.command("scoreboard players set Alex n 0")
        before = w.commands_run
        assert rcon.command("function monopoli:top").endswith("returned 1")
        assert w.commands_run - before == estimate == 1 + 4 + 2 + 2 + 1


def _slot(name: str) -> int:
    """fastutil's slot for a key in a 32-slot table: HashCommon.mix(hashCode) & 31."""
    h = 0
    for c in name:
        h = (31 * h + ord(c)) & 0xFFFFFFFF
    x = (h * 0x9E3779B9) & 0xFFFFFFFF
    return (x ^ (x >> 16)) & 31


@pytest.mark.parametrize("version", RELEASES)
def test_c3_objectives_are_listed_in_the_scoreboards_hash_order(version: str) -> None:
    """C3: Scoreboard.objectivesByName is an Object2ObjectOpenHashMap(16, 0.5F): listed from its
    last slot to its first, not in the order the objectives were added."""
    names = ["Cash", "Pos", "d6", "turn", "monopoli.seq"]
    assert len({_slot(n) for n in names}) == len(names)  # no two share a slot: no probing
    with server(version) as (_, rcon):
        for name in names:
            rcon.command(f"scoreboard objectives add {name} dummy")
            rcon.command(f"scoreboard players set {name[::-1]}x {name} 1")
        listed = sorted(names, key=_slot, reverse=True)
        assert listed != names
        assert rcon.command("scoreboard objectives list") == \
            f"There are {len(names)} objective(s): " + ", ".join(f"[{n}]" for n in listed)
        holders = [f"{n[::-1]}x" for n in names]
        assert len({_slot(h) for h in holders}) == len(holders)
        assert rcon.command("scoreboard players list").endswith(
            ", ".join(sorted(holders, key=_slot, reverse=True)))


def test_s9_control_characters_print_as_upper_case_hex_from_1_21_5() -> None:
    """S9: 1.21.11 SnbtParsing.HEX_FORMAT is `HexFormat.of().withUpperCase()` (1.21.4 prints them
    raw: test_vanilla_ledger's S9 test)."""
    with server("1.21.11") as (_, rcon):
        rcon.command('data modify storage t:s v set value "a\\u001bb\\u001fc"')
        assert rcon.command("data get storage t:s v") == 'Storage t:s has the following contents: "a\\x1Bb\\x1Fc"'


@pytest.mark.parametrize("version", RELEASES)
def test_s2_a_copied_compound_prints_in_its_sized_maps_order(version: str) -> None:
    """S2: `set value` stores `Tag.copy()`. 1.21.4 CompoundTag.copy is `new HashMap<>(map)`, a
    table sized to the 2 keys (4 buckets: d, 100 & 3 = 0, before a, 97 & 3 = 1); 1.21.11
    NbtCompound.copy puts each entry into a default map (16 buckets: a before d)."""
    with server(version) as (_, rcon):
        rcon.command("data modify storage t:s x set value {a:1,d:2}")
        shown = "{d: 2, a: 1}" if version == "1.21.4" else "{a: 1, d: 2}"
        assert rcon.command("data get storage t:s x") == f"Storage t:s has the following contents: {shown}"
        rcon.command("data modify storage t:s y set from storage t:s x")  # a copy of the copy: the same
        assert rcon.command("data get storage t:s y") == f"Storage t:s has the following contents: {shown}"
