"""Helpers for the game-screen tests (e2e/test_game*.py): driving the page as a player does,
reading its hooks, and asking the engine (on CPython, from the page's own save) what is legal.

The page is only ever driven through what a player has: taps, clicks, drags and keys on the
cards and buttons. The engine is used on the test's side to choose *what* to do (a seed where
the player becomes dealer, a card that breaks the follow rule) and to check what the page
shows against the saved match.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.actions import Bid, action_to_json  # noqa: E402
from engine.bots import make_bot  # noqa: E402
from engine.cards import parse_cards  # noqa: E402
from engine.errors import IllegalPlay  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.rules import check_follow  # noqa: E402
from engine.save import load_match  # noqa: E402
from ui.logic.players import make_players  # noqa: E402
from ui.logic.table import Table  # noqa: E402

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
SAVE_KEY = "chaodipi.match"
SETTINGS_KEY = "chaodipi.settings"
DEFAULT_TIERS = {"1": "normal", "2": "normal", "3": "normal"}
NOT_SAVED = "not being saved"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 640}
# The player must decide (or look at a result): nothing happens on the page until they act.
DECISION = ('() => { const d = document.documentElement.dataset;'
            ' return d.turn === "0" || d.phase === "result" || d.phase === "match-over"; }')
# Stand-in for a browser that refuses storage, injected before any script of the page runs.
DENY_STORAGE = """
Object.defineProperty(window, "localStorage", {
  configurable: true,
  get() { throw new DOMException("Access is denied for this document.", "SecurityError"); },
});
"""
FULL_STORAGE = """
Storage.prototype.setItem = function () {
  throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
};
"""


# --- reading the page -------------------------------------------------------------------------

def data(page, name: str):
    """A data-* attribute of <html> (ready, phase, turn, actions, storage), or None."""
    return page.evaluate(f"document.documentElement.dataset[{name!r}] ?? null")


def actions(page) -> int:
    return int(data(page, "actions"))


def saved(page, key: str = SAVE_KEY) -> str | None:
    return page.evaluate("(k) => localStorage.getItem(k)", key)


def stored(page) -> dict[str, str]:
    return page.evaluate("Object.fromEntries(Object.entries(localStorage))")


def hand(page) -> list[str]:
    """The player's cards as shown, in order (data-card values)."""
    return page.locator("#hand [data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card)")


HINT_DONE = "document.documentElement.dataset.hint !== 'thinking'"


def selected(page) -> list[str]:
    """The cards selected in the hand (once a hint asked for has come)."""
    page.wait_for_function(HINT_DONE)
    return page.locator('#hand [aria-selected="true"]').evaluate_all(
        "els => els.map(e => e.dataset.card)")


def table_cards(page) -> list[tuple[str, list[str]]]:
    """The cards on #table, by position (north/east/...), plus which play wins."""
    return page.locator("#table .play").evaluate_all(
        "els => els.map(e => [e.className, [...e.querySelectorAll('[data-card]')]"
        ".map(c => c.dataset.card)])")


def notice(page) -> str | None:
    """The notice's text while it is shown, else None."""
    box = page.locator("#notice")
    return box.inner_text() if box.is_visible() else None


def data_kind(page) -> str | None:
    """What the notice shown is about (illegal, storage, bad-save...), None when hidden."""
    box = page.locator("#notice")
    return box.get_attribute("data-kind") if box.is_visible() else None


def match_of(page) -> Match:
    """The match the page saved, rebuilt by the engine on CPython."""
    text = saved(page)
    assert text, "the page has saved nothing"
    return load_match(text)


def history(page) -> list:
    """The whole saved history, in its JSON form (a save keeps the earlier rounds coded)."""
    return [action_to_json(a) for a in match_of(page).history]


def last_play(page, seat: int = 0) -> list[str]:
    """The cards of `seat`'s last play in the saved history."""
    plays = [h for h in history(page) if h[0] == "play" and h[1] == seat]
    return plays[-1][2].split() if plays else []


# --- waiting ------------------------------------------------------------------------------------

def wait_decision(page) -> str:
    """Until the player must act (or a result is shown); returns the phase."""
    page.wait_for_function(DECISION)
    return data(page, "phase")


def wait_actions_past(page, before: int) -> int:
    page.wait_for_function(
        "(n) => Number(document.documentElement.dataset.actions) > n", arg=before)
    return actions(page)


def acted(page, do) -> int:
    """Run do() (a click, tap, drag or key) and wait until the page applied an action."""
    before = actions(page)
    do()
    return wait_actions_past(page, before)


