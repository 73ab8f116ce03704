"""The night's standings from the database alone (night.py): finishing orders, points, ties, a player who is the
same player at every table under another name, an undo that reopens a game, unfinished games as the organiser
chooses, the night: config section, and the standings book and calls as the server reads them."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from monopoli_mc.controller.decide.crown import _and, _level_at_the_cut
from monopoli_mc.controller.db.night import Night, NightUnreadable, Replays, read_night, record_crowning
from monopoli_mc.controller.game.nightview import Ranks, book_pages
from monopoli_mc.controller.db.store import Store
from monopoli_mc.datapack import calls, nightfns
from monopoli_mc.datapack.night_config import AS_IT_STANDS, NightRules
from monopoli_mc.datapack.text import Dialect
from monopoli_mc.datapack.versions import VERSIONS
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.errors import ConfigError, IllegalAction
from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.game import Game
from monopoli_mc.rules.phases import OVER, SYSTEM
from monopoli_mc.rules.settings import load_rules
from monopoli_mc.vanilla.judge import verdict

RULES = load_rules("prom")
BOARD = load_board(board_path(RULES.board))


def _game(store: Store, board: str, names: list[str], acts: list[tuple[str, Any]],
          uuids: list[str | None] | None = None) -> int:
    """A game recorded as the controller records it: its row, its seats' UUIDs, its actions, its end."""
    with store.transaction():
        gid = store.new_game(board, dataclasses.asdict(RULES), 1, names)
        if uuids is not None:
            store.set_seat_uuids(gid, uuids)
        game = Game.new(RULES, BOARD, names, 1)
        for kind, arg in acts:
            game.apply((kind, SYSTEM, arg))
            store.log(gid, (kind, SYSTEM, arg), "test")
        store.set_over(gid, over=game.phase == OVER)
    return gid


def _pay(seat: int, amount: int) -> tuple[str, Any]:
    return ("admin_pay", {"player": seat, "amount": amount})


def _kick(seat: int) -> tuple[str, Any]:
    return ("kick", {"player": seat})


def _table(night: Night) -> list[tuple[int, str, int, int, int, int]]:
    return [(s.rank, s.name, s.points, s.wins, s.worth, s.games) for s in night.standings]


def test_finishing_order_points_and_ties() -> None:
    store = Store(":memory:")
    # the winner, then by net worth, then the bankrupt in the reverse order of going out
    _game(store, "main", ["Alex", "Sam", "Robin", "Kai"], [_pay(1, 100), _kick(2), _kick(3), ("admin_end", None)])
    _game(store, "annex", ["Robin", "Noor"], [_kick(1)])
    _game(store, "main", ["Alex", "Noor", "Sam"], [_pay(1, 50), ("time_up", None)])  # Alex and Sam level second
    _game(store, "third", ["Kai", "Alex"], [])  # not finished: left out by default
    night = Night.read(store, NightRules())
    first = night.results[0]
    assert [(f.name, f.place, f.points, f.bankrupt) for f in first.finish] == [
        ("Sam", 1, 3, False), ("Alex", 2, 2, False), ("Kai", 3, 1, True), ("Robin", 4, 0, True)]
    assert (first.how, first.ending()) == ("operator", "admin end")
    assert [(f.name, f.place, f.points) for f in night.results[2].finish] == [("Noor", 1, 2), ("Alex", 2, 0),
                                                                             ("Sam", 2, 0)]
    assert not night.results[3].counted and night.results[3].ending() == "not finished"
    assert _table(night) == [(1, "Sam", 3, 1, 3100, 2), (2, "Noor", 2, 1, 1550, 2), (3, "Alex", 2, 0, 3000, 2),
                             (4, "Robin", 1, 1, 1500, 2), (5, "Kai", 1, 0, 0, 1)]
    # points by place instead, and the unfinished game counted as it stands
    by_place = Night.read(store, NightRules(points=(10, 5, 2), unfinished=AS_IT_STANDS))
    assert by_place.results[3].counted and [f.points for f in by_place.results[3].finish] == [10, 10]
    assert _table(by_place)[0] == (1, "Alex", 20, 0, 4500, 3)  # 5 + 5 + 10 (level first in game 4)


