"""A sideways swipe steps through a review (ui/logic/swipe.py): which moves count, and which way."""

import pytest

from ui.logic.swipe import SWIPE_MIN_PX, swipe_step


@pytest.mark.parametrize("dx, dy, step", [
    (-120, 10, 1),   # to the left: the next step
    (120, -10, -1),  # to the right: the step before
    (-SWIPE_MIN_PX, 0, 1),  # just far enough
    (-(SWIPE_MIN_PX - 1), 0, 0),  # a tap that slid a little
    (0, 0, 0),  # a tap
    (30, 200, 0),  # a scroll
    (-90, -80, 0),  # a diagonal: neither
    (-150, 99, 1),  # sideways enough
])
def test_a_swipe_is_far_and_sideways_enough(dx, dy, step):
    assert swipe_step(dx, dy) == step
