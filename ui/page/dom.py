"""The few DOM calls every part of the page uses (PyScript, main thread)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

import js
from pyodide.ffi import create_proxy

if TYPE_CHECKING:
    from js import Document, Element, Event, Window
    from pyodide.ffi import JsDoubleProxy, JsNull

# A Python function handed to JS is freed when Python forgets it: keep every listener here, for
# as long as the page lives.
_listeners: list[JsDoubleProxy] = []


def by_id(name: str) -> Element:
    """One of the elements of index.html, which has every id the page asks for (a missing one
    would fail at its first use)."""
    return cast("Element", js.document.getElementById(name))


def child(element: Element, selector: str) -> Element:
    """The first element inside `element` that matches `selector`, where the page's HTML
    (index.html's, or what the page just wrote) surely has one."""
    return cast("Element", element.querySelector(selector))


def url_param(name: str) -> str | None:
    """A query parameter of the page's URL (`?seed=7&speed=instant`), or None."""
    value = js.URLSearchParams.new(js.location.search).get(name)
    return str(value) if value else None  # JS null arrives as a falsy JsNull, not None


# What set_html last put in each element (by id): a redraw leaves an element alone when its
# HTML is the same, so a bot's turn does not parse and lay out the 38-card hand again.
_written: dict[str, str] = {}


def set_html(element: Element, html: str) -> None:
    """`element.innerHTML = html`, unless that is what it already holds: every write to an
    element drawn this way must come through here."""
    if _written.get(element.id) != html:
        element.innerHTML = html
        _written[element.id] = html


def listen(target: Element | Document | Window, event: str,
           handler: Callable[[Event], None]) -> None:
    proxy = create_proxy(handler)
    _listeners.append(proxy)
    target.addEventListener(event, proxy)


def position_of(element: Element | JsNull) -> int | None:
    """The hand position (`data-i`) of the card `element` is in, or None."""
    card = element.closest("[data-i]") if element else None
    return int(str(card.getAttribute("data-i"))) if card else None


def show_notice(text: str, kind: str = "") -> None:
    """Show `text` in the page's notice box, as its line about `kind` (illegal, storage,
    bad-save, link, error…): a line a kind, the newest first, each staying until its own
    cause takes it away (`clear_notice`), so one notice never hides another. The box's
    `data-kind` names the newest line's kind."""
    box = by_id("notice")
    line = _notice_line(box, kind)
    if line is None:
        line = js.document.createElement("div")
        line.dataset.notice = kind
    line.textContent = text
    box.prepend(line)  # (a line shown again moves to the top)
    _show_notices(box)


def clear_notice(kind: str) -> None:
    """Take the notice about `kind` away (the box hides when none is left)."""
    box = by_id("notice")
    line = _notice_line(box, kind)
    if line is not None:
        line.remove()
        _show_notices(box)


def _notice_line(box: Element, kind: str) -> Element | None:
    line = box.querySelector(f':scope > [data-notice="{kind}"]')  # (kinds are the page's)
    return line if line else None


def _show_notices(box: Element) -> None:
    first = box.firstElementChild
    box.dataset.kind = str(first.dataset.notice) if first else ""
    box.hidden = not first
