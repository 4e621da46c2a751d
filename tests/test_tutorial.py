"""The guided first hand (ui.logic.tutorial) and the explanations (ui.logic.explain), on CPython."""

import dataclasses
import json
import re
from html import unescape

import pytest

from engine.actions import Bury, Play, action_to_json
from engine.bidding import SUIT
from engine.bots.advice import explain as advice_explain
from engine.cards import parse_cards
from engine.match import Match
from engine.phase import Phase
from engine.save import load_match
from engine.view import TrickView
from tools.tutorial_script import script, teaches
from ui.logic import explain, render
from ui.logic.i18n import cards_short
from ui.logic.players import make_players
from ui.logic.screen import Screen
from ui.logic.tutorial import (
    SEED,
    TIERS,
    Tutorial,
    TutorialRefusal,
    clock,
    lesson_text,
    lessons,
    same_move,
    steps,
    task,
)
from ui.logic.tutorial_script import SCRIPT


def play_through(tutorial):
    """Play the guided hand to its end as the page does: the due move, else a table step;
    returns every event."""
    table, events = tutorial.table, []
    while not table.phase.round_over:
        if table.waiting_for_player():
            due = table.expected()
            assert due is not None, "the player is asked for a move the script does not have"
            new = table.act(due[0])
        else:
            new = table.step()
        tutorial.observe(new)
        events += new
    return events


def new_tutorial():
    return Tutorial.new(*make_players(TIERS, SEED))


def test_the_script_is_what_the_tool_writes():
    """Regenerated from the seed with today's bots, the script is the same (else rerun
    `python -m tools.tutorial_script > s.py && mv s.py ui/logic/tutorial_script.py`)."""
    assert [tuple(s) for s in script()] == [(at, list(a), k) for at, a, k in SCRIPT]


def test_the_guided_hand_teaches_what_it_promises():
    tutorial = new_tutorial()
    events = play_through(tutorial)
    kinds = [e.kind for e in events]
    assert teaches(events, tutorial.table.match), "what tools.tutorial_script chose it for"
    assert any(e.kind == "KittyBuried" and e.seat == 0 for e in events)
    assert "RoundSettled" in kinds
    assert {"TrumpDecided", "ThrowFailed", "KittyScored", "RoundSettled"} <= tutorial.seen
    assert {key for _, _, key in SCRIPT} >= {"bid", "bury", "tractor", "throw-fail", "pair"}


def test_another_move_is_refused_kindly_and_an_illegal_one_with_the_engines_reason():
    tutorial = new_tutorial()
    table = tutorial.table
    while table.expected() is None or not isinstance(table.expected()[0], Play):
        if table.waiting_for_player():
            table.act(table.expected()[0])
        else:
            table.step()
    due, _ = table.expected()
    before = clock(table.match)
    other = next(c for c in table.match.hand(0) if c not in due.cards)
    with pytest.raises(TutorialRefusal) as refusal:
        table.act(Play(0, (other,)))
    # the move due, the card tried that it does not hold, and why (a newcomer read ten cards
    # to find which of theirs was wrong, and no word on why)
    why = advice_explain(table.view(), due)
    assert refusal.value.en == (f"the move now is to play {cards_short(due.cards, 'en')}, "
                                f"not {cards_short((other,), 'en')} — "
                                f"{why.text('en', explain.names('en'))}")
    assert refusal.value.zh == (f"这一步要出 {cards_short(due.cards, 'zh')}，"
                                f"不是 {cards_short((other,), 'zh')}——"
                                f"{why.text('zh', explain.names('zh'))}")
    with pytest.raises(Exception) as illegal:  # two cards of different suits: the engine says
        mixed = (other, *due.cards)
        table.act(Play(0, mixed))
    assert not isinstance(illegal.value, TutorialRefusal)
    assert clock(table.match) == before, "nothing changed"
    assert table.hint() == due
    assert len(table.marked_positions()) == len(due.cards)


