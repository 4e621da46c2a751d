"""Rule tables for R6/R7 (trumps and order), R16/R17 (units), R19 (throws), R20/R21
(follows) and R22/R23 (trick winner). Trump specs: '6H' = level 6, trump ♥; '6-' = no-trump."""

import pytest

from engine.errors import IllegalPlay
from engine.rules import check_follow, check_throw, classify, trick_winner

from helpers import cards, trump

# --- R6/R7 ---------------------------------------------------------------------------------

ORDER_HIGH_TO_LOW_6H = "BJ LJ H6 S6 HA HK H2 SA"


def test_r7_order_at_level_6_trump_hearts():
    t = trump("6H")
    seq = cards(ORDER_HIGH_TO_LOW_6H)
    strengths = [t.order(c) for c in seq]
    assert strengths[:5] == sorted(strengths[:5], reverse=True)
    assert t.order(cards("S6")[0]) == t.order(cards("C6")[0]) == t.order(cards("D6")[0])
    assert all(t.is_trump(c) for c in cards("BJ LJ H6 S6 C6 HA H2"))
    assert not t.is_trump(cards("SA")[0])
    assert t.suit_of(cards("SA")[0]) == "S"


def test_r6_no_trump_only_jokers_and_level_cards_are_trumps():
    t = trump("6-")
    assert all(t.is_trump(c) for c in cards("BJ LJ H6 S6"))
    assert not any(t.is_trump(c) for c in cards("HA S5 C7"))
    assert t.order(cards("H6")[0]) == t.order(cards("S6")[0])  # no 主级牌 in no-trump


# --- R16/R17 -------------------------------------------------------------------------------

CLASSIFY_CASES = [
    # (rule, trump, cards, expected units as (kind, cards))
    ("R16", "6H", "S7 S7 S8 S8 S9 S9", [("tractor", "S7 S7 S8 S8 S9 S9")]),
    ("R16", "6H", "S3 S3 S4 S4", [("pair", "S4 S4"), ("pair", "S3 S3")]),
    ("R16", "6H", "H5 H5 H7 H7 H8 H8",
     [("pair", "H8 H8"), ("pair", "H7 H7"), ("pair", "H5 H5")]),  # no skipping the level rank
    ("R16", "6H", "H5 H5 H6 H6 H7 H7", [("tractor", "H5 H5 H6 H6 H7 H7")]),
    ("R16", "6H", "H5 H5 S6 S6 H7 H7",
     [("pair", "S6 S6"), ("pair", "H7 H7"), ("pair", "H5 H5")]),
    ("R16", "6H", "H6 H6 S6 S6", [("pair", "H6 H6"), ("pair", "S6 S6")]),
    ("R16", "6H", "LJ LJ BJ BJ HA HA",
     [("pair", "BJ BJ"), ("pair", "LJ LJ"), ("pair", "HA HA")]),
    ("R16", "6S", "S5 S5 S7 S7 S8 S8",
     [("pair", "S8 S8"), ("pair", "S7 S7"), ("pair", "S5 S5")]),
    ("R16", "6H", "S5 S5 S7 S7 S8 S8",
     [("pair", "S8 S8"), ("pair", "S7 S7"), ("pair", "S5 S5")]),
    ("R16", "AH", "HQ HQ HK HK HA HA", [("tractor", "HQ HQ HK HK HA HA")]),
    ("R16", "6-", "D7 D7 D8 D8 D9 D9", [("tractor", "D7 D7 D8 D8 D9 D9")]),
    ("R16", "6H", "S9 S9 S9", [("pair", "S9 S9"), ("single", "S9")]),  # triples are not units
    ("R17", "6H", "C2 C2 C3 C3 C4 C4 C5 C5 CA CA C9",
     [("tractor", "C2 C2 C3 C3 C4 C4 C5 C5"), ("pair", "CA CA"), ("single", "C9")]),
    ("R17", "2H", "S3 S3 S4 S4 S5 S5 S7 S7 S8 S8 S9 S9 S10 S10",
     [("tractor", "S7 S7 S8 S8 S9 S9 S10 S10"), ("tractor", "S3 S3 S4 S4 S5 S5")]),
]


@pytest.mark.parametrize(("rule", "spec", "played", "expected"), CLASSIFY_CASES)
def test_classify(rule, spec, played, expected):
    units = classify(cards(played), trump(spec))
    assert [(u.kind, list(u.cards)) for u in units] == [(k, cards(c)) for k, c in expected]


@pytest.mark.parametrize(("spec", "played"), [
    ("6H", "S6 S6 S7 S7 S8 S8"),  # ♠66 is trump, ♠77 is not
    ("6H", "SA HA"),
    ("6-", "S6 S7"),
])
def test_r18_mixed_play_suits_are_not_a_lead(spec, played):
    with pytest.raises(IllegalPlay):
        classify(cards(played), trump(spec))