def test_a_player_is_their_uuid_whatever_their_name_and_an_undo_takes_a_result_out() -> None:
    store = Store(":memory:")
    kim, sam = "00000000-0000-0000-0000-00000000000a", "00000000-0000-0000-0000-00000000000b"
    with store.transaction():
        store.add_player(kim, "Kimberly")  # Kim's latest name
        store.add_player(sam, "Sam")
    _game(store, "main", ["Kim", "Sam"], [_pay(0, 100), ("admin_end", None)], uuids=[kim, sam])
    gid = _game(store, "annex", ["Kimberly", "Sam"], [_kick(0)], uuids=[kim, None])  # Sam's UUID from the table
    night = Night.read(store, NightRules())
    assert _table(night) == [(1, "Sam", 1, 1, 3000, 2), (2, "Kimberly", 1, 1, 1600, 2)]  # level: net worth decides
    assert {s.player for s in night.standings} == {kim, sam} and len(night.standings) == 2
    assert night.rank_of(kim) is not None and night.rank_of(kim).name == "Kimberly"  # type: ignore[union-attr]
    replays = Replays()
    assert len(Night.read(store, NightRules(), replays).results) == 2
    with store.transaction():  # the operator undoes the kick that ended game 2: it is running again
        store.log_undo(gid, "test")
        store.set_over(gid, over=False)
    after = Night.read(store, NightRules(), replays)
    assert [(s.name, s.games) for s in after.standings] == [("Kimberly", 1), ("Sam", 1)]
    assert after.running()[0].game == gid


def test_the_final_decides_the_crown_and_is_not_in_the_standings() -> None:
    store = Store(":memory:")
    _game(store, "main", ["Alex", "Sam", "Noor"], [_pay(0, 300), _pay(1, 200), ("admin_end", None)])
    gid = _game(store, "main", ["Alex", "Sam"], [_pay(1, 500), ("admin_end", None)])
    with store.transaction():
        store.set_final(gid)
    night = Night.read(store, NightRules())
    assert [s.name for s in night.standings] == ["Alex", "Sam", "Noor"]
    assert night.final is not None and night.final.game == gid
    assert [(p, n) for p, _k, n in night.podium()] == [(1, "Sam"), (2, "Alex"), (3, "Noor")]
    assert night.champion() is not None and night.champion()[1] == "Sam"  # type: ignore[index]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 3).map(lambda k: 100 * k), min_size=2, max_size=6), st.sets(st.integers(0, 5), max_size=4))
def test_places_and_points_agree_for_any_finish(pays: list[int], out: set[int]) -> None:
    """Whatever the net worths and who went out: the points of a game (ahead) add up to the pairs of players who
    finished apart, a place is one more than the players ahead, and the winner (if any) is first."""
    names = [f"P{i}" for i in range(len(pays))]
    kicks = [_kick(s) for s in sorted(out) if s < len(names)][:len(names) - 1]
    store = Store(":memory:")
    _game(store, "main", names, [_pay(s, p) for s, p in enumerate(pays) if p] + kicks
          + ([("admin_end", None)] if len(kicks) < len(names) - 1 else []))
    result = Night.read(store, NightRules()).results[0]
    finish = result.finish
    pairs = sum(1 for a in finish for b in finish if a.place < b.place)
    assert sum(f.points for f in finish) == pairs
    for f in finish:
        assert f.place == 1 + sum(1 for g in finish if g.place < f.place)
    if result.winner is not None:
        assert finish[0].player == result.winner and finish[0].place == 1 and finish[1].place == 2


@pytest.mark.parametrize("text, where", [
    ("night: {points: many}", "world.yaml:1: night.points: write `ahead` or a list"),
    ("night: {points: [1, 3]}", "world.yaml:1: night.points: a later place cannot score more"),
    ("night: {unfinished: maybe}", "world.yaml:1: night.unfinished: must be one of leave_out, as_it_stands"),
    ("night: {final_players: 9}", "world.yaml:1: night.final_players: must be at most 8"),
    ("night:\n  pointz: ahead\n", "world.yaml:2: night.pointz: unknown key; known keys: final_players, points, "
                                   "unfinished"),
])
def test_a_night_setting_that_cannot_be_read_names_file_line_and_key(tmp_path: Path, text: str, where: str) -> None:
    base = Path(load_world().source).read_text()
    path = tmp_path / "world.yaml"
    path.write_text(text + "\n" + base)
    with pytest.raises(ConfigError) as caught:
        load_world(path)
    assert str(path) in str(caught.value) and where in str(caught.value), str(caught.value)


def test_the_night_setting_is_read(tmp_path: Path) -> None:
    path = tmp_path / "world.yaml"
    path.write_text("night:\n  points: [10, 6, 3, 1]\n  unfinished: as_it_stands\n  final_players: 3\n"
                    + Path(load_world().source).read_text())
    assert load_world(path).night == NightRules(points=(10, 6, 3, 1), unfinished=AS_IT_STANDS, final_players=3)
    assert load_world().night == NightRules()


