"""Share, replay and open links on the page (issue 12): the page's part of ui.logic.share.

- `share(kind)`: the link to the round (or match) shown, or to its deal, into `#share-link`
  (a selectable field) and the clipboard where the browser allows it;
- `follow()`: at page load and on every `hashchange`, a `#replay=` link opens the review of
  its record and a `#deal=` link asks before its deal replaces the match being played; the
  match being played is not touched meanwhile (the page's loop waits while a review is open)
  and its save is never written. A link is replayed in slices (a long match's link takes
  seconds), the page's main thread given back between them; in a tab that does not hold the
  game, a deal confirmed waits (and stays in the address) until the player takes the game
  over here, or forgets it;
- `replay_deal()`: the same deal again from its start, same seats and bots, after asking;
- `open_viewer()`: `?embed=1#replay=…` is a read-only viewer: no match of its own, no save.

A link is untrusted: what is wrong with it is shown in `#notice` as text, and the game goes on.
Runs under PyScript (main thread).
"""

from __future__ import annotations

import asyncio
import datetime
from typing import TYPE_CHECKING, Protocol

import js

from engine.errors import GameError
from engine.match import Match
from engine.record import RecordInfo
from ui.logic import pacing, share
from ui.logic.i18n import t
from ui.logic.players import make_adviser
from ui.logic.review import Review
from ui.logic.screen import Screen
from ui.logic.settings import Settings
from ui.logic.table import Table
from ui.page.dom import by_id, clear_notice, listen, show_notice, url_param

if TYPE_CHECKING:
    from ui.page.review import ReviewScreen
    from ui.page.tabs import Tabs

TELL_READING_MS = 300  # a link read for longer than this says so ("Reading the link…")


class Page(Protocol):
    """What the links use of the page (ui.page.app.App)."""

    settings: Settings
    screen: Screen
    table: Table
    review: Review | None
    viewer: bool
    wake: asyncio.Event
    review_screen: ReviewScreen
    tabs: Tabs

    def render(self) -> None: ...
    def play_deal(self, deal: share.Deal) -> None: ...


