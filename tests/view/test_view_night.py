"""The night's panel beside the boards (issue 34): its data from the night as `controller/db/night.py` reads it
(the standings in the night's order with the tie-breaks shown, every ended game newest first, the podium,
a stale crowning said as stale), its HTML with every text escaped, and what a change sends: the rows it
moved, a game's end as one line at the head of the results."""

from __future__ import annotations

import dataclasses
import json
import time
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st
from test_view_escape import HOSTILE, TAGS
from test_view_heal import _events
from test_view_streams import _connect, _read_until, serving
from view_support import get, parse

from monopoli_mc.controller.loop import Controller, Settings
from monopoli_mc.controller.db.night import Crowning, Finish, Night, Result, Standing, record_crowning
from monopoli_mc.controller.db.store import Store
from monopoli_mc.datapack.night_config import NightRules
from monopoli_mc.datapack.world_config import load_world
from monopoli_mc.rules.settings import load_rules
from monopoli_mc.view.feed import Feed, Status
from monopoli_mc.view.html import Screen, night_parts, night_section, page
from monopoli_mc.view.night_panel import TOP, night_view, panel, panel_parts
from monopoli_mc.view.night_watch import NightWatch
from monopoli_mc.view.streams import _tail

T0 = 1_800_000_000.0
# The standings of tests/controller/test_night.py's night: rank, name, points, wins, net worth, games
HAND = [(1, "Alex", 3, 2, 5000, 3), (2, "Jules", 2, 2, 5100, 3), (3, "Robin", 2, 2, 4700, 3),
        (4, "Lee", 2, 1, 4600, 3), (5, "Sam", 2, 1, 3300, 3), (6, "Kai", 2, 0, 3400, 3), (7, "Noor", 1, 0, 4850, 3)]


def _standings(rows: list[tuple[int, str, int, int, int, int]]) -> tuple[Standing, ...]:
    return tuple(Standing(rank, f"uuid-{name}", name, points, wins, worth, games)
                 for rank, name, points, wins, worth, games in rows)


def _result(game: int, board: str, ended: float | None, order: list[tuple[str, int, bool]], *, how: str = "operator",
            winner: str | None = "first", final: bool = False) -> Result:
    n = len(order)
    finish = tuple(Finish(f"uuid-{name}", name, i + 1, n - 1 - i, worth, out, n - 1 - i)
                   for i, (name, worth, out) in enumerate(order))
    won = finish[0].player if winner == "first" else None
    return Result(game, board, T0 - 3600 + game, ended, how if ended is not None else "", won, finish, final,
                  ended is not None, tuple(name for name, _, _ in order))


def _reopened(result: Result) -> Result:
    """The game as an undo of its end leaves it: not finished, so not counted."""
    return dataclasses.replace(result, ended=None, how="", winner=None, counted=False)


def _night(results: list[Result], rows: list[tuple[int, str, int, int, int, int]] = HAND) -> Night:
    standings = _standings(rows)
    return Night(NightRules(), tuple(results), standings, {s.player: s.name for s in standings})


RESULTS = [_result(1, "main", T0 + 60, [("Sam", 1800, False), ("Lee", 1600, False), ("Alex", 1500, False)],
                   how="time_limit"),
           _result(2, "annex", T0 + 30, [("Robin", 1500, False), ("Kai", 0, True)], how="last_standing"),
           _result(3, "third", None, [("Noor", 1550, False), ("Jules", 2000, False)]),
           _result(4, "main", T0 + 120, [("Kai", 1800, False), ("Noor", 1800, False), ("Lee", 1500, False)],
                   winner=None)]


def _texts(html: str, cls: str) -> list[str]:
    return [" ".join(e.text.split()) for e in parse(html) if cls in e.attrs.get("class", "").split()]


