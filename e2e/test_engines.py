"""The smoke suite, written once and run in every engine: Chromium (Playwright), Firefox ESR
(Marionette) and WebKitGTK (WebKitWebDriver), through e2e/drivers.py.

The page boots with no error; a whole round is played by clicks (and by taps where the
engine's driver delivers touch input) to its result; a reload resumes the same match; denied
storage still boots; the service worker serves the page offline after one visit; and which
of the web features the page (or its tests) use each engine has.  An engine that this machine
lacks is skipped with the reason (scripts/browser.py installs them); so is a feature an
engine lacks, by name.  `make test-firefox`, `make test-webkit`, `make test-chromium`.
"""

from __future__ import annotations

import functools
import io
import json
import re
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import serve  # scripts/, on the path (conftest.py)
from game_helpers import DENY_STORAGE, find_seed, player_becomes_dealer
from player import NOT_SAVED, Player, button, history, position, wait_decision, wait_ready

from engine.save import load_match

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
PHONE = (360, 640)
DESKTOP = (1280, 800)

# Put before the page's own scripts (by the test server, as the first thing in <head>): every
# uncaught error and unhandled rejection of the page, and every resource that failed to load.
ERRORS = """
window.__pageErrors = [];
addEventListener("error", (e) => {
  const t = e.target;
  __pageErrors.push(t && t !== window ? `failed to load ${t.src || t.href || t.tagName}`
                                      : `${e.message} (${e.filename}:${e.lineno})`);
}, true);
addEventListener("unhandledrejection", (e) => {
  const r = e.reason;
  __pageErrors.push(`unhandled rejection: ${(r && (r.stack || r.message)) || r}`);
});
"""


# --- a server that puts scripts in the page before its own -------------------------------------

def inject(html: str, script: str) -> str:
    """`script` as the first script of the page (after <meta charset>, else after <head>)."""
    tag = f"<script>{script}</script>"
    for pattern in (r"<meta charset=[^>]*>", r"<head[^>]*>"):
        match = re.search(pattern, html, re.IGNORECASE)
        if match:
            return html[:match.end()] + tag + html[match.end():]
    raise AssertionError("index.html has no <head>: where would the scripts go?")


class Injecting(serve.Handler):
    """The site, with `scripts` put in index.html (the stand-ins of test_web_page.py).
    The service worker does not take this page (it is not the published file): tests of the
    offline copy use a plain server."""

    scripts = ""

    def send_head(self):
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path not in ("/", "/index.html"):
            return super().send_head()
        html = (Path(self.directory) / "index.html").read_text(encoding="utf-8")
        body = inject(html, self.scripts).encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        return io.BytesIO(body)