# --- pointer input ------------------------------------------------------------------------------

def centre(locator) -> tuple[float, float]:
    box = locator.bounding_box()
    assert box, f"{locator} is not visible"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag(page, card, target, steps: int = 6) -> None:
    """Press on a card's visible left strip (cards overlap to the right), move in steps onto
    the middle of `target`, release: a pointer drag as a mouse makes it."""
    box = card.bounding_box()
    assert box, f"{card} is not visible"
    x, y = box["x"] + min(8, box["width"] / 3), box["y"] + box["height"] / 2
    tx, ty = centre(target)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(tx, ty, steps=steps)
    page.mouse.up()


def card_at(page, position: int, zone: str = "#hand"):
    return page.locator(f'{zone} [data-i="{position}"]')


def selected_positions(page) -> list[int]:
    return page.locator('#hand [aria-selected="true"]').evaluate_all(
        "els => els.map(e => Number(e.dataset.i))")


# --- layout -------------------------------------------------------------------------------------

LAYOUT = """() => {
  const de = document.documentElement;
  const vw = de.clientWidth, vh = de.clientHeight;
  const problems = [];
  // a modal dialog leaves only its own controls usable
  const controls = document.querySelectorAll(document.querySelector('dialog[open]')
    ? 'dialog[open] button, dialog[open] select'
    : '#controls button, #controls select, #hand [data-i], #kitty [data-i]');
  let checked = 0;
  for (const el of controls) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
    checked++;
    const name = `${el.tagName.toLowerCase()}[${el.dataset.action || el.dataset.card
                  || el.dataset.setting || el.dataset.name || ''}]`;
    if (r.left < 0 || r.top < 0 || r.right > vw + 0.5 || r.bottom > vh + 0.5) {
      problems.push(`${name} outside the ${vw}x${vh} viewport: `
                    + `${[r.left, r.top, r.right, r.bottom].map(Math.round)}`);
      continue;
    }
    // a card is pressed on its visible left strip (the next card overlaps its right part)
    const card = el.matches('[data-i]');
    const x = card ? r.left + Math.min(6, r.width / 3) : r.left + r.width / 2;
    const y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(hit === el || el.contains(hit))) {
      problems.push(`${name} is covered at (${Math.round(x)},${Math.round(y)}) by `
                    + (hit ? hit.outerHTML.slice(0, 80) : 'nothing'));
      continue;
    }
    // a card's index (its first character: the rank, or the joker's name) is not hidden
    // under the next card
    if (card) {
      const text = document.createTreeWalker(el, NodeFilter.SHOW_TEXT).nextNode();
      const range = document.createRange();
      range.setStart(text, 0);
      range.setEnd(text, Math.min(1, text.length));
      const t = range.getBoundingClientRect();
      const seen = document.elementFromPoint(t.left + t.width / 2, t.top + t.height / 2);
      if (!seen || !(seen === el || el.contains(seen))) {
        problems.push(`${name}: its index "${text.data}" is hidden under `
                      + (seen ? seen.outerHTML.slice(0, 60) : 'nothing'));
      }
    }
  }
  return {scrollWidth: de.scrollWidth, clientWidth: de.clientWidth,
          bodyScrollWidth: document.body.scrollWidth, checked, problems};
}"""


# What is shown in a zone stays inside it: the cards of a trick (and its caption, the result)
# inside #table, the kitty's cards inside #kitty, the hand inside the player's box.
CONTAINED = """() => {
  const problems = [];
  // (2 px: a card may lie on the zone's dashed border line, not past it)
  const inside = (a, b) => a.left >= b.left - 2 && a.top >= b.top - 2
                           && a.right <= b.right + 2 && a.bottom <= b.bottom + 2;
  const zones = [['#table', '.play, .caption, .result'], ['#kitty', '.card, .zone-label'],
                 ['#seat-south', '#hand .card']];
  for (const [zone, parts] of zones) {
    const box = document.querySelector(zone).getBoundingClientRect();
    for (const el of document.querySelector(zone).querySelectorAll(parts)) {
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      if (!inside(r, box)) {
        problems.push(`${zone} ${el.className} ${el.innerText.replace(/\\s+/g, ' ').slice(0, 30)}`
                      + ` sticks out: ${[r.left, r.top, r.right, r.bottom].map(Math.round)}`
                      + ` of ${[box.left, box.top, box.right, box.bottom].map(Math.round)}`);
      }
    }
  }
  // a caption scrolls only when its lines do not fit (a long why on a short table): a few
  // pixels of rounding must not give a one-line caption a scroll bar of its own
  for (const el of document.querySelectorAll('#table .caption')) {
    const over = el.scrollHeight - el.clientHeight;
    if (over > 0 && over < 6) {
      problems.push(`.caption "${el.innerText.replace(/\\s+/g, ' ').slice(0, 30)}" scrolls `
                    + `for ${over} px`);
    }
  }
  // one whose lines do not fit (a caption, or a blog frame's prompt in two lines) says so at
  // its foot (ui/page/dom.py's data-more) until it is scrolled to its end
  for (const el of document.querySelectorAll('#table .caption, #prompt')) {
    const hidden = el.scrollHeight - el.scrollTop - el.clientHeight;
    if ((hidden > 5) !== el.hasAttribute('data-more')) {
      problems.push(`${el.id || '.caption'} "${el.innerText.replace(/\\s+/g, ' ').slice(0, 30)}"`
                    + ` hides ${hidden} px, data-more ${el.hasAttribute('data-more')}`);
    }
  }
  return problems;
}"""


