"""Saves (DESIGN principle 4): versioned JSON of rules + seed + history, replayed on load.
Version 2 keeps a long match's finished rounds in the compact code, checked in slices."""

import itertools
import json

import pytest

from engine.actions import NextRound, Play, action_to_json
from engine.bots import make_bot
from engine.codec import decode_actions, encode_actions
from engine.config import RulesConfig
from engine.driver import next_action, play_round
from engine.errors import SaveError
from engine.match import Match
from engine.save import load_match, save_match, verify_steps


def played(seed=3, steps=250):
    m = Match(seed)
    players = [make_bot("random", s, seed, bid_chance=0.2) for s in range(4)]
    for _ in range(steps):
        m.apply(next_action(m, players))
    return m


def test_save_is_versioned_json_with_rules_seed_and_history():
    m = played()
    data = json.loads(save_match(m))
    assert data["format"] == "chaodipi-match" and data["version"] == 2
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


# --- long matches (version 2) -------------------------------------------------------------

def rounds_played(rounds, seed=5):
    """A match `rounds` rounds in, a few actions into the last one (or over, if it ended)."""
    m = Match(seed)
    players = [make_bot("random", s, seed, bid_chance=0.2) for s in range(4)]
    for _ in range(rounds - 1):
        play_round(m, players)
        if m.winner is not None:
            return m
        m.apply(NextRound())
    for _ in range(60):
        m.apply(next_action(m, players))
    return m


def verify(text):
    for _ in verify_steps(text):
        pass


def test_a_long_match_keeps_its_earlier_rounds_as_code_and_the_current_one_readable():
    m = rounds_played(6)
    data = json.loads(save_match(m))
    at = m.round_start[0]
    assert data["earlier"]["actions"] == at > 0
    assert data["earlier"]["from"]["round"] == m.round.number == 5  # numbered from 0
    assert decode_actions(data["earlier"]["code"]) == m.history[:at]
    assert data["history"] == [action_to_json(a) for a in m.history[at:]]


def test_a_long_match_loads_to_the_same_match_and_saves_identically():
    m = rounds_played(5)
    text = save_match(m)
    again = load_match(text)
    assert again.history == m.history and again.levels == m.levels
    assert [again.view(s) for s in range(4)] == [m.view(s) for s in range(4)]
    assert save_match(again) == text
    verify(text)  # the earlier rounds do lead where the save resumes


def test_a_loaded_long_match_plays_on_into_its_next_rounds_like_the_original():
    m = rounds_played(3)
    again = load_match(save_match(m))
    players = [make_bot("random", s, 9, bid_chance=0.2) for s in range(4)]
    twins = [make_bot("random", s, 9, bid_chance=0.2) for s in range(4)]
    for match, bots in ((m, players), (again, twins)):
        play_round(match, bots)
        match.apply(NextRound())
        play_round(match, bots)
    assert save_match(again) == save_match(m)


def test_version_1_saves_still_load():
    m = rounds_played(3)
    v1 = json.dumps({"format": "chaodipi-match", "version": 1, "rules": m.rules.to_dict(),
                     "seed": m.seed, "history": [action_to_json(a) for a in m.history]})
    again = load_match(v1)
    assert again.history == m.history and save_match(again) == save_match(m)
    verify(v1)


def edit_earlier(text, change):
    data = json.loads(text)
    actions = decode_actions(data["earlier"]["code"])
    change(actions)
    data["earlier"]["code"] = encode_actions(actions)
    return json.dumps(data)


def replace_a_play(actions):
    """Swap two plays of the first trick: still well-formed, but not what happened."""
    i = next(k for k, a in enumerate(actions) if isinstance(a, Play))
    actions[i], actions[i + 1] = actions[i + 1], actions[i]


