"""Motion and sound (ui/page/motion.py, ui/page/sound.py) in a real Chromium.

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
    DESKTOP,
    SETTINGS_KEY,
    button,
    history,
    match_of,
    take_decision,
    wait_decision,
)
from trace_tasks import CLOCK_MARK, TASK_EVENTS, TRACE_CATEGORIES

from ui.logic.tutorial import KEY as TUTORIAL_KEY

# Every animation started: what was animated, where it stood when it started, where it stood
# (and how opaque) in the last frame in which it was seen running and shown, and where it
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
      flight: this.dataset.flight || null,
      seat: owner ? owner.dataset.seat : null, zone: zone ? zone.id : null,
      fades: Array.isArray(keyframes) && keyframes[keyframes.length - 1].opacity === 0,
      from: centre(this), last: null, lastOpacity: null, to: null, opacity: null,
      connected: null,
    };
    move.boxes = Object.fromEntries(["north", "east", "west", "south"].map((p) => {
      const r = document.getElementById("seat-" + p).getBoundingClientRect();
      return [p, [r.left, r.top, r.right, r.bottom]];
    }));  // the seat boxes as they stand when it sets off (the table may move later: the
          // guided hand's offer gives way at the player's first decision)
    if (move.zone === "motion-layer") {  // where a card back's last keyframe puts its centre
      const m = new DOMMatrix(keyframes[keyframes.length - 1].transform);
      move.aim = [this.offsetWidth / 2 + m.m41, this.offsetHeight / 2 + m.m42];
    }
    window.__moves.push(move);
    const watch = () => {  // where it is seen, each frame while it runs (and is shown)
      if (animation.playState !== "running" || !this.isConnected) return;
      const opacity = Number(getComputedStyle(this).opacity);
      if (opacity > 0) [move.last, move.lastOpacity] = [centre(this), opacity];
      requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
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
}).observe(document, {childList: true, subtree: true});
"""

SEATS = {"0": "south", "1": "east", "2": "north", "3": "west"}


def open_game(new_context, site_url, wait_ready, query: str, init_script: str = "", **options):
    context = new_context(viewport=DESKTOP, **options)
    if init_script:
        context.add_init_script(init_script)
    page = context.new_page()
    page.goto(site_url + query)
    wait_ready(page)
    # a first visit: the guided hand's offer is declined, so that the table keeps its place
    # (it gives way at the player's first decision, which may be a card in flight)
    no_thanks = page.locator('#coach [data-action="learn-no"]')
    if no_thanks.is_visible():
        no_thanks.click()
        page.wait_for_function("() => document.getElementById('coach').hidden")
    return page


def box_centre(move, seat: str) -> tuple[float, float]:
    """The centre of `seat`'s box as it stood when `move` set off."""
    left, top, right, bottom = move["boxes"][seat]
    return (left + right) / 2, (top + bottom) / 2


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


def no_motion_error(page) -> None:
    """The page's motion reported no failure of its own (ui/page/motion.py's hooks catch them, so
    that the game goes on: the tests must look)."""
    assert page.get_attribute("html", "data-motion-error") is None, \
        page.get_attribute("html", "data-motion-error")


def settled(page) -> None:
    """Until no animation of the page is running (each finished, or cancelled)."""
    page.wait_for_function(
        "() => document.getAnimations().every((a) => a.playState !== 'running')")


# --- what moves, and where ----------------------------------------------------------------------

