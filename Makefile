# Two commands do everything on a fresh machine:  `make run`  and  `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
ASSETS := node_modules/.installed
CHROMIUM ?= /usr/bin/chromium
HEADLESS_SHELL ?= /usr/bin/chromium-headless-shell
HOST ?= 127.0.0.1
PORT ?= 5000
STARTED := $(shell date +%s)
# Python writes its bytecode, and pytest its rewritten tests, beside the sources even where the environment
# says not to: `make test` reads them back in every test process and every server or CLI child it starts.
unexport PYTHONDONTWRITEBYTECODE
PURE_TESTS := tests/test_native.py tests/test_jsonio.py tests/test_search.py tests/test_dg_position.py tests/test_analysis.py \
	tests/test_replaykit_analysis.py

# The tests' temporary folders, their SQLite databases among them, go on tmpfs where there is one: a commit's
# fsync is free there, and no test is about surviving a power cut (a kill -9 leaves the page cache intact).
# One folder per checkout, removed after the run.
TEST_TMP := $(shell [ -d /dev/shm ] && [ -w /dev/shm ] && echo /dev/shm/card-replay-tests-$$(echo "$(CURDIR)" | md5sum | cut -c1-8))

TEST_PROCESSES := $(shell echo $$(( $$(nproc 2>/dev/null || echo 1) * 2 )))

# The storage tests also run against a real PostgreSQL server, installed and started here when we may.
POSTGRES_URL ?= postgresql+psycopg://replay:replay@127.0.0.1:5432/replay

.PHONY: run test lint bench chromium postgres servers node clean translations native

$(STAMP): pyproject.toml $(ASSETS)
	rm -rf card_replay.egg-info  # left at the top by builds before setup.py sent it to build/; it hid new games
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

# The pages' plotly.js bundle comes from the npm registry, pinned in package-lock.json; npm comes with Node.js.
node:
	@command -v npm >/dev/null || { if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null; \
	  else echo "npm is missing: install Node.js"; exit 1; fi; }

$(ASSETS): package.json package-lock.json | node
	npm ci --no-audit --no-fund --loglevel=error
	touch $(ASSETS)

# Browser tests drive Debian's Chromium, through its headless shell where that is installed (the same engine
# without the desktop browser, at about half the CPU: tests/conftest.py); install both when missing and we may
# (root, apt available).
chromium:
	@missing=""; [ -x $(CHROMIUM) ] || missing=chromium; [ -x $(HEADLESS_SHELL) ] || missing="$$missing chromium-headless-shell"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  elif [ ! -x $(CHROMIUM) ]; then echo "Chromium is missing at $(CHROMIUM): install Debian's 'chromium' package"; exit 1; \
	  else echo "no $(HEADLESS_SHELL): the browser tests drive Chromium itself (Debian's 'chromium-headless-shell' is cheaper)"; fi; \
	fi

postgres:
	@if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  command -v pg_lsclusters >/dev/null || { apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; }; \
	  pg_lsclusters -h | while read version cluster rest; do pg_ctlcluster $$version $$cluster start 2>/dev/null; done; \
	  su postgres -c "psql -qc \"CREATE USER replay WITH PASSWORD 'replay'\"" >/dev/null 2>&1; \
	  su postgres -c "psql -qc \"CREATE DATABASE replay OWNER replay\"" >/dev/null 2>&1; \
	  su postgres -c "psql -qc \"ALTER DATABASE replay SET synchronous_commit TO off\"" >/dev/null 2>&1; \
	fi; true

# The tests of several instances start their own redis-server and nginx on free loopback ports (and stop
# them): only Debian's packages are needed, never their system services, which policy-rc.d keeps from
# starting on install (nginx's default site would listen on every address).
servers:
	@missing=""; command -v redis-server >/dev/null || missing="redis-server"; \
	  [ -x /usr/sbin/nginx ] || command -v nginx >/dev/null || missing="$$missing nginx"; \
	  if [ -n "$$missing" ]; then \
	    if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	      policy=""; [ -e /usr/sbin/policy-rc.d ] || { policy=/usr/sbin/policy-rc.d; \
	        printf '#!/bin/sh\nexit 101\n' > $$policy; chmod +x $$policy; }; \
	      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	      [ -z "$$policy" ] || rm -f $$policy; \
	    else echo "missing:$$missing (Debian packages; the tests of several instances need them)"; fi; \
	  fi; true

# The message catalogues (.po, in the repository) compiled for gettext (.mo, never committed).
translations: $(STAMP)
	$(BIN)/python -m scripts.messages compile

# The hot modules compiled by mypyc where a C compiler is present, pure Python where not; one line each says
# which (scripts/native.py). Nothing is compiled again while its sources are unchanged.
native: $(STAMP)
	@$(BIN)/python -m scripts.native

# The absolute links the pages and the API's examples give name where the service runs, unless told otherwise.
run: $(STAMP) translations native
	PUBLIC_ORIGIN=$${PUBLIC_ORIGIN:-http://$(HOST):$(PORT)} $(BIN)/flask --app app run --host $(HOST) --port $(PORT)

lint: $(STAMP)
	$(BIN)/ruff check .

# Two test processes per core (pytest-xdist): a third of the suite's time is spent waiting (servers booting,
# slow clients, timeouts, Chromium), which the extra processes fill. A module's tests run in one process
# (--dist loadfile: its fixtures start once), the longest modules first (tests/conftest.py); the slowest tests
# and the time of the whole `make test`, installs included, are printed. Beside them, in one more process, the
# search's tests run again on the pure modules (CARD_REPLAY_PURE=1), so both paths are tested wherever the
# compiled one is built; their output follows the main run's. Before the parallel run, one process collects
# the suite once, so that each parallel process reads the tests' rewritten bytecode instead of rewriting
# and compiling every test module itself (`pytest --collect-only -q`: 9.8 CPU s cold, 4.1 once written).
test: $(STAMP) translations chromium postgres servers lint native
	@pure_log=$$(mktemp); CARD_REPLAY_PURE=1 $(BIN)/pytest -q -p no:cacheprovider $(PURE_TESTS) >$$pure_log 2>&1 & \
	  pure=$$!; \
	  $(BIN)/pytest --collect-only -q -p no:cacheprovider >/dev/null 2>&1; \
	  TEST_POSTGRES_URL=$(POSTGRES_URL) $(BIN)/pytest -n $(TEST_PROCESSES) --dist loadfile --no-loadscope-reorder --durations=15 \
	  $(if $(TEST_TMP),--basetemp=$(TEST_TMP)); status=$$?; \
	  wait $$pure || status=1; \
	  echo "make test: the search's tests again, on the pure modules"; cat $$pure_log; rm -f $$pure_log; \
	  $(if $(TEST_TMP),rm -rf $(TEST_TMP);) \
	  seconds=$$(( $$(date +%s) - $(STARTED) )); \
	  echo "make test: $$((seconds / 60)) min $$((seconds % 60)) s in all"; exit $$status

bench: $(STAMP) native
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) node_modules instance build .pytest_cache .ruff_cache .hypothesis
