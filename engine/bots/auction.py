"""Bidding (亮主/反主 during and after the deal, R9–R13), burying (扣底, R14) and snatching
(抄底, R15) for the normal and hard tiers.

A hand is judged as a trump holder by `trump_score`: jokers, level cards and trump-suit cards
weighted by strength, plus a bonus for each pair. A random hand scores about 0.54 per card, so
`strength` (score per card, shrunk towards that average while only a few cards are dealt)
above ~0.6 is a good suit to call. During the deal a bot bids only on a clearly good suit
(early bids are shown and can be overcalled); on the post-deal turn it calls its best suit if
it is at least decent, never overcalls its partner, and overcalls an opponent when its own
suit is good. At a joker level it names the rank and suit that make its hand strongest.

Burying keeps trumps, pairs, tractors and masters: it tries voiding every set of short side
suits (each void lets the 庄家 trump that suit later), fills the rest with the cheapest side
cards, and avoids point cards (the attackers double the kitty's points by 抠底, R25).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from ..cards import RANKS, SUITS, Card
from ..options import bid_options
from ..rules import TRUMP, Trump, decompose
from ..scoring import JOKER_LEVELS
from ..seats import same_team
from ..view import SeatView

AVERAGE = 0.54  # trump_score per card of a random hand
PRIOR = 10.0  # cards of "average" mixed in while few cards are dealt


@dataclass(frozen=True)
class BidParams:
    """How strong a hand must be (`strength`, trump score per card; a random hand ≈ AVERAGE)
    to bid or snatch. Higher: fewer, surer bids; lower: more deals, more of them lost."""

    min_cards_during_deal: int = 8  # no bid on fewer cards: too little is known yet
    open_single_during_deal: float = 0.66  # a single shown early is cheap to overcall
    open_during_deal: float = 0.63
    open_own_side: float = 0.56  # post-deal, when one's side would declare anyway
    open_other_side: float = 0.63  # post-deal, taking the deal from the other side
    overcall_during_deal: float = 0.63
    overcall_after_deal: float = 0.58
    first_round_overcall_discount: float = 0.03  # a first-round overcall takes the deal
    snatch_attacking: float = 0.62  # an attacker's 抄底: its new trump must be this good …
    snatch_attacking_gain: float = 0.08  # … and this much better than the trump it replaces
    snatch_declaring: float = 0.72  # the declarers already hold the deal: ask for more
    snatch_declaring_gain: float = 0.15


@dataclass(frozen=True)
class BuryParams:
    """What the kitty keeps out of the hand (see `keep_value`, `choose_bury`)."""

    void_long_trumps: float = 5.0  # worth of voiding a side suit with 8+ trumps to ruff it
    void_short_trumps: float = 2.5  # … with fewer trumps
    near_void: float = 0.5  # worth of leaving a side suit with only 1–2 cards
    pair: float = 6.0  # keep pairs …
    tractor: float = 6.0  # … and tractors
    point: float = 0.5  # per point: 抠底 doubles buried points (R25)


BID = BidParams()
BURY = BuryParams()

# A bid to make: the cards shown and, at a joker level (R13), the rank and suit named.
BidChoice = tuple[tuple[Card, ...], str | None, str | None]


def trump_score(counts: Counter[Card], rank: str, suit: str | None) -> float:
    s = 0.0
    for c, n in counts.items():
        if c.suit is None:
            w = 3.0 if c.rank == "BJ" else 2.6
        elif c.rank == rank:
            w = 2.2 if c.suit == suit else 2.0
        elif c.suit == suit:
            w = 1.5 if c.value >= 12 else 1.0
        else:
            continue
        s += w * n
        if n >= 2:
            s += 1.0
    return s


def strength(counts: Counter[Card], n_cards: int, rank: str, suit: str | None) -> float:
    return (trump_score(counts, rank, suit) + AVERAGE * PRIOR) / (n_cards + PRIOR)


def name_for(counts: Counter[Card], n_cards: int,
             cards: Sequence[Card]) -> tuple[str, str | None, float]:
    """At a joker level (R13): the rank and suit that make this hand strongest. Three jokers
    name only the rank (no-trump)."""
    best: tuple[str, str | None, float] | None = None
    suits: tuple[str | None, ...] = (None,) if len(cards) >= 3 else SUITS
    for rank in RANKS:
        for suit in suits:
            st = strength(counts, n_cards, rank, suit)
            if best is None or st > best[2]:
                best = (rank, suit, st)
    assert best is not None  # there are ranks to name
    return best


def bid_choice(hand: Sequence[Card], standing: Sequence[Card] | None, level: str,
               first_round: bool, min_cards: int,
               ) -> list[tuple[float, tuple[Card, ...], str | None, str | None]]:
    """Every bid the hand can make over `standing`, as (strength, cards, rank, suit); rank and
    suit are None except at a joker level."""
    opts = bid_options(hand, standing, level, first_round, min_cards)
    if not opts:
        return []
    counts = Counter(hand)
    out: list[tuple[float, tuple[Card, ...], str | None, str | None]] = []
    for cards in opts:
        if level in JOKER_LEVELS:
            rank, suit, st = name_for(counts, len(hand), cards)
            out.append((st, cards, rank, suit))
        else:
            st = strength(counts, len(hand), level, cards[0].suit)
            out.append((st, cards, None, None))  # the cards' suit is the trump suit
    return out


def decide_bid(view: SeatView, during_deal: bool) -> BidChoice | None:
    """(cards, rank, suit) to bid now, or None."""
    hand = view.hand
    if not hand:
        return None
    standing = view.standing_bid
    if standing is not None and same_team(standing.seat, view.seat):
        return None  # never overcall oneself or one's partner
    if during_deal and len(hand) < BID.min_cards_during_deal:
        return None
    opts = bid_choice(hand, standing.cards if standing else None, view.level,
                      view.first_round, 1)
    if not opts:
        return None
    # the strongest suit; of its bids, the strongest showing (harder to overcall)
    best_st = max(o[0] for o in opts)
    mine = [o for o in opts if o[0] >= best_st - 1e-9]
    choice = mine[-1]
    declarer_side = view.dealer is None or same_team(view.dealer, view.seat)
    if standing is None:
        if during_deal:
            need = BID.open_single_during_deal if len(choice[1]) == 1 else BID.open_during_deal
        else:
            need = BID.open_own_side if declarer_side else BID.open_other_side
    else:
        need = BID.overcall_during_deal if during_deal else BID.overcall_after_deal
        if view.first_round:
            need -= BID.first_round_overcall_discount
    if choice[0] < need:
        return None
    return choice[1], choice[2], choice[3]


def decide_snatch(view: SeatView) -> BidChoice | None:
    """(cards, rank, suit) to snatch (抄底, R15) with, or None."""
    standing = view.standing_bid
    opts = bid_choice(view.hand, standing.cards if standing else None, view.level, False, 2)
    if not opts or view.trump is None:
        return None
    counts = Counter(view.hand)
    cur = strength(counts, len(view.hand), view.trump.level, view.trump.suit)
    best = max(opts, key=lambda o: o[0])
    assert view.dealer is not None  # the bidding has closed: there is a 庄家
    attacker = not same_team(view.dealer, view.seat)
    if attacker:
        ok = best[0] >= BID.snatch_attacking and best[0] - cur >= BID.snatch_attacking_gain
    else:
        ok = best[0] >= BID.snatch_declaring and best[0] - cur >= BID.snatch_declaring_gain
    return (best[1], best[2], best[3]) if ok else None


# --- burying -------------------------------------------------------------------------------


def keep_value(c: Card, trump: Trump, counts: Counter[Card], tractor_cards: set[Card]) -> float:
    if trump.is_trump(c):
        return 100.0 + trump.order(c)
    v = {14: 9.0, 13: 6.0, 12: 3.5, 11: 2.5, 10: 2.0}.get(c.value, 0.5 + c.value * 0.1)
    if c.value == 13 and trump.level == "A":
        v = 9.0  # K is the top of its suit when A is the level rank
    v += c.points * BURY.point
    if counts[c] >= 2:
        v += BURY.pair
    if c in tractor_cards:
        v += BURY.tractor
    return v


def bury_options(hand: Sequence[Card], trump: Trump,
                 size: int) -> list[tuple[float, tuple[Card, ...]]]:
    """Buries by the rules of thumb, cheapest first: for each set of side suits to void, those
    suits and then the cards least worth keeping (`keep_value`), priced by what they are
    worth less the voids (and near-voids) they make."""
    counts = Counter(hand)
    tractor_cards = {c for u in decompose(hand, trump) if u.kind == "tractor" for c in u.cards}
    kv = {c: keep_value(c, trump, counts, tractor_cards) for c in counts}
    side: dict[str, list[Card]] = {}
    for c in sorted(hand, key=lambda c: c.index):
        s = trump.suit_of(c)
        if s != TRUMP:
            side.setdefault(s, []).append(c)
    n_trumps = sum(1 for c in hand if trump.is_trump(c))
    void_bonus = BURY.void_long_trumps if n_trumps >= 8 else BURY.void_short_trumps
    order_all = sorted(hand, key=lambda c: (kv[c], trump.order(c), c.index))
    options: list[tuple[float, tuple[Card, ...]]] = []
    suits = list(side)
    for k in range(0, len(suits) + 1):
        for combo in combinations(suits, k):
            chosen = [c for s in combo for c in side[s]]
            if len(chosen) > size:
                continue
            left = Counter(hand)
            left.subtract(chosen)
            fill = []
            need = size - len(chosen)
            for c in order_all:
                if need == 0:
                    break
                if left[c] > 0 and trump.suit_of(c) not in combo:
                    left[c] -= 1
                    fill.append(c)
                    need -= 1
            if need:
                continue
            cards = chosen + fill
            # short suits kept: a suit left with 1-2 low cards is nearly a void too
            cost = sum(kv[c] for c in cards) - void_bonus * len(combo)
            for s in suits:
                if s in combo:
                    continue
                rest = sum(1 for c in side[s] if left[c] > 0)
                if 0 < rest <= 2:
                    cost -= BURY.near_void
            options.append((cost, tuple(cards)))
    options.sort(key=lambda o: o[0])  # stable: the first of equal costs stays first
    return options


def choose_bury(hand: Sequence[Card], trump: Trump, size: int) -> tuple[Card, ...]:
    options = bury_options(hand, trump, size)
    assert options  # voiding no suit fits: the hand holds `size` cards or more
    return options[0][1]
