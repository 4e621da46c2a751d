"""The engine's API refuses arguments of the wrong type or out of range with its own error (a
GameError subclass, with en and zh messages) before anything changes (issue 30, item 7)."""

import datetime

import pytest

from engine.actions import Bid, Bury, Deal, NextRound, Pass, Play, Snatch, action_to_json
from engine.bidding import bid_needed, can_overcall
from engine.cards import card, format_cards, parse_card, parse_cards
from engine.codec import decode_actions, encode_actions
from engine.config import RulesConfig
from engine.errors import ArgumentError, GameError, IllegalAction
from engine.match import Match, Start
from engine.record import (
    RecordInfo,
    read_code,
    read_record,
    record_code,
    record_text,
    round_actions,
    round_numbers,
)
from engine.rules import Trump, check_follow, check_throw, classify, playable_cards, trick_winner
from engine.save import load_match, save_match, verify_steps
from engine.scoring import band, raise_level, settle


def in_play(seed=5):
    """A match at its first lead."""
    m = Match(seed)
    while m.phase != "play":
        m.apply(m.a_legal_action())
    return m


def test_the_issue_s_bad_actions_are_refused_and_change_nothing():
    m = in_play()
    before = save_match(m)
    lead = m.a_legal_action()
    assert lead.seat in (1, 2, 3) or lead.seat == 0
    for action in (Play(True, lead.cards), Play(lead.seat + 0.0, lead.cards),
                   Play(lead.seat, list(map(str, lead.cards))), Play(lead.seat, "S2"),
                   Play(lead.seat, None), Play(-1, lead.cards)):
        with pytest.raises(IllegalAction) as err:
            m.apply(action)
        assert err.value.en and err.value.zh
    assert save_match(m) == before
    assert load_match(before).history == m.history
    fresh = Match(1)
    for count in (True, False, 1.0, "1", None, 0, -3, 10**40):
        with pytest.raises(IllegalAction):
            fresh.apply(Deal(count))
    assert fresh.history == [] and fresh.round.dealt == 0


def test_a_seat_true_is_not_seat_1():
    m = in_play(seed=2)
    seat = m.to_act
    if seat != 1:  # play on until seat 1 is to act
        while m.to_act != 1:
            m.apply(m.a_legal_action())
    action = m.a_legal_action()
    with pytest.raises(IllegalAction):
        m.apply(Play(True, action.cards))
    m.apply(action)  # the same cards by seat 1 are fine


BAD_SEATS = [-1, 4, True, False, 1.0, "1", None, [0], 10**40]


@pytest.mark.parametrize("seat", BAD_SEATS, ids=repr)
def test_a_seat_out_of_range_or_of_another_type_is_refused(seat):
    m = in_play()
    for call in (m.view, m.hand, m.legal_bids, m.play_options, m.playable_cards):
        with pytest.raises(ArgumentError):
            call(seat)
    for action in (Pass(seat), Bid(seat, (card("S2"),)), Play(seat, (card("S2"),)),
                   Bury(seat, (card("S2"),)), Snatch(seat, (card("S2"), card("S2")))):
        with pytest.raises(IllegalAction):
            m.apply(action)


@pytest.mark.parametrize(("rank", "suit"), [(2, None), ("X", None), (None, "X"), (None, 1),
                                            (["2"], "S"), ("2", True)])
def test_a_bid_naming_what_is_not_a_rank_or_suit_is_refused(rank, suit):
    m = Match(3)
    m.apply(Deal(40))
    bid = m.legal_bids(0) or m.legal_bids(1)
    seat = 0 if m.legal_bids(0) else 1
    cards = bid[0] if bid else (card("S2"),)
    with pytest.raises(IllegalAction):
        m.apply(Bid(seat, cards, rank, suit))
    assert m.history == [Deal(40)]


def _id(value: object) -> str:
    """The value's repr, but for a bare object() (whose repr holds its address, which differs
    between pytest-xdist's workers, and they must collect the same tests)."""
    return "object()" if type(value) is object else repr(value)


@pytest.mark.parametrize("action", [None, 3, "play", ("play", 0, "S2"), object()], ids=_id)
def test_what_is_not_an_action_is_refused(action):
    m = Match(1)
    with pytest.raises(IllegalAction):
        m.apply(action)
    with pytest.raises(IllegalAction):
        action_to_json(action)
    with pytest.raises(GameError):
        encode_actions([action])


