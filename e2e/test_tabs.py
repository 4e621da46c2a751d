"""One tab plays a save at a time, and no action applied in any tab is lost (ui/page/tabs.py,
tabs.js): two pages in one browser context, and a same-site embed beside a tab."""

from __future__ import annotations

import contextlib
import json
from urllib.parse import quote

import pytest
from game_helpers import (
    DESKTOP,
    actions,
    data,
    history,
    notice,
    saved,
    take_decision,
    wait_decision,
)
from playwright.sync_api import Error as PlaywrightError
from test_web_page import game_frame

from engine.match import Match
from engine.record import RecordInfo, record_code

GAME = "?speed=instant&seed=23"
ELSEWHERE = "open in another tab"


def open_tab(context, site_url, wait_ready, query=GAME):
    page = context.new_page()
    page.goto(site_url + query)
    wait_ready(page)
    return page


def moves(page) -> list:
    """Every action of the saved match, from its start (the save keeps earlier rounds coded)."""
    return history(page)


def play_some(page, decisions: int) -> None:
    for _ in range(decisions):
        take_decision(page, wait_decision(page))


def try_every_control(page) -> None:
    """Hint, then every button that acts on the game (play, pass, bid, bury …), and keys."""
    page.keyboard.press("h")
    page.keyboard.press("p")
    for action in page.locator("#controls button[data-action]").evaluate_all(
            "els => els.map(e => e.dataset.action)"):
        if action in ("hint", "play", "pass", "bid", "snatch", "bury", "next-round"):
            button = page.locator(f'#controls button[data-action="{action}"]').first
            try:
                button.click(force=True, timeout=2000)
            except PlaywrightError:  # replaced by a redraw meanwhile: its click all the same
                button.dispatch_event("click")


def holds(page) -> bool:
    return data(page, "tab") == "holding"


def test_a_second_tab_shows_the_game_elsewhere_and_cannot_play_it(new_context, site_url,
                                                                   wait_ready):
    context = new_context(viewport=DESKTOP)
    first = open_tab(context, site_url, wait_ready)
    play_some(first, 2)
    second = open_tab(context, site_url, wait_ready)
    assert holds(first) and data(second, "tab") == "elsewhere"
    box = second.locator("#elsewhere")
    assert box.is_visible() and ELSEWHERE in box.inner_text()
    assert box.locator('button[data-action="take-over"]').is_visible()
    # the second tab shows the match as saved, and its controls apply nothing
    assert second.locator("#hand [data-card]").count() > 0
    before = saved(first)
    try_every_control(second)
    assert saved(second) == before
    # not even a hint: the box, focused, says why nothing moves
    assert not data(second, "hint")
    assert second.locator("#hand [aria-selected=true]").count() == 0
    assert second.evaluate("document.activeElement.dataset.action") == "take-over"
    # the first plays on, undisturbed
    play_some(first, 3)
    assert saved(first) != before and holds(first)


NO_WEB_LOCKS = "Object.defineProperty(Navigator.prototype, 'locks', {get: () => undefined});"


@pytest.mark.parametrize("locks", ["web-locks", "broadcast-channel"])
def test_taking_over_loads_the_latest_save_and_the_old_tab_stops(new_context, site_url,
                                                                  wait_ready, locks):
    context = new_context(viewport=DESKTOP)
    if locks != "web-locks":
        context.add_init_script(NO_WEB_LOCKS)
    first = open_tab(context, site_url, wait_ready)
    play_some(first, 3)
    second = open_tab(context, site_url, wait_ready)
    assert data(first, "tabLock") == data(second, "tabLock") == locks
    play_some(first, 2)  # played after the second tab read the save
    latest = moves(first)
    before = actions(second)

    second.locator('#elsewhere button[data-action="take-over"]').click()
    second.wait_for_function("document.documentElement.dataset.tab === 'holding'")
    second.wait_for_function("(n) => Number(document.documentElement.dataset.actions) >= n",
                             arg=before)
    first.wait_for_function("document.documentElement.dataset.tab === 'elsewhere'")
    now = moves(second)  # (its bots may have played on already)
    assert now[:len(latest)] == latest, "the new tab plays on from the old tab's last action"
    assert first.locator("#elsewhere").is_visible()
    assert ELSEWHERE in first.locator("#elsewhere").inner_text()

    # the old tab refuses to act and writes nothing; the new one plays on
    kept = saved(second)
    try_every_control(first)
    assert saved(first) == kept and first.locator("#elsewhere").is_visible()
    assert notice(first) is None  # (the box says it: no second, same sentence)
    play_some(second, 3)
    after = moves(second)
    assert after[:len(latest)] == latest[:len(after)] and after != latest

    # and back: the first tab takes over again, with everything the second did
    first.locator('#elsewhere button[data-action="take-over"]').click()
    first.wait_for_function("document.documentElement.dataset.tab === 'holding'")
    second.wait_for_function("document.documentElement.dataset.tab === 'elsewhere'")
    assert moves(first)[:len(after)] == after
    play_some(first, 2)
    assert moves(first)[:len(after)] == after[:len(moves(first))]


TAKE_OVER = """() => document.querySelector('#elsewhere button[data-action="take-over"]').click()"""
SETTLED = """() => {
  const tab = document.documentElement.dataset.tab;
  const button = document.querySelector('#elsewhere button[data-action="take-over"]');
  return tab === "holding" || (tab === "elsewhere" && !button.disabled);
}"""


