"""Invariants over random seeds and positions (hypothesis)."""

import contextlib
import itertools
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.actions import Bid, Bury, Pass, Play, Snatch
from engine.cards import ALL_CARDS, full_deck, points_of
from engine.errors import GameError
from engine.match import DEAL, Match
from engine.options import follow_options, lead_options
from engine.rules import (
    Trump,
    best_follow_key,
    check_follow,
    classify,
    decompose,
    follow_key,
    shape_counts,
    trick_winner,
)
from engine.save import load_match, save_match
from engine.selfplay import RandomPlayer, next_action, play_match, play_round

SLOW = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**31)


def advanced(seed: int, steps: int, bid_chance: float = 0.2) -> Match:
    """A match from `seed` after up to `steps` actions of random players, within one round."""
    m = Match(seed)
    players = [RandomPlayer(s, seed, bid_chance=bid_chance) for s in range(4)]
    for _ in range(steps):
        if m.phase in ("result", "match-over"):
            break
        m.apply(next_action(m, players))
    return m


def all_cards_in_play(m: Match) -> list:
    r = m.round
    undealt = r.deck[r.dealt:] if m.phase == DEAL else []
    tricks = [c for t in r.tricks for _, p in t.plays for c in p]
    return [c for h in r.hands for c in h] + list(r.kitty) + undealt + tricks


def check_invariants(m: Match) -> None:
    cards = all_cards_in_play(m)
    assert Counter(cards) == Counter(full_deck()), "all 162 cards accounted for"
    assert points_of(cards) == 300
    if not m.is_over:
        m.verify(m.a_legal_action())  # never stuck
    for seat in range(4):
        for option in m.play_options(seat):
            m.verify(Play(seat, option))


@SLOW
@given(seeds)
def test_invariants_hold_through_a_random_round(seed):
    m = Match(seed)
    players = [RandomPlayer(s, seed, bid_chance=0.2) for s in range(4)]
    check_invariants(m)
    play_round(m, players, observe=lambda action, events: check_invariants(m))
    assert m.phase in ("result", "match-over")


@settings(max_examples=3, deadline=None)
@given(seeds)
def test_a_random_full_match_ends_and_replays_identically(seed):
    m = play_match(seed)
    assert m.is_over and m.winner in (0, 1)
    assert m.levels[m.winner] == "BJ"
    text = save_match(m)
    assert save_match(load_match(text)) == text


@SLOW
@given(seeds, st.integers(min_value=0, max_value=400), st.randoms(use_true_random=False))
def test_illegal_actions_leave_the_state_unchanged(seed, steps, rnd):
    m = advanced(seed, steps, bid_chance=0.1)
    before = save_match(m)
    for _ in range(20):
        seat = rnd.randrange(4)
        hand = m.hand(seat) or list(ALL_CARDS[:3])
        picked = tuple(rnd.sample(hand, min(len(hand), rnd.choice([1, 2, 3, 10]))))
        action = rnd.choice([Bid(seat, picked), Pass(seat), Bury(seat, picked),
                             Snatch(seat, picked), Play(seat, picked)])
        try:
            m.verify(action)
        except GameError:
            with contextlib.suppress(GameError):
                m.apply(action)
            assert save_match(m) == before
        else:
            return  # a legal action: nothing more to check here


@SLOW
@given(seeds, st.integers(min_value=0, max_value=800))
def test_save_load_save_is_identical_at_any_point(seed, steps):
    m = advanced(seed, steps)
    text = save_match(m)
    again = load_match(text)
    assert save_match(again) == text
    assert [again.view(s) for s in range(4)] == [m.view(s) for s in range(4)]


# --- the R21 key, checked against brute force on small hands --------------------------------

TRUMPS = [Trump("6", "H"), Trump("2", "S"), Trump("A", None), Trump("10", "D")]


@st.composite
def follow_positions(draw):
    trump = draw(st.sampled_from(TRUMPS))
    led = draw(st.sampled_from(sorted({trump.suit_of(c) for c in ALL_CARDS})))
    suit = [c for c in ALL_CARDS if trump.suit_of(c) == led]
    pool = [c for c in suit for _ in range(3)]
    lead = draw(st.lists(st.sampled_from(suit), min_size=1, max_size=6))
    lead = [c for c, n in Counter(lead).items() for _ in range(min(n, 3))]
    hand = draw(st.lists(st.sampled_from(pool), min_size=len(lead) + 1, max_size=11))
    hand = [c for c, n in Counter(hand).items() for _ in range(min(n, 3))]
    return trump, lead, hand


@settings(max_examples=300, deadline=None)
@given(follow_positions())
def test_best_follow_key_matches_brute_force(position):
    trump, lead, hand = position
    n = len(lead)
    if len(hand) <= n:
        return
    tp, p = shape_counts(decompose(lead, trump))
    brute = max(follow_key(list(g), tp, p, trump) for g in itertools.combinations(hand, n))
    assert best_follow_key(hand, n, tp, p, trump) == brute
    for option in follow_options(hand, lead, trump):
        check_follow(hand, lead, option, trump)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(TRUMPS), st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=20),
       st.randoms(use_true_random=False))
def test_every_lead_option_is_one_unit_and_wins_against_discards(trump, hand, rnd):
    for unit in lead_options(hand, trump):
        assert len(classify(unit.cards, trump)) == 1
        discards = [list(unit.cards)] + [rnd.sample(list(ALL_CARDS), len(unit.cards))
                                         for _ in range(3)]
        assert 0 <= trick_winner(discards, trump) < 4


def reshuffle_hidden(m: Match, seat: int, rnd) -> Match:
    """A copy of `m` where every card `seat` cannot see (other hands, and the kitty unless
    it buried it) is dealt anew among those places, keeping their sizes."""
    other = m.clone()
    r = other.round
    places = [s for s in range(4) if s != seat]
    hidden = [c for s in places for c in r.hands[s]]
    kitty_hidden = m.view(seat).kitty is None
    if kitty_hidden:
        hidden += r.kitty
    rnd.shuffle(hidden)
    for s in places:
        n = len(r.hands[s])
        r.hands[s], hidden = hidden[:n], hidden[n:]
    if kitty_hidden:
        r.kitty = hidden
    return other


@SLOW
@given(seeds, st.integers(min_value=160, max_value=700), st.randoms(use_true_random=False))
def test_a_view_does_not_change_when_hidden_cards_are_reshuffled(seed, steps, rnd):
    m = advanced(seed, steps)
    assert m.round.dealt > 0
    for seat in range(4):
        assert reshuffle_hidden(m, seat, rnd).view(seat) == m.view(seat)
