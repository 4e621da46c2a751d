"""Motion from the engine's events: cards travel from their seat to the table, a won trick
gathers toward its winner, dealt cards arrive. Runs under PyScript (main thread).

The page calls `before(events, speed)` just before it redraws, `after(events, speed)` just
after, and awaits `gather(winner, speed)` when a finished trick leaves the table. What moves,
from where and for how long is decided in ui/logic/motion.py (pure, tested on CPython); here
the page's rectangles are read (all of them first), then every move is started with the Web
Animations API (`element.animate`), on `transform` and `opacity` only, which the compositor
runs off the main thread. Nothing moves at the "instant" speed or when the browser asks for
reduced motion (prefers-reduced-motion), and no move ever makes the game wait, but `gather`.

A redraw replaces the hand's and the table's elements. A move still under way then goes on
on the new element from where it was (the deal redraws every few ms); card backs flying to a
bot's seat live in a layer of their own, which no redraw touches.
"""

from __future__ import annotations

import asyncio
import functools
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, Required, TypedDict, TypeVar

import js

from engine.events import Event
from ui.logic import motion as mp
from ui.logic.render import POSITION

if TYPE_CHECKING:
    from js import Element, JsFunction, MediaQueryList

FLYERS = 24  # card backs in flight at once, at most (reused in turn)
EASE_OUT = "cubic-bezier(.2, .7, .3, 1)"
LAYER_STYLE = ("position:fixed;left:0;top:0;width:0;height:0;overflow:visible;"
               "pointer-events:none;z-index:5")
FLYER_STYLE = "position:absolute;left:0;top:0;margin:0;opacity:0"
HAND = "#hand [data-card]"
FLYER = "#motion-layer .card"
FIRST_FLYER = "#motion-layer .card:first-child"

# Python reaches the DOM through a proxy, and every call through it costs: a redraw's moves
# would take hundreds (each rectangle, each animation). So the page's rectangles are read in
# one call, for all the selectors at once, and every animation is started in one call, from
# a list of what to move (each element found by selector and index). Both return or take JSON.
_READ: JsFunction = js.Function.new("selectors", """
  const out = {};
  for (const sel of JSON.parse(selectors)) {
    out[sel] = [...document.querySelectorAll(sel)].map((el) => {
      const r = el.getBoundingClientRect();
      // where it is laid out, whatever moves it now: from its offset parent (never moved)
      const p = el.offsetParent, pr = p ? p.getBoundingClientRect() : r;
      const left = p ? pr.left + p.clientLeft + el.offsetLeft : r.left;
      const top = p ? pr.top + p.clientTop + el.offsetTop : r.top;
      return [el.getAttribute("data-card") || "", el.getAttribute("aria-selected") === "true",
              r.left, r.top, r.width, r.height, el.offsetWidth, el.offsetHeight, left, top];
    });
  }
  return JSON.stringify(out);
""")
_START: JsFunction = js.Function.new("moves", """
  const found = {};
  for (const m of JSON.parse(moves)) {
    const els = found[m.sel] || (found[m.sel] = document.querySelectorAll(m.sel));
    const el = els[m.i];
    if (!el) continue;  // (a card a redraw took away meanwhile)
    if (m.flight) {
      for (const a of el.getAnimations()) a.cancel();
      el.dataset.flight = m.flight;
    }
    const animation = el.animate(m.keyframes, m.options);
    if (m.start !== null) animation.startTime = m.start;
  }
""")


# An element as _READ saw it: [card key, selected, left, top, width, height, layout width,
# layout height, layout left, layout top] (the rectangle as drawn, transforms included, at
# [2:6]; the size as laid out, without them, at [6:8], and where, at [8:10]). Any: parsed JSON
# of those types, read by position.
Seen = list[Any]
Durations = dict[str, int]  # of each kind of move, at the speed asked (ui.logic.motion)


def _read(*selectors: str) -> dict[str, list[Seen]]:
    """For each selector, its elements in page order (see Seen)."""
    seen: dict[str, list[Seen]] = json.loads(_READ(json.dumps(selectors)))
    return seen


def _rect(item: Seen) -> mp.Rect:
    return (item[2], item[3], item[4], item[5])


def _laid_out(item: Seen) -> mp.Rect:
    """The element's rectangle as laid out: where a move of its ends."""
    return (item[8], item[9], item[6], item[7])


def _deck(seen: dict[str, list[Seen]]) -> mp.Rect:
    """Where dealt cards come from: the table, or the kitty in its place when the table is
    not shown (a phone's bidding: the deal's last cards arrive as it begins)."""
    table = _rect(seen["#table"][0])
    return table if table[2] > 0 or not seen["#kitty"] else _rect(seen["#kitty"][0])


