"""Listing the choices a seat has, without enumerating every subset of a 48-card hand.

- `lead_options`: every distinct single, pair and tractor (R16) a hand can lead.
- `follow_options`: a small, varied set of legal follows (R20/R21): cheapest, strongest,
  point-feeding, and trumping with the lead's shape when void (R22).
- `bid_options`: every bid a hand can show now that overcalls the standing one (R9–R13).
All of them are legal by construction; the tests re-check each one with `check_follow`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from .bidding import bid_strength, can_overcall
from .cards import ALL_CARDS, Card
from .rules import (
    MIN_TRACTOR_PAIRS,
    PAIR,
    SINGLE,
    TRACTOR,
    Trump,
    Unit,
    best_follow_key_of_runs,
    decompose,
    pair_runs,
    shape_counts,
)
from .scoring import JOKER_LEVELS

# --- leads ----------------------------------------------------------------------------------


def lead_options(hand: Sequence[Card], trump: Trump) -> list[Unit]:
    """Every distinct unit in `hand`: singles, pairs, and every tractor (each run's pieces of
    three or more pairs). Throws are combinations of these, left to the caller."""
    units: list[Unit] = [Unit(SINGLE, (c,)) for c in sorted(set(hand))]
    for run in pair_runs(hand, trump):
        units += [Unit(PAIR, (c, c)) for c in run]
        for length in range(MIN_TRACTOR_PAIRS, len(run) + 1):
            for start in range(len(run) - length + 1):
                piece = run[start:start + length]
                units.append(Unit(TRACTOR, tuple(c for c in piece for _ in (0, 1))))
    return units


# --- follows --------------------------------------------------------------------------------

# A sort key for cards: the smaller the key, the sooner the card is chosen.
Preference = Callable[[Card], tuple[float, ...]]


def cheap_first(trump: Trump) -> Preference:
    """Cards one gives away most easily: side before trump, no points, low."""
    return lambda c: (trump.is_trump(c), c.points > 0, trump.order(c), c.index)


def strong_first(trump: Trump) -> Preference:
    return lambda c: (-trump.order(c), -c.points, c.index)


def points_first(trump: Trump) -> Preference:
    """Feeding a partner who wins the trick: points first, then cheap cards."""
    return lambda c: (-c.points, trump.is_trump(c), trump.order(c), c.index)


def _pick_tractor_pieces(runs: list[list[Card]], want: int,
                         prefer: Preference) -> list[list[Card]] | None:
    """Pieces of runs (each 3+ pairs) holding exactly `want` pairs, best runs first."""
    if want == 0:
        return []
    candidates = sorted((r for r in runs if len(r) >= MIN_TRACTOR_PAIRS),
                        key=lambda r: min(prefer(c) for c in r))
    for i, run in enumerate(candidates):
        for k in range(min(len(run), want), MIN_TRACTOR_PAIRS - 1, -1):
            rest = _pick_tractor_pieces(candidates[i + 1:], want - k, prefer)
            if rest is not None:
                low_end = prefer(run[0]) <= prefer(run[-1])
                return [run[:k] if low_end else run[-k:], *rest]
    return None


def build_follow(suit_cards: Sequence[Card], n: int, lead_tp: int, lead_p: int,
                 trump: Trump, prefer: Preference) -> list[Card]:
    """`n` cards from `suit_cards` (more than `n` of one play-suit) with the largest R21 key,
    choosing tractor pieces, then pairs, then singles in the order `prefer` likes best."""
    return build_follows(suit_cards, n, lead_tp, lead_p, trump, (prefer,))[0]


def build_follows(suit_cards: Sequence[Card], n: int, lead_tp: int, lead_p: int,
                  trump: Trump, prefers: Sequence[Preference]) -> list[list[Card]]:
    """`build_follow` for each of `prefers`: the best key and the runs of pairs, which do not
    depend on the preference, are found once (the bots' simulations ask for three)."""
    runs = pair_runs(suit_cards, trump)
    want_tp, want_p = best_follow_key_of_runs(runs, n, lead_tp, lead_p)
    # copies of each card by index, in order of first appearance (a card hashes in Python)
    held: dict[int, int] = {}
    for c in suit_cards:
        held[c.index] = held.get(c.index, 0) + 1
    out = []
    for prefer in prefers:
        if want_tp:
            pieces = _pick_tractor_pieces(runs, want_tp, prefer) or []
            chosen = [c for piece in pieces for c in piece for _ in (0, 1)]
            used = {c.index for piece in pieces for c in piece}
            spare_pairs = sorted((c for r in runs for c in r if c.index not in used),
                                 key=prefer)
        else:  # (no tractor wanted: every pair is spare)
            chosen = []
            spare_pairs = sorted((c for r in runs for c in r), key=prefer)
        chosen += [c for c in spare_pairs[:want_p - want_tp] for _ in (0, 1)]
        left = dict(held)
        for c in chosen:
            left[c.index] -= 1
        singles = sorted([ALL_CARDS[i] for i, k in left.items() for _ in range(k)], key=prefer)
        out.append(chosen + singles[:n - len(chosen)])
    return out


def _fill(required: list[Card], others: Sequence[Card], n: int, prefer: Preference) -> list[Card]:
    return required + sorted(others, key=prefer)[:n - len(required)]


def follow_options(hand: Sequence[Card], lead: Sequence[Card], trump: Trump) -> list[list[Card]]:
    """A varied set of legal follows to `lead` from `hand` (never empty, no duplicates)."""
    n = len(lead)
    led = trump.suit_of(lead[0])
    suit_cards = [c for c in hand if trump.suit_of(c) == led]
    others = [c for c in hand if trump.suit_of(c) != led]
    lead_tp, lead_p = shape_counts(decompose(lead, trump))
    prefs = (cheap_first(trump), strong_first(trump), points_first(trump))
    options: list[list[Card]] = []
    if len(suit_cards) > n:
        options += [build_follow(suit_cards, n, lead_tp, lead_p, trump, p) for p in prefs]
        options += _single_choices(suit_cards, lead, trump)
    else:
        options += [_fill(list(suit_cards), others, n, p) for p in prefs]
        trumps = [c for c in others if trump.is_trump(c)]
        if not suit_cards and led != "T" and len(trumps) >= n:  # trumping (R22)
            options += [build_follow(trumps, n, lead_tp, lead_p, trump, p) for p in prefs[:2]]
    return _unique(options)


def _single_choices(suit_cards: Sequence[Card], lead: Sequence[Card],
                    trump: Trump) -> list[list[Card]]:
    """For a single-card lead, every distinct card of the suit is a legal follow."""
    if len(lead) != 1:
        return []
    return [[c] for c in sorted(set(suit_cards), key=trump.order)]


def _unique(options: list[list[Card]]) -> list[list[Card]]:
    seen: set[tuple[int, ...]] = set()
    out = []
    for option in options:
        key = tuple(sorted(c.index for c in option))
        if key not in seen:
            seen.add(key)
            out.append(sorted(option, key=lambda c: c.index))
    return out


# --- bids -----------------------------------------------------------------------------------


def bid_options(hand: Sequence[Card], standing: Sequence[Card] | None, level: str,
                first_round: bool = False, min_cards: int = 1) -> list[tuple[Card, ...]]:
    """Every bid (as the cards shown) that `hand` can make over `standing`, weakest first.
    At a joker level the caller still names the rank and suit (R13)."""
    joker_level = level in JOKER_LEVELS
    counts = Counter(c for c in hand if c.suit is None or (not joker_level and c.rank == level))
    bids = [tuple([c] * k) for c in sorted(counts) for k in range(min_cards, counts[c] + 1)]
    bids.sort(key=lambda b: bid_strength(b, level, first_round) or 0)
    return [b for b in bids if can_overcall(b, standing, level, first_round)]
