"""Saves that last: a long match resumes from its save like a short one, an edited earlier
round is still found (the page checks the whole save in slices once the table is up), and a
save survives storage cleared or full while the game is open."""

from __future__ import annotations

import json

import pytest
from game_helpers import (
    DESKTOP,
    SAVE_KEY,
    actions,
    hand,
    notice,
    saved,
    stored,
    take_decision,
    wait_decision,
)

from engine.actions import NextRound, Play
from engine.bots import make_bot
from engine.codec import decode_actions, encode_actions
from engine.driver import next_action, play_round
from engine.match import Match
from engine.save import load_match, save_match, verify_steps

ROUNDS = 12


@pytest.fixture(scope="module")
def long_match() -> Match:
    """A match ROUNDS rounds in, the player to act in the last one."""
    m = Match(31)
    bots = [make_bot("easy", s, 31) for s in range(4)]
    for _ in range(ROUNDS - 1):
        play_round(m, bots)
        assert m.winner is None, "pick a seed whose match lasts"
        m.apply(NextRound())
    while m.to_act != 0 or not m.phase.has_turns:
        m.apply(next_action(m, bots))
    return m


def open_with(new_context, site_url, wait_ready, text: str):
    """The game, with `text` in storage when it first loads (put there from the site's origin
    without a game running: one start of Python, not two)."""
    page = new_context(viewport=DESKTOP).new_page()
    page.goto(site_url + "manifest.webmanifest")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, text])
    page.goto(site_url + "?speed=instant")
    wait_ready(page)
    return page


def test_a_long_match_resumes_where_it_was_and_plays_on(new_context, site_url, wait_ready,
                                                         long_match):
    text = save_match(long_match)
    assert "earlier" in json.loads(text)
    page = open_with(new_context, site_url, wait_ready, text)
    phase = wait_decision(page)
    assert sorted(hand(page)) == sorted(str(c) for c in long_match.hand(0))
    assert f"Round {long_match.round.number + 1}" in page.locator("#status").inner_text()
    before = actions(page)
    take_decision(page, phase)
    assert actions(page) > before
    # nothing was said against the save, and what the page saved is the same match played on
    assert notice(page) is None
    again = json.loads(saved(page))
    assert again["earlier"] == json.loads(text)["earlier"]
    for _ in verify_steps(saved(page)):
        pass
    assert load_match(saved(page)).history[:long_match.history_length] == long_match.history


def test_an_edited_earlier_round_is_found_after_the_table_is_up(new_context, site_url,
                                                                wait_ready, long_match):
    data = json.loads(save_match(long_match))
    earlier = [a for part in data["earlier"]["code"].split(".") for a in decode_actions(part)]
    first = next(i for i, a in enumerate(earlier) if isinstance(a, Play))
    earlier[first], earlier[first + 1] = earlier[first + 1], earlier[first]
    data["earlier"]["code"] = encode_actions(earlier)
    edited = json.dumps(data)
    load_match(edited)  # (the current round alone still loads: only the full check sees it)

    page = open_with(new_context, site_url, wait_ready, edited)
    page.wait_for_function("document.querySelector('#notice').dataset.kind === 'bad-save'")
    text = notice(page)
    assert "could not be read" in text and f"{SAVE_KEY}.bad-1" in text, text
    assert stored(page)[f"{SAVE_KEY}.bad-1"] == edited
    phase = wait_decision(page)  # a new match, playable
    fresh = json.loads(saved(page))
    assert "earlier" not in fresh and fresh["seed"] != long_match.seed
    before = actions(page)
    take_decision(page, phase, quiet=False)
    assert actions(page) > before


def test_storage_cleared_while_the_game_is_open_is_saved_again(new_context, site_url,
                                                               wait_ready):
    page = new_context(viewport=DESKTOP).new_page()
    page.goto(site_url + "?speed=instant&seed=8")
    wait_ready(page)
    take_decision(page, wait_decision(page))
    page.evaluate("localStorage.clear()")  # the player clears the site's data
    take_decision(page, wait_decision(page))
    wait_decision(page)
    assert saved(page), "the page saves again after the storage was cleared"
    again = load_match(saved(page))
    assert sorted(str(c) for c in again.hand(0)) == sorted(hand(page))
    assert notice(page) is None


def test_a_save_that_can_no_longer_be_written_keeps_the_last_good_one(new_context, site_url,
                                                                      wait_ready):
    page = new_context(viewport=DESKTOP).new_page()
    page.goto(site_url + "?speed=instant&seed=8")
    wait_ready(page)
    take_decision(page, wait_decision(page))
    wait_decision(page)
    good = saved(page)
    page.evaluate("""() => { Storage.prototype.setItem = function () {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError"); }; }""")
    take_decision(page, wait_decision(page), from_save=False, quiet=False)
    wait_decision(page)
    assert saved(page) == good, "the last good save is kept"
    assert "storage is full" in (notice(page) or ""), notice(page)
