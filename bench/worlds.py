"""One night on two servers: two sandboxes, each its own world and its own `monopoli run`, on one database file.

Usage: .venv/bin/python bench/worlds.py [--seconds 20] [--seed 1]

Each sandbox ticks on its own (20 ticks a second) with one board (`main`, `annex`) and two bot players
who play as people would: a bot reads its game from the database (read only) and makes its input in the
world. Each world is run by a `monopoli run` process of its own, as an organiser starts them. Halfway
both controllers are killed (SIGKILL: no lease given back, no mark cleared), the players go on making
inputs into the inbox, and both are started again. Between the two halves, the players of the first
server move to the second one: their games are ended (`monopoli admin end`), and they join the other
board's next game. Printed side by side, the same run with the two controllers on one database and on
a database each:

- inputs queued by each world's pack (its event counter), and those left in its inbox unacknowledged at the end;
- moves applied (action rows from an input), moves applied twice (one input, two rows: never), inputs
  set aside, and requests left unanswered;
- input to effect, p50 / p99 ms (a bot's input to the move it caused, in the database);
- from the restart after the kill (the `monopoli run` process starting included) to the inbox empty, seconds;
- the database's lock waits: `database is locked` lines the controllers printed (none expected).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from monopoli_mc.controller.decide.requests import ask
from monopoli_mc.controller.db.saved import load_game, rules_of
from monopoli_mc.controller.db.store import Store
from monopoli_mc.datapack.layout import Layout
from monopoli_mc.datapack.world_config import WorldConfig, load_world
from monopoli_mc.demo.players import TablePlayers
from monopoli_mc.demo.run import build_boards, install
from monopoli_mc.rcon import RconClient
from monopoli_mc.rules.board import board_path, load_board
from monopoli_mc.rules.phases import OVER
from monopoli_mc.sandbox.bots import Bot
from monopoli_mc.sandbox.runner import Sandbox

PASSWORD = "bench"
BOARD = load_board(board_path(rules_of({"name": "prom"}).board))


@dataclass
class World:
    """One server of the night: its sandbox, its config file, its controller process and its table."""

    name: str
    box: Sandbox
    config: WorldConfig
    yaml: Path
    db: Path
    proc: subprocess.Popen[str] | None = None
    log: IO[str] | None = None
    people: TablePlayers | None = None
    acted: list[tuple[float, int]] = field(default_factory=list)  # (when, the game's moves then)
    caught_up: float = 0.0

    def start(self, seed: int) -> None:
        """`monopoli run` for this world (its own terminal, as it were)."""
        env = dict(os.environ, MONOPOLI_RCON_PASSWORD=PASSWORD)
        self.log = open(self.db.parent / f"{self.name}.log", "a")  # noqa: SIM115 (kept for the run)
        self.proc = subprocess.Popen(
            [sys.executable, "-c", "from monopoli_mc.cli import main; main()", "run", "--world", str(self.yaml),
             "--db", str(self.db), "--start-at", "2", "--seed", str(seed), "--poll", "0.02",
             "--auction-quiet", "0.5", "--auction-first", "0.5", "--walk-wait", "1"],
            env=env, stdout=self.log, stderr=subprocess.STDOUT, text=True)

    def kill(self) -> None:
        """SIGKILL: nothing given back."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        """Ctrl-C, as the organiser stops it."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            self.proc.wait(30)
        if self.log is not None:
            self.log.close()

    def score(self, holder: str) -> int:
        """A score of the pack's counter objective (`$seq`: the inputs queued so far)."""
        with self.box.world.lock:
            reply = "".join(self.box.world.execute(f"scoreboard players get {holder} monopoli.seq"))
        parts = reply.split()
        return int(parts[2]) if len(parts) > 2 and parts[2].lstrip("-").isdigit() else 0

    def waiting(self) -> int:
        """Inputs still in the world's inbox and its backlog (queued, not acknowledged)."""
        with self.box.world.lock:
            replies = self.box.world.execute("data get storage monopoli:bridge inbox") + \
                self.box.world.execute("data get storage monopoli:backlog pages")
        return sum(reply.count("seq:") for reply in replies)


