"""Follows whose trick outcome is certain from the seat's own view.

The last seat to play in a trick sees every other play, so whether its team takes the trick is
no longer a matter of chance: either no legal play of its own can change the winner, or it
can. Two such situations are clear-cut for a player:

- the opponents win the trick whatever it plays ("certainly lost"): every point it adds is a
  gift, so a play with more points than the least it could add gives points away;
- its partner wins the trick whatever it plays ("certainly won"): it may add points freely.

`last_seat_facts(hand, trick, trump, seat)` judges the position; `fewest_points_follow` and
`most_points_follow` give the least and most points a legal follow can add. The hard bot
keeps its search away from gifts with them, the hint explains itself with them, and
tools.bots_bench counts each tier's gifts and missed feeds with them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card, points_of
from ..options import Preference, build_follow, follow_options
from ..rules import TRUMP, Trump, decompose, shape_counts, trick_winner
from ..seats import same_team

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


def is_gift(facts: LastSeatFacts | None, play: Sequence[Card]) -> bool:
    """Whether `play` gives points away: the trick certainly lost and more points added than
    the fewest a legal play adds."""
    return facts is not None and facts.outcome == LOST and points_of(play) > facts.least


def is_missed_feed(facts: LastSeatFacts | None, play: Sequence[Card]) -> bool:
    """Whether `play` adds fewer points than a legal play could to a trick its team certainly
    takes (for information: feeding can cost masters a player rightly keeps)."""
    return facts is not None and facts.outcome == WON and points_of(play) < facts.most
