"""Hard's lead candidates where the normal lead is a side pair nobody can beat (R16, R23):
no beatable pair or tractor is compared with it (engine.bots.hard.sure_pair_first). A daily
player's playtest saw the hint lead ♣J ♣J as 庄家 in the first trick while holding ♥A ♥A,
which no one can beat (three decks: the third ♥A is alone); in about half of such leads the
estimate at the rollouts' horizon chose the beatable pair (docs/bots.md)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.bots import make_bot
from engine.bots.base import make_ctx
from engine.bots.hard import HardBot, lead_candidates, safe_first, sure_pair_first
from engine.bots.play import choose_lead, read_units
from engine.driver import next_action
from engine.match import Match
from engine.phase import Phase
from engine.rules import TRUMP
from engine.view import SeatView


def first_leads(seed: int, count: int = 4) -> list[SeatView]:
    """The views of the seat to lead in a normal bots' round's first `count` tricks."""
    m = Match(seed)
    bots = [make_bot("normal", s, seed) for s in range(4)]
    views: list[SeatView] = []
    while not m.phase.round_over and len(views) < count:
        if m.phase == Phase.PLAY and m.to_act is not None:
            view = m.view(m.to_act)
            if view.current_trick is None or not view.current_trick.plays:
                views.append(view)
        m.apply(next_action(m, bots))
    return views


def beatable_pair(ctx, lead) -> bool:
    units = read_units(lead, ctx.trump, ctx.readings)
    suit = ctx.trump.play_suits[lead[0].index]
    sure = [tuple(sorted(u.cards)) for u in ctx.sure(suit)]
    return len(units) == 1 and units[0].pairs > 0 and tuple(sorted(lead)) not in sure


def sure_side_pair(ctx, lead) -> bool:
    suit = ctx.trump.play_suits[lead[0].index]
    units = read_units(lead, ctx.trump, ctx.readings)
    sure = [tuple(sorted(u.cards)) for u in ctx.sure(suit)]
    return (suit != TRUMP and any(u.pairs for u in units)
            and all(tuple(sorted(u.cards)) in sure for u in units))


LEADS = [(seed, view) for seed in range(300, 345) for view in first_leads(seed)]


def test_no_beatable_pair_is_compared_with_a_sure_side_pair_and_nothing_else_is_dropped():
    kept = dropped = 0
    for _, view in LEADS:
        ctx = make_ctx(view)
        normal = choose_lead(ctx)
        cands = safe_first(ctx, lead_candidates(ctx, normal))
        got = sure_pair_first(ctx, normal, cands)
        assert got[0] == cands[0] or normal in got  # (the normal lead is never dropped)
        if sure_side_pair(ctx, normal):
            assert not any(beatable_pair(ctx, c) for c in got)
            assert [c for c in cands if not beatable_pair(ctx, c)] == got
            dropped += len(cands) - len(got)
        else:
            assert got == cands
            kept += 1
    assert dropped and kept, (dropped, kept)  # the positions hold both cases


@pytest.mark.parametrize("seed, lead_no, sure, beatable", [(343, 0, "SA SA", "CJ CJ")])
def test_the_hint_leads_the_sure_pair_where_it_led_a_beatable_one(seed, lead_no, sure,
                                                                 beatable):
    """Seed 343, North's first lead: ♠A ♠A is sure; the search compared ♣J ♣J with it and,
    judged at its horizon, led the clubs. Now it is not compared, and ♠A ♠A is led."""
    view = first_leads(seed)[lead_no]
    searched = HardBot(view.seat, seed=seed, sure_pair="search").play(view)
    assert " ".join(map(str, searched)) == beatable
    assert " ".join(map(str, HardBot(view.seat, seed=seed).play(view))) == sure


def test_the_singles_compared_as_leads_break_no_pair_where_the_suit_has_a_lone_card():
    """A daily player saw the hint break ♥4 ♥4 and BJ BJ to lead a single. The singles hard
    compares besides the normal lead (each suit's lowest without points, and its highest)
    are lone cards where the suit has one; a suit of pairs only still offers one."""
    lone_only = broken_before = 0
    for _, view in LEADS:
        ctx = make_ctx(view)
        normal = choose_lead(ctx)
        held = Counter(ctx.hand)
        suits = ctx.trump.play_suits
        got = lead_candidates(ctx, normal)[1:]  # (the normal lead is the normal tier's)
        before = lead_candidates(ctx, normal, lone=False)[1:]
        for c in got:
            if len(c) == 1 and held[c[0]] > 1:  # a single from a pair or triple: its suit
                suit = suits[c[0].index]       # has no lone card (of the kind wanted)
                lone = [x for x in held if held[x] == 1 and suits[x.index] == suit]
                assert not lone or all(x.points for x in lone), (view.hand, c)
        singles = [c for c in got if len(c) == 1]
        lone_only += all(held[c[0]] == 1 for c in singles)
        broken_before += any(len(c) == 1 and held[c[0]] > 1 for c in before) and not any(
            len(c) == 1 and held[c[0]] > 1 for c in got)
        assert {len(c) for c in got} - {1} == {len(c) for c in before} - {1}
    assert lone_only and broken_before, (lone_only, broken_before)  # (both cases held)
