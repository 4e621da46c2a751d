"""ui.logic.result: the round's result as the page shows it, from the engine's settlement.

The cases follow the rules: R26's bands (a rise of 0, 1, 2, 3, 6), R27 (kept or lost deal),
R28 (the next 庄家), R25 (the kitty's multiplier, or none), R5 (a rise stops at 小王), from
either side of the table. Each settlement is made with the engine's own functions, as
engine.match makes it; the model only reads it.
"""

from __future__ import annotations

import dataclasses
import re

import pytest

from engine import events as ev
from engine.bots import make_bot
from engine.cards import points_of
from engine.driver import next_action
from engine.match import Match
from engine.scoring import band, raise_level, settlement
from engine.seats import next_seat, partner_of, team_of
from engine.view import SeatView
from ui.logic import explain, render
from ui.logic.result import (
    captured_line,
    deal_line,
    kitty_line,
    level_line,
    result_model,
    summary,
    verdict,
)


def finished(seed: int = 6) -> Match:
    m = Match(seed)
    players = [make_bot("random", s, seed, bid_chance=0.2) for s in range(4)]
    while not m.phase.round_over:
        m.apply(next_action(m, players))
    return m


def with_settlement(view: SeatView, score: int, dealer: int, before: tuple[str, str],
                    kitty_points: int = 15, multiplier: int = 0,
                    winner: int | None = None) -> SeatView:
    """`view` with the engine's settlement of `score` (R26–R28) for a round dealt by `dealer`
    with the teams at `before`."""
    settled = settlement(score, dealer, before)
    declarers = team_of(dealer)
    res = ev.RoundSettled(
        score=score, declarers_keep=settled.keep, rising_team=settled.rising, rise=settled.rise,
        levels=settled.levels, levels_before=before, next_dealer=settled.next_dealer, round_no=1,
        dealer=dealer, level=before[declarers], trump_rank=before[declarers], trump_suit="S",
        trick_points=score - kitty_points * multiplier, kitty_points=kitty_points,
        kitty_multiplier=multiplier, penalty_points=0, band=band(score))
    return dataclasses.replace(view, result=res, winner=winner)


@pytest.fixture(scope="module")
def view() -> SeatView:
    return finished().view(0)


# (score, dealer, levels before, deal, won, rise, us, them): the player sits at seat 0 (team 0)
CASES = [
    (0, 0, ("2", "2"), "kept", True, 6, "Us: 2 → 8", "Them: 2, unchanged"),
    (40, 2, ("5", "3"), "kept", True, 3, "Us: 5 → 8", "Them: 3, unchanged"),
    (85, 0, ("2", "2"), "kept", True, 1, "Us: 2 → 3", "Them: 2, unchanged"),
    (120, 0, ("9", "4"), "lost", False, 0, "Us: 9, unchanged", "Them: 4, unchanged"),
    (185, 2, ("9", "4"), "lost", False, 2, "Us: 9, unchanged", "Them: 4 → 6"),
    (85, 1, ("4", "7"), "held", False, 1, "Us: 4, unchanged", "Them: 7 → 8"),
    (120, 3, ("4", "7"), "taken", True, 0, "Us: 4, unchanged", "Them: 7, unchanged"),
    (150, 1, ("4", "7"), "taken", True, 1, "Us: 4 → 5", "Them: 7, unchanged"),
    (210, 3, ("Q", "7"), "taken", True, 3, "Us: Q → small joker", "Them: 7, unchanged"),  # R5 stop
]


@pytest.mark.parametrize(("score", "dealer", "before", "deal", "won", "rise", "us", "them"),
                         CASES)
def test_the_deal_the_rise_and_both_levels_from_the_players_side(
        view, score, dealer, before, deal, won, rise, us, them):
    model = result_model(with_settlement(view, score, dealer, before))
    assert model is not None
    assert (model.deal, model.won, model.rise) == (deal, won, rise)
    assert (level_line(model.levels[0], "en"), level_line(model.levels[1], "en")) == (us, them)
    assert model.levels[0].mine and not model.levels[1].mine
    assert verdict(model, "en") == ("Your side won this round!" if won
                                    else "Your side lost this round")
    if rise:
        assert re.search(rf"\brises? {rise}$", deal_line(model, "en"))  # (they rise, a side rises)
        assert deal_line(model, "zh").endswith(f"升 {rise} 级")
    else:  # (taken at the target's band: "rise 0" read oddly)
        assert deal_line(model, "en").endswith("no rise")
        assert deal_line(model, "zh").endswith("不升级")
    assert deal_line(model, "zh") and level_line(model.levels[0], "zh")
    # R28, as the table reads: the 庄家's partner while the declarers keep the deal
    keep = score < view.rules.threshold
    assert model.next_dealer == (partner_of(dealer) if keep else next_seat(dealer))


