"""The page's HTML built from seat 0's view (ui/logic/render.py), checked on CPython."""

import json
import re
from dataclasses import replace
from html import unescape
from pathlib import Path

import pytest

from engine.actions import Bury, Deal, Pass
from engine.bots import make_bot
from engine.cards import parse_card, parse_cards
from engine.driver import next_action
from engine.match import Match
from engine.phase import Phase
from engine.save import load_match
from ui.logic import log, render
from ui.logic.i18n import TEXT, preferred_language

# the round's result drawn on the table (any class list that starts with "result")
RESULT = re.compile(r'class="result[ "]')


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


def test_the_status_names_the_burier_of_a_snatched_kitty_during_play():
    """A daily player (seed 64127, round 1, on a phone whose play hides the kitty's zone)
    could not see who had buried the kitty after East's snatch: the status says so while the
    cards are played, and says nothing where the 庄家 buried it."""
    reported = json.loads((Path(__file__).parent / "golden" / "reported_hints.json").read_text())
    view = load_match(reported["take-try-void-ruffer"]["save"]).view(0)
    assert view.phase == Phase.PLAY and view.burier == 1 and view.dealer == 0
    assert "Kitty buried by East" in render.status_html(view, "en")
    assert "底牌右家扣" in render.status_html(view, "zh")
    assert "You buried the kitty" in render.status_html(replace(view, burier=0, dealer=1), "en")
    plain, _ = position("play")
    assert plain.view(0).burier == plain.view(0).dealer
    assert "Kitty" not in render.status_html(plain.view(0), "en")


def test_the_status_says_trump_so_far_while_the_bids_may_still_change_it():
    """During the auction the standing bid's trump is not yet decided (the Trumps panel says
    "as the bids stand"): the status says "Trump so far", then "Trump" once it is decided."""
    seen = 0
    for seed in range(20):
        m = Match(seed)
        players = [make_bot("random", s, seed, bid_chance=0.3) for s in range(4)]
        while m.phase != Phase.PLAY:
            view = m.view(0)
            en, zh = render.status_html(view, "en"), render.status_html(view, "zh")
            if view.trump is None and view.standing_bid is not None:
                assert "Trump so far" in en and "暂定主" in zh
                seen += 1
            elif view.trump is not None:
                assert "Trump so far" not in en and "暂定主" not in zh
            m.apply(next_action(m, players))
    assert seen


def test_every_notable_event_has_a_sentence():
    _, events = position("result", seed=6)
    lines = [log.event_line(e, "en") for e in events]
    kinds = {e.kind for e, line in zip(events, lines, strict=True) if line}
    assert {"TrumpDecided", "TrickWon", "KittyBuried"} <= kinds
    assert all(log.event_line(e, "zh") for e in events if e.kind in kinds)


def test_result_shows_score_band_rise_levels_and_next_dealer():
    m, _ = position("result", seed=6)
    html = render.result_html(m.view(0), "en")
    res = m.round.result
    assert f"scored {res.score}" in html
    assert (f"rise {res.rise}" if res.rise else "no rise") in html
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
    assert f"{res.trick_points} from tricks" in html
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


# --- the controls, the prompt, the kitty zone and the dialogs ---------------------------------

MENU = ["learn", "trumps", "new-game", "settings", "stats", "help"]


def moment(phase, mine, seeds=range(60)):
    """A match at `phase` with seat 0 to act (mine) or another seat."""
    for seed in seeds:
        m = Match(seed)
        players = [make_bot("random", s, seed, bid_chance=0.2) for s in range(4)]
        while m.phase not in (phase, "result"):
            m.apply(next_action(m, players))
            if m.phase == phase and (m.to_act == 0) == mine:
                return m
    raise AssertionError(f"no seed reaches {phase} with seat 0 {'' if mine else 'not '}to act")


def buttons(html):
    """(data-action, enabled) of each button, in order."""
    return [(a, not d) for a, d in re.findall(r'data-action="([^"]+)"[^>]*?( disabled)?>', html)]


def actions(html):
    return [a for a, _ in buttons(html)]


def test_controls_while_dealing_offer_the_bids_listed_and_skip():
    m = Match(4)
    while not m.legal_bids(0):
        m.apply(Deal(1))
    bids = m.legal_bids(0)
    html = render.controls_html(m.view(0), render.Screen(), bids)
    assert actions(html) == ["bid"] * len(bids) + ["skip", *MENU]
    shown = re.findall(r'data-arg="([^"]+)"', html)
    assert shown == [" ".join(str(c) for c in b) for b in bids]
    assert re.search(r'<span class="menu">(<button[^>]*minor[^>]*>[^<]*</button>){6}</span>$',
                     html), "the menu comes last, in its own group"
    # a deal paused for the player (the guided hand's bid): nothing to skip (a newcomer saw
    # "Skip animation" beside the bid they were asked for)
    paused = render.controls_html(m.view(0), render.Screen(), bids, paused=True)
    assert actions(paused) == ["bid"] * len(bids) + MENU