def _layout_size(items: list[Seen]) -> tuple[float, float]:
    """The size of the first element read, as laid out (a card back in flight is scaled)."""
    return (items[0][6], items[0][7]) if items else (0.0, 0.0)


def _box(seat: int) -> str:
    return f"#seat-{POSITION[seat]}"


def _nths(keys: list[str]) -> list[int]:
    """For each card, how many copies of it come before it (to find it again by selector)."""
    seen: dict[str, int] = {}
    out = []
    for key in keys:
        out.append(seen.get(key, 0))
        seen[key] = out[-1] + 1
    return out


def _card(where: str, key: str) -> str:
    return f'{where} [data-card="{key}"]'


class Timing(TypedDict, total=False):
    """The options of `element.animate`: how long (ms), after what delay, how."""

    duration: Required[float]
    delay: float
    easing: str
    fill: str


@dataclass
class _Move:
    """A move to start on the `i`th element of `sel`; `carry`: a card that a redraw may
    replace while it moves (its move then goes on, on the card that stands for it)."""

    sel: str
    i: int
    keyframes: list[mp.Keyframe]
    options: Timing
    carry: bool = False
    flight: str = ""  # a card back in flight: what for (the deal, the kitty)
    start: float | None = None  # when it started (document timeline ms), if not now
    arrival: tuple[str, mp.Rect] | None = None  # a card arriving in the hand: its key, and
    #                                             where it comes from (`_retarget`)

    def spec(self, now: float) -> dict[str, object]:
        return {"sel": self.sel, "i": self.i, "keyframes": self.keyframes,
                "options": self.options, "flight": self.flight,
                "start": now if self.start is None else self.start}

    def end(self) -> float:
        return (self.start or 0) + self.options.get("delay", 0) + self.options["duration"]


def _arrival(key: str, nth: int, source: mp.Rect, card: Seen, options: Timing) -> _Move:
    """The `nth` copy of `key` in the hand comes from `source` (its card, as read, `card`)."""
    return _Move(_card("#hand", key), nth, mp.arrive(source, _laid_out(card), 0.6, 0.0),
                 options, True, arrival=(key, source))


def _retarget(move: _Move, hand: list[Seen]) -> _Move:
    """A card still arriving in the hand, carried over a redraw: its move starts from its
    source again, as seen from where the card now lies. (The deal redraws the hand every few
    ms and its cards move up as others arrive: kept as it was, a card's start would move
    with it, past the screen's edge for one at the end of a line.)"""
    if move.arrival is None:
        return move
    key, source = move.arrival
    copies = [item for item in hand if item[0] == key]
    if move.i >= len(copies):
        return move
    return replace(move, keyframes=mp.arrive(source, _laid_out(copies[move.i]), 0.6, 0.0))


P = ParamSpec("P")
R = TypeVar("R")


def _guarded(hook: Callable[Concatenate[Motion, P], R],
             ) -> Callable[Concatenate[Motion, P], R | None]:
    """A hook whose failure never stops the game: a motion bug is reported (on the console,
    and in `data-motion-error` on <html>, which the tests check) and the page goes on, without
    that move."""

    @functools.wraps(hook)
    def run(self: Motion, /, *args: P.args, **kwargs: P.kwargs) -> R | None:
        try:
            return hook(self, *args, **kwargs)
        except Exception as err:
            self._hand, self._running = None, []
            message = f"{hook.__name__}: {type(err).__name__}: {err}"
            js.console.error(f"motion {message}")
            js.document.documentElement.dataset.motionError = message
            return None

    return run


