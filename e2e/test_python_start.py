"""How the page starts Python (interpreter.mjs): fresh on a first visit, which downloads no
snapshot; the device then makes its own snapshot in a worker (snapshot-worker.js) once the
service worker has the site, and later visits start from it; a snapshot that is broken or of
another build means a fresh start, without a warning, and a new snapshot replaces it.  The
game is the same every way."""

from __future__ import annotations

import bytecode  # scripts/, on the path from conftest.py
import pytest

# Every test here is about the device's snapshot: its pages make it, as a player's do.
pytestmark = pytest.mark.device_snapshot

STATE = """
import random, sys
from pathlib import Path
import ui.main
table = ui.main.PRECOMPILED
result = {
    "random": random.random(),
    "engine": sorted(m for m in sys.modules if m.startswith("engine.")),
    "dataclasses": [table.used, table.compiled],
    # PyScript's package imported lazily (interpreter.mjs), whichever way Python started:
    # importlib.util.LazyLoader leaves its state on the spec of a module it loaded.
    "pyscript_lazy": "is_loading" in (getattr(sys.modules["pyscript"].__spec__,
                                              "loader_state", None) or {}),
    # PyScript's package as interpreter.mjs writes it for PyScript (from PyScript's own code)
    "pyscript_files": {path.name: path.read_text(encoding="utf-8")
                       for path in Path("pyscript").glob("*.py")},
}
"""
SNAPSHOT_MADE = "document.documentElement.dataset.snapshot"
# The device's snapshot (kept by the service worker in the site's cache): (cache name, key) of
# every one kept, and replacing them with `body` under `key` (or their own key when null).
STORED = """async () => {
  const found = [];
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) {
      if (request.url.includes("/python.snapshot?build=")) found.push([name, request.url]);
    }
  }
  return found;
}"""
# The device's snapshot replaced by `body` (bytes), or moved to `key` (as another build's);
# its own bytes stay in the page (tens of MB as a list would overwhelm Playwright's driver)
REPLACE = """async ([body, key]) => {
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (!request.url.includes("/python.snapshot?build=")) continue;
      const bytes = body ? new Uint8Array(body) : await (await cache.match(request)).arrayBuffer();
      await cache.delete(request);
      await cache.put(key ?? request.url, new Response(bytes));
    }
  }
}"""


class Visits:
    """Loads of the page in one browser context (so a service worker carries over), each with
    its console messages and page errors."""

    def __init__(self, context, url, wait_ready):
        self.context, self.url, self.wait_ready = context, url, wait_ready
        self.messages: list[tuple[str, str]] = []
        self.errors: list[str] = []

    def load(self):
        page = self.context.new_page()
        page.on("console", lambda m: self.messages.append((m.type, m.text)))
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.goto(self.url)
        self.wait_ready(page)
        return page

    def warnings(self) -> list[str]:
        return [text for kind, text in self.messages if kind in ("warning", "error")]


def package_written(messages: list[tuple[str, str]]) -> bool:
    """Whether interpreter.mjs wrote PyScript's package for PyScript (not compiled from
    PyScript's Python literals) in a load with these console messages."""
    count = len(bytecode.pyscript_sources())
    return ("debug", f"PyScript's package: {count} files written by interpreter.mjs") in messages


def check_game(page, run_python):
    state = run_python(page, STATE)
    assert "engine.match" in state["engine"] and "engine.bots.hard" in state["engine"]
    used, compiled = state["dataclasses"]
    assert used >= 40 and compiled == 0, f"dataclasses: {used} from the table, {compiled} compiled"
    assert state["pyscript_lazy"], "PyScript's package was imported at once"
    written = state.pop("pyscript_files")
    assert written == bytecode.pyscript_sources(), "PyScript's package is not PyScript's"
    assert page.locator("#hand [data-card]").count() > 0, "the game dealt"
    assert page.locator(".py-error").count() == 0
    return state


def snapshot_made(page, until) -> list[list[str]]:
    """Once the page has made the device's snapshot: where it is kept."""
    until(page, SNAPSHOT_MADE)
    assert page.evaluate(SNAPSHOT_MADE) == "made"
    return page.evaluate(STORED)


def test_a_first_visit_starts_fresh_and_later_ones_from_the_device_s_snapshot(
        new_context, site_url, wait_ready, until, run_python):
    """The first visit starts fresh and makes the snapshot once the service worker has the
    site; two later visits start from it, yet their random generators differ (reseeded
    after the restore)."""
    visits = Visits(new_context(), site_url, wait_ready)
    first = visits.load()
    assert first.get_attribute("html", "data-python-start") == "fresh"
    states = [check_game(first, run_python)]
    assert package_written(visits.messages), "PyScript compiled its package"
    stored = snapshot_made(first, until)
    assert len(stored) == 1 and "python.snapshot?build=" in stored[0][1], stored
    for _ in range(2):
        before = len(visits.messages)
        page = visits.load()
        assert page.get_attribute("html", "data-python-start") == "snapshot"
        states.append(check_game(page, run_python))
        assert package_written(visits.messages[before:]), "PyScript compiled its package"
        assert page.get_attribute("html", "data-snapshot") is None, "nothing to make again"
        page.close()
    randoms = {state["random"] for state in states}
    assert len(randoms) == len(states), "the snapshot's random state was reused"
    assert not visits.errors and not visits.warnings(), (visits.errors, visits.warnings())


@pytest.mark.parametrize(("body", "key"), [
    (b"this is not a snapshot", None),
    (bytes(65536), None),
    (None, "another-build"),
], ids=["not-a-snapshot", "zeros", "another-build"])
def test_a_broken_or_foreign_snapshot_starts_fresh_and_is_replaced(
        new_context, site_url, wait_ready, until, run_python, body, key):
    """A snapshot that cannot be restored (garbage, zeros) or that another build made (kept
    under another name) is passed over without a warning: Python starts fresh, the device
    makes a new snapshot, and the visit after that starts from it."""
    visits = Visits(new_context(), site_url, wait_ready)
    first = visits.load()
    [(_, good_key)] = snapshot_made(first, until)
    if key is not None:  # the good snapshot, kept under another build's name
        key = good_key.replace("?build=", "?build=0")
    first.evaluate(REPLACE, [None if body is None else list(body), key])
    page = visits.load()
    assert page.get_attribute("html", "data-python-start") == "fresh"
    check_game(page, run_python)
    assert snapshot_made(page, until)[0][1] == good_key, "the new snapshot replaces the old"
    again = visits.load()
    assert again.get_attribute("html", "data-python-start") == "snapshot"
    check_game(again, run_python)
    assert not visits.errors, visits.errors
    assert not visits.warnings(), visits.warnings()
