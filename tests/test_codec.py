"""The compact action code (engine.codec): exact round trips, strict refusal of anything else."""

import base64
import contextlib
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Bid, Bury, Deal, NextRound, Pass, Play, Snatch
from engine.bots import make_bot
from engine.cards import parse_cards
from engine.codec import CodeError, decode_actions, encode_actions
from engine.driver import play_round
from engine.match import Match


def cards(text: str) -> tuple:
    return tuple(parse_cards(text))


EVERY_KIND = [
    Deal(1), Deal(255), Pass(3), NextRound(),
    Bid(0, cards("H2"), None, None), Bid(2, cards("SJ SJ"), "2", "S"),
    Snatch(1, cards("BJ BJ BJ"), None, None), Snatch(3, cards("C2 C2"), "2", "C"),
    Bury(1, cards("S3 S3 H4 C5 D6 D7 D8 D9 DT DJ")), Play(2, cards("SA SA SK SK")),
]


def code_of(raw: bytes) -> str:
    return base64.urlsafe_b64encode(zlib.compress(raw)).rstrip(b"=").decode()


def test_every_kind_of_action_comes_back_as_it_went_in():
    assert decode_actions(encode_actions(EVERY_KIND)) == EVERY_KIND
    assert decode_actions(encode_actions([])) == []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_played_round_comes_back_exactly_and_the_code_is_url_safe(seed):
    m = Match(seed)
    play_round(m, [make_bot("random", s, seed, bid_chance=0.3) for s in range(4)])
    code = encode_actions(m.history)
    assert decode_actions(code) == m.history
    assert set(code) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert len(code) < 700  # a whole round in a few hundred characters


BAD_CODES = [
    ("not base64", "!!!!"),
    ("not zlib", base64.urlsafe_b64encode(b"hello world").decode()),
    ("truncated", encode_actions(EVERY_KIND)[:-6]),
    ("a deal of no cards", code_of(bytes([0, 0]))),
    ("an action cut short", code_of(bytes([5 * 4 + 1, 3, 10]))),
    ("a card past the decks", code_of(bytes([5 * 4, 1, 200]))),
    ("no cards", code_of(bytes([5 * 4, 0]))),
    ("unknown action", code_of(bytes([7 * 4]))),
    ("a rank past the ranks", code_of(bytes([4 + 1, 1, 10, 99, 0]))),
    ("trailing bytes after the stream", encode_actions(EVERY_KIND) + "AAAA"),
]


@pytest.mark.parametrize(("name", "code"), BAD_CODES, ids=[b[0] for b in BAD_CODES])
def test_a_malformed_code_is_refused_with_a_code_error(name, code):
    with pytest.raises(CodeError) as err:
        decode_actions(code)
    assert isinstance(err.value, ValueError) and str(err.value)


def test_a_code_that_inflates_past_the_limit_is_refused():
    with pytest.raises(CodeError):
        decode_actions(code_of(bytes([2 * 4]) * (2 << 20)))


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=64))
def test_any_bytes_decode_to_actions_or_a_code_error(raw):
    try:
        actions = decode_actions(code_of(raw))
    except CodeError:
        return
    assert decode_actions(encode_actions(actions)) == actions


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_any_text_decodes_to_actions_or_a_code_error(text):
    with contextlib.suppress(CodeError):
        decode_actions(text)
