"""The review on the page: a finished round (or a shared one) looked back at in the table's
places, `html[data-phase="review"]`; the steps and their HTML are ui.review's. A mixin of
ui.app.App, which holds `review` (None while the match is played) and `viewer` (the
embedded, read-only replay viewer)."""

from __future__ import annotations

import asyncio

import js

from ui.logic import pacing, render, share
from ui.logic import review as reviewing
from ui.logic.i18n import t
from ui.page.dom import by_id, set_html


class ReviewScreen:
    review_hint: asyncio.Future | None = None  # the hint for a review's trick, being asked

    def _render_review(self) -> None:
        """The review in the table's places (`html[data-phase="review"]`, ui.review)."""
        rv, lang = self.review, self.screen.lang
        root = js.document.documentElement
        root.dataset.phase = "review"
        root.dataset.turn = ""
        root.dataset.actions = str(self.table.actions)
        set_html(by_id("status"), reviewing.status_html(rv, lang))
        for seat in (1, 2, 3):
            box = by_id(f"seat-{render.POSITION[seat]}")
            set_html(box, reviewing.seat_html(rv, seat, lang))
            box.classList.remove("to-act")
        set_html(by_id("table"), reviewing.table_html(rv, lang))
        set_html(by_id("kitty"), reviewing.kitty_html(rv, lang))
        set_html(by_id("hand"), reviewing.hand_html(rv, lang))
        set_html(by_id("controls"), reviewing.controls_html(rv, lang, closable=not self.viewer)
                 + ("" if self.viewer else share.review_buttons(
                     lang, what_if=rv.take_over_at() is not None)))
        by_id("prompt").textContent = t("review.keys", lang)
        if rv.hint_wanted() and self.review_hint is None and self.table.adviser is not None:
            self.review_hint = asyncio.ensure_future(self._ask_review_hint(rv))

    async def _ask_review_hint(self, rv: reviewing.Review) -> None:
        """What the hint would have played in the trick shown (ui.review), asked in slices as
        the hint button's search is (`html[data-hint="thinking"]` meanwhile); shown if the
        review is still on that step when it comes (one at a time: the redraw after it asks
        for the step shown then)."""
        root = js.document.documentElement
        root.dataset.hint = "thinking"
        at = rv.at
        try:
            await pacing.in_slices(rv.hint_steps(self.table.adviser), js.performance.now,
                                   going_on=lambda: self.review is rv and rv.at == at)
        finally:
            self.review_hint = None
            root.dataset.hint = ""
        if self.review is rv:
            self.render()

    def open_review(self) -> None:
        """Look back at the round just finished (from its result screen)."""
        if self.table.phase.round_over:
            self.links.hide()
            self.review = reviewing.Review(self.table.match)
            self.render()

    def review_round(self, delta: int) -> None:
        """Review the round `delta` rounds before or after the one shown (from its start)."""
        rv = self.review
        if rv is not None and rv.round_no + delta in rv.rounds:
            self.links.hide()
            self.review = reviewing.Review(self.links.review_match(), rv.round_no + delta + 1)
            self.render()

    def review_step(self, delta: int) -> None:
        if self.review is not None and self.review.go(delta):
            self.render()

    def close_review(self) -> None:
        if self.viewer:  # the embedded viewer is only the review
            return
        self.review = None
        self.links.closed()
        self.render()
        self.wake.set()  # the match goes on where it was