def test_the_standings_in_the_night_s_order_with_the_tie_break_shown_where_two_are_level() -> None:
    view = night_view(_night(RESULTS))
    assert [(r.rank, r.name, r.points, r.wins, r.worth) for r in view.rows] == [h[:5] for h in HAND]
    ties = {r.name: (r.tie, r.decides) for r in view.rows}
    assert ties["Alex"] == ("", ()) and ties["Noor"] == ("", ())  # nobody level with them on points
    assert ties["Jules"] == ("", ("worth",))  # above Robin by net worth
    assert ties["Robin"] == ("level on points and wins: less net worth", ("wins", "worth"))
    assert ties["Lee"] == ("level on points: fewer wins", ("wins", "worth"))
    assert ties["Sam"] == ("level on points and wins: less net worth", ("wins", "worth"))
    assert ties["Kai"] == ("level on points: fewer wins", ("wins",))
    shared = night_view(_night([], [(1, "Ana", 1, 1, 1500, 1), (1, "Bo", 1, 1, 1500, 1)]))
    assert shared.rows[1].tie == "level on points, wins and net worth: the same rank"

    parts = dict(panel_parts(view))
    robin = parse(parts["rank2"])
    assert [e.text for e in robin if e.tag == "td"][0] == "3"
    assert next(e for e in robin if e.attrs.get("class") == "name").text.startswith("Robin")
    assert _texts(parts["rank2"], "tie") == ["level on points and wins: less net worth"]
    assert [e.attrs["class"] for e in robin if e.tag == "td"] == ["rank", "name", "points", "wins decides",
                                                                   "worth decides"]
    assert [e.text for e in robin if e.tag == "td"][2:] == ["2", "2", "$4,700"]
    assert next(e for e in parse(parts["rank0"]) if e.tag == "tr").attrs["class"] == "gold"
    assert parts["more"] == ""


def test_every_ended_game_newest_first_with_its_players_winner_ending_net_worths_and_time() -> None:
    view = night_view(_night(RESULTS))
    assert [r.game for r in view.results] == [4, 1, 2]  # game 3 is not finished: not a result
    lines = [" ".join(e.text.split()) for e in parse(dict(panel_parts(view))["results"]) if e.tag == "li"]
    at = time.strftime("%H:%M", time.localtime(T0 + 120))
    assert lines[0] == (f"{at} main, game 4: a tie, no winner (admin end)Kai $1,800, Noor $1,800, Lee $1,500")
    assert lines[1].endswith("main, game 1: Sam wins (the time limit)Sam $1,800, Lee $1,600, Alex $1,500")
    assert lines[2].endswith("annex, game 2: Robin wins (bankruptcy)Robin $1,500, Kai $0 (bankrupt)")
    undone = night_view(_night([*RESULTS[:3], _reopened(RESULTS[3])]))  # an undo reopened game 4
    assert [r.game for r in undone.results] == [1, 2]
    head = dict(panel_parts(view))["night"]
    assert " ".join(parse(head)[0].text.split()).startswith("The night 3 games ended, 7 players")


def test_the_podium_the_final_that_decided_it_and_a_stale_crowning() -> None:
    final = _result(5, "main", T0 + 300, [("Robin", 2000, False), ("Jules", 1600, False), ("Alex", 1500, False)],
                    final=True)
    night = _night([*RESULTS, final])
    assert night_view(night).podium is None and dict(panel_parts(night_view(night)))["podium"] == ""
    crowning = Crowning(T0 + 400, "uuid-Robin", "Robin", night.fingerprint())
    view = night_view(night, crowning)
    assert view.podium is not None and view.podium.stale is None
    podium = dict(panel_parts(view))["podium"]
    at = time.strftime("%H:%M", time.localtime(T0 + 400))
    assert _texts(podium, "champion") == ["Champion of the night: Robin"]
    assert _texts(podium, "decided") == [f"the final decided it (crowned at {at})"]
    assert [e.text for e in parse(podium) if e.tag == "li"] == ["1. Robin", "2. Jules", "3. Alex"]
    assert [e.attrs["class"] for e in parse(podium) if e.tag == "li"] == ["gold", "silver", "bronze"]

    by_standings = night_view(_night(RESULTS), Crowning(T0 + 400, "uuid-Alex", "Alex", _night(RESULTS).fingerprint()))
    assert _texts(dict(panel_parts(by_standings))["podium"], "decided")[0].startswith("the standings decided it")

    reopened = _night([*RESULTS[:3], _reopened(RESULTS[3]), final])  # an undo after the crowning
    stale = dict(panel_parts(night_view(reopened, crowning)))["podium"]
    assert _texts(stale, "stale") == [f"The crowning of {at} (Robin) is stale: game 4 at board main was reopened "
                                      "since (an undo); monopoli admin crown crowns again."]
    assert _texts(stale, "champion") == []

    playing = dataclasses.replace(final, ended=None, how="", counted=False, winner=None)
    on = dict(panel_parts(night_view(_night([*RESULTS, playing]))))["podium"]
    assert _texts(on, "final-on") == ["The final is being played at board main: Robin, Jules, Alex. Its winner is "
                                      "the champion."]


