"""The sandbox's `forceload` command keeps the forced chunks and answers with vanilla's texts."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from monopoli_mc.sandbox.world import World


@pytest.fixture
def world() -> Iterator[World]:
    w = World(strict=True)
    yield w
    assert w.strict_failures == []


def test_add_one_chunk_then_again(world: World) -> None:
    x = world.execute
    assert x("forceload add 0 0") == ["Marked chunk [0, 0] in minecraft:overworld to be force loaded"]
    assert x("forceload add 15 15") == ["No chunks were marked for force loading"]
    assert x("forceload add -1 -17") == [
        "Marked chunk [-1, -2] in minecraft:overworld to be force loaded"]  # floor, not truncation
    assert world.forced_chunks == {(0, 0), (-1, -2)}


def test_add_an_area(world: World) -> None:
    x = world.execute
    assert x("forceload add 0 0 31 15") == [
        "Marked 2 chunks in minecraft:overworld from [0, 0] to [1, 0] to be force loaded"]
    # the corners may come in any order; only the chunks not yet forced count
    assert x("forceload add 47 20 0 0") == [
        "Marked 4 chunks in minecraft:overworld from [0, 0] to [2, 1] to be force loaded"]
    # one new chunk in an area is reported as that chunk
    assert x("forceload add 0 0 63 0") == ["Marked chunk [3, 0] in minecraft:overworld to be force loaded"]
    assert x("forceload add 0 0 47 31") == ["No chunks were marked for force loading"]
    assert len(world.forced_chunks) == 7


def test_remove_and_remove_all(world: World) -> None:
    x = world.execute
    x("forceload add 0 0 47 31")
    assert x("forceload remove 16 16") == ["Unmarked chunk [1, 1] in minecraft:overworld for force loading"]
    assert x("forceload remove 16 16") == ["No chunks were removed from force loading"]
    assert x("forceload remove 0 0 31 31") == [
        "Unmarked 3 chunks in minecraft:overworld from [0, 0] to [1, 1] for force loading"]
    assert world.forced_chunks == {(2, 0), (2, 1)}
    assert x("forceload remove all") == ["Unmarked all force loaded chunks in minecraft:overworld"]
    assert x("forceload remove all") == ["Unmarked all force loaded chunks in minecraft:overworld"]
    assert world.forced_chunks == set()


def test_query_a_column(world: World) -> None:
    x = world.execute
    x("forceload add 0 0")
    assert x("forceload query 15 15") == ["Chunk at [0, 0] in minecraft:overworld is marked for force loading"]
    assert x("forceload query 16 0") == [
        "Chunk at [1, 0] in minecraft:overworld is not marked for force loading"]
    assert x("execute positioned 40 64 40 run forceload query ~-30 ~-30") == [
        "Chunk at [0, 0] in minecraft:overworld is marked for force loading"]


def test_list_query(world: World) -> None:
    x = world.execute
    assert x("forceload query") == ["No force loaded chunks were found in minecraft:overworld"]
    x("forceload add 0 0")
    assert x("forceload query") == ["A force loaded chunk was found in minecraft:overworld at: [0, 0]"]
    x("forceload add -16 16")
    x("forceload add 16 -16")
    # vanilla sorts the chunks as packed longs: z first, then x as an unsigned int
    assert x("forceload query") == [
        "3 force loaded chunks were found in minecraft:overworld at: [1, -1], [0, 0], [-1, 1]"]
    x("forceload add -16 0")
    assert x("forceload query") == [
        "4 force loaded chunks were found in minecraft:overworld at: [1, -1], [0, 0], [-1, 0], [-1, 1]"]


def test_too_big_and_out_of_world(world: World) -> None:
    x = world.execute
    assert x("forceload add 0 0 255 255") == [
        "Marked 256 chunks in minecraft:overworld from [0, 0] to [15, 15] to be force loaded"]
    assert x("forceload add 0 0 256 256") == [
        "Too many chunks in the specified area (maximum 256, but specified 289)"]
    assert x("forceload remove 0 0 256 256") == [
        "Too many chunks in the specified area (maximum 256, but specified 289)"]
    assert x("forceload add 30000000 0") == ["That position is out of this world!"]
    assert len(world.forced_chunks) == 256


def test_syntax_errors() -> None:
    world = World()
    x = world.execute
    assert x("forceload add") == ["Unknown or incomplete command. See below for error",
                                  "...ceload add<--[HERE]"]
    assert x("forceload add 0") == ["Incomplete (expected 2 coordinates)", "...eload add 0<--[HERE]"]
    assert x("forceload add ^ ^") == [
        "Cannot mix world & local coordinates (everything must either use ^ or not)",
        "...eload add ^ ^<--[HERE]"]
    assert x("forceload query 0 0 0") == ["Incorrect argument for command", "...query 0 0 0<--[HERE]"]
    assert world.forced_chunks == set()


def test_strict_parsing_for_1_21_11() -> None:
    world = World(version="1.21.11", strict=True)
    for line in ("forceload add 0 0", "forceload add -40 -40 40 40", "forceload add ~ ~ ~16 ~-16",
                 "forceload query", "forceload query ~ ~", "forceload remove 0 0",
                 "forceload remove -40 -40 40 40", "forceload remove all",
                 "execute in minecraft:overworld run forceload add 0 0"):
        world.execute(line)
    assert world.strict_failures == []
    world.execute("forceload add 0")
    world.execute("forceload add ^ ^")
    assert world.strict_failures == ["forceload add 0", "forceload add ^ ^"]
