# Two commands matter: `make demo` and `make test`. Both build .venv themselves.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Not $(MAKE) fast inside `test`: make -n runs every line that names $(MAKE).
BUILD_FAST = MONOPOLI_ENGINE=pure $(BIN)/python -c 'import monopoli_mc.rules.compiled as c; c.main()'

.PHONY: demo test test-compiled fast bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

# pip compiles what it installs one file at a time; compileall -j0 does it on every core (a fresh
# .venv with the test extras: 18 s instead of 24 on 2 cores).
INSTALL = $(BIN)/pip install -q --no-compile
COMPILE_VENV = $(BIN)/python -m compileall -q -j0 $(VENV)/lib >/dev/null

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(INSTALL) -e .
	$(COMPILE_VENV)
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(INSTALL) -e '.[test]'
	$(COMPILE_VENV)
	touch $@

demo: $(VENV)/.installed
	$(BIN)/monopoli demo

# Pure Python first; then the engine's tests again on its compiled build, in CI or where one was built.
# mypy checks beside the suite (the tests wait on sockets more than they compute, so a core is often
# free), and in CI the compiled engine is built beside it too (make fast); their reports are printed
# after the suite's, and any of them failing fails the target. The package is compiled to bytecode
# first: the tests start dozens of `monopoli` processes, and a shell with PYTHONDONTWRITEBYTECODE set
# would have each compile it anew. Likewise the tests: every xdist worker collects the whole suite, and
# pytest rewrites each test module's asserts on import, so one collection first writes the rewritten
# modules (its cache, in tests' __pycache__) and the workers read them. `-n auto` is two workers a
# core (tests/conftest.py says why).
test: $(VENV)/.installed-test
	@$(BIN)/python -m compileall -q monopoli_mc >/dev/null
	@echo "$(BIN)/mypy & $(BIN)/pytest --collect-only; MONOPOLI_ENGINE=pure $(BIN)/pytest -n auto$$([ "$${CI:-}" = true ] && echo ' & make fast')"
	@log=$$(mktemp); built=$$(mktemp); fast=; \
	$(BIN)/mypy >"$$log" 2>&1 & types=$$!; \
	if [ "$${CI:-}" = true ]; then $(BUILD_FAST) >"$$built" 2>&1 & fast=$$!; fi; \
	PYTHONDONTWRITEBYTECODE= $(BIN)/pytest --collect-only -q >/dev/null 2>&1; \
	MONOPOLI_ENGINE=pure $(BIN)/pytest -n auto; tests=$$?; \
	wait $$types; typed=$$?; echo "$(BIN)/mypy:"; cat "$$log"; compiled=0; \
	if [ -n "$$fast" ]; then wait $$fast; compiled=$$?; echo "make fast:"; cat "$$built"; fi; \
	rm -f "$$log" "$$built"; [ $$tests -eq 0 ] && [ $$typed -eq 0 ] && [ $$compiled -eq 0 ]
	@if [ "$${CI:-}" = true ] || [ -d build/fast ]; then $(MAKE) --no-print-directory test-compiled; fi

# The engine's tests on its compiled build (its own target, so `make -n test` runs nothing): the exact
# ones; hypothesis over whole games (marker whole_games) ran on the pure engine, and test_compiled.py
# proves the build plays the pure engine's games to the byte. They only compute: one worker a core.
test-compiled: fast
	MONOPOLI_ENGINE=compiled $(BIN)/pytest -n $$($(BIN)/python -c 'import os; print(os.cpu_count() or 1)') \
		-m 'not whole_games' tests/rules

# The optional compiled engine: mypyc (part of mypy) builds monopoli_mc/rules into build/fast/.
fast: $(VENV)/.installed-test
	$(BUILD_FAST)

bench: $(VENV)/.installed
	$(BIN)/python bench/engine.py

clean:
	rm -rf $(VENV) build *.egg-info