def test_the_top_rows_then_how_many_more_and_nothing_before_any_game_ended() -> None:
    rows = [(i + 1, f"P{i:03d}", 200 - i, 0, 1500, 1) for i in range(128)]
    view = night_view(_night([], rows))
    assert len(view.rows) == TOP and view.more == 128 - TOP
    parts = dict(panel_parts(view))
    assert _texts(parts["more"], "more") == [f"and {128 - TOP} more: monopoli standings lists everyone"]
    assert [n for n, _ in panel_parts(view)] == ["night", "podium", "standings", *(f"rank{i}" for i in range(TOP)),
                                                 "more", "results"]
    empty = night_view(_night([], []))
    assert empty.empty and panel(empty).parts == ()  # the page hides an empty panel


@settings(max_examples=60, deadline=None)
@given(names=st.lists(st.one_of(st.sampled_from(HOSTILE), st.text(min_size=1, max_size=20)), min_size=3,
                      max_size=3, unique=True),
       board=st.one_of(st.sampled_from(HOSTILE), st.text(min_size=1, max_size=12)))
def test_hostile_names_and_boards_stay_text(names: list[str], board: str) -> None:
    rows = [(1, names[0], 2, 1, 1800, 1), (2, names[1], 1, 0, 1600, 1), (2, names[2], 1, 0, 1600, 1)]
    result = _result(1, board, T0, [(n, 1500, False) for n in names])
    night = _night([result], rows)
    crowning = Crowning(T0, "uuid-x", names[0], [[9, "operator", []]])  # stale: game 9 is not in the night
    final = dataclasses.replace(result, game=2, ended=None, final=True)
    view = night_view(dataclasses.replace(night, results=(result, final)), crowning)
    aside = night_section(night_parts(panel(view)))
    html = page([], Status("live", "live"), night=aside, night_shown=True, screen=Screen("wall"))
    elements = parse(html)
    assert {e.tag for e in elements} <= TAGS | {"code", "span"}
    assert not [k for e in elements for k in e.attrs if k.startswith("on")]
    assert [e.attrs.get("src") for e in elements if e.tag == "script"] == ["/page.js"]
    cells = [e.text for e in elements if e.attrs.get("class") == "name"]
    assert [c[:len(n)] for c, n in zip(cells, names)] == names  # each name, as it is
    li = next(e.text for e in elements if e.tag == "li" and board in e.text)
    assert all(n in li for n in names)
    assert f"({names[0]}) is stale" in next(e.text for e in elements if e.attrs.get("class") == "stale")
    assert json.loads(json.dumps({"html": aside}))["html"] == aside


def test_a_game_s_end_sends_the_rows_it_moved_and_its_line_at_the_head_of_the_results() -> None:
    before = _night(RESULTS[:2], [(1, "Sam", 2, 1, 1800, 1), (2, "Robin", 1, 1, 1500, 1), (3, "Lee", 1, 0, 1600, 1),
                                  (4, "Alex", 0, 0, 1500, 1), (4, "Kai", 0, 0, 0, 1), (6, "Noor", 0, 0, 1550, 1)])
    after = _night(RESULTS[:2] + RESULTS[3:], [(1, "Sam", 2, 1, 1800, 1), (2, "Kai", 1, 0, 1800, 2),
                                               (3, "Lee", 1, 0, 3100, 2), (4, "Robin", 1, 1, 1500, 1),
                                               (5, "Noor", 1, 0, 1800, 1), (6, "Alex", 0, 0, 1500, 1)])
    with serving() as (feed, server):
        feed.publish_night(panel(night_view(before)))
        reader = _connect(server)
        first = _events(_read_until(reader, b"event: status"))
        whole = next(d for k, d in first if k == "full" and d["slot"] == "night")
        feed.publish_night(panel(night_view(after)))
        got = _events(_read_until(reader, b'"slot": "night"'))
        reader.close()
        _, _, wall = get(server.url + "wall")
    delta = next(d for k, d in got if k == "delta" and d["slot"] == "night")
    was, now = dict(night_parts(panel(night_view(before)))), dict(night_parts(panel(night_view(after))))
    assert whole["version"] == delta["base"]
    assert set(delta["parts"]) == {"night", "rank1", "rank2", "rank3", "rank4", "rank5"}  # Sam's row stays
    assert "results" not in delta["parts"] and delta["tails"]["results"]["front"].startswith("<li>")
    tail = delta["tails"]["results"]
    assert tail["drop"] == 0 and tail["cut"] == 0 and tail["add"] == ""
    split = was["results"].index("<li>")
    assert was["results"][:split] + tail["front"] + was["results"][split:] == now["results"]
    assert all(now[p] == html for p, html in delta["parts"].items())
    assert 'class="screen-wall cols-1 rows-1 beside"' in wall  # the panel has its column beside a full grid


