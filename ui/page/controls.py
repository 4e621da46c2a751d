"""The buttons under the hand (#controls, drawn by ui.logic.render.controls_html): bids and
passes, bury, play, hint, skip, undo (ui.page.undo), the last trick, the next round, and the
menu; and the rank and suit a joker-level bid names (R13), chosen before its button. Runs under
PyScript (main thread)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import js

from engine.actions import Action, Bury, Pass
from engine.cards import parse_cards
from engine.errors import GameError
from engine.events import Event
from ui.logic.review import Review
from ui.logic.screen import Screen
from ui.logic.swipe import swipe_step
from ui.logic.table import HUMAN, Table
from ui.page.dialogs import Dialogs
from ui.page.dom import by_id, listen, notices_after_action
from ui.page.review import ReviewScreen
from ui.page.share import Links
from ui.page.tutorial import Learn

if TYPE_CHECKING:
    from js import Event as DomEvent


# Buttons that only open a dialog (or a question): not yet an action of the player's, so a
# transient notice stays (and follows a language switch made in the settings).
ONLY_OPEN_A_DIALOG = frozenset({"new-game", "settings", "stats", "help", "trumps"})


class Page(Protocol):
    """What the buttons use of the page (ui.page.app.App)."""

    table: Table
    screen: Screen
    review: Review | None
    dialogs: Dialogs
    learn: Learn
    links: Links
    review_screen: ReviewScreen

    def do(self, action: Action) -> bool: ...
    def after_player_action(self, events: list[Event]) -> None: ...
    def play_selected(self) -> None: ...
    def show_hint(self) -> None: ...
    def skip_animation(self) -> None: ...
    def undo(self) -> None: ...
    def render(self) -> None: ...


class Controls:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.swipe: tuple[int, float, float] | None = None  # a review's swipe: pointer, x, y

    def listen(self) -> None:
        listen(by_id("controls"), "click", self._click)
        listen(by_id("controls"), "change", self._change)
        listen(js.document, "keydown", self._review_key)
        board = by_id("board")
        listen(board, "pointerdown", self._swipe_start)
        listen(board, "pointerup", self._swipe_end)
        listen(board, "pointercancel", lambda _event: setattr(self, "swipe", None))

    def _click(self, event: DomEvent) -> None:
        button = event.target.closest("button[data-action]")
        if not button or button.disabled:
            return
        page = self.page
        arg = button.getAttribute("data-arg") or ""  # a bid's cards, in R3 notation
        action = button.getAttribute("data-action") or ""
        reviewing = page.review_screen
        handler: Callable[[], object] | None = {
            "play": page.play_selected,
            "hint": page.show_hint,
            "pass": lambda: page.do(Pass(HUMAN)),
            "bid": lambda: self._bid(arg, snatch=False),
            "snatch": lambda: self._bid(arg, snatch=True),
            "bury": self._bury,
            "next-round": self._next_round,
            "skip": page.skip_animation,
            "undo": page.undo,
            "last-trick": self._toggle_last_trick,
            "new-game": lambda: page.dialogs.open("confirm-new"),
            "settings": lambda: page.dialogs.open("settings"),
            "stats": lambda: page.dialogs.open("stats"),
            "help": lambda: page.dialogs.open("help"),
            "trumps": lambda: page.dialogs.open("trumps"),
            "learn": self._learn,
            "review": reviewing.open,
            "prev": lambda: reviewing.step(-1),
            "next": lambda: reviewing.step(1),
            "close-review": reviewing.close,
            "review-earlier": lambda: reviewing.round(-1),
            "review-later": lambda: reviewing.round(1),
            "share": lambda: page.links.share("replay"),
            "share-deal": lambda: page.links.share("deal"),
            "replay-deal": lambda: page.links.replay_deal(),
            "what-if": lambda: page.links.what_if(),
        }.get(action)
        if handler:
            if action not in ONLY_OPEN_A_DIALOG:
                # a transient notice ("Link copied") was about the moment before: a button
                # that does something, leaving a review too, is the player's next action
                notices_after_action()
            handler()
            self._refocus(action)

    def _refocus(self, action: str) -> None:
        """In a review the redraw replaced the buttons: the keyboard stays on the step button
        just used (the other one once that is disabled at an end of the round)."""
        if self.page.review is None or action not in ("review", "prev", "next",
                                                       "review-earlier", "review-later"):
            return
        for name in (action, "next", "prev"):
            again = by_id("controls").querySelector(f'[data-action="{name}"]:not([disabled])')
            if again:
                again.focus()
                return

    def _review_key(self, event: DomEvent) -> None:
        """In a review, ← and → step through the round and Escape goes back to the result."""
        if self.page.review is None or event.target.tagName in ("INPUT", "SELECT", "TEXTAREA"):
            return
        if event.key in ("ArrowLeft", "ArrowRight"):
            self.page.review_screen.step(1 if event.key == "ArrowRight" else -1)
            event.preventDefault()
        elif event.key == "Escape":
            self.page.review_screen.close()

    def _swipe_start(self, event: DomEvent) -> None:
        if self.page.review is not None and event.isPrimary:
            self.swipe = (event.pointerId, event.clientX, event.clientY)

    def _swipe_end(self, event: DomEvent) -> None:
        """A sideways swipe in a review steps, as ← and → do (ui.logic.swipe)."""
        start, self.swipe = self.swipe, None
        if start is None or start[0] != event.pointerId or self.page.review is None:
            return
        step = swipe_step(event.clientX - start[1], event.clientY - start[2])
        if step:
            self.page.review_screen.step(step)

    def _learn(self) -> None:
        """The guided hand: started (or resumed), or while it runs, left for later."""
        if self.page.learn.active:
            self.page.learn.stop("skipped")
        else:
            self.page.learn.open_over_match()

    def _change(self, event: DomEvent) -> None:
        name = event.target.getAttribute("data-name")
        if name == "rank":
            self.page.screen.joker_rank = event.target.value
        elif name == "suit":
            self.page.screen.joker_suit = event.target.value

    def _bid(self, cards: str, snatch: bool) -> None:
        screen = self.page.screen
        self.page.do(self.page.table.bid_action(tuple(parse_cards(cards)), snatch,
                                                screen.joker_rank, screen.joker_suit))

    def _bury(self) -> None:
        hand = self.page.table.view().hand
        self.page.do(Bury(HUMAN, tuple(hand[i] for i in self.page.screen.bury)))

    def _next_round(self) -> None:
        if self.page.learn.active:  # the guided hand is one round: then the player's match
            self.page.learn.stop("done")
            return
        try:
            events = self.page.table.next_round()
        except GameError:
            return
        self.page.after_player_action(events)

    def _toggle_last_trick(self) -> None:
        self.page.screen.show_last_trick = not self.page.screen.show_last_trick
        self.page.render()