def test_at_every_guided_step_the_hint_is_the_move_due_and_a_refusal_names_its_cards():
    """The hint and the guide agree (issue 28 item 4): at each scripted step the hint the page
    asks (Table.hint_steps) is the move due, with the engine's reason for it judged from the
    player's view; any other legal move is refused naming the move's cards, in both
    languages."""
    from engine.actions import Bid, Pass
    from engine.driver import run_steps
    from ui.logic.tutorial import refusal

    tutorial = new_tutorial()
    table = tutorial.table
    told = 0
    while not table.phase.round_over:
        if not table.waiting_for_player():
            table.step()
            continue
        due, _ = table.expected()
        advice = run_steps(table.hint_steps())
        assert advice is not None and same_move(advice.action, due), (advice, due)
        assert advice.reason == advice_explain(table.view(), due)
        assert advice.reason.text("en", explain.names("en"))
        assert table.hint_positions(advice.action) == table.hint_positions(due)
        shown = {lang: cards_short(due.cards, lang) for lang in ("en", "zh")}
        verb = {Play: ("play", "出"), Bury: ("bury", "扣"), Bid: ("bid", "亮")}[type(due)]
        assert refusal(due, "en") == f"the move now is to {verb[0]} {shown['en']}"
        assert refusal(due, "zh") == f"这一步要{verb[1]} {shown['zh']}"
        other = None
        if isinstance(due, Play):
            hand = table.match.hand(0)
            other = next((Play(0, (c,)) for c in hand if len(due.cards) == 1
                          and c not in due.cards and table.match.can_apply(Play(0, (c,)))),
                         None)
        elif isinstance(due, Bid):
            other = Pass(0) if table.match.can_apply(Pass(0)) else None
        if other is not None:
            with pytest.raises(TutorialRefusal) as refused:
                table.act(other)
            why = advice_explain(table.view(), due)
            assert (refused.value.en, refused.value.zh) == (refusal(due, "en", other, why),
                                                           refusal(due, "zh", other, why))
            # (it names the move due, the cards tried that it does not hold, and why)
            en = refused.value.en
            assert en.startswith(refusal(due, "en")) and why.text("en", explain.names("en")) in en
            assert not isinstance(other, Play) or f"not {cards_short(other.cards, 'en')}" in en
            told += 1
        tutorial.observe(table.act(due))
    assert told >= 10


def test_progress_saves_under_its_own_key_and_resumes_where_it_was():
    tutorial = new_tutorial()
    table = tutorial.table
    while not isinstance((table.expected() or (None,))[0], Bury):
        if table.waiting_for_player():
            table.act(table.expected()[0])
        else:
            table.step()
    text = tutorial.save()
    again = Tutorial.restore(text, *make_players(TIERS, SEED))
    assert clock(again.table.match) == clock(table.match)
    assert again.table.expected()[0] == table.expected()[0]
    assert json.loads(text)["state"] == "running"
    for bad in ("[]", '{"state": "x"}', json.dumps({"state": "running", "match": "{}"})):
        with pytest.raises(ValueError):
            Tutorial.restore(bad, *make_players(TIERS, SEED))
    other = json.loads(text)
    other["match"] = other["match"].replace(f'"seed":{SEED}', '"seed":7')
    with pytest.raises(ValueError):
        Tutorial.restore(json.dumps(other), *make_players(TIERS, SEED))


def test_moves_compare_as_multisets_and_every_step_has_words():
    a = Bury(0, tuple(parse_cards("S3 S4 S3")))
    assert same_move(a, Bury(0, tuple(parse_cards("S3 S3 S4"))))
    assert not same_move(a, Bury(0, tuple(parse_cards("S3 S4 S4"))))
    assert not same_move(a, Play(0, a.cards))
    for step in steps():
        for lang in ("en", "zh"):
            assert task(step[1:], lang)
    assert [action_to_json(a) for _, a, _ in steps()] == [list(m) for _, m, _ in SCRIPT]


# --- ui.logic.explain -------------------------------------------------------------------------

def test_dimmed_positions_are_the_cards_not_usable():
    hand = tuple(parse_cards("S3 S4 H5 H5"))
    assert explain.dimmed_positions(hand, None) == set()
    assert explain.dimmed_positions(hand, set(parse_cards("H5"))) == {0, 1}