@pytest.mark.parametrize(("points", "multiplier", "en", "zh"), [
    (15, 2, "15 × 2 = 30", "15 分 × 2 = 30"),
    (40, 2, "40 × 2 = 80", "40 分 × 2 = 80"),
    (25, 0, "25 points, kept by the declarers", "25 分归庄家方"),
    (0, 2, "no points", "没有分"),  # (a daily player read "0 × 2 = 0 … count 2 times")
    (0, 0, "no points", "没有分"),
])
def test_the_kitty_turned_over_with_its_multiplier(view, points, multiplier, en, zh):
    settled = with_settlement(view, 100, 0, ("2", "2"), points, multiplier)
    model = result_model(settled)
    assert model is not None
    assert (model.kitty_points, model.kitty_multiplier) == (points, multiplier)
    assert model.kitty_bonus == points * multiplier
    assert kitty_line(model, "en") == en and kitty_line(model, "zh") == zh
    why = explain.kitty_why(settled, "en"), explain.kitty_why(settled, "zh")
    if points:  # the multiplier said where the attackers took the last trick (R25)
        assert (f"count {multiplier} times" in why[0]) == bool(multiplier), why
    else:
        assert "no points" in why[0] and "没有分" in why[1] and "×" not in "".join(why)
        assert ("抠底" in why[0]) == bool(multiplier)
    assert model.kitty == view.kitty and len(model.kitty) == view.rules.kitty_size


def test_a_match_won_says_so_and_names_no_next_dealer(view):
    model = result_model(with_settlement(view, 30, 0, ("BJ", "K"), winner=0))
    assert model is not None and model.match_won is True and model.next_dealer is None
    assert verdict(model, "en") == "Your team wins the match!"
    lost = result_model(with_settlement(view, 30, 1, ("K", "BJ"), winner=1))
    assert lost is not None and verdict(lost, "en") == "The other team wins the match"


def test_a_real_round_the_engine_settled():
    """On rounds played by bots: the point cards are the attackers' (R4, R24), the levels the
    engine's before and after, and the summary says every fact in both languages."""
    for seed in (1, 2, 3, 6, 9):
        m = finished(seed)
        view, res = m.view(0), m.round.result
        model = result_model(view)
        assert model is not None and res is not None
        point_cards = view.point_cards_won(res.attackers)
        assert sum(n for _, n in model.captured) == len(point_cards)
        assert [r for r, _ in model.captured] == [r for r in ("5", "10", "K")
                                                   if any(c.rank == r for c in point_cards)]
        assert points_of(point_cards) == res.trick_points
        rising = model.levels[0] if res.rising_team == view.team else model.levels[1]
        assert raise_level(rising.before, res.rise) == rising.after
        assert str(res.trick_points) in captured_line(model, "en")
        side, kitty_why = explain.side_line(view, "en"), explain.kitty_why(view, "en")
        text = summary(model, "en", side, kitty_why)
        assert f"Attackers scored {res.score}" in text
        assert re.search(rf"\brises? {res.rise}\b" if res.rise else "no rise", text)
        assert "New levels: us" in text and "Before the round: us" in text
        assert "Kitty: " in text and side in text and kitty_why[1:] in text  # (a sentence now)
        # each fact once: the score and its target are not said again in other words
        assert explain.result_lines(view, "en")[1] not in text  # ("…needed 120 points…")
        assert "SJ" not in text and "BJ" not in text  # a joker by its name
        assert summary(model, "zh", explain.side_line(view, "zh"), explain.kitty_why(view, "zh"))
        html = render.result_html(view, "en")
        assert html.count('data-card=') == len(view.kitty or ()) and 'class="sr-only"' in html


def test_no_model_before_the_round_is_settled():
    m = Match(3)
    assert result_model(m.view(0)) is None
    assert render.result_html(m.view(0), "en") == ""
