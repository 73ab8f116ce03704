"""The world's mark as the controller writes it and reads it back: whatever its text and counts, it reads back as
written, and a mark whose fields a hand changed reads as no count, never a traceback (both decided by the
command's encoding and `parse_poll`, run on the strict sandbox's world in this process: `data` as vanilla
stores and prints it, no RCON); `bridge/applied` moves the counts only under the mark's own token (the pack's
function in the world, over real RCON)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from controller_support import PACK, PASSWORD
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from monopoli_mc.bridge.inbox import POLL_QUERY, NightMark, parse_poll
from monopoli_mc.datapack import calls
from monopoli_mc.errors import MonopoliError
from monopoli_mc.rcon.client import RconClient
from monopoli_mc.sandbox.runner import Sandbox
from monopoli_mc.sandbox.world import World

TOKENS = st.text("0123456789abcdef", min_size=1, max_size=32)
COUNTS = st.integers(0, 2**31 - 1)
PRINTED = st.characters(blacklist_categories=("Cc", "Cs"))  # a path or a host name (controls are escaped to spaces)


@pytest.fixture(scope="module")
def rcon() -> Iterator[RconClient]:
    with Sandbox(password=PASSWORD, strict=True, datapack=PACK, ticking=False) as box, \
            RconClient(*box.address, PASSWORD) as client:
        box.world.tick()
        yield client
        assert box.world.strict_failures == []


@pytest.fixture(scope="module")
def world() -> Iterator[World]:
    """The strict sandbox's world in this process: commands run and answered as vanilla's, with no server."""
    world = World(strict=True)
    yield world
    assert world.strict_failures == []


def _mark_of(world: World) -> NightMark | None:
    """The mark as the controller reads it: the bridge storage's listing, parsed."""
    return parse_poll("".join(world.execute(POLL_QUERY))).night


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(db=st.text(PRINTED, max_size=80), host=st.text(PRINTED, max_size=20), token=TOKENS, steps=COUNTS, moves=COUNTS, at=COUNTS)
def test_the_mark_reads_back_as_written(world: World, db: str, host: str, token: str, steps: int, moves: int,
                                        at: int) -> None:
    world.execute(calls.night_mark("n1", db, host, 42, token=token, file="f1", origin="f0", applied=steps,
                                   moves=moves, at=at))
    mark = _mark_of(world)
    assert mark is not None
    assert (mark.db, mark.host, mark.pid, mark.token, mark.file, mark.origin, mark.applied, mark.moves, mark.at) == (
        db[-200:], host[:64], 42, token, "f1", "f0", steps, moves, at)


def test_applied_moves_the_counts_only_under_its_own_token(rcon: RconClient) -> None:
    rcon.command(calls.night_mark("n1", "/srv/night.db", "laptop", 7, token="abc", file="f1", applied=3, moves=5,
                                  at=100))
    rcon.command(calls.applied("def", 9, 9, 900))  # a controller taken over: writes nothing
    mark = parse_poll(rcon.command(POLL_QUERY)).night
    assert mark is not None and (mark.applied, mark.moves, mark.at) == (3, 5, 100)
    rcon.command(calls.applied("abc", 4, 7, 160))
    mark = parse_poll(rcon.command(POLL_QUERY)).night
    assert mark is not None and (mark.token, mark.applied, mark.moves, mark.at) == ("abc", 4, 7, 160)
    with pytest.raises(MonopoliError, match="not a lease token"):
        calls.applied('a"}', 1, 1, 1)


@pytest.mark.parametrize("edit", ['night.applied set value "many"', "night.moves set value -4",
                                  "night.token set value 12", "night.from set value {}"])
def test_a_mark_changed_by_hand_reads_as_no_count(world: World, edit: str) -> None:
    world.execute(calls.night_mark("n1", "/srv/night.db", "laptop", 7, token="abc", file="f1", applied=3, moves=5))
    assert world.execute(f"data modify storage monopoli:bridge {edit}") == ["Modified storage monopoli:bridge"]
    mark = _mark_of(world)
    assert mark is not None and mark.id == "n1"
    assert mark.applied in (0, 3) and mark.moves in (0, 5) and isinstance(mark.token, str)
