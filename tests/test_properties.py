"""Invariants over random seeds and positions (hypothesis)."""

import contextlib
import itertools
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.actions import Bid, Bury, Pass, Play, Snatch
from engine.bots import make_bot
from engine.cards import ALL_CARDS, full_deck, points_of
from engine.driver import next_action, play_match, play_round
from engine.errors import GameError
from engine.match import Match
from engine.options import follow_options, lead_options
from engine.phase import Phase
from engine.rules import (
    Trump,
    best_follow_key,
    check_follow,
    classify,
    decompose,
    follow_key,
    pair_runs,
    playable_cards,
    shape_counts,
    single_or_pair_winner,
    trick_winner,
    trick_winner_by_units,
)
from engine.save import load_match, save_match

SLOW = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**31)


def advanced(seed: int, steps: int, bid_chance: float = 0.2) -> Match:
    """A match from `seed` after up to `steps` actions of random players, within one round."""
    m = Match(seed)
    players = [make_bot("random", s, seed, bid_chance=bid_chance) for s in range(4)]
    for _ in range(steps):
        if m.phase in ("result", "match-over"):
            break
        m.apply(next_action(m, players))
    return m


def all_cards_in_play(m: Match) -> list:
    r = m.round
    undealt = r.deck[r.dealt:] if m.phase == Phase.DEAL else []
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
    players = [make_bot("random", s, seed, bid_chance=0.2) for s in range(4)]
    check_invariants(m)
    play_round(m, players, observe=lambda action, events: check_invariants(m))
    assert m.phase in ("result", "match-over")


@settings(max_examples=3, deadline=None)
@given(seeds)
def test_a_random_full_match_ends_and_replays_identically(seed):
    m = Match(seed)
    play_match(m, [make_bot("random", s, seed, bid_chance=0.05) for s in range(4)])
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


# --- the rules' fast paths agree with the general ones -------------------------------------

levels = st.sampled_from(["2", "7", "10", "A"])
trump_suits = st.sampled_from(["S", "H", "C", "D", None])


def decompose_by_definition(cards, trump):
    """R17 spelled out plainly: tractors (longest, highest first), pairs, singles."""
    runs = pair_runs(cards, trump)
    tractors = sorted((r for r in runs if len(r) >= 3),
                      key=lambda r: (-len(r), -r[-1].value, -r[-1].index))
    pairs = sorted((c for r in runs if len(r) < 3 for c in r),
                   key=lambda c: (-trump.order(c), -c.index))
    left = Counter(cards)
    for r in runs:
        for c in r:
            left[c] -= 2
    singles = sorted(left.elements(), key=lambda c: (-trump.order(c), -c.index))
    return ([("tractor", tuple(c for c in r for _ in (0, 1))) for r in tractors]
            + [("pair", (c, c)) for c in pairs] + [("single", (c,)) for c in singles])


@settings(max_examples=300, deadline=None)
@given(levels, trump_suits, st.sampled_from(["S", "H", "C", "D", "T", None]),
       st.randoms(use_true_random=False))
def test_decompose_reads_units_as_r17_defines_them(level, suit, play_suit, rnd):
    """decompose's one-pass reading equals R17's definition, for cards of one play-suit and
    for mixed hands (play_suit None)."""
    trump = Trump(level, suit)
    pool = [c for c in full_deck() if play_suit is None or trump.suit_of(c) == play_suit]
    if not pool:
        return
    cards = rnd.sample(pool, rnd.randint(1, min(30, len(pool))))
    got = [(u.kind, u.cards) for u in decompose(cards, trump)]
    assert got == decompose_by_definition(cards, trump)


@settings(max_examples=400, deadline=None)
@given(levels, trump_suits, st.booleans(), st.randoms(use_true_random=False))
def test_single_and_pair_trick_winner_agrees_with_the_general_judgement(level, suit, pairs,
                                                                        rnd):
    """R22/R23: the quick path for single and pair leads names the same winner as the
    general reading by units, whatever the followers play (legal or not)."""
    trump = Trump(level, suit)
    deck = full_deck()
    lead_card = rnd.choice(deck)
    led = trump.suit_of(lead_card)
    same_suit = [c for c in deck if trump.suit_of(c) in (led, "T")]
    plays = [(lead_card, lead_card) if pairs else (lead_card,)]
    for _ in range(3):
        a = rnd.choice(same_suit if rnd.random() < 0.8 else deck)
        b = a if rnd.random() < 0.6 else rnd.choice(same_suit)
        plays.append((a, b) if pairs else (a,))
    assert single_or_pair_winner(plays, trump) == trick_winner_by_units(plays, trump)
    assert trick_winner(plays, trump) == trick_winner_by_units(plays, trump)


@settings(max_examples=40, deadline=None)
@given(levels, trump_suits)
def test_trump_tables_list_each_play_suit_strongest_first(level, suit):
    trump = Trump(level, suit)
    for play_suit, cards in trump.by_suit.items():
        want = sorted({c for c in ALL_CARDS if trump.suit_of(c) == play_suit},
                      key=lambda c: (-trump.order(c), -c.index))
        assert list(cards) == want
    assert sum(len(cs) for cs in trump.by_suit.values()) == len(ALL_CARDS)


# --- playable cards (the page dims the others) ------------------------------------------------


def playable_by_brute_force(hand, lead, trump):
    out = set()
    for combo in set(itertools.combinations(sorted(hand, key=lambda c: c.index), len(lead))):
        try:
            check_follow(hand, lead, combo, trump)
        except GameError:
            continue
        out.update(combo)
    return out


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["2", "7", "J"]), trump_suits, st.randoms(use_true_random=False))
def test_playable_cards_are_exactly_those_in_some_legal_follow(level, suit, rnd):
    """R20/R21: a card is playable when some legal follow holds it (checked against every
    n-card selection), for pair, tractor and throw leads and ragged hands."""
    trump = Trump(level, suit)
    play_suit = rnd.choice(sorted({trump.suit_of(c) for c in full_deck()}))
    pool = [c for c in full_deck() if trump.suit_of(c) == play_suit]
    # leads with pairs and tractors: take runs of pairs from the pool
    distinct = sorted({c for c in pool}, key=lambda c: c.index)
    start = rnd.randrange(len(distinct))
    lead = []
    for c in distinct[start:start + rnd.choice([1, 2, 3])]:
        lead += [c, c]
    if rnd.random() < 0.3:
        lead.append(rnd.choice(distinct))
    rest = Counter(pool)
    rest.subtract(lead)
    left = sorted(rest.elements(), key=lambda c: c.index)
    size = min(len(left), rnd.randint(max(0, len(lead) - 1), len(lead) + 5))
    suit_cards = rnd.sample(left, size)
    others = rnd.sample([c for c in full_deck() if trump.suit_of(c) != play_suit], 3)
    hand = suit_cards + others
    assert playable_cards(hand, lead, trump) == playable_by_brute_force(hand, lead, trump)


def test_every_card_is_playable_on_a_lead():
    trump = Trump("2", "S")
    hand = full_deck()[:20]
    assert playable_cards(hand, None, trump) == set(hand)
