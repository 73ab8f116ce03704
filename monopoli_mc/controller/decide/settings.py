"""How the controller plays: the rule set, the timers, when a board's game starts (`monopoli run`'s options)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Settings:
    """How the controller plays: rule set, timers (seconds), when a board's game starts."""

    rules: str = "prom"
    auction_quiet: float = 8.0
    auction_first: float | None = None  # seconds an auction waits for its first bid; None: auction_quiet
    walk_wait: float = 20.0
    poll_interval: float = 0.05  # a tick: the pack queues inputs once a tick, so a read more often finds nothing new
    start_at: int | None = None  # start a board's game once this many players are seated
    seed: int | None = None  # None: a seed from the clock
    max_rounds: int | None = None  # None: the rule set's own limit
    per_command: bool = False  # one request per world write, as before batching (bench/bridge.py compares)
    take_over: bool = False  # take the database's lease even from a controller that looks alive
    go_back: bool = False  # run on a copy of the world's database, or on one behind it, losing what it lacks
    new_night: bool = False  # begin a new night on a world whose night, in another database, has a game going
    store_retry: float = 5.0  # seconds between tries while the database cannot be written (a full disk)
    time_limit: float | None = None  # seconds; None: the rule set's time_limit_minutes; 0: no limit
