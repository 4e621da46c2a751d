"""Memory of the page over a long match, in headless Chromium: nothing may pile up.

    python3 scripts/bench_memory.py [--rounds 6] [--tier hard]      (or: make bench-memory)

Plays a match in the built site/ at ?speed=instant against three bots of --tier (chosen in
the settings dialog), the player's moves taken as a player would take them (Hint, then the
button that acts on it). At each round's result, after a forced garbage collection in both
runtimes, it records:
- the JS heap in use (CDP Runtime.getHeapUsage) and the DOM's nodes and JS event listeners
  (CDP Memory.getDOMCounters): leaked listeners or elements would grow them;
- Pyodide's WebAssembly memory (it only grows, so it shows the Python heap's high-water mark),
  the Python objects alive (gc.get_objects) and the PyProxies alive are not countable from
  outside, so a leak of them shows in the JS heap and in Python's objects.
Prints every round's figures and, for each, the ratio of the last round to the first
(goal: <= 1.5). Asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import browser
import build_site
import serve

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT_MS = 600_000
DECISION = ('() => { const d = document.documentElement.dataset;'
            ' return d.turn === "0" || d.phase === "result" || d.phase === "match-over"; }')
PYTHON_FIGURES = """
import gc, json
from js import document
gc.collect()
try:
    import pyodide_js
    wasm = pyodide_js._module.HEAP8.length
except Exception:
    wasm = -1
document.documentElement.setAttribute("MARK", json.dumps([len(gc.get_objects()), wasm]))
"""


def python_figures(page) -> tuple[int, int]:
    """Python objects alive after a collection, and the WebAssembly memory's size in bytes."""
    mark = f"data-bench-{uuid.uuid4().hex}"
    page.evaluate("""(code) => { const s = document.createElement("script");
        s.type = "py"; s.textContent = code; document.body.append(s); }""",
                  PYTHON_FIGURES.replace("MARK", mark))
    page.wait_for_selector(f"html[{mark}]", state="attached", timeout=TIMEOUT_MS)
    objects, wasm = json.loads(page.get_attribute("html", mark))
    page.evaluate("(m) => { document.documentElement.removeAttribute(m);"
                  " document.querySelectorAll('script[type=py]').forEach((s, i) =>"
                  " i > 0 && s.remove()); }", mark)
    return objects, wasm


def js_figures(cdp) -> tuple[int, int, int]:
    cdp.send("HeapProfiler.collectGarbage")
    heap = cdp.send("Runtime.getHeapUsage")["usedSize"]
    counters = cdp.send("Memory.getDOMCounters")
    return heap, counters["nodes"], counters["jsEventListeners"]


def press(page, action: str) -> None:
    before = page.evaluate("document.documentElement.dataset.actions")
    page.click(f'#controls button[data-action="{action}"]')
    page.wait_for_function("(n) => document.documentElement.dataset.actions !== n", arg=before,
                           timeout=TIMEOUT_MS)


def decide(page) -> str:
    """The player's next decision, the plain way; returns the phase it was taken in."""
    page.wait_for_function(DECISION, timeout=TIMEOUT_MS)
    phase = page.evaluate("document.documentElement.dataset.phase")
    if phase in ("bid", "snatch"):
        press(page, "pass")
    elif phase in ("bury", "play"):
        page.click('#controls button[data-action="hint"]')
        press(page, phase)
    elif phase == "result":
        press(page, "next-round")
    return phase


def choose_tier(page, tier: str) -> None:
    page.click('button[data-action="settings"]')
    for seat in (1, 2, 3):
        page.select_option(f'dialog#dialog select[data-setting="tier-{seat}"]', tier)
    page.click('dialog#dialog button[data-action="close"]')


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--tier", default="hard", choices=("easy", "normal", "hard"))
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--no-build", action="store_true", help="use site/ as it is")
    args = ap.parse_args(argv)
    site = ROOT / "site"
    if not args.no_build or not (site / "index.html").exists():
        build_site.build(site)
    executable = browser.find_chromium()
    if executable is None:
        raise SystemExit("no Chromium: run `python3 scripts/browser.py --install`")

    from playwright.sync_api import sync_playwright

    server, base = serve.start(site)
    rows: list[tuple[int, int, int, int, int]] = []
    try:
        with sync_playwright() as p:
            chromium = p.chromium.launch(executable_path=executable, args=browser.LAUNCH_ARGS)
            page = chromium.new_context().new_page()
            page.set_default_timeout(TIMEOUT_MS)
            page.goto(f"{base}index.html?speed=instant&seed={args.seed}")
            page.wait_for_selector('html[data-ready="1"]', state="attached")
            choose_tier(page, args.tier)
            cdp = page.context.new_cdp_session(page)
            print(f"Memory over a match, Chromium {chromium.version}, three {args.tier} bots, "
                  f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
            print("  round   JS heap   DOM nodes  listeners  Python objects  wasm memory")
            while len(rows) < args.rounds:
                if decide(page) != "result":
                    continue
                row = (*js_figures(cdp), *python_figures(page))
                rows.append(row)
                heap, nodes, listeners, objects, wasm = row
                print(f"  {len(rows):5}  {heap / 1e6:6.1f} MB  {nodes:9}  {listeners:9}  "
                      f"{objects:14}  {wasm / 1e6:8.1f} MB")
                if page.evaluate("document.documentElement.dataset.phase") == "match-over":
                    break
            chromium.close()
    finally:
        server.shutdown()
    names = ("JS heap", "DOM nodes", "listeners", "Python objects", "wasm memory")
    first, last = rows[0], rows[-1]
    print(f"  last round / first (goal <= 1.5), over {len(rows)} rounds: " + ", ".join(
        f"{name} {b / a:.2f}" for name, a, b in zip(names, first, last, strict=True) if a > 0))


if __name__ == "__main__":
    main()
