"""A swipe across the table steps through a review (issue 12), as ← and → do: to the left for
the next step, to the right for the one before. ui.page.controls follows the pointer (a finger, a
pen or a mouse drag); the review's board lets the browser keep vertical scrolling only
(`touch-action: pan-y`, index.html), so a sideways finger reaches the page. DOM-free."""

from __future__ import annotations

# How far a pointer must travel sideways (px), and how much more sideways than up or down, for
# a press to be a swipe and not a tap or a scroll.
SWIPE_MIN_PX = 48
SWIPE_SLOPE = 1.5


def swipe_step(dx: float, dy: float) -> int:
    """The review step a pointer moved by (dx, dy) asks for: +1 (next: swiped to the left), -1
    (previous: to the right) or 0 (a tap, a scroll, a diagonal)."""
    if abs(dx) < SWIPE_MIN_PX or abs(dx) < SWIPE_SLOPE * abs(dy):
        return 0
    return 1 if dx < 0 else -1
