"""Undo (悔牌, ui/logic/undo.py and ui/page/undo.py) as a player meets it: switched on in the
settings, a play taken back after the bots answered it (the card back in the hand, their plays
gone, `data-actions` lower, the same after a reload), a bid taken back, and no Undo at all while
the setting is off. Screenshots with the button in e2e/artifacts/game-<W>x<H>-undo-*.png."""

from __future__ import annotations

import json

from game_helpers import (
    DEFAULT_TIERS,
    DESKTOP,
    PHONE,
    SETTINGS_KEY,
    actions,
    button,
    check_layout,
    find_seed,
    hand,
    hint_and_play,
    history,
    player_becomes_dealer,
    press,
    saved,
    selected,
    to_phase,
    wait_decision,
)

from ui.logic.players import make_players
from ui.logic.table import Table

UNDO_ON = f"""
if (!localStorage.getItem({json.dumps(SETTINGS_KEY)}))
  localStorage.setItem({json.dumps(SETTINGS_KEY)}, JSON.stringify({{undo: true}}));
"""


def open_game(new_context, site_url, wait_ready, query, viewport=DESKTOP, init_script=""):
    context = new_context(viewport=viewport, service_workers="block", locale="en-US")
    if init_script:
        context.add_init_script(init_script)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(site_url + query)
    wait_ready(page)
    return page, errors


def undo(page, how: str = "click") -> int:
    """Undo by the button (or the U key); wait until the page shows fewer actions."""
    before = actions(page)
    if how == "key":
        page.keyboard.press("u")
    else:
        button(page, "undo").click()
    page.wait_for_function("(n) => Number(document.documentElement.dataset.actions) < n",
                           arg=before)
    return actions(page)


def switch_undo_on(page) -> None:
    """Settings → "Allow undo" → close, as a player does."""
    page.locator('#controls button[data-action="settings"]').click()
    switch = page.locator('dialog#dialog input[data-setting="undo"]')
    assert "Allow undo" in page.locator("dialog#dialog").inner_text()
    assert not switch.is_checked(), "undo is off until allowed"
    switch.click()
    page.wait_for_function(f"(localStorage.getItem({json.dumps(SETTINGS_KEY)}) || '')"
                           ".includes('\"undo\": true')")
    page.locator('dialog#dialog button[data-action="close"]').click()


def test_a_play_taken_back_after_the_bots_answered_it(new_context, site_url, wait_ready):
    page, errors = open_game(new_context, site_url, wait_ready, "?seed=5&speed=instant")
    switch_undo_on(page)
    to_phase(page, "play")
    # the player's turn: as it is now is what undo must give back
    before_hand, before_actions, before_history = sorted(hand(page)), actions(page), history(page)
    hinted = hint_now(page)  # the same position gives the same hint (issue 28): on CPython too
    on_cpython = Table.restore(saved(page), *make_players(DEFAULT_TIERS, 5)).hint()
    assert hinted == sorted(map(str, getattr(on_cpython, "cards", ())))
    played = hint_and_play(page)
    assert wait_decision(page) == "play", "the bots answered and it is the player's turn again"
    after_history = history(page)
    replies = after_history[len(before_history) + 1:]
    assert replies and all(h[0] == "play" and h[1] != 0 for h in replies), replies
    assert button(page, "undo").is_visible()
    check_layout(page, "undo-play")

    now = undo(page)
    assert now == before_actions < before_actions + 1 + len(replies)
    assert sorted(hand(page)) == before_hand, "the card played is back in the hand"
    assert history(page) == before_history, "the play and the bots' answers are gone"
    assert all(c in hand(page) for c in played)
    assert data_of(page) == ("play", "0")
    assert hint_now(page) == hinted, "undo back to it: the same hint"
    # the Undo button went away with the redraw: the keyboard goes on to the hand, to play
    assert page.evaluate("!!document.activeElement.closest('#hand [data-i]')")
    assert "You took back your play" in page.locator("#log").inner_text()
    check_layout(page, "undo-play-taken-back")
    # the save is the shorter history, with this round marked as one with undo
    save = json.loads(saved(page))
    assert save["undo_rounds"] == [0]

    # a reload shows the same undone state
    page.reload()
    wait_ready(page)
    assert wait_decision(page) == "play"
    assert sorted(hand(page)) == before_hand and history(page) == before_history
    assert json.loads(saved(page))["undo_rounds"] == [0]
    assert hint_now(page) == hinted, "after a reload: the same hint"
    assert not errors, errors


def hint_now(page) -> list[str]:
    """Ask the hint; the cards it selects."""
    button(page, "hint").click()
    return sorted(selected(page))


def data_of(page) -> tuple[str, str]:
    phase, turn = page.evaluate("[document.documentElement.dataset.phase,"
                                " document.documentElement.dataset.turn]")
    return phase, turn


def test_a_bid_taken_back_by_the_u_key_gives_the_bidding_turn_back(new_context, site_url,
                                                                     wait_ready):
    seed = find_seed(player_becomes_dealer)
    page, errors = open_game(new_context, site_url, wait_ready, f"?seed={seed}&speed=instant",
                             viewport=PHONE, init_script=UNDO_ON)
    assert wait_decision(page) == "bid"
    assert not button(page, "undo").count(), "nothing of the player's to take back yet"
    before_actions, before_history = actions(page), history(page)
    bids = button(page, "bid").count()
    press(page, "bid")
    assert wait_decision(page) == "bury"
    assert any(h[0] == "bid" and h[1] == 0 for h in history(page))
    assert button(page, "undo").is_visible()
    check_layout(page, "undo-bury")

    now = undo(page, how="key")
    assert now == before_actions
    assert data_of(page) == ("bid", "0")
    assert button(page, "bid").count() == bids, "the same bids are offered again"
    assert history(page) == before_history
    assert "You took back your bid" in page.locator("#log").inner_text()
    # nothing more of the player's in this round: no button, and U says why
    assert not button(page, "undo").count()
    page.keyboard.press("u")
    page.wait_for_function("!document.querySelector('#notice').hidden")
    assert "Cannot undo" in page.locator("#notice").inner_text()
    assert actions(page) == before_actions
    assert not errors, errors


def test_no_undo_while_the_setting_is_off(new_context, site_url, wait_ready):
    page, errors = open_game(new_context, site_url, wait_ready, "?seed=5&speed=instant")
    to_phase(page, "play")
    hint_and_play(page)
    wait_decision(page)
    assert not button(page, "undo").count()
    before, cards = actions(page), hand(page)
    page.keyboard.press("u")
    page.keyboard.press("h")  # a key that does act: once it has, U had its chance
    page.wait_for_function("document.documentElement.dataset.hint !== 'thinking'")
    assert actions(page) == before and hand(page) == cards
    assert page.locator("#notice").is_hidden()
    assert not errors, errors
