# Two commands matter: `make demo` and `make test`. Both build .venv themselves.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test test-compiled fast bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[test]'
	touch $@

demo: $(VENV)/.installed
	$(BIN)/monopoli demo

# Pure Python first; then the engine's tests again on its compiled build, in CI or where one was built.
# mypy checks beside the suite (the tests wait on sockets more than they compute, so a core is often
# free), its report printed after the suite's; either failing fails the target. The package is
# compiled to bytecode first: the tests start dozens of `monopoli` processes, and a shell with
# PYTHONDONTWRITEBYTECODE set would have each compile it anew. `-n auto` is two workers a core
# (tests/conftest.py says why).
test: $(VENV)/.installed-test
	@$(BIN)/python -m compileall -q monopoli_mc >/dev/null
	@echo "$(BIN)/mypy (beside the suite) & MONOPOLI_ENGINE=pure $(BIN)/pytest -n auto"
	@log=$$(mktemp); $(BIN)/mypy >"$$log" 2>&1 & types=$$!; \
	MONOPOLI_ENGINE=pure $(BIN)/pytest -n auto; tests=$$?; \
	wait $$types; typed=$$?; echo "$(BIN)/mypy:"; cat "$$log"; rm -f "$$log"; \
	[ $$tests -eq 0 ] && [ $$typed -eq 0 ]
	@if [ "$${CI:-}" = true ] || [ -d build/fast ]; then $(MAKE) --no-print-directory test-compiled; fi

# The engine's tests on its compiled build (its own target, so `make -n test` runs nothing).
test-compiled: fast
	MONOPOLI_ENGINE=compiled $(BIN)/pytest -n auto tests/rules

# The optional compiled engine: mypyc (part of mypy) builds monopoli_mc/rules into build/fast/.
fast: $(VENV)/.installed-test
	MONOPOLI_ENGINE=pure $(BIN)/python -c 'import monopoli_mc.rules.compiled as c; c.main()'

bench: $(VENV)/.installed
	$(BIN)/python bench/engine.py

clean:
	rm -rf $(VENV) build *.egg-info
