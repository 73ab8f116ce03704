"""The rules engine: pure Python, or its mypyc build where `make fast` made one (see compiled.py).

Importing it prints nothing: `ENGINE_WARNING` says why a build asked for was not used, and the
command line says it once (`monopoli_mc.cli`).
"""

from monopoli_mc.rules.compiled import choose_engine

ENGINE, ENGINE_WARNING = choose_engine(__path__)  # "compiled" or "pure"; a line for the operator or None
