"""R2: the four seats and the two teams, written once.

Seats are 0 (south, the page's player), 1 (east), 2 (north) and 3 (west); play and deal go
counter-clockwise, 0 → 1 → 2 → 3 → 0, so a seat's 下家 is the next number. Partners (对家) sit
opposite: seats 0 and 2 are team 0, seats 1 and 3 team 1.

The functions are the definitions; `OTHERS` and `OPPONENTS` are their values for every seat,
looked up by the bots' simulations, which ask them for every card played.
"""

from __future__ import annotations

SEATS = (0, 1, 2, 3)


def team_of(seat: int) -> int:
    """The team of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3."""
    return seat % 2


def other_team(team: int) -> int:
    return 1 - team


def same_team(seat: int, other: int) -> bool:
    """Whether two seats are partners (or the same seat)."""
    return team_of(seat) == team_of(other)


def seat_after(seat: int, steps: int) -> int:
    """The seat `steps` places after `seat` in the order of play (the k-th play of a trick
    led by `seat` is `seat_after(seat, k)`)."""
    return (seat + steps) % 4


def next_seat(seat: int) -> int:
    """A seat's 下家: the next to play or be dealt to."""
    return (seat + 1) % 4


def partner_of(seat: int) -> int:
    return (seat + 2) % 4


def opponents_of(seat: int) -> tuple[int, int]:
    """The two seats of the other team, the next to play first."""
    return (seat + 1) % 4, (seat + 3) % 4


def others_after(seat: int) -> tuple[int, int, int]:
    """The three other seats, in the order they play after `seat`."""
    return (seat + 1) % 4, (seat + 2) % 4, (seat + 3) % 4


def attackers_of(dealer: int) -> int:
    """The attacking team (闲家): the team that does not hold the deal."""
    return other_team(team_of(dealer))


OTHERS = tuple(others_after(seat) for seat in SEATS)
OPPONENTS = tuple(opponents_of(seat) for seat in SEATS)
