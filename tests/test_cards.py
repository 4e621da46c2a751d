"""R1 deck, R3 notation, R4 points."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cards import ALL_CARDS, DECK_SIZE, card, format_cards, full_deck, parse_cards, points_of
from engine.errors import CardParseError


def test_r1_deck_has_162_cards_each_distinct_card_three_times():
    deck = full_deck()
    assert len(deck) == DECK_SIZE == 162
    assert len(ALL_CARDS) == 54
    assert all(deck.count(c) == 3 for c in ALL_CARDS)


def test_r4_points_total_300():
    assert points_of(full_deck()) == 300
    assert points_of(parse_cards("S5 H10 CK DA BJ")) == 25


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("S6 S6 H10 BJ", "S6 S6 H10 BJ"),
        ("st ht dT", "S10 H10 D10"),
        ("♠6 ♥10 ♣A ♦K", "S6 H10 CA DK"),
        ("小王 大王", "LJ BJ"),
        ("lj bj", "LJ BJ"),
        ("sj hq", "SJ HQ"),  # ♠J is never read as a joker
        ("c2 da", "C2 DA"),
    ],
)
def test_r3_parsing_accepts_aliases_and_formats_canonically(text, canonical):
    assert format_cards(parse_cards(text)) == canonical


@pytest.mark.parametrize("bad", ["S1", "X5", "S11", "H", "JJ", "S 6", "10"])
def test_r3_bad_tokens_raise_card_parse_error(bad):
    with pytest.raises(CardParseError) as err:
        parse_cards(bad)
    assert isinstance(err.value, ValueError)


@given(st.lists(st.sampled_from(ALL_CARDS), max_size=30))
def test_r3_round_trip(cards):
    assert parse_cards(format_cards(cards)) == cards


def test_cards_are_interned_values():
    assert parse_cards("S6")[0] is card("S6")
    assert card("H10").points == 10 and card("LJ").is_joker