def test_controls_on_the_players_bid_snatch_and_bury_turns():
    m = moment("bid", mine=True)
    html = render.controls_html(m.view(0), render.Screen(), m.legal_bids(0))
    assert actions(html)[-len(MENU) - 1:] == ["pass", *MENU] and 'class="primary"' in html
    assert actions(html)[0] == "hint"  # a hint in every decision: the bid too
    snatch = replace(m.view(0), phase="snatch")  # the buttons show the bids they are given
    html = render.controls_html(snatch, render.Screen(lang="en"), [snatch.hand[:2]])
    assert actions(html) == ["hint", "snatch", "pass", *MENU] and "Don't snatch" in unescape(html)
    assert ("hint", False) in buttons(render.controls_html(snatch, render.Screen(), [],
                                                           hinting=True))  # while it thinks
    # the bid whose cards are chosen (the hint's) stands out instead of Pass (a daily player
    # saw Pass lit while the hint had chosen a bid)
    assert 'data-action="pass" class="primary"' in html
    lit = render.controls_html(snatch, render.Screen(lang="en", selected={1, 0}),
                               [snatch.hand[:2]])
    assert 'data-action="snatch" data-arg' in lit and 'class="primary"' in lit
    assert 'data-action="pass" class="primary"' not in lit
    assert re.search(r'data-action="snatch" data-arg="[^"]+" class="primary"', lit)

    m = moment("bury", mine=True)
    screen = render.Screen(bury=list(range(9)), lang="en")
    html = render.controls_html(m.view(0), screen, [])
    assert buttons(html)[:2] == [("hint", True), ("bury", False)]
    assert ">Bury 9/10<" in html  # (how many are chosen, by the thumb)
    screen.bury.append(9)
    html = render.controls_html(m.view(0), screen, [])
    assert ("bury", True) in buttons(html) and ">Bury<" in html


def test_controls_while_bots_decide_offer_skip_only():
    m = moment("bid", mine=False)
    assert actions(render.controls_html(m.view(0), render.Screen(), [])) == ["skip", *MENU]
    over = replace(m.view(0), phase=Phase.MATCH_OVER, to_act=None)
    assert actions(render.controls_html(over, render.Screen(), [])) == \
        ["last-trick", "review", "share", "replay-deal", *MENU]


def test_controls_in_play_enable_play_and_hint_on_the_players_turn_only():
    m = moment("play", mine=True)
    nothing_chosen = render.controls_html(m.view(0), render.Screen(), [])
    first = buttons(nothing_chosen)
    assert first[:3] == [("hint", True), ("play", True), ("last-trick", False)]
    # Play stands out once cards are chosen, not before (a newcomer pressed it on nothing)
    assert 'data-action="play" class="primary"' not in nothing_chosen
    chosen = render.controls_html(m.view(0), render.Screen(selected={0}), [])
    assert 'data-action="play" class="primary"' in chosen
    players = [make_bot("random", s, 1, bid_chance=0.05) for s in range(4)]
    while m.to_act == 0 or not any(tr.winner is not None for tr in m.view(0).tricks):
        m.apply(next_action(m, players))
    later = buttons(render.controls_html(m.view(0), render.Screen(), []))
    assert later[:3] == [("hint", False), ("play", False), ("last-trick", True)]


def test_controls_while_the_hint_thinks_wait_for_its_cards():
    m = moment("play", mine=True)
    waiting = buttons(render.controls_html(m.view(0), render.Screen(), [], hinting=True))
    assert waiting[:2] == [("hint", False), ("play", False)]
    assert ("new-game", True) in waiting  # the menu stays usable

    m = moment("bury", mine=True)
    screen = render.Screen(bury=list(range(10)))
    assert buttons(render.controls_html(m.view(0), screen, [], hinting=True))[:2] == [
        ("hint", False), ("bury", False)]


def test_controls_on_the_result_offer_the_next_round():
    m, _ = position("result", seed=6)
    view = m.view(0)
    assert actions(render.controls_html(view, render.Screen(), [])) == \
        ["next-round", "last-trick", "review", "share", "replay-deal", *MENU]
    assert RESULT.search(render.table_html(view, render.Screen()))


def test_the_guided_hands_result_offers_the_way_back_to_the_players_match():
    """A newcomer found two buttons on the guided hand's result, the coach's "Back to my
    game" and Next round, both leaving it: the controls' one says where it goes."""
    m, _ = position("result", seed=6)
    view = m.view(0)
    for lang, words in (("en", ">Back to my game</button>"), ("zh", ">回到我的比赛</button>")):
        learning = render.controls_html(view, render.Screen(lang=lang), [], learning=True)
        assert actions(learning)[0] == "next-round" and words in learning
        assert words not in render.controls_html(view, render.Screen(lang=lang), [])


def test_the_rounds_last_trick_is_shown_before_the_result_and_can_be_looked_back_at():
    """The last trick decides 抠底 (R25): it stays on the table before the result, and the
    result screen shows it again (captioned) on request."""
    m, _ = position("result", seed=6)
    view = m.view(0)
    for screen in (render.Screen(final_trick=True), render.Screen(show_last_trick=True)):
        html = render.table_html(view, screen)
        assert RESULT.search(html) is None
        assert html.count('class="play') == 4 and "winner" in html
    assert "Last trick" in render.table_html(view, render.Screen(show_last_trick=True))
    looked = render.controls_html(view, render.Screen(show_last_trick=True), [])
    assert ">Result</button>" in looked


