"""What a seat knows during play, rebuilt from its `SeatView` (and kept up to date cheaply
inside the hard bot's simulations).

Card memory is a 54-slot count table `unseen`: for each distinct card, the copies this seat
cannot place (in the other three hands or in a kitty it did not bury). Every copy played,
every copy in the seat's own hand and every copy of a kitty it buried is subtracted. From the
trick history we also read the voids each seat revealed (it did not follow the led play-suit
with every card), the cards a failed throw showed (R19: they went back to the thrower's hand)
and the bid cards each seat showed (R9) that it has not played since.

Nothing here looks at anything but the view: a bot's knowledge, and so its decisions, cannot
change when the cards it does not see are reshuffled.
"""

from __future__ import annotations

from collections import Counter

from ..cards import ALL_CARDS, COPIES, Card
from ..rules import Trump
from ..seats import SEATS
from ..view import SeatView

N_CARDS = len(ALL_CARDS)


class Memory:
    """Public facts of the round so far plus what this seat alone knows.

    `played[i]`: copies of card i played in tricks; `void[s]`: play-suits seat s is known to
    lack; `known[s]`: a Counter of cards seat s is known to hold (shown bid cards not played
    since, cards of a failed throw taken back); `unseen[i]`: copies this seat cannot place.
    """

    __slots__ = ("kitty", "known", "no_pairs", "played", "seat", "unseen", "void")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.played = [0] * N_CARDS
        self.void: list[set[str]] = [set(), set(), set(), set()]
        self.no_pairs: list[set[str]] = [set(), set(), set(), set()]
        self.known: list[Counter[Card]] = [Counter(), Counter(), Counter(), Counter()]
        self.unseen = [COPIES] * N_CARDS
        self.kitty: tuple[Card, ...] | None = None


def observe_follow(mem: Memory, trump: Trump, seat: int, lead: tuple[Card, ...],
                   play: tuple[Card, ...]) -> None:
    """Record what a follow reveals: a void when it did not follow suit with every card, and
    no pair left in the suit when a pair lead was answered without one (R21)."""
    led = trump.play_suits[lead[0].index]
    in_suit = [c for c in play if trump.play_suits[c.index] == led]
    if len(in_suit) < len(play):
        mem.void[seat].add(led)
    elif len(lead) == 2 and lead[0] is lead[1] and play[0] is not play[1]:
        mem.no_pairs[seat].add(led)


def build_memory(view: SeatView, trump: Trump) -> Memory:
    """Everything `view.seat` can know about the cards, from its view only."""
    seat = view.seat
    mem = Memory(seat)
    played = mem.played
    known = mem.known
    # Bid cards shown stay in the bidder's hand (R9) until played; a seat that buried a kitty
    # may have buried them, so only seats that never buried keep this fact.
    buriers = {view.dealer, view.burier}
    for b in view.bids:
        if b.seat in buriers or b.seat == seat:
            continue
        for c, n in Counter(b.cards).items():
            if n > known[b.seat][c]:
                known[b.seat][c] = n
    for trick in view.tricks:
        plays = trick.plays
        for i, (s, cards) in enumerate(plays):
            for c in cards:
                played[c.index] += 1
                if known[s][c] > 0:
                    known[s][c] -= 1
            if i:
                observe_follow(mem, trump, s, plays[0][1], cards)
            elif trick.failed_throw is not None and s != seat:
                back = Counter(trick.failed_throw)
                back.subtract(cards)  # R19: the rest went back to the thrower's hand
                for c, n in back.items():
                    if n > known[s][c]:
                        known[s][c] = n
    unseen = mem.unseen
    for i in range(N_CARDS):
        unseen[i] -= played[i]
    for c in view.hand:
        unseen[c.index] -= 1
    if view.kitty is not None:
        mem.kitty = view.kitty
        for c in view.kitty:
            unseen[c.index] -= 1
    for i in range(N_CARDS):
        if unseen[i] < 0:  # cannot happen with a consistent view; stay safe
            unseen[i] = 0
    for s in SEATS:
        for c in sorted(known[s]):
            if known[s][c] > unseen[c.index]:
                known[s][c] = unseen[c.index]
            if known[s][c] <= 0:
                del known[s][c]
    return mem


# A 庄家 seldom buries points: the kitty one did not bury is expected to hold this share of
# the points a random draw of the unseen cards would give it.
KITTY_POINTS_SHARE = 0.5
_POINT_CARDS = tuple(c for c in ALL_CARDS if c.points)


def expected_kitty_points(unseen: list[int], kitty_size: int) -> float:
    """Points one expects in a kitty one did not bury, from one's count of unseen cards."""
    total = sum(unseen)
    if not total:
        return 0.0
    pts = sum(unseen[c.index] * c.points for c in _POINT_CARDS)
    return KITTY_POINTS_SHARE * pts * kitty_size / total
