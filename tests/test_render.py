"""The page's HTML built from seat 0's view (ui/render.py), checked on CPython."""

import re

from engine.bots import make_bot
from engine.driver import next_action
from engine.match import Match
from ui import render
from ui.i18n import TEXT, preferred_language


def position(phase="play", seed=4):
    m = Match(seed)
    players = [make_bot("random", s, seed, bid_chance=0.2) for s in range(4)]
    events = []
    while m.phase != phase:
        events += m.apply(next_action(m, players))
    return m, events


def test_hand_has_one_element_per_card_with_hooks():
    m, _ = position("bid")
    view = m.view(0)
    html = render.hand_html(view, render.Screen(selected={0, 3}))
    cards = re.findall(r'data-card="([^"]+)"', html)
    assert cards == [str(c) for c in view.hand]
    assert html.count('aria-selected="true"') == 2
    assert html.count('role="option"') == len(view.hand)


def test_status_names_levels_trump_dealer_points_and_turn_in_both_languages():
    m, _ = position("play")
    view = m.view(0)
    en, zh = render.status_html(view, "en"), render.status_html(view, "zh")
    assert "Levels" in en and "Trump" in en and "Dealer" in en and "Attackers" in en
    assert "级别" in zh and "主" in zh and "庄家" in zh and "抓分" in zh


def test_every_notable_event_has_a_sentence():
    _, events = position("result", seed=6)
    lines = [render.event_line(e, "en") for e in events]
    kinds = {e.kind for e, line in zip(events, lines, strict=True) if line}
    assert {"TrumpDecided", "TrickWon", "KittyBuried"} <= kinds
    assert all(render.event_line(e, "zh") for e in events if e.kind in kinds)


def test_result_shows_score_band_rise_levels_and_next_dealer():
    m, _ = position("result", seed=6)
    html = render.result_html(m.view(0), "en")
    res = m.round.result
    assert f"scored {res.score}" in html and f"rise {res.rise}" in html
    assert "Next dealer" in html or "match" in html


def test_result_shows_the_engines_breakdown_with_a_throw_penalty():
    """The page formats RoundSettled: trick points are not the score minus the kitty."""
    from engine.config import RulesConfig
    from engine.match import Start

    m = Match(6, RulesConfig(throw_penalty_per_card=10), Start(dealer=1, levels=("5", "5")))
    players = [make_bot("random", s, 6) for s in range(4)]
    while not m.phase.round_over:
        if m.phase == "play" and m.to_act in (1, 3) and not m.round.current_trick:
            throw = failing_throw(m)
            if throw:
                m.apply(throw)
                continue
        m.apply(next_action(m, players))
    res = m.round.result
    assert res.penalty_points > 0, "the test needs a failed throw"
    html = render.result_html(m.view(0), "en")
    assert f"from tricks: {res.trick_points}" in html
    assert f"penalties {res.penalty_points}" in html and f"scored {res.score}" in html


def failing_throw(m):
    """A throw of two side-suit singles that another seat can beat, if the leader has one
    (declarers here: their failed throws give the attackers points, R19)."""
    from engine.actions import Play
    from engine.rules import check_throw

    seat, trump = m.to_act, m.round.trump
    hand = m.hand(seat)
    for suit in "SHCD":
        singles = sorted({c for c in hand if trump.suit_of(c) == suit}, key=trump.order)
        if len(singles) >= 2:
            lead = (singles[0], singles[-1])
            others = [m.hand(s) for s in range(4) if s != seat]
            if check_throw(lead, others, trump) is not None:
                return Play(seat, lead)
    return None


def test_every_text_has_both_languages_and_browser_language_is_respected():
    assert all(zh and en for zh, en in TEXT.values())
    assert preferred_language(["zh-CN", "en"]) == "zh"
    assert preferred_language(["en-GB", "zh"]) == "en"
    assert preferred_language([]) == "en"
