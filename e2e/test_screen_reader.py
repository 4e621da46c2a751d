"""A screen-reader player follows a whole round from the page's one polite live region (#log):
every play said exactly once, briefly ("East: ♠K ♠K"), the tricks, the bids, the kitty and
the result; whose turn it is said when it becomes the player's, not on every bot turn; the
status line and the prompt are not live regions (they change ~150 times a round).

What the live region said is recorded by a MutationObserver the test installs before the
page's scripts run (a live region reads what is added to it), and compared with the plays
the engine made, read back on CPython from the page's own save.
"""

from __future__ import annotations

import re
from collections import Counter

from game_helpers import DESKTOP, match_of, to_phase, wait_decision

from ui.logic.i18n import cards_spoken

SEATS = ("You", "East", "North", "West")
# Every text added to #log: [text, whether it came with a rebuild of the whole list]
RECORD = """
window.__said = [];
document.addEventListener("DOMContentLoaded", () => {
  new MutationObserver((records) => {
    for (const r of records) {
      for (const node of r.addedNodes) {
        if (node.nodeType !== Node.ELEMENT_NODE) continue;
        const items = node.matches("li") ? [node] : [...node.querySelectorAll("li")];
        for (const li of items) window.__said.push([li.textContent, !node.matches("li")]);
      }
    }
  }).observe(document.getElementById("log"), {childList: true, subtree: true});
});
"""
# The live regions of the page, and whether #status or #prompt is in one
LIVE = """() => {
  const live = '[aria-live]:not([aria-live="off"]), [role=status], [role=alert], [role=log]';
  return {
    regions: [...document.querySelectorAll(live)].map(e => e.id),
    status: !!document.getElementById("status").closest(live),
    prompt: !!document.getElementById("prompt").closest(live),
  };
}"""
PLAY_LINE = re.compile(r"^(You|East|North|West): ")
TURN_LINE = re.compile(r"^(Your lead|Your turn to follow)")
WON_LINE = re.compile(r"^Trick (?P<no>\d+) (to \w+|is yours): \d+ points")


def test_a_whole_round_is_said_once_from_the_log(new_context, site_url, wait_ready):
    context = new_context(viewport=DESKTOP, service_workers="block", locale="en-US")
    context.add_init_script(RECORD)
    page = context.new_page()
    page.goto(site_url + "?seed=3&speed=instant")
    wait_ready(page)
    live = page.evaluate(LIVE)
    assert "log" in live["regions"], live
    assert not live["status"] and not live["prompt"], live

    to_phase(page, "result")
    assert wait_decision(page) == "result"
    said = page.evaluate("window.__said")
    rebuilt = [text for text, whole in said if whole and text]
    assert not rebuilt, f"the log was rebuilt (read again): {rebuilt[:5]}"
    lines = [text for text, _ in said]

    match = match_of(page)
    tricks = match.round.tricks
    assert len(tricks) >= 10 and not any(match.round.hands)  # every card was played
    # (a joker by its name, "small joker"/"big joker", never the letters SJ/BJ of its face)
    expected = Counter(f"{SEATS[seat]}: {cards_spoken(cards, 'en')}"
                       for trick in tricks for seat, cards in trick.plays)
    plays = Counter(line for line in lines if PLAY_LINE.match(line))
    assert sum(expected.values()) == 4 * len(tricks)
    assert plays == expected, (f"said but not played: {plays - expected}; "
                               f"played but not said once: {expected - plays}")

    won = [m for line in lines if (m := WON_LINE.match(line))]
    assert [int(m["no"]) for m in won] == list(range(1, len(tricks) + 1)), won
    assert sum(line.startswith("Round over") for line in lines) == 1, lines[-6:]  # (said once)
    assert any("buried the kitty" in line for line in lines), lines[:20]
    assert any(re.search(r"(is|are) the dealer; trump", line) for line in lines), lines[:20]
    # whose turn: once for each of the player's plays, not again on the bots' turns
    turns = [line for line in lines if TURN_LINE.match(line)]
    assert len(turns) == len(tricks), turns
    assert not any(line.startswith("Waiting for") for line in lines)
