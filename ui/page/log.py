"""The log (#log): the page's one polite live region, and the recent events a player sees.

A screen reader reads what is added to a live region, once, and never what is removed: so
the log grows a line at a time (`say`), each play and event said once, and is rebuilt only
when the lines it shows are no longer the ones to show (`show`: another language, the guided
hand started). Lines only a screen reader needs are visually hidden (`sr-only`). The
sentences are ui.logic.log's.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, cast

import js

from engine.events import Event
from ui.logic import log
from ui.page.dom import by_id

if TYPE_CHECKING:
    from js import Element


def say(text: str, shown: bool = False, kind: str = "", head: str = "") -> None:
    """Append a sentence to #log, so that a screen reader reads it once (a live region
    reads what is added, never what is removed); `shown` ones are also the log's visible
    lines, the others are for screen readers only (`kind`: the line's class, log.line_kind;
    `head`: its first sentence, a span of its own, log.snatch_head). The oldest are
    dropped."""
    box = by_id("log")
    ol = box.querySelector("ol")
    if not ol:  # (a JS null arrives as a falsy JsNull, not None)
        box.innerHTML = "<ol></ol>"
        ol = cast("Element", box.querySelector("ol"))  # (just written)
    li = js.document.createElement("li")
    parts = log.split_line(text, head)
    if parts:  # (the same words, in two spans: log.log_html)
        for name, words in zip(("head", "why"), parts, strict=True):
            span = js.document.createElement("span")
            span.className = name
            span.textContent = words
            li.appendChild(span)
    else:
        li.textContent = text
    if not shown:
        li.className = "sr-only"
    elif kind:
        li.className = kind
    ol.appendChild(li)
    visible = list(ol.querySelectorAll("li:not(.sr-only)"))
    kept = set(log.kept_lines([str(item.className) for item in visible]))
    for i, item in enumerate(visible):
        if i not in kept:
            item.remove()
    spoken_only = list(ol.querySelectorAll("li.sr-only"))
    for old in spoken_only[:max(0, len(spoken_only) - 8)]:
        old.remove()


def new_round() -> None:
    """A new round's log starts empty: the last round's lines are not this one's news (a
    screen reader heard them already)."""
    for item in by_id("log").querySelectorAll("li:not(.sr-only)"):
        item.remove()


def show(events: Iterable[Event], lang: str) -> None:
    """Rebuild the visible lines from the remembered events, if they are not those shown."""
    box = by_id("log")
    ol = box.querySelector("ol")
    shown = [str(li.textContent) for li in ol.querySelectorAll("li:not(.sr-only)")] \
        if ol else None
    if shown != log.log_lines(events, lang):
        box.innerHTML = f'<ol>{log.log_html(events, lang)}</ol>'
