"""Boot time of the game page against a bare Pyodide page, in headless Chromium.

    python3 scripts/bench_boot.py [--runs 9] [--warm 5]      (or: make bench-web)
    python3 scripts/bench_boot.py --before DIR ...   (DIR: a build of another commit, e.g.
        `git worktree add /tmp/old REV && make -C /tmp/old site`, then DIR=/tmp/old/site)

Three pages, served from the same local server (the built site/, with bench/):

- game: index.html.
- bare: bench/bare.html, a bare Pyodide page (one line of Python) with Pyodide exactly as
  the npm package ships it (bench/pyodide/).  The goal is measured against it.
- bare-site: the same page with the site's own Pyodide files (its standard library has the
  modules the game needs to start precompiled, see scripts/bytecode.py, so Python itself
  starts faster).  Against it, the difference is what PyScript and the game add on top.
- bare-pyscript: bench/bare-pyscript.html, PyScript exactly as the game starts it on a first
  visit (the site's PyScript and Pyodide through interpreter.mjs, the same plugins, preloads
  and compiled PyScript package) running one line of Python: against bare-site, what
  PyScript itself costs; against it, what the game adds.

The game starts Python fresh on a cold load (a first visit downloads no snapshot), and from
the device's snapshot on the warm loads (interpreter.mjs: the device makes it after its first
visit); each load's start is printed.

Time-to-ready is read in the page: from the start of navigation (performance.timeOrigin)
to the moment <html data-ready="1"> is set.  The game's first paint is read there too (the
Paint Timing API's first-contentful-paint: the skeleton, with its loading message).  The
page reports them in a console message: the benchmark does not call into the page while it
boots (Playwright's wait_for_selector would first evaluate its own ~60 ms script in it, on
the main thread the game needs to start and the bare page does not).

- cold: a fresh browser context for every load (empty HTTP cache, no service worker), the
  two pages alternated (ABBA order, so neither always goes first); median of --runs each.
- warm: in one context per page, after a first visit (for the game: once its service
  worker is active, so it serves every file), --warm more loads in new tabs, alternated;
  median.

- tricks: after the boot figures, the game is played at normal speed (the pace a player
  sees) from a fresh load for --tricks tricks, the player's moves taken by Hint and the
  button (scripts/bench_memory.py's `decide`), with the same CPU throttling; the Long Tasks
  API records every main-thread task of 50 ms or more, each put in the phase it began in.
  Prints the longest task of the play phase (while bots and the player play tricks) and of
  the whole round so far, and how many reached 50 and 100 ms (goal: none of 100 ms during
  the bots' turns), each by wall time and by the main thread's own time in a Chromium trace
  of the same minutes (scripts/trace_tasks.py): on a loaded machine the wall time includes
  waiting for a core.  The bare pages play nothing, so only the game is measured.

- game-before (--before DIR): the game of another build, loaded in turn with the three
  pages above, cold and warm (its own context, its own service worker and snapshot), so that
  a change is judged under the same load (the ratios move with the machine's load by more
  than most changes do).

Prints the figures, the ratios game/bare (goal for cold: <= 1.10) and game/bare-site, the
game's first paint (goal: < 300 ms), and where the game's time goes (medians of its
py:progress events): before PyScript asks for Pyodide (the page's HTML, CSS and first layout,
PyScript's own scripts), Pyodide's start, and from Pyodide up to ready.
Asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import browser
import build_site
import serve
import trace_tasks

ROOT = Path(__file__).resolve().parent.parent
PAGES = {"game": "index.html", "bare": "bench/bare.html",
         "bare-site": "bench/bare.html?pyodide=../pyodide/pyodide.mjs",
         "bare-pyscript": "bench/bare-pyscript.html"}
BEFORE = "game-before"  # --before: the game of another build, cold loads only
READY = 'html[data-ready="1"]'
# Reports when data-ready becomes "1", the first contentful paint (-1: none), and for the game
# when PyScript began loading Pyodide and when Pyodide was up (its py:progress events; -1 on
# the bare pages), in ms since the navigation started.
READY_MESSAGE = "bench: ready at "
RECORD_READY = """
const stages = {"Loading interpreter": -1, "Loaded Pyodide": -1};
addEventListener("py:progress", ({detail}) => {
  if (detail in stages) stages[detail] = performance.now();
});
new MutationObserver((_, o) => {
  if (document.documentElement.dataset.ready === "1") {
    const paint = performance.getEntriesByName("first-contentful-paint")[0];
    console.debug("READY_MESSAGE" + performance.now() + " " + (paint ? paint.startTime : -1) +
                  " " + stages["Loading interpreter"] + " " + stages["Loaded Pyodide"] + " " +
                  (document.documentElement.dataset.pythonStart || "-"));
    o.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
""".replace("READY_MESSAGE", READY_MESSAGE)
TIMEOUT_MS = 180_000
# Long Tasks API from the page's start: each task of 50 ms or more, with the phase and turn
# (data-phase, data-turn) in force when it began, and the player's own inputs (marked by the
# benchmark) kept apart from the bots' turns.
RECORD_TASKS = """
window.__tasks = [];
window.__phases = [];  // [time, phase, turn] at every change
window.__inputs = [];  // [start, end] of the benchmark's clicks as the player
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__tasks.push([e.startTime, e.duration]);
}).observe({type: "longtask", buffered: true});
new MutationObserver(() => {
  const d = document.documentElement.dataset;
  window.__phases.push([performance.now(), d.phase || "", d.turn || ""]);
}).observe(document, {attributes: true, subtree: true,
                      attributeFilter: ["data-phase", "data-turn"]});
"""


PAINTS: dict[str, list[float]] = {}  # cold and warm: the game's first contentful paints
# cold and warm: the game's (Pyodide asked for, Pyodide up, ready) of each load
STAGES: dict[str, list[tuple[float, float, float]]] = {}


# How Python started in each load, by URL: "snapshot" or "fresh" (interpreter.mjs), "-" on
# the bare Pyodide page
STARTS: dict[str, list[str]] = {}
THROTTLE = 1.0  # CPU slow-down of every page (--throttle: 4 is a mid-range phone)


def load(context, url: str, paints: list[float] | None = None,
         stages: list[tuple[float, float, float]] | None = None) -> float:
    """Time-to-ready of one load of url; its first contentful paint is added to `paints`,
    and when Pyodide was asked for and up, with the time to ready, to `stages`."""
    page = context.new_page()
    if THROTTLE > 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate",
                                           {"rate": THROTTLE})
    with page.expect_console_message(lambda m: m.text.startswith(READY_MESSAGE),
                                     timeout=TIMEOUT_MS) as message:
        page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
    page.close()
    *figures, python_start = message.value.text.removeprefix(READY_MESSAGE).split()
    ready, paint, asked, up = (float(x) for x in figures)
    STARTS.setdefault(url, []).append(python_start)
    if paints is not None and paint >= 0:
        paints.append(paint)
    if stages is not None and 0 <= asked <= up:
        stages.append((asked, up, ready))
    return ready


def new_context(chromium):
    context = chromium.new_context()
    context.add_init_script(RECORD_READY)
    return context


def orders(runs: int, names: list[str]):
    """The pages in a rotating order, so that none always loads first (or after another)."""
    for i in range(runs):
        k = i % len(names)
        order = names[k:] + names[:k]
        yield order if i % 2 == 0 else order[::-1]


def cold(chromium, urls: dict[str, str], runs: int) -> dict[str, list[float]]:
    """Cold loads of each page of `urls` ({name: URL}), in turn."""
    times: dict[str, list[float]] = {name: [] for name in urls}
    for order in orders(runs, list(urls)):
        for name in order:
            context = new_context(chromium)
            game = name == "game"
            paints = PAINTS.setdefault("cold", []) if game else None
            stages = STAGES.setdefault("cold", []) if game else None
            times[name].append(load(context, urls[name], paints, stages))
            context.close()
    return times


def warm(chromium, urls: dict[str, str], runs: int) -> dict[str, list[float]]:
    """Warm loads of each page of `urls` ({name: URL}), in turn, each in its own context
    after a first visit (for a game, once the device has its snapshot)."""
    games = [name for name in urls if name in ("game", BEFORE)]
    contexts = {}
    for name, url in urls.items():  # the first visit of each page, in its own context
        context = contexts[name] = new_context(chromium)
        page = context.new_page()
        page.goto(url, timeout=TIMEOUT_MS)
        page.wait_for_selector(READY, state="attached", timeout=TIMEOUT_MS)
        if name in games:  # until the service worker has the site and the device its snapshot
            page.wait_for_function("document.documentElement.dataset.snapshot",
                                   timeout=TIMEOUT_MS)
        page.close()
    times: dict[str, list[float]] = {name: [] for name in urls}
    for order in orders(runs, list(urls)):  # then more loads in new tabs, as for cold ones
        for name in order:
            game = name == "game"
            paints = PAINTS.setdefault("warm", []) if game else None
            stages = STAGES.setdefault("warm", []) if game else None
            times[name].append(load(contexts[name], urls[name], paints, stages))
    for name in games:
        served = contexts[name].new_page()
        served.goto(urls[name], timeout=TIMEOUT_MS)
        if not served.evaluate("!!navigator.serviceWorker.controller"):
            print(f"warning: the warm loads of {name} were not served by its service worker")
    for context in contexts.values():
        context.close()
    return times


def tricks(chromium, base: str, count: int, seed: int) -> None:
    """The longest main-thread tasks while the game is played, at normal speed."""
    import bench_memory  # its plain player: Hint, then the button

    context = chromium.new_context()
    context.add_init_script(RECORD_TASKS)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    if THROTTLE > 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate",
                                           {"rate": THROTTLE})
    page.goto(f"{base}index.html?seed={seed}", timeout=TIMEOUT_MS)
    page.wait_for_selector(READY, state="attached", timeout=TIMEOUT_MS)
    chromium.start_tracing(page=page, categories=trace_tasks.TRACE_CATEGORIES)
    mark_at = page.evaluate(f"performance.mark({trace_tasks.CLOCK_MARK!r}).startTime")
    played = 0
    while played < count:
        page.wait_for_function(bench_memory.DECISION, timeout=TIMEOUT_MS)  # the bots' turns
        start = page.evaluate("performance.now()")
        phase = bench_memory.decide(page)  # the player's: from Hint to the action applied
        page.evaluate("(s) => window.__inputs.push([s, performance.now()])", start)
        played += phase == "play"
        if phase in ("result", "match-over"):
            break
    tasks, phases, inputs = page.evaluate("[window.__tasks, window.__phases, window.__inputs]")
    trace = chromium.stop_tracing()
    context.close()
    judged_from = trace_tasks.traced_from(trace, mark_at) or mark_at
    tasks = [(s, d) for s, d in tasks if s >= judged_from]
    threads = dict(zip(map(tuple, tasks), trace_tasks.thread_times(trace, mark_at, tasks),
                       strict=True))

    def phase_at(t: float) -> tuple[str, str]:
        current = ("", "")
        for when, phase, turn in phases:
            if when > t:
                break
            current = (phase, turn)
        return current

    def mine(start: float, duration: float) -> bool:  # overlaps the player's own click
        return any(a <= start + duration and start <= b for a, b in inputs)

    after_ready = tasks
    bots = [(s, d) for s, d in after_ready if not mine(s, d)]
    in_tricks = [(s, d) for s, d in bots if phase_at(s)[0] == "play"]

    def own(task: tuple[float, float]) -> float:  # thread time where the trace has it
        thread = threads[task][0]
        return task[1] if thread is None else thread

    def summary(label: str, chosen: list[tuple[float, float]]) -> None:
        longest = max((d for _, d in chosen), default=0.0)
        work = max((own(t) for t in chosen), default=0.0)
        heaviest = max(chosen, key=own, default=None)
        what = threads[heaviest][1] if heaviest else ""
        print(f"  {label}: longest {longest:.0f} ms wall, {work:.0f} ms thread"
              f"{f' ({what})' if what else ''}; tasks >= 50 ms: {len(chosen)}, "
              f">= 100 ms of thread time: {sum(1 for t in chosen if own(t) >= 100)}")

    print(f"  tricks: {played} of the player's plays at normal speed, seed {seed}, "
          f"CPU throttled {THROTTLE:g}x")
    summary("tricks  during the play phase, the bots' turns", in_tricks)
    summary("tricks  the whole round after ready, the bots' turns", bots)
    by_phase: dict[str, float] = {}
    for start, duration in bots:
        phase = phase_at(start)[0] or "start"
        by_phase[phase] = max(by_phase.get(phase, 0.0), own((start, duration)))
    print("  tricks  longest thread time of the bots' turns by phase: " + ", ".join(
        f"{phase} {longest:.0f} ms" for phase, longest in by_phase.items()))
    summary("tricks  the player's own inputs (Hint's search, the play)",
            [(s, d) for s, d in after_ready if mine(s, d)])


def report(label: str, times: dict[str, list[float]]) -> None:
    med = {name: statistics.median(t) for name, t in times.items()}
    for name, t in times.items():
        runs = ", ".join(f"{x:.0f}" for x in t)
        print(f"  {label} {name:13}: median {med[name]:7.0f} ms   (runs: {runs})")
    starts = ", ".join(f"{url.split('/', 3)[-1]}: " + ", ".join(
        f"{kind} {ways.count(kind)}" for kind in sorted(set(ways)))
        for url, ways in STARTS.items() if set(ways) != {"-"})
    print(f"  {label} how Python started (interpreter.mjs): {starts}")
    STARTS.clear()
    print(f"  {label} ratio game/bare: {med['game'] / med['bare']:.3f}   "
          f"game/bare-site: {med['game'] / med['bare-site']:.3f} "
          f"(+{med['game'] - med['bare-site']:.0f} ms)")
    print(f"  {label} ratio bare-pyscript/bare-site: "
          f"{med['bare-pyscript'] / med['bare-site']:.3f} "
          f"(+{med['bare-pyscript'] - med['bare-site']:.0f} ms: PyScript itself)   "
          f"game/bare-pyscript: {med['game'] / med['bare-pyscript']:.3f} "
          f"(+{med['game'] - med['bare-pyscript']:.0f} ms: the game)")
    if BEFORE in med:
        print(f"  {label} ratio game/{BEFORE}: {med['game'] / med[BEFORE]:.3f} "
              f"({med['game'] - med[BEFORE]:+.0f} ms); {BEFORE}/bare-site: "
              f"{med[BEFORE] / med['bare-site']:.3f}")
    paints = PAINTS.get(label, [])
    if paints:
        print(f"  {label} game first paint: median {statistics.median(paints):.0f} ms   "
              f"(runs: {', '.join(f'{x:.0f}' for x in paints)})")
    stages = STAGES.get(label, [])
    if stages:
        before = statistics.median(asked for asked, _, _ in stages)
        pyodide = statistics.median(up - asked for asked, up, _ in stages)
        after = statistics.median(ready - up for _, up, ready in stages)
        print(f"  {label} game stages (medians): before PyScript asks for Pyodide {before:.0f} ms, "
              f"Pyodide's start {pyodide:.0f} ms, from Pyodide up to ready {after:.0f} ms "
              "(PyScript's Python, the game's import, its first render)")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=9, help="cold loads of each page (>= 5)")
    ap.add_argument("--warm", type=int, default=5, help="warm loads of each page (0: none)")
    ap.add_argument("--no-build", action="store_true", help="use site/ as it is")
    ap.add_argument("--tricks", type=int, default=3,
                    help="tricks the player plays for the long-task figures (0: none)")
    ap.add_argument("--seed", type=int, default=5, help="the deal of those tricks")
    ap.add_argument("--throttle", type=float, default=1.0,
                    help="slow every page's CPU this many times (4: a mid-range phone)")
    ap.add_argument("--before", type=Path, metavar="DIR",
                    help="another build of the site (e.g. of an earlier commit) whose game is "
                         "loaded in turn with the others, cold and warm, to compare a change")
    args = ap.parse_args(argv)
    global THROTTLE
    THROTTLE = args.throttle
    site = ROOT / "site"
    if not args.no_build or not (site / "bench" / "pyodide").exists():
        build_site.build(site, bench=True)
    executable = browser.find_chromium()
    if executable is None:
        raise SystemExit("no Chromium: run `python3 scripts/browser.py --install`")

    from playwright.sync_api import sync_playwright

    server, base = serve.start(site)
    urls = {name: base + path for name, path in PAGES.items()}
    servers = [server]
    if args.before is not None:
        before_server, before_base = serve.start(args.before)
        servers.append(before_server)
        urls[BEFORE] = before_base + PAGES["game"]
    try:
        with sync_playwright() as p:
            chromium = p.chromium.launch(executable_path=executable, args=browser.LAUNCH_ARGS)
            load(new_context(chromium), base + PAGES["bare"])  # warm up the browser itself
            print(f"Boot to ready, Chromium {chromium.version}, {base}, CPU throttled "
                  f"{THROTTLE:g}x, "
                  f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
            report("cold", cold(chromium, urls, args.runs))
            if args.warm > 0:
                report("warm", warm(chromium, urls, args.warm))
            if args.tricks > 0:
                tricks(chromium, base, args.tricks, args.seed)
            print(f"  load average now {os.getloadavg()[0]:.1f} (other work on the machine "
                  "makes every figure noisier)")
            chromium.close()
    finally:
        for running in servers:
            running.shutdown()


if __name__ == "__main__":
    main()