@pytest.mark.alone  # (frames sampled: with the other worker's browser beside it, too few)
def test_cards_travel_from_their_seats_and_tricks_go_to_their_winners(
        new_context, site_url, wait_ready):
    page = open_game(new_context, site_url, wait_ready, "?seed=6",
                     init_script=RECORDER + TABLE_WATCH)
    play_tricks(page, 3)
    settled(page)
    moves = page.evaluate("window.__moves")
    rules = match_of(page).rules
    no_motion_error(page)

    # The deal: exactly one card back flies per card dealt to a bot, from the table toward
    # that bot's seat box, and shows only while it flies; the player's cards slide into the
    # hand.
    flights = [mv for mv in moves if mv["zone"] == "motion-layer" and mv["flight"] == "deal"]
    assert len(flights) == 3 * rules.hand_size, len(flights)
    table = page.evaluate("(() => { const r = document.getElementById('table')"
                          ".getBoundingClientRect(); return [r.left + r.width / 2,"
                          " r.top + r.height / 2]; })()")
    aims = {}
    for mv in flights:
        x, y = mv["aim"]
        bot = next((p for p, (left, top, right, bottom) in mv["boxes"].items()
                    if left <= x <= right and top <= y <= bottom), None)
        assert bot in ("north", "east", "west"), \
            f"a card back flies to {mv['aim']}, not to a bot's seat box: {mv['boxes']}"

        aims[bot] = aims.get(bot, 0) + 1
    assert aims == dict.fromkeys(("north", "east", "west"), rules.hand_size), aims
    # ... and it is seen on its way there (most of them: a loaded machine skips frames)
    seen = [mv for mv in flights if mv["last"]]
    assert len(seen) > len(flights) / 2, "the card backs were never seen flying"
    on_their_way = [mv for mv in seen
                    if distance(mv["last"], mv["aim"]) < distance(table, mv["aim"])]
    assert len(on_their_way) > len(seen) / 2, (len(on_their_way), len(seen))
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
        seat = box_centre(mv, SEATS[mv["seat"]])
        whole_way = distance(mv["to"], seat)
        assert distance(mv["from"], seat) < 0.25 * whole_way, (mv, seat)
        assert distance(mv["from"], mv["to"]) > 0.75 * whole_way, (mv, seat)
    for mv in mine:
        x, y = mv["from"]
        left, top, right, bottom = mv["boxes"]["south"]
        assert left <= x <= right and top <= y <= bottom, (mv, mv["boxes"]["south"])
        assert distance(mv["from"], mv["to"]) > 20, mv

    # A won trick: every play goes toward the winner's seat box, and fades out on its way
    # (seen in its last frames: the table is cleared as the gathering ends).
    gathered = [mv for mv in moves if mv["zone"] == "table" and "play" in mv["className"]
                and mv["fades"]]
    winners = [mv for mv in gathered if "winner" in mv["className"]]
    assert len(winners) >= 2, "fewer tricks gathered than played"
    assert len(gathered) >= 4 * len(winners), "a trick's plays did not all go"
    for mv in gathered:
        winner = min(winners, key=lambda w: abs(w["at"] - mv["at"]))
        box = box_centre(mv, SEATS[winner["seat"]])
        assert mv["last"] and mv["lastOpacity"] < 0.9, mv  # seen fading ...
        # ... and as far on its way to the winner as it has faded (both eased alike)
        travelled = 1 - distance(mv["last"], box) / distance(mv["from"], box)
        assert travelled > 0.8 * (1 - mv["lastOpacity"]), (travelled, mv, box)


@pytest.mark.parametrize("query, options", [
    ("?seed=6&speed=instant", {}),
    ("?seed=6", {"reduced_motion": "reduce"}),
], ids=["instant", "reduced-motion"])
def test_nothing_moves_at_instant_speed_or_when_the_browser_asks_for_reduced_motion(
        new_context, site_url, wait_ready, query, options):
    page = open_game(new_context, site_url, wait_ready, query,
                     init_script=RECORDER + TABLE_WATCH, **options)
    play_tricks(page, 2)
    moves = page.evaluate("window.__moves")
    assert moves == [], moves[:5]
    seen = page.evaluate("window.__tableCards")
    assert seen, "no card was seen on the table"
    assert all(n == 0 for _, _, n in seen), [s for s in seen if s[2]][:5]
    assert page.evaluate("document.getAnimations().length") == 0
    assert page.locator("#motion-layer").count() == 0  # not even the layer of card backs
    no_motion_error(page)


# --- sound ----------------------------------------------------------------------------------

# Counts the AudioContexts made and the oscillators started, before the page's scripts run.
AUDIO_SPY = """
window.__audio = {contexts: 0, oscillators: 0, states: []};
(() => {
  const Base = window.AudioContext;
  if (!Base) return;
  window.AudioContext = class extends Base {
    constructor(...args) { super(...args); window.__audio.contexts += 1; }
  };
  const make = Base.prototype.createOscillator;
  Base.prototype.createOscillator = function () {
    window.__audio.oscillators += 1;
    window.__audio.states.push(this.state);
    return make.call(this);
  };
})();
"""


def audio(page) -> dict:
    return page.evaluate("window.__audio")


