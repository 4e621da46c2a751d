"""The review of a finished round (ui/logic/review.py), on CPython: the steps rebuilt by replay (the
deal, the kitty, each trick, the result), all four hands at each, and the HTML of each part."""

import re
from collections import Counter
from html import unescape

import pytest

from engine.actions import NextRound, Pass, Play
from engine.bots import make_bot
from engine.bots.advice import Advice, explain
from engine.driver import play_round, run_steps
from engine.match import Match, Start
from engine.phase import Phase
from engine.record import round_actions
from ui.logic import render
from ui.logic import review as rv
from ui.logic.i18n import TEXT, cards_short, trump_name


def finished(seed=5, start=None, tier="normal"):
    m = Match(seed, start=start or Start())
    options = {"bid_chance": 0.3} if tier == "random" else {}
    play_round(m, [make_bot(tier, s, seed, **options) for s in range(4)])
    return m


def cards_in(html):
    return re.findall(r'data-card="([^"]+)"', html)


def test_the_steps_are_the_deal_the_kitty_each_trick_and_the_result():
    m = finished()
    r = rv.Review(m)
    kinds = [s.kind for s in r.steps]
    tricks = len(m.round.tricks)
    assert kinds == ["deal", "kitty"] + ["trick"] * tricks + ["result"]
    assert [s.trick for s in r.steps[2:-1]] == list(m.round.finished_tricks)
    # the deal: every seat's 38 cards, the kitty apart; afterwards the cards of the tricks go
    deal = r.steps[0]
    assert [len(h) for h in deal.hands] == [38] * 4 and len(r.kitty_dealt) == 10
    played = Counter()
    for step in r.steps[2:-1]:
        for seat, cards in step.trick.plays:
            played[seat] += len(cards)
        assert [len(h) for h in step.hands] == [38 - played[s] for s in range(4)]
    assert all(not h for h in r.steps[-1].hands)
    # the attackers' points as they were won, ending at the round's score (before the kitty)
    points = [s.points for s in r.steps[2:-1]]
    assert points == sorted(points) and points[-1] == m.round.result.trick_points \
        + m.round.result.penalty_points
    assert r.steps[-1].points == m.round.result.score


def test_the_kitty_step_shows_who_took_up_and_buried_what():
    m = finished()
    r = rv.Review(m)
    (turn,) = r.turns
    assert turn.seat == m.round.dealer and turn.snatch is None
    assert turn.taken == tuple(r.kitty_dealt) and list(turn.buried) == m.round.kitty
    dealer_hand = Counter(r.steps[0].hands[turn.seat]) + Counter(turn.taken)
    dealer_hand.subtract(turn.buried)
    assert +dealer_hand == Counter(r.steps[1].hands[turn.seat])
    r.at = 1
    html = unescape(rv.table_html(r, "en"))
    assert "took up" in html and "buried" in html and "Trump" in html
    assert cards_in(rv.kitty_html(r, "en")) == [str(c) for c in turn.buried]
    label = re.search(r'zone-label">([^<]*)<', rv.kitty_html(r, "en"))
    assert label and label[1] == ("Kitty as you buried it" if turn.seat == 0 else
                                  f"Kitty as buried by {rv.seat_name(turn.seat, 'en')}")
    r.at = 0
    assert cards_in(rv.kitty_html(r, "en")) == [str(c) for c in r.kitty_dealt]


def test_a_snatch_is_a_kitty_turn_of_its_own():
    m = finished(36, Start(3, 0, ("LJ", "K")), tier="random")
    r = rv.Review(m)
    assert [t.snatch is not None for t in r.turns] == [False, True]
    assert r.turns[1].seat == 3 and list(r.turns[1].buried) == m.round.kitty
    r.at = 1
    assert "snatched with" in unescape(rv.table_html(r, "en"))
    assert "抄底" in unescape(rv.table_html(r, "zh"))


