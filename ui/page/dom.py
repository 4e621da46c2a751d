"""The few DOM calls every part of the page uses (PyScript, main thread)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

import js
from pyodide.ffi import create_proxy

from ui.logic.notices import Notices, Words

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


def embedded() -> bool:
    """Whether the page is a blog's frame (`?embed=1`: index.html's first script marks
    `<html class="embed">`)."""
    return bool(js.document.documentElement.classList.contains("embed"))


# What set_html last put in each element (by id): a redraw leaves an element alone when its
# HTML is the same, so a bot's turn does not parse and lay out the 38-card hand again.
_written: dict[str, str] = {}


def set_html(element: Element, html: str) -> None:
    """`element.innerHTML = html`, unless that is what it already holds: every write to an
    element drawn this way must come through here."""
    if _written.get(element.id) != html:
        element.innerHTML = html
        _written[element.id] = html


# A caption with more than this many pixels of lines below its foot says it has more (fewer is
# rounding, which e2e's CONTAINED check forbids: a caption that fits does not scroll at all).
MORE_BELOW_PX = 5


def mark_more_lines() -> None:
    """Each `.caption` (the trick's why, the review's words) and the prompt (a blog frame's
    hint in two lines) marked `data-more` while lines are hidden below its foot, so index.html
    draws a ▼ there: a long caption scrolls in its place, and a playtest read a cut-off one as
    whole. Called after a redraw, and as the reader scrolls one or the window changes size."""
    for box in js.document.documentElement.querySelectorAll(".caption, #prompt"):
        more = box.scrollHeight - box.scrollTop - box.clientHeight > MORE_BELOW_PX
        if more != bool(box.hasAttribute("data-more")):
            box.toggleAttribute("data-more", more)


def listen(target: Element | Document | Window, event: str,
           handler: Callable[[Event], None], capture: bool = False) -> None:
    """`handler` called on each `event` at `target` (`capture`: on its way down to an element
    inside, as for a scroll, which does not bubble)."""
    proxy = create_proxy(handler)
    _listeners.append(proxy)
    target.addEventListener(event, proxy, capture)


def position_of(element: Element | JsNull) -> int | None:
    """The hand position (`data-i`) of the card `element` is in, or None."""
    card = element.closest("[data-i]") if element else None
    return int(str(card.getAttribute("data-i"))) if card else None


# The notice box's lines, with their words in both languages (ui.logic.notices), and the
# language they are drawn in.
_notices = Notices()
_notice_lang = "en"


def show_notice(words: Words | str, kind: str = "", transient: bool = False) -> None:
    """Show a line about `kind` (illegal, storage, bad-save, link, error…) in the page's
    notice box: a line a kind, the newest first, each staying until its own cause takes it
    away (`clear_notice`), so one notice never hides another; a `transient` one also leaves
    after the player's next action (`notices_after_action`). `words` gives the line in a
    language, so that a language switch draws it again (`notices_language`); a plain string
    is for a line that is the same in both. The box's `data-kind` names the newest line's
    kind."""
    _notices.show(kind, words, transient)
    _draw_notices(shown=kind)


def clear_notice(kind: str) -> None:
    """Take the notice about `kind` away (the box hides when none is left)."""
    if _notices.clear(kind):
        _draw_notices()


def notices_after_action() -> None:
    """The player acted: the transient notices ("Link copied") leave."""
    if _notices.after_action():
        _draw_notices()


def notices_language(lang: str) -> None:
    """Draw the notices in `lang` from now on (at the start, and at a language switch)."""
    global _notice_lang
    if lang != _notice_lang:
        _notice_lang = lang
        _draw_notices()


def _draw_notices(shown: str | None = None) -> None:
    """The box as `_notices` has it: lines gone removed, texts in the language drawn, and the
    line just shown (new, or shown again) moved to the top; the others left in place (the box
    is a live region: a line is told again only when it changes)."""
    box = by_id("notice")
    texts = dict(_notices.texts(_notice_lang))
    for line in list(box.querySelectorAll(":scope > [data-notice]")):
        if str(line.dataset.notice) not in texts:
            line.remove()
    for kind, text in texts.items():
        line = _notice_line(box, kind) or _new_notice_line(box, kind)
        if line.textContent != text:
            line.textContent = text
        if kind == shown:
            box.prepend(line)
    first = box.firstElementChild
    box.dataset.kind = str(first.dataset.notice) if first else ""
    box.hidden = not first


def _new_notice_line(box: Element, kind: str) -> Element:
    line = js.document.createElement("div")
    line.dataset.notice = kind
    box.prepend(line)
    return line


def _notice_line(box: Element, kind: str) -> Element | None:
    line = box.querySelector(f':scope > [data-notice="{kind}"]')  # (kinds are the page's)
    return line if line else None
