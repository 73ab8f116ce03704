"""How long reading the night's standings takes (controller/db/night.py), by the number of games in the database;
and (--page) what the board page's night panel costs an idle poll.

Usage: .venv/bin/python bench/night.py [--games 10,30,60] [--players 4] [--rounds 60] [--rules classic]
       .venv/bin/python bench/night.py --page [--games 30] [--polls 2000]

Bot games (rules.simulate.play_game, --rounds at most) are recorded as the controller records them, one
database per size, then the night is read three ways, side by side: the first read (every ended game
replayed from its start: a controller's first poll after it starts, or `monopoli standings`), a read with the
replays kept (`Replays`: what the controller pays every 30 s and at each game's end, the book's
/trigger standings), and a read after one more game ended (that game alone replayed).

--page: a night of --games ended games, a controller on it against the sandbox (no player, nothing
happens: every poll is idle), the live page attached three ways in turn, each for --polls polls: as
before the night's panel (the boards' watch alone), as now (the boards' watch and the night's watch,
which draws the night the controller already read), and a panel that reads the night at every poll
(what the night's watch avoids). For each, the idle poll's time (the inbox read over RCON, the
watchers after it) and the watchers' time alone, p50 and p95, side by side.
"""

from __future__ import annotations

import argparse
import dataclasses
import tempfile
import time
from pathlib import Path
from typing import Any

from monopoli_mc.controller.db.night import Night, Replays, crowned, read_night
from monopoli_mc.controller.db.store import Store
from monopoli_mc.datapack.night_config import NightRules
from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.settings import Rules, load_rules
from monopoli_mc.rules.simulate import play_game


def _record(store: Store, rules: Rules, board: Any, players: int, seed: int) -> int:
    """One bot game into the store, as the controller records it; its actions."""
    actions: list[tuple[str, int, Any]] = []
    play_game(rules, board, players, seed, record=actions)
    with store.transaction():
        gid = store.new_game("main", dataclasses.asdict(rules), seed, [f"Bot_{i + 1}" for i in range(players)])
        for action in actions:
            store.log(gid, action, "bench")
        store.set_over(gid)
    return len(actions)


def _timed(read: Any) -> float:
    start = time.perf_counter()
    read()
    return time.perf_counter() - start


def _idle_polls(store: Store, rcon: Any, how: str, polls: int) -> tuple[list[float], list[float]]:
    """A controller with the page attached `how` ("before", "now", "every poll"): each idle poll's time and
    its watchers' time, in ms."""
    from monopoli_mc.controller.loop import Controller, Settings
    from monopoli_mc.datapack.world_config import load_world
    from monopoli_mc.view.live import LivePage, Watch
    from monopoli_mc.view.night_panel import night_view, panel

    ctl = Controller(rcon, load_world(), store, Settings(rules="classic"))
    ctl.start()
    page = LivePage("127.0.0.1", 0)
    if how == "now":
        page.attach(ctl)
    else:
        watch = Watch(ctl, page.feed)
        watch(flush=True)
        ctl.watchers.append(watch)
        if how == "every poll":
            def read_each_poll() -> None:
                night = read_night(ctl.store, ctl.world.night, ctl.ranks.replays)
                page.feed.publish_night(panel(night_view(night, crowned(ctl.store))))
            ctl.watchers.append(read_each_poll)
    spent: list[float] = []

    def timed(watcher: Any) -> Any:
        def run() -> None:
            start = time.perf_counter()
            watcher()
            spent[-1] += time.perf_counter() - start
        return run

    ctl.watchers = [timed(w) for w in ctl.watchers]
    gaps = []
    for _ in range(polls):
        spent.append(0.0)
        start = time.perf_counter()
        ctl.poll()
        gaps.append((time.perf_counter() - start) * 1000)
    page.close("the bench is over")
    ctl.release()
    return gaps, [s * 1000 for s in spent]


def page_costs(games: int, polls: int, rules: Rules, board: Any, players: int) -> None:
    """The idle poll with the page as before, as now, and reading the night every poll, side by side."""
    from bridge import percentile  # type: ignore[import-not-found]  # bench/ is the script's folder

    from monopoli_mc.rcon.client import RconClient
    from monopoli_mc.sandbox.runner import Sandbox

    print(f"an idle poll with the page up, a night of {games} ended games, {polls} polls each (ms)")
    print(f"{'page':12} {'poll p50':>9} {'poll p95':>9} {'watchers p50':>13} {'watchers p95':>13}")
    with tempfile.TemporaryDirectory() as folder, \
            Sandbox(password="bench-pw", strict=False, ticking=False,
                    datapack=Path(__file__).resolve().parents[1] / "datapacks" / "monopoli") as box, \
            RconClient(*box.address, "bench-pw", timeout=30) as rcon:
        box.world.tick()  # the pack's load function
        store = Store(Path(folder) / "night.db")
        for seed in range(games):
            _record(store, rules, board, players, seed)
        for how in ("before", "now", "every poll"):
            gaps, spent = _idle_polls(store, rcon, how, polls)
            print(f"{how:12} {percentile(gaps, 0.5):9.3f} {percentile(gaps, 0.95):9.3f} "
                  f"{percentile(spent, 0.5):13.4f} {percentile(spent, 0.95):13.4f}")
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="10,30,60")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--page", action="store_true", help="what the page's night panel costs an idle poll")
    parser.add_argument("--polls", type=int, default=2000)
    args = parser.parse_args()
    rules = dataclasses.replace(load_rules(args.rules), max_rounds=args.rounds)
    board = load_board(board_path(rules.board))
    if args.page:
        page_costs(int(args.games.split(",")[-1]) if args.games != "10,30,60" else 30, args.polls, rules, board,
                   args.players)
        return
    print(f"{'games':>6} {'actions':>8} {'first read':>11} {'kept':>9} {'one more':>9}")
    with tempfile.TemporaryDirectory() as folder:
        for size in (int(n) for n in args.games.split(",")):
            store = Store(Path(folder) / f"night-{size}.db")
            actions = sum(_record(store, rules, board, args.players, seed) for seed in range(size))
            replays = Replays()
            first = _timed(lambda: Night.read(store, NightRules(), replays))
            kept = _timed(lambda: Night.read(store, NightRules(), replays))
            _record(store, rules, board, args.players, size)
            more = _timed(lambda: Night.read(store, NightRules(), replays))
            print(f"{size:>6} {actions:>8} {first:>10.2f}s {kept * 1000:>7.0f}ms {more * 1000:>7.0f}ms")
            store.close()


if __name__ == "__main__":
    main()