def test_the_deal_shows_the_cards_under_the_trump_of_its_moment_not_the_snatch_s():
    m = finished(36, Start(3, 0, ("LJ", "K")), tier="random")
    r = rv.Review(m)
    deal_trump = r.steps[0].trump  # the standing bid's, before West's snatch changed it
    assert deal_trump is not None and deal_trump != r.trump
    r.at = 0  # and the bar says so: the trump so far, not the round's final one
    assert f"Trump so far {trump_name(deal_trump)}" in unescape(rv.status_html(r, "en"))
    r.at = 1
    assert f"Trump {trump_name(r.trump)}" in unescape(rv.status_html(r, "en"))
    for at, trump in ((0, deal_trump), (1, r.trump)):
        r.at = at
        assert r.shown_trump == trump
        hand = r.hands()[0]
        shown = rv.hand_html(r, "en")
        marked = re.findall(r'class="(card[^"]*)" data-card="([^"]+)"', shown)
        assert sorted(card for _, card in marked) == sorted(str(c) for c in hand)
        assert {card for classes, card in marked if "trump" in classes.split()} == \
            {str(c) for c in hand if trump.is_trump(c)}
        assert list(hand) == sorted(hand, key=trump.sort_key), "sorted as coloured"


def test_stepping_stays_within_the_round():
    r = rv.Review(finished())
    assert not r.go(-1) and r.at == 0
    assert r.go(1) and r.at == 1
    assert r.go(1000) and r.step.kind == "result"
    assert not r.go(1)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_part_shows_all_hands_and_the_step(lang):
    m = finished()
    r = rv.Review(m)
    for at, step in enumerate(r.steps):
        r.at = at
        for seat in (1, 2, 3):
            assert cards_in(rv.seat_html(r, seat, lang)) == [str(c) for c in step.hands[seat]]
        south = rv.hand_html(r, lang)
        assert cards_in(south) == [str(c) for c in step.hands[0]]
        assert "data-i=" not in south  # nothing to choose in a review
        groups = re.findall(r'data-suit="(\w)"', south)  # a group a play-suit, as in play
        assert groups == [s for s, _ in render.suit_groups(step.hands[0], r.trump)]
        assert len(groups) == len(set(groups))
        table = rv.table_html(r, lang)
        if step.kind == "trick":
            assert re.findall(r'data-seat="(\d)"', table) == [str(s) for s, _ in step.trick.plays]
            assert cards_in(table) == [str(c) for _, cards in step.trick.plays for c in cards]
            assert str(step.points) in unescape(table)
        if step.kind == "result":
            assert 'class="result ' in table
        controls = rv.controls_html(r, lang)
        assert ('data-action="prev"' in controls and 'data-action="next"' in controls
                and 'data-action="close-review"' in controls)
        assert ('data-action="prev" disabled' in controls) == (at == 0)
        assert ('data-action="next" class="primary" disabled' in controls) == \
            (at == len(r.steps) - 1)
        assert f"{at + 1}/{len(r.steps)}" in rv.status_html(r, "zh") or lang == "en"


def test_a_shared_replay_says_it_is_someone_elses_round():
    """A reader who opened a #replay= link saw a review titled as if the round were their
    own: the bar says it is a shared one."""
    r = rv.Review(finished(8, tier="random"))
    assert "Review of round 1" in rv.status_html(r, "en")
    assert "Shared replay, round 1" in rv.status_html(r, "en", shared=True)
    assert "分享的复盘 第 1 局" in rv.status_html(r, "zh", shared=True)


def test_the_bids_are_listed_in_the_order_made():
    m = finished(8, tier="random")
    r = rv.Review(m)
    html = unescape(rv.table_html(r, "en"))
    lines = re.findall(r"<li>([^<]*)</li>", html)
    bidding = [(k, e) for k, e in enumerate(m.round.auction) if e.phase != Phase.SNATCH]
    names = ("You", "East", "North", "West")
    no_bid = passes_with_no_bid(m)
    assert lines[:len(bidding)] == [
        f"{names[e.seat]} passed" + (" (no bid to make)" if k in no_bid else "")
        if e.bid is None
        else f"{names[e.seat]} bid {cards_short(e.bid.cards, 'en')}" for k, e in bidding]
    nobody = all(e.bid is None for _, e in bidding)
    assert lines[len(bidding):] == (["Nobody bid: a kitty card set trump"] if nobody else [])


def passes_with_no_bid(m: Match) -> set[int]:
    """The places in the last round's auction of the player's passes made with no bid to
    make (the engine listing none for them then), found by replaying the round."""
    start, actions = round_actions(m, m.round.number + 1)
    replay = Match(m.seed, m.rules, start)
    out = set()
    for action in actions:
        if isinstance(action, Pass) and action.seat == 0 and not replay.legal_bids(0):
            out.add(len(replay.round.auction))
        replay.apply(action)
    return out