def world_config(base: WorldConfig, board: str, port: int, folder: Path) -> tuple[WorldConfig, Path]:
    """A world config of one board of this name at this RCON port, as a file `monopoli run` reads."""
    text = Path(base.source).read_text().replace("port: 25575", f"port: {port}").replace(
        "name: main", f"name: {board}").replace("movement: walk", "movement: teleport")
    path = folder / f"{board}.yaml"
    path.write_text(text)
    return load_world(path), path


def moves(db: Path) -> dict[str, int]:
    """Moves applied from inputs, by board (read only)."""
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)
    try:
        return {b: n for b, n in con.execute("SELECT g.board, COUNT(*) FROM actions a JOIN games g ON g.id=a.game "
                                             "WHERE a.origin LIKE 'seq %' GROUP BY g.board")}
    finally:
        con.close()


def current(db: Path, board: str) -> tuple[Any, int] | None:
    """The board's latest game as stored, and its moves (read from the database, as a bot reads the table)."""
    try:
        store = Store(db, create=False)
    except Exception:  # not created yet
        return None
    try:
        row = store.current_game(board)
        if row is None:
            return None
        game, n = load_game(store, row, BOARD)
        return (game, n) if game.phase != OVER else None
    finally:
        store.close()


def play(w: World, seconds: float) -> None:
    """The table's bots act for a while, each input timed against the move it causes."""
    end = time.monotonic() + seconds
    assert w.people is not None
    while time.monotonic() < end:
        found = current(w.db, w.config.boards[0].name)
        if found is not None and set(found[0].names) <= set(w.people.people):
            game, n = found
            with w.box.world.lock:
                did = w.people.step(game, n, retry=2.0)
            if did is not None:
                w.acted.append((time.time(), n))
        time.sleep(0.02)


def seat(w: World, names: list[str]) -> TablePlayers:
    """Players connect to this server, stand on its board's GO and join."""
    layout = Layout(w.config.boards[0])
    people = TablePlayers(w.box.world, layout, names, walk=False, operator=lambda kind, args: None)
    with w.box.world.lock:
        for name in names:
            bot = w.box.world.player(name) and Bot(w.box.world, name) or Bot.join(w.box.world, name)
            people.people[name] = bot
            x, y, z = layout.world(layout.stand(0))
            bot.walk_to((x + 0.5, float(y), z + 0.5))
            bot.trigger("join")
    return people


def latencies(w: World, db: Path) -> list[float]:
    """For each input, ms until the game's moves grew past what the bot saw (action rows' times)."""
    board = w.config.boards[0].name
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)
    try:
        times = [t for (t,) in con.execute("SELECT a.t FROM actions a JOIN games g ON g.id=a.game WHERE g.board=? "
                                           "AND a.origin LIKE 'seq %' ORDER BY a.id", (board,))]
    finally:
        con.close()
    out = []
    for when, _ in w.acted:
        later = [t for t in times if t >= when]
        if later and later[0] - when < 30:
            out.append((later[0] - when) * 1000)
    return out