def laid_out(check: str) -> str:
    """`check` (a JS function of no argument) run on the page as laid out, without the motion
    of the cards (ui/page/motion.py): a card on its way to the hand or the table is judged where it
    lands, not where it passes. Every running animation is set past its end for the check
    (without its fill), then put back as it was, all in one task: the page never sees it."""
    return f"""() => {{
  const moving = document.getAnimations().filter((a) => a.playState === 'running').map((a) => {{
    const was = {{a, time: a.currentTime, fill: a.effect.getTiming().fill}};
    a.pause();
    a.effect.updateTiming({{fill: 'none'}});
    a.currentTime = a.effect.getComputedTiming().endTime + 1;
    return was;
  }});
  try {{
    return ({check})();
  }} finally {{
    for (const {{a, time, fill}} of moving) {{
      a.effect.updateTiming({{fill}});
      a.currentTime = time;
      a.play();
    }}
  }}
}}"""


def check_contained(page, name: str) -> None:
    problems = page.evaluate(laid_out(CONTAINED))
    if problems:
        size = page.viewport_size
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"game-{size['width']}x{size['height']}-"
                                             f"overflow-{name}.png"))
    assert not problems, (name, problems)


def check_layout(page, name: str) -> dict:
    """No horizontal scroll; every visible control inside the viewport and not covered; a
    screenshot of what the player sees in e2e/artifacts/game-<W>x<H>-<name>.png, once its
    animations have ended (the result's new level grows in from small and low: a shot taken
    as it starts shows a level out of place that a player never sees settle so)."""
    report = page.evaluate(laid_out(LAYOUT))
    size = page.viewport_size
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"game-{size['width']}x{size['height']}-{name}.png"),
                    animations="disabled")
    assert report["scrollWidth"] <= report["clientWidth"], (name, report)
    assert report["bodyScrollWidth"] <= report["clientWidth"], (name, report)
    assert report["checked"] > 0, (name, report)
    assert not report["problems"], (name, report["problems"])
    check_contained(page, name)
    return report


# --- choosing positions with the engine (CPython) ---------------------------------------------

def new_table(seed: int, tiers: dict[str, str] | None = None,
              adviser: str | None = None) -> Table:
    """The page's table for `seed` (same bots, same adviser), to foresee what it will do;
    `adviser` another tier for the hint (the page's is hard, a fixed count of simulated plays:
    the same on every run, but slower than "normal" for a fixture that only needs a hint)."""
    bots, hint = make_players(tiers or DEFAULT_TIERS, seed)
    if adviser is not None:
        hint = make_bot(adviser, 0, seed)
    return Table.new(seed, bots, hint)


def player_becomes_dealer(seed: int) -> bool:
    """Whether, waiting through the deal and pressing the first bid button offered at the
    player's bidding turn, the player ends up burying the kitty (dealer of round 1)."""
    table = new_table(seed)
    table.run_until_player()
    choices = table.bid_choices()
    if table.phase != "bid" or table.match.to_act != 0 or not choices:
        return False
    table.act(Bid(0, choices[0]))
    table.run_until_player()
    return table.phase == "bury" and table.match.to_act == 0


def find_seed(predicate, start: int = 1, limit: int = 500) -> int:
    for seed in range(start, start + limit):
        if predicate(seed):
            return seed
    raise AssertionError(f"no seed in {start}..{start + limit} for {predicate.__name__}")


