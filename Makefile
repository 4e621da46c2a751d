PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: test test-engine lint typecheck bench gifts soak test-e2e test-chromium test-firefox \
	test-webkit site serve dist bench-web bench-wire bench-memory gallery

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

$(VENV)/.installed: pyproject.toml | $(PY)
	$(PY) -m pip install -q -e '.[dev]'
	touch $@

# What the build needs (fontTools and brotli, to cut the page's font: scripts/font.py)
$(VENV)/.build-installed: pyproject.toml | $(PY)
	$(PY) -m pip install -q -e '.[build]'
	touch $@

## make test: install the test tools and run every test
test: $(VENV)/.installed lint typecheck test-engine test-e2e

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .

## make typecheck: the annotations of engine/ and ui/ (both rooms) checked by mypy; the
## browser's modules that ui/page/ imports are typed by stubs/ (settings in pyproject.toml)
typecheck: $(VENV)/.installed
	$(VENV)/bin/mypy --strict engine ui

# The engine's tests include a run under Pyodide (in Node.js), hence node_modules.  In two
# workers (pytest-xdist), a file's tests in one worker (loadfile: a module's fixtures made
# once); TEST_WORKERS=0 runs them in this process.
TEST_WORKERS ?= 2
test-engine: $(VENV)/.installed node_modules/.installed
	$(PY) -m pytest tests -n $(TEST_WORKERS) --dist loadfile

bench: $(VENV)/.installed
	$(PY) -m tools.bench

## make gifts: points the hint and the hard bot give away on fresh deals (tools/gifts.py;
## SEED=2800 ROUNDS=6 by default)
SEED ?= 2800
ROUNDS ?= 6
gifts: $(VENV)/.installed
	$(PY) -m tools.gifts --seed $(SEED) --rounds $(ROUNDS)

## Web page: the runtime (PyScript + Pyodide), the font the page ships (cut from Noto Sans SC)
## and the accessibility checker the tests use (axe-core), from the npm registry, pinned by
## package-lock.json
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

$(VENV)/.e2e-installed: $(VENV)/.installed pyproject.toml
	$(PY) -m pip install -q -e '.[e2e]'
	touch $@

## make site: build site/ (the page and every file it loads, plus bench/bare.html)
site: $(VENV)/.build-installed node_modules/.installed
	$(PY) scripts/build_site.py --out site --bench

## make serve: build site/ and serve it on http://127.0.0.1:8000/ (or PORT=...)
PORT ?= 8000
serve: site
	$(PYTHON) scripts/serve.py --dir site --port $(PORT)

## make dist: write exactly the files to publish into dist/, and print their size
dist: $(VENV)/.build-installed node_modules/.installed
	$(PY) scripts/build_site.py --out dist

## make test-e2e: the page in a real Chromium, and the smoke suite in Firefox ESR and WebKitGTK
## (each found, or installed from Debian; an engine this machine cannot have is skipped, and
## pytest says why)
# A test whose browser tab crashes (Chromium's renderer process dies: rare, seen about once in
# 30 boots with a real profile on this machine, not traced to the page) runs once more, and so
# does one whose WebAssembly traps inside WebKitGTK's own runtime ("Out of bounds memory
# access" booting Pyodide: once in a clean run of 7 December, beside a Chromium worker; the
# same test passed in 5 runs after it); any other failure fails at once.  pytest reports each
# rerun, and (-rs) each skip with its reason.
RERUN_CRASHED := --reruns 1 --only-rerun "Target crashed|Page crashed|Out of bounds memory access"
# In two workers (pytest-xdist), each with its own Chromium; the site is built once for both
# (e2e/conftest.py), and Firefox's and WebKit's tests each stay in one worker (loadgroup).
# E2E_WORKERS=0 runs them in this process, one after the other.  The tests of timing (marked
# `alone`) run afterwards in one process, with no other worker's browser beside them.
E2E_WORKERS ?= 2
E2E_XDIST := -n $(E2E_WORKERS) --dist loadgroup
test-e2e: $(VENV)/.e2e-installed node_modules/.installed
	$(PY) scripts/browser.py --install chromium firefox webkit
	$(PY) -m pytest e2e -rs -m "not alone" $(E2E_XDIST) $(RERUN_CRASHED)
	$(PY) -m pytest e2e -rs -m alone $(RERUN_CRASHED)

## make test-chromium: every e2e test in Chromium (its own suite and the smoke suite)
test-chromium: $(VENV)/.e2e-installed node_modules/.installed
	$(PY) scripts/browser.py --install chromium
	$(PY) -m pytest e2e -rs --engine chromium $(E2E_XDIST) $(RERUN_CRASHED)

## make gallery: every phase and dialog at every size, scheme and language (e2e/test_sizes.py;
## its screenshots are written even where a check fails), and every other screenshot the e2e
## tests left, on one page: gallery/index.html
gallery: $(VENV)/.e2e-installed node_modules/.installed
	$(PY) scripts/browser.py --install chromium
	-$(PY) -m pytest e2e/test_sizes.py -rs
	$(PY) scripts/gallery.py

## make soak: the monkey (e2e/test_monkey.py) long: thousands of random taps, keys, settings
## changes and reloads on several seeds (make test runs a short one)
soak: $(VENV)/.e2e-installed node_modules/.installed
	$(PY) scripts/browser.py --install chromium
	MONKEY_EVENTS=$${MONKEY_EVENTS:-3000} MONKEY_SEEDS=$${MONKEY_SEEDS:-1,2,3} \
		$(PY) -m pytest e2e/test_monkey.py -rs -s --engine chromium

## make test-firefox / make test-webkit: the smoke suite (e2e/test_engines.py) in that engine
test-firefox test-webkit: test-%: $(VENV)/.e2e-installed node_modules/.installed
	$(PY) scripts/browser.py --install $*
	$(PY) -m pytest e2e/test_engines.py -rs --engine $*

## make bench-memory: JS heap, DOM, listeners and Python memory over a match with hard bots
bench-memory: $(VENV)/.e2e-installed node_modules/.installed
	$(PY) scripts/browser.py --install chromium
	$(PY) scripts/bench_memory.py

## make bench-web: cold and warm time-to-ready, game page vs a bare Pyodide page
bench-web: $(VENV)/.e2e-installed node_modules/.installed
	$(PY) scripts/browser.py --install
	$(PY) scripts/bench_boot.py

## make bench-wire: a first visit's bytes (gzip host), an untouched embed's, and first visits
## on emulated phone networks, game vs the bare Pyodide page
bench-wire: site $(VENV)/.e2e-installed
	$(PY) scripts/browser.py --install chromium
	$(PY) scripts/bench_wire.py
