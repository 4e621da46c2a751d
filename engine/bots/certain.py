"""Follows whose trick outcome is certain from the seat's own view.

The last seat to play in a trick sees every other play, so whether its team takes the trick is
no longer a matter of chance: either no legal play of its own can change the winner, or it
can. Two such situations are clear-cut for a player:

- the opponents win the trick whatever it plays ("certainly lost"): every point it adds is a
  gift, so a play with more points than the least it could add gives points away;
- its partner wins the trick whatever it plays ("certainly won"): it may add points freely.

A seat that plays earlier can be as sure: a trick led with a big joker at its top goes to
its leader whatever anyone plays. `certain_winner` finds such tricks from the seat's memory
(the cards each later seat may still hold), and `could_beat` asks whether one seat could
take a trick at all: the hint's words about a partner still to play rest on it.

`last_seat_facts(hand, trick, trump, seat)` judges the last seat's position;
`fewest_points_follow` and `most_points_follow` give the least and most points a legal follow
can add. The hard bot keeps its search away from gifts with them, the hint explains itself
with them, and tools.bots_bench counts each tier's gifts and missed feeds with them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..cards import ALL_CARDS, Card, points_of
from ..options import Preference, build_follow, follow_options
from ..rules import TRUMP, Trump, decompose, shape_counts, trick_winner
from ..seats import same_team
from .knowledge import Memory

LOST, WON = "lost", "won"


def _least_points_key(trump: Trump) -> Preference:
    strengths = trump.strengths
    play_suits = trump.play_suits
    return lambda c: (c.points, play_suits[c.index] == TRUMP, strengths[c.index], c.index)


def _most_points_key(trump: Trump) -> Preference:
    strengths = trump.strengths
    play_suits = trump.play_suits
    return lambda c: (-c.points, play_suits[c.index] == TRUMP, strengths[c.index], c.index)


def _follow_by(hand: Sequence[Card], lead: Sequence[Card], trump: Trump,
               key: Preference) -> tuple[Card, ...]:
    """A legal follow to `lead` choosing the cards it is free to choose by `key` (lowest
    first): within the led suit the R21 shape comes first, then `key`; outside it, `key`."""
    n = len(lead)
    led = trump.play_suits[lead[0].index]
    suit_cards = [c for c in hand if trump.play_suits[c.index] == led]
    if len(suit_cards) > n:
        tp, p = shape_counts(decompose(lead, trump))
        return tuple(build_follow(suit_cards, n, tp, p, trump, key))
    others = sorted((c for c in hand if trump.play_suits[c.index] != led), key=key)
    return tuple(suit_cards + others[:n - len(suit_cards)])


def fewest_points_follow(hand: Sequence[Card], lead: Sequence[Card],
                         trump: Trump) -> tuple[Card, ...]:
    """A legal follow adding as few points as the hand allows (then side cards, then low)."""
    return _follow_by(hand, lead, trump, _least_points_key(trump))


def most_points_follow(hand: Sequence[Card], lead: Sequence[Card],
                       trump: Trump) -> tuple[Card, ...]:
    """A legal follow adding as many points as the hand allows (then side cards, then low)."""
    return _follow_by(hand, lead, trump, _most_points_key(trump))


@dataclass(frozen=True)
class LastSeatFacts:
    """The last seat's position in a trick: `outcome` is LOST (the opponents take it whatever
    it plays), WON (its partner takes it whatever it plays) or None (its play decides);
    `winner` the seat winning so far; `least`/`most` the fewest/most points it can add."""

    outcome: str | None
    winner: int
    least: int
    most: int
    least_play: tuple[Card, ...]
    most_play: tuple[Card, ...]


def last_seat_facts(hand: Sequence[Card], trick: Sequence[tuple[int, Sequence[Card]]],
                    trump: Trump, seat: int,
                    extra: Sequence[Sequence[Card]] = ()) -> LastSeatFacts | None:
    """The facts of `seat`'s follow when it is the last of the four to play, else None.

    Whether some play of its own takes the trick is judged over the engine's varied legal
    follows (the strongest in-suit selection and the ruffs among them) and `extra` plays (a
    caller's own candidates): a play that could win is found among those whenever there is
    one, as the strongest selection of each kind is in the list."""
    if len(trick) != 3:
        return None
    lead = tuple(trick[0][1])
    plays = [tuple(p) for _, p in trick]
    w = trick_winner(plays, trump)
    winner = trick[w][0]
    least_play = fewest_points_follow(hand, lead, trump)
    most_play = most_points_follow(hand, lead, trump)
    outcome: str | None
    if same_team(winner, seat):
        outcome = WON  # the partner wins, or this seat overtakes: the team's either way
    else:
        options = [tuple(o) for o in follow_options(hand, lead, trump)]
        options += [tuple(o) for o in extra]
        beats = any(trick_winner([*plays, o], trump) == 3 for o in options)
        outcome = None if beats else LOST
    return LastSeatFacts(outcome, winner, points_of(least_play), points_of(most_play), least_play,
                         most_play)


def could_beat(plays: Sequence[Sequence[Card]], trump: Trump, cards: Sequence[Card],
               voids: Iterable[str] = ()) -> bool:
    """Whether a seat still to play, which may hold any of `cards` but none of the play-suits
    in `voids`, could take the trick from `plays` (the trick so far, the lead first).

    Its follow is judged from all those cards as one hand twice: holding the led suit (the
    strongest selection in it) and void in it (a ruff) unless it showed void there already.
    That is generous (a real hand holds fewer cards), so False is certain."""
    lead = tuple(plays[0])
    led = trump.play_suits[lead[0].index]
    shown = set(voids)
    possible = [c for c in cards if trump.play_suits[c.index] not in shown]
    hands = [possible]
    if led not in shown:
        hands.append([c for c in possible if trump.play_suits[c.index] != led])
    now = [tuple(p) for p in plays]
    return any(trick_winner([*now, tuple(o)], trump) == len(now)
               for hand in hands if len(hand) >= len(lead)
               for o in follow_options(hand, lead, trump))


def certain_winner(hand: Sequence[Card], trick: Sequence[tuple[int, Sequence[Card]]],
                   trump: Trump, seat: int, mem: Memory,
                   extra: Sequence[Sequence[Card]] = ()) -> int | None:
    """The seat that takes `trick` whatever `seat` (to play next) and the seats after it play,
    as `seat` sees it (`mem`: its memory of the round), else None: no legal follow of its own
    (the engine's varied follows and `extra`) beats the play winning so far, and no seat after
    it could (`could_beat`, from the cards each may hold: unseen, or known to be its)."""
    if not trick:
        return None
    plays = [tuple(p) for _, p in trick]
    lead = plays[0]
    options = [tuple(o) for o in follow_options(hand, lead, trump)] + [tuple(o) for o in extra]
    if any(trick_winner([*plays, o], trump) == len(plays) for o in options):
        return None
    played = {s for s, _ in trick}
    if any(seat_could_beat(plays, trump, mem, later)
           for later in range(4) if later != seat and later not in played):
        return None
    return trick[trick_winner(plays, trump)][0]


def seat_could_beat(plays: Sequence[Sequence[Card]], trump: Trump, mem: Memory,
                    seat: int) -> bool:
    """`could_beat` for `seat`, still to play, as `mem`'s owner sees it: from the cards it
    may hold (unseen, or known to be its) and the suits it showed void in."""
    may_hold = [c for c in ALL_CARDS for _ in range(mem.unseen[c.index])]
    return could_beat(plays, trump, may_hold + list(mem.known[seat].elements()), mem.void[seat])


def is_gift(facts: LastSeatFacts | None, play: Sequence[Card]) -> bool:
    """Whether `play` gives points away: the trick certainly lost and more points added than
    the fewest a legal play adds."""
    return facts is not None and facts.outcome == LOST and points_of(play) > facts.least


def is_missed_feed(facts: LastSeatFacts | None, play: Sequence[Card]) -> bool:
    """Whether `play` adds fewer points than a legal play could to a trick its team certainly
    takes (for information: feeding can cost masters a player rightly keeps)."""
    return facts is not None and facts.outcome == WON and points_of(play) < facts.most
