"""A long match's link is read in slices, and its earlier rounds are reviewed without replaying
the match again (issue 30, item 5, the page's side).

A link may set every level rise of the attackers to 0, so that a match never ends: its code
may then hold up to MAX_ROUNDS rounds. The page reads it with ui.logic.share.read_link_steps
(engine.record.read_code_steps, whose decoding is sliced too), giving its main thread back
between slices, and reviews its earlier rounds from the bounds found while it was read
(engine.record.round_spans_steps for a match the page played itself). Here, on CPython, the
work between two yields is counted in moves decoded and replayed.
"""

from __future__ import annotations

import functools
import json
from html import escape

from engine import record
from engine.actions import Deal, NextRound
from engine.bots import make_bot
from engine.codec import decode_actions, decode_actions_steps, encode_actions
from engine.config import RulesConfig
from engine.driver import play_round
from engine.match import Match
from engine.record import (
    RecordInfo,
    read_code,
    record_code,
    round_actions,
    round_spans_steps,
)
from engine.save import load_match, save_match, verify_steps
from ui.logic import share
from ui.logic.review import Review

ROUNDS = 30
# Attackers take the deal with any score and rise 0: the levels never move, the match never ends.
ENDLESS = RulesConfig(threshold=1, small_shutout_limit=0, max_rise=0, step=300)


@functools.cache
def endless() -> Match:
    m = Match(5, ENDLESS)
    bots = [make_bot("random", s, 5, bid_chance=0.3) for s in range(4)]
    for number in range(ROUNDS):
        play_round(m, bots)
        if number < ROUNDS - 1:
            m.apply(NextRound())
    assert list(m.levels) == ["2", "2"] and not m.is_over
    return m


def slices(steps):
    """Run `steps` to its end: (its value, the number of times it yielded)."""
    count = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value, count
        count += 1


class Counting:
    """Counts Match.apply calls between two yields of a generator."""

    def __init__(self, monkeypatch) -> None:
        self.calls = 0
        original = Match.apply

        def counting(match, action):
            self.calls += 1
            return original(match, action)

        monkeypatch.setattr(Match, "apply", counting)

    def most_between_yields(self, steps) -> int:
        most, before = 0, self.calls
        while True:
            try:
                next(steps)
            except StopIteration:
                return max(most, self.calls - before)
            most, before = max(most, self.calls - before), self.calls


def test_a_code_is_decoded_in_slices():
    actions = endless().history
    code = encode_actions(actions)
    decoded, yields = slices(decode_actions_steps(code, 500))
    assert decoded == decode_actions(code) == actions
    assert yields == (len(actions) - 1) // 500


def test_a_long_link_is_read_in_slices_of_a_few_moves(monkeypatch):
    code = record_code(endless(), RecordInfo(("you", "hard", "normal", "easy")))
    fragment = "#replay=" + code
    whole = share.read_link(fragment)
    counting = Counting(monkeypatch)
    assert counting.most_between_yields(share.read_link_steps(fragment)) <= 40
    link, yields = slices(share.read_link_steps(fragment))
    assert link is not None and link.match.history == whole.match.history
    assert yields >= len(whole.match.history) // 40


def test_a_long_links_earlier_rounds_are_reviewed_without_replaying_the_match(monkeypatch):
    link = share.read_link("#replay=" + record_code(endless()))
    counting = Counting(monkeypatch)
    for number in (1, 2, ROUNDS // 2, ROUNDS - 1):
        before = counting.calls
        review = Review(link.match, number)
        assert review.round_no == number - 1
        assert counting.calls - before == len(round_actions(link.match, number)[1])  # one round


def test_the_rounds_found_while_reading_are_those_a_replay_finds():
    played = endless()
    code = record_code(played)
    match, _ = read_code(code)
    found = record._SPANS[match][1]
    record._SPANS.pop(match)
    assert found == record._round_spans(match) and len(found) == ROUNDS
    # deals written one card at a time are one entry of the history: the bounds still hold
    actions = played.history
    split = [piece for a in actions
             for piece in ([Deal(1)] * a.count if isinstance(a, Deal) and a.count < 9 else [a])]
    parts = code.split(".")
    match, _ = read_code(".".join([*parts[:-1], encode_actions(split)]))
    found = record._SPANS[match][1]
    record._SPANS.pop(match)
    assert found == record._round_spans(match)


def test_a_played_matchs_rounds_are_found_in_slices(monkeypatch):
    match = load_match(save_match(endless()))  # (its earlier rounds coded: nothing known)
    counting = Counting(monkeypatch)
    assert counting.most_between_yields(round_spans_steps(match, 40)) <= 40
    replayed = counting.calls
    assert replayed >= match.history_length - 1
    Review(match, 3)
    assert counting.calls - replayed == len(round_actions(match, 3)[1])  # known: one round
    assert slices(round_spans_steps(match))[1] == 0  # known: nothing to do


def test_what_if_in_a_late_round_does_not_replay_the_rounds_before_it(monkeypatch):
    link = share.read_link("#replay=" + record_code(endless()))
    number = ROUNDS - 2
    deal = share.what_if(link.match, {"1": "normal", "2": "normal", "3": "normal"}, number, 12)
    assert deal.resume_at is not None
    counting = Counting(monkeypatch)
    match = deal.match()
    assert counting.calls == 12  # the moves of its round up to there, no more
    assert match.history == list(deal.history)
    text = save_match(match)
    assert slices(verify_steps(text))[1] > 0  # the whole save checks, earlier rounds too
    assert load_match(text).history == match.history
    first = share.what_if(link.match, deal.tiers, 1, 5)
    assert first.resume_at is None and first.match().history == list(first.history)


def test_the_deal_dialog_names_every_rule_that_differs_from_the_default():
    html = share.confirm_html("en", {"1": "hard"}, rules=ENDLESS)
    for difference in ENDLESS.differences():
        assert escape(difference.text("en")) in html
    assert "Rules that differ from the default" in html
    zh = share.confirm_html("zh", {}, rules=ENDLESS)
    assert all(escape(d.text("zh")) in zh for d in ENDLESS.differences())
    assert "deal-rules" not in share.confirm_html("en", {})  # default rules: no line
    assert "another tab" in share.confirm_html("en", {}, elsewhere=True)


def test_a_deal_links_rules_come_to_the_dialog():
    match = Match(9, ENDLESS)
    link = share.read_link("#deal=" + record_code(match))
    deal = share.deal_of_link(link, {})
    assert deal.rules == ENDLESS
    assert json.loads(save_match(deal.match()))["rules"] == ENDLESS.to_dict()