# --- R20/R21 -------------------------------------------------------------------------------

FOLLOW_CASES = [
    # (rule, trump, lead, hand, play, legal)
    ("R21", "6H", "S7 S7", "S9 S9 S3 S4 H2", "S9 S9", True),
    ("R21", "6H", "S7 S7", "S9 S9 S3 S4 H2", "S3 S4", False),
    ("R20", "6H", "S7 S7", "S9 S3 H2 H2", "S9 S3", True),
    ("R20", "6H", "S7 S7", "S9 S3 H2 H2", "S3 H2", False),
    ("R20", "6H", "S7 S7", "S9 H2 H2", "S9 H2", True),
    ("R20", "6H", "S7 S7", "S9 H2 H2", "H2 H2", False),
    ("R21", "6H", "S7 S7 S8 S8 S9 S9", "SJ SJ SQ SQ SK SK S2 S3", "SJ SJ SQ SQ SK SK", True),
    ("R21", "6H", "S7 S7 S8 S8 S9 S9", "SJ SJ SQ SQ SK SK S2 S3", "SJ SJ SQ SQ S2 S3", False),
    ("R21", "6H", "S7 S7 S8 S8 S9 S9", "S2 S2 S4 S4 S9 S9 SK", "S2 S2 S4 S4 S9 S9", True),
    ("R21", "6H", "S7 S7 S8 S8 S9 S9", "S2 S2 S4 S4 S9 S9 SK", "S2 S2 S4 S4 S9 SK", False),
    ("R21", "6H", "S7 S7 S8 S8 S9 S9", "S2 S2 S3 S3 S4 S4 S5 S5", "S3 S3 S4 S4 S5 S5", True),
    ("R21", "6H", "S7 S7 S8 S8 S9 S9", "S2 S2 S3 S3 S4 S4 S5 S5", "S2 S2 S3 S3 S5 S5", False),
    ("R21", "6H", "SA SA SK", "S2 S2 S3 S4", "S2 S2 S3", True),
    ("R21", "6H", "SA SA SK", "S2 S2 S3 S4", "S2 S3 S4", False),
    ("R21", "6H", "SA SK", "S2 S2 S3", "S2 S2", True),  # singles only: no shape to match
    ("R21", "6H", "H3 H3", "S6 S6 H9 BJ", "S6 S6", True),  # off-suit level pair is a trump pair
    ("R21", "6H", "H3 H3", "S6 S6 H9 BJ", "H9 BJ", False),
    ("R21", "6H", "S7 S7 S8 S8 S9 S9", "S2 S2 S3 S3 S9 S9 SJ SJ", "S2 S2 S9 S9 SJ SJ", True),
    ("R21", "6H", "S7 S7 S8 S8 S9 S9 SA SA", "S2 S2 S3 S3 S4 S4 S10 S10 SJ SQ",
     "S2 S2 S3 S3 S4 S4 S10 S10", True),
    ("R21", "6H", "S7 S7 S8 S8 S9 S9 SA SA", "S2 S2 S3 S3 S4 S4 S10 S10 SJ SQ",
     "S2 S2 S3 S3 S4 S4 S10 SJ", False),
    ("R21", "6H", "S7 S7", "S9 S9 S9 S2", "S9 S9", True),
    ("R21", "6H", "S7 S7", "S9 S9 S9 S2", "S9 S2", False),
    # A tractor lead followed with pairs when the tractor pieces cannot all fit: the key caps
    # tractor pairs at what the hand can reach, then asks for as many pairs as possible.
    ("R21", "6H", "S7 S7 S8 S8 S9 S9 S10 S10", "S2 S2 S3 S3 S4 S4 SJ SJ SK",
     "S2 S2 S3 S3 S4 S4 SJ SJ", True),
    ("R21", "6H", "S7 S7 S8 S8 S9 S9 S10 S10", "S2 S2 S3 S3 S4 S4 SJ SJ SK",
     "S2 S2 S3 S3 SJ SJ SK S4", False),  # breaks the tractor for a single
    ("R20", "6H", "S7 S7", "S9 S9 S3", "S9", False),  # wrong count
    ("R20", "6H", "S7 S7", "S9 S9 S3", "SA SA", False),  # not in hand
    ("R20", "6H", "S7", "H2 C3", "C3", True),  # void: anything
    ("R20", "6H", "S7 S7", "S9 H2 H2 H3", "S9 H3", True),
]


