"""Fixtures for the end-to-end tests: a built site, local servers, Chromium, request records,
and the browser engines of the smoke suite (Chromium, Firefox ESR, WebKitGTK; ``--engine``).

The site is built once per session (scripts/build_site.py, exactly what `make dist` writes)
into a temporary folder and served from threads on ephemeral ports of 127.0.0.1.  Tests that
embed it cross-site serve a host page on ``localhost`` (another site than ``127.0.0.1``).

Every page's requests are recorded; a test fails if any goes to a host other than the local
servers.  A screenshot of each test's page is left in e2e/artifacts/.  Boot is awaited on the
ready marker that Python sets (``html[data-ready="1"]``), never on a fixed sleep.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import re
import sys
import textwrap
import time
import uuid
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import browser  # noqa: E402
import build_site  # noqa: E402
import drivers  # noqa: E402
import serve  # noqa: E402

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
BOOT_MS = 180_000  # Pyodide's first boot on a busy 2-core machine can take a while
READY = 'html[data-ready="1"]'
# The device's snapshot of Python (interpreter.mjs) is a second Pyodide, started in a worker
# once a page with a service worker has been idle 3 s: on this 2-core machine, with two test
# workers, it takes a core from the tests beside it.  A test's pages make none (the init script
# drivers.NO_SNAPSHOT) unless the test is marked device_snapshot (the tests of the snapshot,
# the warm start and later visits).
NO_SNAPSHOT = drivers.NO_SNAPSHOT
HOST_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>A blog post</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:0;font-family:sans-serif">
<p>A blog post with the game in it:</p>
<iframe id="game" title="炒地皮" style="width:360px;height:480px;border:0"></iframe>
<script>document.getElementById("game").src = new URLSearchParams(location.search).get("src");
</script></body></html>
"""