def test_trick_caption_says_why_and_a_failed_throw_says_who_blocked_it():
    tutorial = new_tutorial()
    play_through(tutorial)
    view = tutorial.table.view()
    screen = Screen()  # (nothing remembered: the trick itself says who blocked the throw,
    failed = next(tr for tr in view.tricks if tr.failed_throw)  # so it survives a reload)
    index = view.tricks.index(failed)
    shown = view.__class__(**{**view.__dict__, "tricks": view.tricks[:index + 1]})
    html = render.trick_html(shown, screen)
    assert "Your throw failed: North holds a higher ♦ single, so only ♦Q is led" in html
    assert "(a partner&#x27;s cards count too: each part of a throw must beat" in html
    assert 'class="reason"' in html
    for lang in ("en", "zh"):
        assert explain.trick_reason_text(failed, view.trump, lang)
    on = TrickView(0, ((0, tuple(parse_cards("S3"))),), None, 0, None)
    assert explain.trick_reason_text(on, view.trump, "en") is None


def test_result_in_words_with_the_rules_target():
    tutorial = new_tutorial()
    play_through(tutorial)
    view = tutorial.table.view()
    lines = explain.result_lines(view, "en")
    assert lines[0].startswith("You were on the declarers' side")
    assert f"needed {view.rules.threshold} points" in lines[1]
    assert "kitty 10 × 2 = 20" in lines[2] and "from tricks: 185" in lines[2]
    assert lines[3] == "Your side lost this round"
    assert all(explain.result_lines(view, "zh"))
    html = render.result_html(view, "en")
    assert 'data-glossary="kitty"' in html and "Your side lost" in html
    # the result's lesson: a newcomer who did all as told lost by 205 and was not told why
    assert view.trump is not None and view.trump.suit == "S"  # (East's snatch; you bid ♣)
    assert view.attackers_score >= view.rules.threshold and view.dealer == 0
    en, zh = (lesson_text(view, "RoundSettled", lang) for lang in ("en", "zh"))
    assert "East's snatch (抄底) made spades trump instead of your clubs" in en
    assert f"the attackers scored {view.attackers_score}: with {view.rules.threshold}" in en
    assert "so your side lost" in en and f"抓分方得了 {view.attackers_score} 分" in zh


def test_trumps_panel_lists_the_ranking_and_names_the_suit():
    tutorial = new_tutorial()
    play_through(tutorial)
    view = tutorial.table.view()
    html = explain.trumps_html(view, "en", render.card_html)
    assert "Trump suit: spades (♠); level: 2." in html  # East's snatch made spades trump
    groups = view.trump.ranking()
    assert html.count("<li") == len(groups)
    # the equal cards share one framed line, "equal" inside it (not between two numbers)
    assert html.count('<li class="tied">') == sum(len(g) > 1 for g in groups) == 1
    assert html.index('data-card="BJ"') < html.index('data-card="LJ"') < html.index(
        'data-card="S2"') < html.index('data-card="D2"') < html.index('data-card="SA"')
    assert "equal" in html  # the other 2s are equal
    undecided = Match(1).view(0)
    assert "not decided yet" in explain.trumps_html(undecided, "en", render.card_html)


def test_bid_missing_text_only_when_no_bid_is_listed():
    m = Match(SEED)
    view = m.view(0)
    assert explain.bid_missing_text(view, [("x",)], "en") is None
    line = explain.bid_missing_text(view, [], "en")
    assert line.startswith("You cannot bid now: a 2 of any suit would make a bid")
    assert explain.bid_missing_text(view, [], "zh").startswith("你现在不能叫主")


def test_help_has_an_anchored_glossary_in_both_languages():
    for lang in ("en", "zh"):
        html = render.help_html(lang)
        for key in ("level", "trump", "kitty", "snatch", "overcall", "sides", "throw", "pair",
                    "points", "rise", "direction"):
            assert f'id="g-{key}"' in html