def test_a_pass_the_table_made_for_the_player_says_they_had_no_bid():
    """A newcomer whose first match ran on while they read the guided hand's offer found
    "You passed" in the review's auction, never having been asked: a pass with no bid to
    make says so, and one the player chose (a bid was theirs to make) does not."""
    seen = Counter()
    for seed in range(20):
        m = finished(seed)
        r = rv.Review(m)
        no_bid = {k for k in passes_with_no_bid(m)  # (the deal's step lists the bids: the
                  if m.round.auction[k].phase != Phase.SNATCH}  # snatch round is the kitty's)
        for lang, mark in (("en", "You passed (no bid to make)"), ("zh", "你不叫（无牌可叫）")):
            lines = re.findall(r"<li>([^<]*)</li>", unescape(rv.table_html(r, lang)))
            assert sum(line == mark for line in lines) == len(no_bid), (seed, lines)
        seen["no bid"] += len(no_bid)
        seen["chosen"] += sum(e.seat == 0 and e.bid is None and e.phase != Phase.SNATCH
                              and k not in no_bid for k, e in enumerate(m.round.auction))
    assert seen["no bid"] and seen["chosen"], seen  # both kinds met


def test_an_earlier_round_can_be_reviewed_and_an_unfinished_one_cannot():
    m = finished()
    m.apply(NextRound())
    r = rv.Review(m, round_no=1)
    assert r.round_no == 0 and r.steps[-1].kind == "result"
    with pytest.raises(ValueError, match="finished round"):
        rv.Review(m)


def test_the_review_words_exist_in_both_languages():
    assert all(TEXT[k][0] and TEXT[k][1] for k in TEXT if k.startswith("review."))


ROUND_BUTTONS = r'data-action="(review-\w+)"(?: class="minor")?( disabled)?'  # (in the menu)


def test_the_earlier_rounds_of_the_match_can_be_reviewed_too():
    m = finished()
    players = [make_bot("normal", s, 5) for s in range(4)]
    for _ in range(2):
        m.apply(NextRound())
        play_round(m, players)
    r = rv.Review(m)
    assert r.round_no == 2 and list(r.rounds) == [0, 1, 2]
    buttons = re.findall(ROUND_BUTTONS, rv.controls_html(r, "en"))
    assert buttons == [("review-earlier", ""), ("review-later", " disabled")]
    first = rv.Review(m, round_no=1)
    assert first.steps[-1].kind == "result" and first.round_no == 0
    assert first.final_view.result == finished().round.result
    buttons = re.findall(ROUND_BUTTONS, rv.controls_html(first, "zh"))
    assert buttons == [("review-earlier", " disabled"), ("review-later", "")]
    assert "review-earlier" not in rv.controls_html(rv.Review(finished()), "en")  # one round


class FakeAdviser:
    """An adviser (as engine.bots.hard's advise_steps) whose choice the test makes: `pick`
    chooses among the plays the engine allows, from the match rebuilt to that moment."""

    def __init__(self, pick):
        self.pick, self.views = pick, []

    def advise_steps(self, view):
        self.views.append(view)
        yield 0
        action = Play(0, self.pick(view))
        return Advice(action, explain(view, action))


def _moment(review, step):
    """The match of `review` rebuilt to just before the player's play in `step`'s trick."""
    seed, rules, start, actions = review._from
    m = Match(seed, rules, start)
    for action in actions[:step.own_at]:
        m.apply(action)
    return m


def test_each_trick_knows_where_the_player_played_in_it():
    m = finished(seed=8)
    r = rv.Review(m)
    _, _, _, actions = r._from
    for step in r.steps:
        if step.kind != "trick":
            assert step.own_at is None
            continue
        own = actions[step.own_at]
        assert own.seat == 0 and own.cards == dict(step.trick.plays)[0]


def _other_plays(review, step):
    """The plays the engine allowed the player in `step`'s trick, but the one they made."""
    played = sorted(map(str, dict(step.trick.plays)[0]))
    return [o for o in _moment(review, step).play_options(0) if sorted(map(str, o)) != played]


def _hint_line(review, lang="en"):
    found = re.findall(r'<p class="hint-line">([^<]*)</p>', rv.table_html(review, lang))
    return unescape(found[0]) if found else None


