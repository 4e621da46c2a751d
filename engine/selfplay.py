"""A random legal-move player and a driver that plays matches with it: the engine's own
stand-in opponent for property tests, benchmarks and `python -m engine`.

The player sees only its seat's view plus the match's listing of its choices, never other
hands. Randomness comes from its own seeded `random.Random`.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .actions import Action, Bid, Bury, Deal, NextRound, Pass, Play, Snatch
from .cards import RANKS, SUITS
from .match import BID, BURY, DEAL, PLAY, RESULT, SNATCH, Match
from .scoring import JOKER_LEVELS


class RandomPlayer:
    """Picks uniformly among the listed legal choices; bids and snatches now and then."""

    def __init__(self, seat: int, seed: int = 0, bid_chance: float = 0.05) -> None:
        self.seat = seat
        self.rng = random.Random(f"random-player/{seed}/{seat}")
        self.bid_chance = bid_chance

    def _named(self, kind, cards, level: str) -> Action:
        if level not in JOKER_LEVELS:
            return kind(self.seat, cards)
        suit = self.rng.choice(SUITS) if len(cards) < 3 else None
        return kind(self.seat, cards, self.rng.choice(RANKS), suit)

    def bid_during_deal(self, match: Match) -> Action | None:
        bids = match.legal_bids(self.seat)
        if bids and self.rng.random() < self.bid_chance:
            return self._named(Bid, self.rng.choice(bids), match.round.level)
        return None

    def choose(self, match: Match) -> Action:
        phase, level = match.phase, match.round.level
        if phase in (BID, SNATCH):
            bids = match.legal_bids(self.seat)
            if bids and self.rng.random() < 0.3:
                return self._named(Bid if phase == BID else Snatch, self.rng.choice(bids), level)
            return Pass(self.seat)
        if phase == BURY:
            hand = match.hand(self.seat)
            return Bury(self.seat, tuple(self.rng.sample(hand, match.rules.kitty_size)))
        if phase == PLAY:
            return Play(self.seat, self.rng.choice(match.play_options(self.seat)))
        raise ValueError(f"nothing to choose in phase {phase}")


Observer = Callable[[Action, list], None]


def play_round(match: Match, players, observe: Observer | None = None) -> None:
    """Play from the current position to the end of the round (result or match over)."""
    start = match.round.number
    while match.round.number == start and match.phase not in (RESULT, "match-over"):
        action = next_action(match, players)
        events = match.apply(action)
        if observe:
            observe(action, events)


def next_action(match: Match, players) -> Action:
    """The action the players (or the table, dealing) take next in any phase."""
    if match.phase == DEAL:
        for player in players:  # R11: anyone may bid while the cards arrive
            bid = player.bid_during_deal(match)
            if bid is not None:
                return bid
        return Deal(1)
    if match.phase == RESULT:
        return NextRound()
    return players[match.to_act].choose(match)


def play_match(seed: int, players=None, max_rounds: int = 400,
               observe: Observer | None = None) -> Match:
    """A whole match between random players (or the given ones) from `seed`."""
    match = Match(seed)
    players = players or [RandomPlayer(s, seed) for s in range(4)]
    while not match.is_over and match.phase != RESULT:
        play_round(match, players, observe)
        if match.phase == RESULT and match.round.number + 1 < max_rounds:
            events = match.apply(NextRound())
            if observe:
                observe(NextRound(), events)
    return match