@settings(max_examples=200, deadline=None)
@given(old=st.lists(st.sampled_from("abcdefg"), max_size=8), new=st.lists(st.sampled_from("abcdefg"), max_size=8))
@example(old=["b", "a"], new=["a", "b", "a"])  # a fresh clone's draw: both ends keep items; the front sends fewer
def test_a_list_part_s_change_sent_as_its_ends_makes_the_new_list(old: list[str], new: list[str]) -> None:
    def part(items: list[str]) -> str:
        return f'<h3>Results</h3><ol class="results">{"".join(f"<li>{i}</li>" for i in items)}</ol>'

    tail = _tail(part(old), part(new))
    if not old or not new:  # no item to keep an end of: the part goes whole
        assert tail is None
        return
    assert tail is not None
    items = [f"<li>{i}</li>" for i in old]  # as page.js applies it: drop, cut, add at the end, front at the start
    items = items[tail["drop"]:]
    items = items[:len(items) - tail.get("cut", 0)]
    made = tail.get("front", "") + "".join(items) + tail["add"]
    assert part(new) == f'<h3>Results</h3><ol class="results">{made}</ol>'
    if old and new[1:] == old:  # a game's end: its line alone, at the head
        assert tail.get("front", "") + tail["add"] == f"<li>{new[0]}</li>" and tail["drop"] == tail.get("cut", 0) == 0


def test_the_watch_reads_nothing_while_idle_and_sees_another_world_s_crowning_within_30_s(tmp_path: Path) -> None:
    store = Store(tmp_path / "night.db")
    rules = load_rules("prom")
    with store.transaction():
        game = store.new_game("main", dataclasses.asdict(rules), 1, ["Alex", "Sam"])
        store.log(game, ("admin_pay", -1, {"player": 1, "amount": 200}), "test")  # Sam the richest
        store.log(game, ("admin_end", -1, None), "test")
        store.set_over(game)
    ctl = Controller(None, load_world(), store, Settings(rules="prom"))  # type: ignore[arg-type]  # never polls
    now = [0.0]
    feed = Feed()
    watch = NightWatch(ctl, feed, clock=lambda: now[0])
    watch(flush=True)  # attached before the controller's first read: it reads the night once itself
    assert watch.reads == 1 and feed.night() is not None
    ctl.ranks.night = Night.read(store, ctl.world.night, ctl.ranks.replays)  # the controller's read after a poll
    watch()
    version = feed.version
    looks = watch.crown_reads
    for second in range(1, 30):  # idle polls: nothing read, nothing published
        now[0] = second
        watch()
    assert (watch.reads, watch.crown_reads, feed.version) == (1, looks, version)
    with store.transaction():  # another world's controller crowns the night in the same database
        record_crowning(store, ctl.ranks.night, 1_800_000_000.0)
    now[0] = 31
    watch()
    assert watch.crown_reads == looks + 1 and feed.version == version + 1
    night = feed.night()
    assert night is not None and "Champion of the night: <b>Sam</b>" in dict(night[1].parts)["podium"]
    ctl.decided += 1  # this controller decided something (an operator's request): the crowning is looked at
    watch()
    assert watch.crown_reads == looks + 2 and feed.version == version + 1  # the same: nothing sent
    store.close()