def test_the_review_says_what_the_hint_would_have_played_where_it_differs():
    m = finished(seed=8)
    r = rv.Review(m)
    # the first trick where the player had a choice
    r.at = next(k for k, s in enumerate(r.steps) if s.kind == "trick" and _other_plays(r, s))
    step = r.step
    played, others = dict(step.trick.plays)[0], _other_plays(r, step)
    assert r.hint_wanted() and _hint_line(r) is None  # not asked yet: nothing said
    # an adviser that agrees: one word that it does
    same = FakeAdviser(lambda view: played)
    steps = r.hint_steps(same)
    assert next(steps) == 0  # it yields while it rebuilds the moment: run in slices
    advice = run_steps(steps)
    assert advice.action.cards == played and not r.hint_wanted()
    assert _hint_line(r) == "The hint would have played your cards too."
    # the adviser saw the player's view just before the play: their turn, the cards in hand
    view = same.views[0]
    assert view.to_act == 0 and view.seat == 0 and Counter(played) <= Counter(view.hand)
    # one that differs: its cards and its reason, in either language
    r.hints.clear()
    run_steps(r.hint_steps(FakeAdviser(lambda view: others[0])))
    line = _hint_line(r)
    assert line.startswith(f"The hint would have played {cards_short(others[0], 'en')}: ")
    assert _hint_line(r, "zh").startswith(f"提示会出 {cards_short(others[0], 'zh')}：")
    # the deal, the kitty and the result ask nothing
    for at in (0, 1, len(r.steps) - 1):
        r.at = at
        assert not r.hint_wanted()


class ChoosingAdviser:
    """An adviser whose answer is `choose(view)`, any action (a snatch, a pass)."""

    def __init__(self, choose):
        self.choose, self.views = choose, []

    def advise_steps(self, view):
        self.views.append(view)
        yield 0
        action = self.choose(view)
        return Advice(action, explain(view, action))


def _kitty_at(review):
    return next(k for k, s in enumerate(review.steps) if s.kind == "kitty")


@pytest.mark.parametrize("seed, snatched", [(40, True), (2, False)])
def test_the_kitty_step_says_what_the_hint_would_have_done_where_the_player_could_snatch(
        seed, snatched):
    """R14/R15 in the review: where the engine listed a snatch (抄底) for the player, the
    kitty's step asks the hint about that choice, from the player's view just before it, and
    says what they did and what the hint would have done (a playtest missed it there)."""
    from engine.actions import Pass, Snatch
    r = rv.Review(finished(seed=seed))
    r.at = _kitty_at(r)
    mine = r.action(r.step.kitty_at)
    assert isinstance(mine, Snatch if snatched else Pass) and mine.seat == 0
    assert r.hint_wanted() and "hint-line" not in rv.table_html(r, "en")  # not asked yet
    same = ChoosingAdviser(lambda view: mine)
    run_steps(r.hint_steps(same))
    view = same.views[0]
    assert view.phase == Phase.SNATCH and view.to_act == 0 and view.seat == 0
    did = (f"You snatched with {cards_short(mine.cards, 'en')}; " if snatched
           else "You could snatch and did not; ")
    assert _hint_line(r) == did + "the hint would have done the same."
    assert not r.hint_wanted()
    # the other choice: what the hint would have done, and why, in either language
    r.hints.clear()
    other = ChoosingAdviser(lambda view: Pass(0) if snatched else Snatch(
        0, tuple(_snatches_listed(r)[-1])))
    run_steps(r.hint_steps(other))
    line = _hint_line(r)
    if snatched:
        strongest = _snatches_listed(r)[-1]
        assert line == did + (f"the hint would not have snatched: {cards_short(strongest, 'en')}"
                              " could snatch, but the kitty is not worth it here: pass")
        assert _hint_line(r, "zh") == (f"你用 {cards_short(mine.cards, 'zh')} 抄底；"
                                       f"提示不会抄底：{cards_short(strongest, 'zh')}可以抄底，"
                                       "但这里的底牌不值得：不抄")
    else:
        cards = cards_short(_snatches_listed(r)[-1], "en")
        assert line.startswith(did + f"the hint would have snatched with {cards}: ")
        assert _hint_line(r, "zh").startswith("你能抄底而没有抄；提示会用 ")


def _snatches_listed(review):
    """The snatches the engine listed for the player at their choice in the kitty's step."""
    seed, rules, start, actions = review._from
    m = Match(seed, rules, start)
    for action in actions[:review.step.kitty_at]:
        m.apply(action)
    return m.legal_bids(0)


