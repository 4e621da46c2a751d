PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: test test-engine lint bench

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $@

## make test: install the test tools and run every test
test: $(VENV)/.installed lint test-engine

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .

test-engine: $(VENV)/.installed
	$(PY) -m pytest tests

bench: $(VENV)/.installed
	$(PY) -m engine.bench
