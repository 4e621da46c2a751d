"""The few DOM calls every part of the page uses (PyScript, main thread)."""

from __future__ import annotations

import js
from pyodide.ffi import create_proxy

# A Python function handed to JS is freed when Python forgets it: keep every listener here, for
# as long as the page lives.
_listeners = []


def by_id(name: str):
    return js.document.getElementById(name)


def url_param(name: str) -> str | None:
    """A query parameter of the page's URL (`?seed=7&speed=instant`), or None."""
    value = js.URLSearchParams.new(js.location.search).get(name)
    return str(value) if value else None  # JS null arrives as a falsy JsNull, not None


# What set_html last put in each element (by id): a redraw leaves an element alone when its
# HTML is the same, so a bot's turn does not parse and lay out the 38-card hand again.
_written: dict[str, str] = {}


def set_html(element, html: str) -> None:
    """`element.innerHTML = html`, unless that is what it already holds: every write to an
    element drawn this way must come through here."""
    if _written.get(element.id) != html:
        element.innerHTML = html
        _written[element.id] = html


def listen(target, event: str, handler) -> None:
    proxy = create_proxy(handler)
    _listeners.append(proxy)
    target.addEventListener(event, proxy)


def position_of(element) -> int | None:
    """The hand position (`data-i`) of the card `element` is in, or None."""
    card = element.closest("[data-i]") if element else None
    return int(card.getAttribute("data-i")) if card else None


def show_notice(text: str, kind: str = "") -> None:
    """Show `text` in the page's notice line; `kind` says what it is about (illegal, storage,
    bad-save, error), so that only its own cause takes it away again."""
    box = by_id("notice")
    box.textContent = text
    box.dataset.kind = kind
    box.hidden = False


def clear_notice(kind: str) -> None:
    """Hide the notice if it is about `kind`."""
    box = by_id("notice")
    if box.getAttribute("data-kind") == kind:
        box.hidden = True
        box.dataset.kind = ""