@pytest.mark.parametrize(("args", "kwargs"), [
    ((7,), {"rules": None}), ((7,), {"rules": {"hand_size": 38}}), ((7,), {"start": None}),
    ((7,), {"start": (0, None, ("2", "2"))}), ((True,), {}), ((7.0,), {}), (("7",), {}),
    ((None,), {}),
])
def test_a_match_is_made_of_a_whole_seed_a_rules_config_and_a_start(args, kwargs):
    with pytest.raises(ArgumentError) as err:
        Match(*args, **kwargs)
    assert err.value.en and err.value.zh


@pytest.mark.parametrize("kwargs", [
    {"round_no": -1}, {"round_no": True}, {"round_no": 1.0}, {"dealer": 4}, {"dealer": True},
    {"dealer": "0"}, {"levels": None}, {"levels": ("2",)}, {"levels": ("2", "X")},
    {"levels": "22"}, {"levels": ("2", "3")},  # no 庄家 yet: the levels are equal
])
def test_a_start_position_out_of_range_is_refused(kwargs):
    with pytest.raises(ArgumentError):
        Start(**kwargs)


def test_a_start_reads_a_list_of_levels_as_its_pair():
    assert Start(1, 2, ["3", "5"]) == Start(1, 2, ("3", "5"))


TRUMP = Trump("2", "S")
HAND = parse_cards("S3 S4 H5 H5 D6")

RULES_CALLS = [
    ("trick_winner no plays", lambda: trick_winner([], TRUMP)),
    ("trick_winner an empty play", lambda: trick_winner([parse_cards("S3"), []], TRUMP)),
    ("trick_winner not cards", lambda: trick_winner([["S3"], ["S4"]], TRUMP)),
    ("trick_winner no trump", lambda: trick_winner([parse_cards("S3")], None)),
    ("trick_winner None", lambda: trick_winner(None, TRUMP)),
    ("classify not cards", lambda: classify([1, 2], TRUMP)),
    ("classify no trump", lambda: classify(parse_cards("S3"), "2S")),
    ("check_follow not cards", lambda: check_follow(HAND, ["S3"], ["S4"], TRUMP)),
    ("check_follow None hand", lambda: check_follow(None, parse_cards("S3"),
                                                    parse_cards("S4"), TRUMP)),
    ("check_throw not hands", lambda: check_throw(parse_cards("S3 S4"), [1, 2, 3], TRUMP)),
    ("check_throw None", lambda: check_throw(None, [HAND], TRUMP)),
    ("playable_cards not cards", lambda: playable_cards(HAND, ["S3"], TRUMP)),
    ("playable_cards None hand", lambda: playable_cards(None, parse_cards("S3"), TRUMP)),
    ("Trump level None", lambda: Trump(None)),
    ("Trump level LJ", lambda: Trump("LJ")),
    ("Trump suit X", lambda: Trump("2", "X")),
    ("can_overcall bad level", lambda: can_overcall(parse_cards("S2"), None, "X")),
    ("can_overcall not cards", lambda: can_overcall(["S2"], None, "2")),
    ("can_overcall standing not a bid", lambda: can_overcall(parse_cards("S2 S2"),
                                                             parse_cards("S3"), "2")),
    ("raise_level negative", lambda: raise_level("2", -5)),
    ("raise_level bool", lambda: raise_level("2", True)),
    ("raise_level float", lambda: raise_level("2", 1.5)),
    ("raise_level off the ladder", lambda: raise_level("X", 1)),
    ("raise_level None", lambda: raise_level(None, 1)),
    ("settle negative", lambda: settle(-5)),
    ("settle float", lambda: settle(60.5)),
    ("settle rules None", lambda: settle(60, None)),
    ("band string", lambda: band("60")),
    ("parse_cards None", lambda: parse_cards(None)),
    ("parse_cards ints", lambda: parse_cards([1])),
    ("parse_card int", lambda: parse_card(7)),
    ("card unknown", lambda: card("X9")),
    ("card None", lambda: card(None)),
    ("format_cards strings", lambda: format_cards(["S2"])),
    ("format_cards None", lambda: format_cards(None)),
    ("RecordInfo seats", lambda: RecordInfo(("you",))),
    ("RecordInfo date", lambda: RecordInfo(None, "2026-11-30")),
    ("record_text not a match", lambda: record_text(None)),
    ("record_code round_no string", lambda: record_code(Match(1), RecordInfo(), "1")),
    ("round_actions round 0", lambda: round_actions(Match(1), 0)),
    ("round_actions round bool", lambda: round_actions(Match(1), True)),
    ("save_match not a match", lambda: save_match("match")),
    ("RulesConfig None", lambda: RulesConfig(hand_size=None)),
    ("history_since negative", lambda: in_play().history_since(-1)),
    ("history_since string", lambda: in_play().history_since("0")),
    ("round_numbers not a match", lambda: round_numbers(None)),
    ("encode_actions None", lambda: encode_actions(None)),
    ("encode_actions a deal of 300", lambda: encode_actions([Deal(300)])),
]


