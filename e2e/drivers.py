"""One way to drive the page in every engine: a small ``Driver`` with the same calls over
Playwright (Chromium), Marionette (Firefox) and W3C WebDriver (WebKitGTK).

A test written against ``Driver`` runs unchanged in each engine (``e2e/test_engines.py``).
Pointer input is real input in every engine: the driver finds the element's box, checks that
the point it presses is not covered by another element (what a player could not press, the
test cannot either), and sends mouse or touch actions there.

    engine = ENGINES["firefox"](...)          # a browser, from which contexts are made
    page = engine.new_context(viewport=(1280, 800))
    page.goto(url)
    page.wait_for("document.documentElement.dataset.ready === '1'")
    page.click('#controls button[data-action="hint"]')

``eval(js, arg)``: ``js`` is one JavaScript expression; if its value is a function, it is
called with ``arg``; a promise is awaited; the value comes back as JSON.

Why not Playwright everywhere: it drives only its own patched Firefox and WebKit builds,
which cannot be downloaded here; Debian's Firefox ESR speaks Marionette (no geckodriver is
packaged) and Debian's WebKitGTK comes with WebKitWebDriver.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Protocol

WAIT_S = 180.0  # Pyodide's first boot on a busy 2-core machine can take a while
POLL_S = 0.05
SESSION_S = 90.0  # to start a browser: seconds, even on a busy machine

# A point of an element as a player would press it: scrolled into view, visible, enabled, and
# the topmost element there.  `at` is the distance from its left edge (cards overlap to the
# right: a card is pressed on its visible left strip), or null for its centre.
POINT = """([selector, at]) => {
  const el = document.querySelector(selector);
  if (!el) return {problem: `no element ${selector}`};
  el.scrollIntoView({block: "nearest", inline: "nearest"});
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height || getComputedStyle(el).visibility === "hidden")
    return {problem: `${selector} is not visible`};
  if (el.disabled) return {problem: `${selector} is disabled`};
  const x = at === null ? r.left + r.width / 2 : r.left + Math.min(at, r.width / 2);
  const y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  if (!hit || !(hit === el || el.contains(hit)))
    return {problem: `${selector} is covered at (${Math.round(x)}, ${Math.round(y)}) by `
                     + (hit ? hit.outerHTML.slice(0, 80) : "nothing")};
  return {x, y};
}"""

# W3C WebDriver key values for the keys the tests press (the same names as Playwright's).
KEYS = {"Enter": "\ue007", "Tab": "\ue004", "Escape": "\ue00c", "Space": " ",
        "ArrowLeft": "\ue012", "ArrowRight": "\ue014", "ArrowUp": "\ue013",
        "ArrowDown": "\ue015", "Backspace": "\ue003"}


# It keeps the page from making the device's snapshot of Python (interpreter.mjs): a second
# Pyodide in a worker, which a test not about the snapshot would have beside it, taking a core
# of this 2-core machine.  An init script in Chromium; in WebKit, set after each navigation
# (_Base._navigated); Firefox's pages make it.
NO_SNAPSHOT = "globalThis.chaodipiNoSnapshot = true"


class DriverError(AssertionError):
    """What the page or the browser did not do."""


class Driver(Protocol):
    """One page in one engine: what a smoke test may do with it."""

    engine: str          # "chromium" | "firefox" | "webkit"
    viewport: tuple[int, int]

    def goto(self, url: str) -> None: ...
    def reload(self) -> None: ...
    def eval(self, js: str, arg: Any = None) -> Any: ...
    def wait_for(self, js: str, arg: Any = None, timeout: float = WAIT_S) -> Any: ...
    def click(self, selector: str, at: float | None = None) -> None: ...
    def tap(self, selector: str, at: float | None = None) -> None: ...
    def drag(self, selector: str, target: str, at: float | None = None) -> None: ...
    def press(self, key: str) -> None: ...
    def screenshot(self, path: Path, selector: str | None = None) -> None: ...
    def close(self) -> None: ...


class Engine(Protocol):
    """A browser engine from which fresh contexts (profiles) are made."""

    name: str
    version: str

    def new_context(self, viewport: tuple[int, int] = (1280, 800),
                    touch: bool = False, snapshot: bool = True) -> Driver: ...
    def close(self) -> None: ...


class _Base:
    """What every driver does the same way, over its own eval and pointer actions."""

    engine = ""
    viewport = (0, 0)
    # Set the page's chaodipiNoSnapshot after each navigation (WebDriver runs no script before
    # the page's own): the page reads it once it has been ready and idle 3 s,
    # long after the navigation returns, so it makes no device snapshot.
    no_snapshot = False

    def eval(self, js: str, arg: Any = None) -> Any:
        raise NotImplementedError

    def _navigated(self) -> None:
        if self.no_snapshot:
            self.eval(NO_SNAPSHOT)

    def wait_for(self, js: str, arg: Any = None, timeout: float = WAIT_S) -> Any:
        """Evaluate `js` until its value is truthy; return that value."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.eval(js, arg)
            if value:
                return value
            if time.monotonic() > deadline:
                raise DriverError(f"{self.engine}: timed out after {timeout:.0f} s waiting for "
                                  f"{js} (arg {arg!r}); the page: {self.state()}")
            time.sleep(POLL_S)

    def state(self) -> dict:
        """The page's hooks, for messages."""
        with contextlib.suppress(Exception):
            return self.eval("(() => { const d = document.documentElement.dataset; return "
                             "{url: location.href, ready: d.ready, phase: d.phase, turn: d.turn,"
                             " actions: d.actions, bootError: d.bootError}; })()")
        return {}

    def point(self, selector: str, at: float | None = None) -> tuple[float, float]:
        """Where a player presses `selector`, once it can be pressed."""
        deadline = time.monotonic() + WAIT_S
        while True:
            where = self.eval(POINT, [selector, at])
            if "problem" not in where:
                return where["x"], where["y"]
            if time.monotonic() > deadline:
                raise DriverError(f"{self.engine}: cannot press {selector}: {where['problem']}")
            time.sleep(POLL_S)

    def _pointer(self, kind: str, steps: list[tuple[float, float]]) -> None:
        raise NotImplementedError

    def _reload_as_a_player(self) -> None:
        """location.reload(), as a player's reload (F5) does, and wait for the new document.

        Not WebDriver's Refresh: Marionette's is a hard reload (LOAD_FLAGS_BYPASS_CACHE), which
        by the Service Workers spec bypasses the service worker, as Shift+F5 does."""
        self.eval("(() => { window.__e2eOldDocument = true;"
                  " setTimeout(() => location.reload(), 0); })()")
        deadline = time.monotonic() + WAIT_S
        while True:
            with contextlib.suppress(Exception):  # the document may go away under the script
                if self.eval("window.__e2eOldDocument === undefined "
                             "&& document.readyState === 'complete'"):
                    return
            if time.monotonic() > deadline:
                raise DriverError(f"{self.engine}: the reload never loaded a new document")
            time.sleep(POLL_S)

    def click(self, selector: str, at: float | None = None) -> None:
        x, y = self.point(selector, at)
        self._pointer("mouse", [(x, y)])

    def tap(self, selector: str, at: float | None = None) -> None:
        x, y = self.point(selector, at)
        self._pointer("touch", [(x, y)])

    def drag(self, selector: str, target: str, at: float | None = None) -> None:
        """Press on `selector`, move in steps onto the middle of `target`, release."""
        x, y = self.point(selector, at)
        box = self.eval("(s) => { const r = document.querySelector(s).getBoundingClientRect();"
                        " return [r.left + r.width / 2, r.top + r.height / 2]; }", target)
        tx, ty = box
        self._pointer("mouse", [(x + (tx - x) * i / 6, y + (ty - y) * i / 6) for i in range(7)])


