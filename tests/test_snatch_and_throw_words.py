"""Issue 28 item 6: a 抄底 is explained when it happens — what beat what by the bid order, in
the engine's words (engine.bidding.overcall), where the kitty went, the trump now and the 庄家
(whom a snatch never changes, R15) — and the Play control names a throw's units (R19) as the
engine decomposes the lead (engine.rules.classify) before the player leads it. On CPython."""

import re
from dataclasses import replace
from html import unescape

import pytest

from engine import events as ev
from engine.actions import Snatch
from engine.bidding import BIG_JOKERS, SIZE, SUIT, THREE_JOKERS, overcall
from engine.bots import make_bot
from engine.cards import parse_cards
from engine.driver import next_action
from engine.match import Match
from engine.phase import Phase
from engine.rules import Trump
from ui.logic import explain, log, render
from ui.logic.screen import Screen


@pytest.mark.parametrize("bid, standing, level, first, rule, en, zh", [
    ("H2 H2", "C2 C2", "2", False, SUIT,
     "♥2 ♥2 beats ♣2 ♣2: of two pairs of level cards the higher suit wins, ♠ > ♥ > ♣ > ♦ (R9)",
     "♥2 ♥2 大过 ♣2 ♣2：同为级牌对子，比花色：♠ > ♥ > ♣ > ♦（R9）"),
    ("D5 D5 D5", "S5 S5", "5", False, SIZE, "♦5 ♦5 ♦5 beats ♠5 ♠5: a triple outranks a pair (R9)",
     "♦5 ♦5 ♦5 大过 ♠5 ♠5：三张大过对子（R9）"),
    ("D2 D2", "S2", "2", True, SIZE, "♦2 ♦2 beats ♠2: a pair outranks a single (R10)",
     "♦2 ♦2 大过 ♠2：对子大过单张（R10）"),
    ("LJ LJ LJ", "S2 S2 S2", "2", False, THREE_JOKERS,
     "small joker ×3 beats ♠2 ♠2 ♠2: three identical jokers outrank any level cards (R9)",
     "小王 小王 小王 大过 ♠2 ♠2 ♠2：三张相同的王大过任何级牌（R9）"),
    ("BJ BJ", "LJ LJ", "LJ", False, BIG_JOKERS,
     "big joker ×2 beats small joker ×2: as many jokers, and the big joker outranks the "
     "small one (R13)",
     "大王 大王 大过 小王 小王：王的张数相同，大王大过小王（R13）"),
    # at a joker level there are no other level cards: three jokers win by their number
    ("LJ LJ LJ", "BJ BJ", "LJ", False, SIZE,
     "small joker ×3 beats big joker ×2: a triple outranks a pair (R13)",
     "小王 小王 小王 大过 大王 大王：三张大过对子（R13）"),
])
def test_the_engine_says_why_a_bid_beats_another(bid, standing, level, first, rule, en, zh):
    """The rule each order comes from (R9, R10 in the first round, R13 at a joker level) is
    kept (`cites`), but not said: a player's page names no rule numbers."""
    why = overcall(parse_cards(bid), parse_cards(standing), level, first)
    assert why is not None and why.rule == rule
    cited = re.search(r"\((R\d+)\)$", en)
    assert cited is not None and why.cites == cited[1]
    said = (en.removesuffix(f" ({cited[1]})"), zh.removesuffix(f"（{cited[1]}）"))
    assert (why.text("en"), why.text("zh")) == said
    assert "R" not in said[1]


def test_no_reason_where_the_bid_does_not_beat_the_standing_one():
    assert overcall(parse_cards("D2 D2"), parse_cards("S2 S2"), "2") is None
    assert overcall(parse_cards("S2 S2"), parse_cards("D2 D2"), "2", first_round=True) is None


def a_snatch():
    """The first snatch of a match of normal bots, with its events as seat 0 sees them."""
    for seed in range(80):
        m = Match(seed)
        players = [make_bot("normal", s, seed) for s in range(4)]
        while m.phase != Phase.PLAY:
            action = next_action(m, players)
            events = m.apply(action)
            if isinstance(action, Snatch):
                return m, [e.for_seat(0) for e in events]
    pytest.fail("no snatch in these seeds")


def test_a_snatch_is_told_with_what_beat_what_the_kitty_the_trump_and_the_dealer():
    m, events = a_snatch()
    made = next(e for e in events if isinstance(e, ev.BidMade))
    assert made.snatch and made.why is not None and made.dealer == m.round.dealer
    beaten = next(b for b in reversed(m.round.bids[:-1]))
    assert made.why.standing == beaten.cards and made.beaten_seat == beaten.seat
    for lang in ("en", "zh"):
        line = log.event_line(made, lang)
        assert made.why.text(lang) in line
        assert render.trump_name(m.round.decided_trump, lang) in line
    en = log.event_line(made, "en")
    assert "The kitty goes to" in en and "the dealer (庄家) is still" in en
    assert "底牌归" in log.event_line(made, "zh") and "庄家仍是" in log.event_line(made, "zh")


