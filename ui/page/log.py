"""The log (#log): the page's one polite live region, and the recent events a player sees.

A screen reader reads what is added to a live region, once, and never what is removed: so
the log grows a line at a time (`say`), each play and event said once, and is rebuilt only
when the lines it shows are no longer the ones to show (`show`: another language, the guided
hand started). Lines only a screen reader needs are visually hidden (`sr-only`).
"""

from __future__ import annotations

import js

from ui.logic import log as lines
from ui.page.dom import by_id


def say(text: str, shown: bool = False) -> None:
    """Append a sentence to #log, so that a screen reader reads it once (a live region
    reads what is added, never what is removed); `shown` ones are also the log's visible
    lines, the others are for screen readers only. The oldest are dropped."""
    log = by_id("log")
    ol = log.querySelector("ol")
    if not ol:  # (a JS null arrives as a falsy JsNull, not None)
        log.innerHTML = "<ol></ol>"
        ol = log.querySelector("ol")
    li = js.document.createElement("li")
    li.textContent = text
    if not shown:
        li.className = "sr-only"
    ol.appendChild(li)
    for selector, keep in (("li:not(.sr-only)", lines.LOG_LINES), ("li.sr-only", 8)):
        items = list(ol.querySelectorAll(selector))
        for old in items[:max(0, len(items) - keep)]:
            old.remove()


def show(events, lang: str) -> None:
    """Rebuild the visible lines from the remembered events, if they are not those shown."""
    log = by_id("log")
    ol = log.querySelector("ol")
    shown = [str(li.textContent) for li in ol.querySelectorAll("li:not(.sr-only)")] \
        if ol else None
    if shown != lines.log_lines(events, lang):
        log.innerHTML = f'<ol>{lines.log_html(events, lang)}</ol>'
