"""Rule tables for R9/R10/R13 (bid strength) and R5/R26/R27 (settling a round)."""

import pytest

from engine.bidding import can_overcall
from engine.scoring import raise_level, settle

from helpers import cards

R9_LADDER_LEVEL_6 = ["S6", "D6 D6", "C6 C6", "H6 H6", "S6 S6", "D6 D6 D6", "C6 C6 C6",
                     "H6 H6 H6", "S6 S6 S6", "LJ LJ LJ", "BJ BJ BJ"]


@pytest.mark.parametrize("i", range(len(R9_LADDER_LEVEL_6)))
def test_r9_each_bid_overcalls_every_weaker_one(i):
    bid = cards(R9_LADDER_LEVEL_6[i])
    for j, other in enumerate(R9_LADDER_LEVEL_6):
        assert can_overcall(bid, cards(other), "6") == (i > j), (R9_LADDER_LEVEL_6[i], other)


BID_CASES = [
    # (rule, bid, standing, level, first_round, can overcall)
    ("R9", "H6", None, "6", False, True),
    ("R9", "H6", "S6", "6", False, False),  # a single is only ever the first bid
    ("R9", "H7", None, "6", False, False),  # not the level rank
    ("R9", "H6 S6", None, "6", False, False),  # not identical
    ("R9", "LJ LJ", None, "6", False, False),  # two jokers are no bid at a rank level
    ("R9", "LJ BJ LJ", None, "6", False, False),
    ("R9", "H6 H6 H6 H6", None, "6", False, False),
    ("R10", "D2 D2", "S2 S2", "2", True, False),  # first round: suits do not rank
    ("R10", "S2 S2", "D2 D2", "2", True, False),
    ("R10", "D2 D2 D2", "S2 S2", "2", True, True),
    ("R10", "LJ LJ LJ", "S2 S2 S2", "2", True, True),
    ("R10", "BJ BJ BJ", "LJ LJ LJ", "2", True, True),
    ("R10", "S2 S2 S2", "D2 D2 D2", "2", True, False),
    ("R13", "LJ", None, "LJ", False, True),
    ("R13", "BJ", "LJ", "LJ", False, False),  # singles never overcall
    ("R13", "LJ LJ", "BJ", "BJ", False, True),
    ("R13", "BJ BJ", "LJ LJ", "LJ", False, True),
    ("R13", "LJ LJ LJ", "BJ BJ", "BJ", False, True),
    ("R13", "BJ BJ BJ", "LJ LJ LJ", "LJ", False, True),
    ("R13", "H2 H2", None, "LJ", False, False),  # no level rank at a joker level
]


@pytest.mark.parametrize(("rule", "bid", "standing", "level", "first", "ok"), BID_CASES)
def test_can_overcall(rule, bid, standing, level, first, ok):
    assert can_overcall(cards(bid), cards(standing) if standing else None, level, first) == ok


SETTLE_CASES = [
    # (attackers' score, declarers keep, levels)
    (0, True, 6),  # 大光
    (5, True, 3),  # 小光
    (60, True, 3),
    (65, True, 1),  # [decision] 60 < S < 120
    (115, True, 1),
    (120, False, 0),  # the attackers come up with no rise
    (145, False, 0),
    (150, False, 1),
    (180, False, 2),
    (300, False, 6),
    (600, False, 6),  # at most 6
]


@pytest.mark.parametrize(("score", "keep", "levels"), SETTLE_CASES)
def test_r26_settle(score, keep, levels):
    assert settle(score) == (keep, levels)


RAISE_CASES = [
    ("2", 1, "3"), ("2", 6, "8"), ("9", 1, "10"), ("10", 3, "K"), ("K", 1, "A"),
    ("A", 1, "LJ"), ("Q", 6, "LJ"),  # stops on 小王
    ("LJ", 3, "BJ"), ("LJ", 1, "BJ"), ("BJ", 6, "BJ"), ("A", 0, "A"),
]


@pytest.mark.parametrize(("level", "steps", "expected"), RAISE_CASES)
def test_r5_raise_level(level, steps, expected):
    assert raise_level(level, steps) == expected


# --- what a bid would need (bid_needed): the page's words when no bid button is offered ----

from engine.bidding import bid_needed, bid_strength  # noqa: E402
from engine.cards import ALL_CARDS  # noqa: E402

NEED_CASES = [
    # standing, level, first round, min cards, english text
    (None, "2", False, 1, "a 2 of any suit would make a bid"),
    ("H2 H2", "2", False, 1,
     "♠2 ♠2, or three of a kind (2s or jokers), would overcall North's ♥2 ♥2"),
    ("H2 H2", "2", True, 1, "three of a kind (2s or jokers) would overcall North's ♥2 ♥2"),
    ("LJ LJ LJ", "9", False, 1, "big joker ×3 would overcall North's small joker ×3"),
    ("BJ BJ BJ", "9", False, 1, "nothing beats North's big joker ×3: it is the strongest bid"),
    (None, "LJ", False, 1, "small joker / big joker would make a bid"),
]


@pytest.mark.parametrize(("standing", "level", "first", "least", "text"), NEED_CASES)
def test_bid_needed_words(standing, level, first, least, text):
    need = bid_needed(cards(standing) if standing else None, level, first, least)
    assert need.text("en", "North's") == text
    assert need.text("zh", "对家")  # the same line in Chinese, never empty


@pytest.mark.parametrize("level", ["2", "7", "A", "LJ"])
@pytest.mark.parametrize("first", [False, True])
@pytest.mark.parametrize("least", [1, 2])
def test_bid_needed_lists_exactly_the_bids_that_beat(level, first, least):
    """Against every possible standing bid, the options are exactly the same-card bids of at
    least `least` cards that overcall it (and with no bid yet, the smallest size that bids)."""
    kinds = [c for c in ALL_CARDS if c.is_joker or c.rank == level]
    standings = [None] + [(c,) * n for c in kinds for n in (1, 2, 3)
                          if bid_strength((c,) * n, level, first) is not None]
    for standing in standings:
        need = bid_needed(standing, level, first, least)
        listed = {(size, c) for size, cs in need.options for c in cs}
        beating = {(n, c) for c in kinds for n in range(least, 4)
                   if can_overcall((c,) * n, standing, level, first)}
        if standing is None:
            smallest = min(n for n, _ in beating)
            beating = {(n, c) for n, c in beating if n == smallest}
        assert listed == beating, (standing, level)
        assert need.text("en", "X's") and need.text("zh", "X")