# --- Chromium, through Playwright ---------------------------------------------------------------

class PlaywrightDriver(_Base):
    engine = "chromium"

    def __init__(self, context, viewport: tuple[int, int]):
        self.context = context
        self.page = context.new_page()
        self.viewport = viewport

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def reload(self) -> None:
        self.page.reload()

    def eval(self, js: str, arg: Any = None) -> Any:
        return self.page.evaluate(js, arg)

    def wait_for(self, js: str, arg: Any = None, timeout: float = WAIT_S) -> Any:
        try:
            return self.page.wait_for_function(js, arg=arg, timeout=timeout * 1000).json_value()
        except Exception as err:  # Playwright's TimeoutError, with the page's hooks
            if "Timeout" not in type(err).__name__:
                raise
            raise DriverError(f"chromium: timed out after {timeout:.0f} s waiting for {js} "
                              f"(arg {arg!r}); the page: {self.state()}") from None

    def _pointer(self, kind: str, steps: list[tuple[float, float]]) -> None:
        if kind == "touch":
            (x, y), = steps
            self.page.touchscreen.tap(x, y)
            return
        mouse = self.page.mouse
        mouse.move(*steps[0])
        mouse.down()
        for x, y in steps[1:]:
            mouse.move(x, y)
        mouse.up()

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)

    def screenshot(self, path: Path, selector: str | None = None) -> None:
        if selector:
            self.page.locator(selector).screenshot(path=str(path))
        else:
            self.page.screenshot(path=str(path))

    def close(self) -> None:
        self.context.close()