def test_how_to_play_says_how_a_snatch_ranks_what_a_tractor_is_and_who_deals_next():
    """A newcomer's playtest: How to play said "as many cards" of a snatch, nothing of which
    pairs make a trump tractor, nor how the next dealer is set."""
    en, zh = (unescape(render.help_html(lang)) for lang in ("en", "zh"))
    # R9, R10: a bid ranks by its cards, then its suit, except in the first round's bidding;
    # R15: a snatch ranks so, suits included even in the first round; the dealer stays
    bid, snatch = en.split("While the cards are dealt")[1].split("The dealer takes the kitty")
    assert "more cards win (a triple beats a pair)" in bid and "♠ > ♥ > ♣ > ♦" in bid
    assert "except in the first round, where only the number of cards counts" in bid
    assert "ranked as bids are, suits included even in the first round" in snatch
    assert "the dealer stays the dealer" in en and "count double if the attackers take" in en
    assert "三张大过一对" in zh and "第一局只比张数" in zh and "第一局抄底也比花色" in zh
    assert "庄家不变" in zh
    # R16: one suit, consecutive, the level rank never skipped, trumps' own suit only
    assert "♠7 7 8 8 9 9" in en and "never skipping the level rank" in en
    assert "never jokers or other suits' level cards" in en and "王和其他花色的级牌不能连" in zh
    # R28: partner if the declarers keep the deal, else the dealer's 下家
    assert "The next dealer is the dealer's partner if the declarers keep the deal" in en
    assert "由庄家的对家坐庄" in zh and "由庄家的下家" in zh


def test_the_kitty_lesson_says_an_attacking_snatcher_buried_it():
    """A newcomer lost two levels to East's kitty in the guided hand and was never told
    that an attacker who snatches buries for the attackers (R15, R25)."""
    tutorial = new_tutorial()
    play_through(tutorial)
    view = tutorial.table.view()
    assert view.burier == 1 and view.dealer == 0 and view.kitty_bonus == 20
    en, zh = (lesson_text(view, "KittyScored", lang) for lang in ("en", "zh"))
    assert en.endswith("East buried this kitty, 10 points in it, after snatching it: an "
                       "attacker who snatches may bury points on purpose and win them back "
                       "×2 with the last trick.")
    assert "右家抄底后扣的，里面有 10 分" in zh
    # the dealer's own kitty taken by the attackers: nothing to say of a snatcher
    own = dataclasses.replace(view, burier=0)
    assert "snatch" not in lesson_text(own, "KittyScored", "en")


def test_bid_offer_says_what_the_strongest_bid_listed_would_do():
    tutorial = new_tutorial()
    table = tutorial.table
    while table.expected() is None:
        table.step()
    view, bids = table.view(), table.bid_choices()
    assert bids[-1] == tuple(parse_cards("C2 C2"))
    line = explain.bid_offer_text(view, bids, "en")
    assert line == "You may overcall: ♣2 ♣2 is stronger than East's bid and makes ♣ trump"
    assert explain.bid_offer_text(view, bids, "zh").startswith("可以反主")
    assert explain.bid_offer_text(view, [], "en") is None


def test_bid_offer_of_a_later_round_names_every_bid_of_as_many_cards() -> None:
    """A newcomer (seed 53817, round 3, after the deal): "You may overcall: ♣3 ♣3 is stronger
    than West's bid" beside the hint's "diamonds as trump: bid" and its ♦3 ♦3. Both beat
    West's single ♥3 (R9): the offer names both, each making its own suit trump."""
    from pathlib import Path

    reported = json.loads((Path(__file__).parent / "golden" / "reported_hints.json").read_text())
    m = load_match(reported["bid-offer-both-suits"]["save"])
    view, bids = m.view(0), m.legal_bids(0)
    assert not view.first_round and bids == [tuple(parse_cards("D3 D3")),
                                             tuple(parse_cards("C3 C3"))]
    assert explain.bid_offer_text(view, bids, "en") == (
        "You may overcall: ♣3 ♣3 or ♦3 ♦3 is stronger than West's bid and makes its suit trump")
    assert "♣3 ♣3 或 ♦3 ♦3" in explain.bid_offer_text(view, bids, "zh")