def test_next_round_waits_until_the_result_is_on_the_table():
    """A playtest on a phone: Next round came while the last trick still lay on the table,
    1.5 s before the result. While the last trick is shown before the result, the controls
    offer Skip (to the result) and the menu only."""
    m, _ = position("result", seed=6)
    view = m.view(0)
    lingering = actions(render.controls_html(view, render.Screen(final_trick=True), []))
    assert lingering == ["skip", *MENU]
    assert actions(render.controls_html(view, render.Screen(), []))[0] == "next-round"


def test_joker_level_bids_come_with_the_rank_and_suit_to_name():
    m = Match(4)
    while not m.legal_bids(0):
        m.apply(Deal(1))
    joker = replace(m.view(0), level="LJ")
    html = render.controls_html(joker, render.Screen(joker_rank="9", joker_suit="H"),
                                m.legal_bids(0))
    assert 'data-name="rank"' in html and '<option value="9" selected>' in html
    assert 'data-name="suit"' in html and '<option value="H" selected>' in html
    plain = render.controls_html(m.view(0), render.Screen(), m.legal_bids(0))
    assert 'data-name="rank"' not in plain


def test_prompt_says_what_happens_or_what_the_player_is_to_do():
    assert render.prompt_text(Match(4).view(0), "en") == "Dealing"
    waiting = moment("bid", mine=False)
    seat = {1: "East", 2: "North", 3: "West"}[waiting.to_act]
    assert render.prompt_text(waiting.view(0), "en") == f"Waiting for {seat}"
    assert render.prompt_text(moment("bid", mine=True).view(0), "en") == "Bid or pass"
    assert render.prompt_text(moment("bury", mine=True).view(0), "zh").startswith("选 10 张牌")
    m = moment("play", mine=True)
    view = m.view(0)
    if view.current_trick is None:
        assert render.prompt_text(view, "en") == "Your lead"
    else:
        n = len(view.current_trick.plays[0][1])
        assert render.prompt_text(view, "en") == (f"Your turn to follow: {n} cards" if n > 1
                                                  else "Your turn to follow: 1 card")
    assert render.prompt_text(replace(view, tricks=()), "en") == "Your lead"


def test_kitty_zone_shows_the_cards_chosen_to_bury_in_order():
    m = moment("bury", mine=True)
    view = m.view(0)
    html = render.kitty_html(view, render.Screen(bury=[5, 2]))
    assert re.findall(r'data-card="([^"]+)"', html) == [str(view.hand[5]), str(view.hand[2])]
    assert re.findall(r'data-i="(\d+)"', html) == ["5", "2"], "tappable, to take them back"
    assert "2/10 chosen" in html and html.count("buried") == 2
    hidden = render.hand_html(view, render.Screen(), {5, 2})
    assert len(re.findall("data-card=", hidden)) == len(view.hand) - 2


def test_kitty_zone_shows_the_kitty_only_when_this_seat_may_see_it():
    m = moment("bury", mine=True)
    assert render.kitty_html(m.view(0), render.Screen(lang="en")).count("data-card") == 0
    m.apply(Bury(0, tuple(m.view(0).hand[:10])))
    while m.phase != "play":  # nobody snatches: seat 0's kitty stands
        m.apply(Pass(m.to_act))
    view = m.view(0)
    html = render.kitty_html(view, render.Screen(lang="en"))
    assert re.findall(r'data-card="([^"]+)"', html) == [str(c) for c in view.kitty]
    assert "data-i" not in html and html.count("small") == 10
    bidding = moment("bid", mine=True).view(0)
    assert render.kitty_html(bidding, render.Screen(lang="en")) == (
        '<span class="zone-label">Kitty</span>')


def test_dialogs_have_their_content_and_a_way_out():
    help_ = render.dialog_html("help", "en")
    # the words in a box that scrolls, the buttons after it, always in view
    body = '<div class="dialog-body" tabindex="0">'
    assert help_.startswith(body + render.help_html("en")) and actions(help_) == ["close"]
    assert help_.index('<div class="dialog-buttons">') > help_.index("</dl>")
    confirm = render.dialog_html("confirm-new", "en")
    assert "start a new one?" in confirm and actions(confirm) == ["confirm-new", "close"]
    form = '<label>x <select data-setting="speed"></select></label>'
    settings = render.dialog_html("settings", "zh", form)
    assert settings.startswith(body + form) and actions(settings) == ["close", "stats"]
    assert "关闭" in settings and "统计" in settings