class ChromiumEngine:
    name = "chromium"

    def __init__(self, browser):
        self.browser = browser
        self.version = f"Chromium {browser.version}"

    def new_context(self, viewport=(1280, 800), touch=False, snapshot=True) -> PlaywrightDriver:
        """snapshot=False: its pages make no device snapshot (NO_SNAPSHOT)."""
        context = self.browser.new_context(
            viewport={"width": viewport[0], "height": viewport[1]},
            has_touch=touch, is_mobile=touch)
        context.set_default_timeout(WAIT_S * 1000)
        if not snapshot:
            context.add_init_script(NO_SNAPSHOT)
        return PlaywrightDriver(context, viewport)

    def close(self) -> None:
        pass  # the browser belongs to conftest's `chromium` fixture


# --- W3C WebDriver actions, shared by Marionette and WebKitWebDriver ----------------------------

def pointer_actions(kind: str, steps: list[tuple[float, float]]) -> list[dict]:
    x, y = steps[0]
    moves = [{"type": "pointerMove", "x": round(px), "y": round(py), "origin": "viewport",
              "duration": 20} for px, py in steps[1:]]
    return [{"type": "pointer", "id": f"e2e-{kind}", "parameters": {"pointerType": kind},
             "actions": [{"type": "pointerMove", "x": round(x), "y": round(y),
                          "origin": "viewport", "duration": 0},
                         {"type": "pointerDown", "button": 0}, *moves,
                         {"type": "pointerUp", "button": 0}]}]


def key_actions(key: str) -> list[dict]:
    value = KEYS.get(key, key)
    if len(value) != 1:
        raise ValueError(f"no WebDriver key value for {key!r}: add it to drivers.KEYS")
    return [{"type": "key", "id": "e2e-keyboard",
             "actions": [{"type": "keyDown", "value": value}, {"type": "keyUp", "value": value}]}]


def eval_script(js: str) -> str:
    """A WebDriver script body that runs `js` as ``eval`` promises (see the module's doc)."""
    return ("const __value = (\n" + js + "\n);\n"
            "return typeof __value === 'function' ? __value(arguments[0]) : __value;")


