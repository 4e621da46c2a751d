"""How the page starts Python (interpreter.mjs): fresh on a first visit, from the build's snapshot
once the service worker has the site, and fresh again when the snapshot cannot be used; the
game the same every way."""

from __future__ import annotations

import gzip

import pytest

SNAPSHOT = "pyodide/python.snapshot"
STATE = """
import random, sys
import ui.main
table = ui.main.PRECOMPILED
result = {
    "random": random.random(),
    "engine": sorted(m for m in sys.modules if m.startswith("engine.")),
    "dataclasses": [table.used, table.compiled],
}
"""
# Replace the snapshot the service worker has cached (in every cache of the site) with `body`,
# or remove it when there is none.
SET_CACHED_SNAPSHOT = """async ([url, body]) => {
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    if (body === null) await cache.delete(url);
    else await cache.put(url, new Response(new Uint8Array(body)));
  }
  return true;
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


def check_game(page, run_python):
    state = run_python(page, STATE)
    assert "engine.match" in state["engine"] and "engine.bots.hard" in state["engine"]
    used, compiled = state["dataclasses"]
    assert used >= 40 and compiled == 0, f"dataclasses: {used} from the table, {compiled} compiled"
    assert page.locator("#hand [data-card]").count() > 0, "the game dealt"
    assert page.locator(".py-error").count() == 0
    return state


def test_first_visit_fresh_then_from_the_snapshot(new_context, site_url, wait_ready,
                                                  wait_service_worker, run_python):
    """Two later visits start from the same snapshot, yet their random generators differ
    (reseeded after the restore)."""
    visits = Visits(new_context(), site_url, wait_ready)
    first = visits.load()
    assert first.get_attribute("html", "data-python-start") == "fresh"
    check_game(first, run_python)
    wait_service_worker(first)
    states = []
    for _ in range(2):
        page = visits.load()
        assert page.get_attribute("html", "data-python-start") == "snapshot"
        states.append(check_game(page, run_python))
        page.close()
    assert states[0]["random"] != states[1]["random"], "the snapshot's random state was reused"
    assert not visits.errors and not visits.warnings(), (visits.errors, visits.warnings())


@pytest.mark.parametrize("cached", [b"this is not a snapshot", gzip.compress(bytes(65536)), None],
                         ids=["not-gzip", "not-a-snapshot", "missing"])
def test_without_a_usable_snapshot_python_starts_fresh(new_context, site_url, wait_ready,
                                                       wait_service_worker, run_python, cached):
    context = new_context()
    visits = Visits(context, site_url, wait_ready)
    first = visits.load()
    wait_service_worker(first)
    url = site_url + SNAPSHOT
    first.evaluate(SET_CACHED_SNAPSHOT, [url, None if cached is None else list(cached)])
    if cached is None:  # nor can the service worker fetch it
        context.route(f"**/{SNAPSHOT}", lambda route: route.fulfill(status=404, body="gone"))
    page = visits.load()
    assert page.get_attribute("html", "data-python-start") == "fresh"
    assert any("without its snapshot" in text for text in visits.warnings()), visits.messages
    assert not visits.errors, visits.errors
    check_game(page, run_python)