# --- the snatch (抄底) and the cards the lessons name ------------------------------------------

def test_the_guided_hand_shows_a_snatch_and_explains_it():
    """Issue 28 item 6: the guided hand holds a snatch. Once the player has buried, East
    snatches with ♠2 ♠2, beating the player's ♣2 ♣2 by R9's suit order (which R10 ignored in
    the first round's bidding); the coach says so (learn.event.snatched), the log line says what
    beat what, where the kitty went, the trump now and that the player is still 庄家 (R15)."""
    from tools.tutorial_script import snatched_by_suit
    from ui.logic import log
    from ui.logic.tutorial import coach_html

    tutorial = new_tutorial()
    table = tutorial.table
    events: list = []
    snatch = None
    while snatch is None:
        new = table.act(table.expected()[0]) if table.waiting_for_player() else table.step()
        tutorial.observe(new)
        events += new
        snatch = next((e for e in new if e.kind == "BidMade" and e.snatch), None)
    assert [e.seat for e in events if e.kind == "KittyBuried"] == [0], "after the player's bury"
    assert (snatch.seat, snatch.beaten_seat, snatch.dealer) == (1, 0, 0)
    assert snatch.cards == tuple(parse_cards("S2 S2"))
    assert snatch.why.standing == tuple(parse_cards("C2 C2")) and snatch.why.rule == SUIT
    assert tutorial.notes == ["snatched"]
    coach = unescape(coach_html(tutorial, False, "en"))
    assert "East snatched the kitty (抄底) with a pair of ♠2" in coach
    # in paragraphs: what beat what (R9's order), where the kitty went, what stands now
    paragraphs = re.findall(r'<p class="note">(.*?)</p>', coach)
    assert len(paragraphs) == 4, paragraphs
    assert "so ♠2 ♠2 beats your ♣2 ♣2" in paragraphs[1]
    assert "with the cards you buried" in paragraphs[2]  # (where the player's bury went)
    assert "spades are trump (East's choice)" in paragraphs[3]
    assert "You are still the dealer (庄家)" in paragraphs[3]
    assert "右家用一对 ♠2 抄底了" in coach_html(tutorial, False, "zh")
    again = Tutorial.restore(tutorial.save(), *make_players(TIERS, SEED))
    assert again.notes == ["snatched"], "a reload right after the snatch still explains it"
    line = log.log_lines([snatch], "en")[0]
    assert line == ("East snatches the kitty with ♠2 ♠2. ♠2 ♠2 beats ♣2 ♣2: of two pairs of "
                    "level cards the higher suit wins, ♠ > ♥ > ♣ > ♦. The kitty goes to "
                    "East to bury again; trump is now ♠ (2s); the dealer (庄家) is still you")
    events += play_through(tutorial)
    assert snatched_by_suit(events), "the tool's criterion for the seed holds"
    assert table.match.round.dealer == 0 and table.match.round.decided_trump.suit == "S"
    assert sum(e.kind == "BidMade" and e.snatch for e in events) == 1


CARD_NAMED = re.compile(r"[♠♥♣♦](?:10|[2-9JQKA])|\b[SB]J\b")
SUIT_LETTER = {"♠": "S", "♥": "H", "♣": "C", "♦": "D"}


def named_cards(text: str) -> set[str]:
    """The cards a sentence names, in R3 notation (a suit, then 2…A; SJ/BJ for jokers)."""
    return {SUIT_LETTER.get(n[0], "") + n[1:] if n[0] in SUIT_LETTER else
            {"SJ": "LJ", "BJ": "BJ"}[n] for n in CARD_NAMED.findall(text)}