def fit_window(set_size, inner) -> tuple[int, int]:
    """Resize a window so that its viewport (innerWidth x innerHeight) is the wanted size:
    the window's own bars take some of it, so measure them, then set the outer size."""

    def fit(width: int, height: int) -> tuple[int, int]:
        set_size(width, height)
        got = inner()
        for _ in range(3):
            if tuple(got[:2]) == (width, height):
                break
            set_size(got[2] + width - got[0], got[3] + height - got[1])
            got = inner()
        return got[0], got[1]

    return fit


INNER = "[innerWidth, innerHeight, outerWidth, outerHeight]"


# --- Firefox, through Marionette ----------------------------------------------------------------

class MarionetteDriver(_Base):
    engine = "firefox"

    def __init__(self, firefox: str, viewport: tuple[int, int], log: Path | None):
        from marionette_driver.marionette import Marionette

        prefs = {
            # console messages of the page to Firefox's output (the gecko log): warnings and
            # errors can be read after the test
            "devtools.console.stdout.content": True,
            # no first-run pages, no update or telemetry traffic
            "browser.shell.checkDefaultBrowser": False,
            "app.update.disabledForTesting": True,
            "datareporting.policy.dataSubmissionEnabled": False,
            "toolkit.telemetry.enabled": False,
        }
        self.log = log
        self.marionette = Marionette(bin=firefox, headless=True, port=0, prefs=prefs,
                                     gecko_log=str(log) if log else "-",
                                     startup_timeout=int(WAIT_S))
        self.marionette.start_session()
        self.marionette.timeout.script = WAIT_S
        self.marionette.timeout.page_load = WAIT_S
        self.version = self.marionette.session.get("browserVersion", "?")
        size = fit_window(
            lambda w, h: self.marionette.set_window_rect(width=w, height=h),
            lambda: self.eval(INNER))
        self.viewport = size(*viewport)

    def goto(self, url: str) -> None:
        self.marionette.navigate(url)

    def reload(self) -> None:
        self._reload_as_a_player()

    def eval(self, js: str, arg: Any = None) -> Any:
        # sandbox=None: in the page's own scope, as the page's scripts see it
        return self.marionette.execute_script(eval_script(js), script_args=[arg], sandbox=None)

    def _pointer(self, kind: str, steps: list[tuple[float, float]]) -> None:
        self.marionette.actions.perform(pointer_actions(kind, steps))
        self.marionette.actions.release()

    def press(self, key: str) -> None:
        self.marionette.actions.perform(key_actions(key))
        self.marionette.actions.release()

    def screenshot(self, path: Path, selector: str | None = None) -> None:
        from marionette_driver.by import By

        element = self.marionette.find_element(By.CSS_SELECTOR, selector) if selector else None
        path.write_bytes(self.marionette.screenshot(element=element, format="binary",
                                                    full=False))

    def console(self) -> str:
        """What Firefox wrote to its log (the page's console messages among it)."""
        return self.log.read_text(encoding="utf-8", errors="replace") if self.log else ""

    def close(self) -> None:
        instance = self.marionette.instance
        profile = instance.runner.profile if instance and instance.runner else None
        with contextlib.suppress(Exception):
            self.marionette.cleanup()  # quits Firefox, removes its profile
        if profile is not None:
            profile.restore = False  # removed: not again when Python exits (it fails then)


class FirefoxEngine:
    """A fresh Firefox (a new profile) for each context."""

    name = "firefox"

    def __init__(self, firefox: str, logs: Path | None = None):
        self.firefox = firefox
        self.logs = logs
        self.version = subprocess.run([firefox, "--version"], capture_output=True, text=True,
                                      check=False).stdout.strip()
        self.count = 0

    def new_context(self, viewport=(1280, 800), touch=False, snapshot=True) -> MarionetteDriver:
        self.count += 1
        log = self.logs / f"firefox-{self.count}.log" if self.logs else None
        # (snapshot: Firefox's pages always make it: a global set through Marionette's
        # execute_script was not seen by the page's scripts, checked by hand)
        return MarionetteDriver(self.firefox, viewport, log)

    def close(self) -> None:
        pass


