"""Motion from the engine's events: cards travel from their seat to the table, a won trick
gathers toward its winner, dealt cards arrive. Runs under PyScript (main thread).

The page calls `before(events, speed)` just before it redraws, `after(events, speed)` just
after, and awaits `gather(winner, speed)` when a finished trick leaves the table. What moves,
from where and for how long is decided in ui/motion_plan.py (pure, tested on CPython); here
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
from dataclasses import dataclass

import js
from pyodide.ffi import to_js

from . import motion_plan as mp
from .render import POSITION

FLYERS = 24  # card backs in flight at once, at most (reused in turn)
EASE_OUT = "cubic-bezier(.2, .7, .3, 1)"
LAYER_STYLE = ("position:fixed;left:0;top:0;width:0;height:0;overflow:visible;"
               "pointer-events:none;z-index:5")
FLYER_STYLE = "position:absolute;left:0;top:0;margin:0;opacity:0"


def _js(value):
    return to_js(value, dict_converter=js.Object.fromEntries)


def _rect(el) -> tuple[float, float, float, float]:
    r = el.getBoundingClientRect()
    return (r.left, r.top, r.width, r.height)


def _seat_box(seat: int):
    return js.document.getElementById(f"seat-{POSITION[seat]}")


def _nths(keys: list[str]) -> list[int]:
    """For each card, how many copies of it come before it (to find it again by selector)."""
    seen: dict[str, int] = {}
    out = []
    for key in keys:
        out.append(seen.get(key, 0))
        seen[key] = out[-1] + 1
    return out


@dataclass
class _Move:
    """A move to start on `element`; `where` and `nth` find the card again after a redraw
    (`where [data-card="key"]`, the nth of them), or `where` is None (nothing redraws it
    while it moves)."""

    element: object
    keyframes: list
    options: dict
    where: str | None = None
    key: str = ""
    nth: int = 0


@dataclass
class _Running:
    """A move under way on a card that a redraw may replace."""

    where: str
    key: str
    nth: int
    keyframes: object  # JS objects, reused as they are
    options: object
    start: float  # document timeline (= performance.now()) ms
    end: float


def _guarded(hook):
    """A hook whose failure never stops the game: a motion bug is reported (on the console,
    and in `data-motion-error` on <html>, which the tests check) and the page goes on, without
    that move."""

    @functools.wraps(hook)
    def run(self, *args):
        try:
            return hook(self, *args)
        except Exception as err:
            self._hand, self._running = None, []
            message = f"{hook.__name__}: {type(err).__name__}: {err}"
            js.console.error(f"motion {message}")
            js.document.documentElement.dataset.motionError = message
            return None

    return run


class Motion:
    def __init__(self) -> None:
        self._reduce = None  # the prefers-reduced-motion media query, once asked
        self._hand: list[tuple[str, bool, tuple]] | None = None  # read before the redraw
        self._running: list[_Running] = []
        self._layer = None
        self._flyers: list[list] = []  # [element, its animation or None]
        self._next_flyer = 0

    def _durations(self, speed: str) -> dict[str, int] | None:
        if self._reduce is None:
            self._reduce = js.matchMedia(mp.REDUCE_QUERY)
        return mp.durations(speed, bool(self._reduce.matches))

    # --- the page's hooks -------------------------------------------------------------------

    @_guarded
    def before(self, events=(), speed: str = "normal") -> None:
        """Note where the player's cards are before the page redraws, when the redraw will
        change the hand by more than a card dealt (they then glide to their new places)."""
        self._hand = None
        if self._durations(speed) is None or not mp.reads_hand(events):
            return
        self._hand = [(el.getAttribute("data-card"), el.getAttribute("aria-selected") == "true",
                       _rect(el)) for el in js.document.querySelectorAll("#hand [data-card]")]

    @_guarded
    def after(self, events, speed: str) -> None:
        """Animate what `events` did, now that the page shows their result: read every
        rectangle first, then start every move (no layout between two writes)."""
        d = self._durations(speed)
        hand_before, self._hand = self._hand, None
        if d is None:
            self._running = []
            return
        p = mp.plan(events)
        now = js.performance.now()
        if p.empty and not self._running:
            return
        if p.dealt or p.kitty_taken_by or p.kitty_buried_by:  # (seat 0 has no flights)
            self._ensure_layer()
        # read ...
        carried = self._find_running(now)
        moves: list[_Move] = []
        flights: list[tuple[str, tuple, tuple, float, float]] = []  # why, from, to, delay, ms
        removed = self._hand_moves(p, d, hand_before, moves)
        self._deal_moves(p, d, hand_before is not None, moves, flights)
        self._table_moves(p, d, removed, moves)
        self._kitty_moves(p, d, moves, flights)
        size = self._flyer_size() if flights else (0, 0)
        # ... then write
        running = []
        for el, rec in carried:
            el.animate(rec.keyframes, rec.options).startTime = rec.start
            running.append(rec)
        for m in moves:
            keyframes, options = _js(m.keyframes), _js(m.options)
            el = m.element
            el.animate(keyframes, options).startTime = now
            if m.where is not None:
                end = now + m.options.get("delay", 0) + m.options["duration"]
                running.append(_Running(m.where, m.key, m.nth, keyframes, options, now, end))
        for why, source, target, delay, duration in flights:
            self._fly(why, mp.flight(source, target, size), delay, duration)
        self._running = running

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
        plays = list(js.document.querySelectorAll("#table .play")) if d else []
        if not plays:
            return None
        target = _rect(_seat_box(winner))
        rects = [_rect(el) for el in plays]
        caption = js.document.querySelector("#table .caption")
        options = _js({"duration": d["gather"], "easing": "ease-in", "fill": "forwards"})
        for el, rect in zip(plays, rects, strict=True):
            el.animate(_js(mp.leave(rect, target)), options)
        if caption:
            caption.animate(_js(mp.FADE_OUT), options)
        self._running = [r for r in self._running if not r.where.startswith("#table")]
        return d["gather"]

    # --- reading what is to move ------------------------------------------------------------

    def _find_running(self, now: float) -> list:
        """The moves still under way, each with the card that now stands for its card."""
        found = []
        for rec in self._running:
            if rec.end <= now:
                continue
            cards = js.document.querySelectorAll(f'{rec.where} [data-card="{rec.key}"]')
            if rec.nth < cards.length:
                found.append((cards.item(rec.nth), rec))
        return found

    def _hand_moves(self, p: mp.Plan, d: dict, before, moves: list[_Move]) -> dict:
        """The player's cards glide from where they were to where they are; cards new to the
        hand come from the kitty (taken up) or the table (dealt). Returns, by card, where
        the cards that left the hand were (for the table: the cards played come from there)."""
        removed: dict[str, list[tuple]] = {}
        if before is None:
            return removed
        doc = js.document
        els = list(doc.querySelectorAll("#hand [data-card]"))
        keys = [el.getAttribute("data-card") for el in els]
        nths = _nths(keys)
        match = mp.match_hand([(k, sel) for k, sel, _ in before], keys)
        for i in match.removed:
            removed.setdefault(before[i][0], []).append(before[i][2])
        reflow = {"duration": d["reflow"], "easing": EASE_OUT}
        for i, j in match.moved:
            keyframes = mp.glide(before[i][2], _rect(els[j]))
            if keyframes:
                moves.append(_Move(els[j], keyframes, reflow, "#hand", keys[j], nths[j]))
        if match.added:
            source = _rect(doc.getElementById("kitty" if p.kitty_taken_by == 0 else "table"))
            duration = d["kitty"] if p.kitty_taken_by == 0 else d["deal"]
            step = mp.stagger_step(duration, len(match.added))
            for n, j in enumerate(match.added):
                options = {"duration": duration, "delay": n * step, "easing": EASE_OUT,
                           "fill": "backwards"}
                moves.append(_Move(els[j], mp.arrive(source, _rect(els[j]), 0.6, 0.0), options,
                                   "#hand", keys[j], nths[j]))
        return removed

    def _deal_moves(self, p: mp.Plan, d: dict, hand_read: bool, moves: list[_Move],
                    flights: list) -> None:
        """Cards dealt: the player's slides into the hand from the table (the deck), a card
        back flies from there to a bot's seat box; each card a little after the one before."""
        if not p.dealt:
            return
        doc = js.document
        deck = _rect(doc.getElementById("table"))
        taken: set[tuple[str, int]] = set()
        for n, (seat, key) in enumerate(p.dealt):
            delay = n * d["deal"] * mp.DEAL_STAGGER
            if seat != 0:
                flights.append(("deal", deck, _rect(_seat_box(seat)), delay, d["deal"]))
                continue
            if key is None or hand_read:  # (a hand read before: its new cards are moving)
                continue
            cards = doc.querySelectorAll(f'#hand [data-card="{key}"]')
            nth = next((k for k in range(cards.length - 1, -1, -1) if (key, k) not in taken),
                       None)
            if nth is None:
                continue
            taken.add((key, nth))
            el = cards.item(nth)
            options = {"duration": d["deal"], "delay": delay, "easing": EASE_OUT,
                       "fill": "backwards"}
            moves.append(_Move(el, mp.arrive(deck, _rect(el), 0.6, 0.0), options, "#hand",
                               key, nth))

    def _table_moves(self, p: mp.Plan, d: dict, removed: dict, moves: list[_Move]) -> None:
        """Cards played travel to the table: the player's from where they were in the hand, a
        bot's from its seat box. Then the trick's winner is marked, a failed throw shaken."""
        doc = js.document
        for seat, _ in p.plays:
            where = f'#table .play[data-seat="{seat}"]'
            els = list(doc.querySelectorAll(f"{where} [data-card]"))
            if not els:
                continue
            keys = [el.getAttribute("data-card") for el in els]
            nths = _nths(keys)
            box = _rect(_seat_box(seat))
            step = mp.stagger_step(d["play"], len(els))
            for n, el in enumerate(els):
                target = _rect(el)
                sources = removed.get(keys[n]) if seat == 0 else None
                if sources:  # from its place in the hand, shrinking to its size on the table
                    source = sources.pop(0)
                    keyframes = mp.arrive(source, target, mp.scale_of(source, target))
                else:
                    keyframes = mp.arrive(box, target, 0.6, 0.3)
                options = {"duration": d["play"], "delay": n * step, "easing": EASE_OUT,
                           "fill": "backwards"}
                moves.append(_Move(el, keyframes, options, where, keys[n], nths[n]))
        landed = mp.plays_end(p, d)
        if p.trick_won_by is not None:
            winner = doc.querySelector("#table .play.winner")
            if winner:
                moves.append(_Move(winner, mp.PULSE, {"duration": d["pulse"], "delay": landed,
                                                      "easing": "ease-in-out"}))
        if p.throw_failed:
            caption = doc.querySelector("#table .caption .throw")
            if caption:
                moves.append(_Move(caption, mp.SHAKE, {"duration": d["shake"], "delay": landed}))

    def _kitty_moves(self, p: mp.Plan, d: dict, moves: list[_Move], flights: list) -> None:
        """A bot takes up or buries the kitty: a few card backs fly between the kitty and its
        seat box. The player's buried cards settle into the kitty (the cards the player took
        up are new to the hand: see `_hand_moves`)."""
        doc = js.document
        step = mp.stagger_step(d["kitty"], mp.KITTY_FLYERS)
        for seat, outward in ((p.kitty_taken_by, True), (p.kitty_buried_by, False)):
            if not seat:  # None, or the player
                continue
            kitty, box = _rect(doc.getElementById("kitty")), _rect(_seat_box(seat))
            source, target = (kitty, box) if outward else (box, kitty)
            flights += [("kitty", source, target, n * step, d["kitty"])
                        for n in range(mp.KITTY_FLYERS)]
        if p.kitty_buried_by == 0:
            els = list(doc.querySelectorAll("#kitty .card"))
            step = mp.stagger_step(d["kitty"], len(els))
            moves += [_Move(el, mp.SETTLE, {"duration": d["kitty"], "delay": n * step,
                                            "easing": EASE_OUT, "fill": "backwards"})
                      for n, el in enumerate(els)]

    # --- card backs in flight, in a layer of their own --------------------------------------

    def _ensure_layer(self) -> None:
        if self._layer is not None and self._layer.isConnected:
            return
        doc = js.document
        layer = doc.createElement("div")
        layer.id = "motion-layer"
        layer.setAttribute("aria-hidden", "true")
        layer.style.cssText = LAYER_STYLE
        self._flyers = []
        for _ in range(FLYERS):
            back = doc.createElement("span")
            back.className = "card back small"
            back.style.cssText = FLYER_STYLE
            layer.appendChild(back)
            self._flyers.append([back, None])
        doc.body.appendChild(layer)
        self._layer = layer

    def _flyer_size(self) -> tuple[float, float]:
        """A card back's size as the page's style has it now (it depends on the viewport)."""
        back = self._flyers[0][0]
        return (back.offsetWidth, back.offsetHeight)

    def _fly(self, why: str, keyframes: list, delay: float, duration: float) -> None:
        slot = self._flyers[self._next_flyer]
        self._next_flyer = (self._next_flyer + 1) % len(self._flyers)
        if slot[1] is not None:
            slot[1].cancel()
        slot[0].dataset.flight = why  # (a write: no layout)
        slot[1] = slot[0].animate(_js(keyframes), _js({"duration": duration, "delay": delay,
                                                       "easing": "ease-out"}))
