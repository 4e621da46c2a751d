"""The game screen: wires the page's parts together. Runs under PyScript (main thread).

It holds the table being played (ui.logic.table; opened and saved by ui.page.saved_match),
runs the loop that deals and lets the bots play at the chosen pace (ui.logic.pacing), puts
seat 0's view on the page (the HTML comes from ui.logic.render), and carries out what the
player asks for on the cards (ui.page.card_input), with the buttons (ui.page.controls) and in
the dialogs (ui.page.dialogs). Each part is given this App through a Protocol of its own,
which names what of the App it uses.

Rules are never judged here: the engine lists the bids, validates plays and refuses illegal
ones with a reason that is shown as it is.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import js

from engine.actions import Action, Play
from engine.cards import Card
from engine.errors import GameError
from engine.events import Event, RoundSettled, TrickWon
from engine.phase import Phase
from engine.view import SeatView
from ui.logic import explain, log, notices, pacing, render, settings, share, storage
from ui.logic.i18n import preferred_language, t
from ui.logic.players import make_players
from ui.logic.review import Review
from ui.logic.saved_match import SAVE_KEY, read_query
from ui.logic.screen import Screen
from ui.logic.table import HUMAN, Table
from ui.page import focus, undo
from ui.page import log as live_log
from ui.page import storage as browser_storage
from ui.page.card_input import CardInput
from ui.page.controls import Controls
from ui.page.dialogs import Dialogs
from ui.page.dom import (
    by_id,
    clear_notice,
    embedded,
    listen,
    mark_more_lines,
    notices_after_action,
    notices_language,
    position_of,
    set_html,
    show_notice,
    url_param,
)
from ui.page.motion import Motion
from ui.page.review import ReviewScreen
from ui.page.saved_match import SavedMatch
from ui.page.share import Links
from ui.page.sound import Sound
from ui.page.stats import StatsKeeper
from ui.page.tabs import Tabs
from ui.page.tutorial import Learn


class App:
    table: Table  # played (or shown): from ui.page.saved_match, the guided hand, or a link
    tabs: Tabs  # whether this tab holds the game (made in `start`)

    def __init__(self) -> None:
        storage.watch(self._storage_changed)  # data-storage and its notice follow the state
        self.settings, self.settings_aside = settings.read()
        lang = self.settings["lang"] or preferred_language(js.navigator.languages)
        self.screen = Screen(lang=lang)
        self.wake = asyncio.Event()  # set when the player acts: the bots' loop goes on
        self.hurry = asyncio.Event()  # set by a tap on the table: stop lingering now
        self.linger_ms = 0.0  # how long what just happened stays on the table, untouched
        self.skip = False  # the player asked to skip the animation to their next decision
        # ?seed= (the first match's) and ?speed= (instant, say: overrides the setting, for
        # this visit); what cannot be used is left out, and said
        self.query = read_query({name: value for name in ("seed", "speed")
                                 if (value := url_param(name)) is not None})
        self.speed_override = self.query.speed
        self.dialogs = Dialogs(self)
        self.motion = Motion()
        self.sound = Sound(self.settings["sound"])
        self.leaving_trick: int | None = None  # the winner of the trick still on the table
        self.hinting: asyncio.Future[None] | None = None  # the adviser's search, while it runs
        self.turn_told = -1  # the table's action count when the player's turn was last sounded
        self.burst_at: float | None = None  # when the last burst of dealt cards began
        self.bids_open: list[tuple[Card, ...]] = []  # the player's bids when the deal last held
        self.learn = Learn(self)  # the guided first hand, in place of the match while it runs
        self.review: Review | None = None  # a finished round looked back at
        self.player_acted = False  # an action of the player's was just applied
        self.links = Links(self)  # share, replay and open links (ui.page.share)
        self.viewer = False  # ?embed=1#replay=…: a read-only review, no match, nothing saved
        self.stats = StatsKeeper(self)  # counts each round whose result is shown
        self.saved_match = SavedMatch(self)  # the match opened from its save, and saved
        self.review_screen = ReviewScreen(self)  # `review` on the page

    def start(self) -> None:
        CardInput(self).listen()
        Controls(self).listen()
        self.dialogs.listen()
        self.learn.listen()
        self.links.listen()
        listen(js.document, "scroll", lambda _: mark_more_lines(), capture=True)
        listen(js.window, "resize", lambda _: mark_more_lines())
        self.tabs = Tabs(SAVE_KEY, self.screen, self.saved_match, self.links)
        self._begin = asyncio.ensure_future(self._open())

    async def _open(self) -> None:
        """Open the game: nothing the page reads (its storage, its address) can stop it.
        Each reader refuses what it cannot use with a message (and sets a stored value
        aside, never losing it); anything else raised on the way is said too, and the game
        starts all the same."""
        self._tell_what_was_left_out()
        try:
            viewer = await self.links.open_viewer()
        except Exception as err:  # (never: a link is read or refused with its message)
            self.failed(err)
            viewer = False
        if not viewer:
            await self.tabs.claim()  # else the game is open in another tab: shown, not played
            self._open_match()
            self.render()
            try:
                await self.links.follow()  # a #replay= or #deal= link in the address
            except Exception as err:  # (never, as above)
                self.failed(err)
        root = js.document.documentElement
        root.dataset.storage = storage.state()
        self._set_document_language()
        root.dataset.ready = "1"
        self._loop = asyncio.ensure_future(self._run())

    def _tell_what_was_left_out(self) -> None:
        """Settings set aside, and what of the address could not be used, said once."""
        if self.settings_aside is not None:
            aside = self.settings_aside
            show_notice(lambda lang: t("notice.bad_settings", lang, key=aside), "bad-settings")
        if self.query.refused:
            show_notice(notices.address_refused(self.query.refused), "address")

    def _open_match(self) -> None:
        """The saved match (or a new one), and the guided hand if it was running."""
        try:
            first_visit = self.saved_match.open(seed=self.query.seed)
        except Exception as err:  # (never: a save is read or set aside with its message)
            self.failed(err)
            self.saved_match.new(0)
            first_visit = False
        seed = self.query.seed
        if seed is not None and self.table.seed != seed:  # a saved match went on instead
            show_notice(lambda lang: t("notice.seed_unused", lang, seed=seed), "seed",
                        transient=True)
        try:
            self.learn.resume(first_visit=first_visit)
        except Exception as err:  # (never, as above)
            self.failed(err)

    def failed(self, err: Exception) -> None:
        """Something raised that should not have: said (with its kind) and logged; the game
        goes on."""
        reason = f"{type(err).__name__}: {str(err)[:200]}"
        show_notice(lambda lang: t("notice.failed", lang, reason=reason), "error")
        js.console.error(reason)

    def _storage_changed(self, state: str) -> None:
        """Storage works again, or no longer: `data-storage` and the notice say so."""
        js.document.documentElement.dataset.storage = state
        notice = storage.NOTICES.get(state)
        if notice:  # (a blog's small frame: said once, gone at the reader's next action)
            show_notice(notice, "storage", transient=embedded())
        else:
            clear_notice("storage")

    def took_over(self) -> None:
        """This tab took the game over (ui.page.tabs): a deal that waited for it is played."""
        self.links.took_over()

    def _set_document_language(self) -> None:  # for screen readers, fonts and hyphenation
        lang = self.screen.lang
        js.document.documentElement.lang = "zh-Hans" if lang == "zh" else "en"
        notices_language(lang)  # the notices shown are drawn again in it
        # (the page's HTML says these in both languages until Python starts)
        by_id("footer").textContent = t("page.footer", lang)
        by_id("controls").setAttribute("aria-label", t("page.controls", lang))

    # --- the loop that deals and lets bots play ---------------------------------------------

    async def _run(self) -> None:
        while True:
            await self._linger()
            await self._clear_the_table()
            table = self.table
            # nothing moves behind an open dialog, nor while a review (of a link) is shown,
            # nor on a first visit before the guided hand's offer is answered
            paused = (self.dialogs.is_open() or self.review is not None
                      or self.learn.holds_the_deal)
            js.document.documentElement.dataset.paused = "1" if paused else ""
            if (paused or table.waiting_for_player() or table.phase == Phase.MATCH_OVER
                    or not self.tabs.holding):
                await self._wait_for_player(table, paused)
                continue
            try:
                events = await self._steps(table)
            except Exception as err:  # a bot bug must not freeze the table: show it
                show_notice(f"{type(err).__name__}: {err}", "error")
                js.console.error(str(err))
                await asyncio.sleep(1)
                continue
            clear_notice("error")  # (the table moves again: whatever it was has gone)
            if table is self.table:  # (else it was replaced meanwhile: undo, a new match)
                self._show(events)

    async def _clear_the_table(self) -> None:
        """The finished trick goes to its winner; after the round's last trick, its result."""
        if self.leaving_trick is not None:
            winner, self.leaving_trick = self.leaving_trick, None
            if not self.skip and await self.motion.gather(winner, self._speed()):
                self.screen.trick_gone = True  # it went to its winner: off the table
                if not self.screen.final_trick:  # (else the result replaces it below)
                    self.render()
        if self.screen.final_trick:  # the round's last trick was seen: now its result
            self.screen.final_trick = False
            self.render()

    async def _wait_for_player(self, table: Table, paused: bool) -> None:
        """Nothing happens until the player acts (or the game moves on elsewhere): their
        decision is sounded and said once (not at every wake), then the loop sleeps."""
        self.skip = False
        if (table.waiting_for_player() and not paused
                and self.turn_told != table.actions):  # once a decision, not a wake
            self.turn_told = table.actions
            self.sound.your_turn()
            if not table.phase.round_over:  # (the result's own line says "Round over.")
                live_log.say(str(by_id("prompt").textContent))  # what to do, said once
        self.wake.clear()
        await self.wake.wait()

    async def _steps(self, table: Table) -> list[Event]:
        """The next automatic steps: one bot move, or while cards are dealt a burst of cards
        shown together (pacing.cards_per_frame); when skipping, everything up to the player's
        next decision, giving the browser its main thread back every slice."""
        speed = self._speed()

        def holding() -> bool:  # a bot thinking stops when the table is replaced (undo)
            return self.tabs.is_holding() and table is self.table

        started = js.performance.now()
        since = None if self.burst_at is None else started - self.burst_at
        events = await pacing.step_in_slices(table, js.performance.now, going_on=holding)
        burst = 10_000 if self.skip else pacing.deal_burst(speed, since)
        self.burst_at = started if pacing.only_dealing(events) else None
        while (pacing.cards_dealt(events) < burst and pacing.only_dealing(events) and holding()
               and not table.waiting_for_player() and table.phase == Phase.DEAL
               and not self._offer_pause(table.bid_choices())):  # (a bid that opens is
            # shown at once: a bot's bid later in the burst could have closed it unseen)
            if js.performance.now() - started >= pacing.SLICE_MS:
                if not self.skip:
                    break
                self.render()  # show progress while skipping, and let the browser breathe
                await asyncio.sleep(0)
                started = js.performance.now()
            events += await pacing.step_in_slices(table, js.performance.now, going_on=holding)
        return events

    def _speed(self) -> str:
        return self.speed_override or self.settings["speed"]

    def _show(self, events: list[Event]) -> None:
        """Put what just happened on the page and keep it there for its pause (by speed), so
        a trick stays on the table with its winner marked whoever closed it; the round's last
        trick is shown before the result."""
        self.tell(events)
        self.learn.observe(events)
        self.saved_match.save()
        self.screen.trick_gone = False
        if any(isinstance(e, RoundSettled) for e in events):
            self.screen.final_trick = not self.skip
        won = [e for e in events if isinstance(e, TrickWon)]
        self.leaving_trick = won[-1].seat if won else None
        self.motion.before(events, self._speed())
        self.render()
        if not self.skip:
            self.motion.after(events, self._speed())
            self.sound.on_events(events)
        # (the guided hand's seat view, read only when a trick was just won)
        failed_throw = (bool(won) and self.learn.active
                        and self.table.view().tricks[-1].throw_failure is not None)
        self.linger_ms = 0 if self.skip else pacing.lesson_pause_ms(
            events, self.learn.active, failed_throw, self._speed())
        self._hold_for_a_new_bid()

    def _hold_for_a_new_bid(self) -> None:
        """While the cards are dealt, a bid newly open to the player holds the deal a moment
        (pacing.OFFER_PAUSE_MS; a tap on the table goes on)."""
        choices = self.table.bid_choices() if self.table.phase == Phase.DEAL else []
        self.linger_ms = max(self.linger_ms, self._offer_pause(choices))
        self.bids_open = choices

    def _offer_pause(self, choices: list[tuple[Card, ...]]) -> float:
        """How long the deal holds for the player's bids `choices` while the cards are dealt
        (0: none new since the deal last held). Never while skipping, nor in the guided hand,
        which asks for its one bid itself."""
        if not choices or self.skip or self.learn.active:
            return 0
        return pacing.offer_pause_ms(self.bids_open, choices, self._speed())

    async def _linger(self) -> None:
        """Wait out `linger_ms`, or less if the player taps the table (or skips)."""
        if self.linger_ms <= 0:
            return
        self.hurry.clear()
        # (not asyncio.wait_for: its timeout is an absolute time, and Pyodide's loop raises
        # "Can't schedule in the past" when that time passes while it is being set, which on
        # a busy machine killed this loop in the deal's 20 ms pauses; asyncio.wait's delay
        # is relative, never in the past)
        hurried = asyncio.ensure_future(self.hurry.wait())
        await asyncio.wait([hurried], timeout=self.linger_ms / 1000)
        hurried.cancel()
        self.linger_ms = 0

    def tell(self, events: Sequence[Event]) -> None:
        """Remember the events for the log of recent ones (bids, passes, trump, tricks…), and
        say them (each play too) in the log, the page's one polite live region."""
        told = [e for e in events if e.kind != "CardDealt"]
        if any(e.kind == "RoundStarted" for e in told):
            live_log.new_round()
        self.screen.remember(told)
        for e in told:
            spoken = log.spoken_line(e, self.screen.lang)
            if spoken:
                live_log.say(*spoken, kind=log.line_kind(e),
                             head=log.snatch_head(e, self.screen.lang))

    def after_player_action(self, events: list[Event]) -> None:
        self.review = None
        self.player_acted = True  # (the keyboard goes on to the hand: ui.page.focus)
        self.links.closed()
        self.screen.forget_choices()
        notices_after_action()  # ("Link copied" and its kind: they were about the last moment)
        clear_notice("illegal")
        clear_notice("error")  # (a new table, or the player's move: the table moves again)
        self._show(events)
        self.wake.set()

    # --- putting the view on the page -------------------------------------------------------

    def render(self) -> None:
        if self.review is not None:
            self.review_screen.render(self.review)
            return
        view, lang = self.table.view(), self.screen.lang
        had_focus = focus.where_it_is()
        self._mark_page(view)
        set_html(by_id("status"), render.status_html(view, lang))
        by_id("direction").textContent = t("direction.short", lang)  # counter-clockwise
        self._render_seats(view)
        set_html(by_id("table"), render.table_html(view, self.screen))
        self._render_kitty(view)
        self._render_hand(view)
        self._render_controls(view)
        self.learn.render(lang)
        acted, self.player_acted = self.player_acted, False
        if not self.dialogs.is_open():
            focus.put_back(had_focus, acted)
        live_log.show(self.screen.log, lang)
        self.stats.observe()
        mark_more_lines()

    def _mark_page(self, view: SeatView) -> None:
        """`<html data-phase data-turn data-actions>` (the page's hooks) and the suits' colours."""
        root = js.document.documentElement
        root.dataset.phase = view.phase
        root.dataset.turn = "" if view.to_act is None else str(view.to_act)
        root.dataset.actions = str(self.table.actions)  # grows with every applied action
        root.dataset.auction = str(len(view.auction))  # bids and passes shown (e2e: their pace)
        root.classList.toggle("four-colour", bool(self.settings["four_colour"]))

    def _render_seats(self, view: SeatView) -> None:
        for seat in (1, 2, 3):
            box = by_id(f"seat-{render.POSITION[seat]}")
            set_html(box, render.seat_html(view, seat, self.screen.lang))
            box.classList.toggle("to-act", view.to_act == seat)
        by_id("seat-south").classList.toggle("to-act", view.to_act == HUMAN)
        set_html(by_id("own-seat"), render.own_seat_html(view, self.screen.lang))

    def _render_kitty(self, view: SeatView) -> None:
        kitty = by_id("kitty")
        set_html(kitty, render.kitty_html(view, self.screen))
        # while the player buries, the kitty is a list of the cards put there (each an option
        # to take back, by a tap or the keyboard); else (or empty) a zone that shows cards
        if view.phase == Phase.BURY and view.to_act == HUMAN and self.screen.bury:
            kitty.setAttribute("role", "listbox")
            kitty.setAttribute("tabindex", "0")
        else:
            kitty.removeAttribute("role")
            kitty.removeAttribute("tabindex")

    def _render_hand(self, view: SeatView) -> None:
        screen = self.screen
        hand = by_id("hand")
        focused = position_of(js.document.activeElement)
        dimmed = explain.dimmed_positions(view.hand, self.table.usable_cards())
        marked = self.learn.marked_positions()
        set_html(hand, render.hand_html(view, screen, set(screen.bury), dimmed, marked))
        for name, count in zip(("--n", "--groups"), render.hand_counts(view, set(screen.bury)),
                               strict=True):
            hand.style.setProperty(name, str(count))
        if focused is not None:  # a redraw keeps the keyboard where it was
            card = (hand.querySelector(f'[data-i="{focused}"]')
                    or hand.querySelector("[data-i]"))
            if card:
                card.focus()
        hand.setAttribute("aria-label", t("seat.0", screen.lang))

    def _render_controls(self, view: SeatView) -> None:
        """The buttons under the hand, and the prompt: what to do now (and why a bid is or is
        not possible, and the hint's reason)."""
        lang = self.screen.lang
        bids = self.table.bid_choices()  # what a bid would do, or what one would need
        held = self.learn.holds_the_deal
        set_html(by_id("controls"), render.controls_html(
            view, self.screen, bids, undo.offered(self), hinting=self.hinting is not None,
            learning=self.learn.active, paused=self.table.waiting_for_player() or held))
        if held:  # (no bid is possible yet: no card is dealt)
            by_id("prompt").textContent = t("prompt.offer", lang)
            return
        why = explain.bid_offer_text(view, bids, lang) or explain.bid_missing_text(view, bids, lang)
        by_id("prompt").textContent = (why or render.prompt_text(view, lang)) + explain.hint_line(
            self.screen.hint_why(view.phase == Phase.BURY), lang)

    # --- the player's actions, from the cards, the buttons and the keyboard -----------------

    def do(self, action: Action) -> bool:
        if not self.tabs.holding:
            self.tabs.remind()
            return False
        try:
            events = self.table.act(action)
        except GameError as err:
            key = "notice.learn" if self.learn.active else "notice.illegal"
            show_notice(notices.refused(key, err), "illegal")
            return False
        if not self.learn.active:  # playing their own match: the offer has had its moment
            self.learn.withdraw()
        self.learn.player_acted()  # (the guided hand's lessons were of the moment before)
        self.after_player_action(events)
        return True

    def play_selected(self) -> None:
        view = self.table.view()
        if view.phase == Phase.PLAY and view.to_act == HUMAN:
            chosen = tuple(view.hand[i] for i in sorted(self.screen.selected))
            # (nothing chosen where the hand leaves no choice: those cards; a daily player was
            # told "choose some cards first" of their last card)
            self.do(Play(HUMAN, chosen or self.table.match.only_play(HUMAN) or ()))

    def undo(self) -> None:
        """Take back the player's last decision of the round (ui.page.undo)."""
        undo.take_back(self)

    def show_hint(self) -> None:
        """The adviser (hard) searches in slices, as a bot's turn does; meanwhile the page
        says it is thinking (`html[data-hint="thinking"]`) and its play buttons wait.
        A tab that does not hold the game says so instead: its hint could not be played."""
        if not self.tabs.holding:
            self.tabs.remind()
            return
        if self.hinting is None and self.table.waiting_for_player():
            self.hinting = asyncio.ensure_future(self._hint(self.table, self.table.actions))
            js.document.documentElement.dataset.hint = "thinking"
            self.render()

    async def _hint(self, table: Table, asked_at: int) -> None:
        try:
            advice = await pacing.in_slices(table.hint_steps(), js.performance.now)
        finally:
            self.hinting = None
            js.document.documentElement.dataset.hint = ""
        if advice is not None and self.table is table and table.actions == asked_at:
            # (else the game moved on, or the table was replaced: undo)
            positions = self.table.hint_positions(advice.action)
            self.screen.choose(positions or [], self.table.phase == Phase.BURY, advice.reason)
            clear_notice("illegal")  # (a refusal was about the cards chosen before)
        self.render()

    def skip_animation(self) -> None:
        self.skip = True
        self.wake.set()
        self.hurry.set()

    def hurry_on(self) -> None:
        """A tap on the table: what lingers there (a finished trick) goes at once."""
        self.hurry.set()

    # --- called by ui.page.dialogs and ui.page.share ------------------------------------------

    def new_match(self) -> None:
        if not self.tabs.holding:  # the match is another tab's: never replace it from here
            self.tabs.remind()
            return
        self.learn.stop("skipped")
        self.review = None
        self.saved_match.new(self.table.actions)
        self.after_player_action([])

    def play_deal(self, deal: share.Deal) -> None:
        """A match from a deal's start (a link's, or the same deal again), in place of the
        match being played (the player said yes), with the deal's bots."""
        if not self.tabs.holding:
            self.tabs.remind()
            return
        self.learn.stop("skipped")
        self.review = None
        # its bots stay in their seats after a reload: they become the settings' (those the
        # settings offer: a record's random bot plays this match only)
        self.settings["tiers"].update(
            (seat, tier) for seat, tier in deal.tiers.items() if tier in settings.TIERS)
        settings.save(self.settings)
        applied = self.table.actions
        self.table = self.saved_match.with_settings(
            Table(deal.match(), *make_players(deal.tiers, deal.seed)))
        if deal.history:  # played on from a review, every hand seen: a round with help
            self.table.undo_rounds.add(self.table.match.round.number)
        self.table.actions = applied  # data-actions only grows
        self.after_player_action([])

    def settings_changed(self, which: str) -> None:
        main = self.learn.main  # the player's own table while the guided hand runs (its bots
        table = main if main is not None else self.table  # are fixed)
        if which == "tiers":  # the new bots take over at once, seeded as the old ones were
            table.bots, table.adviser = self.saved_match.players(table.seed)
        elif which == "ask_bids":
            table.ask_bids = self.settings["ask_bids"]
        elif which == "sound":
            self.sound.enabled = self.settings["sound"]
        elif which == "speed":  # the player's choice ends the address's ?speed=
            self.speed_override = None
        elif which == "lang":
            self.screen.lang = self.settings["lang"] or self.screen.lang
            self._set_document_language()
            self.tabs.render()
        settings.save(self.settings)
        self.render()


def main() -> App:
    browser_storage.connect()  # first: App() reads the settings from it
    app = App()
    app.start()
    return app
