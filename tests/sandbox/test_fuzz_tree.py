"""A fuzz of the sandbox against Mojang's command tree, for each release the project targets.

Hypothesis draws lines from the release's `commands.json` (tests/sandbox/tree_strategy.py):
every command the sandbox has, arguments at their limits included. Each runs on the sandbox's
command entry point (`World.execute`, the RCON console source); nothing may raise, and every
message must be a vanilla message of that release (its en_us strings, or a parse error's cursor
line): a reply no vanilla server could give is a finding. One test sends lines over real RCON.

A few hundred lines a release by default; `MONOPOLI_FUZZ_EXAMPLES=5000` draws more
(docs/sandbox.md, "Fuzzing the sandbox").
"""

from __future__ import annotations

import functools
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tree_strategy import OBJECTIVES, PLAYERS, command_line, message_patterns

from monopoli_mc.datapack.calls import MAX_REQUEST
from monopoli_mc.datapack.pack import Pack, write_pack
from monopoli_mc.datapack.versions import get_version
from monopoli_mc.rcon import RconClient
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.commands import command_names
from monopoli_mc.sandbox.runner import Sandbox
from monopoli_mc.sandbox.world import World
from monopoli_mc.vanilla.data import load

RELEASES = ("1.21.4", "1.21.11")
EXAMPLES = int(os.environ.get("MONOPOLI_FUZZ_EXAMPLES", "250"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize="MONOPOLI_FUZZ_EXAMPLES" not in os.environ,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much])


def roots(release: str) -> tuple[str, ...]:
    """The tree's commands the sandbox has, and two it has not (which it must refuse as vanilla)."""
    tree = load(release).tree["children"]
    return tuple(sorted(name for name in command_names() if name in tree)) + ("help", "weather")


@functools.cache
def _pack(release: str) -> Path:
    """A small pack: plain, returning, macro and tagged functions, a tick function."""
    pack = Pack(get_version(release))
    pack.function("t:fn", ["scoreboard players add @s n 1", "say ran"])
    pack.function("t:leaf", ["return 7"])
    pack.function("t:macro", ["$scoreboard players set $(who) n $(value)", "$say $(text)"])
    pack.function("t:tick", ["scoreboard players add #ticks n 1"])
    pack.function_tags["t:both"] = ["t:fn", "t:leaf"]
    pack.function_tags["minecraft:tick"] = ["t:tick"]
    folder, _ = write_pack(pack, Path(tempfile.mkdtemp(prefix="fuzz-pack-")), "t")
    return folder


def _setup(world: World, release: str) -> None:
    """What the drawn lines meet: the pack, two players, objectives, a storage, a team."""
    world.load_datapack(_pack(release))
    for command in [*(f"scoreboard objectives add {o} dummy" for o in OBJECTIVES),
                    "scoreboard objectives add trig trigger", "team add red",
                    'data modify storage t:s a set value {b:[1,2,3],c:"x",d:{e:1b}}',
                    "setblock 0 64 0 minecraft:chest", "forceload add 0 0"]:
        world.execute(command)


@functools.cache
def _world(release: str) -> World:
    world = World(version=release, strict=True, pause_when_empty_seconds=0)
    _setup(world, release)
    return world


def _online(world: World) -> None:
    for name in PLAYERS:
        if world.player(name) is None:
            Bot.join(world, name)


def check_reply(release: str, line: str, messages: list[str]) -> None:
    """Every message is one vanilla could send for this release."""
    pattern = message_patterns_cached(release)
    for message in messages:
        assert pattern.fullmatch(message), f"{release}: {line!r} answered a reply no vanilla server gives: {message!r}"


message_patterns_cached = functools.cache(message_patterns)


def _fuzz(release: str, line: str) -> None:
    world = _world(release)
    _online(world)
    messages = world.execute(line)  # an exception escaping here is a finding
    check_reply(release, line, messages)
    world.tick()
    del world.strict_failures[:], world.strict_refusals[:]  # refused lines are meant here


@pytest.mark.long(seconds=4)
@pytest.mark.parametrize("release", RELEASES)
def test_every_drawn_line_answers_as_vanilla(release: str) -> None:
    """No exception escapes the sandbox, and every reply is a vanilla message of the release."""
    @FUZZ
    @given(command_line(release, roots(release)))
    def run(line: str) -> None:
        _fuzz(release, line)
    run()


@pytest.fixture(scope="module")
def rcon() -> Iterator[tuple[Sandbox, RconClient]]:
    """One sandbox of 1.21.11 over the real wire for the whole module."""
    with Sandbox(password="fuzz", version="1.21.11", strict=True, ticking=False,
                 pause_when_empty_seconds=0) as box:
        _setup(box.world, "1.21.11")
        with RconClient(*box.address, "fuzz") as client:
            yield box, client


@settings(max_examples=max(10, EXAMPLES // 10), deadline=None, derandomize="MONOPOLI_FUZZ_EXAMPLES" not in os.environ,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])
@given(lines=st.lists(command_line("1.21.11", roots("1.21.11")), min_size=1, max_size=8))
def test_over_rcon_no_line_is_an_error_executing_reply(rcon: tuple[Sandbox, RconClient], lines: list[str]) -> None:
    """Over the real wire: a command that raised would answer "Error executing: …" (row R5)."""
    box, client = rcon
    _online(box.world)
    for line in lines:
        if "\0" in line or len(line.encode()) > MAX_REQUEST:
            continue  # the wire reads a body up to its first NUL; the client refuses a longer one
        reply = client.command(line)
        assert not reply.startswith("Error executing:"), reply
        assert reply == "" or message_patterns_cached("1.21.11").match(reply), (line, reply)
    del box.world.strict_failures[:], box.world.strict_refusals[:]
