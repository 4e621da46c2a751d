"""Motion and sound (ui/motion.py, ui/sound.py) in a real Chromium.

At normal speed a card played travels from its seat (a bot's seat box, or the player's hand)
to its place on the table, a won trick goes to its winner's seat box and fades, dealt cards
arrive (one flying card back per card dealt to a bot); at ?speed=instant and under
prefers-reduced-motion nothing moves at all; no animation frame while cards move costs the
main thread 50 ms of its own work; the sound switch makes an AudioContext and plays tones,
and with sound off (the default) there is none.

Every animation the page starts is recorded by a wrapper of Element.prototype.animate,
installed before the page's scripts: where the element was when its animation began and
where it is when it has finished. The game is driven as a player drives it (its buttons), and
waited on through the page's hooks, never on fixed sleeps.
"""

from __future__ import annotations

import json
import math

import pytest
from game_helpers import (
    CLOCK_MARK,
    DESKTOP,
    TASK_EVENTS,
    TRACE_CATEGORIES,
    acted,
    button,
    data,
    history,
    match_of,
    take_decision,
    traced_from,
    wait_decision,
)

# Every animation started: what was animated, where it stood when it started, where it stood
# in the last frame in which it was seen running (card backs in flight only) and where it
# stands, and how opaque, when the animation has finished. Reading a rectangle forces a
# layout: this recorder is for the tests of what moves where, not for the one of timing.
RECORDER = """
window.__moves = [];
(() => {
  const animate = Element.prototype.animate;
  const centre = (el) => {
    const r = el.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  };
  Element.prototype.animate = function (keyframes, options) {
    const animation = animate.call(this, keyframes, options);
    const owner = this.closest("[data-seat]");
    const zone = this.closest("#table, #hand, #kitty, #motion-layer");
    const move = {
      at: performance.now(), className: String(this.className), card: this.dataset.card || null,
      seat: owner ? owner.dataset.seat : null, zone: zone ? zone.id : null,
      from: centre(this), last: null, to: null, opacity: null, connected: null,
    };
    window.__moves.push(move);
    if (move.zone === "motion-layer") {
      const watch = () => {
        if (animation.playState !== "running") return;
        if (Number(getComputedStyle(this).opacity) > 0) move.last = centre(this);
        requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    }
    animation.finished.then(() => {
      move.connected = this.isConnected;
      move.to = centre(this);
      move.opacity = Number(getComputedStyle(this).opacity);
    }, () => { move.cancelled = true; });
    return animation;
  };
})();
"""

# Right after the table is redrawn (in the same task, before anything is painted): the cards
# of each play with the number of animations each one has.
TABLE_WATCH = """
window.__tableCards = [];
new MutationObserver(() => {
  for (const card of document.querySelectorAll("#table .play[data-seat] [data-card]")) {
    window.__tableCards.push([card.closest(".play").dataset.seat, card.dataset.card,
                              card.getAnimations().length]);
  }
}).observe(document.documentElement, {childList: true, subtree: true});
"""

SEATS = {"0": "south", "1": "east", "2": "north", "3": "west"}
CENTRES = """() => Object.fromEntries(["north", "east", "west", "south"].map((p) => {
  const r = document.getElementById("seat-" + p).getBoundingClientRect();
  return [p, [r.left + r.width / 2, r.top + r.height / 2, r.left, r.top, r.right, r.bottom]];
}))"""


def open_game(new_context, site_url, wait_ready, query: str, init_script: str = "", **options):
    context = new_context(viewport=DESKTOP, **options)
    if init_script:
        context.add_init_script(init_script)
    page = context.new_page()
    page.goto(site_url + query)
    wait_ready(page)
    return page


def distance(a, b) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def player_plays(page) -> int:
    return sum(1 for h in history(page) if h[:2] == ["play", 0])


def play_tricks(page, tricks: int) -> None:
    """Take the plain decision (pass, bury the hint, play the hint) until the player has
    played in `tricks` tricks, and the bots after them have played too."""
    while player_plays(page) < tricks:
        take_decision(page, wait_decision(page))
    wait_decision(page)


def settled(page) -> None:
    """Until no animation of the page is running (each finished, or cancelled)."""
    page.wait_for_function(
        "() => document.getAnimations().every((a) => a.playState !== 'running')")


# --- what moves, and where ----------------------------------------------------------------------

def test_cards_travel_from_their_seats_and_tricks_go_to_their_winners(
        new_context, site_url, wait_ready):
    page = open_game(new_context, site_url, wait_ready, "?seed=6",
                     init_script=RECORDER + TABLE_WATCH)
    play_tricks(page, 3)
    settled(page)
    boxes = page.evaluate(CENTRES)
    moves = page.evaluate("window.__moves")
    rules = match_of(page).rules

    # The deal: exactly one card back flies per card dealt to a bot, from the table toward
    # that bot's seat box, and shows only while it flies; the player's cards slide into the
    # hand.
    flights = [mv for mv in moves if mv["zone"] == "motion-layer"]
    assert len(flights) == 3 * rules.hand_size, len(flights)
    table = page.evaluate("(() => { const r = document.getElementById('table')"
                          ".getBoundingClientRect(); return [r.left + r.width / 2,"
                          " r.top + r.height / 2]; })()")
    seen = [mv for mv in flights if mv["last"]]
    assert len(seen) > len(flights) / 2, "the card backs were never seen flying"
    for mv in seen:
        bot = min(("north", "east", "west"), key=lambda p: distance(mv["last"], boxes[p]))
        assert distance(mv["last"], boxes[bot]) < distance(table, boxes[bot]), mv
    assert all(mv["opacity"] == 0 for mv in flights if mv["to"]), "a card back stays shown"
    assert any(mv["zone"] == "hand" for mv in moves), "no dealt card came into the hand"

    # A bot's card is moving as soon as it is on the table ...
    first_seen: dict[tuple[str, str], int] = {}
    for seat, card, animations in page.evaluate("window.__tableCards"):
        first_seen.setdefault((seat, card), animations)
    bots_cards = {k: n for k, n in first_seen.items() if k[0] != "0"}
    assert bots_cards, "no bot played"
    assert all(n > 0 for n in bots_cards.values()), bots_cards

    # ... from its seat box to its place; the player's, from where it was in the hand.
    played = [mv for mv in moves if mv["zone"] == "table" and mv["card"] and mv["connected"]]
    bots = [mv for mv in played if mv["seat"] != "0"]
    mine = [mv for mv in played if mv["seat"] == "0"]
    assert bots and mine, played
    for mv in bots:
        seat = boxes[SEATS[mv["seat"]]]
        whole_way = distance(mv["to"], seat)
        assert distance(mv["from"], seat) < 0.25 * whole_way, (mv, seat)
        assert distance(mv["from"], mv["to"]) > 0.75 * whole_way, (mv, seat)
    left, top, right, bottom = boxes["south"][2:]
    for mv in mine:
        x, y = mv["from"]
        assert left <= x <= right and top <= y <= bottom, (mv, boxes["south"])
        assert distance(mv["from"], mv["to"]) > 20, mv

    # A won trick: every play goes toward the winner's seat box, and fades out.
    gathered = [mv for mv in moves if mv["zone"] == "table" and "play" in mv["className"]
                and mv["opacity"] == 0]
    winners = [mv for mv in gathered if "winner" in mv["className"]]
    assert winners, "no trick was gathered"
    for mv in gathered:
        winner = min(winners, key=lambda w: abs(w["at"] - mv["at"]))
        box = boxes[SEATS[winner["seat"]]]
        assert distance(mv["to"], box) < 0.6 * distance(mv["from"], box), (mv, box)
