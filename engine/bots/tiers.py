"""The random, easy and normal tiers (the hard tier is in engine.bots.hard)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..actions import Bid, Snatch
from ..bidding import bid_names_rank, bid_names_suit
from ..cards import RANKS, SUITS, Card, points_of_plays
from ..options import (
    bid_options,
    cheap_first,
    follow_options,
    lead_options,
    points_first,
)
from ..rules import trick_winner
from ..scoring import JOKER_LEVELS
from ..seats import same_team
from ..view import SeatView
from .auction import BidChoice, choose_bury, decide_bid, decide_snatch, name_for
from .base import Bot, make_ctx
from .play import choose_checked_play


class RandomBot(Bot):
    """A random legal player: the arena's floor, and the stand-in opponent of the property
    tests and `python -m tools.log`. It buries and plays uniformly among the engine's listed
    options. With `bid_chance` > 0 it also bids now and then: during the deal with that
    chance whenever it holds a bid, on its post-deal or snatch turn six times as often; at a
    joker level it names a random rank (and suit, where R13 asks for one)."""

    tier = "random"

    def __init__(self, seat: int, seed: int = 0, bid_chance: float = 0.0) -> None:
        super().__init__(seat, seed)
        self.bid_chance = bid_chance

    def _maybe_bid(self, view: SeatView, chance: float, snatch: bool = False) -> BidChoice | None:
        if chance <= 0:
            return None
        standing = view.standing_bid.cards if view.standing_bid else None
        first_round = view.first_round and not snatch  # R15 ranks snatches by suit
        bids = bid_options(view.hand, standing, view.level, first_round, 2 if snatch else 1)
        if not bids:
            return None
        rng = self.rng(view, "bid")  # (seeding is the dear part: only when there is a bid)
        if rng.random() >= chance:
            return None
        cards = rng.choice(bids)
        rank: str | None = None
        suit: str | None = None
        if bid_names_rank(view.level):
            rank = rng.choice(RANKS)
            suit = rng.choice(SUITS) if bid_names_suit(cards, view.level) else None
        return cards, rank, suit

    def deal_bid(self, view: SeatView) -> Bid | None:
        got = self._maybe_bid(view, self.bid_chance)
        return None if got is None else Bid(self.seat, *got)

    def post_deal_bid(self, view: SeatView) -> Bid | None:
        got = self._maybe_bid(view, min(1.0, 6 * self.bid_chance))
        return None if got is None else Bid(self.seat, *got)

    def snatch(self, view: SeatView) -> Snatch | None:
        got = self._maybe_bid(view, min(1.0, 6 * self.bid_chance), snatch=True)
        return None if got is None else Snatch(self.seat, *got)

    def bury(self, view: SeatView) -> list[Card]:
        hand = list(view.hand)
        self.rng(view).shuffle(hand)
        return hand[:view.rules.kitty_size]

    def play(self, view: SeatView) -> tuple[Card, ...]:
        trick = view.current_trick
        trump = view.trump
        assert trump is not None  # decided before the play
        opts: Sequence[Sequence[Card]]
        if trick is None:
            opts = [u.cards for u in lead_options(view.hand, trump)]
        else:
            opts = follow_options(view.hand, trick.plays[0][1], trump)
        return tuple(self.rng(view).choice(opts))


class EasyBot(Bot):
    """Rules of thumb and a little randomness: bids a good pair, buries its cheapest cards,
    leads aces or low cards, feeds a winning partner, beats cheaply when points are on the
    table, otherwise plays low. One play in ten is a random legal one."""

    tier = "easy"
    noise = 0.1

    def _bid(self, view: SeatView, post: bool) -> Bid | None:
        standing = view.standing_bid
        if standing is not None and same_team(standing.seat, view.seat):
            return None
        opts = bid_options(view.hand, standing.cards if standing else None, view.level,
                           view.first_round, 1)
        if not opts:
            return None
        counts = Counter(view.hand)
        best: tuple[int, tuple[Card, ...], str | None, str | None] | None = None
        for cards in opts:
            rank: str | None
            suit: str | None
            if view.level in JOKER_LEVELS:
                rank, suit, _ = name_for(counts, len(view.hand), cards)
            else:
                rank, suit = None, None
            lvl = rank or view.level
            trump_suit = suit or cards[0].suit
            n = sum(k for c, k in counts.items()
                    if c.suit is None or c.rank == lvl or (trump_suit and c.suit == trump_suit))
            if best is None or n > best[0]:
                best = (n, cards, rank, suit)
        assert best is not None  # there are bids to weigh
        n, cards, rank, suit = best
        need = 0.36 if post else 0.42
        if len(view.hand) < 12 or n < need * len(view.hand):
            return None
        return Bid(self.seat, cards, rank, suit)

    def deal_bid(self, view: SeatView) -> Bid | None:
        return self._bid(view, post=False)

    def post_deal_bid(self, view: SeatView) -> Bid | None:
        return self._bid(view, post=True)

    def bury(self, view: SeatView) -> list[Card]:
        assert view.trump is not None  # decided before the bury
        return sorted(view.hand, key=cheap_first(view.trump))[:view.rules.kitty_size]

    def play(self, view: SeatView) -> tuple[Card, ...]:
        rng = self.rng(view)
        trump = view.trump
        assert trump is not None  # decided before the play
        hand = list(view.hand)
        trick = view.current_trick
        if trick is None:
            units = lead_options(hand, trump)
            if rng.random() < self.noise:
                return rng.choice(units).cards
            aces = [u for u in units if not trump.is_trump(u.top) and u.top.value == 14]
            if aces:
                return max(aces, key=lambda u: len(u.cards)).cards
            side = [u for u in units if not trump.is_trump(u.top) and u.kind == "single"]
            if side:
                return min(side, key=lambda u: (u.top.points > 0, u.top.value, u.top.index)).cards
            return min(units, key=lambda u: (len(u.cards) == 1, trump.order(u.top))).cards
        lead = trick.plays[0][1]
        opts = [tuple(o) for o in follow_options(hand, lead, trump)]
        if rng.random() < self.noise:
            return rng.choice(opts)
        plays = [p for _, p in trick.plays]
        w = trick_winner(plays, trump)
        winner_seat = trick.plays[w][0]
        if same_team(winner_seat, self.seat):
            return min(opts, key=lambda o: tuple(sorted(points_first(trump)(c) for c in o)))
        pts = points_of_plays(plays)
        cheap = cheap_first(trump)
        if pts >= 10:
            winning = [o for o in opts if trick_winner([*plays, o], trump) == len(plays)]
            if winning:
                return min(winning, key=lambda o: sum(trump.order(c) for c in o))
        return min(opts, key=lambda o: sorted((cheap(c) for c in o), reverse=True))


class NormalBot(Bot):
    """The normal tier: card memory, voids, masters, partner-aware follows, safe throws,
    sensible bids and burying (see engine.bots.play and engine.bots.auction)."""

    tier = "normal"

    def _bid(self, view: SeatView, during_deal: bool) -> Bid | None:
        got = decide_bid(view, during_deal)
        if got is None:
            return None
        cards, rank, suit = got
        return Bid(self.seat, tuple(cards), rank, suit)

    def deal_bid(self, view: SeatView) -> Bid | None:
        return self._bid(view, True)

    def post_deal_bid(self, view: SeatView) -> Bid | None:
        return self._bid(view, False)

    def bury(self, view: SeatView) -> tuple[Card, ...]:
        assert view.trump is not None  # decided before the bury
        return choose_bury(view.hand, view.trump, view.rules.kitty_size)

    def snatch(self, view: SeatView) -> Snatch | None:
        got = decide_snatch(view)
        if got is None:
            return None
        cards, rank, suit = got
        return Snatch(self.seat, tuple(cards), rank, suit)

    def play(self, view: SeatView) -> tuple[Card, ...]:
        return choose_checked_play(make_ctx(view))


__all__ = ["EasyBot", "NormalBot", "RandomBot"]
