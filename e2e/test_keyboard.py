"""Keyboard all the way: a round's decisions taken with keys alone (Tab, arrows, Space, Enter,
the single-key shortcuts), the keyboard never falling to <body> after an action, shortcuts
that do nothing behind an open dialog and can be switched off, and a visible focus ring
(2 px or more, 3:1 or more against what is around it) on buttons and cards, in both schemes
at 1280x800 and 360x640 (screenshots in e2e/artifacts/keyboard-*.png).

The page is never clicked here: every action is a key press (page.keyboard).
"""

from __future__ import annotations

import json

from game_helpers import (
    ARTIFACTS,
    DESKTOP,
    PHONE,
    SETTINGS_KEY,
    acted,
    actions,
    data,
    find_seed,
    hand,
    legal_singles,
    match_of,
    player_becomes_dealer,
    saved,
    selected,
    wait_decision,
)
from walk import open_with_save, random_players

from engine.driver import play_round
from engine.match import Match
from engine.save import save_match

FOCUSED = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return "body";
  return el.dataset.action ? `button:${el.dataset.action}`
    : el.dataset.card ? `${el.closest("#kitty") ? "kitty" : "hand"}-card:${el.dataset.card}`
    : el.id || el.tagName.toLowerCase();
}"""
KITTY = "document.querySelectorAll('#kitty [data-i]').length"


def focused(page) -> str:
    return page.evaluate(FOCUSED)


def tab_to(page, want: str, shift: bool = False, limit: int = 40) -> None:
    """Press Tab (or Shift+Tab) until what has the keyboard is `want` (as `focused` says)."""
    seen = []
    for _ in range(limit):
        page.keyboard.press("Shift+Tab" if shift else "Tab")
        seen.append(focused(page))
        if seen[-1] == want:
            return
    raise AssertionError(f"Tab never reached {want}: {seen}")


def key_to_card(page, card: str) -> None:
    """From the hand, Home then → until the card `card` has the keyboard."""
    page.keyboard.press("Home")
    for _ in range(60):
        if focused(page) == f"hand-card:{card}":
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"{card} is not in the hand: {hand(page)}")


def assert_kept(page, where: str = "hand-card") -> None:
    """The keyboard is still on the page's controls after an action (not on <body>)."""
    now = focused(page)
    assert now.startswith(where), f"the keyboard went to {now}, not {where}"


def open_as_dealer(new_context, site_url, wait_ready):
    """The page at a deal where the player becomes dealer, at the first bid decision."""
    seed = find_seed(player_becomes_dealer)
    context = new_context(viewport=DESKTOP, service_workers="block", locale="en-US")
    page = context.new_page()
    page.goto(site_url + f"?seed={seed}&speed=instant")
    wait_ready(page)
    assert wait_decision(page) == "bid"
    return page


def test_a_round_by_keys_alone(new_context, site_url, wait_ready):
    page = open_as_dealer(new_context, site_url, wait_ready)

    # bid: Tab to the first bid button, Enter
    tab_to(page, "button:bid")
    acted(page, lambda: page.keyboard.press("Enter"))
    assert wait_decision(page) == "bury"
    assert_kept(page)

    # bury: Space puts the focused card in the kitty (the keyboard stays in the hand)
    for n in range(1, 11):
        page.keyboard.press("Space")
        page.wait_for_function(f"{KITTY} === {n}")
        assert_kept(page)
    held = len(hand(page))
    # take one back: Shift+Tab to the kitty, → to its first card, Space
    tab_to(page, "kitty", shift=True)
    page.keyboard.press("ArrowRight")
    taken_back = focused(page)
    assert taken_back.startswith("kitty-card:"), taken_back
    page.keyboard.press("Enter")
    page.wait_for_function(f"{KITTY} === 9")
    assert_kept(page, "kitty-card")  # on the next card of the kitty
    assert len(hand(page)) == held + 1 and taken_back.split(":")[1] in hand(page)
    # the tenth again, from the hand; Bury by Tab and Enter
    tab_to(page, "hand")
    page.keyboard.press("End")
    page.keyboard.press(" ")
    page.wait_for_function(f"{KITTY} === 10")
    tab_to(page, "button:bury")
    acted(page, lambda: page.keyboard.press("Enter"))
    assert_kept(page)

    # play: by H and P, and once by arrows, Space, Tab to Play and Enter (a single card)
    by_arrows = by_shortcuts = False
    for _ in range(40):
        assert wait_decision(page) == "play"
        assert_kept(page)
        singles = legal_singles(match_of(page))
        if singles and not by_arrows:
            key_to_card(page, singles[0])
            page.keyboard.press("Space")
            assert selected(page) == [singles[0]]
            tab_to(page, "button:play")
            acted(page, lambda: page.keyboard.press("Enter"))
            by_arrows = True
        else:
            page.keyboard.press("h")
            assert selected(page)
            acted(page, lambda: page.keyboard.press("p"))
            by_shortcuts = True
        assert_kept(page, "hand")
        if by_arrows and by_shortcuts:
            break
    assert by_arrows and by_shortcuts

    # the last trick, and back: L twice
    assert wait_decision(page) == "play"
    page.keyboard.press("l")
    page.wait_for_selector("#table .caption.back")
    page.keyboard.press("l")
    page.wait_for_selector("#table .caption.back", state="detached")

    # a dialog: Tab to Settings, Enter; the shortcuts do nothing behind it
    tab_to(page, "button:settings")
    page.keyboard.press("Enter")
    dialog = page.locator("dialog#dialog")
    assert dialog.is_visible()
    before, cards = actions(page), hand(page)
    page.keyboard.press("h")
    page.keyboard.press("p")
    assert data(page, "hint") in (None, "")
    assert actions(page) == before and hand(page) == cards
    assert page.locator('#hand [aria-selected="true"]').count() == 0
    # switch the shortcuts off (Tab to the checkbox, Space), Escape closes the dialog
    for _ in range(20):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.setting") == "shortcuts":
            break
    page.keyboard.press("Space")
    page.wait_for_function(f"(localStorage.getItem({json.dumps(SETTINGS_KEY)}) || '')"
                           ".includes('\"shortcuts\": false')")
    page.keyboard.press("Escape")
    assert not dialog.is_visible()
    # the keyboard goes back where the dialog was opened from (the close event comes after)
    page.wait_for_function("document.activeElement.dataset.action === 'settings'")
    assert json.loads(saved(page, SETTINGS_KEY))["shortcuts"] is False
    # switched off: H does nothing; the Hint and Play buttons still work by keys
    tab_to(page, "hand", shift=True)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("h")
    assert data(page, "hint") in (None, "")
    assert page.locator('#hand [aria-selected="true"]').count() == 0
    tab_to(page, "button:hint")
    page.keyboard.press("Enter")
    assert selected(page)
    tab_to(page, "button:play")
    acted(page, lambda: page.keyboard.press("Enter"))
    assert_kept(page, "hand")