def test_events_are_told_in_good_english_and_chinese_with_you_for_the_player():
    from engine import events as ev
    from engine.cards import parse_cards

    s2 = tuple(parse_cards("S2"))
    pair = tuple(parse_cards("H2 H2"))
    cases = [
        (ev.BidMade(0, s2, "S", "2"), "You bid ♠2", "你亮主 ♠2"),
        (ev.BidMade(1, s2, "S", "2"), "East bids ♠2", "右家亮主 ♠2"),
        (ev.BidMade(3, pair, "H", "2", overcall=True), "West overcalls with ♥2 ♥2",
         "左家反主 ♥2 ♥2"),
        (ev.BidMade(0, pair, "H", "2", snatch=True, overcall=True),
         "You snatch the kitty with ♥2 ♥2", "你抄底 ♥2 ♥2"),
        (ev.Passed(2, Phase.BID), "North passes", "对家不叫"),
        (ev.Passed(0, Phase.SNATCH), "You do not snatch", "你不抄"),
        # (English names the level cards apart from the suit: "♥2" read as one card, the ♥2)
        (ev.TrumpDecided(0, "2", "H", False), "You are the dealer; trump: ♥ (2s)",
         "你坐庄，主：♥2"),
        (ev.TrumpDecided(1, "10", "S", False), "East is the dealer; trump: ♠ (10s)", None),
        (ev.TrumpDecided(1, "2", None, False), "East is the dealer; trump: no-trump (2s)",
         "右家坐庄，主：无主（2）"),
        (ev.TrickWon(0, 3, 20, 20), "Trick 3 is yours: 20 points", "第 3 轮：你赢，20 分"),
        # numbered: two tricks in a row to one seat for the same points read apart
        (ev.TrickWon(2, 4, 10, 0), "Trick 4 to North: 10 points", "第 4 轮：对家赢，10 分"),
        (ev.TrickWon(2, 5, 10, 0), "Trick 5 to North: 10 points", None),
        (ev.KittyBuried(0, None), "You buried the kitty", None),
    ]
    for event, en, zh in cases:
        assert log.event_line(event, "en") == en
        if zh:
            assert log.event_line(event, "zh") == zh


def test_the_log_keeps_the_last_lines_and_is_rebuilt_in_the_chosen_language():
    from engine import events as ev

    events = [ev.Passed(s, Phase.BID) for s in (1, 2, 3, 0, 1)] + [ev.CardDealt(0, None, 3)]
    en = log.log_html(events, "en", keep=3)
    assert en.count("<li") == 3 and en.endswith('<li class="setup">East passes</li>')
    assert "You pass" in en and "West passes" in en and "North" not in en
    assert log.log_html(events, "zh", keep=3).endswith('<li class="setup">右家不叫</li>')


def match_at(phase: str) -> Match:
    """Seed 11's match, random bots bidding now and then, when it reaches `phase`."""
    m = Match(11)
    players = [make_bot("random", s, 11, bid_chance=0.2) for s in range(4)]
    while m.phase != phase:
        m.apply(next_action(m, players))
    return m


def test_seat_boxes_show_the_side_and_the_last_auction_turn():
    m = match_at("bury")
    view = m.view(0)
    for seat in (1, 2, 3):
        html = render.seat_html(view, seat, "en")
        side = "Declarers" if seat % 2 == m.round.dealer % 2 else "Attackers"
        assert f">{side}<" in html
    bid = view.bids[-1]
    if bid.seat != 0:
        assert render.cards_short(bid.cards, "en") in render.seat_html(view, bid.seat, "en")


def test_the_seat_whose_bid_stands_shows_it_through_the_auction_even_after_it_passed():
    """A bid made during the deal stands while its seat passes afterwards: its box shows the
    bid's cards, not "pass" (the seats are where a player looks for who set trump)."""
    shown_after_pass = 0
    for seed in range(40):
        m = Match(seed)
        players = [make_bot("random", s, seed, bid_chance=0.2) for s in range(4)]
        while m.phase in (Phase.DEAL, Phase.BID, Phase.SNATCH):
            view = m.view(0)
            standing = view.standing_bid
            if standing is not None and standing.seat != 0:
                html = render.seat_html(view, standing.seat, "en")
                assert render.cards_short(standing.cards, "en") in html
                assert "Pass" not in html and "pass" not in html
                passed = [e for e in view.auction if e.seat == standing.seat]
                shown_after_pass += passed[-1].bid is None
            for seat in (1, 2, 3):  # a bid overcalled since: known, marked as no longer trump
                last = [e for e in view.auction if e.seat == seat]
                if last and last[-1].bid is not None and (standing is None
                                                          or standing.seat != seat):
                    assert "showed " in render.seat_html(view, seat, "en")
            m.apply(next_action(m, players))
    assert shown_after_pass  # (the case is reached)


def test_bury_marks_the_cards_taken_up_and_others_see_the_kitty_face_down_and_whose():
    m = Match(11)
    players = [make_bot("random", s, 11, bid_chance=0.2) for s in range(4)]
    while m.phase != "bury":
        m.apply(next_action(m, players))
    burier = m.round.burier
    hand = render.hand_html(m.view(burier), render.Screen())
    assert hand.count("taken") == m.rules.kitty_size
    m.apply(players[burier].choose(m.view(burier)))
    other = (burier + 1) % 4
    kitty = render.kitty_html(m.view(other), render.Screen())
    assert kitty.count("card back") == m.rules.kitty_size and "buried by" in kitty
    assert "data-card" not in kitty, "nothing of the hidden kitty is in the page"
    assert "points" not in kitty, "nor its points"