def test_sound_is_off_by_default_and_plays_tones_once_switched_on(
        new_context, site_url, wait_ready):
    page = open_game(new_context, site_url, wait_ready, "?seed=6&speed=instant",
                     init_script=AUDIO_SPY)
    play_tricks(page, 1)  # the player's turns came, tricks were won: in silence
    assert audio(page) == {"contexts": 0, "oscillators": 0, "states": []}

    button(page, "settings").click()
    dialog = page.locator("dialog#dialog")
    dialog.locator('input[data-setting="sound"]').check()  # a user gesture: sound may start
    dialog.locator('button[data-action="close"]').click()
    assert audio(page)["contexts"] == 1
    assert page.evaluate("window.__audio.states.length") == 0  # nothing to hear yet
    tricks_before = len(match_of(page).round.finished_tricks)
    play_tricks(page, 2)
    heard = audio(page)
    assert heard["contexts"] == 1  # one context, made once
    assert len(match_of(page).round.finished_tricks) > tricks_before, "no trick was won"
    # the player's turn (2 notes) and at least one trick won (2 or 3 notes)
    assert heard["oscillators"] >= 4, heard
    assert set(heard["states"]) == {"running"}, heard


def test_sound_switched_on_earlier_waits_for_the_player_s_first_gesture(
        new_context, site_url, wait_ready):
    context = new_context(viewport=DESKTOP)
    context.add_init_script(AUDIO_SPY)
    # (a returning player's: the guided hand's offer was answered on that earlier visit, so
    # no gesture of this one lets the cards be dealt)
    context.add_init_script(
        f"localStorage.setItem({SETTINGS_KEY!r}, JSON.stringify({{sound: true}}));"
        f"localStorage.setItem({TUTORIAL_KEY!r}, JSON.stringify({{state: 'skipped'}}))")
    page = context.new_page()
    page.goto(site_url + "?seed=6&speed=instant")
    wait_ready(page)
    first = wait_decision(page)  # the player's turn came before any gesture ...
    assert audio(page)["contexts"] == 0  # ... unheard: a context now would start suspended
    take_decision(page, first)  # the first gesture makes it; what comes next is heard
    play_tricks(page, 1)
    heard = audio(page)
    assert heard["contexts"] == 1 and heard["oscillators"] > 0, heard
    assert set(heard["states"]) == {"running"}, heard


# --- smooth: no long animation frame of the motion's doing -------------------------------------

# Long Animation Frames API (every frame of 50 ms or more, with its scripts and when its style
# and layout began), and the span of every animation the page starts: cheap, no layout read.
FRAMES = """
window.__frames = [];
window.__anims = [];
window.__hooks = [];  // [start, duration] of each call of the motion's hooks (set by the test)
(() => {
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (keyframes, options) {
    const animation = animate.call(this, keyframes, options);
    const now = performance.now();
    window.__anims.push([now, now + animation.effect.getComputedTiming().endTime]);
    return animation;
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__frames.push({
        start: e.startTime, duration: e.duration, renderStart: e.renderStart,
        styleAndLayoutStart: e.styleAndLayoutStart,
        forced: e.scripts.reduce((n, s) => n + s.forcedStyleAndLayoutDuration, 0),
        scripts: e.scripts.map((s) => `${s.invokerType} ${s.invoker} ${Math.round(s.duration)}`),
      });
    }
  }).observe({type: "long-animation-frame", buffered: true});
})();
"""

# The motion's hooks timed, inside the page (its Python): what the motion itself costs a frame.
TIME_HOOKS = """
import js
from pyodide.ffi import to_js
from ui.main import app

def timed(hook):
    def run(*args):
        start = js.performance.now()
        out = hook(*args)
        js.window.__hooks.push(to_js([start, js.performance.now() - start]))
        return out
    return run

app.motion.before = timed(app.motion.before)
app.motion.after = timed(app.motion.after)
app.motion.start_gather = timed(app.motion.start_gather)  # (gather's own work: the rest waits)
result = True
"""


