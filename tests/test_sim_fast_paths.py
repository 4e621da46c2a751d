"""The quicker paths the hard bot's simulator takes agree with the general rules they stand
for (hypothesis, random holdings under random trumps)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bots import make_bot
from engine.bots.base import make_ctx
from engine.bots.hard import World, sample_hands, shuffle
from engine.bots.play import (
    UNITS_MEMO_SIZE,
    TrickInfo,
    choose_follow,
    choose_lead,
    follow_candidates,
    read_units,
    score_follows,
    units_memo,
)
from engine.cards import ALL_CARDS, COPIES, RANKS, SUITS, remove_card
from engine.driver import next_action
from engine.match import Match
from engine.options import build_follows, cheap_first, points_first, strong_first
from engine.phase import Phase
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


# --- the rollouts' fast paths of the normal policy ----------------------------------------


def general_follow(ctx):
    """The normal policy's follow by its general path: every candidate scored."""
    ti = TrickInfo(ctx)
    cands = follow_candidates(ctx, ti)
    if len(cands) == 1:
        return cands[0]
    return max(score_follows(ctx, ti, cands), key=lambda x: x[0])[1]


def rollout_from(seed: int, plays: int):
    """A sampled world (as hard's search samples it) from the position after `plays` card
    plays of a normal bots' round of `seed`; None if the round is over by then."""
    m = Match(seed)
    normal = [make_bot("normal", s, seed) for s in range(4)]
    done = 0
    while not m.phase.round_over:
        if m.phase == Phase.PLAY and m.to_act is not None:
            if done == plays:
                break
            done += 1
        m.apply(next_action(m, normal))
    if m.phase.round_over:
        return None
    view = m.view(m.to_act)
    ctx = make_ctx(view)
    hands, kitty = sample_hands(view, ctx.mem, ctx.trump, random.Random(seed))
    return World.from_view(view, ctx.mem, hands, kitty)


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=0, max_value=100))
def test_rollout_fast_paths_as_the_general_ones(seed, plays):
    """Every play of a rollout to its end: `choose_follow` (with its fast paths for a single
    or pair lead) chooses what the general path (every candidate scored) chooses, each
    candidate's effect on the trick is the rules' `trick_winner`, and a leader's sure units
    (found in one pass) are those `unit_beatable` finds one by one."""
    w = rollout_from(seed, plays)
    if w is None:
        return
    while not w.finished():
        seat = w.to_act()
        ctx = w.ctx(seat)
        if w.trick:
            play = choose_follow(ctx)
            assert play == general_follow(ctx), (seed, plays, ctx.trick, ctx.hand)
            ti = TrickInfo(ctx)
            so_far = [cards for _, cards in ctx.trick]
            for cand in follow_candidates(ctx, ti):  # the trick's winner as the rules judge it
                assert ti.winner_with(ctx, cand) == trick_winner([*so_far, cand], ctx.trump)
        else:
            for suit in ctx.groups():
                assert ctx.sure(suit) == [u for u in ctx.units(suit)
                                          if not ctx.unit_beatable(u.kind, u.cards, suit)]
            play = choose_lead(ctx)
        w.play(seat, play)


@settings(max_examples=200, deadline=None)
@given(holdings, st.data())
def test_remove_card_is_list_remove(cards, data):
    """cards.remove_card (by identity) takes out the same copy list.remove (by ==) does."""
    if not cards:
        return
    c = data.draw(st.sampled_from(cards))
    by_identity, by_equality = list(cards), list(cards)
    remove_card(by_identity, c)
    by_equality.remove(c)
    assert [x.index for x in by_identity] == [x.index for x in by_equality]


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=162))
def test_shuffle_is_random_shuffle(seed, n):
    """hard.shuffle draws and orders as Random.shuffle does, on this runtime."""
    mine, theirs = list(range(n)), list(range(n))
    a, b = random.Random(seed), random.Random(seed)
    shuffle(mine, a)
    b.shuffle(theirs)
    assert mine == theirs and a.random() == b.random()
