"""No critical or serious accessibility violation, as axe-core judges it, on any screen (deal,
bid, bury, snatch, play, result, match over) nor in any dialog (settings, how to play, new
game, trumps, the glossary, statistics and its reset), at 1280x800 and 360x640.

axe-core comes from the npm registry (node_modules/axe-core, a devDependency pinned by
package-lock.json), is injected into the page by the test and never shipped with the site.
Its default rules run, plus label-content-name-mismatch (experimental in axe, off unless
asked for: a control's name must contain the text it shows, WCAG 2.5.3), so that a card is
named by what its face says. The screens are reached by the walks of e2e/walk.py, shared
with the contrast check.
"""

from __future__ import annotations

import re

from contrast import SETTLED, load_axe
from game_helpers import DESKTOP, PHONE
from walk import walk_ends, walk_round, walk_snatch

SIZES = (DESKTOP, PHONE)
BLOCKING = ("critical", "serious")
# Every violation as [rule id, impact, help, [node target, failure summary]...]
AXE_ALL = """async () => {
  const result = await axe.run(document, {
    rules: {"label-content-name-mismatch": {enabled: true}},
    resultTypes: ["violations"],
  });
  return result.violations.map(v => [v.id, v.impact, v.help,
    v.nodes.map(n => [n.target.join(" "), (n.failureSummary || "").replace(/\\s+/g, " ")])]);
}"""
# What axe leaves to review (printed, to be judged by a person: pytest -s e2e/test_axe.py)
AXE_REVIEW = """async () => {
  const result = await axe.run(document, {resultTypes: ["incomplete"]});
  return result.incomplete.map(v => `${v.id} (${v.nodes.length}): `
    + v.nodes.slice(0, 3).map(n => n.target.join(" ")).join("; "));
}"""


def axe_violations(page, screen: str) -> list[str]:
    """The critical and serious violations axe finds on the page now, in words."""
    load_axe(page)
    page.evaluate(SETTLED)
    for line in page.evaluate(AXE_REVIEW):
        print(f"{screen}: to review: {line}")
    out = []
    for rule, impact, help_text, nodes in page.evaluate(AXE_ALL):
        if impact not in BLOCKING:
            continue
        targets = "; ".join(f"{target} ({why[:160]})" for target, why in nodes[:6])
        more = f" and {len(nodes) - 6} more" if len(nodes) > 6 else ""
        out.append(f"{screen}: {impact} {rule} ({help_text}), {len(nodes)} node(s): "
                   f"{targets}{more}")
    return out


def axe_checker(problems: list[str], seen: list[str]):
    """visit(page, screen) for the walks: axe at both sizes."""
    def check(page, screen: str) -> None:
        if screen.startswith("dialog-"):  # a modal dialog, named (by its heading)
            named = page.get_by_role("dialog", name=re.compile(r"\w")).and_(
                page.locator("dialog#dialog"))
            if named.count() != 1 or not named.first.is_visible():
                problems.append(f"{screen}: the open dialog has no accessible name")
        for size in SIZES:
            page.set_viewport_size(size)
            problems.extend(axe_violations(page, f"{screen} {size['width']}x{size['height']}"))
        page.set_viewport_size(DESKTOP)
        seen.append(screen)
    return check


def test_axe_from_the_deal_to_the_dialogs(new_context, site_url, wait_ready):
    problems: list[str] = []
    seen: list[str] = []
    walk_round(new_context, site_url, wait_ready, axe_checker(problems, seen))
    assert {"deal", "bid", "bury", "bury-chosen", "play-lead", "play-follow", "dialog-settings",
            "dialog-help", "dialog-new-game", "dialog-trumps"} <= set(seen), seen
    assert not problems, "\n".join(problems)


def test_axe_when_the_player_may_snatch(new_context, site_url, wait_ready):
    problems: list[str] = []
    seen: list[str] = []
    walk_snatch(new_context, site_url, wait_ready, axe_checker(problems, seen))
    assert seen == ["snatch"]
    assert not problems, "\n".join(problems)


def test_axe_on_a_result_its_review_the_glossary_and_the_match_s_end(new_context, site_url,
                                                                     wait_ready):
    problems: list[str] = []
    seen: list[str] = []
    walk_ends(new_context, site_url, wait_ready, axe_checker(problems, seen), glossary=True)
    assert seen == ["result", "dialog-glossary", "dialog-stats", "dialog-reset-stats",
                    "review-deal", "review-trick", "review-result", "match-over"], seen
    assert not problems, "\n".join(problems)


def test_the_check_finds_a_violation(new_context, site_url):
    """The check itself: a page with an unnamed button, an option outside any listbox and
    a control whose name does not contain its text fails, with the rules' ids and targets."""
    context = new_context(viewport=DESKTOP, service_workers="block")
    bad = ('<!doctype html><html lang="en"><head><title>t</title></head><body><main>'
           '<button id="unnamed"></button><span role="option" id="lost">A</span>'
           '<button id="mismatch" aria-label="something else">Play</button></main></body></html>')
    context.route(site_url + "e2e-axe-bad.html",
                  lambda route: route.fulfill(body=bad, content_type="text/html"))
    page = context.new_page()
    page.goto(site_url + "e2e-axe-bad.html")
    found = "\n".join(axe_violations(page, "bad"))
    assert "button-name" in found and "#unnamed" in found, found
    assert "aria-required-parent" in found and "#lost" in found, found
    assert "label-content-name-mismatch" in found and "#mismatch" in found, found