EARLIER_EDITS = [
    ("earlier plays reordered", lambda t: edit_earlier(t, replace_a_play)),
    ("earlier round cut short",
     lambda t: edit_earlier(t, lambda a: a.__delitem__(slice(-5, None)))),
    ("levels of the resumed round edited",
     lambda t: edit(t, lambda d: d["earlier"]["from"].update(levels=["A", "A"]))),
    ("earlier code truncated",
     lambda t: edit(t, lambda d: d["earlier"].update(code=d["earlier"]["code"][:-9]))),
    ("count of earlier actions edited",
     lambda t: edit(t, lambda d: d["earlier"].update(actions=d["earlier"]["actions"] + 1))),
    ("dealer of the resumed round edited",
     lambda t: edit(t, lambda d: d["earlier"]["from"].update(
         dealer=(d["earlier"]["from"]["dealer"] + 1) % 4))),
]


@pytest.mark.parametrize(("name", "corrupt"), EARLIER_EDITS, ids=[e[0] for e in EARLIER_EDITS])
def test_edited_earlier_rounds_are_found_by_the_full_check(name, corrupt):
    text = corrupt(save_match(rounds_played(4)))
    with pytest.raises(SaveError) as err:
        load_match(text)  # refused at once when the current round no longer replays …
        verify(text)  # … else by the check of the earlier rounds
    assert err.value.en and err.value.zh


EARLIER_GARBAGE = [
    ("code not base64", lambda d: d["earlier"].update(code="!!!")),
    ("code empty", lambda d: d["earlier"].update(code="")),
    ("count not a number", lambda d: d["earlier"].update(actions="12")),
    ("no checkpoint", lambda d: d["earlier"].pop("from")),
    ("earlier not an object", lambda d: d.update(earlier=[1, 2])),
    ("earlier in a version 1 save", lambda d: d.update(version=1)),
]


@pytest.mark.parametrize(("name", "change"), EARLIER_GARBAGE, ids=[e[0] for e in EARLIER_GARBAGE])
def test_earlier_rounds_not_in_form_are_refused_on_load(name, change):
    text = edit(save_match(rounds_played(3)), change)
    with pytest.raises(SaveError) as err:
        load_match(text)
    assert err.value.en and err.value.zh


def test_loading_leaves_the_earlier_rounds_coded_until_they_are_read():
    m = rounds_played(4)
    again = load_match(save_match(m))
    assert again._earlier is not None  # nothing decoded yet …
    assert again.history_length == m.history_length and again.last_action == m.last_action
    assert again.history_since(m.round_start[0]) == m.history_since(m.round_start[0])
    assert again.history == m.history  # … until the history is read


def test_a_save_of_a_resumed_match_adds_a_code_for_each_new_round():
    m = load_match(save_match(rounds_played(3)))
    players = [make_bot("random", s, 4, bid_chance=0.2) for s in range(4)]
    play_round(m, players)
    m.apply(NextRound())
    text = save_match(m)
    assert json.loads(text)["earlier"]["code"].count(".") == 1
    assert m._earlier is not None  # saving did not decode the earlier rounds
    assert load_match(text).history == m.history
    verify(text)


def test_the_full_check_goes_in_slices():
    text = save_match(rounds_played(4))
    steps = list(verify_steps(text))
    assert len(steps) >= 2 and steps == sorted(steps)


def test_save_size_grows_linearly_and_stays_small():
    """Every finished round adds about the same few hundred bytes: at that rate a 60-round
    match saves well under 100 KB (tools/save_bench.py prints the figures)."""
    m = Match(0)
    players = [make_bot("easy", s, 0) for s in range(4)]
    sizes = []
    while m.winner is None and len(sizes) < 60:
        play_round(m, players)
        sizes.append(len(save_match(m)))
        if m.winner is None:
            m.apply(NextRound())
    assert len(sizes) >= 15
    per_round = [b - a for a, b in itertools.pairwise(sizes)]
    assert max(per_round) < 1500
    assert sizes[0] + 60 * max(per_round) < 100_000
