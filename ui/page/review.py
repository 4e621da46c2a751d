"""The review on the page: a finished round (or a shared one) looked back at in the table's
places, `html[data-phase="review"]`; the steps and their HTML are ui.logic.review's. The page
holds the review shown (`review`, None while the match is played) and whether it is the
embedded, read-only replay viewer (`viewer`)."""

from __future__ import annotations

import asyncio
from collections.abc import Generator
from typing import Protocol

import js

from engine.match import Match
from engine.record import round_spans_steps
from ui.logic import pacing, render, share
from ui.logic import review as reviewing
from ui.logic.i18n import t
from ui.logic.players import Adviser
from ui.logic.screen import Screen
from ui.logic.table import Table
from ui.page.dom import by_id, mark_more_lines, set_html


class Links(Protocol):
    """What the review uses of the links (ui.page.share.Links)."""

    source: Match | None  # the match a link holds, while its review is shown

    def hide(self) -> None: ...
    def closed(self) -> None: ...
    def review_match(self) -> Match: ...


class Page(Protocol):
    """What the review uses of the page (ui.page.app.App)."""

    screen: Screen
    table: Table
    review: reviewing.Review | None
    viewer: bool
    wake: asyncio.Event

    @property  # (read only: the page's links are ui.page.share.Links, more than this)
    def links(self) -> Links: ...

    def render(self) -> None: ...


class ReviewScreen:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.hint: asyncio.Future[None] | None = None  # a review's trick's hint, being asked
        self.finding: asyncio.Future[None] | None = None  # another round's bounds, being found

    def render(self, rv: reviewing.Review) -> None:
        """The review in the table's places (`html[data-phase="review"]`, ui.logic.review)."""
        page = self.page
        lang = page.screen.lang
        root = js.document.documentElement
        root.dataset.phase = "review"
        root.dataset.turn = ""
        root.dataset.actions = str(page.table.actions)
        set_html(by_id("status"), reviewing.status_html(rv, lang,
                                                       shared=page.links.source is not None))
        for seat in (1, 2, 3):
            box = by_id(f"seat-{render.POSITION[seat]}")
            set_html(box, reviewing.seat_html(rv, seat, lang))
            box.classList.remove("to-act")
        set_html(by_id("table"), reviewing.table_html(rv, lang))
        set_html(by_id("kitty"), reviewing.kitty_html(rv, lang))
        hand = by_id("hand")
        set_html(hand, reviewing.hand_html(rv, lang))
        for name, count in zip(("--n", "--groups"), reviewing.hand_counts(rv), strict=True):
            hand.style.setProperty(name, str(count))  # (spread as in play)
        links = "" if page.viewer else share.review_buttons(
            lang, what_if=rv.take_over_at() is not None)
        set_html(by_id("controls"), reviewing.controls_html(rv, lang, closable=not page.viewer,
                                                            more=links))
        by_id("prompt").textContent = t("review.keys", lang)
        mark_more_lines()
        adviser = page.table.adviser
        if rv.hint_wanted() and self.hint is None and isinstance(adviser, Adviser):
            self.hint = asyncio.ensure_future(self._ask_hint(rv, rv.at, rv.hint_steps(adviser)))

    async def _ask_hint(self, rv: reviewing.Review, at: int,
                        steps: Generator[object, None, object]) -> None:
        """What the hint would have done at step `at` (its trick's play, or the snatch round's
        choice; `steps`, from ui.logic.review, taken when it was shown: this runs later, when
        the player may have stepped on), asked in slices as the hint button's search is
        (`html[data-hint="thinking"]` meanwhile); shown if the review is still on that step
        when it comes (one at a time: the redraw after it asks for the step shown then)."""
        root = js.document.documentElement
        root.dataset.hint = "thinking"
        try:
            await pacing.in_slices(steps, js.performance.now,
                                   going_on=lambda: self.page.review is rv and rv.at == at)
        finally:
            self.hint = None
            root.dataset.hint = ""
        if self.page.review is rv:
            self.page.render()

    def open(self) -> None:
        """Look back at the round just finished (from its result screen)."""
        page = self.page
        if page.table.phase.round_over:
            page.links.hide()
            page.review = reviewing.Review(page.table.match)
            page.render()

    def round(self, delta: int) -> None:
        """Review the round `delta` rounds before or after the one shown (from its start).
        The match's rounds are found first, in slices (a replay of the whole match, once:
        engine.record.round_spans_steps), so a long match never holds the main thread."""
        rv = self.page.review
        if rv is not None and rv.round_no + delta in rv.rounds and self.finding is None:
            self.finding = asyncio.ensure_future(self._round(rv, rv.round_no + delta))

    async def _round(self, rv: reviewing.Review, round_no: int) -> None:
        page = self.page
        match = page.links.review_match()
        try:
            found = await pacing.in_slices(
                self._found(match), js.performance.now,
                going_on=lambda: page.review is rv and page.links.review_match() is match)
        finally:
            self.finding = None
        if found:
            page.links.hide()
            page.review = reviewing.Review(match, round_no + 1)
            page.render()

    @staticmethod
    def _found(match: Match) -> Generator[int, None, bool]:
        yield from round_spans_steps(match)
        return True

    def step(self, delta: int) -> None:
        page = self.page
        if page.review is not None and page.review.go(delta):
            page.render()

    def close(self) -> None:
        page = self.page
        if page.viewer:  # the embedded viewer is only the review
            return
        page.review = None
        page.links.closed()
        page.render()
        page.wake.set()  # the match goes on where it was