def test_a_snatch_line_names_you_and_the_dealer():
    why = overcall(parse_cards("H2 H2"), parse_cards("C2 C2"), "2")
    made = ev.BidMade(0, tuple(parse_cards("H2 H2")), "H", "2", snatch=True, overcall=True,
                      why=why, beaten_seat=3, dealer=3)
    assert log.event_line(made, "en") == (
        "You snatch the kitty with ♥2 ♥2. " + why.text("en") + ". The kitty goes to you to bury "
        "again; trump is now ♥ (2s); the dealer (庄家) is still West")
    assert log.event_line(made, "zh") == (
        "你抄底 ♥2 ♥2。" + why.text("zh") + "。底牌归你，重新扣底；现在的主：♥2；庄家仍是左家")


def test_a_snatch_keeps_its_mark_in_the_log_so_a_small_embed_still_shows_it():
    """A blog's frame shows no log but the snatch (index.html: li.snatch while the kitty goes
    round): the snatch's line, and only it, carries the class, in both languages."""
    made = ev.BidMade(1, tuple(parse_cards("S2 S2")), "S", "2", snatch=True, dealer=3)
    shown = ev.BidMade(2, tuple(parse_cards("H2")), "H", "2")
    events = [shown, ev.Passed(3, Phase.BID), made, ev.KittyBuried(1, None)]
    assert [log.line_kind(e) for e in events] == ["setup", "setup", "snatch", "setup"]
    for lang in ("en", "zh"):
        html = log.log_html(events, lang)
        assert html.count('<li class="snatch">') == 1
        item = re.search(r'<li class="snatch">(.*?)</li>', html)
        assert item and unescape(re.sub("<[^>]+>", "", item[1])) == log.event_line(made, lang)


def test_a_snatch_s_first_sentence_stands_apart_from_its_why():
    """A phone shows only who snatched with what once the play begins (index.html: .why
    hidden), so the first sentence is its own span, and the why the rest of the line."""
    why = overcall(parse_cards("H2 H2"), parse_cards("C2 C2"), "2")
    made = ev.BidMade(0, tuple(parse_cards("H2 H2")), "H", "2", snatch=True, overcall=True,
                      why=why, beaten_seat=3, dealer=3)
    for lang, head in (("en", "You snatch the kitty with ♥2 ♥2"), ("zh", "你抄底 ♥2 ♥2")):
        html = log.log_html([made], lang)
        found = re.search(r'<span class="head">(.*?)</span><span class="why">(.*?)</span>', html)
        assert found and unescape(found[1]) == head
        assert unescape(found[1] + found[2]) == log.event_line(made, lang)


def test_a_snatch_where_nobody_had_bid_says_so():
    """R12 then R15: no bid stood, so the snatch beat none; the line says why it stands."""
    made = ev.BidMade(1, tuple(parse_cards("S2 S2")), "S", "2", snatch=True, dealer=3)
    assert log.event_line(made, "en") == (
        "East snatches the kitty with ♠2 ♠2. Nobody had bid, so any bid of two cards or more "
        "snatches. The kitty goes to East to bury again; trump is now ♠ (2s); the dealer "
        "(庄家) is still West")
    assert log.event_line(made, "zh") == (
        "右家抄底 ♠2 ♠2。无人叫过主，两张以上的叫主就能抄底。底牌归右家，重新扣底；"
        "现在的主：♠2；庄家仍是左家")


def test_the_snatch_offer_where_nobody_had_bid_names_no_bid():
    """The player's offer to snatch after R12 (no bid stands) says so, and not whose bid
    the cards beat (there was none)."""
    m, _ = a_snatch()
    view = replace(m.view(0), phase=Phase.SNATCH, to_act=0, bids=())
    bids = [tuple(parse_cards("S2 S2"))]
    assert explain.bid_offer_text(view, bids, "en") == (
        "You may snatch: nobody had bid, so ♠2 ♠2 snatches; it makes ♠ trump, and you take "
        "up and bury the kitty")
    assert explain.bid_offer_text(view, bids, "zh") == (
        "可以抄底：无人叫过主，亮 ♠2 ♠2 就能抄底，♠做主，你拿底牌重扣")


def lead_view():
    m = Match(3)
    players = [make_bot("normal", s, 3) for s in range(4)]
    while m.phase != Phase.PLAY:
        m.apply(next_action(m, players))
    hand = tuple(parse_cards("H4 H4 H4 H5 H6 H6 H7 H7 S3 BJ"))
    return replace(m.view(0), trump=Trump("2", "S"), tricks=(), hand=hand, to_act=0)


