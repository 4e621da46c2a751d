"""The page's part of the statistics (ui.logic.stats): a round is counted when its result is
on the screen, and the statistics dialog gets its content. Runs under PyScript (main thread).

Not counted: the guided hand (ui.page.tutorial), the embedded viewer of a link, and a tab that
does not hold the game (ui.page.tabs: the tab that plays counts). `Table.undo_used_this_round`
says whether the round had help; ui.logic.stats counts such rounds apart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ui.logic import stats, storage
from ui.logic.i18n import t
from ui.logic.screen import Screen
from ui.logic.table import Table
from ui.page.dom import show_notice

if TYPE_CHECKING:
    from ui.page.tabs import Tabs
    from ui.page.tutorial import Learn


class Page(Protocol):
    """What the statistics use of the page (ui.page.app.App)."""

    screen: Screen
    table: Table
    viewer: bool
    learn: Learn
    tabs: Tabs


class StatsKeeper:
    def __init__(self, page: Page) -> None:
        self.page = page
        # the last result looked at (its match's id and length): a redraw counts it not again
        self.counted: tuple[int, int] | None = None
        self.kept = True  # whether the last attempt to store the statistics worked

    def observe(self) -> None:
        """Count the round whose result the page shows (ui.logic.stats counts each round once)."""
        page = self.page
        table = page.table
        if (not table.phase.round_over or page.viewer or page.learn.active
                or not page.tabs.holding):
            return
        mark = (id(table.match), table.match.history_length)
        if mark == self.counted:
            return
        self.counted = mark
        outcome = stats.record(table.match, stats.tier_of(table.bots),
                               bool(table.undo_used_this_round))
        self.kept = self._told(outcome).kept

    def _told(self, outcome: stats.Outcome) -> stats.Outcome:
        if outcome.aside:
            aside = outcome.aside
            show_notice(lambda lang: t("notice.bad_stats", lang, key=aside), "bad-stats")
        return outcome

    def dialog_html(self, lang: str) -> str:
        outcome = self._told(stats.load())
        # not kept: storage refused or full now, or the last round could not be stored
        kept = outcome.kept and self.kept and storage.state() == storage.OK
        why = "stats.full" if storage.state() == storage.FULL else "stats.denied"
        return stats.dialog_html(outcome, lang, None if kept else t(why, lang))

    def reset(self) -> None:
        self.kept = stats.reset()
