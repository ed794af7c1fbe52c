# Two commands for a fresh machine with Python 3.11+:
#   make app    set everything up, then serve the app at http://127.0.0.1:8866
#   make test   set everything up, then lint (make lint), then run every test
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: app test lint setup chromium npm lite bench

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

chromium:
	@bash scripts/ensure-chromium.sh

npm:
	@bash scripts/ensure-npm.sh

# The browser edition: a static site in build/lite/ (see README, "Play in the browser").
lite: npm
	$(PYTHON) lite/build.py

app: $(STAMP)
	$(VENV)/bin/oracle serve

# ruff (with its complexity limit, C901 <= 12) and mypy --strict over the code, the tests, the
# benchmarks, the example plugin and the browser edition's build and boot (lite/, checked from
# inside it: its build scripts import each other by name); any finding fails (and so fails make
# test and CI).
lint: $(STAMP)
	$(VENV)/bin/ruff check oracle tests bench examples lite
	$(VENV)/bin/mypy --strict oracle tests bench examples/oracle-coin
	cd lite && $(abspath $(VENV))/bin/mypy --strict build.py archive.py pyc.py web.py py/oracle_lite py/sqlite3

# One pytest worker per core (pytest-xdist), dealt whole test files: a browser module's tests play
# one after another against its own oracle serve and Chromium (module fixtures). Files go out in
# the order collected, so the long browser modules start first and the short files even out the
# end. TEST_WORKERS=0 runs everything in this one process.
TEST_WORKERS ?= auto

test: $(STAMP) lint chromium npm
	$(PY) -m pytest -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder

bench: $(STAMP)
	for b in bench/*.py; do $(PY) $$b || exit 1; done
