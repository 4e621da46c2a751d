"""Bot pacing: how long the page lingers on what just happened, and how a bot's thinking is cut
into slices so that the browser keeps its main thread.

No DOM here (the page passes its clock in), so this is tested on CPython.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Generator, Iterable, Sequence
from typing import TypeVar

from engine.cards import Card
from engine.events import Event
from ui.logic.table import Table

T = TypeVar("T")

# Pauses (ms) after events, by animation speed: the deal is quick, tricks are readable (a
# finished trick stays about two seconds at normal speed before it goes to its winner: a
# playtest found 1.2 s too short to take in an eight-card trick; a tap on the table hurries).
# Each bot's bid and pass stays long enough to be read where it shows (its seat's box) before
# the next seat's: at 450 ms a pass, three bots' passes ran past a reader in a blog's frame in
# under 1.5 s; now about a second each at normal speed (e2e/test_sizes.py's
# test_a_readers_first_visit_offers_the_guided_hand_and_paces_the_bids measures it).
PAUSES = {
    "slow": {"CardDealt": 30, "BidMade": 2000, "Passed": 1400, "TrumpDecided": 2200,
             "CardsPlayed": 700, "TrickWon": 2600, "ThrowFailed": 2400, "default": 500},
    "normal": {"CardDealt": 20, "BidMade": 1400, "Passed": 950, "TrumpDecided": 1600,
               "CardsPlayed": 420, "TrickWon": 1900, "ThrowFailed": 1800, "default": 300},
    "fast": {"CardDealt": 8, "BidMade": 700, "Passed": 400, "TrumpDecided": 800,
             "CardsPlayed": 180, "TrickWon": 600, "ThrowFailed": 900, "default": 120},
    "instant": {"default": 0},  # ?speed=instant, for tests and the impatient
}
SPEEDS = tuple(PAUSES)
# Cards dealt between two redraws: the deal (152 cards) takes about 2.5 s at normal speed.
CARDS_PER_FRAME = {"slow": 1, "normal": 2, "fast": 4, "instant": 8}
# Cards dealt a second, by speed: on a device whose redraws take longer than the pause between
# them, each redraw shows more cards, so the deal keeps its pace (normal: 152 cards in ~2.2 s
# of dealing) instead of slowing down with the device.
DEAL_RATE = {"slow": 35, "normal": 70, "fast": 150, "instant": 10_000}
MOST_FRAMES_AT_ONCE = 8  # a burst never shows more than this many frames' cards
SLICE_MS = 20  # longest run of bot thinking before the browser gets the main thread back


def pause_ms(events: Sequence[Event], speed: str) -> float:
    """The pause after a step's events: the longest any of them asks for at this speed. A
    phase change alone asks for none (the event that caused it has its own)."""
    pauses = PAUSES[speed]
    return max((pauses.get(e.kind, pauses["default"]) for e in events
                if e.kind != "PhaseChanged"), default=0)


# The guided hand keeps a failed throw's trick this long (ms) at least, unless the player taps
# the table: its lesson points at the trick's caption, which said who beat what and went
# with the trick before a newcomer had read it.
LESSON_TRICK_MS = 6000
# … and every other trick this long, its caption with it: a newcomer at fast speed saw a
# trick of the guided hand go before its caption said who won it and how.
LESSON_CAPTION_MS = 3000


def lesson_pause_ms(events: Sequence[Event], guided: bool, failed_throw: bool,
                    speed: str) -> float:
    """`pause_ms`, and in the guided hand (`guided`) at least LESSON_CAPTION_MS after a
    trick is won, LESSON_TRICK_MS after the trick of a failed throw (`failed_throw`: the
    trick just won had one), at any speed but instant (the tests' own)."""
    pause = pause_ms(events, speed)
    if guided and speed != "instant" and any(e.kind == "TrickWon" for e in events):
        return max(pause, LESSON_TRICK_MS if failed_throw else LESSON_CAPTION_MS)
    return pause


# While the cards are dealt, a bid newly open to the player holds the deal this long (ms), so
# that it can be weighed and tapped (R11: anyone may bid while the cards are dealt): at fast
# speed the whole deal took about a second, and a daily player could not bid before it ended.
# At normal speed 1.2 s let a newcomer's offer pass before the prompt was read: now 1.8 s.
OFFER_PAUSE_MS = {"slow": 2400, "normal": 1800, "fast": 900, "instant": 0}


def offer_pause_ms(before: Iterable[Sequence[Card]], now: Iterable[Sequence[Card]],
                   speed: str) -> float:
    """How long the deal holds for the bids open to the player `now`, where `before` were
    open: OFFER_PAUSE_MS where one of them is new, else 0."""
    new = {tuple(b) for b in now} - {tuple(b) for b in before}
    return OFFER_PAUSE_MS[speed] if new else 0


def cards_per_frame(speed: str) -> int:
    return CARDS_PER_FRAME[speed]


def deal_burst(speed: str, since_last_ms: float | None) -> int:
    """Cards to deal before the next redraw: a frame's worth, or as many as the deal's rate
    says are due since the previous burst began (None: it was not a burst, e.g. a bid's pause
    came between), at most MOST_FRAMES_AT_ONCE frames' worth."""
    frame = CARDS_PER_FRAME[speed]
    if since_last_ms is None:
        return frame
    due = int(since_last_ms * DEAL_RATE[speed] / 1000)
    return max(frame, min(due, MOST_FRAMES_AT_ONCE * frame))


def cards_dealt(events: Sequence[Event]) -> int:
    return sum(1 for e in events if e.kind == "CardDealt")


def only_dealing(events: Sequence[Event]) -> bool:
    """Whether these events are cards dealt and nothing else worth a look of its own."""
    return all(e.kind in ("CardDealt", "PhaseChanged") for e in events) and bool(events)


async def step_in_slices(table: Table, now: Callable[[], float], slice_ms: float = SLICE_MS,
                         going_on: Callable[[], bool] = lambda: True) -> list[Event]:
    """The table's next automatic step (its events), handing the event loop back every
    `slice_ms` of `now()` while a searching bot thinks: in the browser that is the main thread,
    so the page never has a long task and stays responsive. If `going_on()` turns false in
    the meantime (the page lost the game to another tab), nothing is applied: no events."""
    done = await in_slices(table.step_in_slices(), now, slice_ms, going_on)
    return [] if done is None else done


async def in_slices(steps: Generator[object, None, T], now: Callable[[], float],
                    slice_ms: float = SLICE_MS,
                    going_on: Callable[[], bool] = lambda: True) -> T | None:
    """Run the generator `steps` to its end, giving the event loop back every `slice_ms`;
    its return value, or None if `going_on()` turned false at a break (it is then closed)."""
    started = now()
    while True:
        try:
            next(steps)
        except StopIteration as done:
            value: T = done.value  # (the generator's return value)
            return value
        if now() - started >= slice_ms:
            await asyncio.sleep(0)
            if not going_on():
                steps.close()
                return None
            started = now()
