"""A machine out of threads, for the servers that start one per connection."""

from __future__ import annotations

import threading


def scarce(failures: int = 1) -> type[threading.Thread]:
    """A Thread class whose first `failures` starts fail as `threading` fails when no thread is left."""
    left = [failures]

    class Scarce(threading.Thread):
        def start(self) -> None:
            if left[0] > 0:
                left[0] -= 1
                raise RuntimeError("can't start new thread")
            super().start()

    return Scarce
