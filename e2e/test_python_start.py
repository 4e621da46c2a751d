"""How the page starts Python (interpreter.mjs): from the build's snapshot, and without it when
it cannot be used, the game the same either way."""

from __future__ import annotations

import gzip

import pytest

SNAPSHOT = "**/pyodide/python.snapshot"
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


def boot(new_context, site_url, wait_ready, route=None):
    """A fresh load of the page: (its page, its console messages, its page errors)."""
    context = new_context()
    if route is not None:
        context.route(SNAPSHOT, route)
    page = context.new_page()
    messages, errors = [], []
    page.on("console", lambda m: messages.append((m.type, m.text)))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site_url)
    wait_ready(page)
    return page, messages, errors


def test_starts_from_the_snapshot_with_its_own_randomness(new_context, site_url, wait_ready,
                                                          run_python):
    """Two loads start from the same snapshot, yet their random generators differ (reseeded
    after the restore), and the engine imported at build time is the one the game runs."""
    states = []
    for _ in range(2):
        page, messages, errors = boot(new_context, site_url, wait_ready)
        assert page.get_attribute("html", "data-python-start") == "snapshot"
        assert not errors and not [t for kind, t in messages if kind in ("error", "warning")]
        states.append(run_python(page, STATE))
        assert page.locator("#hand [data-card]").count() > 0, "the game dealt"
    first, second = states
    assert first["random"] != second["random"], "the snapshot's random state was reused"
    assert "engine.match" in first["engine"] and "engine.bots.hard" in first["engine"]
    used, compiled = first["dataclasses"]
    assert used >= 40 and compiled == 0, "the build's dataclass table went on counting"


def not_gzip(route):
    route.fulfill(status=200, body=b"this is not a snapshot",
                  headers={"content-type": "application/octet-stream"})


def not_a_snapshot(route):  # well compressed, but not Pyodide's memory
    route.fulfill(status=200, body=gzip.compress(bytes(64 * 1024)),
                  headers={"content-type": "application/octet-stream"})


def missing(route):
    route.fulfill(status=404, body=b"not found")


@pytest.mark.parametrize("broken", [not_gzip, not_a_snapshot, missing],
                         ids=["not-gzip", "not-a-snapshot", "missing"])
def test_without_a_usable_snapshot_python_starts_fresh(new_context, site_url, wait_ready,
                                                       run_python, broken):
    page, messages, errors = boot(new_context, site_url, wait_ready, route=broken)
    assert page.get_attribute("html", "data-python-start") == "fresh"
    warnings = [t for kind, t in messages if kind == "warning"]
    assert any("without its snapshot" in t for t in warnings), messages
    assert not errors, errors
    state = run_python(page, STATE)
    assert "engine.match" in state["engine"]
    assert state["dataclasses"][1] == 0, "the game imported from python.pack, precompiled"
    assert page.locator("#hand [data-card]").count() > 0, "the game dealt"
    assert page.locator(".py-error").count() == 0
