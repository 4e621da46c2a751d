"""Bids (亮主/反主, R9–R13) and their strength; 抄底 snatches use the same scale (R15)."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import SUITS, Card
from .scoring import JOKER_LEVELS

NO_BID = -1


def bid_strength(cards: Sequence[Card], level: str, first_round: bool = False) -> int | None:
    """The strength of showing `cards` as a bid at the round's `level`, or None if they are
    not a bid. Higher is stronger; equal strengths do not overcall each other.

    R9: single < pair ♦ < ♣ < ♥ < ♠ < triple ♦ < … < ♠ < three 小王 < three 大王.
    R10 (first round): suits do not rank, only single < pair < triple < three 小王 < three 大王.
    R13 (joker level): one joker < two 小王 < two 大王 < three 小王 < three 大王.
    """
    if not cards or len(cards) > 3 or any(c is not cards[0] for c in cards):
        return None
    c, size = cards[0], len(cards)
    if c.is_joker:
        if size == 3:
            return 30 + (c.rank == "BJ")
        if level not in JOKER_LEVELS:
            return None
        return 0 if size == 1 else 10 + (c.rank == "BJ")
    if level in JOKER_LEVELS or c.rank != level:
        return None
    if size == 1:
        return 0
    return size * 10 - 10 + (0 if first_round else SUITS.index(c.suit))


def can_overcall(bid: Sequence[Card], standing: Sequence[Card] | None, level: str,
                 first_round: bool = False) -> bool:
    """Whether `bid` is a bid strictly stronger than the `standing` bid (None: no bid yet).
    A single can only be the first bid, since all singles are equally weak."""
    strength = bid_strength(bid, level, first_round)
    if strength is None:
        return False
    if standing is None:
        return True
    standing_strength = bid_strength(standing, level, first_round)
    assert standing_strength is not None, f"the standing bid is not a bid: {standing}"
    return strength > standing_strength


def bid_names_rank(level: str) -> bool:
    """R13: at a joker level (小王, 大王) every bid names the round's level rank."""
    return level in JOKER_LEVELS


def bid_names_suit(cards: Sequence[Card], level: str) -> bool:
    """R13: at a joker level a bid of one or two jokers names the level rank and the trump
    suit; three jokers name the rank only (no-trump)."""
    return bid_names_rank(level) and len(cards) < 3


def bid_trump_suit(cards: Sequence[Card], named_suit: str | None = None) -> str | None:
    """The trump suit a bid makes: the level cards' suit, a named suit (one or two jokers at a
    joker level), or None (no-trump) for three jokers."""
    if cards[0].is_joker:
        return named_suit if len(cards) < 3 else None
    return cards[0].suit
