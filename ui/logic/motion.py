"""What moves, from where and for how long: the pure part of the page's motion (ui.page.motion).

No DOM here: the durations by speed, what a step's events set in motion, how the player's hand
before a redraw maps onto the hand after it, and the keyframes of each kind of move, given
rectangles the page has read. So it is tested on CPython.

Everything animates `transform` and `opacity` only (the compositor runs those off the main
thread). Rectangles are (left, top, width, height) in CSS px of the viewport.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from engine.events import (
    BidMade,
    CardDealt,
    CardsPlayed,
    Event,
    KittyBuried,
    KittyTaken,
    ThrowFailed,
    TrickWon,
    TrumpDecided,
)

Rect = tuple[float, float, float, float]  # left, top, width, height (CSS px, viewport)
Keyframe = dict[str, str | float]  # one keyframe of the Web Animations API

# Duration (ms) of each kind of move, by speed. "instant" (and prefers-reduced-motion) has
# none: nothing moves. A move never outlasts the pause that follows its step (ui/logic/pacing.py),
# so it never delays the game and the next redraw never cuts it short; the deal is the
# exception (a redraw every few ms), and its moves are carried across redraws.
DURATIONS = {
    "slow": {"play": 400, "gather": 340, "deal": 320, "reflow": 300, "kitty": 340,
             "pulse": 360, "shake": 420},
    "normal": {"play": 280, "gather": 240, "deal": 220, "reflow": 200, "kitty": 200,
               "pulse": 260, "shake": 320},
    "fast": {"play": 130, "gather": 140, "deal": 140, "reflow": 110, "kitty": 80,
             "pulse": 160, "shake": 200},
}
STAGGER = 0.3  # the cards of one move set off one after another, over this share of it
DEAL_STAGGER = 0.25  # cards dealt in one redraw: each this share of a deal later
KITTY_FLYERS = 4  # card backs that show a bot taking up or burying the kitty
REDUCE_QUERY = "(prefers-reduced-motion: reduce)"


def durations(speed: str, reduced_motion: bool = False) -> dict[str, int] | None:
    """The durations at `speed`, or None when nothing is to move (instant, reduced motion)."""
    if reduced_motion:
        return None
    return DURATIONS.get(speed)


def stagger_step(duration: float, count: int) -> float:
    """The delay between two of `count` cards that set off together."""
    return duration * STAGGER / (count - 1) if count > 1 else 0.0


# --- what a step's events set in motion --------------------------------------------------------

@dataclass
class Plan:
    """The moves that a step's events ask for (seats as the engine numbers them, 0 = player)."""

    plays: list[tuple[int, tuple[str, ...]]] = field(default_factory=list)  # seat, cards
    dealt: list[tuple[int, str | None]] = field(default_factory=list)  # seat, card (if seen)
    kitty_taken_by: int | None = None
    kitty_buried_by: int | None = None
    throw_failed: bool = False
    trick_won_by: int | None = None
    reflow_hand: bool = False  # the player's hand changes other than by a card dealt

    @property
    def empty(self) -> bool:
        return not (self.plays or self.dealt
                    or self.kitty_taken_by is not None or self.kitty_buried_by is not None
                    or self.throw_failed or self.trick_won_by is not None or self.reflow_hand)


# Events after which the player's hand may show other cards, or in another order: the hand is
# read before the redraw, and its cards glide to their new places after it.
_REFLOW = (BidMade, TrumpDecided)  # a new trump (to be) re-sorts the hand
_REFLOW_MINE = (CardsPlayed, KittyTaken, KittyBuried, ThrowFailed)


def reads_hand(events: Iterable[Event]) -> bool:
    """Whether the hand must be read before the redraw (the player's hand will change by more
    than a card dealt). Cards dealt alone need nothing read first: a redraw then costs no
    layout before it."""
    return any(isinstance(e, _REFLOW) or (isinstance(e, _REFLOW_MINE) and e.seat == 0)
               for e in events)


def plan(events: Sequence[Event]) -> Plan:
    p = Plan()
    for e in events:
        if isinstance(e, CardDealt):
            p.dealt.append((e.seat, None if e.card is None else str(e.card)))
        elif isinstance(e, CardsPlayed):
            p.plays.append((e.seat, tuple(str(c) for c in e.cards)))
        elif isinstance(e, KittyTaken):
            p.kitty_taken_by = e.seat
        elif isinstance(e, KittyBuried):
            p.kitty_buried_by = e.seat
        elif isinstance(e, ThrowFailed):
            p.throw_failed = True
        elif isinstance(e, TrickWon):
            p.trick_won_by = e.seat
    p.reflow_hand = reads_hand(events)
    return p


def plays_end(p: Plan, d: dict[str, int]) -> float:
    """When (ms) the last card played in `p` lands (the cards of a play set off staggered)."""
    return max((d["play"] * (1 + STAGGER) if len(cards) > 1 else d["play"]
                for _, cards in p.plays), default=0.0)


def motion_ms(events: Sequence[Event], speed: str) -> float:
    """How long what `events` set in motion lasts (ms) after the redraw: the deal's cards
    aside, this fits in the pause that follows the step (tests/test_motion.py)."""
    d = durations(speed)
    if d is None:
        return 0.0
    p = plan(events)
    ends = [plays_end(p, d)]
    if p.trick_won_by is not None:
        ends.append(plays_end(p, d) + d["pulse"])
    if p.reflow_hand:
        ends.append(d["reflow"])
    if p.kitty_taken_by is not None or p.kitty_buried_by is not None:
        ends.append(d["kitty"] * (1 + STAGGER))
    if p.throw_failed:
        ends.append(plays_end(p, d) + d["shake"])
    return max(ends)