# --- WebKitGTK, through WebKitWebDriver (W3C WebDriver over HTTP) -------------------------------

class WebDriverError(DriverError):
    pass


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class WebDriverClient:
    """The few W3C WebDriver commands the tests use, over HTTP with the standard library."""

    def __init__(self, base: str):
        self.base = base

    def call(self, method: str, path: str, body: dict | None = None, timeout: float = WAIT_S):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=timeout + 30) as response:
                answer = json.loads(response.read() or b"{}")
        except urllib.error.HTTPError as err:
            answer = json.loads(err.read() or b"{}")
            value = answer.get("value") or {}
            raise WebDriverError(f"webkit: {method} {path}: {value.get('error')}: "
                                 f"{value.get('message')}") from None
        return answer.get("value")


# A transparent speck, top left, changed at every frame until __e2eRedraw() (or 30 s).
REDRAW = """(() => {
  const speck = document.createElement("div");
  speck.style.cssText = "position:fixed;left:0;top:0;width:1px;height:1px;opacity:0.01;"
                        + "pointer-events:none;z-index:2147483647";
  document.documentElement.append(speck);
  const until = performance.now() + 30000;
  let on = true, n = 0;
  window.__e2eRedraw = () => { on = false; speck.remove(); };
  const frame = () => {
    speck.style.background = n++ % 2 ? "#000" : "#fff";
    if (on && performance.now() < until) requestAnimationFrame(frame); else speck.remove();
  };
  frame();
})()"""


class WebDriverDriver(_Base):
    engine = "webkit"

    def __init__(self, client: WebDriverClient, capabilities: dict, viewport: tuple[int, int]):
        self.client = client
        session = client.call("POST", "/session", {"capabilities": {"alwaysMatch": capabilities}},
                              timeout=SESSION_S)
        self.session = f"/session/{session['sessionId']}"
        self.version = session["capabilities"].get("browserVersion", "?")
        self.call("POST", "/timeouts", {"script": int(WAIT_S * 1000),
                                        "pageLoad": int(WAIT_S * 1000)})
        size = fit_window(
            lambda w, h: self.call("POST", "/window/rect", {"width": w, "height": h}),
            lambda: self.eval(INNER))
        self.viewport = size(*viewport)

    def call(self, method: str, path: str, body: dict | None = None):
        return self.client.call(method, self.session + path, body)

    def goto(self, url: str) -> None:
        self.call("POST", "/url", {"url": url})
        self._navigated()

    def reload(self) -> None:
        self._reload_as_a_player()
        self._navigated()

    def eval(self, js: str, arg: Any = None) -> Any:
        return self.call("POST", "/execute/sync", {"script": eval_script(js), "args": [arg]})

    def _pointer(self, kind: str, steps: list[tuple[float, float]]) -> None:
        self.call("POST", "/actions", {"actions": pointer_actions(kind, steps)})
        self.call("DELETE", "/actions")

    def press(self, key: str) -> None:
        self.call("POST", "/actions", {"actions": key_actions(key)})
        self.call("DELETE", "/actions")

    def screenshot(self, path: Path, selector: str | None = None) -> None:
        # WebKitGTK takes a screenshot at the page's next rendering update, and a page that
        # has nothing to redraw (the player thinking) makes none: the command then never
        # answers.  A speck that changes every frame while it is taken makes one.
        self.eval(REDRAW)
        try:
            if selector:
                element = self.call("POST", "/element",
                                    {"using": "css selector", "value": selector})
                shot = self.call("GET", f"/element/{next(iter(element.values()))}/screenshot")
            else:
                shot = self.call("GET", "/screenshot")
        finally:
            with contextlib.suppress(Exception):
                self.eval("window.__e2eRedraw && window.__e2eRedraw()")
        path.write_bytes(base64.b64decode(shot))

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.call("DELETE", "")