@pytest.mark.parametrize("chosen, en, zh", [
    ((0, 1, 2), "Throw: a pair and a single", "甩：一对和一张"),
    ((3, 4, 5, 6, 7), "Throw: 2 pairs and a single", "甩：两对和一张"),  # R16: 2 pairs, no tractor
    ((0, 1, 3), "Throw: a pair and a single", "甩：一对和一张"),
    ((4, 6), "Throw: 2 singles", "甩：两张"),
    ((0, 1), "Play", "出牌"),  # one unit: no throw
    ((0, 8), "Play", "出牌"),  # two suits: no lead at all, the engine refuses it on Play
])
def test_the_play_button_names_a_throws_units_before_the_lead(chosen, en, zh):
    view = lead_view()
    for lang, label in (("en", en), ("zh", zh)):
        html = render.controls_html(view, Screen(lang=lang, selected=set(chosen)), [])
        assert 'data-action="play"' in html
        assert f">{label}</button>" in html, html


def test_no_throw_words_on_a_follow():
    from engine.view import TrickView

    view = lead_view()
    following = replace(view, tricks=(TrickView(1, ((1, tuple(parse_cards("H9 H9 H10"))),),
                                                None, 0, None),))
    assert render.throw_units(following, parse_cards("H4 H4 H5"), "en") is None
    assert render.throw_units(view, parse_cards("H4 H4 H5"), "en") == "a pair and a single"


def test_a_snatch_event_is_plain_data_for_javascript():
    import json

    why = overcall(parse_cards("H2 H2"), parse_cards("C2 C2"), "2")
    made = ev.BidMade(0, tuple(parse_cards("H2 H2")), "H", "2", snatch=True, overcall=True,
                      why=why, beaten_seat=3, dealer=3)
    data = json.loads(json.dumps(made.to_dict()))
    assert data["why"] == {"bid": "H2 H2", "standing": "C2 C2", "rule": "suit", "cites": "R9"}


def test_a_bid_offer_says_the_other_choice_of_its_moment_and_names_no_trump_plainly():
    """After the deal the offer's other choice is to pass, not "let the deal go on" (a
    player saw that with no card left to deal); three jokers make the round no-trump, not
    "no-trump trump"."""
    m = Match(5)
    players = [make_bot("random", s, 5, bid_chance=0.0) for s in range(4)]
    while not (m.phase == Phase.DEAL and m.round.dealt > 40):
        m.apply(next_action(m, players))
    view = replace(m.view(0), to_act=0)  # (no bid stands: the bots never bid)
    pair = (parse_cards("H2 H2"),)
    during = explain.bid_offer_text(replace(view, phase=Phase.DEAL), pair, "en")
    after = explain.bid_offer_text(replace(view, phase=Phase.BID), pair, "en")
    assert during is not None and during.endswith("(or let the deal go on)")
    assert after is not None and after.endswith("(or pass)") and "deal go on" not in after
    assert "makes ♥ trump" in after
    jokers = (parse_cards("LJ LJ LJ"),)
    en = explain.bid_offer_text(replace(view, phase=Phase.BID), jokers, "en")
    zh = explain.bid_offer_text(replace(view, phase=Phase.BID), jokers, "zh")
    assert en is not None and "makes it no-trump" in en and "no-trump trump" not in en
    assert zh is not None and "打无主" in zh and "无主做主" not in zh


@pytest.mark.parametrize("thrower, blocker, noted", [(0, 2, True), (0, 1, False), (3, 1, True),
                                                     (3, 2, False)])
def test_a_throw_broken_by_a_partner_says_that_partners_count_too(thrower, blocker, noted):
    """R19 checks a throw against all three other hands: when the thrower's own partner holds
    the higher unit, the caption says partners count (a newcomer asked why North, their
    partner, made their throw fail); an opponent's block needs no such word."""
    trump = Trump("2", "H")
    event = ev.ThrowFailed(thrower, tuple(parse_cards("D5 DQ")), tuple(parse_cards("D5")), 10,
                           blocker, "single")
    for lang, word in (("en", "partner's cards count too"), ("zh", "队友的牌也算")):
        text = explain.throw_failed_text(event, trump, lang)
        assert (word in text) is noted, text


def test_the_bid_offer_names_each_suit_the_player_may_bid_in_the_first_round():
    """A newcomer offered ♥3 and ♠3 read only "showing ♠3 makes ♠ trump": the first round's
    bids count cards only (R10), so each listed bid as strong is named, and its suit is
    trump."""
    m = Match(3)
    view = replace(m.view(0), phase=Phase.DEAL, to_act=None, bids=(), first_round=True)
    bids = [tuple(parse_cards("H3")), tuple(parse_cards("S3"))]
    assert explain.bid_offer_text(view, bids, "en") == (
        "You may bid: showing ♠3 or ♥3 makes its suit trump and could make you the dealer "
        "(or let the deal go on)")
    assert explain.bid_offer_text(view, bids, "zh") == (
        "可以叫主：亮 ♠3 或 ♥3，亮哪门就是哪门做主，你就可能成为庄家（也可以不叫）")
    pair = [tuple(parse_cards("H3")), tuple(parse_cards("S3 S3"))]  # a pair is stronger
    assert explain.bid_offer_text(view, pair, "en").startswith(
        "You may bid: showing ♠3 ♠3 makes ♠ trump")
