"""Text that scales to 200% without loss (WCAG 1.4.4): a 1280x800 window zoomed to 200% lays
the page out in 640x400 CSS pixels (at two device pixels each), which is what this test
gives the page. Nothing may need a horizontal scroll, no text may be cut off by a box too
small for it (the page scrolls instead), and every button can be scrolled to and pressed
(not covered). Screenshots in e2e/artifacts/zoom-*.png.

Also: with prefers-reduced-motion the cards do not even ease when selected (ui/page/motion.py
already keeps them still: e2e/test_motion.py).
"""

from __future__ import annotations

from game_helpers import ARTIFACTS, acted, button, find_seed, player_becomes_dealer, wait_decision

ZOOMED = {"width": 640, "height": 400}
# Every text of its own that a box with hidden overflow cuts off; the page's horizontal
# overflow; each visible button, scrolled to, and what covers it.
CHECK = """() => {
  const de = document.documentElement;
  const problems = [];
  if (de.scrollWidth > de.clientWidth) problems.push(`horizontal scroll: ${de.scrollWidth}`);
  const modal = document.querySelector("dialog:modal");
  for (const el of document.querySelectorAll("body *")) {
    if (modal && !modal.contains(el)) continue;
    if (el.closest(".card, .sr-only, script, style, option, [hidden]")) continue;
    // (and what a short screen keeps for screen readers only, as .sr-only does: the title)
    if (el.closest("#topbar") && getComputedStyle(el.closest("#topbar")).clipPath
        === "inset(50%)") continue;
    const own = [...el.childNodes].filter(n => n.nodeType === 3).map(n => n.data).join("").trim();
    if (!own) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(el).visibility !== "visible") continue;
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === "visible" && s.overflowY === "visible") continue;
      const scrolls = /auto|scroll/.test(s.overflowY) || /auto|scroll/.test(s.overflowX);
      if (scrolls) break;  // it can be scrolled to
      const b = a.getBoundingClientRect();
      if (r.left < b.left - 1 || r.right > b.right + 1 || r.top < b.top - 1
          || r.bottom > b.bottom + 1) {
        problems.push(`"${own.slice(0, 40)}" cut off by ${a.tagName.toLowerCase()}`
                      + `#${a.id}.${a.className}`);
      }
      break;
    }
  }
  const controls = modal ? modal.querySelectorAll("button, select, input")
                         : document.querySelectorAll("#controls button, #controls select");
  for (const el of controls) {
    const r0 = el.getBoundingClientRect();
    if (!r0.width || !r0.height) continue;
    el.scrollIntoView({block: "center", inline: "center"});
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !(hit === el || el.contains(hit))) {
      problems.push(`${el.tagName.toLowerCase()}[${el.dataset.action || el.dataset.setting}]`
                    + ` covered by ${hit ? hit.outerHTML.slice(0, 60) : "nothing"}`);
    }
  }
  window.scrollTo(0, 0);
  return problems;
}"""


def check(page, name: str, problems: list[str]) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"zoom-{name}.png"), full_page=True)
    problems += [f"{name}: {p}" for p in page.evaluate(CHECK)]


def test_text_at_200_percent_loses_nothing(new_context, site_url, wait_ready):
    seed = find_seed(player_becomes_dealer)
    context = new_context(viewport=ZOOMED, device_scale_factor=2, service_workers="block",
                          locale="en-US")
    page = context.new_page()
    page.goto(site_url + f"?seed={seed}&speed=instant")
    wait_ready(page)
    problems: list[str] = []
    assert wait_decision(page) == "bid"
    check(page, "bid", problems)
    acted(page, button(page, "bid").first.click)
    assert wait_decision(page) == "bury"
    check(page, "bury", problems)
    button(page, "hint").click()
    page.wait_for_function("document.querySelectorAll('#kitty [data-i]').length === 10")
    acted(page, button(page, "bury").click)
    assert wait_decision(page) == "play"
    check(page, "play", problems)
    button(page, "help").click()
    check(page, "dialog-help", problems)
    page.keyboard.press("Escape")
    button(page, "settings").click()
    check(page, "dialog-settings", problems)
    page.keyboard.press("Escape")
    assert not problems, "\n".join(problems)


def test_reduced_motion_keeps_the_cards_still(new_context, site_url, wait_ready):
    context = new_context(viewport={"width": 1280, "height": 800}, service_workers="block",
                          reduced_motion="reduce")
    page = context.new_page()
    page.goto(site_url + "?seed=3&speed=instant")
    wait_ready(page)
    wait_decision(page)
    assert page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")
    duration = page.evaluate("getComputedStyle(document.querySelector('#hand .card'))"
                             ".transitionDuration")
    assert duration in ("0s", ""), duration
    assert page.evaluate("document.getAnimations().length") == 0
