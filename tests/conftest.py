"""Tests run on the engine MONOPOLI_ENGINE names, and on the pure source when it names none: a
build/fast/ left by `make fast` (fresh or stale) must not change what a plain pytest run tests."""

import os

os.environ.setdefault("MONOPOLI_ENGINE", "pure")
