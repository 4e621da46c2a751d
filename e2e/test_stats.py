"""Statistics (issue 12, items 6 and 9): a round played to its result is counted in the
statistics dialog, once, across a reload; the counts are reset only after a confirmation; a
bad stored entry is set aside with a notice; storage refused or full, the game plays on and
the dialog says the statistics are not being kept.

A round reaches its result quickly from a save built on CPython with the engine: the player's
last play of a round, which the page's hint makes (the whole hand: it is all that is left).
"""

from __future__ import annotations

import json

import pytest
from game_helpers import (
    ARTIFACTS,
    DENY_STORAGE,
    DESKTOP,
    FULL_STORAGE,
    PHONE,
    SAVE_KEY,
    button,
    data,
    data_kind,
    find_seed,
    hint_and_play,
    match_of,
    notice,
    saved,
    to_phase,
    wait_decision,
)
from walk import random_players

from engine.driver import next_action
from engine.match import Match
from engine.save import save_match

STATS_KEY = "chaodipi.stats"
EMBED = {"width": 360, "height": 480}
DIALOG = "dialog#dialog"
# The rows of the dialog's table of rounds: {row label: [cell texts]}
ROWS = """() => Object.fromEntries([...document.querySelectorAll(
  'dialog#dialog table[data-part="rounds"] tr')].slice(1).map(tr => [
    tr.querySelector('th').textContent,
    [...tr.querySelectorAll('td')].map(td => td.innerText.replace(/\\s+/g, ' '))]))"""


def before_last_play(seed: int) -> str | None:
    """A save of a first round (random bots) at the player's last play: following a lead
    with every card left, so any legal play ends their hand; None if the round has no such
    position."""
    match = Match(seed)
    players = random_players(seed)
    while not match.phase.round_over:
        r, trick = match.round, match.round.current_trick
        if (match.phase == "play" and match.to_act == 0 and trick is not None
                and len(r.hands[0]) == len(trick.plays[0][1])):
            return save_match(match)
        match.apply(next_action(match, players))
    return None


@pytest.fixture(scope="module")
def last_play() -> str:
    save = before_last_play(find_seed(lambda seed: before_last_play(seed) is not None))
    assert save
    return save


def open_page(new_context, site_url, wait_ready, save: str | None, extra: str = "",
              viewport=DESKTOP, query: str = "?speed=instant"):
    """The game with `save` in storage when it first starts (a reload keeps what the page
    saved since), and `extra` (a script) run before the page's own."""
    context = new_context(viewport=viewport, service_workers="block")
    if save is not None:
        context.add_init_script(
            f"if (!localStorage.getItem({json.dumps(SAVE_KEY)})) "
            f"localStorage.setItem({json.dumps(SAVE_KEY)}, {json.dumps(save)});")
    if extra:
        context.add_init_script(extra)
    page = context.new_page()
    page.goto(site_url + query)
    wait_ready(page)
    return page


def play_to_result(page) -> None:
    assert wait_decision(page) == "play"
    hint_and_play(page, from_save=False, quiet=False)
    assert wait_decision(page) == "result"


def open_stats(page):
    """The statistics: from the menu, or on a phone (no room in its menu) from Settings."""
    if button(page, "stats").is_visible():
        button(page, "stats").click()
    else:
        button(page, "settings").click()
        page.click(f'{DIALOG} button[data-action="stats"]')
    dialog = page.locator(DIALOG)
    assert dialog.is_visible()
    assert dialog.get_attribute("data-name") == "stats"
    return dialog


def close(page) -> None:
    page.locator(f'{DIALOG} button[data-action="close"]').click()
    assert not page.locator(DIALOG).is_visible()


def expected_total(page) -> list[str]:
    """The total row as the engine's result of the round just played says it must read."""
    result = match_of(page).round.result
    assert result is not None
    mine = result.declarers == 0
    kept = int(mine and result.declarers_keep)
    took = int(not mine and not result.declarers_keep)
    levels = result.rise if result.rising_team == 0 else 0
    declared = f"{kept}/1 {100 * kept}%" if mine else "0/0 –"
    attacked = "0/0 –" if mine else f"{took}/1 {100 * took}%"
    return ["0/0 –", declared, attacked, f"+{levels}"]


def fits(page, name: str) -> None:
    """The dialog and its table inside the window, nothing to scroll sideways; a screenshot."""
    report = page.evaluate("""() => {
      const d = document.querySelector('dialog#dialog'), r = d.getBoundingClientRect();
      const tables = [...d.querySelectorAll('table')].map(t => t.getBoundingClientRect().right);
      return {left: r.left, right: r.right, width: innerWidth, scroll: d.scrollWidth,
              client: d.clientWidth, tables: Math.max(0, ...tables)};
    }""")
    assert report["left"] >= 0 and report["right"] <= report["width"], (name, report)
    assert report["scroll"] <= report["client"], (name, report)
    assert report["tables"] <= report["right"], (name, report)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"stats-{name}.png"))