def cpu_share(trace: bytes, mark_at: float, spans: list[tuple[float, float]]) -> list[float]:
    """For each [start, end] (page clock, ms): the share of the renderer main thread's wall
    time in its tasks there that was its own CPU time (1.0 where the trace cannot tell). On a
    loaded machine a frame's wall time includes waiting for a core: not the page's doing."""
    data = json.loads(trace)
    events = data["traceEvents"] if isinstance(data, dict) else data
    mark = next((e for e in events if e.get("name") == CLOCK_MARK), None)
    if mark is None:
        return [1.0] * len(spans)
    offset = mark["ts"] / 1000 - mark_at
    mains = {(e["pid"], e["tid"]) for e in events if e.get("ph") == "M"
             and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    tasks = [(e["ts"] / 1000 - offset, e["dur"] / 1000, e["tdur"] / 1000) for e in events
             if e.get("ph") == "X" and e.get("name") in TASK_EVENTS
             and (e["pid"], e["tid"]) in mains and "tdur" in e and e.get("dur", 0) > 0]
    out = []
    for lo, hi in spans:
        inside = [(d, t) for s, d, t in tasks if s < hi and s + d > lo]
        wall = sum(d for d, _ in inside)
        out.append(min(1.0, sum(t for _, t in inside) / wall) if wall > 0 else 1.0)
    return out


def test_no_long_animation_frame_of_the_motion_s_doing(
        chromium, new_context, site_url, wait_ready, run_python):
    """At normal speed, through the deal and three tricks: every long animation frame (50 ms
    or more) while cards move is broken down into what the motion costs it (its hooks, which
    read the rectangles and start the animations, and the frame's own style, layout and
    paint) and the rest (the redraw of the page, bots thinking). The motion's part, counted
    in the main thread's own CPU time (a Chromium trace), stays under 50 ms in every frame."""
    page = open_game(new_context, site_url, wait_ready, "?seed=6", init_script=FRAMES)
    assert run_python(page, TIME_HOOKS) is True
    chromium.start_tracing(page=page, categories=TRACE_CATEGORIES)
    try:
        mark_at = page.evaluate(f"performance.mark({CLOCK_MARK!r}).startTime")
        play_tricks(page, 3)
        settled(page)
        # the measure works: a frame made to last 120 ms now is recorded as a long one
        busy_from = page.evaluate("""() => new Promise((done) => requestAnimationFrame(() => {
            const t = performance.now();
            while (performance.now() - t < 120) { /* busy */ }
            done(t);
        }))""")
        page.wait_for_function(
            "(t) => window.__frames.some((f) => f.start + f.duration >= t + 119)", arg=busy_from)
    finally:  # (the browser is shared by the session's tests: never leave it tracing)
        trace = chromium.stop_tracing()
    no_motion_error(page)
    frames, anims, hooks = page.evaluate("[window.__frames, window.__anims, window.__hooks]")
    assert len(anims) > 100, f"only {len(anims)} animations: did the cards move?"
    assert hooks, "the motion's hooks were never called"

    def moving(lo, hi):
        return any(s < hi and e > lo for s, e in anims)

    judged = [f for f in frames if f["start"] >= mark_at and f["start"] + f["duration"] < busy_from
              and moving(f["start"], f["start"] + f["duration"])]
    shares = cpu_share(trace, mark_at, [(f["start"], f["start"] + f["duration"]) for f in judged])
    lines, too_long = [], []
    for f, share in zip(judged, shares, strict=True):
        end = f["start"] + f["duration"]
        in_hooks = sum(d for s, d in hooks if f["start"] <= s < end)
        rendering = end - (f["styleAndLayoutStart"] or f["renderStart"] or end)
        motion = (in_hooks + rendering) * share
        lines.append(f"  {f['duration']:.0f} ms frame at +{f['start'] - mark_at:.0f}: hooks "
                     f"{in_hooks:.0f}, style/layout/paint {rendering:.0f}, forced layout "
                     f"{f['forced']:.0f}, CPU share {share:.2f} → motion {motion:.0f} ms; "
                     f"{'; '.join(f['scripts'][:3])}")
        if motion >= 50:
            too_long.append(motion)
    print(f"\n{len(anims)} animations, {len(hooks)} hook calls "
          f"(longest {max(d for _, d in hooks):.1f} ms wall, median "
          f"{sorted(d for _, d in hooks)[len(hooks) // 2]:.1f}); "
          f"{len(judged)} long frames while cards moved:", *lines, sep="\n")
    assert not too_long, "frames the motion made long:\n" + "\n".join(lines)
