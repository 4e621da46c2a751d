"""The page's modal <dialog id="dialog">: help, "abandon this match?", the settings, the
statistics and the trumps. Runs under PyScript (main thread); the content comes from
ui.logic.render, ui.logic.settings, ui.logic.explain and ui.page.stats."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Protocol

import js

from ui.logic import explain, render, settings
from ui.logic.screen import Screen
from ui.logic.settings import Settings
from ui.logic.table import Table
from ui.page.dom import by_id, child, listen
from ui.page.share import Links
from ui.page.stats import StatsKeeper

if TYPE_CHECKING:
    from js import Event


class Page(Protocol):
    """What the dialogs use of the page (ui.page.app.App)."""

    screen: Screen
    settings: Settings
    speed_override: str | None  # the address's ?speed=, until the player chooses one
    table: Table
    wake: asyncio.Event
    links: Links
    stats: StatsKeeper

    def new_match(self) -> None: ...
    def settings_changed(self, which: str) -> None: ...


class Dialogs:
    def __init__(self, page: Page) -> None:
        self.page = page

    def listen(self) -> None:
        listen(by_id("dialog"), "click", self._click)
        listen(by_id("dialog"), "change", self._change)
        # the deal and the bots wait while a dialog is open (ui.page.app's loop): closing it, by a
        # button or Escape, lets them go on
        listen(by_id("dialog"), "close", self._closed)
        listen(js.document, "click", self._glossary)

    def _closed(self, event: Event) -> None:
        self.page.wake.set()
        if by_id("dialog").getAttribute("data-name") == "confirm-deal":  # (closed, no yes)
            self.page.links.declined()
        # the keyboard goes back to the button that opened the dialog; if that was rebuilt
        # meanwhile (a setting changed), to its new copy, else to the hand
        # (a control of the closed dialog may hold it until the browser notices)
        active = js.document.activeElement
        if not active or active == js.document.body or by_id("dialog").contains(active):
            name = by_id("dialog").dataset.name or ""
            action = {"confirm-new": "new-game", "confirm-reset-stats": "stats"}.get(name, name)
            target = (by_id("controls").querySelector(f'button[data-action="{action}"]')
                      or by_id("hand"))
            target.focus()

    def is_open(self) -> bool:
        return bool(by_id("dialog").open)

    def open(self, name: str, anchor: str | None = None) -> None:
        """Show "help" (at the glossary entry `anchor`), "trumps", "confirm-new", "settings",
        "stats" or "confirm-reset-stats" (in place of what it showed, if open)."""
        dialog, lang = by_id("dialog"), self.page.screen.lang
        form = ""
        if name == "settings":
            form = settings.dialog_html(self.page.settings, lang, self.page.speed_override)
        elif name == "stats":
            form = self.page.stats.dialog_html(lang)
        elif name == "trumps":
            form = explain.trumps_html(self.page.table.view(), lang, render.card_html)
        dialog.innerHTML = render.dialog_html(name, lang, form, self.page.table.rules)
        dialog.dataset.name = name
        # named by its heading (or, with none, its question) for screen readers
        title = dialog.querySelector("h2, p")
        if title:
            if not title.id:
                title.id = "dialog-title"
            dialog.setAttribute("aria-labelledby", title.id)
        if not dialog.open:
            dialog.showModal()
        target = dialog.querySelector(f"#g-{anchor}") if anchor else None
        if target:
            target.classList.add("focus")
            target.scrollIntoView()

    def _glossary(self, event: Event) -> None:
        """A term linked to the glossary (`data-glossary`): the help dialog, at its entry."""
        target = event.target
        link = target.closest("[data-glossary]") if getattr(target, "closest", None) else None
        if link:
            event.preventDefault()
            self.open("help", link.getAttribute("data-glossary") or None)

    def _click(self, event: Event) -> None:
        button = event.target.closest("button[data-action]")
        action = button.getAttribute("data-action") if button else None
        if action in ("confirm-new", "confirm-deal", "close"):
            by_id("dialog").close()
        if action == "confirm-new":
            self.page.new_match()
        elif action == "confirm-deal":  # a deal (a link's, or the same again): ui.page.share
            self.page.links.play_pending()
        elif action == "stats":  # from the settings (a phone's menu has no room for it)
            self._reopen("stats")
        elif action == "reset-stats":  # asked first
            self._reopen("confirm-reset-stats")
        elif action == "confirm-reset-stats":  # then cleared, and shown cleared
            self.page.stats.reset()
            self._reopen("stats")

    def _reopen(self, name: str) -> None:
        """The open dialog shows `name` instead; the keyboard goes to its first button (the
        one used was replaced)."""
        self.open(name)
        child(by_id("dialog"), "button").focus()

    def _change(self, event: Event) -> None:
        """A setting chosen: applied and kept at once (the dialog has no OK button)."""
        target = event.target
        value = bool(target.checked) if target.type == "checkbox" else target.value
        which = settings.change(self.page.settings, target.getAttribute("data-setting") or None,
                                value)
        overridden = self.page.speed_override is not None
        if which:
            self.page.settings_changed(which)
        if which == "lang":
            self.open("settings")  # its own words, in the new language
        elif which == "speed" and overridden:  # the address's speed has ended: not its note
            self.open("settings")
            child(by_id("dialog"), 'select[data-setting="speed"]').focus()
