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
    config.addinivalue_line("markers", "long(seconds): a test that takes several seconds (about `seconds` on a "
                                       "2-core machine running the suite); it runs first, the longest first")
    if getattr(config.option, "maxschedchunk", 0) is None:  # xdist's load scheduling, --maxschedchunk not given
        config.option.maxschedchunk = 1  # see pytest_collection_modifyitems


@pytest.hookimpl(trylast=True)  # after any plugin that reorders
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long tests first, the longest first; the rest in their order.

    xdist's load scheduling gives each worker a run of items in the order collected, then more as it
    finishes them; nothing already given is taken back. A 25-second test collected near the end (the
    README's rehearsals are) kept one worker busy after the others had finished. With the long tests
    first, and at most one item handed over at a time (--maxschedchunk 1, set in pytest_configure),
    each worker holds about two items: a long one goes to whichever worker is free, and the short
    ones fill in around them. Every worker collects the same items and sorts them the same way, as
    xdist requires.
    """
    def seconds(item: pytest.Item) -> float:
        marker = item.get_closest_marker("long")
        return 0.0 if marker is None else float(marker.kwargs.get("seconds", marker.args[0] if marker.args else 1))
    items.sort(key=lambda item: -seconds(item))  # stable: equal keys keep the collection's order


def pytest_xdist_auto_num_workers(config: object) -> int | None:
    """`-n auto` is two workers a core: most tests wait on a sandbox's socket or its tick clock more
    than they compute (a whole-suite run with 2 workers kept about 1.2 of 2 cores busy, 4 about 1.5).
    PYTEST_XDIST_AUTO_NUM_WORKERS still decides where it is set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # xdist's own hook reads it
    return 2 * len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 2 * (os.cpu_count() or 1)