class WebKitEngine:
    """One WebKitWebDriver (and an Xvfb display for the MiniBrowser windows it opens) for the
    whole test session; each context is a new WebDriver session: a new MiniBrowser."""

    name = "webkit"

    def __init__(self, webdriver: str, minibrowser: str, xvfb: str | None,
                 logs: Path | None = None):
        self.processes: list[subprocess.Popen] = []
        self.home = Path(tempfile.mkdtemp(prefix="e2e-webkit-"))
        self.log_path = logs / "webkit-webdriver.log" if logs else None
        self.log = open(self.log_path, "wb") if self.log_path else subprocess.DEVNULL  # noqa: SIM115
        self.xvfb, self.display = xvfb, None
        env = {**os.environ, "HOME": str(self.home),
               "XDG_DATA_HOME": str(self.home / "data"), "XDG_CACHE_HOME": str(self.home / "cache"),
               "XDG_CONFIG_HOME": str(self.home / "config"),
               # element screenshots come out black under Xvfb with accelerated compositing
               "WEBKIT_DISABLE_COMPOSITING_MODE": "1"}
        try:
            if xvfb:
                self.display = self._start_xvfb()
                env["DISPLAY"] = f":{self.display}"
            self.minibrowser = minibrowser
            port = _free_port()
            self.webdriver = subprocess.Popen(
                [webdriver, f"--port={port}", "--host=127.0.0.1"], env=env,
                stdout=self.log, stderr=subprocess.STDOUT)
            self.processes.append(self.webdriver)
            self.client = WebDriverClient(f"http://127.0.0.1:{port}")
            self._wait_ready()
            self.version = "WebKitGTK"  # and its number, from the first session
        except BaseException:
            self.close()
            raise

    def _start_xvfb(self, display: str | None = None) -> str:
        """An X server for the MiniBrowser windows: a free display number (-displayfd), or
        `display` again; -noreset: it stays as it is between windows."""
        read, write = os.pipe()
        where = [f":{display}"] if display else []
        self.xvfb_process = subprocess.Popen(
            [self.xvfb, *where, "-displayfd", str(write), "-screen", "0", "1600x1200x24",
             "-nolisten", "tcp", "-noreset"],
            pass_fds=(write,), stdout=self.log, stderr=self.log)
        self.processes.append(self.xvfb_process)
        os.close(write)
        with os.fdopen(read) as f:
            number = f.readline().strip()
        if not number:
            raise DriverError("Xvfb did not start (no display number)")
        return number

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + 30
        while True:
            with contextlib.suppress(OSError, WebDriverError):
                if (self.client.call("GET", "/status", timeout=5) or {}).get("ready"):
                    return
            if self.webdriver.poll() is not None or time.monotonic() > deadline:
                raise DriverError("WebKitWebDriver did not start")
            time.sleep(0.1)

    def new_context(self, viewport=(1280, 800), touch=False, snapshot=True) -> WebDriverDriver:
        if self.display and self.xvfb_process.poll() is not None:
            # something on this shared machine ended our X server: the same display again
            print(f"Xvfb :{self.display} exited ({self.xvfb_process.returncode}): restarting it")
            self._start_xvfb(self.display)
        capabilities = {"webkitgtk:browserOptions": {
            "binary": self.minibrowser, "args": ["--automation"]}}
        try:
            page = WebDriverDriver(self.client, capabilities, viewport)
        except (OSError, WebDriverError) as err:
            log = self.log_path.read_text(errors="replace")[-2000:] if self.log_path else ""
            raise DriverError(f"webkit: no new MiniBrowser session ({err}); "
                              f"WebKitWebDriver's log ends:\n{log}") from err
        self.version = f"WebKitGTK {page.version}"
        page.no_snapshot = not snapshot
        return page

    def close(self) -> None:
        for process in reversed(self.processes):
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
        if self.log is not subprocess.DEVNULL:
            self.log.close()
        shutil.rmtree(self.home, ignore_errors=True)
