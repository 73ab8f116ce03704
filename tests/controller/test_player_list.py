"""`list uuids` read exactly: Floodgate's `.Robin` and `x.Alex` are never Robin or Alex."""

from __future__ import annotations

import uuid

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from monopoli_mc.bridge.inbox import InboxError, parse_uuid_list
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.world import World

# Java names are [A-Za-z0-9_]{3,16}; Floodgate prefixes Bedrock gamertags with "." (its default,
# spaces made "_") and cuts them to 16; other prefixes and odd names are seen on servers too.
NAME_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-+"
names = st.text(NAME_CHARS, min_size=1, max_size=16)
uuids = st.uuids().map(str)


def listing(players: list[tuple[str, str]], max_players: int = 20) -> str:
    """A `list uuids` reply the way vanilla writes it."""
    entries = ", ".join(f"{name} ({u})" for name, u in players)
    return f"There are {len(players)} of a max of {max_players} players online: {entries}"


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(uuids, names, max_size=12), st.integers(1, 500))
def test_every_name_is_read_whole(players: dict[str, str], max_players: int) -> None:
    assert parse_uuid_list(listing([(n, u) for u, n in players.items()], max_players)) == players


@settings(max_examples=200, deadline=None)
@given(names, st.sampled_from([".", "x.", "..", "_", "0"]), uuids, uuids)
def test_a_prefixed_name_is_not_the_plain_one(name: str, prefix: str, plain: str, prefixed: str) -> None:
    long_name = (prefix + name)[:16]
    found = parse_uuid_list(listing([(long_name, prefixed), (name, plain)]))
    assert found[prefixed] == long_name
    assert found[plain] == name


def test_floodgate_players_beside_java_ones() -> None:
    robin, alex, dot = (str(uuid.uuid4()) for _ in range(3))
    reply = listing([(".Robin", robin), ("x.Alex", alex), ("Alex", dot)])
    assert parse_uuid_list(reply) == {robin: ".Robin", alex: "x.Alex", dot: "Alex"}


def test_nobody_online() -> None:
    assert parse_uuid_list("There are 0 of a max of 20 players online: ") == {}


@pytest.mark.parametrize("reply", [
    "Unknown or incomplete command, see below for error",
    "There are 1 of a max of 20 players online: Alex",             # `list` without uuids
    "There are 1 of a max of 20 players online: Alex (0000-0000)",
])
def test_what_is_not_a_uuid_list_is_a_clear_error(reply: str) -> None:
    with pytest.raises(InboxError, match="list uuids"):
        parse_uuid_list(reply)


# an offline-mode server takes any name of printable ASCII but the space (vanilla's
# StringUtil.isValidPlayerName, checked in ServerLoginPacketListenerImpl.handleHello), at most 16;
# a proxy may let a space through too
odd_names = st.text(st.characters(min_codepoint=32, max_codepoint=126), min_size=1, max_size=16)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(uuids, odd_names, max_size=12), st.integers(1, 500))
def test_names_with_commas_and_brackets_are_read_whole_beside_the_others(players: dict[str, str],
                                                                        max_players: int) -> None:
    assert parse_uuid_list(listing([(n, u) for u, n in players.items()], max_players)) == players


@pytest.mark.parametrize("theirs", ["There are 0 of a max of 20 players online: ", "$seq has 3 [monopoli.seq]",
                                    "Storage monopoli:bridge has the following contents: 12"])
@pytest.mark.parametrize("players", [[], [("Alex", "00000000-0000-0000-0000-000000000001")]])
def test_a_list_joined_to_another_client_s_reply_is_an_error(theirs: str, players: list[tuple[str, str]]) -> None:
    """Vanilla's one RCON reply buffer may join another client's output to ours: never a list of fewer
    players, nor a name made of two replies (the controller asks again)."""
    with pytest.raises(InboxError, match="list uuids"):
        parse_uuid_list(listing(players) + theirs)
    if players:
        with pytest.raises(InboxError, match="list uuids"):
            parse_uuid_list(listing(players) + listing(players))


def test_a_count_that_disagrees_keeps_every_name_read() -> None:
    one = "00000000-0000-0000-0000-000000000001"
    assert parse_uuid_list(f"There are 2 of a max of 20 players online: Alex ({one})") == {one: "Alex"}


def test_a_player_named_with_a_bracket_or_comma_does_not_hide_a_newcomer() -> None:
    """The controller's who-is-who (`Players.refresh`, asked when an entry comes from a UUID it does not know)
    reads the sandbox's `list uuids` whole beside odd names: the newcomer is known. The request itself is
    the one every rig's joins make over RCON."""
    from monopoli_mc.controller.db.store import Store
    from monopoli_mc.controller.io.players import Players

    world = World()
    for name in ("Alex", "Kim,Lee", "a(b", "x) (y"):
        Bot.join(world, name)
    lines: list[str] = []
    players = Players(Store(":memory:"), lambda text: "".join(world.execute(text)), lines.append)
    assert players.refresh() == {"Alex", "Kim,Lee", "a(b", "x) (y"}
    jo = Bot.join(world, "Jo")
    assert players.refresh() == {"Alex", "Kim,Lee", "a(b", "x) (y", "Jo"}
    assert players.names[str(jo.player.uuid)] == "Jo" and "Kim,Lee" in players.names.values()
    assert lines == []


def test_the_sandbox_lists_floodgate_names_as_vanilla_does() -> None:
    world = World()
    robin, alex = Bot.join(world, ".Robin"), Bot.join(world, "Alex")
    found = parse_uuid_list(world.execute("list uuids")[0])
    assert found == {str(robin.player.uuid): ".Robin", str(alex.player.uuid): "Alex"}


def test_a_floodgate_player_is_seated_as_themself() -> None:
    from decide_support import Desk

    from monopoli_mc.datapack import calls

    desk = Desk([".Robin", "Robin"])
    assert desk.game.names == [".Robin", "Robin"]
    assert calls.cash(".Robin", 1500) in desk.written and calls.cash("Robin", 1500) in desk.written
