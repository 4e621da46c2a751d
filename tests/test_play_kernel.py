"""One play kernel: the hard bot's simulator (engine.bots.hard.World) plays a round on as
`Match` plays it (R19, R22–R25).

From random positions of random rounds, under rules that charge a penalty for a failed throw,
the same plays are applied to the match and to a World built from it with every hand known
(the kitty too), and every result must agree: each play as it lands (a failed throw leads the
unit R19 forces), each trick's winner, both teams' points and penalties after every play, and
at the end 抠底 (the kitty's points and multiplier) and the final score. The plays are the
simulator's normal policy's, except that a lead is now and then a throw of all the leader's
cards of one suit, which seldom stands: so that throws fail, and are charged, on both sides.
"""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Play
from engine.bots import make_bot
from engine.bots.hard import World
from engine.bots.knowledge import build_memory
from engine.bots.play import choose_play
from engine.cards import Card
from engine.config import RulesConfig
from engine.driver import next_action
from engine.match import Match
from engine.phase import Phase
from engine.rules import Trump, decompose
from engine.seats import SEATS

RULES = RulesConfig(throw_penalty_per_card=10)  # R19's optional penalty, set
THROW_CHANCE = 0.3  # how often a lead is a whole suit's cards, when the hand has such a throw


def a_throw(hand: list[Card], trump: Trump, rng: random.Random) -> tuple[Card, ...] | None:
    """All of `hand`'s cards of one play-suit, chosen at random among those that read as two
    units or more (a throw), or None."""
    by_suit: dict[str, list[Card]] = {}
    for c in hand:
        by_suit.setdefault(trump.play_suits[c.index], []).append(c)
    throws = [cards for _, cards in sorted(by_suit.items()) if len(decompose(cards, trump)) > 1]
    return tuple(rng.choice(throws)) if throws else None


def position(seed: int, plays: int, rng: random.Random) -> Match | None:
    """A round of `seed` dealt, bid and buried by normal bots, then played on for `plays`
    card plays by them (a lead now and then a throw of a whole suit); None if it is over."""
    m = Match(seed, RULES)
    bots = [make_bot("normal", s, seed) for s in SEATS]
    done = 0
    while not m.phase.round_over:
        seat = m.to_act
        if m.phase == Phase.PLAY and seat is not None:
            if done == plays:
                return m
            done += 1
            throw = a_throw(m.hand(seat), m.trump, rng) if not m.round.current_trick else None
            if throw is not None and rng.random() < THROW_CHANCE:
                m.apply(Play(seat, throw))
                continue
        m.apply(next_action(m, bots))
    return None


def world_of(m: Match) -> World:
    """The match's round as a World: the view of the seat to act, with every hand and the
    kitty as they are."""
    view = m.view(m.to_act)
    return World.from_view(view, build_memory(view, view.trump),
                           [m.hand(s) for s in SEATS], list(m.round.kitty))


def simulator_play(w: World, rng: random.Random) -> tuple[int, tuple[Card, ...]]:
    """The seat to act in `w` and its play: the normal policy's, or a lead thrown."""
    seat = w.to_act()
    if not w.trick and rng.random() < THROW_CHANCE:
        throw = a_throw(w.hands[seat], w.trump, rng)
        if throw is not None:
            return seat, throw
    return seat, choose_play(w.ctx(seat))


def play_on_both(seed: int, plays: int) -> dict[str, int]:
    """Play the round of `seed` on from its `plays`-th card play through a Match and a World,
    checking that they agree at every play and at the end; what happened, counted."""
    rng = random.Random(seed * 1000 + plays)
    m = position(seed, plays, rng)
    seen = {"positions": 0, "charged before": 0, "throws failed": 0, "kitty taken": 0,
            "kitty kept": 0}
    if m is None:
        return seen
    seen["positions"] = 1
    w = world_of(m)
    assert w.tally.penalties == m.round.tally.penalties  # (from the view: public, R19)
    seen["charged before"] = int(any(w.tally.penalties))
    r = m.round
    while not w.finished():
        seat, cards = simulator_play(w, rng)
        assert m.to_act == seat
        m.apply(Play(seat, cards))
        w.play(seat, cards)
        trick = r.tricks[-1]
        if trick.winner is None:
            assert w.trick == trick.plays  # (a failed throw: the forced unit, on both)
        else:
            assert w.trick == [] and w.leader == trick.winner
        if trick.failed_throw is not None and len(trick.plays) == 1:
            seen["throws failed"] += 1
        assert w.tally.points == r.tally.points
        assert w.tally.penalties == r.tally.penalties
    result = r.result
    assert result is not None and m.phase.round_over
    attackers = w.attack_team
    assert w.tally.kitty_multiplier == result.kitty_multiplier
    assert w.tally.kitty_bonus == result.kitty_points * result.kitty_multiplier
    assert w.tally.points[attackers] == result.trick_points
    assert w.tally.penalties[attackers] == result.penalty_points
    assert w.tally.attackers_score(attackers) == result.score
    seen["kitty taken" if result.kitty_multiplier else "kitty kept"] += 1
    return seen


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=0, max_value=150))
def test_the_simulator_plays_a_round_on_as_the_match_does(seed, plays):
    play_on_both(seed, plays)


def test_the_positions_cover_failed_throws_and_both_ends_of_the_kitty():
    """The comparison above meets what it is there for: throws that fail (and are charged),
    rounds whose last trick the attackers take (抠底) and rounds whose last trick they lose."""
    seen: dict[str, int] = {}
    for seed, plays in ((1, 0), (2, 40), (3, 60), (4, 10), (5, 60), (6, 100), (7, 20), (8, 0)):
        for key, n in play_on_both(seed, plays).items():
            seen[key] = seen.get(key, 0) + n
    assert seen["positions"] == 8
    assert seen["throws failed"] >= 3 and seen["charged before"] >= 3, seen
    assert seen["kitty taken"] and seen["kitty kept"], seen
