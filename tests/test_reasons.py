"""Why a trick went as it did (engine.reasons), for the player: a rule table (R16, R22, R23)."""

import pytest

from engine.reasons import (
    DISCARD,
    HELD,
    HIGHEST,
    NO_SHAPE,
    TIE,
    TOP_TRUMP,
    TRUMPED,
    trick_reason,
)

from helpers import cards, trump

NAMES = {0: ("You", "Your"), 1: ("East", "East's"), 2: ("North", "North's"),
         3: ("West", "West's")}
ZH = {0: ("你", "你的"), 1: ("右家", "右家的"), 2: ("对家", "对家的"), 3: ("左家", "左家的")}


def plays(*texts, leader=1):
    return [((leader + i) % 4, tuple(cards(t))) for i, t in enumerate(texts)]


CASES = [
    # (trump, plays from East, then North, West, You; how; your own reason; English words)
    ("2H", ("SA", "S3", "S4", "S5"), HELD, None, ["East's lead held"]),
    ("2H", ("S9", "SA", "S4", "S5"), HIGHEST, None, ["North's ♠A is the highest of the spades"]),
    ("2H", ("S9", "S10", "H3", "C5"), TRUMPED, DISCARD,
     ["West trumped the spades lead", "your ♣5 is neither spades nor trumps"]),
    ("2H", ("S9", "H3", "H4", "S5"), TOP_TRUMP, None, ["West's ♥4 is the highest trump"]),
    ("2H", ("S5 S5", "S6 S6", "S7 S8", "SK SA"), HIGHEST, NO_SHAPE,
     ["a pair beats any two singles: your ♠K ♠A could not win"]),
    ("2H", ("C7 C7 C8 C8 C9 C9", "C3 C4 C5 C6 CJ CQ", "CK CK CA CA C10 C10", "C4 CJ CQ CK CA C3"),
     HELD, NO_SHAPE, ["♣7 ♣7 ♣8 ♣8 ♣9 ♣9 is a tractor"]),
    ("2H", ("S9", "SA", "S4", "SA"), HIGHEST, TIE, ["your ♠A ties, and the earlier play wins"]),
    ("2H", ("S7 S7 S7", "S8 S8 S9", "S3 S4 S5", "S6 S10 SJ"), HIGHEST, NO_SHAPE,
     ["three of a kind plays as a pair and a single"]),
]


@pytest.mark.parametrize(("spec", "texts", "how", "own", "words"), CASES)
def test_each_trick_says_why_it_was_won_and_why_your_play_lost(spec, texts, how, own, words):
    reason = trick_reason(plays(*texts), trump(spec), seat=0)
    assert (reason.how, reason.own) == (how, own)
    line = reason.text("en", NAMES.get)
    for w in words:
        assert w in line, line
    assert reason.text("zh", ZH.get)  # and in Chinese


def test_the_winner_is_named_as_you_when_you_won():
    reason = trick_reason(plays("S9", "S3", "S4", "SA"), trump("2H"), seat=0)
    assert reason.winner == 0 and reason.own is None
    assert reason.text("en", NAMES.get).startswith("Your ♠A is the highest")
    assert reason.text("zh", ZH.get).startswith("你的♠A")
