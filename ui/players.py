"""The three bot seats and the player's adviser (the hint button), by chosen tier.

Bots are built on their first decision, not when the page starts: importing the bots'
modules costs start-up time the player would otherwise wait for before the table is ready.
"""

from __future__ import annotations

HINT_TIER = "normal"
# The hard tier searches; in the page it stops when this much wall-clock time is spent. The
# page runs the search in slices (ui.app.SLICE_MS), so the page stays responsive meanwhile.
HARD_BUDGET_MS = 250


class LazyBot:
    """A bot of `tier` for `seat`, made the first time it is asked to decide."""

    def __init__(self, tier: str, seat: int, seed: int) -> None:
        self.tier, self.seat, self.seed = tier, seat, seed
        self._bot = None

    @property
    def bot(self):
        if self._bot is None:
            from engine.bots import make_bot

            options = {"budget_ms": HARD_BUDGET_MS} if self.tier == "hard" else {}
            self._bot = make_bot(self.tier, self.seat, self.seed, **options)
        return self._bot

    def choose(self, view):
        return self.bot.choose(view)

    def choose_steps(self, view):
        """The bot's decision in slices where it searches (the hard tier), else at once."""
        slices = getattr(self.bot, "choose_steps", None)
        if slices is None:
            return self.bot.choose(view)
        return (yield from slices(view))


def make_players(tiers: dict[str, str], seed: int):
    """({seat: bot} for seats 1–3, the adviser for seat 0)."""
    bots = {seat: LazyBot(tiers.get(str(seat), "normal"), seat, seed) for seat in (1, 2, 3)}
    return bots, LazyBot(HINT_TIER, 0, seed)
