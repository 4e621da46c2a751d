"""Saves (DESIGN principle 4): versioned JSON of rules + seed + history, replayed on load."""

import json

import pytest

from engine.bots import make_bot
from engine.config import RulesConfig
from engine.driver import next_action
from engine.errors import SaveError
from engine.match import Match
from engine.save import load_match, save_match


def played(seed=3, steps=400):
    m = Match(seed)
    players = [make_bot("random", s, seed, bid_chance=0.2) for s in range(4)]
    for _ in range(steps):
        m.apply(next_action(m, players))
    return m


def test_save_is_versioned_json_with_rules_seed_and_history():
    m = played()
    data = json.loads(save_match(m))
    assert data["format"] == "chaodipi-match" and data["version"] == 1
    assert data["seed"] == 3 and data["rules"] == RulesConfig().to_dict()
    assert data["history"][0][0] == "deal"


def test_load_reproduces_the_match_exactly():
    m = played()
    again = load_match(save_match(m))
    assert [again.view(s) for s in range(4)] == [m.view(s) for s in range(4)]
    assert again.round.deck == m.round.deck


def test_consecutive_deals_are_one_history_entry():
    m = Match(1)
    for _ in range(10):
        m.apply(m.a_legal_action())
    assert json.loads(save_match(m))["history"] == [["deal", 10]]


def edit(text, fn):
    data = json.loads(text)
    fn(data)
    return json.dumps(data)


def swap_plays(data):
    h = data["history"]
    i = next(k for k, a in enumerate(h) if a[0] == "play")
    h[i], h[i + 1] = h[i + 1], h[i]


def change_card(data):
    h = data["history"]
    i = next(k for k, a in enumerate(h) if a[0] == "play")
    h[i][2] = "BJ" if h[i][2] != "BJ" else "S2"


CORRUPTIONS = [
    ("truncated text", lambda t: t[: len(t) // 2]),
    ("not a save", lambda t: json.dumps({"hello": 1})),
    ("unknown version", lambda t: edit(t, lambda d: d.update(version=99))),
    ("reordered moves", lambda t: edit(t, swap_plays)),
    ("edited card", lambda t: edit(t, change_card)),
    ("bad action", lambda t: edit(t, lambda d: d["history"].append(["fly", 0]))),
    ("bad card", lambda t: edit(t, lambda d: d["history"].append(["play", 0, "X9"]))),
    ("bad seat", lambda t: edit(t, lambda d: d["history"].append(["pass", 7]))),
    ("seed not a number", lambda t: edit(t, lambda d: d.update(seed="x"))),
    ("unknown rule setting", lambda t: edit(t, lambda d: d["rules"].update(jokers=9))),
    ("empty", lambda t: ""),
]


@pytest.mark.parametrize(("name", "corrupt"), CORRUPTIONS, ids=[c[0] for c in CORRUPTIONS])
def test_corrupted_saves_are_refused_with_a_clear_message(name, corrupt):
    text = save_match(played())
    with pytest.raises(SaveError) as err:
        load_match(corrupt(text))
    assert err.value.en and err.value.zh
    assert isinstance(err.value, ValueError)


@pytest.mark.parametrize("rules", [[], "x", 3, None])
def test_rules_that_are_not_an_object_are_refused_with_a_save_error(rules):
    data = json.loads(save_match(Match(2)))
    data["rules"] = rules
    with pytest.raises(SaveError):
        load_match(json.dumps(data))