def test_the_kitty_says_the_points_it_holds_to_the_seat_that_sees_it():
    """While burying, the points of the cards chosen so far (R25: at stake for the last
    trick); once buried, the burier sees them with the kitty face up; nothing for none."""
    m = Match(11)
    players = [make_bot("random", s, 11, bid_chance=0.2) for s in range(4)]
    while m.phase != "bury":
        m.apply(next_action(m, players))
    burier = m.round.burier
    view = m.view(burier)
    chosen = [i for i, c in enumerate(view.hand) if c.points][:2]
    plain = [i for i, c in enumerate(view.hand) if not c.points][:2]
    points = sum(view.hand[i].points for i in chosen)
    html = render.kitty_html(view, render.Screen(bury=chosen + plain))
    assert f'<span class="points">{points} points</span></span>' in html
    assert render.kitty_html(view, render.Screen(bury=plain)).count("points") == 0
    zh = render.kitty_html(view, render.Screen(bury=chosen, lang="zh"))
    assert f'<span class="points">{points} 分</span></span>' in zh
    m.apply(players[burier].choose(view))
    buried = m.view(burier).kitty
    assert buried is not None
    while m.phase != "play":
        m.apply(next_action(m, players))
    shown = render.kitty_html(m.view(burier), render.Screen())
    kitty_points = sum(c.points for c in buried)
    assert (f">{kitty_points} points<" in shown) == bool(kitty_points)


def test_status_shows_the_point_cards_the_attackers_captured():
    m, _ = position("result", seed=6)
    view = m.view(0)
    html = render.status_html(view, "en")
    won = view.point_cards_won(1 - view.declarers)
    assert html.count('class="chip') == len(won)
    side = "us" if view.seat % 2 != view.declarers else "them"
    assert f'Attackers {view.attackers_score}<span class="side"> ({side})</span>' in html
    assert 'title="attacking:' in html


@pytest.mark.parametrize("seat", [0, 1])
def test_the_status_says_whose_side_attacks_once_the_dealer_is_known(seat):
    """A newcomer whose snatch changed sides could not tell whether "Attackers" was them."""
    m, _ = position("play", seed=6)
    view = m.view(seat)
    ours = seat % 2 != view.declarers
    for lang, words in (("en", (" (us)<", " (them)<")), ("zh", ("（我方）", "（对方）"))):
        html = render.status_html(view, lang)
        assert words[0 if ours else 1] in html and words[1 if ours else 0] not in html
    before = Match(6).view(0)  # (no 庄家 yet: no side, and no attackers' score to show)
    assert before.declarers is None
    assert "Attackers" not in render.status_html(before, "en")
    assert "抓分" not in render.status_html(before, "zh")


# --- cards: faces, trumps, jokers, the hand's groups -------------------------------------------

CARD_RE = re.compile(r'<span class="([^"]*)" data-card="([^"]+)"')


def marked(html):
    """(card, whether it is marked `trump`) for every card in `html`, in order."""
    return [(card, "trump" in classes.split()) for classes, card in CARD_RE.findall(html)]


def test_trump_class_marks_exactly_the_engines_trumps_in_hand_trick_and_kitty():
    """Through a whole round, every card shown (hand, trick, kitty) is `card trump` exactly
    when the engine's view.trump (view.sort_trump while bidding) says it is a trump."""
    m = Match(5)
    players = [make_bot("random", s, 5, bid_chance=0.3) for s in range(4)]
    seen = {"hand": [0, 0], "trick": [0, 0], "kitty": [0, 0], "bidding": [0, 0]}
    while m.phase != "result":
        m.apply(next_action(m, players))
        view = m.view(0)
        trump = view.trump or view.sort_trump
        zones = {"hand": render.hand_html(view, render.Screen()),
                 "trick": render.trick_html(view, render.Screen()),
                 "kitty": render.kitty_html(view, render.Screen())}
        for zone, html in zones.items():
            for card, is_marked in marked(html):
                expected = trump is not None and trump.is_trump(parse_card(card))
                assert is_marked == expected, (zone, card, view.phase, trump)
                key = "bidding" if view.trump is None and zone == "hand" else zone
                seen[key][expected] += 1
    # both kinds were seen in every zone (and trumps while bidding, from sort_trump)
    assert all(n > 0 for counts in seen.values() for n in counts), seen


def test_the_hand_is_one_group_per_play_suit_in_the_engines_order():
    for phase in ("bid", "bury", "play"):
        m = moment(phase, mine=True)
        view = m.view(0)
        trump = view.trump or view.sort_trump
        html = render.hand_html(view, render.Screen(lang="en"))
        groups = re.findall(r'<div class="group" role="group" data-suit="(\w)" '
                            r'aria-label="([^"]+)">(.*?)</div>', html)
        # the cards in the engine's order, cut where the play-suit changes, never joined again
        assert [c for _, _, g in groups for c in re.findall(r'data-card="([^"]+)"', g)] == [
            str(c) for c in view.hand]
        suits = [s for s, _, _ in groups]
        assert len(suits) == len(set(suits)), suits
        for suit, label, g in groups:
            cards = [parse_card(c) for c in re.findall(r'data-card="([^"]+)"', g)]
            assert {trump.suit_of(c) for c in cards} == {suit}
            assert label == ("Trumps" if suit == "T" else
                             {"S": "Spades", "H": "Hearts", "C": "Clubs", "D": "Diamonds"}[suit])
        assert suits[-1] == "T", "the trumps are together, last (the engine sorts them so)"
    zh = render.hand_html(moment("play", mine=True).view(0), render.Screen(lang="zh"))
    assert 'aria-label="主牌"' in zh


