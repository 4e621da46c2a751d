"""Share and replay links (ui.logic.share, issue 12 items 3, 4 and 8): a finished round or match as
`#replay=<code>`, a deal as `#deal=<code>`, read back exactly, and bad links refused with a
message (never taken in part)."""

from __future__ import annotations

import datetime
import random

import pytest

from engine.actions import NextRound
from engine.bots import make_bot
from engine.driver import play_round
from engine.errors import RecordError
from engine.match import DEFAULT_START, Match
from engine.phase import Phase
from engine.record import RecordInfo, record_code, round_actions
from ui.logic import share
from ui.logic.review import Review

SEED = 23
TIERS = {"1": "hard", "2": "easy", "3": "normal"}


@pytest.fixture(scope="module")
def two_rounds() -> Match:
    m = Match(SEED)
    players = [make_bot("normal", s, SEED) for s in range(4)]
    play_round(m, players)
    m.apply(NextRound())
    play_round(m, players)
    return m


def test_a_replay_link_holds_the_round_just_finished(two_rounds):
    info = share.seats_info(TIERS, datetime.date(2026, 11, 30))
    assert info.seats == ("you", "hard", "easy", "normal")
    fragment = share.replay_fragment(two_rounds, info)
    assert fragment.startswith("#replay=c1.23.")
    link = share.read_link(fragment)
    assert link is not None and link.kind == share.REPLAY and link.info == info
    # only the second round, rebuilt from where it was dealt: the same moves, the same review
    start, actions = round_actions(two_rounds)
    assert link.match.start == start and link.match.history == actions
    assert link.match.start != DEFAULT_START
    mine, theirs = Review(two_rounds), Review(link.match)
    assert [s.hands for s in mine.steps] == [s.hands for s in theirs.steps]
    assert mine.final_view.result == theirs.final_view.result
    # the earlier round, asked for by number, and the same link without its "#"
    first = share.read_link(share.replay_fragment(two_rounds, info, 1)[1:])
    assert first is not None and first.match.history == round_actions(two_rounds, 1)[1]


def test_a_round_s_replay_link_says_its_attackers_points(two_rounds):
    """For the embed's look-alike, which shows them before the game loads (boot.js): the
    attackers' score of that round, as the round was settled; the reader ignores it."""
    for round_no in (1, 2):
        start, actions = round_actions(two_rounds, round_no)
        replay = Match(SEED, two_rounds.rules, start)
        settled = [e for a in actions for e in replay.apply(a) if e.kind == "RoundSettled"]
        fragment = share.replay_fragment(two_rounds, RecordInfo(), round_no)
        assert fragment.endswith(f"&points={settled[0].score}")
        assert share.read_link(fragment).match.history == actions
    for extra in ("&points=abc", "&points=1234", "&other=1", "&points=85&points=85"):
        with pytest.raises(RecordError):
            share.read_link(share.replay_fragment(two_rounds, RecordInfo(), 1) + extra)


def test_a_replay_link_at_match_over_holds_the_whole_match():
    m = Match(SEED)
    players = [make_bot("normal", s, SEED) for s in range(4)]
    while m.phase != Phase.MATCH_OVER:
        if m.phase == Phase.RESULT:
            m.apply(NextRound())
        play_round(m, players)
    link = share.read_link(share.replay_fragment(m, RecordInfo()))
    assert link is not None and link.match.history == m.history
    assert link.match.phase == Phase.MATCH_OVER


def test_only_a_finished_round_is_shared_for_review():
    with pytest.raises(ValueError):
        share.replay_fragment(Match(SEED), RecordInfo())


def test_a_deal_link_holds_the_deal_and_the_bots(two_rounds):
    deal = share.deal_of(two_rounds, TIERS, 2)
    assert deal.start == round_actions(two_rounds, 2)[0] and deal.seed == SEED
    info = share.seats_info(TIERS)
    fragment = share.deal_fragment(deal, info)
    link = share.read_link(fragment)
    assert link is not None and link.kind == share.DEAL and link.match.history == []
    again = share.deal_of_link(link, {"1": "random", "2": "random", "3": "random"})
    assert again == deal
    # played from its start, it deals the same cards as the round did
    replay = Match(again.seed, again.rules, again.start)
    _, actions = round_actions(two_rounds, 2)
    for action in actions[:60]:
        replay.apply(action)
    # a record naming no bots (or unknown ones) leaves the player's own
    bare = share.read_link(share.deal_fragment(deal, RecordInfo()))
    assert share.deal_of_link(bare, TIERS).tiers == TIERS
    assert share.tiers_of(RecordInfo(("you", "you", "hard", "hard")), TIERS) == TIERS


def test_only_this_pages_fragments_are_links():
    assert share.read_link("") is None
    assert share.read_link("#") is None
    assert share.read_link("#rules") is None
    assert share.read_link("#replayx=c1") is None
    assert share.link_kind("#deal=abc") == share.DEAL