@pytest.fixture
def serve_page(dist):
    """serve_page(*scripts) -> URL of the site, each script run before the page's own."""
    servers = []

    def start(*scripts: str) -> str:
        handler = type("InjectingHandler", (Injecting,), {"scripts": "\n".join(scripts)})
        server = serve.Server(("127.0.0.1", 0), functools.partial(handler, directory=str(dist)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}/"

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def dealer_seed() -> int:
    """A seed where the player, bidding at their turn, buries the kitty (more to decide)."""
    return find_seed(player_becomes_dealer)


def page_errors(page) -> list[str]:
    errors = page.eval("window.__pageErrors || ['the error recorder did not run']")
    shown = page.eval("[...document.querySelectorAll('.py-error')].map((e) => e.textContent)")
    return [*errors, *shown]


def boot(page, url: str) -> float:
    """Open `url`, wait until the game is ready; seconds it took."""
    start = time.monotonic()
    page.goto(url)
    wait_ready(page)
    return time.monotonic() - start


def console_warnings(page) -> list[str]:
    """The page's own warnings and errors that Firefox wrote to its log (Marionette has no
    console API: the driver turns on devtools.console.stdout.content); not the browser's
    (chrome:// and resource:// lines)."""
    console = getattr(page, "console", None)
    if console is None:
        return []
    lines = (line.strip() for line in console().splitlines())
    return sorted({line for line in lines
                   if re.match(r"JavaScript (warning|error): (?!resource:|chrome:)", line)})


# --- the smoke tests --------------------------------------------------------------------------

def test_boots(engine, open_page, serve_page):
    """The page boots with no error, loads only its own files, and shows the player's hand
    (screenshot: e2e/artifacts/hand-<engine>.png)."""
    url = serve_page(ERRORS)
    page = open_page(DESKTOP)
    took = boot(page, url + "?seed=9&speed=instant")
    phase = wait_decision(page)["phase"]
    assert phase in ("bid", "bury", "play"), phase
    assert page.eval("document.querySelectorAll('#hand [data-card]').length") >= 38
    assert page_errors(page) == []
    loaded = page.eval("performance.getEntriesByType('resource').map((e) => e.name)")
    assert loaded, "the Resource Timing API lists nothing"
    foreign = [u for u in loaded if urlsplit(u).scheme in ("http", "https")
               and urlsplit(u).netloc != urlsplit(url).netloc]
    assert foreign == [], f"requests to other hosts: {foreign}"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(ARTIFACTS / f"hand-{engine.name}.png", "#seat-south")
    page.screenshot(ARTIFACTS / f"table-{engine.name}.png")
    print(f"\n{engine.name} {engine.version}: ready in {took:.1f} s (navigation to "
          f"data-ready, fresh profile), viewport {page.viewport[0]}x{page.viewport[1]}")
    for line in console_warnings(page):
        print(f"  console: {line[:300]}")


INJECT = """(() => {
  const script = document.createElement("script");
  script.textContent = "window.injected = true";
  document.body.append(script);
  return window.injected === true;
})()"""


def test_the_content_security_policy_holds(engine, open_page, serve_page):
    """The page boots and plays under its own Content-Security-Policy (a <meta> the build
    writes: scripts from the site and the page's own inline script by its hash), and a script
    injected into it does not run."""
    url = serve_page(ERRORS)
    page = open_page(DESKTOP)
    boot(page, url + "?seed=9&speed=instant")
    policy = page.eval("document.querySelector('meta[http-equiv=Content-Security-Policy]')"
                       "?.content ?? ''")
    assert "default-src 'self'" in policy and "object-src 'none'" in policy, policy
    Player(page).decide(wait_decision(page))
    assert page.eval(INJECT) is False, "an injected inline script ran"
    assert page_errors(page) == []


@pytest.mark.parametrize("how", ["click", "tap"])
def test_whole_round(engine, open_page, serve_page, dealer_seed, how):
    """A whole round to its result by the player's own input, deciding whatever the page
    asks; then the next round starts."""
    url = serve_page(ERRORS)
    page = open_page(PHONE if how == "tap" else DESKTOP, touch=how == "tap")
    boot(page, url + f"?seed={dealer_seed}&speed=instant")
    if how == "tap":
        kind = touch_input(page)
        if kind != "touch":
            pytest.skip(f"{engine.name}: its driver delivers touch actions as "
                        f"pointerType {kind!r}, not 'touch': no taps to test")
    start = time.monotonic()
    played = Player(page, how).round()
    took = time.monotonic() - start
    counts = played.count()
    assert counts["play"] > 0, counts

    # the result, as the engine on CPython reads the page's save
    match = load_match(page.eval("localStorage.getItem('chaodipi.match')"))
    assert match.phase == "result" and match.round.result is not None, match.phase
    assert page.eval("document.querySelectorAll('#hand [data-card]').length") == 0
    result = page.eval("document.querySelector('#table .result').innerText")
    assert str(match.round.result.score) in result, result
    assert page_errors(page) == []

    rounds = sum(1 for h in history(page) if h == ["next"])
    before = page.eval("Number(document.documentElement.dataset.actions)")
    Player(page, how).press(button("next-round"))
    page.wait_for("(n) => Number(document.documentElement.dataset.actions) > n", before)
    assert sum(1 for h in history(page) if h == ["next"]) == rounds + 1
    page.wait_for("document.documentElement.dataset.phase !== 'result' "
                  "&& document.querySelectorAll('#hand [data-card]').length > 0")
    asked = PHONE if how == "tap" else DESKTOP
    size = f"{page.viewport[0]}x{page.viewport[1]}" + (
        "" if tuple(page.viewport) == asked else f" (asked for {asked[0]}x{asked[1]}: the "
                                                  "smallest window this engine makes)")
    print(f"\n{engine.name}, by {how}, viewport {size}: "
          f"{sum(counts.values())} decisions {dict(counts)} in {took:.1f} s")


def touch_input(page) -> str | None:
    """The pointerType of the pointerdown that the driver's tap makes (on the status bar)."""
    page.eval("""() => { window.__tapKind = null;
      document.addEventListener("pointerdown", (e) => { window.__tapKind = e.pointerType; },
                                {capture: true, once: true}); }""")
    page.tap("#status")
    return page.wait_for("window.__tapKind")


def test_reload_resumes_the_match(engine, open_page, serve_page):
    """Mid-trick, a reload shows the same position from the save, and the match plays on
    (by keyboard: H for a hint, P to play it)."""
    url = serve_page(ERRORS)
    page = open_page(DESKTOP)
    boot(page, url + "?seed=7&speed=instant")
    player = Player(page)
    # the player to follow, with a trick or more already played
    player.until(lambda d: "play" in d["buttons"]
                 and page.eval("document.querySelectorAll('#table .play').length") > 0
                 and sum(1 for h in history(page) if h[0] == "play") >= 4)
    before = position(page)
    assert before["table"] and before["turn"] == "0" and before["save"]
    page.reload()
    wait_ready(page)
    wait_decision(page)
    assert position(page) == before
    assert page_errors(page) == []

    old = json.loads(before["save"])["history"]
    count = page.eval("Number(document.documentElement.dataset.actions)")
    page.click("#status")  # the keyboard goes to the page
    page.press("h")
    page.wait_for("document.querySelectorAll('#hand [aria-selected=\"true\"]').length")
    page.press("p")
    page.wait_for("(n) => Number(document.documentElement.dataset.actions) > n", count)
    new = history(page)
    assert new[:len(old)] == old and len(new) > len(old)
    assert new[len(old)][:2] == ["play", 0], new[len(old)]


def test_denied_storage_still_boots(engine, open_page, serve_page):
    """Where the browser refuses localStorage (the stand-in of test_web_page.py), the game
    boots, says progress is not saved, and plays on."""
    url = serve_page(ERRORS, DENY_STORAGE)
    page = open_page(PHONE)
    boot(page, url + "?seed=4&speed=instant")
    assert page.eval("document.documentElement.dataset.storage") == "denied"
    assert NOT_SAVED in page.eval("document.querySelector('#notice').innerText")
    decision = wait_decision(page)
    Player(page).decide(decision)
    assert page.eval("Number(document.documentElement.dataset.actions)") > decision["actions"]
    assert NOT_SAVED in page.eval("document.querySelector('#notice').innerText")
    assert page_errors(page) == []


@pytest.mark.device_snapshot  # (it starts from the snapshot the first visit made)
def test_offline_after_one_visit(engine, open_page, dist):
    """After one visit the service worker serves the page with the server gone, Python starts
    from the snapshot the device made after that visit (interpreter.mjs), and the saved match
    resumes."""
    server = serve.Server(("127.0.0.1", 0), functools.partial(serve.Handler, directory=str(dist)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        page = open_page(DESKTOP)
        boot(page, url + "?seed=11&speed=instant")
        if not page.eval("'serviceWorker' in navigator"):
            pytest.skip(f"{engine.name}: no navigator.serviceWorker here: no offline copy")
        scope = page.eval("navigator.serviceWorker.ready.then((r) => r.scope)")
        assert scope == url
        Player(page).decide(wait_decision(page))
        wait_decision(page)
        saved = position(page)
        assert saved["save"] and saved["hand"]
        page.wait_for("document.documentElement.dataset.snapshot")
        assert page.eval("document.documentElement.dataset.snapshot") == "made"
    finally:
        server.shutdown()
        server.server_close()
    page.reload()
    wait_ready(page)
    assert page.eval("!!navigator.serviceWorker.controller")
    assert page.eval("document.documentElement.dataset.pythonStart") == "snapshot"
    wait_decision(page)
    assert position(page) == saved, "the saved match resumes where it was"


# --- which engine has which feature -----------------------------------------------------------

# Each web feature the page or its tests rely on: how to detect it in a browser, and how to
# find its use in the page's own code (index.html, boot.js, sw.js, ui/).  "tests": used by
# the e2e tests only.
FEATURES = {
    "Web Locks": ("'locks' in navigator && typeof navigator.locks.request === 'function'",
                  r"navigator\.locks|\blocks\.request"),
    "BroadcastChannel": ("typeof BroadcastChannel === 'function'", r"BroadcastChannel"),
    "<dialog>": ("typeof HTMLDialogElement === 'function' "
                 "&& typeof document.createElement('dialog').showModal === 'function'",
                 r"<dialog|showModal"),
    "clipboard": ("!!(navigator.clipboard && navigator.clipboard.writeText)",
                  r"navigator\.clipboard|\bclipboard\.write"),
    "pointer events": ("typeof PointerEvent === 'function'",
                       r"pointer(down|up|move|cancel)|PointerEvent"),
    "Long Tasks API": ("(PerformanceObserver.supportedEntryTypes || []).includes('longtask')",
                       "tests"),
    "service workers": ("'serviceWorker' in navigator && isSecureContext",
                        r"serviceWorker"),
    "IndexedDB": ("typeof indexedDB === 'object' && indexedDB !== null", r"indexedDB"),
    "WebAssembly": ("typeof WebAssembly === 'object'", r"pyodide"),
    "DecompressionStream": ("typeof DecompressionStream === 'function'",
                            r"DecompressionStream"),
    "Web Workers": ("typeof Worker === 'function'", r"new Worker\("),
    # A blob: script, as the page's CSP allows (worker-src 'self' blob:): WebKit refuses a
    # data: worker before it reads the options, which would read as 'no module workers'
    "module workers": ("(() => { let asked = false; const url = URL.createObjectURL("
                       "new Blob([''], { type: 'text/javascript' })); try { new Worker(url, "
                       "{ get type() { asked = true; return 'module'; } }).terminate(); } "
                       "catch { return false; } finally { URL.revokeObjectURL(url); } "
                       "return asked; })()", r'type: "module"'),
    "Cache Storage": ("typeof caches === 'object'", r"caches\."),
    "streams": ("typeof ReadableStream === 'function'", r"new ReadableStream"),
    "Web Animations": ("typeof Element.prototype.animate === 'function'", r"\.animate\("),
    "prefers-reduced-motion": ("matchMedia('(prefers-reduced-motion: reduce)').media "
                               "!== 'not all'", r"prefers-reduced-motion"),
    "Web Audio": ("typeof (window.AudioContext || window.webkitAudioContext) === 'function'",
                  r"AudioContext"),
    "Long Animation Frames API": ("(PerformanceObserver.supportedEntryTypes || [])"
                                  ".includes('long-animation-frame')", "tests"),
}
PAGE_FILES = ("index.html", "boot.js", "tabs.js", "interpreter.mjs", "unpack-worker.js",
              "snapshot-worker.js", "sw.js", "pyscript.toml")
WHERE_TESTS_USE = {"Long Tasks API": "e2e/test_game.py::test_bot_turns_never_block_the_page "
                                     "(Playwright: Chromium only)",
                   "Long Animation Frames API": "e2e/test_motion.py::test_no_long_animation_"
                                                "frame_of_the_motion_s_doing (Playwright: "
                                                "Chromium only)"}


def page_uses(pattern: str) -> list[str]:
    """The page's own files that use a feature (its code, not PyScript's or Pyodide's)."""
    files = [ROOT / name for name in PAGE_FILES] + sorted((ROOT / "ui").rglob("*.py"))
    return [f.relative_to(ROOT).as_posix() for f in files
            if f.exists() and re.search(pattern, f.read_text(encoding="utf-8"))]


def test_features(engine, open_page, serve_page):
    """Which of the features the page and its tests use this engine has: reported (printed,
    and e2e/artifacts/features-<engine>.json); fails where the page itself uses a feature
    the engine lacks."""
    page = open_page(DESKTOP)
    boot(page, serve_page() + "?seed=1")
    has = page.eval("(probes) => Object.fromEntries(Object.entries(probes).map("
                    "([name, js]) => [name, Boolean(eval(js))]))",
                    {name: probe for name, (probe, _) in FEATURES.items()})
    report, lacking = {}, []
    for name, (_, pattern) in FEATURES.items():
        used = [WHERE_TESTS_USE[name]] if pattern == "tests" else page_uses(pattern)
        report[name] = {"has": has[name], "used by": used}
        if used and not has[name] and pattern != "tests":
            lacking.append(f"{name} (used by {', '.join(used)})")
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"features-{engine.name}.json").write_text(
        json.dumps({"engine": engine.name, "version": engine.version, "features": report},
                   indent=2, ensure_ascii=False), encoding="utf-8")
    print(f"\n{engine.name} {engine.version}:")
    for name, row in report.items():
        used = ", ".join(row["used by"]) or "not used"
        print(f"  {'has' if row['has'] else 'LACKS':5} {name:17} {used}")
    assert not lacking, f"{engine.name} lacks what the page uses: {'; '.join(lacking)}"