def test_every_lesson_names_only_cards_the_player_holds_or_has_seen():
    """Each sentence of the guided hand that names cards (the task of each step and the
    lessons of the events, in both languages) names cards the player holds at that moment or
    has seen: shown in a bid or a snatch, played to a trick, attempted in a throw, buried."""
    from engine.actions import Bury as BuryAction
    from engine.events import BidMade, CardsPlayed, ThrowFailed

    tutorial = new_tutorial()
    table = tutorial.table
    seen: set[str] = set()
    checked = 0

    def check(text: str) -> None:
        nonlocal checked
        known = seen | {str(c) for c in table.match.hand(0)}
        assert named_cards(text) <= known, (text, named_cards(text) - known)
        checked += bool(named_cards(text))

    while not table.phase.round_over:
        due = table.expected()
        if due is not None:
            for lang in ("en", "zh"):
                check(task(due, lang))
            if isinstance(due[0], BuryAction):
                seen |= {str(c) for c in due[0].cards}
            new = table.act(due[0])
        elif table.waiting_for_player():
            pytest.fail("the player is asked for a move the script does not have")
        else:
            new = table.step()
        for e in new:
            if isinstance(e, BidMade | CardsPlayed):
                seen |= {str(c) for c in e.cards}
            elif isinstance(e, ThrowFailed):
                seen |= {str(c) for c in e.attempted}
        before = list(tutorial.notes)
        tutorial.observe(new)
        if tutorial.notes != before:
            for note in tutorial.notes:
                for lang in ("en", "zh"):
                    check(lesson_text(table.view(), note, lang))
    assert checked >= 20


def test_a_lesson_leaves_with_the_players_next_move_and_a_reload_keeps_that():
    """The coach's "what just happened" is about the moment before the player's next move:
    it leaves with that move (it stayed up beside later tasks, a trick won tricks ago), and a
    reload right after does not bring it (nor the welcome) back."""
    tutorial = new_tutorial()
    table = tutorial.table
    assert tutorial.notes == ["welcome"]
    told_then_acted = 0
    while not table.phase.round_over:
        if table.waiting_for_player():
            had = list(tutorial.notes)
            tutorial.player_acted()
            new = table.act(table.expected()[0])
            tutorial.observe(new)
            assert set(tutorial.notes) <= set(lessons(new, set(), table.match.round.trump)), \
                "only what the move itself taught"
            told_then_acted += bool(had)
            if not tutorial.notes:
                again = Tutorial.restore(tutorial.save(), *make_players(TIERS, SEED))
                assert again.notes == []
        else:
            tutorial.observe(table.step())
    assert told_then_acted >= 5


def test_while_the_cards_are_dealt_the_coach_says_so_not_that_the_others_play():
    """A playtest: 'Watch the others play…' while the cards were still being dealt. Before
    the first move asked of the player the coach says the cards are dealt and bid for; in the
    bidding turn after the deal (R11), that they are all dealt (a newcomer read "being dealt"
    there); once the cards are played, it says the others play."""
    from ui.logic.tutorial import coach_html

    tutorial = new_tutorial()
    assert tutorial.table.match.phase == Phase.DEAL and tutorial.table.expected() is None
    for lang, words in (("en", "The cards are being dealt"), ("zh", "正在发牌")):
        assert words in coach_html(tutorial, False, lang)
        assert "play…" not in coach_html(tutorial, False, lang)
    table = tutorial.table
    bidding_seen = 0
    while table.match.phase != Phase.PLAY or table.expected() is not None:
        if table.match.phase == Phase.BID and table.expected() is None:
            bidding_seen += 1
            for lang, words in (("en", "All the cards are dealt"), ("zh", "牌发完了")):
                assert words in coach_html(tutorial, False, lang)
                assert "being dealt" not in coach_html(tutorial, False, lang)
        new = table.act(table.expected()[0]) if table.waiting_for_player() else table.step()
        tutorial.observe(new)
    assert bidding_seen, "the guided hand has a bidding turn after the deal"
    assert "Watch the others play" in coach_html(tutorial, False, "en")