def test_only_a_choice_the_player_had_is_asked_about_in_the_kitty_step():
    """The kitty's step asks about the player's first decision over the kitty: their bury as
    庄家, or their choice to snatch; a pass the table made for them (no snatch listed for
    them) is no decision."""
    from engine.actions import Bury
    asked = Counter()
    for seed in range(1, 12):
        r = rv.Review(finished(seed=seed))
        r.at = _kitty_at(r)
        at = r.step.kitty_at
        seed_, rules, start, actions = r._from
        m = Match(seed_, rules, start)
        choices = []
        for k, action in enumerate(actions):
            if getattr(action, "seat", None) == 0 and (
                    isinstance(action, Bury) or (m.phase == Phase.SNATCH and m.legal_bids(0))):
                choices.append(k)
            m.apply(action)
        assert at == (choices[0] if choices else None), seed
        assert r.hint_wanted() == (at is not None)
        asked[type(actions[at]).__name__ if at is not None else None] += 1
    assert asked["Bury"] and asked["Pass"] and asked[None], asked


def test_the_kitty_step_says_what_the_hint_would_have_buried():
    """The player as 庄家 (seed 11's first round): their bury, and the hint's where it
    differs, with its reason (engine.bots.advice's words for a bury)."""
    from engine.actions import Bury
    r = rv.Review(finished(seed=11))
    r.at = _kitty_at(r)
    mine = r.action(r.step.kitty_at)
    assert isinstance(mine, Bury) and mine.seat == 0
    run_steps(r.hint_steps(ChoosingAdviser(lambda view: mine)))
    did = f"You buried {cards_short(mine.cards, 'en')}; "
    assert _hint_line(r) == did + "the hint would have done the same."
    r.hints.clear()
    adviser = ChoosingAdviser(lambda view: Bury(0, tuple(view.hand[:len(mine.cards)])))
    run_steps(r.hint_steps(adviser))
    view = adviser.views[0]
    assert view.phase == Phase.BURY and view.to_act == 0
    other = tuple(view.hand[:len(mine.cards)])
    assert sorted(other) != sorted(mine.cards)
    assert _hint_line(r).startswith(did + "the hint would have buried "
                                    f"{cards_short(other, 'en')}: bury ")
    assert _hint_line(r, "zh").startswith(f"你扣了 {cards_short(mine.cards, 'zh')}；提示会扣 ")


def test_each_trick_says_why_it_went_so_as_the_live_table_does():
    """The reason under a trick (engine.reasons, worded by ui.logic.explain) is the live table's."""
    from ui.logic import explain
    r = rv.Review(finished(seed=8))
    said = 0
    for at, step in enumerate(r.steps):
        if step.kind != "trick":
            continue
        r.at = at
        want = explain.trick_reason_text(step.trick, r.trump, "en", 0)
        got = re.findall(r'<p class="reason">([^<]*)</p>', rv.table_html(r, "en"))
        assert [unescape(g) for g in got] == ([want] if want else [])
        said += bool(want)
    assert said, "some trick of the round has a reason to give"


def test_a_hint_asked_for_a_trick_is_that_trick_s_though_the_player_steps_on_first():
    """The page asks for the hint as it shows a trick and runs the search later: by then the
    player may be on the result, which has no hint (a fast ArrowRight did this)."""
    m = finished(seed=8)
    r = rv.Review(m)
    r.at = next(k for k, s in enumerate(r.steps) if s.kind == "trick" and _other_plays(r, s))
    asked_at, step = r.at, r.step
    played = dict(step.trick.plays)[0]
    steps = r.hint_steps(FakeAdviser(lambda view: played))
    r.at = len(r.steps) - 1  # the result
    advice = run_steps(steps)
    assert advice.action.cards == played and asked_at in r.hints
    assert not r.hint_wanted()


def test_the_steps_come_first_and_the_links_in_the_smaller_menu():
    """A phone keeps the review's buttons under the four hands to two rows: the steps and the
    way back as full buttons, the rest (other rounds, links) in the menu of small ones."""
    from ui.logic import share

    r = rv.Review(finished())
    html = rv.controls_html(r, "en", more=share.review_buttons("en", what_if=True))
    main, menu = html.split('<span class="menu">')
    assert re.findall(r'data-action="([\w-]+)"', main) == ["prev", "next", "close-review"]
    assert re.findall(r'data-action="([\w-]+)"', menu) == ["share", "share-deal", "replay-deal",
                                                           "what-if"]
    assert menu.count('class="minor"') == 4
    assert '<span class="menu">' not in rv.controls_html(r, "en", closable=False)