def test_a_round_is_counted_once_across_a_reload_and_reset_after_asking(
        new_context, site_url, wait_ready, last_play):
    page = open_page(new_context, site_url, wait_ready, last_play)
    play_to_result(page)
    total = expected_total(page)
    open_stats(page)
    rows = page.evaluate(ROWS)
    assert rows == {"Normal": total, "Total": total}, rows  # the page's bots: all normal
    assert "not being kept" not in page.locator(DIALOG).inner_text()
    fits(page, "1280x800")
    page.set_viewport_size(PHONE)
    fits(page, "360x640")
    page.set_viewport_size(DESKTOP)
    close(page)
    stored = saved(page, STATS_KEY)
    assert json.loads(stored)["rows"]["normal"]["rounds"]

    page.reload()  # on the result screen: it is not counted again
    wait_ready(page)
    assert wait_decision(page) == "result"
    open_stats(page)
    assert page.evaluate(ROWS) == rows
    assert saved(page, STATS_KEY) == stored
    close(page)

    # the same statistics in an embedded page, at the frame's size
    embed = open_page(new_context, site_url, wait_ready, None,
                      f"localStorage.setItem('{STATS_KEY}', {json.dumps(stored)});",
                      viewport=EMBED, query="?embed=1&speed=instant")
    open_stats(embed)
    assert embed.evaluate(ROWS) == rows
    fits(embed, "embed-360x480")

    open_stats(page)
    page.click(f'{DIALOG} button[data-action="reset-stats"]')
    assert "Clear all statistics?" in page.locator(DIALOG).inner_text()
    page.click(f'{DIALOG} button[data-action="close"]')  # Cancel: nothing is cleared
    assert saved(page, STATS_KEY) == stored
    open_stats(page)
    page.click(f'{DIALOG} button[data-action="reset-stats"]')
    page.click(f'{DIALOG} button[data-action="confirm-reset-stats"]')
    assert page.locator(DIALOG).get_attribute("data-name") == "stats"
    assert "No round finished yet" in page.locator(DIALOG).inner_text()
    assert page.evaluate(ROWS) == {"Total": ["0/0 –", "0/0 –", "0/0 –", "+0"]}
    assert json.loads(saved(page, STATS_KEY))["rows"] == {}
    close(page)
    page.reload()  # the result still shown is not counted again after a reset
    wait_ready(page)
    open_stats(page)
    assert page.evaluate(ROWS) == {"Total": ["0/0 –", "0/0 –", "0/0 –", "+0"]}


def test_a_bad_entry_is_set_aside_with_a_notice_and_counting_starts_afresh(
        new_context, site_url, wait_ready, last_play):
    bad = '{"version": 1, "rows": {"normal": {"matches": -5}}, "seen": []}'
    page = open_page(new_context, site_url, wait_ready, last_play,
                     "if (!localStorage.getItem('e2e.stats-seeded')) {"
                     " localStorage.setItem('e2e.stats-seeded', '1');"
                     f" localStorage.setItem('{STATS_KEY}', {json.dumps(bad)}); }}")
    play_to_result(page)
    assert data_kind(page) == "bad-stats"
    assert f"{STATS_KEY}.bad-1" in notice(page)
    assert saved(page, f"{STATS_KEY}.bad-1") == bad
    open_stats(page)
    assert page.evaluate(ROWS)["Total"] == expected_total(page)


@pytest.mark.parametrize(("script", "state", "why"), [
    (DENY_STORAGE, "denied", "this browser does not allow storage here"),
    (FULL_STORAGE, "full", "storage is full"),
], ids=["denied", "full"])
def test_the_game_plays_on_and_the_dialog_says_stats_are_not_kept(
        new_context, site_url, wait_ready, last_play, script, state, why):
    if state == "full":  # storage reads (the save of the last play) but keeps nothing new
        page = open_page(new_context, site_url, wait_ready, last_play, script)
        play_to_result(page)
    else:  # nothing can be read either: a new match, played on
        page = open_page(new_context, site_url, wait_ready, None, script,
                         query="?seed=4&speed=instant")
        to_phase(page, "play", from_save=False, quiet=False)
    assert data(page, "storage") == state
    open_stats(page)
    assert f"Statistics are not being kept: {why}." in page.locator(DIALOG).inner_text()
    close(page)
    if state == "denied":
        hint_and_play(page, from_save=False, quiet=False)  # it plays on
    else:
        assert saved(page, STATS_KEY) is None
        button(page, "next-round").click()
        page.wait_for_function("document.documentElement.dataset.phase !== 'result'")
