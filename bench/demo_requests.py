"""RCON requests of a whole demo game, per-command writes beside batched.

Usage: .venv/bin/python bench/demo_requests.py [--seed 3] [--players 4] [--movement walk]

Plays `monopoli demo --seed 3` (the same game: the same seed plays the same actions)
twice, once with one request per world write (as before batching) and once batched,
and prints each one's requests (the controller counts every request it sends), the
actions applied and the requests per action, with the ratio.
"""

from __future__ import annotations

import argparse

from monopoli_mc.demo.run import run_demo


def main() -> None:
    """Play the two demos and print their counts."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--timeout", type=float, default=1800.0, help="seconds a demo may take")
    ap.add_argument("--movement", choices=("walk", "teleport"), default=None, help="default: the world config's")
    args = ap.parse_args()
    results = {mode: run_demo(players=args.players, seed=args.seed, movement=args.movement,
                              echo=lambda line: None, per_command=mode == "per-command", timeout=args.timeout)
               for mode in ("per-command", "batched")}
    print(f"monopoli demo --seed {args.seed} ({args.players} players)")
    for mode, r in results.items():
        print(f"{mode:>12}: {r.requests:>6} requests, {r.actions} actions, "
              f"{r.requests / max(1, r.actions):.2f} requests per action, {r.seconds:.1f}s")
    old, new = results["per-command"], results["batched"]
    print(f"{'ratio':>12}: {old.requests / max(1, new.requests):.2f}x fewer requests batched")


if __name__ == "__main__":
    main()