@pytest.mark.parametrize("call", [c[1] for c in RULES_CALLS], ids=[c[0] for c in RULES_CALLS])
def test_the_api_refuses_wrong_types_with_its_own_error(call):
    with pytest.raises(GameError) as err:
        call()
    assert err.value.en and err.value.zh


def test_the_rules_api_still_answers_as_before():
    assert raise_level("2", 0) == "2" and raise_level("K", 5) == "LJ"
    assert trick_winner([parse_cards("S3"), parse_cards("S4")], TRUMP) == 1
    assert settle(0) == (True, 6) and band(0) == "shutout"
    assert can_overcall(parse_cards("S2 S2"), parse_cards("S2"), "2")
    assert format_cards(c for c in parse_cards("S2 BJ")) == "S2 BJ"
    assert RecordInfo(None, datetime.date(2026, 11, 30)).date.day == 30
    assert NextRound() == NextRound()


PANEL = [None, True, -1, 4, 1.5, "x", "", [], [1], {}, object(), 10**40, (None,), ["S2"]]


def test_a_panel_of_bad_values_meets_only_the_engine_s_errors_and_changes_nothing():
    """Every public call of the engine, given each of PANEL in turn where it takes one
    argument: it answers or raises a GameError, and the match it was asked about is as it
    was. (The issue's ~100 bad calls, and more: 800 here.)"""
    m = in_play()
    t = Trump("2")
    calls = [
        m.apply, m.verify, m.can_apply, m.view, m.hand, m.legal_bids, m.play_options,
        m.playable_cards, m.history_since, Start.from_dict, RulesConfig.from_dict, load_match,
        lambda x: list(verify_steps(x)), save_match, record_text, record_code, read_record,
        read_code, round_actions, round_numbers, encode_actions, decode_actions,
        action_to_json, Trump, lambda x: classify(x, t), lambda x: classify(parse_cards("S3"), x),
        lambda x: check_follow(x, parse_cards("S3"), parse_cards("S4"), t),
        lambda x: check_throw(x, [[]], t), lambda x: check_throw(parse_cards("S3 S4"), x, t),
        lambda x: trick_winner(x, t), lambda x: trick_winner([parse_cards("S3")], x),
        lambda x: playable_cards(x, None, t), lambda x: playable_cards(HAND, x, t),
        lambda x: can_overcall(x, None, "2"), lambda x: can_overcall(parse_cards("S2 S2"), x, "2"),
        lambda x: can_overcall(parse_cards("S2"), None, x), lambda x: bid_needed(x, "2"),
        lambda x: bid_needed(None, x), settle, lambda x: settle(50, x),
        lambda x: raise_level(x, 1), lambda x: raise_level("2", x), band, parse_cards,
        parse_card, format_cards, card, Match, lambda x: Match(1, x),
        lambda x: Match(1, RulesConfig(), x), RecordInfo, lambda x: RecordInfo(None, x),
        lambda x: m.apply(Deal(x)), lambda x: m.apply(Play(x, ())),
        lambda x: m.apply(Play(0, x)), lambda x: m.apply(Bid(0, parse_cards("S2"), x)),
        lambda x: record_text(m, RecordInfo(), x), lambda x: record_code(m, x),
    ]
    before = save_match(m)
    for call in calls:
        for value in PANEL:
            try:
                call(value)
            except GameError as err:
                assert err.en and err.zh
    assert save_match(m) == before
