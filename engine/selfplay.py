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
from .options import bid_options, follow_options, lead_options
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
        if phase == DEAL:
            bids = self._bids(view, first_round=view.first_round)
            if bids and self.rng.random() < self.bid_chance:
                return self._named(Bid, self.rng.choice(bids), level)
            return None
        if phase in (BID, SNATCH):
            bids = (self._bids(view, first_round=view.first_round) if phase == BID
                    else self._bids(view, min_cards=2))
            if bids and self.rng.random() < 0.3:
                return self._named(Bid if phase == BID else Snatch, self.rng.choice(bids), level)
            return Pass(self.seat)
        if phase == BURY:
            return Bury(self.seat, tuple(self.rng.sample(view.hand, view.rules.kitty_size)))
        if phase == PLAY:
            return Play(self.seat, self.rng.choice(play_choices(view)))
        raise ValueError(f"nothing to choose in phase {phase}")


def play_choices(view: SeatView) -> list[tuple]:
    """The legal leads (every unit) or a varied set of legal follows, from a seat's view."""
    trick = view.current_trick
    if trick is None:
        return [u.cards for u in lead_options(view.hand, view.trump)]
    return [tuple(p) for p in follow_options(view.hand, trick.plays[0][1], view.trump)]


Observer = Callable[[Action, list], None]


def play_round(match: Match, players, observe: Observer | None = None) -> None:
    """Play from the current position to the end of the round (result or match over)."""
    start = match.round.number
    while match.round.number == start and match.phase not in (RESULT, "match-over"):
        action = next_action(match, players)
        events = match.apply(action)
        if observe:
            observe(action, events)


def seats_to_ask(match: Match) -> list[int]:
    """Who may want to bid now, during the deal: the seat that just received a card (its
    hand changed), or after a bid every other seat (the standing bid changed). Nobody else
    has learnt anything since they were last asked."""
    last = match.history[-1] if match.history else None
    if isinstance(last, Bid):
        return [s for s in range(4) if s != last.seat]
    r = match.round
    return [(r.first_seat + r.dealt - 1) % 4] if r.dealt else []


def next_action(match: Match, players) -> Action:
    """The action the players (or the table, dealing) take next in any phase. Each player
    sees only its own seat's view."""
    if match.phase == DEAL:
        for seat in seats_to_ask(match):  # R11: anyone may bid while cards arrive
            bid = players[seat].choose(match.view(seat))
            if bid is not None:
                return bid
        return Deal(1)
    if match.phase == RESULT:
        return NextRound()
    return players[match.to_act].choose(match.view(match.to_act))


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
