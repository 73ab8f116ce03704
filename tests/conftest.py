"""Tests run on the engine MONOPOLI_ENGINE names, and on the pure source when it names none: a
build/fast/ left by `make fast` (fresh or stale) must not change what a plain pytest run tests."""

from __future__ import annotations

import os

os.environ.setdefault("MONOPOLI_ENGINE", "pure")


def pytest_xdist_auto_num_workers(config: object) -> int | None:
    """`-n auto` is two workers a core: most tests wait on a sandbox's socket or its tick clock more
    than they compute (a whole-suite run with 2 workers kept about 1.2 of 2 cores busy, 4 about 1.5).
    PYTEST_XDIST_AUTO_NUM_WORKERS still decides where it is set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # xdist's own hook reads it
    return 2 * len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 2 * (os.cpu_count() or 1)
