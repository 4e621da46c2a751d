"""The score of a round as its tricks are played (R19, R22–R25), kept the same way by the
match and by the hard bot's simulated rounds.

`Match` keeps a `Tally` for the round it plays and `engine.bots.hard.World` one for each deal
it samples. Both credit a failed throw's penalty, judge and credit each trick, and score the
kitty with these methods, so that a simulated round ends as the match would end it
(tests/test_play_kernel.py plays random positions through both and compares every result).
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card, points_of, points_of_plays
from .config import RulesConfig
from .rules import Trump, Unit, trick_winner
from .seats import other_team, team_of

Plays = Sequence[tuple[int, Sequence[Card]]]  # a trick's plays in order, the lead first


def kitty_value(kitty: Sequence[Card], rules: RulesConfig) -> int:
    """R25 抠底: what the kitty adds to the attackers' score when they take the last trick."""
    return points_of(kitty) * rules.kitty_multiplier


class Tally:
    """A round's points by team: from tricks (R24), from penalties for failed throws (R19),
    and from the kitty once the attackers take the last trick (R25). Only the attackers'
    count for the result (`attackers_score`)."""

    __slots__ = ("kitty_bonus", "kitty_multiplier", "penalties", "points")

    def __init__(self, points: Sequence[int] = (0, 0), penalties: Sequence[int] = (0, 0),
                 ) -> None:
        self.points = list(points)  # by team
        self.penalties = list(penalties)  # by team: the penalties credited to it
        self.kitty_multiplier = 0  # the rules' multiplier once the attackers took the kitty
        self.kitty_bonus = 0

    def copy(self) -> Tally:
        other = Tally(self.points, self.penalties)
        other.kitty_multiplier, other.kitty_bonus = self.kitty_multiplier, self.kitty_bonus
        return other

    def attackers_score(self, attackers: int) -> int:
        """The attackers' score (R24, R25 and R19's penalties), which settles the round."""
        return self.points[attackers] + self.kitty_bonus + self.penalties[attackers]

    def throw_failed(self, thrower: int, tried: int, led: int, rules: RulesConfig) -> int:
        """R19: `thrower` tried to throw `tried` cards and `led` of them were led instead (the
        unit `rules.check_throw` forced); the other team is credited the penalty for each card
        taken back. Returns that penalty."""
        penalty = rules.throw_penalty_per_card * (tried - led)
        self.penalties[other_team(team_of(thrower))] += penalty
        return penalty

    def trick_won(self, plays: Plays, trump: Trump,
                  lead_units: Sequence[Unit] | None = None) -> tuple[int, int]:
        """R22–R24: the seat that wins a complete trick and the trick's points, credited to
        its team. `lead_units`: the lead's `classify`, when the caller has it already."""
        cards = [play for _, play in plays]
        winner = plays[trick_winner(cards, trump, lead_units)][0]
        points = points_of_plays(cards)
        self.points[team_of(winner)] += points
        return winner, points

    def last_trick_won(self, winner: int, attackers: int, kitty: Sequence[Card],
                       rules: RulesConfig) -> int:
        """R25 抠底: when the attackers take the last trick, the kitty's points count
        `rules.kitty_multiplier` times for them. Returns the multiplier applied (0: the
        declarers took it)."""
        if team_of(winner) == attackers:
            self.kitty_multiplier = rules.kitty_multiplier
            self.kitty_bonus = kitty_value(kitty, rules)
        return self.kitty_multiplier
