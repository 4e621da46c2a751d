"""The common bot interface and the dispatch on the phase of the round."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..actions import Action, Bid, Bury, Pass, Play, Snatch
from ..cards import Card, points_of
from ..phase import Phase
from ..seats import SEATS
from ..view import SeatView
from .knowledge import build_memory, expected_kitty_points
from .play import PlayCtx


class Bot:
    """A bot for one seat. `choose(view)` returns this seat's action now, or None.

    None means "nothing to do": during the deal, no bid now; in other phases, not this seat's
    turn (or the result screen, which the table, not a seat, leaves with `NextRound`).
    Subclasses implement the `deal_bid`, `post_deal_bid`, `bury`, `snatch` and `play` hooks.
    """

    tier = "base"

    def __init__(self, seat: int, seed: int = 0) -> None:
        if seat not in SEATS:
            raise ValueError(f"no seat {seat!r}")
        self.seat = seat
        self.seed = seed

    # -- the one entry point ------------------------------------------------------------

    def choose(self, view: SeatView) -> Action | None:
        if view.seat != self.seat:
            raise ValueError(f"this bot plays seat {self.seat}, not seat {view.seat}")
        phase = view.phase
        if phase == Phase.DEAL:
            return self.deal_bid(view)
        if view.to_act != self.seat:
            return None
        if phase == Phase.BID:
            return self.post_deal_bid(view) or Pass(self.seat)
        if phase == Phase.BURY:
            return Bury(self.seat, tuple(self.bury(view)))
        if phase == Phase.SNATCH:
            return self.snatch(view) or Pass(self.seat)
        if phase == Phase.PLAY:
            return Play(self.seat, tuple(self.play(view)))
        return None

    # -- hooks --------------------------------------------------------------------------

    def deal_bid(self, view: SeatView) -> Bid | None:
        return None

    def post_deal_bid(self, view: SeatView) -> Bid | None:
        return None

    def bury(self, view: SeatView) -> Sequence[Card]:
        raise NotImplementedError

    def snatch(self, view: SeatView) -> Snatch | None:
        return None

    def play(self, view: SeatView) -> Sequence[Card]:
        raise NotImplementedError

    # -- helpers ------------------------------------------------------------------------

    def rng(self, view: SeatView, salt: str = "") -> random.Random:
        """A random source fixed by the bot's seed and the decision's public context (never
        by hidden cards): round, phase, tricks, cards dealt and this seat's hand size."""
        trick = view.current_trick
        played = len(trick.plays) if trick else 0
        key = (f"{self.tier}/{self.seed}/{self.seat}/{view.round_no}/{view.phase}/"
               f"{len(view.tricks)}/{played}/{view.cards_left_to_deal}/{len(view.bids)}/"
               f"{len(view.hand)}/{salt}")
        return random.Random(key)


def make_ctx(view: SeatView) -> PlayCtx:
    """The play policy's context for `view` (play phase)."""
    trump = view.trump
    assert trump is not None and view.dealer is not None  # decided before the play
    mem = build_memory(view, trump)
    trick = view.current_trick
    plays = list(trick.plays) if trick else []
    if mem.kitty is not None:
        kitty_points = float(points_of(mem.kitty))
    else:
        kitty_points = expected_kitty_points(mem.unseen, view.rules.kitty_size)
    return PlayCtx(trump, view.seat, list(view.hand), mem, plays, list(view.hand_sizes),
                   view.dealer, kitty_points)