@pytest.mark.parametrize(("rule", "spec", "lead", "hand", "play", "legal"), FOLLOW_CASES)
def test_check_follow(rule, spec, lead, hand, play, legal):
    t = trump(spec)
    if legal:
        assert check_follow(cards(hand), cards(lead), cards(play), t) is None
    else:
        with pytest.raises(IllegalPlay):
            check_follow(cards(hand), cards(lead), cards(play), t)


# --- R19 -----------------------------------------------------------------------------------

THROW_CASES = [
    # (trump, lead, other hands, forced play or None if the throw stands)
    ("6H", "SA SK", ["SQ", "S2", ""], None),
    ("6H", "SA SK", ["SA", "", ""], "SK"),
    ("6H", "SA SA SK", ["SQ SQ", "S3", "H2"], None),
    ("6H", "SA SA SK", ["S2", "SA", ""], "SK"),
    ("6H", "SQ SQ SA", ["SK SK", "", ""], "SQ SQ"),
    ("6H", "S7 S7 S8 S8 S9 S9 SA", ["S10 S10 SJ SJ SQ SQ", "", ""], "S7 S7 S8 S8 S9 S9"),
    ("6H", "S7 S7 S8 S8 S9 S9 SA", ["S10 S10 SJ SJ", "S2 S3", ""], None),
    ("6H", "S7 S7 S8 S8 S9 S9 SA", ["S2 S2 S3 S3 S4 S4", "", ""], None),  # lower tractor
    ("6H", "BJ BJ LJ", ["BJ", "", ""], "LJ"),
    ("6H", "S6 C6", ["H6", "", ""], "C6"),  # equal rank: the lower suit ♣ < ♠ is forced
    ("6H", "SA SK SQ", ["HA HA", "CA", "DA BJ"], None),  # nobody holds spades
    ("6H", "SA", ["BJ BJ SK", "", ""], None),  # one unit always stands
    ("6H", "SK SK SQ SQ S9", ["SA SA", "S10", ""], "S9"),  # singles are forced first
]


@pytest.mark.parametrize(("spec", "lead", "others", "forced"), THROW_CASES)
def test_r19_check_throw(spec, lead, others, forced):
    result = check_throw(cards(lead), [cards(h) for h in others], trump(spec))
    assert result == (None if forced is None else cards(forced))


def test_r19_a_throw_of_two_play_suits_is_not_a_lead():
    with pytest.raises(IllegalPlay):
        check_throw(cards("SA HK"), [[], [], []], trump("6H"))


# --- R22/R23 -------------------------------------------------------------------------------

WINNER_CASES = [
    # (rule, trump, plays in order, winner index)
    ("R23", "6H", ["S7", "S9", "S8", "S2"], 1),
    ("R23", "6H", ["S7", "H2", "SA", "C3"], 1),
    ("R23", "6H", ["S7", "H2", "H3", "BJ"], 3),
    ("R22", "6H", ["S7 S7", "H2 H3", "S8 S9", "C2 C2"], 0),
    ("R23", "6H", ["S7 S7", "H2 H2", "H3 H3", "SA SA"], 2),
    ("R7", "6H", ["S6", "C6", "D6", "H5"], 0),  # equal level cards: the first one wins
    ("R7", "6H", ["S6", "H6", "C6", "LJ"], 3),
    ("R23", "6H", ["H4 H4 H5 H5 H6 H6", "H8 H8 H9 H9 H10 H10", "C2 C3 C4 C5 C7 C8",
                   "D2 D3 D4 D5 D7 D8"], 1),
    ("R22", "6H", ["S7 S7 S8 S8 S9 S9", "H2 H2 H3 H3 H9 H9", "S2 S3 S4 S5 SJ SQ",
                   "C2 C3 C4 C5 C7 C8"], 0),
    ("R22", "6H", ["S7 S7 S8 S8 S9 S9", "H2 H2 H3 H3 H4 H4", "S2 S3 S4 S5 SJ SQ",
                   "C2 C3 C4 C5 C7 C8"], 1),
    ("R22", "6H", ["SA SK", "H2 H3", "H4 C3", "S2 S3"], 1),
    ("R22", "6H", ["SA SA SK", "H2 H3 H4", "H2 H2 H3", "S2 S3 S4"], 2),
    ("R23", "6H", ["SA SA SK", "H2 H2 H3", "H4 H4 H2", "S2 S3 S4"], 2),
    ("R23", "6H", ["S7 S7", "S9 S9", "SK SK", "S8 S8"], 2),
    ("R23", "6H", ["S3 S3 S4 S4 S5 S5 S9 S9", "H2 H2 H3 H3 H4 H4 HA HA",
                   "C2 C3 C4 C5 C7 C8 C9 C10", "D2 D3 D4 D5 D7 D8 D9 D10"], 1),
    ("R22", "6H", ["S7 S7 S8 S8 S9 S9 SA SA", "H2 H2 H3 H3 H4 H4 H5 H5",
                   "C2 C3 C4 C5 C7 C8 C9 C10", "D2 D3 D4 D5 D7 D8 D9 D10"], 1),
    ("R7", "6-", ["BJ", "LJ", "S6", "H6"], 0),
    ("R7", "6-", ["S6", "H6", "C6", "D6"], 0),
    ("R7", "6-", ["H6", "LJ", "SA", "S6"], 1),
    ("R23", "6H", ["S7 S7 S8 S8 S9 S9", "SJ SJ SQ SQ SK SK", "H2 H2 H3 H3 H4 H4",
                   "S2 S2 S3 S3 S4 S4"], 2),
    ("R22", "6H", ["S5", "S6", "S4", "S3"], 1),  # ♠6 is a trump at level 6
]