@pytest.fixture(scope="session")
def dist(tmp_path_factory) -> Path:
    """The published site, built as `make dist` builds it; or, with E2E_SITE=folder, a site
    built already (`make site`: a test run that changes no Python saves the build's minutes).
    Built once per run, also when pytest-xdist runs the tests in several workers (the first to
    get here builds it, under a lock, into the run's folder that they share; the others wait
    for it and use it: no test writes to it)."""
    if os.environ.get("E2E_SITE"):
        return Path(os.environ["E2E_SITE"]).resolve()
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        out = tmp_path_factory.mktemp("build") / "dist"
        build_site.build(out)
        return out
    shared = tmp_path_factory.getbasetemp().parent  # the run's, above each worker's own
    out, built = shared / "dist", shared / "dist.built"
    with open(shared / "dist.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not built.exists():
            build_site.build(out)
            built.touch()
    return out


@pytest.fixture(scope="session")
def site_url(dist) -> str:
    server, url = serve.start(dist)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def host_dir(tmp_path_factory) -> Path:
    """A folder with host.html, a page that embeds ?src=URL in a 360x480 iframe."""
    d = tmp_path_factory.mktemp("host")
    (d / "host.html").write_text(HOST_PAGE, encoding="utf-8")
    return d


@pytest.fixture
def serve_dir():
    """Start more servers: serve_dir(folder, host=..., prefix=...) -> (server, url)."""
    servers = []

    def start(directory: Path, host: str = "127.0.0.1", prefix: str = "/"):
        server, url = serve.start(directory, "127.0.0.1", 0, prefix)
        servers.append(server)
        return server, url.replace("127.0.0.1", host, 1)

    yield start
    for server in servers:
        server.shutdown()


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = browser.find_chromium()
    if path is None:
        pytest.fail("no Chromium: run `python3 scripts/browser.py --install` (make test does)")
    return path


@pytest.fixture(scope="session")
def playwright_api():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def chromium(playwright_api, chromium_path):
    b = playwright_api.chromium.launch(executable_path=chromium_path, args=browser.LAUNCH_ARGS)
    yield b
    b.close()


class Requests:
    """Every request of a browser context, and the failures among them."""

    def __init__(self) -> None:
        self.urls: list[str] = []
        self.failures: list[str] = []

    def attach(self, context) -> None:
        context.on("request", lambda r: self.urls.append(r.url))
        context.on("requestfailed", lambda r: self.failures.append(f"{r.url}: {r.failure}"))
        context.on("response", lambda r: r.status >= 400 and self.failures.append(
            f"{r.url}: HTTP {r.status}"))

    def foreign(self, allowed_hosts: set[str]) -> list[str]:
        return [u for u in self.urls
                if urlsplit(u).scheme in ("http", "https", "ws", "wss")
                and urlsplit(u).hostname not in allowed_hosts]


@pytest.fixture
def requests_log():
    """Records requests of the contexts given to .attach(); fails on any foreign host."""
    log = Requests()
    yield log
    foreign = log.foreign({"127.0.0.1", "localhost"})
    assert not foreign, f"requests to other hosts: {foreign}"


def makes_snapshot(request) -> bool:
    """Whether the test's pages make the device's snapshot (marked device_snapshot)."""
    return request.node.get_closest_marker("device_snapshot") is not None


@pytest.fixture
def new_context(chromium, requests_log, request):
    """new_context(**options): a fresh Chromium context (cold cache), recorded, screenshotted;
    its pages make no device snapshot unless the test is marked device_snapshot."""
    contexts = []

    def make(**options):
        context = chromium.new_context(**options)
        context.set_default_timeout(BOOT_MS)
        if not makes_snapshot(request):
            context.add_init_script(NO_SNAPSHOT)
        requests_log.attach(context)
        contexts.append(context)
        return context

    yield make
    ARTIFACTS.mkdir(exist_ok=True)
    name = re.sub(r"[^\w.-]+", "_", request.node.name)
    for i, context in enumerate(contexts):
        for j, page in enumerate(context.pages):
            # (a page may be gone or closed: no screenshot then)
            with contextlib.suppress(Exception):
                page.screenshot(path=str(ARTIFACTS / f"{name}-{i}-{j}.png"), full_page=True)
        context.close()


@pytest.fixture
def persistent_context(playwright_api, chromium_path, requests_log, tmp_path, request):
    """persistent_context(): a context with a real profile on disk (not incognito-like); no
    device snapshot unless the test is marked device_snapshot."""
    contexts = []

    def make(**options):
        context = playwright_api.chromium.launch_persistent_context(
            str(tmp_path / f"profile-{len(contexts)}"), executable_path=chromium_path,
            args=browser.LAUNCH_ARGS, **options)
        context.set_default_timeout(BOOT_MS)
        if not makes_snapshot(request):
            context.add_init_script(NO_SNAPSHOT)
        requests_log.attach(context)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def page(new_context):
    return new_context().new_page()


FACADE = "html[data-facade] #facade:not([hidden]) button"
# A first visit's match is dealt once the guided hand's offer is answered (a blog's frame
# deals at once): e2e/test_learn.py checks the offer itself.
HELD_BY_OFFER = "html[data-offer]:not(.embed)"
NO_THANKS = '#coach [data-action="learn-no"]'


def _wait_ready(target, answer_offer: bool = True) -> None:
    # A blog's embed (?embed=1) is a look-alike until the reader asks for the game: asked
    # here as a reader does (e2e/test_wire.py checks the look-alike itself).
    target.wait_for_selector(f"{READY}, html[data-boot-error], {FACADE}", state="attached",
                             timeout=BOOT_MS)
    if target.locator(FACADE).count():
        target.locator(FACADE).click()
    target.wait_for_selector(f"{READY}, html[data-boot-error]", state="attached", timeout=BOOT_MS)
    error = target.evaluate("document.documentElement.dataset.bootError || null")
    assert error is None, f"boot failed: {error}"
    # (a shared replay's review hides the offer: it holds the deal once the review is left)
    if (answer_offer and target.locator(HELD_BY_OFFER).count()
            and target.locator(NO_THANKS).is_visible()):
        target.locator(NO_THANKS).click()  # (as a player who came for their own game)
        target.wait_for_selector(HELD_BY_OFFER, state="detached")


@pytest.fixture(scope="session")
def wait_ready():
    """wait_ready(page_or_frame, answer_offer=True): until Python marks it ready (an embed's
    look-alike touched first); fails on a boot error. A first visit's offer of the guided
    hand, which holds the deal, is then declined, unless `answer_offer` is False."""
    return _wait_ready


RUN_PYTHON = """
import json as _json, traceback as _traceback
from js import document as _document
_namespace = {}
try:
    exec(%r, _namespace)
    _out = {"result": _namespace.get("result")}
except Exception:
    _out = {"error": _traceback.format_exc()}
_document.documentElement.setAttribute(%r, _json.dumps(_out))
"""


@pytest.fixture(scope="session")
def run_python():
    """run_python(page_or_frame, code): run code in the page's Python (in a <script type="py">
    appended to it, as PyScript runs those) and return the JSON value of its `result`."""

    def run(target, code: str):
        marker = f"data-e2e-{uuid.uuid4().hex}"
        target.evaluate("""(code) => {
            const script = document.createElement("script");
            script.type = "py";
            script.textContent = code;
            document.body.append(script);
        }""", RUN_PYTHON % (textwrap.dedent(code), marker))
        target.wait_for_selector(f"html[{marker}]", state="attached", timeout=BOOT_MS)
        out = json.loads(target.get_attribute("html", marker))
        assert "error" not in out, out["error"]
        return out["result"]

    return run


@pytest.fixture(scope="session")
def until():
    """until(page, js, arg): evaluate js (which may return a promise) until it is truthy."""

    def poll(target, js, arg=None):
        deadline = time.monotonic() + BOOT_MS / 1000
        while not target.evaluate(js, arg):
            assert time.monotonic() < deadline, f"timed out waiting for {js}"
            target.wait_for_timeout(100)

    return poll


@pytest.fixture(scope="session")
def wait_service_worker():
    """wait_service_worker(page): until its service worker is active (the site is cached)."""
    return lambda page: page.evaluate("navigator.serviceWorker.ready.then(() => true)")


# --- the engines of the smoke suite (e2e/test_engines.py) ---------------------------------------

def pytest_addoption(parser):
    parser.addoption("--engine", action="append", choices=browser.ENGINES, default=None,
                     help="run the tests written for every engine (e2e/test_engines.py) in "
                          "this engine only (repeatable; default: all)")


def pytest_generate_tests(metafunc):
    if "engine_name" in metafunc.fixturenames:
        chosen = metafunc.config.getoption("engine") or list(browser.ENGINES)
        metafunc.parametrize("engine_name", chosen, scope="session")


# The longest tests (a minute or more each in `make test`'s two workers), longest first: they
# start first, so that the run does not end with one worker on a long test while the other has
# nothing left to do.  (pytest-xdist's loadgroup hands out a group of tests, an engine's, before
# single tests, then single tests in this order.)
LONG_FIRST = (
    "test_monkey.py::test_a_monkey_at_the_table_never_breaks_the_game[desktop",
    "test_monkey.py::test_a_monkey_at_the_table_never_breaks_the_game[phone",
    "test_sizes.py::test_a_blog_frame_at_each_size_walks_every_phase",
    "test_contrast.py::test_contrast_from_the_deal_to_the_dialogs",
    "test_contrast.py::test_contrast_of_a_result_and_of_the_match_s_end",
    "test_sizes.py::test_bidding_and_burying_at_every_size",
    "test_axe.py::test_axe_from_the_deal_to_the_dialogs",
    "test_sizes.py::test_the_result_and_the_dialogs_at_every_size",
    "test_sizes.py::test_playing_at_every_size",
)


def _long_rank(item) -> int:
    for rank, name in enumerate(LONG_FIRST):
        if name in item.nodeid:
            return rank
    return len(LONG_FIRST)


def pytest_collection_modifyitems(items):
    """The longest tests first (LONG_FIRST), the others in their order.  Under pytest-xdist
    (`make test` runs `-n 2 --dist loadgroup`) each other engine's tests run in one worker,
    which starts that engine once (one WebKitWebDriver and Xvfb) and writes its logs to
    e2e/artifacts/ alone; Chromium's go to whichever worker is free."""
    items.sort(key=_long_rank)  # (stable: the others keep their order)
    for item in items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        engine_name = params.get("engine_name")
        if engine_name not in (None, "chromium"):
            item.add_marker(pytest.mark.xdist_group(f"engine-{engine_name}"))


@pytest.fixture(scope="session")
def engine(engine_name, request):
    """A drivers.Engine; skipped, with the reason, where this machine lacks it."""
    if engine_name == "chromium":
        made = drivers.ChromiumEngine(request.getfixturevalue("chromium"))
    else:
        found = browser.find(engine_name)
        if found is None:
            pytest.skip(browser.missing_reason(engine_name))
        ARTIFACTS.mkdir(exist_ok=True)
        if engine_name == "firefox":
            made = drivers.FirefoxEngine(found, logs=ARTIFACTS)
        else:
            made = drivers.WebKitEngine(found, browser.find_minibrowser(), browser.find_xvfb(),
                                        logs=ARTIFACTS)
    yield made
    made.close()


@pytest.fixture
def open_page(engine, request):
    """open_page(viewport=(w, h), touch=False): a drivers.Driver on a fresh context (profile)
    of the engine; a screenshot of it lands in e2e/artifacts/ when the test ends.  In Chromium
    and WebKit its pages make no device snapshot unless the test is marked device_snapshot
    (Firefox's do: drivers.NO_SNAPSHOT)."""
    pages = []

    def make(viewport=(1280, 800), touch=False):
        page = engine.new_context(viewport=viewport, touch=touch,
                                  snapshot=makes_snapshot(request))
        pages.append(page)
        return page

    yield make
    ARTIFACTS.mkdir(exist_ok=True)
    name = re.sub(r"[^\w.-]+", "_", request.node.name)
    for i, page in enumerate(pages):
        with contextlib.suppress(Exception):
            page.screenshot(ARTIFACTS / f"{name}-{i}.png")
        page.close()


# Which engine covered what: every test of e2e/test_engines.py by engine, printed at the end,
# with the seconds each engine's tests took (setup included: starting the browser, and for the
# first test of the run, building the site).  Each report carries its row (test, engine,
# result) in its user_properties, which pytest-xdist sends from its workers to the process
# that prints the summary.
COVERAGE: dict[str, dict[str, str]] = {}
SECONDS: dict[str, float] = {}
ROW = "engine_row"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    params = getattr(getattr(item, "callspec", None), "params", {})
    engine_name = params.get("engine_name")
    if engine_name is None:
        return
    test = item.originalname + "".join(f"[{v}]" for k, v in params.items()
                                       if k != "engine_name")
    result = None
    if report.skipped:
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else "skipped"
        result = "skipped: " + reason.removeprefix("Skipped: ")
    elif report.failed:
        result = f"FAILED (in its {report.when})"
    elif report.when == "call" and report.passed:
        result = "passed"
    # a new list: pytest hands the report the item's own
    report.user_properties = [*report.user_properties, (ROW, [test, engine_name, result])]


def pytest_runtest_logreport(report):
    row = dict(report.user_properties).get(ROW)
    if row is None:
        return
    test, engine_name, result = row
    SECONDS[engine_name] = SECONDS.get(engine_name, 0.0) + report.duration
    COVERAGE.setdefault(test, {})
    if result is not None:
        COVERAGE[test][engine_name] = result


def pytest_terminal_summary(terminalreporter):
    if not COVERAGE:
        return
    write = terminalreporter.write_line
    terminalreporter.section("which engine covered what (e2e/test_engines.py)")
    for test, results in COVERAGE.items():
        write(test)
        for engine_name, result in results.items():
            write(f"    {engine_name:9} {result}")
    write("seconds: " + ", ".join(f"{name} {seconds:.0f}" for name, seconds in SECONDS.items()))