def test_once_the_asked_cards_are_chosen_the_coach_says_to_press_the_button():
    """A newcomer chose the ten lit cards and the coach still said to tap them."""
    from ui.logic.tutorial import coach_html

    tutorial = new_tutorial()
    table = tutorial.table
    while not (table.waiting_for_player() and table.phase == "bury"):
        new = table.act(table.expected()[0]) if table.waiting_for_player() else table.step()
        tutorial.observe(new)
    asking = coach_html(tutorial, False, "en")
    assert "Tap the 10 lit cards" in asking and "now press Bury" not in asking
    chosen = coach_html(tutorial, False, "en", chosen=True)
    task_line = re.search(r'<p class="task">(.*?)</p>', chosen)
    assert task_line and task_line[1] == "All 10 chosen: now press Bury."
    assert "Tap the 10 lit cards" in chosen, "the lesson stays, below"
    assert "10 张选好了：点“扣底”。" in coach_html(tutorial, False, "zh", chosen=True)
    table.act(table.expected()[0])  # buried: on to the play, where Play is the button
    while not (table.waiting_for_player() and table.phase == "play"):
        tutorial.observe(table.step())
    assert "now press &quot;Throw: 2 pairs&quot;." in coach_html(tutorial, False, "en", chosen=True)


def test_the_coach_names_the_button_as_the_page_shows_it_at_every_play_of_the_guide():
    """A newcomer was told "press Play" while the button read "Throw: 2 pairs" (R19): at each
    play the guide asks for, the coach's last step names the button's own words."""
    from ui.logic.render import controls_html
    from ui.logic.table import positions_in
    from ui.logic.tutorial import coach_html

    tutorial = new_tutorial()
    table = tutorial.table
    throws = 0
    while not table.match.phase.round_over:
        due = table.expected() if table.waiting_for_player() else None
        if due is None:
            tutorial.observe(table.step())
            continue
        move = due[0]
        if isinstance(move, Play):
            view = table.view()
            screen = Screen(lang="en", selected=set(positions_in(view.hand, move.cards)))
            button_words = re.search(r'data-action="play"[^>]*>([^<]*)<',
                                     controls_html(view, screen, []))
            assert button_words, "the Play control is shown"
            task_line = re.search(r'<p class="task">(.*?)</p>',
                                  coach_html(tutorial, False, "en", chosen=True))
            assert task_line and unescape(button_words[1]) in unescape(task_line[1])
            throws += button_words[1].startswith("Throw")
        tutorial.observe(table.act(move))
    assert throws >= 1, "the guided hand holds a throw"


def test_a_move_with_no_lesson_of_its_own_says_the_hints_reason():
    """A newcomer read "Play the lit ♣J (or tap Hint)", "Lead ♣9" and "Play ♦9" and learnt
    nothing of why those cards: at every play whose lesson teaches a rule but not the
    choice, the coach gives the hint's reason for the move, as the hint would."""
    from engine.bots.advice import explain as advice_for
    from ui.logic.explain import names
    from ui.logic.tutorial import WHY_THESE, coach_html

    tutorial = new_tutorial()
    table, told = tutorial.table, set()
    while not table.phase.round_over:
        due = table.expected()
        if due is None:
            tutorial.observe(table.step())
            continue
        if due[1] in WHY_THESE:
            for lang in ("en", "zh"):
                why = advice_for(table.view(), due[0]).text(lang, names(lang))
                assert why in unescape(coach_html(tutorial, False, lang)), (lang, why)
            told.add(due[1])
        tutorial.observe(table.act(due[0]))
    assert told == set(WHY_THESE)  # (each kind of step met at least once)


def test_the_welcome_says_no_deal_at_the_first_decision_and_the_end_has_one_way_back():
    """A newcomer read "Cards are being dealt…" still at their first decision (the welcome
    stands until then), and at the result saw two "Back to my game" buttons: the coach's and
    the result's own. The coach says the deal only while it runs, and the way back is the
    result's first button alone."""
    from ui.logic.tutorial import coach_html

    tutorial = new_tutorial()
    table = tutorial.table
    while table.expected() is None:
        tutorial.observe(table.step())
    assert table.expected()[1] == "bid" and tutorial.notes == ["welcome"]
    for lang, dealt in (("en", "being dealt"), ("zh", "正在发牌")):
        assert dealt not in coach_html(tutorial, False, lang)
    play_through(tutorial)
    coach = coach_html(tutorial, False, "en")
    assert "<button" not in coach, coach
    buttons = render.controls_html(table.view(), Screen(), [], learning=True)
    assert buttons.count(">Back to my game</button>") == 1