def test_the_hand_before_any_trump_is_grouped_by_printed_suit():
    view = replace(Match(3).view(0), sort_trump=None)
    view = replace(view, hand=tuple(parse_cards("S3 S4 H5 BJ LJ")))
    html = render.hand_html(view, render.Screen())
    assert re.findall(r'data-suit="(\w)"', html) == ["S", "H", "J"]
    assert "trump" not in html


def test_jokers_are_labelled_in_both_languages_horizontally_and_in_their_colours():
    big, small = parse_card("BJ"), parse_card("LJ")
    for card, zh, en, spoken, colour in ((big, "大王", "BJ", "big joker, BJ", "joker-big"),
                                         (small, "小王", "SJ", "small joker, SJ", "joker-small")):
        for lang, word, said in (("zh", zh, zh), ("en", en, spoken)):
            html = render.card_html(card, lang=lang)
            assert f'<span class="rank">{word}</span><span class="suit">★</span>' in html
            assert colour in html.split('"')[1].split()
            name = unescape(re.search(r'aria-label="([^"]+)"', html).group(1))
            assert name == said, "a screen reader hears the joker's name first, then its face"
        assert "joker" in render.card_html(card, lang="en").split('"')[1]
    assert render.card_html(big, lang="en") != render.card_html(small, lang="en")
    assert 'aria-label="big joker, BJ"' in render.card_html(big, lang="en")


def test_a_card_face_is_its_index_rank_over_suit_and_a_pip_with_suit_classes():
    html = render.card_html(parse_card("D10"), 3, True, "en", trump=True)
    assert ('<span class="index"><span class="rank">10</span><span class="suit">♦</span>'
            '</span><span class="pip" aria-hidden="true">♦</span>') in html
    classes = html.split('"')[1].split()
    assert classes == ["card", "red", "diamonds", "trump"]
    assert 'data-i="3"' in html and 'role="option"' in html and 'aria-selected="true"' in html
    assert 'tabindex="-1"' in html
    assert "trump" not in render.card_html(parse_card("D10"), lang="en")


def test_the_page_draws_no_text_vertically():
    """Vertical text (writing-mode) drew 大 over 王 in Firefox: no rule of the page uses it."""
    from pathlib import Path

    page = (Path(__file__).resolve().parent.parent / "index.html").read_text(encoding="utf-8")
    assert "writing-mode" not in page


def test_a_won_trick_that_went_to_its_winner_is_off_the_table_but_can_be_looked_back_at():
    """ui/page/motion.py gathers a won trick toward its winner; the page then marks it gone
    (Screen.trick_gone) and the table is empty until the next play ("last trick" shows it)."""
    m = moment("play", mine=True)
    players = [make_bot("random", s, 1, bid_chance=0.05) for s in range(4)]
    while not (m.view(0).tricks and m.view(0).tricks[-1].winner is not None):
        m.apply(next_action(m, players))
    view = m.view(0)
    assert render.table_html(view, render.Screen()).count('class="play') == 4
    assert 'class="play' not in render.table_html(view, render.Screen(trick_gone=True))
    looked = render.table_html(view, render.Screen(trick_gone=True, show_last_trick=True))
    assert looked.count('class="play') == 4
    m.apply(next_action(m, players))  # the next trick's lead: on the table whatever was gone
    assert render.table_html(m.view(0), render.Screen(trick_gone=True)).count('class="play') == 1


def test_a_screen_reader_is_told_every_play_the_kitty_taken_up_and_the_result():
    """spoken_line: the log's sentences (also shown), plus each play, the kitty the player
    takes up and the round's result (said only), in both languages."""
    from engine import events as ev
    from engine.scoring import Band

    pair = tuple(parse_cards("SK SK"))
    jokers = tuple(parse_cards("LJ BJ"))
    assert log.spoken_line(ev.CardsPlayed(1, pair, 3, lead=True), "en") == ("East: ♠K ♠K",
                                                                                False)
    assert log.spoken_line(ev.CardsPlayed(1, pair, 3, lead=True), "zh") == (
        "右家出 ♠K ♠K", False)
    assert log.spoken_line(ev.CardsPlayed(0, jokers, 3, lead=False), "en") == (
        "You: small joker big joker", False)
    assert log.spoken_line(ev.CardsPlayed(0, jokers, 3, lead=False), "zh") == (
        "你出 小王 大王", False)
    taken = log.spoken_line(ev.KittyTaken(0, tuple(parse_cards("S3 H4"))), "en")
    assert taken == ("You take up the kitty: ♠3 ♥4", False)
    assert log.spoken_line(ev.KittyTaken(2, None), "zh") == ("对家拿起底牌", False)
    assert log.spoken_line(ev.TrickWon(3, 4, 15, 15), "en") == ("Trick 4 to West: 15 points",
                                                                    True)
    settled = ev.RoundSettled(score=130, declarers_keep=False, rising_team=1, rise=1,
                              levels=("3", "4"), levels_before=("3", "3"), next_dealer=1,
                              round_no=0, dealer=0, level="3",
                              trump_rank="3", trump_suit="S", trick_points=130, kitty_points=0,
                              kitty_multiplier=0, penalty_points=0, band=Band.TAKE_OVER)
    en, shown = log.spoken_line(settled, "en")
    assert not shown
    assert en == ("Round over. Attackers scored 130; Attackers take the deal and rise 1; "
                  "New levels: us 3 · them 4"), en
    zh, _ = log.spoken_line(settled, "zh")
    assert zh.startswith("本局结束。抓分方得分 130；") and "上台" in zh
    assert log.spoken_line(ev.CardDealt(0, None, 3), "en") is None