@pytest.mark.parametrize("tabs", [2, 3])
def test_tabs_taking_over_at_once_leave_one_holder_and_lose_nothing(new_context, site_url,
                                                                    wait_ready, tabs):
    """Take over clicked in every other tab within the same few milliseconds, again and
    again: each time exactly one tab holds the game, and it holds the Web Lock; the holder
    plays on from every action the others applied."""
    context = new_context(viewport=DESKTOP)
    pages = [open_tab(context, site_url, wait_ready) for _ in range(tabs)]
    for trial in range(6):
        holder = next(p for p in pages if holds(p))
        play_some(holder, 1)
        played = moves(holder)
        others = [p for p in pages if p is not holder]
        for page in others:  # no waiting in between: the clicks race
            page.evaluate(TAKE_OVER)
        for page in pages:
            page.wait_for_function(SETTLED)
        holders = [p for p in pages if holds(p)]
        assert len(holders) == 1, f"trial {trial}: {len(holders)} tabs hold the game"
        assert [p.evaluate("chaodipiTab.holding()") for p in pages] == [
            p is holders[0] for p in pages], f"trial {trial}: the holder is the lock's"
        assert moves(holders[0])[:len(played)] == played, f"trial {trial}: an action lost"


def test_a_tab_whose_save_was_overwritten_stops_instead_of_overwriting_it(
        new_context, site_url, wait_ready):
    """The last guard, for browsers with neither Web Locks nor BroadcastChannel: a tab never
    writes over a save another wrote; it says the game is elsewhere."""
    context = new_context(viewport=DESKTOP)
    page = open_tab(context, site_url, wait_ready)
    play_some(page, 2)
    other = json.loads(saved(page))
    other["seed"] += 1  # as if another tab had started a new match meanwhile
    other["history"] = other["history"][:1]
    foreign = json.dumps(other)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["chaodipi.match", foreign])
    take_decision_quietly(page, wait_decision(page))  # an action, then a save
    page.wait_for_function("document.documentElement.dataset.tab === 'elsewhere'")
    assert saved(page) == foreign


def take_decision_quietly(page, phase: str) -> None:
    """Try the plain decision; the page may already have stopped (then nothing happens)."""
    with contextlib.suppress(AssertionError):
        take_decision(page, phase, from_save=False, quiet=False)


def test_a_same_site_embed_beside_a_tab_takes_over_and_gives_back(
        new_context, site_url, host_dir, serve_dir, wait_ready):
    context = new_context(viewport=DESKTOP)
    tab = open_tab(context, site_url, wait_ready)
    play_some(tab, 2)
    _, host = serve_dir(host_dir)  # 127.0.0.1 on another port: same site
    blog = context.new_page()
    blog.goto(f"{host}host.html?src={quote(site_url + 'index.html?embed=1&' + GAME[1:])}")
    game = game_frame(blog, site_url)
    wait_ready(game)
    assert data(game, "tab") == "elsewhere"
    frame = blog.frame_locator("#game")
    assert ELSEWHERE in frame.locator("#elsewhere").inner_text()
    frame.locator('#elsewhere button[data-action="take-over"]').click()
    game.wait_for_function("document.documentElement.dataset.tab === 'holding'")
    tab.wait_for_function("document.documentElement.dataset.tab === 'elsewhere'")
    assert notice(tab) is None or ELSEWHERE in (notice(tab) or "")
    latest = moves(tab)
    play_some(game, 2)
    assert moves(game)[:len(latest)] == latest


def test_a_deal_confirmed_in_a_tab_that_does_not_hold_the_game_waits_for_the_take_over(
        new_context, site_url, wait_ready):
    """A #deal= link opened in a second tab: said yes to, it is never played behind the
    holder's back; it waits (in the address too, so a reload asks again) until the player
    takes the game over here, and is played then; Forget drops it."""
    context = new_context(viewport=DESKTOP)
    first = open_tab(context, site_url, wait_ready)
    play_some(first, 1)
    code = record_code(Match(77), RecordInfo(("you", "normal", "normal", "normal")))
    for forget in (True, False):
        second = open_tab(context, site_url, wait_ready, GAME + "#deal=" + code)
        assert data(second, "tab") == "elsewhere"
        confirm = second.locator('#dialog [data-action="confirm-deal"]')
        confirm.wait_for(state="visible")
        assert "another tab" in second.locator("#dialog").inner_text()
        before = saved(first)
        confirm.click()
        box = second.locator("#elsewhere")
        box.locator('button[data-action="forget-deal"]').wait_for(state="visible")
        assert "waiting" in box.inner_text() and "#deal=" in second.url
        assert saved(first) == before and holds(first), "the holder's match is untouched"
        if forget:
            box.locator('button[data-action="forget-deal"]').click()
            second.wait_for_function("!location.hash")
            assert box.locator('button[data-action="forget-deal"]').count() == 0
            second.close()
            continue
        box.locator('button[data-action="take-over"]').click()
        second.wait_for_function("JSON.parse(localStorage.getItem('chaodipi.match')).seed"
                                 " === 77")
        assert holds(second) and "#" not in second.url
        first.wait_for_function("document.documentElement.dataset.tab === 'elsewhere'")
