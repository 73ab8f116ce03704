"""Tests run on the engine MONOPOLI_ENGINE names, and on the pure source when it names none: a
build/fast/ left by `make fast` (fresh or stale) must not change what a plain pytest run tests.
In CI (CI=true) hypothesis runs its "ci" profile: the same examples every run, no deadline."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

os.environ.setdefault("MONOPOLI_ENGINE", "pure")

# A CI run on a fresh clone has no example database and shares 2 cores with other workers: derandomized,
# a red CI run is red again on the next push and locally with CI=true; deadlines and the too-slow check
# would fail a test for the machine's load, not for the code. Settings a test gives itself still win.
settings.register_profile("ci", derandomize=True, database=None, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") == "true" else "default"))


def pytest_configure(config: pytest.Config) -> None:
    """The markers this suite uses."""
    config.addinivalue_line("markers", "whole_games: hypothesis over whole games, whose example count is the cost; "
                                       "make test-compiled leaves them out")


def pytest_xdist_auto_num_workers(config: object) -> int | None:
    """`-n auto` is two workers a core: most tests wait on a sandbox's socket or its tick clock more
    than they compute (a whole-suite run with 2 workers kept about 1.2 of 2 cores busy, 4 about 1.5).
    PYTEST_XDIST_AUTO_NUM_WORKERS still decides where it is set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # xdist's own hook reads it
    return 2 * len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 2 * (os.cpu_count() or 1)
