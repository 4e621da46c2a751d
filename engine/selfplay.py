"""A random legal-move player and a driver that plays matches with it: the engine's own
stand-in opponent for property tests, benchmarks and `python -m engine`.

The player sees only its seat's view plus the match's listing of its choices, never other
hands. Randomness comes from its own seeded `random.Random`.
"""

from __future__ import annotations

import random

from .actions import Action, Bid, Bury, Pass, Play, Snatch
from .cards import RANKS, SUITS
from .options import bid_options, follow_options, lead_options
from .phase import Phase
from .scoring import JOKER_LEVELS
from .view import SeatView


class RandomPlayer:
    """Picks uniformly among the legal choices its view allows; bids and snatches now and
    then. It follows the bot protocol: `choose(view)` returns an action, or None during the
    deal when it does not bid."""

    def __init__(self, seat: int, seed: int = 0, bid_chance: float = 0.05) -> None:
        self.seat = seat
        self.rng = random.Random(f"random-player/{seed}/{seat}")
        self.bid_chance = bid_chance

    def _bids(self, view: SeatView, min_cards: int = 1, first_round: bool = False) -> list:
        standing = view.standing_bid.cards if view.standing_bid else None
        return bid_options(view.hand, standing, view.level, first_round, min_cards)

    def _named(self, kind, cards, level: str) -> Action:
        if level not in JOKER_LEVELS:
            return kind(self.seat, cards)
        suit = self.rng.choice(SUITS) if len(cards) < 3 else None
        return kind(self.seat, cards, self.rng.choice(RANKS), suit)

    def choose(self, view: SeatView) -> Action | None:
        phase, level = view.phase, view.level
        if phase == Phase.DEAL:
            bids = self._bids(view, first_round=view.first_round)
            if bids and self.rng.random() < self.bid_chance:
                return self._named(Bid, self.rng.choice(bids), level)
            return None
        if phase in (Phase.BID, Phase.SNATCH):
            bids = (self._bids(view, first_round=view.first_round) if phase == Phase.BID
                    else self._bids(view, min_cards=2))
            if bids and self.rng.random() < 0.3:
                kind = Bid if phase == Phase.BID else Snatch
                return self._named(kind, self.rng.choice(bids), level)
            return Pass(self.seat)
        if phase == Phase.BURY:
            return Bury(self.seat, tuple(self.rng.sample(view.hand, view.rules.kitty_size)))
        if phase == Phase.PLAY:
            return Play(self.seat, self.rng.choice(play_choices(view)))
        raise ValueError(f"nothing to choose in phase {phase}")


def play_choices(view: SeatView) -> list[tuple]:
    """The legal leads (every unit) or a varied set of legal follows, from a seat's view."""
    trick = view.current_trick
    if trick is None:
        return [u.cards for u in lead_options(view.hand, view.trump)]
    return [tuple(p) for p in follow_options(view.hand, trick.plays[0][1], view.trump)]
