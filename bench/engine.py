"""Engine speed: throws per second of this engine (pure and compiled) beside gamescomputersplay/monopoly.

Run: .venv/bin/python bench/engine.py [--games 150] [--peer PATH] [--repeat 3] [--rules classic]

Each contender plays the same number of four-player games headless in a process of its
own, one after the other, and is timed the same way: the CPU time (user + system) of the
whole process, interpreter start and imports included, best of --repeat runs, interleaved.
CPU time rather than wall time because the machine may be shared: the wall time is
printed beside it, and is the same figure on an idle core. The last columns count the CPU
time of the games alone (after imports and loading), as each process measures it. Throws are
counted by each engine itself: ours from its game results, the peer's by counting its
Dice.roll calls. The peer runs with its game log off (LogSettings.KEEP_GAME_LOG = False),
its bankruptcies file written to a temporary folder.

The compiled row needs `make fast`; the peer's row needs a checkout of the peer, by
default beside this project (../monopoly), or given with --peer.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
PEER_URL = "https://github.com/gamescomputersplay/monopoly"
DEFAULT_PEER = PROJECT.parent / "monopoly"


def play_ours(rules_name: str, games: int) -> tuple[int, float]:
    """Play `games` four-player games as `monopoli simulate` does (seeds 1, 2, ...); (throws, CPU
    seconds of the games alone)."""
    from monopoli_mc.rules.board import board_path, load_board
    from monopoli_mc.rules.settings import load_rules
    from monopoli_mc.rules.simulate import run_games

    rules = load_rules(rules_name)
    board = load_board(board_path(rules.board))
    started = time.process_time()
    throws = sum(result.throws for result in run_games(rules, board, players=4, games=games, seed=1))
    return throws, time.process_time() - started


def play_peer(peer: Path, games: int) -> tuple[int, float]:
    """Play `games` games of the peer as its scripts/simulate.py does, one process, log off; (throws,
    CPU seconds of the games alone)."""
    import random
    import tempfile

    sys.path.insert(0, str(peer))
    from monopoly.core.dice import Dice  # type: ignore[import-not-found]
    from monopoly.core.game import monopoly_game  # type: ignore[import-not-found]
    from monopoly.log_settings import LogSettings  # type: ignore[import-not-found]

    LogSettings.KEEP_GAME_LOG = False
    LogSettings.BANKRUPTCIES_PATH = Path(tempfile.mkdtemp()) / "bankruptcies.tsv"
    throws = 0
    roll = Dice.roll

    def counted_roll(self: object) -> object:
        nonlocal throws
        throws += 1
        return roll(self)

    Dice.roll = counted_roll
    master = random.Random(0)  # the peer's own seeding (SimulationSettings.seed = 0)
    started = time.process_time()
    for number in range(1, games + 1):
        monopoly_game((number, master.getrandbits(32)))
    return throws, time.process_time() - started


def timed(child: list[str], env: dict[str, str]) -> tuple[float, float, float, int]:
    """(CPU seconds, wall seconds, CPU seconds of the games alone, throws) of one child process."""
    import resource  # here, not at the top: a child process imports only what it plays with
    import subprocess

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, __file__, *child], env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    if done.returncode != 0:
        sys.exit(f"{' '.join(child)} failed:\n{done.stderr}")
    if done.stderr.strip():
        print(done.stderr.strip(), file=sys.stderr)  # such as a stale compiled engine skipped
    throws, games_cpu = done.stdout.split()[-2:]
    return cpu, elapsed, float(games_cpu), int(throws)


def main() -> None:
    """Print the table: one row per contender, ratios to the peer."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--repeat", type=int, default=3, help="runs of each contender; the best counts")
    parser.add_argument("--rules", default="classic", help="our rule set (the peer plays the official rules)")
    parser.add_argument("--peer", type=Path, default=DEFAULT_PEER,
                        help=f"checkout of {PEER_URL} [default: {DEFAULT_PEER}]")
    parser.add_argument("--child", nargs=2, metavar=("WHAT", "ARG"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        what, arg = args.child
        throws, games_cpu = play_ours(arg, args.games) if what == "ours" else play_peer(Path(arg), args.games)
        print(throws, games_cpu)
        return

    from monopoli_mc.rules.compiled import BUILD_DIR, staleness

    env = {k: v for k, v in os.environ.items() if k != "MONOPOLI_ENGINE"}
    games = ["--games", str(args.games)]
    contenders: dict[str, tuple[list[str], dict[str, str]]] = {}
    if (args.peer / "monopoly" / "core" / "game.py").is_file():
        contenders["peer: gamescomputersplay/monopoly"] = (["--child", "peer", str(args.peer), *games], env)
    else:
        print(f"no peer at {args.peer}: git clone {PEER_URL} {args.peer} (or give --peer PATH)", file=sys.stderr)
    ours = ["--child", "ours", args.rules, *games]
    contenders[f"monopoli pure ({args.rules})"] = (ours, {**env, "MONOPOLI_ENGINE": "pure"})
    why = staleness()
    if why is None:
        contenders[f"monopoli compiled ({args.rules})"] = (ours, {**env, "MONOPOLI_ENGINE": "compiled"})
    else:
        print(f"no compiled row: {why or f'nothing built in {BUILD_DIR}'} (make fast builds it)", file=sys.stderr)

    best: dict[str, tuple[float, float, float, int]] = {}
    for _ in range(args.repeat):  # interleaved, so a busy moment of the machine hits every contender alike
        for name, (child, child_env) in contenders.items():
            run = timed(child, child_env)
            if name not in best or run < best[name]:
                best[name] = run

    print(f"{args.games} four-player games per contender, each a whole process, one after the other; "
          f"CPU seconds, best of {args.repeat}")
    print(f"{'':44s} {'whole process, imports included':^31s}   {'the games alone':^17s}")
    print(f"{'engine':36s} {'throws':>7s} {'CPU s':>6s} {'wall s':>6s} {'throws/s':>9s} {'vs peer':>7s}   "
          f"{'throws/s':>9s} {'vs peer':>7s}")
    peer = next((run for name, run in best.items() if name.startswith("peer")), None)
    for name, (cpu, wall, games_cpu, throws) in best.items():
        rate, games_rate = throws / cpu, throws / games_cpu
        ratio = f"{rate / (peer[3] / peer[0]):6.2f}x" if peer else "-"
        games_ratio = f"{games_rate / (peer[3] / peer[2]):6.2f}x" if peer else "-"
        print(f"{name:36s} {throws:7,d} {cpu:6.2f} {wall:6.2f} {rate:9,.0f} {ratio:>7s}   "
              f"{games_rate:9,.0f} {games_ratio:>7s}")


if __name__ == "__main__":
    main()