@pytest.mark.parametrize("fragment", [
    "#replay=",
    "#replay=garbage",
    "#replay=%3Cscript%3Ealert(1)%3C/script%3E",
    "#replay=<script>alert(1)</script>",
    "#deal=c1.x.....",
    "#deal=c1.7.....eNoDAAAAAAE.extra",
    "#replay=c1.7." + "9" * 40 + "....",
])
def test_a_bad_link_is_refused_with_a_message(fragment):
    with pytest.raises(RecordError) as err:
        share.read_link(fragment)
    assert err.value.en and err.value.zh


def test_a_truncated_or_edited_replay_is_refused(two_rounds):
    fragment = share.replay_fragment(two_rounds, RecordInfo())
    for cut in (len(fragment) - 3, len(fragment) - 40, len(fragment) // 2):
        with pytest.raises(RecordError):
            share.read_link(fragment[:cut])
    # the round's moves, all but the last few: a code that reads but a round not finished
    start, actions = round_actions(two_rounds)
    partial = Match(SEED, two_rounds.rules, start)
    for action in actions[:-3]:
        partial.apply(action)
    with pytest.raises(RecordError, match="not finished"):
        share.read_link("#replay=" + record_code(partial))


def test_random_mutations_never_get_past_the_reader(two_rounds):
    """Fuzz: every mutated link is either refused with a RecordError or read into a match
    that the engine replayed (never another exception)."""
    fragment = share.replay_fragment(two_rounds, RecordInfo())
    rng = random.Random(12)
    alphabet = "abcXYZ019_-.=#<>\"'&%"
    for _ in range(150):
        chars = list(fragment)
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(8, len(chars))
            what = rng.random()
            if what < 0.4:
                chars[i] = rng.choice(alphabet)
            elif what < 0.7:
                del chars[i]
            else:
                chars.insert(i, rng.choice(alphabet))
        try:
            link = share.read_link("".join(chars))
        except RecordError:
            continue
        if link is not None:
            assert link.match.phase.round_over


def test_the_share_url_is_the_pages_own_address():
    assert share.share_url("https://example.org/a/b/?speed=instant#old", "#replay=x") == (
        "https://example.org/a/b/#replay=x")
    assert share.share_url("https://example.org/a/index.html?embed=1", "#replay=x") == (
        "https://example.org/a/index.html#replay=x")
    assert share.share_url("http://127.0.0.1:8000/", "#deal=y") == "http://127.0.0.1:8000/#deal=y"


def test_the_review_buttons_and_the_question_are_plain_buttons():
    html = share.review_buttons("en")
    for action in ("share", "share-deal", "replay-deal"):
        assert f'data-action="{action}"' in html
    ask = share.confirm_html("zh", {"1": "hard", "2": "normal", "3": "easy"})
    assert 'data-action="confirm-deal"' in ask and 'data-action="close"' in ask
    # the deal's bots are named: they take their seats
    bots = share.confirm_html("en", {"1": "hard", "3": "easy"})
    assert "Bots: East Hard · North Normal · West Easy" in bots


def test_what_if_replays_the_match_up_to_the_trick_shown(two_rounds):
    """Play on from a review's trick: the match with its earlier round, and this round's
    moves up to that trick's lead, so the trick can be played otherwise."""
    review = Review(two_rounds)  # the second round
    assert review.take_over_at() == review.steps[0].done  # the end of the deal
    review.go(1)  # the kitty buried: the first trick is next
    kitty_done = review.step.done
    assert review.take_over_at() == kitty_done
    review.go(3)  # the third trick on the table: play it again from its lead
    third = review.step
    assert third.kind == "trick" and third.trick_no == 3
    upto = review.take_over_at()
    assert upto == review.steps[review.at - 1].done < third.done
    deal = share.what_if(two_rounds, TIERS, review.round_no + 1, upto)
    m = deal.match()
    assert m.start == two_rounds.start and m.round.number == 1
    assert len(m.round.tricks) == 2 and m.round.tricks[-1].winner is not None
    assert m.phase == Phase.PLAY
    assert m.history == two_rounds.history[:len(m.history)]
    # the hands are the review's before the third trick
    want = review.steps[review.at - 1].hands
    assert [sorted(c.index for c in h) for h in m.round.hands] == [
        sorted(c.index for c in h) for h in want]
    # the first round too, and never past the result
    first = Review(two_rounds, 1)
    first.go(2)
    early = share.what_if(two_rounds, TIERS, 1, first.take_over_at()).match()
    assert early.round.number == 0 and early.phase == Phase.PLAY
    first.at = len(first.steps) - 1
    assert first.take_over_at() is None
    with pytest.raises(ValueError):
        share.what_if(two_rounds, TIERS, 1, 10_000)