def _longest_night() -> Night:
    store = Store(":memory:")
    names = [c * 16 for c in "ABCDEFGH"]
    for i in range(3):
        _game(store, "main", names, [_pay(s, 100 * s + i + 1) for s in range(8)] + [("admin_end", None)])
    names2 = [c * 16 for c in "IJKLMNOP"]
    _game(store, "annex", names2, [_pay(s, 10 * s + 1) for s in range(8)] + [("admin_end", None)])
    return Night.read(store, NightRules())


@pytest.mark.parametrize("release", sorted(VERSIONS))
def test_the_night_s_calls_fit_one_request_and_each_release_takes_them(release: str) -> None:
    night = _longest_night()
    dialect = Dialect(VERSIONS[release])
    me = night.standings[-1]
    book = nightfns.book_call(me.name, book_pages(night, me.player, me.name), dialect)
    fire = nightfns.firework_call(-29999999, 320, -29999999, "light_gray")
    for call in (book, fire, nightfns.rank_call("A" * 16, 2**31 - 1), nightfns.rank_call("A" * 16, None)):
        assert len(call.encode("utf-8")) <= calls.MAX_REQUEST, call[:60]
        assert verdict(call, release) is None, (call[:80], verdict(call, release))
    assert calls.as_op(book) is not None  # batched with the poll's other writes


def test_the_book_s_pages() -> None:
    night = _longest_night()
    pages = book_pages(night, night.standings[0].player, "AAAAAAAAAAAAAAAA")
    text = ["".join(part["text"] for part in page["extra"]) for page in pages]
    assert text[0].startswith("THE NIGHT\nYou, AAAAAAAAAAAAAAAA: #1 of 16\n")
    assert len(text) == 2 and text[1].count("\n") == 4  # the top ten: six on the first page, four on the next
    assert len(nightfns.BOOK_TITLE) <= 32


def test_a_damaged_game_is_said_never_a_poll_that_fails_for_ever() -> None:
    """A game whose log cannot be replayed (a row changed by hand): the ranks stay and the terminal is told once,
    the night's readers in decisions get one line naming the row, never a StoreError that fails every poll."""
    store = Store(":memory:")
    gid = _game(store, "main", ["Alex", "Sam"], [_pay(1, 100), ("admin_end", None)])
    with store.transaction():
        store.db.execute("UPDATE actions SET arg=? WHERE game=? AND kind=?", ('{"player": 7, "amount": 1}', gid,
                                                                                "admin_pay"))
    with pytest.raises(NightUnreadable, match=r"the night's standings cannot be read: .*row 1 of game 1"):
        read_night(store, NightRules())
    said: list[str] = []
    ranks = Ranks(NightRules(), said.append)
    assert ranks.writes(store, [], 0.0) == [] and ranks.writes(store, [], 100.0) == []
    assert len(said) == 1 and said[0].startswith("warning: the night's standings cannot be read: ")


def test_players_level_at_third_are_all_on_the_podium_and_a_final_cannot_cut_between_them() -> None:
    """Alex and Noor end level on points, wins and worth: both are third on the podium the crowning announces,
    and a final of three is refused in one line that says how many seats take them both, or neither."""
    store = Store(":memory:")
    _game(store, "main", ["Kim", "Sam", "Alex", "Noor"], [_pay(0, 400), _pay(1, 200), ("admin_end", None)])
    night = Night.read(store, NightRules())
    assert [(s.rank, s.name) for s in night.standings] == [(1, "Kim"), (2, "Sam"), (3, "Alex"), (3, "Noor")]
    with store.transaction():
        crowning = record_crowning(store, night, 1e9)
    assert crowning.three == ("1. Kim (3 points)", "2. Sam (2 points)", "3. Alex (0 points)", "3. Noor (0 points)")
    with pytest.raises(IllegalAction) as refused:
        _level_at_the_cut(night.standings, 3, 2, 8)
    assert str(refused.value) == ("Alex and Noor share rank 3 (0 points, 0 wins, $1,500 at the ends): a final of 3 "
                                  "cannot choose between them; give --players 4 or --players 2")
    _level_at_the_cut(night.standings, 4, 2, 8)  # both seated: no choice to make
    _level_at_the_cut(night.standings, 2, 2, 8)  # neither


def test_champions_level_at_the_top_are_named_as_a_list() -> None:
    """A final ended level at the top crowns every player at first place: 'Sam, Kim and Alex', not 'Sam and Kim and
    Alex' (an organiser's rehearsal read the latter)."""
    assert [_and(n) for n in (["Sam"], ["Sam", "Kim"], ["Sam", "Kim", "Alex"])] == \
        ["Sam", "Sam and Kim", "Sam, Kim and Alex"]