@pytest.mark.parametrize(("rule", "spec", "plays", "winner"), WINNER_CASES)
def test_trick_winner(rule, spec, plays, winner):
    assert trick_winner([cards(p) for p in plays], trump(spec)) == winner


# --- every refusal says why, naming the cards (R6, R18, R20, R21) -------------------------

REASONS = [
    # (trump, hand, lead, play, words in the English reason, words in the Chinese one)
    ("2H", "S2 S3 S4 S5 H7", "SA", "S2", ["♠2 is a trump here", "does not follow spades"],
     ["♠2 在本局是主牌", "不算黑桃"]),
    ("2H", "S3 S4 C5 H7", "SA", "C5", ["♣5 is not of the led suit", "still hold spades"],
     ["♣5 不是黑桃"]),
    ("2H", "H3 H4 C5 S7", "H9", "C5", ["♣5 is not of the led suit", "still hold trumps"],
     ["主牌"]),
    ("2H", "S3 S4 C5 C6", "SA SK SQ", "S3 C5 C6", ["still hold ♠4", "spades"],
     ["♠4", "必须先出完"]),
    ("2H", "SK SK S5 S6", "S7 S7", "SK S5", ["pair ♠K ♠K", "pairs"], ["对子 ♠K ♠K"]),
    ("2H", "S3 S3 S4 S4 S5 S5 S9 SJ", "S7 S7 S8 S8 S9 S9", "S3 S3 S4 S4 S9 SJ",
     ["tractor ♠3 ♠3 ♠4 ♠4 ♠5 ♠5"], ["拖拉机"]),
    ("2H", "BJ LJ S3", "BJ", "S3", ["♠3 is not of the led suit", "trumps"], ["主牌"]),
]


@pytest.mark.parametrize(("spec", "hand", "lead", "play", "en", "zh"), REASONS)
def test_r20_r21_refused_follows_say_why_with_the_cards(spec, hand, lead, play, en, zh):
    with pytest.raises(IllegalPlay) as refused:
        check_follow(cards(hand), cards(lead), cards(play), trump(spec))
    for words in en:
        assert words in refused.value.en, refused.value.en
    for words in zh:
        assert words in refused.value.zh, refused.value.zh


@pytest.mark.parametrize(("spec", "lead", "en", "zh"), [
    ("2H", "S2 SA", ["♠2 is a trump here (a level card)", "spades"], ["♠2 在本局是主牌"]),
    ("2H", "BJ SA", ["big joker is a trump"], ["大王 是主牌"]),
    ("2H", "SA CK", ["♠A and ♣K are of different suits"], ["不是同一门"]),
])
def test_r18_mixed_leads_say_which_card_is_out(spec, lead, en, zh):
    with pytest.raises(IllegalPlay) as refused:
        classify(cards(lead), trump(spec))
    assert all(w in refused.value.en for w in en), refused.value.en
    assert all(w in refused.value.zh for w in zh), refused.value.zh


@pytest.mark.parametrize(("spec", "top"), [
    ("2H", "BJ | LJ | H2 | S2 C2 D2 | HA | HK"),
    ("10-", "BJ | LJ | S10 C10 H10 D10"),
])
def test_r7_trumps_ranked_strongest_first_with_equal_cards_together(spec, top):
    ranking = trump(spec).ranking()
    groups = [sorted(cards(g), key=lambda c: c.index) for g in top.split(" | ")]
    assert [sorted(g, key=lambda c: c.index) for g in ranking[:len(groups)]] == groups
    if spec.endswith("-"):
        assert len(ranking) == 3, "no-trump: jokers and level cards only"
    else:
        assert len(ranking) == 2 + 1 + 1 + 12  # jokers, trump level, other levels, A..3