def test_cards_on_the_table_are_grouped_and_named_by_their_seat():
    m = Match(11)
    players = [make_bot("random", s, 11, bid_chance=0.2) for s in range(4)]
    while not (m.phase == "play" and m.round.current_trick and m.round.current_trick.plays):
        m.apply(next_action(m, players))
    from ui.logic.screen import Screen

    html = render.trick_html(m.view(0), Screen(lang="en"))
    seat = m.round.current_trick.plays[0][0]
    name = ["You", "East", "North", "West"][seat]
    assert f'data-seat="{seat}" role="group" aria-label="{name}"' in html
    # each card there an image named as the card (a plain span's aria-label is not read)
    assert html.count('role="img"') == sum(len(c) for _, c in m.round.current_trick.plays)
    assert 'aria-label="' in html


def test_a_trick_in_progress_marks_the_play_winning_it_so_far_as_the_engine_judges():
    """A newcomer could not tell who was winning a trick still being played: from its second
    play on, the winning play (engine.rules.trick_winner) is outlined and the caption names
    its seat; a finished trick marks its winner instead."""
    from engine.rules import trick_winner
    from ui.logic.screen import Screen

    m = Match(11)
    players = [make_bot("random", s, 11, bid_chance=0.2) for s in range(4)]
    checked = 0
    while checked < 30:
        trick = m.round.current_trick if m.phase == "play" else None
        if trick is not None and 2 <= len(trick.plays) < 4:
            view = m.view(0)
            en = render.trick_html(view, Screen(lang="en"))
            zh = render.trick_html(view, Screen(lang="zh"))
            plays = [tuple(p) for _, p in trick.plays]
            seat = trick.plays[trick_winner(plays, view.trump)][0]
            assert re.findall(r'class="play \w+ leading" data-seat="(\d)"', en) == [str(seat)]
            name = ["You are", "East is", "North is", "West is"][seat]
            assert f'<p class="leading">{name} winning so far</p>' in en
            assert "暂时最大" in zh and "winner" not in en
            checked += 1
        elif trick is not None and len(trick.plays) == 1:
            assert "leading" not in render.trick_html(m.view(0), Screen(lang="en"))
        m.apply(next_action(m, players))
    assert checked


def test_after_the_auction_an_overcalled_bid_is_marked_as_shown_not_as_trump():
    """A playtest read North's overcalled ♣2, still on its box all round, as the trump."""
    from engine.view import BidView

    m = match_at("play")
    view = m.view(0)
    standing = view.bids[-1]
    other = next(s for s in (1, 2, 3) if s != standing.seat)
    early = BidView(other, tuple(parse_cards("C2")), "2", "C")
    view = replace(view, bids=(early, *view.bids))
    html = render.seat_html(view, other, "en")
    assert 'class="shown passed">showed ♣2<' in html, html
    assert "亮过 ♣2" in render.seat_html(view, other, "zh")
    if standing.seat != 0:  # the bid that made trump is shown as it was
        mark = render.seat_html(view, standing.seat, "en")
        assert 'class="shown">' + render.cards_short(standing.cards, "en") + '<' in mark


def test_the_players_own_seat_says_its_side_and_dealer_mark_in_the_pages_language():
    m = match_at("play")
    view = m.view(0)
    en, zh = render.own_seat_html(view, "en"), render.own_seat_html(view, "zh")
    assert en.startswith("South · You") and zh.startswith("南 · 你") and "You" not in zh
    side = ("Declarers", "庄家方") if m.round.dealer % 2 == 0 else ("Attackers", "抓分方")
    assert f">{side[0]}</span>" in en and f">{side[1]}</span>" in zh
    assert ('class="mark dealer"' in en) == (m.round.dealer == 0)
    before = replace(view, dealer=None)  # the 庄家 not known yet: the name alone
    assert render.own_seat_html(before, "en") == "South · You "


# --- the rules' numbers in the page's words -----------------------------------------------------

# RulesConfig's default numbers that no card fact shares (10 is also a rank and its points)
RULE_NUMBERS = re.compile(r"(?<![\d.])(38|120|60|30)(?!\d)|[×乘] ?2\b")


