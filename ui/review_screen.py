"""The review on the page: a finished round (or a shared one) looked back at in the table's
places, `html[data-phase="review"]`; the steps and their HTML are ui.review's. A mixin of
ui.app.App, which holds `review` (None while the match is played) and `viewer` (the
embedded, read-only replay viewer)."""

from __future__ import annotations

import js

from . import render, share
from . import review as reviewing
from .dom import by_id
from .i18n import t


class ReviewScreen:
    def _render_review(self) -> None:
        """The review in the table's places (`html[data-phase="review"]`, ui.review)."""
        rv, lang = self.review, self.screen.lang
        root = js.document.documentElement
        root.dataset.phase = "review"
        root.dataset.turn = ""
        root.dataset.actions = str(self.table.actions)
        by_id("status").innerHTML = reviewing.status_html(rv, lang)
        for seat in (1, 2, 3):
            box = by_id(f"seat-{render.POSITION[seat]}")
            box.innerHTML = reviewing.seat_html(rv, seat, lang)
            box.classList.remove("to-act")
        by_id("table").innerHTML = reviewing.table_html(rv, lang)
        by_id("kitty").innerHTML = reviewing.kitty_html(rv, lang)
        by_id("hand").innerHTML = reviewing.hand_html(rv, lang)
        by_id("controls").innerHTML = (reviewing.controls_html(rv, lang, closable=not self.viewer)
                                       + ("" if self.viewer else share.review_buttons(
                                           lang, what_if=rv.take_over_at() is not None)))
        by_id("prompt").textContent = t("review.keys", lang)

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
