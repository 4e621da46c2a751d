"""Bot pacing: how long the page lingers on what just happened, and how a bot's thinking is cut
into slices so that the browser keeps its main thread.

No DOM here (the page passes its clock in), so this is tested on CPython.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

# Pauses (ms) after events, by animation speed: the deal is quick, tricks are readable.
PAUSES = {
    "slow": {"CardDealt": 60, "BidMade": 900, "CardsPlayed": 700, "TrickWon": 1400,
             "ThrowFailed": 1800, "default": 500},
    "normal": {"CardDealt": 22, "BidMade": 600, "CardsPlayed": 420, "TrickWon": 900,
               "ThrowFailed": 1400, "default": 300},
    "fast": {"CardDealt": 6, "BidMade": 300, "CardsPlayed": 180, "TrickWon": 450,
             "ThrowFailed": 900, "default": 120},
    "instant": {"default": 0},  # ?speed=instant, for tests and the impatient
}
SPEEDS = tuple(PAUSES)
SLICE_MS = 20  # longest run of bot thinking before the browser gets the main thread back


def pause_ms(events, speed: str) -> float:
    """The pause after a step's events: the longest any of them asks for at this speed. A
    phase change alone asks for none (the event that caused it has its own)."""
    pauses = PAUSES[speed]
    return max((pauses.get(e.kind, pauses["default"]) for e in events
                if e.kind != "PhaseChanged"), default=0)


async def step_in_slices(table, now: Callable[[], float], slice_ms: float = SLICE_MS):
    """The table's next automatic step (its events), handing the event loop back every
    `slice_ms` of `now()` while a searching bot thinks: in the browser that is the main thread,
    so the page never has a long task and stays responsive."""
    steps = table.step_in_slices()
    started = now()
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
        if now() - started >= slice_ms:
            await asyncio.sleep(0)
            started = now()
