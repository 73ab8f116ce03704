"""The night's news between its worlds (tidings.py, worlds.hear) from the database alone: each world hears each
tiding once, a world seen for the first time hears nothing of before, and rows changed outside monopoli (the
count, a tiding, the world's mark, a crowning) are passed with a line, never a poll that fails for ever. What is
told is judged against Mojang's command tree. The whole night over real RCON is test_night_two_worlds.py."""

from __future__ import annotations


from hypothesis import given, settings
from hypothesis import strategies as st

from monopoli_mc.controller.db import tidings

from monopoli_mc.controller.decide import worlds
from monopoli_mc.controller.decide.settings import Settings
from monopoli_mc.controller.decide.snapshot import Reads, Snapshot
from monopoli_mc.controller.db.store import Store
from monopoli_mc.controller.game.table import boards
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.settings import load_rules
from monopoli_mc.sandbox.strict import judge

HERE, THERE = "127.0.0.1:25575", "127.0.0.1:25576"
LINE = "Board annex, game 2: Kim wins (the richest when the operator ended the game). Net worth: Kim $1,600."


def _snapshot(store: Store) -> Snapshot:
    world = load_world()  # one board, main; annex is another world's
    rules = load_rules("prom")
    return Snapshot(store, boards(world), {}, True, Reads(), now=0.0, wall=1e9, settings=Settings(seed=1),
                    rules=rules, board=load_board(board_path(rules.board)), world=world, world_id="w")


def _hear(store: Store) -> tuple[list[str], list[str]]:
    s = _snapshot(store)
    with store.transaction():
        writes = worlds.hear(s, HERE)
    assert all(judge(command, s.world.version.name) is None for command in writes), writes
    return writes, s.lines


def test_each_world_hears_each_tiding_once_and_a_new_world_nothing_before() -> None:
    store = Store(":memory:")
    assert tidings.due(store, HERE)  # never heard: its mark is set at the first look
    assert _hear(store) == ([], [])
    assert not tidings.due(store, HERE)
    with store.transaction():
        tidings.tell(store, tidings.RESULT, board="annex", game=2, line=LINE)
        tidings.tell(store, tidings.RESULT, board="main", game=1, line="Board main, game 1: ...")  # this world's
    assert tidings.due(store, HERE)
    writes, lines = _hear(store)
    assert lines == [f"told this server: {LINE}"] and len(writes) == 1 and "Kim wins" in writes[0]
    assert not tidings.due(store, HERE) and _hear(store) == ([], [])  # once
    assert tidings.due(store, THERE)  # another world, seen now for the first time: nothing of before
    with store.transaction():
        assert tidings.unheard(store, THERE) == ([], [])


def test_a_world_back_after_a_while_hears_the_last_results_and_a_count_of_the_rest() -> None:
    store = Store(":memory:")
    _hear(store)
    with store.transaction():
        for game in range(1, 9):
            tidings.tell(store, tidings.RESULT, board="annex", game=game, line=f"Board annex, game {game}: ...")
    _writes, lines = _hear(store)
    assert lines == ["told this server: 3 more games ended on the night's other servers meanwhile: /trigger "
                     "standings shows the night."] + [f"told this server: Board annex, game {g}: ..." for g in range(4, 9)]


def test_the_final_elsewhere_unseats_its_finalists_here_and_tells_them_to_go_over() -> None:
    store = Store(":memory:")
    _hear(store)
    with store.transaction():
        store.seat("main", "Sam")
        store.unseat("main", "Sam")  # as the final's world does, in the database they share
        tidings.tell(store, tidings.FINAL, board="annex", game=5, players=["Sam", "Alex"],
                     line="The final starts at board annex: Sam, Alex. Its winner is the champion!",
                     unseated=[["main", "Sam"], ["elsewhere", "Kai"], "junk", [1, 2]])
    writes, lines = _hear(store)
    assert lines[0] == "[main] Sam left its seats for the final at board annex, on another server"
    assert lines[1] == "the final starts at board annex, on another server: Sam, Alex; those on this server are told " \
                       "to go over"
    assert lines[2:] == [f"  to {n}: {worlds.COME_OVER.format(board='annex')}" for n in ("Sam", "Alex")]
    assert any("Its winner is the champion" in w for w in writes)


def test_a_crowning_is_announced_from_its_record_and_a_damaged_one_is_said() -> None:
    store = Store(":memory:")
    _hear(store)
    record = {"at": 1e9, "champion": "u", "name": "Alex", "games": [], "top": ["Alex"],
              "three": ["1. Alex (1 point)", "2. Sam (2 points)"], "color": "lime"}
    with store.transaction():
        store.set_crowning(record)
        tidings.tell(store, tidings.CROWNED, at=1e9)
    writes, lines = _hear(store)
    assert lines == ["the night's crowning announced on this server: Alex"]
    assert sum("firework" in w for w in writes) == 3 and any("1. Alex (1 point)" in w for w in writes)
    with store.transaction():
        store.set_crowning(dict(record, top=[7]))
        tidings.tell(store, tidings.CROWNED, at=2e9)
    writes, lines = _hear(store)
    assert writes == [] and lines[0].startswith("warning: the crowning cannot be announced on this server: ")
    assert "table 'meta' is damaged" in lines[0]
    with store.transaction():  # a colour no banner has: the world's first colour
        store.set_crowning(dict(record, color="not a colour"))
        tidings.tell(store, tidings.CROWNED, at=3e9)
    writes, _ = _hear(store)
    assert sum("firework" in w for w in writes) == 3


@settings(max_examples=60, deadline=None)
@given(count=st.text(max_size=6), tiding=st.text(max_size=30), mark=st.text(max_size=6))
def test_rows_changed_outside_monopoli_never_fail_a_poll(count: str, tiding: str, mark: str) -> None:
    store = Store(":memory:")
    _hear(store)
    with store.transaction():
        tidings.tell(store, tidings.RESULT, board="annex", game=1, line=LINE)
        _edit(store, "news:2", tiding)  # whatever a hand edit leaves
        _edit(store, "news", "2")
    writes, lines = _hear(store)
    assert f"told this server: {LINE}" in lines
    readable = tiding.strip().startswith("{") and '"kind"' in tiding
    assert readable or any("the night's news 2 (meta 'news:2') cannot be read" in line for line in lines)
    with store.transaction():
        _edit(store, "news", count)
        _edit(store, f"heard:{HERE}", mark)
    _hear(store)  # a count that is no number is 0; a mark past the count follows it
    assert not tidings.due(store, HERE)


def _edit(store: Store, key: str, value: str) -> None:
    """A row of the meta table changed by hand, outside monopoli."""
    store.db.execute("INSERT OR REPLACE INTO meta(key, value) VALUES(?, ?)", (key, value))
