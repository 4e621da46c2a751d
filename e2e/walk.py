"""The walk through every screen and dialog of the page, shared by the checks that look at each
of them (e2e/test_contrast.py: the contrast of every text; e2e/test_axe.py: axe-core's rules).

The screens are reached as a player reaches them (the deal, a bid, burying, playing, the
dialogs), or from a save built on CPython with the engine and put into localStorage before
the page loads (the player's chance to snatch the kitty, a round's result, the match's end).
The deal goes on while it is checked, so the check looks at a copy of the page taken during
the deal: the same document and style sheet, without its scripts, served from the site.

Each walk calls `visit(page, screen)` on every screen it reaches; `visit` may resize the page
and change the emulated media, but must leave the page where it found it (state and focus).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from game_helpers import (
    DESKTOP,
    SAVE_KEY,
    acted,
    button,
    find_seed,
    hint_and_play,
    new_table,
    player_becomes_dealer,
    press,
    table_cards,
    wait_decision,
)

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.actions import Pass  # noqa: E402
from engine.bots import make_bot  # noqa: E402
from engine.driver import play_match, play_round  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.save import save_match  # noqa: E402

SNAPSHOT_PATH = "e2e-deal-snapshot.html"
# The page as it is during the deal (once the player holds 10 cards), without its scripts
# (and the preloads of the runtime's); null before that.
SNAPSHOT = """() => {
  if (document.documentElement.dataset.phase !== "deal"
      || document.querySelectorAll("#hand [data-i]").length < 10) return null;
  const root = document.documentElement.cloneNode(true);
  const scripts = 'script, link[rel="modulepreload"], link[rel="preload"], mpy-config';
  for (const el of root.querySelectorAll(scripts)) el.remove();
  return "<!doctype html>\\n" + root.outerHTML;
}"""
# The dialogs opened from the menu under the hand (their buttons' data-action)
MENU_DIALOGS = ("settings", "help", "new-game", "trumps")


def open_with_save(new_context, site_url, wait_ready, save: str):
    """A page that finds `save` in localStorage when it starts."""
    context = new_context(viewport=DESKTOP, service_workers="block")
    context.add_init_script(f"localStorage.setItem({json.dumps(SAVE_KEY)}, "
                            f"{json.dumps(save)})")
    page = context.new_page()
    page.goto(site_url + "?speed=instant")
    wait_ready(page)
    return page


def snatch_offered(seed: int) -> bool:
    """Whether, passing every bid, the player may snatch the kitty (and holds a bid for it)."""
    table = new_table(seed)
    for _ in range(10):
        table.run_until_player()
        if table.phase == "snatch":
            return bool(table.bid_choices())
        if table.phase != "bid":
            return False
        table.act(Pass(0))
    return False


def nobody_bids(seed: int) -> bool:
    """Whether, the player passing every bid, nobody bids at all (R12: the kitty chooses
    trump) and the player may then snatch the kitty (R15: no standing bid to beat)."""
    table = new_table(seed)
    for _ in range(10):
        table.run_until_player()
        if table.phase == "snatch":
            return bool(table.bid_choices()) and table.view().standing_bid is None
        if table.phase != "bid":
            return False
        table.act(Pass(0))
    return False


def save_at(seed: int, phase: str) -> str:
    """The save of `seed`'s round at the player's first decision in `phase`, the player
    passing every bid and snatch before it."""
    table = new_table(seed)
    while True:
        table.run_until_player()
        if table.phase == phase:
            return table.save()
        table.act(Pass(0))


def snatch_save(seed: int) -> str:
    return save_at(seed, "snatch")


def first_play_save(seed: int) -> str:
    return save_at(seed, "play")


def random_players(seed: int):
    return [make_bot("random", s, seed, bid_chance=0.05) for s in range(4)]


def visit_dialogs(page, visit, names=MENU_DIALOGS) -> None:
    """Open each dialog of the menu, visit it, close it with its Close (or Cancel) button."""
    dialog = page.locator("dialog#dialog")
    for name in names:
        button(page, name).click()
        assert dialog.is_visible()
        visit(page, f"dialog-{name}")
        dialog.locator('button[data-action="close"]').click()
        assert not dialog.is_visible()


def walk_round(new_context, site_url, wait_ready, visit) -> None:
    """The deal (a copy of it), a bid, burying (before and after the hint chose the cards),
    leading, following, and the menu's dialogs."""
    seed = find_seed(player_becomes_dealer)
    context = new_context(viewport=DESKTOP, service_workers="block")
    page = context.new_page()
    page.goto(site_url + f"?seed={seed}")  # the deal at its normal pace
    wait_ready(page)
    copy = page.wait_for_function(SNAPSHOT).json_value()
    context.route(site_url + SNAPSHOT_PATH,
                  lambda route: route.fulfill(body=copy, content_type="text/html"))
    deal = context.new_page()
    deal.goto(site_url + SNAPSHOT_PATH)
    deal.evaluate("document.fonts.ready.then(() => true)")
    assert deal.locator("#hand [data-i]").count() >= 10
    visit(deal, "deal")
    deal.close()

    assert wait_decision(page) == "bid"  # the deal ends on its own meanwhile
    visit(page, "bid")
    acted(page, button(page, "bid").first.click)
    assert wait_decision(page) == "bury"
    visit(page, "bury")
    button(page, "hint").click()  # the hinted cards move to the kitty (once it has thought)
    page.wait_for_function("document.querySelectorAll('#kitty [data-i]').length === 10")
    visit(page, "bury-chosen")
    press(page, "bury")
    assert wait_decision(page) == "play"
    visit(page, "play-lead")

    def following() -> bool:
        """Cards of a trick under way on the table (not a won trick, which at this speed
        leaves for its winner's seat a moment later: ui/page/motion.py)."""
        plays = table_cards(page)
        return bool(plays) and not any("winner" in cls for cls, _ in plays)

    for _ in range(40):  # until the player follows: cards on the table
        hint_and_play(page)
        if wait_decision(page) == "play" and following():
            break
    assert following(), "the player never had to follow"
    visit(page, "play-follow")
    visit_dialogs(page, visit)


