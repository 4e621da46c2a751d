"""The three bot seats and the player's adviser (the hint button), by chosen tier."""

from __future__ import annotations

from engine.bots import make_bot
from engine.bots.hard import PAGE_BUDGET_MS

# The hint is the hard bot's choice for the player's own view, with the reason for it
# (Table.hint_steps: run in slices like a bot turn, under the same wall-clock cap).
HINT_TIER = "hard"
# The hard tier searches; in the page it stops when this much wall-clock time is spent. The
# page runs the search in slices (ui.pacing.SLICE_MS), so the page stays responsive meanwhile.
HARD_BUDGET_MS = PAGE_BUDGET_MS  # (engine.bots.hard: the arena's --page uses it too)


def _bot(tier: str, seat: int, seed: int):
    # Bots are made (and their modules imported) before the page says it is ready: imported
    # on a first bot turn instead, the import is one task of up to ~100 ms in the browser.
    options = {"budget_ms": HARD_BUDGET_MS} if tier == "hard" else {}
    return make_bot(tier, seat, seed, **options)


def make_players(tiers: dict[str, str], seed: int):
    """({seat: bot} for seats 1–3, the adviser for seat 0)."""
    bots = {seat: _bot(tiers.get(str(seat), "normal"), seat, seed) for seat in (1, 2, 3)}
    return bots, make_adviser(seed)


def make_adviser(seed: int):
    """The hint's bot for the player's seat (and for a review's "the hint would have played")."""
    return _bot(HINT_TIER, 0, seed)