def test_the_words_name_the_rules_numbers_and_never_write_them():
    """ui.logic.i18n writes no number of RulesConfig: its words name them (`{threshold}`…),
    and the help, the glossary and the guided hand fill them in from the match's rules."""
    from engine.config import RulesConfig
    from ui.logic import i18n

    templates = [text for pair in i18n.TEXT.values() for text in pair]
    templates += [line for lines in i18n.HELP.values() for line in lines]
    templates += [text for entry in i18n.GLOSSARY.values() for text in entry]
    assert not [text for text in templates if RULE_NUMBERS.search(text)]
    variant = RulesConfig(hand_size=37, kitty_size=14, kitty_multiplier=3, threshold=100,
                          step=25, small_shutout_limit=50, shutout_rise=5,
                          small_shutout_rise=2, below_threshold_rise=1)
    en, zh = render.help_html("en", variant), render.help_html("zh", variant)
    assert "37 cards each, 14 in the kitty" in en and "每人 37 张，底牌 14 张" in zh
    assert "up to 50: rise 2; under 100: rise 1" in en and "每多 25 分" in zh
    assert "points count ×3" in en and "底牌分乘 3" in zh
    assert "count double" in render.help_html("en") and "翻倍" in render.help_html("zh")


def test_markup_escape_is_the_standard_library_s():
    import html

    from ui.logic.markup import escape

    for text in ("", "plain", "<b>&amp;</b>", "\"quoted\" 'single'", "a&b<c>d\"e'f", "♠10 & 小王"):
        assert escape(text) == html.escape(text)
        assert escape(text, quote=False) == html.escape(text, quote=False)


@pytest.mark.parametrize(("held", "lang", "text"), [
    (36, "en", "36 cards"), (1, "en", "1 card"), (0, "en", "0 cards"),
    (36, "zh", "36 张"), (1, "zh", "1 张"),
])
def test_a_seat_says_how_many_cards_it_holds_with_a_word_a_narrow_seat_may_hide(
        held, lang, text):
    """The count in a seat's box: '1 card', not '1 cards'; its word apart (span.unit), so that
    a narrow frame can show the number beside the card back and still say the word to screen
    readers (index.html)."""
    html = render.cards_held_html(held, lang)
    assert unescape(re.sub(r"<[^>]+>", "", html)) == text
    assert re.fullmatch(rf'{held}<span class="unit"> [^<]+</span>', html)


def test_a_snatch_stays_in_the_log_until_a_trick_is_won_after_it():
    """Two snatches in a row at a fast speed: the burying and the passes that follow each
    pushed the only line saying why trump changed out of sight before the player's turn."""
    from engine import events as ev

    s2 = tuple(parse_cards("S2 S2"))
    snatch = ev.BidMade(1, s2, "S", "2", snatch=True, overcall=True)
    after = [ev.KittyBuried(1, None)] + [ev.Passed(s, Phase.SNATCH) for s in (2, 3, 0)]
    lines = log.log_lines([snatch, *after], "en", keep=4)
    assert len(lines) == 4 and lines[0].startswith("East snatches the kitty with ♠2 ♠2")
    assert lines[1:] == ["North does not snatch", "West does not snatch", "You do not snatch"]
    html = log.log_html([snatch, *after], "en", keep=4)
    assert html.startswith('<li class="snatch">East snatches') and html.count("<li") == 4
    # a trick won after it: the lines flow again
    won = [ev.TrickWon(2, 1, 10, 0), ev.TrickWon(3, 2, 0, 0), ev.TrickWon(1, 3, 5, 5)]
    assert log.log_lines([snatch, *after, *won], "en", keep=4) == [
        "You do not snatch", "Trick 1 to North: 10 points", "Trick 2 to West: 0 points",
        "Trick 3 to East: 5 points"]
    # the kept line is the latest snatch's
    assert log.kept_lines(["snatch", "", "snatch", "", "", ""], keep=3) == [2, 4, 5]
    assert log.kept_lines(["snatch", "", "trick", "", ""], keep=3) == [2, 3, 4]
    assert log.kept_lines(["", "snatch", ""], keep=3) == [0, 1, 2]


def test_a_new_round_s_log_starts_empty():
    from engine import events as ev
    from ui.logic.screen import Screen

    screen = Screen()
    screen.remember([ev.TrickWon(2, 25, 10, 0), ev.KittyScored((), 0, 2)])
    assert log.log_lines(screen.log, "en")[-1].startswith("Kitty captured")
    screen.remember([ev.RoundStarted(1, "3", 1, 1, ("3", "2")), ev.Passed(1, Phase.BID)])
    assert log.log_lines(screen.log, "en") == ["East passes"]


def test_a_trick_the_declarers_take_keeps_its_points_from_the_attackers():
    """A newcomer read "Your trick: 25 points" beside the guided hand's "only the points the
    attackers win count": the declarers' side's points are said to be kept from them."""
    def line(html: str) -> str:
        return unescape(re.sub(r"<[^>]+>", "", html))
    # East (1) deals: East and West (3) declare, South (0) and North (2) attack
    assert line(render.trick_won_html(0, 25, 1, "en")) == "Your trick: 25 points"
    assert line(render.trick_won_html(3, 25, 1, "en")) == \
        "Trick to West: 25 points kept from the attackers"
    assert line(render.trick_won_html(1, 0, 1, "en")) == "Trick to East: 0 points"
    assert line(render.trick_won_html(0, 25, 0, "zh")) == "你赢得本轮，25 分没让抓分方拿到"
    assert line(render.trick_won_html(2, 10, 3, "zh")) == "对家赢得本轮，10 分"
    assert '<span class="kept">' in render.trick_won_html(3, 25, 1, "en")  # (a frame hides it)