def illegal_single_follow(match: Match) -> tuple[str, str, str] | None:
    """When the player must follow a single card and holds that suit: (a card of another
    suit, the engine's reason in English, in Chinese); else None."""
    r = match.round
    trick = r.current_trick
    if match.phase != "play" or match.to_act != 0 or trick is None:
        return None
    lead = trick.plays[0][1]
    if len(lead) != 1:
        return None
    hand_cards = r.hands[0]
    for c in hand_cards:
        try:
            check_follow(hand_cards, lead, (c,), r.trump)
        except IllegalPlay as err:
            return str(c), err.en, err.zh
    return None


def legal_singles(match: Match) -> list[str]:
    """The single cards the player may play now (a lead, or a follow to a single)."""
    r = match.round
    trick = r.current_trick
    if match.phase != "play" or match.to_act != 0:
        return []
    if trick is None:
        return sorted({str(c) for c in r.hands[0]})
    lead = trick.plays[0][1]
    if len(lead) != 1:
        return []
    out = set()
    for c in r.hands[0]:
        try:
            check_follow(r.hands[0], lead, (c,), r.trump)
            out.add(str(c))
        except IllegalPlay:
            pass
    return sorted(out)


def cards_text(cards) -> list[str]:
    return [str(c) for c in parse_cards(" ".join(cards))] if cards else []


# --- moving a game on with the buttons ----------------------------------------------------------

def button(page, action: str):
    return page.locator(f'#controls button[data-action="{action}"]')


def press(page, action: str) -> int:
    """Click a control that applies an action; wait until the page applied it."""
    return acted(page, button(page, action).click)


def without(cards: list[str], taken: list[str]) -> list[str]:
    left = list(cards)
    for c in taken:
        left.remove(c)
    return left


def hint_and_play(page, from_save: bool = True, quiet: bool = True) -> list[str]:
    """Hint, then Play: the hinted cards leave the hand (and, `from_save`, are the saved
    play); with `quiet`, no notice is shown. Returns the cards played."""
    before = hand(page)
    button(page, "hint").click()
    chosen = selected(page)
    assert chosen, "the hint selected nothing"
    press(page, "play")
    if quiet:
        assert notice(page) is None, notice(page)
    else:  # another notice may stay up (storage refused), but never a refusal of the play
        assert data_kind(page) != "illegal", notice(page)
    assert sorted(hand(page)) == sorted(without(before, chosen))
    if from_save:
        assert sorted(last_play(page)) == sorted(chosen)
    return chosen


def take_decision(page, phase: str, from_save: bool = True, quiet: bool = True) -> None:
    """The player's decision in `phase`, the plain way: pass on bids and snatches, bury the
    hinted cards, play the hint, go on from a result."""
    if phase in ("bid", "snatch"):
        press(page, "pass")
    elif phase == "bury":
        button(page, "hint").click()
        press(page, "bury")
    elif phase == "play":
        hint_and_play(page, from_save, quiet)
    elif phase == "result":
        press(page, "next-round")
    else:
        raise AssertionError(f"cannot go on from {phase}")


def to_phase(page, wanted: str, from_save: bool = True, quiet: bool = True) -> None:
    """Go on (passing bids and snatches, burying the hinted cards, playing the hint) until the
    player must act in phase `wanted`."""
    for _ in range(200):
        phase = wait_decision(page)
        if phase == wanted:
            return
        take_decision(page, phase, from_save, quiet)
    raise AssertionError(f"never reached {wanted}")


# --- main-thread tasks ------------------------------------------------------------------------

# Long Tasks API, installed before the page's scripts: every task of 50 ms or more, the moment
# the page became ready, and a timeline of its hooks to say what each task was part of.
LONG_TASKS = """
window.__longTasks = [];
window.__readyAt = null;
window.__timeline = [];  // [time, phase, turn, actions] at every change of the hooks
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
}).observe({type: "longtask", buffered: true});
new MutationObserver(() => {
  const d = document.documentElement.dataset;
  if (window.__readyAt === null && d.ready === "1") window.__readyAt = performance.now();
  const last = window.__timeline[window.__timeline.length - 1];
  const now = [performance.now(), d.phase, d.turn, d.actions];
  if (!last || last[1] !== now[1] || last[2] !== now[2] || last[3] !== now[3]) {
    window.__timeline.push(now);
  }
}).observe(document, {attributes: true, subtree: true,
                      attributeFilter: ["data-ready", "data-phase", "data-turn", "data-actions"]});
"""
