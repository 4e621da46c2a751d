"""The three bot seats and the player's adviser (the hint button), by chosen tier."""

from __future__ import annotations

from collections.abc import Generator, Mapping
from typing import Protocol, runtime_checkable

from engine.bots import Bot, make_bot
from engine.bots.advice import Advice
from engine.bots.hard import PAGE_BUDGET_MS, HardBot
from engine.driver import Player
from engine.view import SeatView

# The hard tier searches; in the page it stops when this much wall-clock time is spent. The
# page runs the search in slices (ui.logic.pacing.SLICE_MS), so the page stays responsive
# meanwhile.
HARD_BUDGET_MS = PAGE_BUDGET_MS  # (engine.bots.hard: the arena's --page uses it too)


@runtime_checkable
class Adviser(Player, Protocol):
    """A player that also says why it chose (the hard bot: HardBot.advise_steps), as a
    generator that yields while it searches."""

    def advise_steps(self, view: SeatView) -> Generator[object, None, Advice | None]: ...


def _bot(tier: str, seat: int, seed: int) -> Bot:
    # Bots are made (and their modules imported) before the page says it is ready: imported
    # on a first bot turn instead, the import is one task of up to ~100 ms in the browser.
    options = {"budget_ms": HARD_BUDGET_MS} if tier == "hard" else {}
    return make_bot(tier, seat, seed, **options)


def make_players(tiers: Mapping[str, str], seed: int) -> tuple[dict[int, Bot], HardBot]:
    """({seat: bot} for seats 1–3, the adviser for seat 0)."""
    bots = {seat: _bot(tiers.get(str(seat), "normal"), seat, seed) for seat in (1, 2, 3)}
    return bots, make_adviser(seed)


def make_adviser(seed: int) -> HardBot:
    """The hint's bot for the player's seat (and for a review's "the hint would have played"):
    the hard bot's choice for the player's own view, with the reason for it (`advise_steps`;
    Table.hint_steps runs it in slices like a bot turn).

    Its effort is a fixed count of simulated plays (SearchParams' defaults), with no
    wall-clock cap: the hint is a function of the match's seed and the player's view alone,
    so the same position gives the same hint live, after a reload, after undo and in the
    review, on any device. Under the bots' 250 ms cap it was not: the clock between sampled
    worlds ran on while the page drew (the review rebuilds the round meanwhile), so a
    search cut short after fewer worlds could choose otherwise (issue 28: "BJ BJ live, ♦2 in
    the review"). A slower device waits longer for the same hint (about 0.1–0.8 s a play
    under Pyodide on a desktop; the page says it is thinking meanwhile)."""
    return HardBot(0, seed)
