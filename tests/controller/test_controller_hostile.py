"""Hostile inbox entries (issue 19): for names, values, texts, boards and time stamps drawn by Hypothesis, after
any single hostile entry the next good input of another player is applied within two polls, on the 1.21.4
and 1.21.11 dialects, and the game log replays to the game the controller holds.

Decided on snapshots (`decide_support.Desk`, no server): an entry is what the read phase hands the decisions
(`bridge.inbox.WorldEvent`), whoever wrote it: the console (no UUID), a UUID the server never listed, a
newcomer who just joined, a seated player whose turn it is not. How the pack queues such an entry (its
numbering, paging and acknowledgement) and how odd values read (a float, a list, a long: no value) are
the pack's and the reader's, proven by tests/datapack (test_datapack_inbox_bound, test_datapack_sandbox)
and test_bridge.py (test_odd_entries_are_skipped_or_valueless, test_admin_entries_name_their_board_and_time,
test_an_entry_s_text_as_vanilla_prints_it_is_read_back_on_every_dialect); an entry above the pack's counter
by test_controller_restored.py. One table per release for the whole module, a new game once one is over
(an example never skips).
"""

from __future__ import annotations

import dataclasses
import itertools
import uuid as uuidlib

import pytest
from decide_support import Desk
from hypothesis import given, settings
from hypothesis import strategies as st

from monopoli_mc.controller.db.saved import load_game
from monopoli_mc.controller.game import intents, offers
from monopoli_mc.controller.game.policy import next_move
from monopoli_mc.datapack.versions import get_version
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.rules.bots import make_bots
from monopoli_mc.rules.phases import OVER

VERSIONS = ("1.21.4", "1.21.11")
INT32 = st.integers(-2**31, 2**31 - 1)
# offline mode takes any printable ASCII but the space, up to 16; proxies and Floodgate pass more
NAMES = st.text(st.characters(min_codepoint=33, max_codepoint=126), min_size=1, max_size=16) | st.text(
    st.characters(blacklist_categories=["Cs"]), min_size=1, max_size=16)
TEXTS = st.text(st.characters(blacklist_categories=["Cs"]), max_size=40)
PLAYER_KINDS = sorted(intents.game_kinds() | set(offers.KINDS) | {"jar", "deed", "join", "online"})
SAFE_ADMIN = ["admin_status", "admin_pay", "admin_fine", "admin_give_deed", "admin_seat", "admin_move"]
KINDS = st.sampled_from(PLAYER_KINDS + SAFE_ADMIN) | TEXTS
WHO = st.sampled_from(["console", "stranger", "newcomer", "bystander"])
GAME_TIME = 24000  # the world's game time when an operator's entry is read (its stamp is compared with it)
TABLES: dict[str, Desk] = {}
NEWCOMERS = itertools.count()


def _desk(version: str) -> Desk:
    """One release's table for the whole module: Alex and Sam's game."""
    if version not in TABLES:
        world = dataclasses.replace(load_world(), movement="teleport", version=get_version(version))
        TABLES[version] = Desk(["Alex", "Sam"], world=world, seed=3)
        TABLES[version].game_time = GAME_TIME
    return TABLES[version]


def _hostile(desk: Desk, who: str, kind: str, value: int | None, target: str | None, board: str | None,
             stamp: int | None, name: str, text: str | None) -> int:
    """Queue one hostile entry as the read phase hands it on; its seq."""
    if who == "console":
        uuid = None
    elif who == "stranger":
        uuid = str(uuidlib.uuid4())  # never listed by the server: nobody's name
    elif who == "newcomer":
        newcomer = name if name not in desk.names.values() else f"n{next(NEWCOMERS)}"
        uuid = desk.join(newcomer)
    else:
        game = desk.game
        other = game.names[1 - game.to_act()]
        uuid = next(u for u, n in desk.names.items() if n == other)
    return desk.entry(kind, uuid, value=value, target=target, board=board, time=stamp, text=text).seq


def _next_game(desk: Desk) -> None:
    """When an example finds the game over, Alex and Sam sit down again and the next game starts, so no
    later example is skipped (the table lives across examples). A hostile entry may have seated another
    name for the next game: the operator unseats it first, as at the party."""
    for name in desk.store.lobby("main"):
        if name not in ("Alex", "Sam"):
            desk.ask("unseat", player=name)
    for name in ("Alex", "Sam"):
        if name not in desk.store.lobby("main"):
            desk.trigger(name, "join")
            desk.step()
    for _ in range(5):
        if desk.game.phase != OVER:
            return
        desk.step()
    pytest.fail(f"no next game after the last ended; the controller said: {desk.lines[-12:]}")


@settings(max_examples=60, deadline=None)
@given(version=st.sampled_from(VERSIONS), who=WHO, kind=KINDS, value=st.none() | INT32,
       target=st.none() | NAMES | TEXTS, board=st.none() | st.just("main") | TEXTS,
       stamp=st.none() | INT32 | st.integers(GAME_TIME - 100, GAME_TIME + 100), name=NAMES,
       text=st.none() | TEXTS)
def test_after_any_hostile_entry_the_next_good_input_is_applied_within_two_polls(
        version: str, who: str, kind: str, value: int | None, target: str | None, board: str | None,
        stamp: int | None, name: str, text: str | None) -> None:
    desk = _desk(version)
    if desk.game.phase == OVER:
        _next_game(desk)
    hostile = _hostile(desk, who, kind, value, target, board, stamp, name, text)
    assert desk.step() == 1  # the hostile entry's poll: decided, every command judged by Mojang's tree
    strategies = make_bots(len(desk.game.names))
    move = next_move(desk.game, strategies)  # the good input, chosen in the game as the entry left it
    for _ in range(5):  # the controller's own moves (a debt paid, an auction closed) come first
        if move is not None:
            break
        desk.step()
        move = next_move(desk.game, strategies)
    if desk.game.phase == OVER:  # the entry ended the game (a fine nobody can pay): the next one is played
        return
    assert move is not None, desk.lines[-12:]
    game_id = desk.table.game_id
    before = len(desk.store.effective(game_id))
    desk.play(move)
    for _attempt in range(2):
        desk.step()
        new = desk.store.effective(game_id)[before:]
        if any(origin.startswith("seq ") and int(origin[4:]) > hostile and action[1] == move[1]
               for action, origin in new):
            break
    else:
        pytest.fail(f"{move} not applied within two polls after a hostile entry; applied: {new}; "
                    f"the controller said: {desk.lines[-12:]}")
    row = desk.store.current_game("main")
    assert row is not None
    replayed, _ = load_game(desk.store, row, desk.board)
    assert replayed.to_data() == desk.game.to_data()


def test_an_example_that_finds_the_game_over_plays_the_next_game() -> None:
    """The table lives across examples: a game that ended is followed by the next, never a skip."""
    desk = _desk("1.21.11")
    if desk.game.phase == OVER:
        _next_game(desk)
    ended = desk.table.game_id
    assert "ended" in desk.ask("end").lower()
    assert desk.game.phase == OVER
    _next_game(desk)
    assert desk.game.phase != OVER and desk.table.game_id != ended
    assert sorted(desk.game.names) == ["Alex", "Sam"]
