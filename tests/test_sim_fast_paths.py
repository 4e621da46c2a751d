"""The quicker paths the hard bot's simulator takes agree with the general rules they stand
for (hypothesis, random holdings under random trumps)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bots.play import UNITS_MEMO_SIZE, read_units, units_memo
from engine.cards import ALL_CARDS, COPIES, RANKS, SUITS
from engine.options import build_follows, cheap_first, points_first, strong_first
from engine.rules import Trump, check_follow, decompose, pair_runs, shape_counts, trick_winner

trumps = st.builds(Trump, st.sampled_from(RANKS), st.sampled_from([*SUITS, None]))
# up to three copies of each card (three decks)
holdings = st.lists(st.sampled_from(ALL_CARDS), max_size=30).filter(
    lambda cs: all(cs.count(c) <= COPIES for c in cs))


def reference_runs(cards, trump):
    """R16 runs of adjacent pairs, straight from the definition: the distinct cards held
    twice or more, in index order, cut where two neighbours are not adjacent."""
    paired = sorted({c for c in cards if cards.count(c) >= 2}, key=lambda c: c.index)
    runs = []
    for c in paired:
        if runs and trump.adjacent(runs[-1][-1], c):
            runs[-1].append(c)
        else:
            runs.append([c])
    return runs


@settings(max_examples=300, deadline=None)
@given(trumps, holdings)
def test_pair_runs_as_defined(trump, cards):
    assert pair_runs(cards, trump) == reference_runs(cards, trump)


@settings(max_examples=300, deadline=None)
@given(trumps, holdings, holdings)
def test_read_units_is_decompose_cold_and_warm(trump, cards, other):
    memo: dict = {}
    assert read_units(cards, trump, memo) == decompose(cards, trump)
    read_units(other, trump, memo)
    assert read_units(cards, trump, memo) == decompose(cards, trump)  # from the memo
    shared = units_memo(trump)
    assert read_units(cards, trump, shared) == decompose(cards, trump)
    assert len(shared) <= UNITS_MEMO_SIZE


@settings(max_examples=200, deadline=None)
@given(trumps, holdings, st.data())
def test_build_follows_each_preference_alone_and_legal(trump, cards, data):
    suit = trump.play_suits[cards[0].index] if cards else "S"
    suit_cards = [c for c in cards if trump.play_suits[c.index] == suit]
    if len(suit_cards) < 3:
        return
    n = data.draw(st.integers(min_value=2, max_value=len(suit_cards) - 1))
    lead = data.draw(st.lists(st.sampled_from([c for c in ALL_CARDS
                                                if trump.play_suits[c.index] == suit]),
                              min_size=n, max_size=n))
    tp, p = shape_counts(decompose(lead, trump))
    prefs = (cheap_first(trump), strong_first(trump), points_first(trump))
    together = build_follows(suit_cards, n, tp, p, trump, prefs)
    for pref, follow in zip(prefs, together, strict=True):
        assert build_follows(suit_cards, n, tp, p, trump, (pref,)) == [follow]
        check_follow(suit_cards, tuple(lead), tuple(follow), trump)  # raises if illegal


@settings(max_examples=300, deadline=None)
@given(trumps, st.data())
def test_trick_winner_given_the_lead_units_is_the_same(trump, data):
    suit = data.draw(st.sampled_from(sorted(set(trump.play_suits))))  # (a trump suit has
    of_suit = [c for c in ALL_CARDS if trump.play_suits[c.index] == suit]  # no side cards)
    n = data.draw(st.integers(min_value=1, max_value=6))
    lead = data.draw(st.lists(st.sampled_from(of_suit), min_size=n, max_size=n))
    others = [data.draw(st.lists(st.sampled_from(ALL_CARDS), min_size=n, max_size=n))
              for _ in range(3)]
    plays = [lead, *others]
    assert trick_winner(plays, trump, decompose(lead, trump)) == trick_winner(plays, trump)
