"""Why a trick went as it did (engine.reasons), for the player: a rule table (R16, R22, R23)."""

import random
from collections import Counter

import pytest

from engine.cards import cards_label, full_deck
from engine.options import follow_options, lead_options
from engine.reasons import (
    DISCARD,
    HELD,
    HIGHEST,
    MIXED,
    NO_SHAPE,
    TIE,
    TOP_TRUMP,
    TRUMPED,
    trick_reason,
)
from engine.rules import TRUMP, Trump, check_follow, classify, has_shape, trick_winner

from helpers import cards, trump

NAMES = {0: ("You", "Your"), 1: ("East", "East's"), 2: ("North", "North's"),
         3: ("West", "West's")}
ZH = {0: ("你", "你的"), 1: ("右家", "右家的"), 2: ("对家", "对家的"), 3: ("左家", "左家的")}


def plays(*texts, leader=1):
    return [((leader + i) % 4, tuple(cards(t))) for i, t in enumerate(texts)]


CASES = [
    # (trump, plays from East, then North, West, You; how; your own reason; English words)
    ("2H", ("SA", "S3", "S4", "S5"), HELD, None, ["East's lead held"]),
    ("2H", ("S9", "SA", "S4", "S5"), HIGHEST, None,
     ["North's ♠A is the highest of the spades in this trick"]),
    ("2H", ("S9", "S10", "H3", "C5"), TRUMPED, DISCARD,
     ["West trumped the spades lead", "your ♣5 is neither spades nor trumps"]),
    # a pair lead trumped: "any trump beats a side suit" was untrue of a lone trump (a daily
    # player's playtest); the trumps had the lead's shape
    ("2H", ("S9 S9", "S10 SJ", "H3 H3", "C5 C6"), TRUMPED, DISCARD,
     ["West trumped the spades lead with ♥3 ♥3: trumps of the lead's shape beat a side suit"]),
    ("2H", ("S9", "H3", "H4", "S5"), TOP_TRUMP, None,
     ["West's ♥4 is the highest trump in this trick"]),
    ("2H", ("S5 S5", "S7 S8", "S6 S6", "SK SA"), HIGHEST, NO_SHAPE,
     ["a pair beats any two singles: your ♠K ♠A could not win"]),
    ("2H", ("C7 C7 C8 C8 C9 C9", "C3 C4 C5 C6 CJ CQ", "CK CK CA CA C10 C10", "C4 CJ CQ CK CA C3"),
     HELD, NO_SHAPE, ["♣7 ♣7 ♣8 ♣8 ♣9 ♣9 is a tractor"]),
    # a throw of two pairs, followed by one pair and two singles: "a pair beats any two
    # singles" did not say what the follow lacked (a daily player's playtest)
    ("2H", ("S5 S5 S9 S9", "S3 S4 S6 S7", "S8 S8 SJ SJ", "SK SK SA S3"), HIGHEST, NO_SHAPE,
     ["your ♠K ♠K ♠A ♠3 does not have the shape of ♠5 ♠5 ♠9 ♠9"]),
    ("2H", ("S9", "S4", "SA", "SA"), HIGHEST, TIE, ["your ♠A ties, and the earlier play wins"]),
    # partner's trick: nothing of the player's was lost ("your play cannot win" read as a
    # loss, a newcomer's playtest)
    ("2H", ("S9 S9", "SA SA", "S4 S4", "S5 S6"), HIGHEST, None, ["North's ♠A ♠A is the highest"]),
    ("2H", ("S9", "SA", "S4", "SA"), HIGHEST, None, ["North's ♠A is the highest"]),
    ("2H", ("S7 S7 S7", "S3 S4 S5", "S8 S8 S9", "S6 S10 SJ"), HIGHEST, NO_SHAPE,
     ["three of a kind plays as a pair and a single"]),
    # a play of several units names the one compared (R23): "Your ♠2 ♠K is the highest
    # trump" read as if ♠2 counted (a daily player's playtest)
    ("2H", ("SA SK", "S3 S4", "H3 HK", "H4 H5"), TOP_TRUMP, None,
     ["West's ♥3 ♥K: its ♥K is the highest trump in this trick"]),
    ("2H", ("C3 C4", "CA C5", "C6 C7", "C8 C9"), HIGHEST, None,
     ["North's ♣A ♣5: its ♣A is the highest of the clubs in this trick"]),
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


# --- every claim of the explanation is true (issue 28) -------------------------------------

def test_discard_names_only_the_cards_neither_of_the_led_suit_nor_trump():
    """R22: on a club lead with hearts trump, "your ♣Q ♥K are neither clubs nor trump" was
    said of a club and a trump; only a card that is neither is named a discard, and a play
    of the led suit and trumps together is said to mix them."""
    reason = trick_reason(plays("C9 C8", "C3 C4", "CA CA", "CQ S3"), trump("2H"), seat=0)
    assert reason.own == DISCARD and reason.own_cards == tuple(cards("S3"))
    line = reason.text("en", NAMES.get)
    assert "your ♠3 is neither clubs nor trumps" in line and "♣Q" not in line.split(";")[1]
    zh = reason.text("zh", ZH.get)
    assert "你的♠3既不是梅花也不是主牌" in zh and "♣Q" not in zh.split("；")[1]
    mixed = trick_reason(plays("C9 C8", "C3 C4", "CA CA", "CQ HK"), trump("2H"), seat=0)
    assert mixed.own == MIXED and mixed.own_cards == tuple(cards("CQ HK"))
    assert "neither" not in mixed.text("en", NAMES.get)
    assert "既不是" not in mixed.text("zh", ZH.get)


def test_discard_on_a_trump_lead_says_not_trump_and_never_names_a_trump():
    """R22 on a trump lead: "♥Q ♠5 is neither trumps nor trumps" named ♥Q, a trump, as not
    trump; only ♠5 is, and it is said once."""
    reason = trick_reason(plays("H9 H8", "H3 H4", "HA HA", "HQ S5"), trump("2H"), seat=0)
    assert reason.own == DISCARD and reason.own_cards == tuple(cards("S5"))
    line = reason.text("en", NAMES.get)
    assert "your ♠5 is not a trump" in line and "nor" not in line and "♥Q" not in line
    zh = reason.text("zh", ZH.get)
    assert "你的♠5不是主牌" in zh and "也不是主牌" not in zh and "♥Q" not in zh
    # (of two cards or more, "are not trumps": a sentence checker read "are not trump")
    two = trick_reason(plays("H9 H8", "H3 H4", "HA HA", "S5 S6"), trump("2H"), seat=0)
    assert "your ♠5 ♠6 are not trumps, so" in two.text("en", NAMES.get)


def _random_follow(rng, hand, lead, tr):
    n = len(lead)
    led = tr.suit_of(lead[0])
    suit_cards = [c for c in hand if tr.suit_of(c) == led]
    if len(suit_cards) <= n:
        others = [c for c in hand if tr.suit_of(c) != led]
        return tuple(suit_cards + rng.sample(others, n - len(suit_cards)))
    return tuple(rng.choice(follow_options(hand, lead, tr)))


def _random_trick(rng):
    """A trick of four random legal plays from a random deal (12 cards a hand, so that voids
    and discards are common), under a random trump; sometimes a throw is led."""
    level = rng.choice(["2", "5", "10", "K", "A"])
    tr = Trump(level, rng.choice(["S", "H", "C", "D", None]))
    deck = full_deck()
    rng.shuffle(deck)
    hands = [deck[12 * s:12 * s + 12] for s in range(4)]
    leader = rng.randrange(4)
    units = lead_options(hands[leader], tr)
    lead = rng.choice(units).cards
    same = [u for u in units if tr.suit_of(u.top) == tr.suit_of(lead[0])
            and not set(u.cards) & set(lead)]
    if same and rng.random() < 0.15:  # a throw (R18): two units of one play-suit
        lead = tuple(sorted(lead + rng.choice(same).cards, key=lambda c: c.index))
    out = [(leader, tuple(lead))]
    for k in (1, 2, 3):
        seat = (leader + k) % 4
        play = _random_follow(rng, hands[seat], lead, tr)
        check_follow(hands[seat], lead, play, tr)
        out.append((seat, play))
    return tr, out


def test_every_claim_of_a_trick_explanation_is_true_of_10000_random_tricks():
    """Over 10 000 random tricks (fixed seed), in both languages: the winner named is the
    trick's winner (R22/R23); "held" only when the lead won; "highest of the suit" only of a
    play of the led suit, above every card of that suit in a trick of singles; "trumped" and
    "highest trump" only of an all-trump winner on a side-suit lead, above every trump in a
    trick of singles; a discard names only cards of the seat's play that are neither of the
    led suit nor trump (and a trump lead's discard is called not trump, once); "mixes" only a
    play holding both; "ties" only a play equal to the winner."""
    rng = random.Random(2828)
    seen = Counter()
    for _ in range(10_000):
        tr, trick = _random_trick(rng)
        reason = trick_reason(trick, tr, seat=0)
        cards_ = [p for _, p in trick]
        w = trick_winner(cards_, tr)
        led = tr.suit_of(cards_[0][0])
        seen[reason.how] += 1
        seen[reason.own] += 1
        assert reason.winner == trick[w][0] and reason.winning == cards_[w]
        assert (reason.how == HELD) == (w == 0)
        single = len(cards_[0]) == 1
        if reason.top:  # part of the winning play, and for singles its strongest card
            assert not Counter(reason.top) - Counter(reason.winning)
            assert Counter(reason.top) != Counter(reason.winning)
            if classify(cards_[0], tr)[0].kind == "single":
                assert len(reason.top) == 1 and tr.strengths[reason.top[0].index] == max(
                    tr.strengths[c.index] for c in reason.winning)
        if reason.how == HIGHEST:
            assert all(tr.suit_of(c) == led for c in reason.winning)
            if single:
                top = tr.strengths[reason.winning[0].index]
                assert all(tr.strengths[p[0].index] <= top for p in cards_
                           if tr.suit_of(p[0]) == led)
        if reason.how in (TRUMPED, TOP_TRUMP):
            assert led != TRUMP and all(tr.suit_of(c) == TRUMP for c in reason.winning)
            if single:
                top = tr.strengths[reason.winning[0].index]
                assert all(tr.strengths[p[0].index] <= top for p in cards_
                           if tr.suit_of(p[0]) == TRUMP)
        mine = next((p for s, p in trick if s == 0), None)
        if reason.own == DISCARD:
            assert reason.own_cards and all(tr.suit_of(c) not in (led, TRUMP)
                                            for c in reason.own_cards)
            assert not (Counter(reason.own_cards) - Counter(mine))
            assert Counter(reason.own_cards) == Counter(
                c for c in mine if tr.suit_of(c) not in (led, TRUMP))
        if reason.own == MIXED:
            suits = {tr.suit_of(c) for c in mine}
            assert led != TRUMP and suits == {led, TRUMP}
        if reason.own == NO_SHAPE:  # all of the led suit or all trumps, not the lead's shape
            assert not has_shape(mine, classify(cards_[0], tr), tr)
            assert reason.lead_units == len(classify(cards_[0], tr))
        if reason.own == TIE:
            assert trick_winner([cards_[0], mine, reason.winning], tr) == 1
        for lang, names in (("en", NAMES.get), ("zh", ZH.get)):
            line = reason.text(lang, names)
            if reason.how in (HIGHEST, TOP_TRUMP):  # (the lines that name the cards)
                assert cards_label(reason.winning, lang) in line
                if reason.top:  # the unit compared (R23), named too
                    assert cards_label(reason.top, lang) in line
            if reason.own is not None:
                assert cards_label(reason.own_cards, lang) in line
            if reason.own == DISCARD and led == TRUMP:
                assert ("nor" not in line) if lang == "en" else ("也不是主牌" not in line)
    # the generator reaches every kind of claim
    assert all(seen[k] for k in (HELD, HIGHEST, TRUMPED, TOP_TRUMP, DISCARD, MIXED, NO_SHAPE,
                                 TIE)), seen