# --- the player's hand before and after a redraw ------------------------------------------------

@dataclass
class HandMatch:
    """The same cards in the player's hand before and after a redraw, and what changed."""

    moved: list[tuple[int, int]]  # (index before, index after): the same card, maybe elsewhere
    removed: list[int]  # indexes before: cards that left the hand (played, buried)
    added: list[int]  # indexes after: cards that came (dealt, taken up from the kitty)


def match_hand(before: list[tuple[str, bool]], after: list[str]) -> HandMatch:
    """Map the hand before a redraw, [(card, selected)] in page order, onto the cards after it.
    A hand may hold three copies of a card (three decks): the copies keep their order, and
    where fewer copies remain, the selected ones (those just played) are the ones that left."""
    by_key: dict[str, list[int]] = {}
    for i, (key, _) in enumerate(before):
        by_key.setdefault(key, []).append(i)
    after_by_key: dict[str, list[int]] = {}
    for j, key in enumerate(after):
        after_by_key.setdefault(key, []).append(j)
    moved: list[tuple[int, int]] = []
    removed: list[int] = []
    added: list[int] = []
    for key, olds in by_key.items():
        news = after_by_key.get(key, [])
        gone = len(olds) - len(news)
        if gone > 0:  # the selected copies left first, then the last ones
            ranked = sorted(olds, key=lambda i: (not before[i][1], -i))
            leaving = set(ranked[:gone])
            removed += sorted(leaving)
            olds = [i for i in olds if i not in leaving]
        moved += zip(olds, news, strict=False)
        added += news[len(olds):]
    for key, news in after_by_key.items():
        if key not in by_key:
            added += news
    return HandMatch(sorted(moved), sorted(removed), sorted(added))


# --- keyframes ----------------------------------------------------------------------------------

def centre(rect: Rect) -> tuple[float, float]:
    x, y, w, h = rect
    return x + w / 2, y + h / 2


def _px(v: float) -> str:
    return f"{v:.1f}px"


def translate(dx: float, dy: float, scale: float = 1.0) -> str:
    move = f"translate({_px(dx)}, {_px(dy)})"
    return move if abs(scale - 1) < 1e-3 else f"{move} scale({scale:.3f})"


def arrive(source: Rect, target: Rect, scale: float = 1.0,
           fade_from: float = 1.0) -> list[Keyframe]:
    """A card now at `target` comes from the centre of `source` (rects): it starts there,
    `scale` times its size, at opacity `fade_from`, and ends in its place."""
    (sx, sy), (tx, ty) = centre(source), centre(target)
    start: Keyframe = {"transform": translate(sx - tx, sy - ty, scale)}
    if fade_from < 1:
        start["opacity"] = fade_from
    end: Keyframe = {"transform": "none"}
    if fade_from < 1:
        end["opacity"] = 1
    return [start, end]


def scale_of(source: Rect, target: Rect) -> float:
    """How much bigger the source card is than the target's (a card from the hand, bigger than
    on the table, shrinks on its way), within reason."""
    sw, tw = source[2], target[2]
    return max(0.4, min(2.5, sw / tw)) if sw > 0 and tw > 0 else 1.0


def glide(before: Rect, after: Rect) -> list[Keyframe] | None:
    """FLIP: a card that was at `before` is now at `after`; None if it has not moved."""
    dx, dy = before[0] - after[0], before[1] - after[1]
    if abs(dx) < 0.5 and abs(dy) < 0.5:
        return None
    return [{"transform": translate(dx, dy)}, {"transform": "none"}]


def leave(source: Rect, target: Rect, scale: float = 0.4) -> list[Keyframe]:
    """Something at `source` goes to the centre of `target` and fades out on the way."""
    (sx, sy), (tx, ty) = centre(source), centre(target)
    return [{"transform": "none", "opacity": 1},
            {"transform": translate(tx - sx, ty - sy, scale), "opacity": 0}]


def flight(source: Rect, target: Rect, size: tuple[float, float],
           end_scale: float = 0.6) -> list[Keyframe]:
    """A card back (of `size`, placed at the viewport's top left) flies from the centre of
    `source` to the centre of `target`: it shows, travels, and fades out as it arrives."""
    w, h = size
    (sx, sy), (tx, ty) = centre(source), centre(target)
    return [{"transform": translate(sx - w / 2, sy - h / 2, 0.9), "opacity": 0, "offset": 0},
            {"opacity": 1, "offset": 0.15},
            {"opacity": 1, "offset": 0.75},
            {"transform": translate(tx - w / 2, ty - h / 2, end_scale), "opacity": 0,
             "offset": 1}]


PULSE: list[Keyframe] = [{"transform": "none"}, {"transform": "scale(1.07)", "offset": 0.4},
         {"transform": "none"}]
SHAKE: list[Keyframe] = [{"transform": "none"}, {"transform": "translateX(-0.4em)"},
         {"transform": "translateX(0.4em)"}, {"transform": "translateX(-0.25em)"},
         {"transform": "translateX(0.25em)"}, {"transform": "none"}]
FADE_OUT: list[Keyframe] = [{"opacity": 1}, {"opacity": 0}]
SETTLE: list[Keyframe] = [{"transform": "scale(0.8)", "opacity": 0.3},
                          {"transform": "none", "opacity": 1}]
