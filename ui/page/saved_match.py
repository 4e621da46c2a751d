"""The player's match and its save: which table the page plays, and keeping it in storage.

The match is opened from storage, or a new one made; it is saved after every action, unless
another tab holds the game (ui.page.tabs); a resumed save is checked whole, in slices, once
the table is up (a long match's earlier rounds are not replayed on load: engine.save), and a
save that cannot be read (ui.logic.saved_match: any text at all is read or refused) is kept
aside under another key, never lost, and the player is told. A new match takes the address's
`?seed=` where it is a seed (else a random one, and the player is told).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Protocol

import js

from engine.errors import GameError, SaveError
from engine.events import Event
from engine.save import verify_steps
from ui.logic import pacing, storage
from ui.logic.i18n import t
from ui.logic.players import make_players
from ui.logic.saved_match import SAVE_KEY, read_save
from ui.logic.screen import Screen
from ui.logic.settings import Settings
from ui.logic.table import Bots, Table
from ui.page.dom import show_notice

if TYPE_CHECKING:
    from engine.driver import Player
    from ui.page.tabs import Tabs
    from ui.page.tutorial import Learn

class Page(Protocol):
    """What the saved match uses of the page (ui.page.app.App)."""

    settings: Settings
    screen: Screen
    table: Table
    viewer: bool
    learn: Learn
    tabs: Tabs

    def after_player_action(self, events: list[Event]) -> None: ...
    def took_over(self) -> None: ...


class SavedMatch:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.checking: asyncio.Future[None] | None = None  # the whole save, checked in slices

    def open(self, applied: int = 0, seed: int | None = None) -> bool:
        """Open the saved match, else a new one (from `seed`, the address's, if given); True
        on a first visit (no save at all: in a frame that is refused storage, every visit is
        one). `applied`: the actions applied so far (the page's
        data-actions only grows)."""
        ok, text = self.page.tabs.read()
        table = self._restored(text) if ok and text else None
        if table is None:
            self.new(applied, seed)
        else:
            table.actions = applied
            self.page.table = table
        return not text

    def _restored(self, text: str) -> Table | None:
        """The saved match's table, its whole save checked later; None if the save cannot be
        read (then it is set aside)."""
        try:
            table = self.with_settings(read_save(text, self.page.settings["tiers"]))
        except GameError:
            self._set_aside(text)
            return None
        except Exception as err:  # (never: read_save refuses with a GameError; if ever, the
            self._set_aside(text, err)  # save is kept aside all the same and the game goes on)
            return None
        self.checking = asyncio.ensure_future(self._check(text))
        return table

    def _set_aside(self, text: str, err: Exception | None = None) -> None:
        aside = storage.set_aside(SAVE_KEY, text)  # kept under another key, not lost
        why = "" if err is None else f" ({type(err).__name__})"
        show_notice(lambda lang: t("notice.bad_save", lang, key=aside or "-") + why, "bad-save")

    async def _check(self, text: str) -> None:
        """Check the whole save once the table is up, in slices (a long match's earlier
        rounds are not replayed on load): an edited one is set aside for a new match."""
        try:
            await pacing.in_slices(verify_steps(text), js.performance.now)
        except SaveError:
            self._set_aside(text)
            self.new(self.page.table.actions)
            self.page.after_player_action([])

    def reopen(self) -> None:
        """This tab took the game over: play on from the save the other tab left (or from a
        deal from a link that waited for this)."""
        self.open(applied=self.page.table.actions)  # (data-actions only grows)
        self.page.after_player_action([])
        self.page.took_over()

    def new(self, applied: int, seed: int | None = None) -> None:
        """A new match, `applied` actions counted already (the page's data-actions only grows,
        across new matches too): from `seed` (the page's ?seed=, for the first match only),
        else a random one, so "new game" never deals the same cards again."""
        number = seed if seed is not None else int(js.Math.random() * 2_147_483_647)
        table = self.with_settings(Table.new(number, *self.players(number)))
        table.actions = applied
        self.page.table = table
        self.save()

    def players(self, seed: int) -> tuple[Bots, Player]:
        """The bots the settings choose, and the adviser, seeded with the match's seed."""
        return make_players(self.page.settings["tiers"], seed)

    def with_settings(self, table: Table) -> Table:
        """`table`, stopping at a bid or snatch turn with nothing to show if the player asked
        to (the setting "ask_bids")."""
        table.ask_bids = self.page.settings["ask_bids"]
        return table

    def save(self) -> None:
        """Save the match, unless another tab has the game (then this tab stops: ui.page.tabs)."""
        page = self.page
        if page.viewer:  # the embedded viewer of a link keeps nothing
            return
        if page.learn.save():  # the guided hand keeps its own save
            return
        if not page.tabs.may_write():
            return
        text = page.table.save()
        if storage.save(SAVE_KEY, text):  # (else storage's state says why: ui.page.app)
            page.tabs.wrote(text)
