"""The three bot seats and the player's adviser (the hint button), by chosen tier."""

from __future__ import annotations

from engine.selfplay import RandomPlayer

try:  # the tiered bots (engine.bots); until they exist the random legal player stands in
    from engine.bots import make_bot
except ImportError:  # pragma: no cover - removed once engine.bots lands
    make_bot = None

HINT_TIER = "normal"


def _bot(tier: str, seat: int, seed: int):
    if make_bot is None:
        return RandomPlayer(seat, seed, bid_chance=0.05)
    return make_bot(tier, seat, seed)


def make_players(tiers: dict[str, str], seed: int):
    """({seat: bot} for seats 1–3, the adviser for seat 0)."""
    bots = {seat: _bot(tiers.get(str(seat), "normal"), seat, seed) for seat in (1, 2, 3)}
    return bots, _bot(HINT_TIER, 0, seed)
