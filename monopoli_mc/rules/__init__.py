"""The rules engine: pure Python, or its mypyc build where `make fast` made one (see compiled.py)."""

import sys

from monopoli_mc.rules.compiled import choose_engine

ENGINE, _warning = choose_engine(__path__)  # "compiled" or "pure"
if _warning:
    print(f"monopoli: {_warning}", file=sys.stderr)