def walk_snatch(new_context, site_url, wait_ready, visit) -> None:
    """The player's chance to snatch the kitty, from a save."""
    page = open_with_save(new_context, site_url, wait_ready,
                          snatch_save(find_seed(snatch_offered)))
    assert wait_decision(page) == "snatch"
    assert button(page, "snatch").count() >= 1
    visit(page, "snatch")


def walk_ends(new_context, site_url, wait_ready, visit, glossary: bool = False) -> None:
    """A round's result (with the statistics dialog that counted it) and the match's end,
    from saves; with `glossary`, the glossary too (the help dialog opened at a term the
    result links to)."""
    match = Match(2)
    play_round(match, random_players(2))
    assert match.phase == "result"
    page = open_with_save(new_context, site_url, wait_ready, save_match(match))
    assert wait_decision(page) == "result"
    visit(page, "result")
    if glossary:
        dialog = page.locator("dialog#dialog")
        page.locator("#table [data-glossary]").first.click()
        assert dialog.is_visible()
        visit(page, "dialog-glossary")
        dialog.locator('button[data-action="close"]').click()
        assert not dialog.is_visible()
    visit_stats(page, visit)
    walk_review(page, visit)

    over = Match(1)
    play_match(over, random_players(1))
    assert over.phase == "match-over"
    page = open_with_save(new_context, site_url, wait_ready, save_match(over))
    assert wait_decision(page) == "match-over"
    visit(page, "match-over")


def visit_stats(page, visit) -> None:
    """The statistics dialog with the round on the screen counted, and the question before a
    reset (left with Cancel)."""
    dialog = page.locator("dialog#dialog")
    button(page, "stats").click()
    assert dialog.locator("table.stats td").count() > 0
    visit(page, "dialog-stats")
    dialog.locator('button[data-action="reset-stats"]').click()
    assert dialog.get_attribute("data-name") == "confirm-reset-stats"
    visit(page, "dialog-reset-stats")
    dialog.locator('button[data-action="close"]').click()
    assert not dialog.is_visible()


def walk_review(page, visit) -> None:
    """The review of the round on the result screen: its first step (the deal and bids), a
    trick, and its last step (the result); then back to the result."""
    page.click('#controls button[data-action="review"]')
    page.wait_for_selector('html[data-phase="review"]', state="attached")
    visit(page, "review-deal")
    for _ in range(3):  # past the deal and the kitty: a trick
        page.click('#controls button[data-action="next"]')
    # once the hint's word on it has come (asked after the step is drawn, then drawn in)
    page.wait_for_selector("#table .caption .hint-line", state="attached")
    visit(page, "review-trick")
    while page.locator('#controls button[data-action="next"]').is_enabled():
        page.click('#controls button[data-action="next"]')
    visit(page, "review-result")
    page.click('#controls button[data-action="close-review"]')
    page.wait_for_selector('html[data-phase="result"]', state="attached")