def test_next_round_by_keys_and_the_keyboard_goes_on_to_the_new_hand(new_context, site_url,
                                                                     wait_ready):
    match = Match(2)
    play_round(match, random_players(2))
    page = open_with_save(new_context, site_url, wait_ready, save_match(match))
    assert wait_decision(page) == "result"
    tab_to(page, "button:next-round")
    acted(page, lambda: page.keyboard.press("Enter"))
    assert data(page, "phase") in ("deal", "bid")
    now = focused(page)
    assert now == "hand" or now.startswith("hand-card") or now.startswith("button:"), now


RING = """(el) => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const ratio = (a, b) => { const x = lum(a), y = lum(b);
                            return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  // the colour behind an element: its ancestors' backgrounds, blended from the page's up
  const behind = (node) => {
    const layers = [];
    for (let n = node; n && n.nodeType === 1; n = n.parentElement) {
      const c = rgb(getComputedStyle(n).backgroundColor);
      if (c.length >= 3 && (c.length === 3 || c[3] > 0)) layers.push(c);
      if (c.length === 3 || c[3] === 1) break;
    }
    let out = [255, 255, 255];
    for (const c of layers.reverse()) {
      const a = c.length === 4 ? c[3] : 1;
      out = out.map((v, i) => a * c[i] + (1 - a) * v);
    }
    return out;
  };
  const s = getComputedStyle(el);
  const out = {style: s.outlineStyle, width: parseFloat(s.outlineWidth),
               vsBehind: ratio(rgb(s.outlineColor), behind(el.parentElement))};
  if (el.matches(".card")) {  // the dark ring on its face, the light one outside
    out.vsFace = ratio(rgb(s.outlineColor), rgb(s.backgroundColor));
    const after = getComputedStyle(el, "::after");
    out.outer = {width: parseFloat(after.borderTopWidth),
                 vsBehind: ratio(rgb(after.borderTopColor), behind(el.parentElement))};
  }
  return out;
}"""


def test_the_focus_ring_shows_on_buttons_and_cards(new_context, site_url, wait_ready):
    page = open_as_dealer(new_context, site_url, wait_ready)
    problems = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for size in (DESKTOP, PHONE):
            page.set_viewport_size(size)
            name = f"{size['width']}x{size['height']}-{scheme}"
            for want in ("button:pass", "hand-card"):
                if want == "hand-card":
                    tab_to(page, "hand")
                    page.keyboard.press("ArrowRight")
                else:
                    tab_to(page, want)
                el = page.evaluate_handle("document.activeElement")
                ring = page.evaluate(RING, el)
                ARTIFACTS.mkdir(exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / f"keyboard-{want.split(':')[0]}-{name}.png"))
                if ring["style"] != "solid" or ring["width"] < 2:
                    problems.append(f"{name} {want}: ring {ring}")
                if want == "hand-card":
                    if ring["vsFace"] < 3 or ring["outer"]["width"] < 2:
                        problems.append(f"{name} {want}: ring on the face {ring}")
                    if max(ring["vsBehind"], ring["outer"]["vsBehind"]) < 3:
                        problems.append(f"{name} {want}: ring against the table {ring}")
                elif ring["vsBehind"] < 3:
                    problems.append(f"{name} {want}: ring against the table {ring}")
    assert not problems, "\n".join(problems)