class Links:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.source: Match | None = None  # the match a #replay= link holds, in its review
        self.info: RecordInfo | None = None  # that link's seats and date
        self.pending: share.Deal | None = None  # the deal waiting for the player's yes
        self.waiting_deal: share.Deal | None = None  # said yes to, waiting for the take-over
        self._copying: asyncio.Future[None] | None = None
        self._following: asyncio.Future[None] | None = None  # the link being read

    def listen(self) -> None:
        listen(js.window, "hashchange", lambda event: self._follow_soon())

    def _follow_soon(self) -> None:
        """A new address: its link is read (in slices), in place of one still being read."""
        if self._following is not None:
            self._following.cancel()
        self._following = asyncio.ensure_future(self.follow())

    # --- opening links -------------------------------------------------------------------

    async def _read(self) -> share.Link | None:
        """The link in the page's address, or None (also when it is bad: then said so, and
        when the address changed while it was read: the new one is read then)."""
        lang = self.page.screen.lang
        fragment = str(js.location.hash or "")
        try:
            return await self._replayed(fragment)
        except GameError as err:
            reason = err.message(lang)
        except Exception as err:  # never a crash: whatever a crafted link does, it is refused
            reason = type(err).__name__
        if str(js.location.hash or "") == fragment:
            self._forget_hash()
        show_notice(lambda lang: t("share.bad", lang, reason=reason), "link")
        return None

    async def _replayed(self, fragment: str) -> share.Link | None:
        """`fragment`'s link replayed in slices (engine.record.read_code_steps), so that a
        long match's link never holds the main thread; None if the address changes
        meanwhile. A read that takes a while says so (and on the boot screen too)."""
        started = js.performance.now()
        told = False

        def going_on() -> bool:
            nonlocal told
            if not told and js.performance.now() - started >= TELL_READING_MS:
                told = True
                self._tell_reading()
            return str(js.location.hash or "") == fragment

        try:
            return await pacing.in_slices(share.read_link_steps(fragment), js.performance.now,
                                          going_on=going_on)
        finally:
            clear_notice("link-reading")

    def _tell_reading(self) -> None:
        """"Reading the link…", in the notice and, before the page is ready, on the boot
        screen (in both languages, as its other stages)."""
        show_notice(lambda lang: t("share.reading", lang), "link-reading")
        if js.document.documentElement.getAttribute("data-ready") != "1":
            by_id("boot-stage").textContent = "正在读取链接 Reading the link…"

    async def open_viewer(self) -> bool:
        """In `?embed=1` with a good `#replay=` link: show it read-only; whether it did."""
        fragment = str(js.location.hash or "")
        if url_param("embed") != "1" or share.link_kind(fragment) != share.REPLAY:
            return False
        link = await self._read()
        if link is None:
            return False
        self.page.viewer = True
        # the viewer's table: the link's match, never played on, never saved (its adviser
        # gives the review's hints)
        self.page.table = Table(link.match, {}, make_adviser(link.match.seed))
        return self._review(link)

    async def follow(self) -> None:
        """Open the link in the page's address (a review, or the question for a deal); with
        no link any more (the browser's Back), leave a review a link opened."""
        if self.page.viewer:
            link = await self._read()
            if link is not None and link.kind == share.REPLAY:
                self._review(link)
            return
        if share.link_kind(str(js.location.hash or "")) is None:
            if self.source is not None:
                self.page.review_screen.close()
            return
        link = await self._read()
        if link is None:
            return
        if link.kind == share.REPLAY:
            self._review(link)
        else:
            if self.page.tabs.holding:  # asked once: a reload does not ask again (in a tab
                self._forget_hash()  # that does not hold the game, it stays until played)
            self._ask(share.deal_of_link(link, self.page.settings["tiers"]))

    def _review(self, link: share.Link) -> bool:
        try:
            review = Review(link.match)
        except (GameError, ValueError) as err:
            reason = str(err)
            show_notice(lambda lang: t("share.bad", lang, reason=reason), "link")
            return False
        self.source, self.info = link.match, link.info
        self.hide()
        self.page.review = review
        self.page.render()
        return True

    def closed(self) -> None:
        """The review was left: a link's record is forgotten, and the address with it."""
        if self.source is not None:
            self.source = self.info = None
            self._forget_hash()
        self.hide()

    def review_match(self) -> Match:
        """The match the review shows rounds of: a link's, or the one being played."""
        return self.source if self.source is not None else self.page.table.match

    @staticmethod
    def _forget_hash() -> None:
        """The address without its fragment (no hashchange, no new history entry)."""
        js.history.replaceState(None, "", str(js.location.pathname) + str(js.location.search))

    # --- replaying a deal ------------------------------------------------------------------

    def replay_deal(self) -> None:
        """The deal shown (the review's round, else the current one) again from its start."""
        page = self.page
        rv = page.review
        round_no = None if rv is None else rv.round_no + 1
        tiers = share.tiers_of(self.info, page.settings["tiers"])
        self._ask(share.deal_of(self.review_match(), tiers, round_no))

    def what_if(self) -> None:
        """Play on from the review's step: its match replayed up to there ("what if")."""
        page = self.page
        rv = page.review
        upto = None if rv is None else rv.take_over_at()
        if rv is None or upto is None:
            return
        tiers = share.tiers_of(self.info, page.settings["tiers"])
        try:
            deal = share.what_if(self.review_match(), tiers, rv.round_no + 1, upto)
        except (GameError, ValueError) as err:
            show_notice(str(err), "link")
            return
        self._ask(deal, what_if=True)

    def _ask(self, deal: share.Deal, what_if: bool = False) -> None:
        """Ask before `deal` replaces the match being played (it waits in `pending`), naming
        its bots and the rules it changes."""
        self.pending = deal
        dialog = by_id("dialog")
        dialog.innerHTML = share.confirm_html(self.page.screen.lang, deal.tiers, what_if,
                                              deal.rules, elsewhere=not self.page.tabs.holding)
        dialog.dataset.name = "confirm-deal"
        if not dialog.open:
            dialog.showModal()
        self.page.wake.set()  # the loop notices the dialog and waits

    def play_pending(self) -> None:
        """The player said yes: the deal replaces the match, or in a tab that does not hold
        the game, waits for the take-over (never played behind the holder's back)."""
        if self.pending is None:
            return
        deal, self.pending = self.pending, None
        if not self.page.tabs.holding:
            self.waiting_deal = deal
            self.page.tabs.render()  # the box says the deal waits, and offers to forget it
            self.page.tabs.remind()
            return
        self._play(deal)

    def _play(self, deal: share.Deal) -> None:
        self.source = self.info = None
        self._forget_hash()  # (a reload opens the new match, not the link again)
        self.page.play_deal(deal)

    def declined(self) -> None:
        """The question was closed without a yes: the deal is dropped, and its link too."""
        if self.pending is not None:
            self.pending = None
            if share.link_kind(str(js.location.hash or "")) == share.DEAL:
                self._forget_hash()

    def waiting(self) -> bool:
        return self.waiting_deal is not None

    def forget_waiting(self) -> None:
        """The player forgot the deal that waited for the take-over."""
        self.waiting_deal = None
        if share.link_kind(str(js.location.hash or "")) == share.DEAL:
            self._forget_hash()
        self.page.tabs.render()

    def took_over(self) -> None:
        """This tab took the game over: a deal that waited for it is played now."""
        if self.waiting_deal is not None and self.page.tabs.holding:
            deal, self.waiting_deal = self.waiting_deal, None
            self.page.tabs.render()
            self._play(deal)

    # --- sharing ---------------------------------------------------------------------------

    def share(self, kind: str) -> None:
        """Put the link to the review's round (or the result's, or the whole match at match
        over), or to its deal, into `#share-link`, and the clipboard where allowed."""
        page = self.page
        match = self.review_match()
        # a link's seats and date (set with its match), else this page's
        info = self.info if self.info is not None else share.seats_info(
            page.settings["tiers"], _today())
        rv = page.review
        round_no = None if rv is None else rv.round_no + 1
        try:
            if kind == share.DEAL:
                deal = share.deal_of(match, page.settings["tiers"], round_no)
                fragment = share.deal_fragment(deal, info)
            else:
                fragment = share.replay_fragment(match, info, round_no)
        except (GameError, ValueError) as err:
            show_notice(str(err), "link")
            return
        url = share.share_url(str(js.location.href), fragment)
        box, field = by_id("share"), by_id("share-link")
        field.value = url
        field.setAttribute("aria-label", t("share.label", page.screen.lang))
        box.dataset.kind = kind
        box.hidden = False
        field.focus()
        field.select()
        field.scrollLeft = 0  # (selecting it scrolled to its end: the address shows first)
        self._copying = asyncio.ensure_future(self._copy(url))

    async def _copy(self, url: str) -> None:
        """Copy the link; the notice says so until the player's next action (transient), in
        the language shown (a switch draws it again)."""
        try:
            await js.navigator.clipboard.writeText(url)
            show_notice(lambda lang: t("share.copied", lang), "link", transient=True)
        except Exception:  # no clipboard here (insecure page, denied): the field is there
            show_notice(lambda lang: t("share.select", lang), "link", transient=True)

    def hide(self) -> None:
        box = by_id("share")
        if box is not None:
            box.hidden = True


def _today() -> datetime.date:
    return datetime.date.today()
