"""Undo on the page (悔牌; the rebuild itself is ui.logic.undo, through ui.logic.table): whether
the Undo button is offered, and taking the player's last decision back when it (or the U key)
is pressed. Runs under PyScript (main thread).

The rebuilt match is a new table: a bot still thinking on the old one finds it replaced and
its move is dropped (ui.page.app's loop), so no bot acts on a state that is gone. The save is
rewritten at once (the seed and the shorter history, with the round marked as one with
undo), the log says what was taken back, and the keyboard goes to the hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from engine.errors import GameError
from engine.events import Event
from ui.logic import notices
from ui.logic.review import Review
from ui.logic.screen import Screen
from ui.logic.settings import Settings
from ui.logic.table import Table
from ui.logic.undo import TakenBack
from ui.page.dom import show_notice

if TYPE_CHECKING:
    from ui.page.tabs import Tabs
    from ui.page.tutorial import Learn


class Page(Protocol):
    """What undo uses of the page (ui.page.app.App)."""

    settings: Settings
    screen: Screen
    table: Table
    review: Review | None
    viewer: bool
    learn: Learn
    tabs: Tabs

    def tell(self, events: Sequence[Event]) -> None: ...
    def after_player_action(self, events: list[Event]) -> None: ...


def _allowed(page: Page) -> bool:
    """Undo is allowed (a setting) and this is the player's match (not the guided hand, a
    review or a link's viewer)."""
    return (bool(page.settings["undo"]) and not page.learn.active and page.review is None
            and not page.viewer)


def offered(page: Page) -> bool:
    """Undo is allowed here and there is a decision of this round to take back."""
    return _allowed(page) and page.table.can_undo()


def take_back(page: Page) -> None:
    """Take back the player's last decision of the round; when there is none, say why."""
    if not _allowed(page):
        return
    if not page.tabs.holding:  # the match is another tab's: never rewritten from here
        page.tabs.remind()
        return
    try:
        table, action = page.table.undone()
    except GameError as err:
        show_notice(notices.refused("notice.undo", err), "illegal")
        return
    page.table = table
    page.tell([TakenBack.of(action)])  # the log (a polite live region) says it once
    page.after_player_action([])  # saved, drawn at once, the keyboard on the hand