def one_run(shared: bool, seconds: float, seed: int, folder: Path) -> dict[str, Any]:
    """The night once: two worlds, two controllers, on one database (`shared`) or one each."""
    base = load_world()
    folder.mkdir(parents=True)
    worlds: list[World] = []
    boxes = []
    try:
        for name in ("main", "annex"):
            place = dataclasses.replace(base.boards[0], name=name)
            pack = install(dataclasses.replace(base, boards=(place,)), "prom", folder / f"pack-{name}")
            box = Sandbox(password=PASSWORD, datapack=pack).start()
            boxes.append(box)
            config, yaml = world_config(base, name, box.port, folder)
            with RconClient(*box.address, PASSWORD) as rcon:
                build_boards(rcon, config)
            db = folder / ("night.db" if shared else f"{name}.db")
            worlds.append(World(name, box, config, yaml, db))
        for w in worlds:
            w.start(seed)
        time.sleep(3.0)  # both controllers up
        tables = {"main": ["Alex", "Sam"], "annex": ["Robin", "Kim"]}
        for w in worlds:
            w.people = seat(w, tables[w.name])
        half = seconds / 2
        _side_by_side(worlds, half)  # the tables play side by side (one thread: the bots are people, not the cost)
        for w in worlds:
            w.kill()
        _side_by_side(worlds, 1.0)  # inputs queued while no controller runs
        restarted = time.monotonic()
        for w in worlds:
            w.start(seed)
        pending = list(worlds)
        while pending and time.monotonic() - restarted < 60:
            for w in list(pending):
                if w.waiting() == 0 and moves(w.db).get(w.name, 0) > 0:
                    w.caught_up = time.monotonic() - restarted
                    pending.remove(w)
            time.sleep(0.02)
        # the first server's players move to the second: the operator ends both games, they join annex
        unanswered = 0
        for w in worlds:
            store = Store(w.db, create=False)
            try:
                outcome = ask(store, "end", {}, w.name, wait=20.0)
            finally:
                store.close()
            unanswered += outcome.code == 3
        annex = worlds[1]
        for name in ("Alex", "Sam"):
            with worlds[0].box.world.lock:
                worlds[0].box.world.leave(name)
        annex.people = seat(annex, ["Alex", "Sam"])
        _side_by_side([annex], half)
        time.sleep(1.0)
        figures: dict[str, Any] = {"unanswered": unanswered, "worlds": {}}
        counters = {w.name: (w.score("$seq"), w.waiting()) for w in worlds}
        for w in worlds:
            w.stop()
            con = sqlite3.connect(f"file:{w.db}?mode=ro", uri=True, timeout=5)
            try:
                origins = [r[0] for r in con.execute(
                    "SELECT g.board || a.origin FROM actions a JOIN games g ON g.id=a.game WHERE g.board=? AND "
                    "a.origin LIKE 'seq %'", (w.name,))]
                aside = con.execute("SELECT COUNT(*) FROM set_aside WHERE 1").fetchone()[0]
            finally:
                con.close()
            log = (w.db.parent / f"{w.name}.log").read_text()
            lat = latencies(w, w.db)
            figures["worlds"][w.name] = {
                "queued": counters[w.name][0], "waiting": counters[w.name][1], "moves": len(origins),
                "doubled": len(origins) - len(set(origins)), "aside": aside,
                "p50": statistics.median(lat) if lat else float("nan"),
                "p99": sorted(lat)[max(0, int(len(lat) * 0.99) - 1)] if lat else float("nan"),
                "caught_up": w.caught_up, "locked": log.count("is locked"),
            }
        return figures
    finally:
        for w in worlds:
            w.stop()
        for box in boxes:
            box.stop()


def _side_by_side(worlds: list[World], seconds: float) -> None:
    """Each world's table acts in turn for `seconds`."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for w in worlds:
            play(w, 0.05)


def main() -> None:
    """Parse the options, run the night twice, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        runs = {label: one_run(label == "one database", args.seconds, args.seed, Path(tmp) / label.replace(" ", "-"))
                for label in ("one database", "a database each")}
    print(f"two servers, two controllers, both killed and restarted halfway ({args.seconds:g} s, seed {args.seed}); "
          f"load {os.getloadavg()[0]:.2f}")
    print(f"{'':28}" + "".join(f"{label + ' ' + name:>22}" for label in runs for name in ("main", "annex")))
    rows = [("inputs queued", "queued", "{:.0f}"), ("inputs left unacknowledged", "waiting", "{:.0f}"),
            ("moves applied", "moves", "{:.0f}"), ("moves applied twice", "doubled", "{:.0f}"),
            ("inputs set aside", "aside", "{:.0f}"), ("input to effect p50 ms", "p50", "{:.0f}"),
            ("input to effect p99 ms", "p99", "{:.0f}"), ("restart to inbox empty s", "caught_up", "{:.2f}"),
            ("'database is locked' lines", "locked", "{:.0f}")]
    for title, key, fmt in rows:
        print(f"{title:28}" + "".join(f"{fmt.format(runs[label]['worlds'][name][key]):>22}"
                                      for label in runs for name in ("main", "annex")))
    print(f"{'requests unanswered':28}" + "".join(f"{runs[label]['unanswered']:>44}" for label in runs))


if __name__ == "__main__":
    main()
