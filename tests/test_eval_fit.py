"""Hard's estimate of a round's end (engine.bots.hard.expected_end) and the tool that fits it
(tools.eval_fit): the card classes by the rules of trump (R6, R7), the fit's arithmetic, and
the estimate's bounds."""

from __future__ import annotations

import pytest

from engine.bots.hard import CLASS_POWER, CLASSES, World, card_class, expected_end
from engine.cards import parse_card, parse_cards, points_of
from engine.config import DEFAULT_RULES
from engine.rules import Trump
from tools.eval_fit import least_squares, positions_of_round

SPADES_2 = Trump("2", "S")
NO_TRUMP_7 = Trump("7", None)  # 无主: the jokers and the 7s are the trumps (R7)

CLASS_CASES = [
    # (card, trump, class): R6 trumps are the jokers, the level cards, the trump suit
    ("BJ", SPADES_2, "BJ"),
    ("LJ", SPADES_2, "LJ"),
    ("S2", SPADES_2, "tlev"),  # the level card of the trump suit
    ("H2", SPADES_2, "olev"),  # a level card of another suit: a trump too
    ("SA", SPADES_2, "tA"),
    ("SK", SPADES_2, "tK"),
    ("SQ", SPADES_2, "tQ"),
    ("S10", SPADES_2, "tpt"),
    ("S5", SPADES_2, "tpt"),
    ("S9", SPADES_2, "tlow"),
    ("HA", SPADES_2, "A"),
    ("DK", SPADES_2, "K"),
    ("CQ", SPADES_2, "Q"),
    ("H10", SPADES_2, "ten"),
    ("D5", SPADES_2, "five"),
    ("C3", SPADES_2, "low"),
    ("S7", NO_TRUMP_7, "olev"),  # 无主: no level card is of a trump suit
    ("SA", NO_TRUMP_7, "A"),  # … and spades are a side suit
]


@pytest.mark.parametrize(("card", "trump", "expected"), CLASS_CASES)
def test_card_class_follows_the_trump(card: str, trump: Trump, expected: str) -> None:
    assert card_class(parse_card(card), trump) == expected


def test_every_class_has_a_power_and_a_low_side_card_is_the_zero() -> None:
    assert set(CLASSES) == set(CLASS_POWER)
    assert CLASS_POWER["low"] == 0.0


def test_least_squares_recovers_a_linear_law() -> None:
    xs = [[1.0, float(i), float(i * i % 7)] for i in range(30)]
    ys = [0.5 + 2.0 * b - 3.0 * c for _, b, c in xs]
    got = least_squares(xs, ys)
    assert got == pytest.approx([0.5, 2.0, -3.0], abs=1e-3)


def test_the_fits_positions_are_whole_rounds_with_their_final_score() -> None:
    positions = positions_of_round(1001)
    assert positions, "a round has tricks with three or more left"
    finals = {p.final for p in positions}
    assert len(finals) == 1, "every position of a round ends in the same score"
    for p in positions:
        assert p.score <= p.final
        assert sum(p.diff) == 0, "both teams hold as many cards (R8, R18)"
        assert p.cards >= 12  # three tricks or more: at least 3 cards in each hand


def _world(hands: list[str], kitty: str, trump: Trump = SPADES_2) -> World:
    return World.at_first_trick(trump, [parse_cards(h) for h in hands], parse_cards(kitty),
                                0, 0, DEFAULT_RULES)


def test_the_estimate_leans_to_the_team_with_the_power() -> None:
    # seat 0 deals (the declarers: 0 and 2); the attackers are 1 and 3
    strong = ["H3 H4", "BJ SA", "C3 C4", "LJ HA"]
    weak = ["BJ SA", "H3 H4", "LJ HA", "C3 C4"]
    kitty = "HK DK"
    attackers_strong, _ = expected_end(_world(strong, kitty))
    attackers_weak, _ = expected_end(_world(weak, kitty))
    assert attackers_strong > attackers_weak
    rest = points_of(parse_cards(" ".join(strong)))
    for hands in (strong, weak):
        mean, sd = expected_end(_world(hands, kitty))
        assert 0.0 <= mean <= rest + 2 * 20 and sd > 0  # (the kitty's 20 points, 抠底 ×2)
