"""The guided first hand on the page: offered on the first visit and in the menu, run in place
of the player's match (which is kept aside, untouched, and comes back on skip or at the end),
with a coach box (#coach) that says what just happened and what to do. `html[data-tutorial]`
is set while it runs. Runs under PyScript (main thread); the logic (and the box's HTML) is
ui.logic.tutorial's."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import TYPE_CHECKING, Protocol

import js

from engine.errors import GameError
from engine.events import Event
from ui.logic import storage
from ui.logic.i18n import t
from ui.logic.players import make_players
from ui.logic.screen import Screen
from ui.logic.table import Table
from ui.logic.tutorial import (
    KEY,
    RUNNING,
    SEED,
    SKIPPED,
    TIERS,
    Tutorial,
    clock,
    coach_html,
    saved_state,
)
from ui.page.dom import by_id, clear_notice, embedded, listen, show_notice

if TYPE_CHECKING:
    from js import Event as DomEvent

KEPT = "learn-kept"  # the notice that the player's own match is kept while the guide runs


class Page(Protocol):
    """What the guided hand uses of the page (ui.page.app.App)."""

    screen: Screen
    table: Table
    wake: asyncio.Event  # (set: the loop that deals looks again)

    def render(self) -> None: ...
    def after_player_action(self, events: list[Event]) -> None: ...


class Learn:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.tutorial: Tutorial | None = None
        self.main: Table | None = None  # the player's own table, while the guided hand runs
        self.offer = False  # a first visit: the guided hand is offered in the coach box
        self.lesson = ""  # the coach's words as last shown (a new lesson is brought into view)

    @property
    def active(self) -> bool:
        return self.tutorial is not None

    def listen(self) -> None:
        listen(by_id("coach"), "click", self._click)

    def _click(self, event: DomEvent) -> None:
        button = event.target.closest("button[data-action]")
        action = button.getAttribute("data-action") if button else None
        if action == "learn":
            self.start()
        elif action == "learn-skip":
            self.stop(SKIPPED)
        elif action == "learn-no":
            self.offer = False
            storage.save(KEY, '{"state": "skipped"}')
            self.page.render()
            self.page.wake.set()  # the player's own match is dealt

    def resume(self, first_visit: bool) -> None:
        """At page load: continue a guided hand that was running, or offer it on a first
        visit (no saved match, never offered; or nothing can be stored, as in a blog's frame
        from another site: each visit is a first one). A save that cannot be read is set
        aside."""
        ok, text = storage.load(KEY)
        if ok and text:
            try:
                state: str | None = saved_state(text)
            except Exception as err:  # a GameError (anything else: kept aside all the same)
                self._set_aside(text, err)
                state = None
            if state == RUNNING:
                self.start()
        elif first_visit and not text:
            self.offer = True

    def _set_aside(self, text: str, err: Exception) -> None:
        """Keep an unreadable save of the guided hand under another key, and say so."""
        aside = storage.set_aside(KEY, text) or "-"
        why = "" if isinstance(err, GameError) else f" ({type(err).__name__})"
        show_notice(lambda lang: t("notice.bad_tutorial", lang, key=aside) + why, "bad-tutorial")

    @property
    def holds_the_deal(self) -> bool:
        """Whether the player's match waits for the offer's answer: on a first visit it
        does (dealt behind the offer, it had a newcomer lose their first bid while reading
        it), but not in a blog's frame, whose reader asked to play on its look-alike."""
        return self.offer and not embedded()

    def withdraw(self) -> None:
        """The player went on with their own match: the offer gives the table its room back
        (the menu's Learn button still opens the guided hand; a later visit has a saved
        match, so the offer is not made again)."""
        self.offer = False

    def _load(self) -> Tutorial:
        bots, adviser = make_players(TIERS, SEED)
        ok, text = storage.load(KEY)
        if ok and text:
            try:
                tutorial = Tutorial.resume(text, bots, adviser)  # (skipped: from the menu)
            except Exception as err:  # a GameError (anything else: kept aside all the same)
                self._set_aside(text, err)  # kept, not lost
                tutorial = None
            if tutorial is not None:
                return tutorial
        return Tutorial.new(bots, adviser)

    def start(self) -> None:
        """Open the guided hand (where it was left, if it was left running)."""
        page = self.page
        self.offer = False
        if self.tutorial is None:
            self.tutorial = self._load()
            self.main, page.table = page.table, self.tutorial.table
        js.document.documentElement.dataset.tutorial = "1"
        page.screen.log = []
        page.after_player_action([])

    def open_over_match(self) -> None:
        """Open the guided hand from the menu, saying that the player's own match is kept (a
        playtest asked whether it was lost); the word leaves with the next move."""
        self.start()
        show_notice(lambda lang: t("learn.match_kept", lang), KEPT, transient=True)

    def stop(self, state: str) -> None:
        """Leave the guided hand (skipped: it can be resumed from the menu; done: it starts
        over next time) and give the player their own match back as it was."""
        if self.tutorial is None or self.main is None:  # (both are set while it runs)
            return
        self.tutorial.state = state
        clear_notice(KEPT)
        storage.save(KEY, self.tutorial.save() if state == SKIPPED else '{"state": "done"}')
        # (the match ran on meanwhile, as in a blog's frame, whose offer stands beside a match
        # dealt at once until the player's first decision: where they made none, it starts
        # again from its deal, since a newcomer came back to trick 1 under way, its bids and
        # bury unseen)
        main = self.main if self.main.player_has_decided() else self.main.dealt_again()
        self.page.table, self.main, self.tutorial = main, None, None
        js.document.documentElement.removeAttribute("data-tutorial")
        self.page.screen.log = []
        self.page.after_player_action([])

    def save(self) -> bool:
        """Save the guided hand's progress under its own key (never the match's); where it
        cannot be stored, storage's state says why (ui.page.app)."""
        if self.tutorial is None:
            return False
        storage.save(KEY, self.tutorial.save())
        return True

    def marked_positions(self) -> set[int]:
        """The positions in the hand of the cards the guided hand asks for now (none when it
        does not run)."""
        return self.tutorial.table.marked_positions() if self.tutorial else set()

    def observe(self, events: Iterable[Event]) -> None:
        if self.tutorial is not None:
            self.tutorial.observe(events)

    def player_acted(self) -> None:
        if self.tutorial is not None:
            self.tutorial.player_acted()

    def _chosen_as_asked(self) -> bool:
        """Whether the cards the player has chosen (to play, or for the kitty) are the very
        ones the guided hand asks for now."""
        asked = self.marked_positions()
        screen = self.page.screen
        return bool(asked) and asked in (set(screen.selected), set(screen.bury))

    def render(self, lang: str) -> None:
        box = by_id("coach")
        lesson = coach_html(self.tutorial, self.offer, lang, self._chosen_as_asked())
        box.innerHTML = lesson
        box.hidden = not (self.tutorial or self.offer)
        if self.tutorial is not None and lesson != self.lesson:
            bring_into_view()
        self.lesson = lesson
        root = js.document.documentElement
        if self.offer:  # (the menu's Learn button is marked too: the small frame hides the box)
            root.dataset.offer = "1"
        else:
            root.removeAttribute("data-offer")
        # for tests: the clock of the move the guided hand waits for ("" when none)
        step = ""
        if self.tutorial is not None and self.tutorial.table.expected() is not None:
            step = str(clock(self.tutorial.table.match))
        root.dataset.learnStep = step


def bring_into_view() -> None:
    """A new lesson on a phone, whose page scrolls under buttons kept at the screen's foot:
    scroll just enough that its last line, the status bar (the trump) and the prompt clear
    the buttons, never so far that the hand's top leaves the screen, nor the trick's while
    one lies on the table. (A newcomer read a lesson cut off at the buttons and did not think
    to scroll; another found trick 1 cut off at the screen's top, and gone when scrolled to.)"""
    controls = by_id("controls")
    if str(js.getComputedStyle(controls).position) != "sticky":
        return  # (a larger screen shows the lesson beside everything else)
    hidden = by_id("prompt").getBoundingClientRect().bottom \
        - controls.getBoundingClientRect().top
    room = by_id("seat-south").getBoundingClientRect().top
    if by_id("table").querySelector(".play"):
        room = min(room, by_id("table").getBoundingClientRect().top)
    if hidden > 0 and room > 0:
        js.window.scrollBy(0, min(hidden + 4, room))
