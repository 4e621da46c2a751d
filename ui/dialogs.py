"""The page's modal <dialog id="dialog">: help, "abandon this match?", and the settings.
Runs under PyScript (main thread); the content comes from ui.render and ui.settings."""

from __future__ import annotations

from typing import Protocol

from . import render, settings
from .dom import by_id, listen
from .screen import Screen


class Page(Protocol):
    screen: Screen
    settings: dict

    def new_match(self) -> None: ...
    def settings_changed(self, which: str) -> None: ...


class Dialogs:
    def __init__(self, page: Page) -> None:
        self.page = page

    def listen(self) -> None:
        listen(by_id("dialog"), "click", self._click)
        listen(by_id("dialog"), "change", self._change)

    def open(self, name: str) -> None:
        """Show "help", "confirm-new" or "settings" (in place of what it showed, if open)."""
        dialog, lang = by_id("dialog"), self.page.screen.lang
        form = settings.dialog_html(self.page.settings, lang) if name == "settings" else ""
        dialog.innerHTML = render.dialog_html(name, lang, form)
        dialog.dataset.name = name
        if not dialog.open:
            dialog.showModal()

    def _click(self, event) -> None:
        button = event.target.closest("button[data-action]")
        action = button.getAttribute("data-action") if button else None
        if action in ("confirm-new", "close"):
            by_id("dialog").close()
        if action == "confirm-new":
            self.page.new_match()

    def _change(self, event) -> None:
        """A setting chosen: applied and kept at once (the dialog has no OK button)."""
        target = event.target
        value = bool(target.checked) if target.type == "checkbox" else target.value
        which = settings.change(self.page.settings, target.getAttribute("data-setting"), value)
        if which:
            self.page.settings_changed(which)
        if which == "lang":
            self.open("settings")  # its own words, in the new language