class Motion:
    def __init__(self) -> None:
        self._reduce: MediaQueryList | None = None  # prefers-reduced-motion, once asked
        self._hand: list[Seen] | None = None  # the hand as read before the redraw
        self._running: list[_Move] = []  # moves under way on cards a redraw replaces
        self._layer: Element | None = None
        self._next_flyer = 0

    def _durations(self, speed: str) -> dict[str, int] | None:
        if self._reduce is None:
            self._reduce = js.matchMedia(mp.REDUCE_QUERY)
        return mp.durations(speed, bool(self._reduce.matches))

    # --- the page's hooks -------------------------------------------------------------------

    @_guarded
    def before(self, events: Sequence[Event] = (), speed: str = "normal") -> None:
        """Note where the player's cards are before the page redraws, when the redraw will
        change the hand by more than a card dealt (they then glide to their new places)."""
        self._hand = None
        if self._durations(speed) is None or not mp.reads_hand(events):
            return
        self._hand = _read(HAND)[HAND]

    @_guarded
    def after(self, events: Sequence[Event], speed: str) -> None:
        """Animate what `events` did, now that the page shows their result: read every
        rectangle first (one call), then start every move (one call)."""
        d = self._durations(speed)
        hand_before, self._hand = self._hand, None
        if d is None:
            self._running = []
            return
        p = mp.plan(events)
        now = js.performance.now()
        self._running = [m for m in self._running if m.end() > now]
        if p.empty and not self._running:
            return
        if p.dealt or p.kitty_taken_by or p.kitty_buried_by:  # (seat 0 has no flights)
            self._ensure_layer()
        # read ...
        plays = [f'#table .play[data-seat="{seat}"] [data-card]' for seat, _ in p.plays]
        seen = _read(HAND, "#table", "#kitty", "#kitty .card", FIRST_FLYER, *plays,
                     *(_box(seat) for seat in range(4)))
        self._running = [_retarget(m, seen[HAND]) for m in self._running]
        moves: list[_Move] = []
        removed = self._hand_moves(p, d, hand_before, seen, moves)
        self._deal_moves(p, d, hand_before is not None, seen, moves)
        self._table_moves(p, d, removed, seen, moves)
        self._kitty_moves(p, d, seen, moves)
        # ... then write
        fresh = [replace(m, start=now) for m in moves]
        _START(json.dumps([m.spec(now) for m in self._running + fresh]))
        self._running += [m for m in fresh if m.carry]

    async def gather(self, winner: int, speed: str) -> bool:
        """A finished trick leaves the table toward `winner`'s seat: its cards go there and
        fade out (and stay out until the table is redrawn). Returns whether they moved (if
        so, the page takes the trick off the table)."""
        duration = self.start_gather(winner, speed)
        if duration is None:
            return False
        await asyncio.sleep(duration / 1000)
        return True

    @_guarded
    def start_gather(self, winner: int, speed: str) -> int | None:
        """Set the trick's cards moving toward `winner`; how long they take (ms), or None if
        nothing moves."""
        d = self._durations(speed)
        if d is None:
            return None
        seen = _read("#table .play", _box(winner), "#table .caption")
        if not seen["#table .play"]:
            return None
        target = _rect(seen[_box(winner)][0])
        options: Timing = {"duration": d["gather"], "easing": "ease-in", "fill": "forwards"}
        moves = [_Move("#table .play", i, mp.leave(_rect(item), target), options)
                 for i, item in enumerate(seen["#table .play"])]
        if seen["#table .caption"]:
            moves.append(_Move("#table .caption", 0, mp.FADE_OUT, options))
        now = js.performance.now()
        _START(json.dumps([m.spec(now) for m in moves]))
        self._running = [m for m in self._running if not m.sel.startswith("#table")]
        return d["gather"]

    # --- what is to move --------------------------------------------------------------------

    def _hand_moves(self, p: mp.Plan, d: Durations, before: list[Seen] | None,
                    seen: dict[str, list[Seen]], moves: list[_Move]) -> dict[str, list[mp.Rect]]:
        """The player's cards glide from where they were to where they are; cards new to the
        hand come from the kitty (taken up) or the table (dealt). Returns, by card, where
        the cards that left the hand were (for the table: the cards played come from there)."""
        removed: dict[str, list[mp.Rect]] = {}
        if before is None:
            return removed
        hand = seen[HAND]
        keys = [item[0] for item in hand]
        nths = _nths(keys)
        match = mp.match_hand([(item[0], item[1]) for item in before], keys)
        for i in match.removed:
            removed.setdefault(before[i][0], []).append(_rect(before[i]))
        reflow: Timing = {"duration": d["reflow"], "easing": EASE_OUT}
        for i, j in match.moved:
            keyframes = mp.glide(_rect(before[i]), _rect(hand[j]))
            if keyframes:
                moves.append(_Move(_card("#hand", keys[j]), nths[j], keyframes, reflow, True))
        if match.added:
            source = _rect(seen["#kitty"][0]) if p.kitty_taken_by == 0 else _deck(seen)
            duration = d["kitty"] if p.kitty_taken_by == 0 else d["deal"]
            step = mp.stagger_step(duration, len(match.added))
            for n, j in enumerate(match.added):
                options: Timing = {"duration": duration, "delay": n * step, "easing": EASE_OUT,
                           "fill": "backwards"}
                moves.append(_arrival(keys[j], nths[j], source, hand[j], options))
        return removed

    def _deal_moves(self, p: mp.Plan, d: Durations, hand_read: bool, seen: dict[str, list[Seen]],
                    moves: list[_Move]) -> None:
        """Cards dealt: the player's slides into the hand from the table (the deck), a card
        back flies from there to a bot's seat box; each card a little after the one before."""
        if not p.dealt:
            return
        deck = _deck(seen)
        hand = seen[HAND]
        keys = [item[0] for item in hand]
        taken: set[int] = set()
        size = _layout_size(seen[FIRST_FLYER])
        for n, (seat, key) in enumerate(p.dealt):
            delay = n * d["deal"] * mp.DEAL_STAGGER
            if seat != 0:
                self._fly(moves, "deal", mp.flight(deck, _rect(seen[_box(seat)][0]), size),
                          {"duration": d["deal"], "delay": delay, "easing": "ease-out"})
                continue
            if key is None or hand_read:  # (a hand read before: its new cards are moving)
                continue
            # the last copy of the card in the hand not yet moving (the one just dealt)
            j = next((j for j in range(len(keys) - 1, -1, -1)
                      if keys[j] == key and j not in taken), None)
            if j is None:
                continue
            taken.add(j)
            options: Timing = {"duration": d["deal"], "delay": delay, "easing": EASE_OUT,
                       "fill": "backwards"}
            moves.append(_arrival(key, keys[:j].count(key), deck, hand[j], options))

    def _table_moves(self, p: mp.Plan, d: Durations, removed: dict[str, list[mp.Rect]],
                     seen: dict[str, list[Seen]],
                     moves: list[_Move]) -> None:
        """Cards played travel to the table: the player's from where they were in the hand, a
        bot's from its seat box. Then the trick's winner is marked, a failed throw shaken."""
        for seat, _ in p.plays:
            where = f'#table .play[data-seat="{seat}"]'
            cards = seen[f"{where} [data-card]"]
            if not cards:
                continue
            keys = [item[0] for item in cards]
            nths = _nths(keys)
            box = _rect(seen[_box(seat)][0])
            step = mp.stagger_step(d["play"], len(cards))
            for n, item in enumerate(cards):
                target = _rect(item)
                sources = removed.get(keys[n]) if seat == 0 else None
                if sources:  # from its place in the hand, shrinking to its size on the table
                    source = sources.pop(0)
                    keyframes = mp.arrive(source, target, mp.scale_of(source, target))
                else:
                    keyframes = mp.arrive(box, target, 0.6, 0.3)
                options: Timing = {"duration": d["play"], "delay": n * step, "easing": EASE_OUT,
                           "fill": "backwards"}
                moves.append(_Move(_card(where, keys[n]), nths[n], keyframes, options, True))
        landed = mp.plays_end(p, d)
        if p.trick_won_by is not None:  # (no element: nothing is started)
            moves.append(_Move("#table .play.winner", 0, mp.PULSE,
                               {"duration": d["pulse"], "delay": landed, "easing": "ease-in-out"}))
        if p.throw_failed:
            moves.append(_Move("#table .caption .throw", 0, mp.SHAKE,
                               {"duration": d["shake"], "delay": landed}))

    def _kitty_moves(self, p: mp.Plan, d: Durations, seen: dict[str, list[Seen]],
                     moves: list[_Move]) -> None:
        """A bot takes up or buries the kitty: a few card backs fly between the kitty and its
        seat box. The player's buried cards settle into the kitty (the cards the player took
        up are new to the hand: see `_hand_moves`)."""
        step = mp.stagger_step(d["kitty"], mp.KITTY_FLYERS)
        size = _layout_size(seen[FIRST_FLYER])
        for seat, outward in ((p.kitty_taken_by, True), (p.kitty_buried_by, False)):
            if not seat:  # None, or the player
                continue
            kitty, box = _rect(seen["#kitty"][0]), _rect(seen[_box(seat)][0])
            source, target = (kitty, box) if outward else (box, kitty)
            for n in range(mp.KITTY_FLYERS):
                self._fly(moves, "kitty", mp.flight(source, target, size),
                          {"duration": d["kitty"], "delay": n * step, "easing": "ease-out"})
        if p.kitty_buried_by == 0:
            count = len(seen["#kitty .card"])
            step = mp.stagger_step(d["kitty"], count)
            moves += [_Move("#kitty .card", n, mp.SETTLE,
                            {"duration": d["kitty"], "delay": n * step, "easing": EASE_OUT,
                             "fill": "backwards"})
                      for n in range(count)]

    # --- card backs in flight, in a layer of their own --------------------------------------

    def _ensure_layer(self) -> None:
        if self._layer is not None and self._layer.isConnected:
            return
        layer = js.document.createElement("div")
        layer.id = "motion-layer"
        layer.setAttribute("aria-hidden", "true")
        layer.style.cssText = LAYER_STYLE
        back = f'<span class="card back small" style="{FLYER_STYLE}"></span>'
        layer.innerHTML = back * FLYERS
        js.document.body.appendChild(layer)
        self._layer = layer

    def _fly(self, moves: list[_Move], why: str, keyframes: list[mp.Keyframe],
             options: Timing) -> None:
        """A card back flies (the next one in turn: its flight before, if any, is cut)."""
        moves.append(_Move(FLYER, self._next_flyer, keyframes, options, flight=why))
        self._next_flyer = (self._next_flyer + 1) % FLYERS
