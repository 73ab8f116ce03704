"""What the server's main thread ran: commands a tick and a request, and the time they took.

For benchmarks, and the sandbox's own: vanilla keeps no such count, and this is not a
behaviour it imitates. A real server's cost of a turn is the commands it runs (each one time
on the main thread, which also ticks), so the sandbox counts what `World.charge` charges against
`max_command_sequence_length`, as vanilla's `ExecutionContext` counts: each command once per
source, each function call, each `execute` stage (ledger row F7). The time is the sandbox's own:
Python runs a command far slower than vanilla (10-21 us there), so the counts are the figures
to compare, and the time says where the sandbox's main thread, not the design, is the bottleneck.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field


@dataclass
class CommandMeter:
    """Counts kept by a `World` whose `meter` is set: per tick period and per console request."""

    ticks: list[int] = field(default_factory=list)
    """Commands of each tick period: the tick's own, and every request run before the next tick."""
    requests: list[int] = field(default_factory=list)
    """Commands of each console (RCON) request, in order."""
    request_seconds: float = 0.0
    """Time the main thread spent running console requests."""
    tick_seconds: float = 0.0
    """Time the main thread spent in the ticks themselves (functions, maps, redstone)."""
    start: int = 0
    """The world's count when the meter began."""

    def __post_init__(self) -> None:
        self._mark = self.start

    def tick_started(self, total: int) -> None:
        """A tick begins with the world's count at `total`: the period since the last one is done."""
        self.ticks.append(total - self._mark)
        self._mark = total

    def request_ran(self, commands: int, seconds: float) -> None:
        """A console request ran this many commands in this long."""
        self.requests.append(commands)
        self.request_seconds += seconds

    def tick_ran(self, seconds: float) -> None:
        """A tick's own work took this long."""
        self.tick_seconds += seconds


def now() -> float:
    """The clock the meter's times use."""
    return time.perf_counter()
