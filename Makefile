# Two commands do everything on a fresh machine:  `make run`  and  `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
CHROMIUM ?= /usr/bin/chromium
HOST ?= 127.0.0.1
PORT ?= 5000

.PHONY: run test lint bench chromium clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

# Browser tests drive Debian's Chromium; install it when missing and we may (root, apt available).
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else echo "Chromium is missing at $(CHROMIUM): install Debian's 'chromium' package"; exit 1; fi; \
	fi

run: $(STAMP)
	$(BIN)/flask --app app run --host $(HOST) --port $(PORT)

lint: $(STAMP)
	$(BIN)/ruff check .

test: $(STAMP) chromium lint
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) instance .pytest_cache .ruff_cache .hypothesis
