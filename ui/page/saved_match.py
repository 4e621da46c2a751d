"""The player's match and its save, for the game screen (ui.app.App inherits this part).

The match is opened from storage, or a new one made; it is saved after every action, unless
another tab holds the game (ui.tabs); a resumed save is checked whole, in slices, once the
table is up (a long match's earlier rounds are not replayed on load: engine.save), and a
save that cannot be read is kept aside under another key, never lost.

It expects of the page: `settings`, `screen`, `learn`, `tabs`, `table` and
`after_player_action(events)`.
"""

from __future__ import annotations

import asyncio
import json

import js

from engine.errors import SaveError
from engine.save import verify_steps
from ui.logic import pacing, storage
from ui.logic.i18n import t
from ui.logic.players import make_players
from ui.logic.table import Table
from ui.page.dom import show_notice, url_param

SAVE_KEY = "chaodipi.match"


class SavedMatch:
    def _open_match(self) -> bool:
        """Open the saved match, else a new one; True on a first visit (no save at all)."""
        ok, text = self.tabs.read()
        if ok and text:
            try:
                self.table = self._with_settings(
                    Table.restore(text, *self._players(json.loads(text)["seed"])))
                self._checking = asyncio.ensure_future(self._check_save(text))
            except (SaveError, ValueError, KeyError, TypeError):
                self._set_aside(text)
        if self.table is None:
            self._new_table(url_param("seed"))
        if storage.notice():
            show_notice(storage.notice(), "storage")
        return ok and not text

    def _set_aside(self, text: str) -> None:
        aside = storage.set_aside(SAVE_KEY, text)  # kept under another key, not lost
        show_notice(t("notice.bad_save", self.screen.lang, key=aside or "-"), "bad-save")

    async def _check_save(self, text: str) -> None:
        """Check the whole save once the table is up, in slices (a long match's earlier
        rounds are not replayed on load): an edited one is set aside for a new match."""
        try:
            await pacing.in_slices(verify_steps(text), js.performance.now)
        except SaveError:
            self._set_aside(text)
            self._new_table()
            self.after_player_action([])

    def reopen(self) -> None:
        """This tab took the game over: play on from the save the other tab left."""
        applied, self.table = self.table.actions if self.table else 0, None
        self._open_match()
        self.table.actions = max(self.table.actions, applied)  # data-actions only grows
        self.after_player_action([])

    def _new_table(self, seed: str | None = None) -> None:
        """A new match: from `seed` (the page's ?seed=, for the first match only), else a
        random one, so "new game" never deals the same cards again."""
        seed = int(seed) if seed and seed.isdigit() else int(js.Math.random() * 2_147_483_647)
        applied = self.table.actions if self.table else 0
        self.table = self._with_settings(Table.new(seed, *self._players(seed)))
        self.table.actions = applied  # data-actions only grows, across new matches too
        self.save_now()

    def _players(self, seed: int):
        return make_players(self.settings["tiers"], seed)

    def _with_settings(self, table: Table) -> Table:
        """`table`, stopping at a bid or snatch turn with nothing to show if the player asked
        to (the setting "ask_bids")."""
        table.ask_bids = self.settings["ask_bids"]
        return table

    def save_now(self) -> None:
        """Save the match, unless another tab has the game (then this tab stops: ui.tabs)."""
        if getattr(self, "viewer", False):  # the embedded viewer of a link keeps nothing
            return
        if self.learn.save():  # the guided hand keeps its own save
            return
        if not self.tabs.may_write():
            return
        text = self.table.save()
        if storage.save(SAVE_KEY, text):
            self.tabs.wrote(text)
        elif storage.notice():
            show_notice(storage.notice(), "storage")
