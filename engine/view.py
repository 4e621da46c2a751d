"""What one seat may know (DESIGN principle 3): its own hand, the public history, and the
kitty only if it buried it. Bots and the UI decide from a `SeatView` and nothing else."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .actions import check_seat
from .cards import Card
from .config import RulesConfig
from .events import RoundSettled, ThrowFailed
from .phase import Phase
from .rules import Trump
from .seats import team_of

if TYPE_CHECKING:  # engine.match imports this module
    from .match import Match, RoundState


@dataclass(frozen=True)
class BidView:
    """A bid or snatch as every seat saw it (the match keeps its bids as these too)."""

    seat: int
    cards: tuple[Card, ...]
    level_rank: str
    trump_suit: str | None
    snatch: bool = False  # a 抄底: the seat took up the kitty and buried again


@dataclass(frozen=True)
class AuctionEntry:
    """One turn of the round's auction as every seat saw it: a bid (during the deal or on the
    post-deal turn), a snatch, or a pass (`bid` None)."""

    seat: int
    phase: Phase  # DEAL, BID or SNATCH
    bid: BidView | None


@dataclass(frozen=True)
class TrickView:
    """A trick as every seat saw it: the plays in order and, once complete, the winner."""

    leader: int
    plays: tuple[tuple[int, tuple[Card, ...]], ...]
    winner: int | None
    points: int
    failed_throw: tuple[Card, ...] | None  # R19: an attempted throw, shown to all
    throw_failure: ThrowFailed | None = None  # and why it failed: who holds what beats it


@dataclass(frozen=True)
class SeatView:
    """Everything `seat` may know now (DESIGN principle 3), and nothing more."""

    seat: int
    phase: Phase
    round_no: int
    levels: tuple[str, str]  # by team
    level: str  # the round's (declaring team's) level
    first_round: bool
    dealer: int | None
    first_seat: int
    to_act: int | None
    trump: Trump | None  # decided once the bidding closes
    sort_trump: Trump | None  # trump as the standing bid would make it, to sort the hand
    bids: tuple[BidView, ...]  # every bid and snatch, in order; the last one stands
    auction: tuple[AuctionEntry, ...]  # every bid, snatch and pass, in order
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, int, int, int]
    cards_left_to_deal: int
    burier: int | None
    kitty: tuple[Card, ...] | None  # for the seat that buried it; for all once the round ends
    buried_by_me: tuple[Card, ...] | None  # what this seat buried last, even if snatched since
    kitty_taken: tuple[Card, ...] | None  # while this seat buries: the cards it took up
    tricks: tuple[TrickView, ...]  # completed tricks, then the one in progress
    points: tuple[int, int]  # trick points by team (R24)
    penalties: tuple[int, int]  # R19: failed throws' penalties credited, by team
    attackers_score: int
    kitty_bonus: int  # R25: the kitty's points × multiplier, once the attackers take it
    result: RoundSettled | None
    winner: int | None
    rules: RulesConfig

    @property
    def standing_bid(self) -> BidView | None:
        return self.bids[-1] if self.bids else None

    @property
    def current_trick(self) -> TrickView | None:
        if self.tricks and self.tricks[-1].winner is None:
            return self.tricks[-1]
        return None

    @property
    def declarers(self) -> int | None:
        return None if self.dealer is None else team_of(self.dealer)

    @property
    def team(self) -> int:
        return team_of(self.seat)

    def point_cards_won(self, team: int) -> tuple[Card, ...]:
        """The point cards (5, 10, K; R4) in the tricks `team` has won so far, in play order."""
        return tuple(c for t in self.tricks if t.winner is not None and team_of(t.winner) == team
                     for _, cards in t.plays for c in cards if c.points)


def _tricks(r: RoundState) -> tuple[TrickView, ...]:
    """The complete tricks, then the one in progress (its view is rebuilt: it grows)."""
    trick = r.current_trick
    if trick is None:
        return r.finished_tricks
    return (*r.finished_tricks,
            TrickView(trick.leader, tuple(trick.plays), None, 0, trick.failed_throw,
                      trick.throw_failure))


def seat_view(match: Match, seat: int) -> SeatView:
    """Build `seat`'s view of `match` (ArgumentError if `seat` is not one of 0–3)."""
    check_seat(seat)
    r = match.round
    hands, levels, tally = r.hands, match.levels, r.tally  # by seat, by team
    sort_trump = match.provisional_trump()
    hand = tuple(sorted(r.hands[seat], key=sort_trump.sort_key) if sort_trump
                 else sorted(r.hands[seat]))
    settled = r.result is not None
    buried = match.phase not in (Phase.DEAL, Phase.BID, Phase.BURY)
    kitty_known = settled or (r.burier == seat and buried)
    return SeatView(
        seat=seat,
        phase=match.phase,
        round_no=r.number,
        levels=(levels[0], levels[1]),
        level=r.level,
        first_round=r.first_round,
        dealer=r.dealer,
        first_seat=r.first_seat,
        to_act=match.to_act,
        trump=r.trump,
        sort_trump=sort_trump,
        bids=tuple(r.bids),
        auction=tuple(r.auction),
        hand=hand,
        hand_sizes=(len(hands[0]), len(hands[1]), len(hands[2]), len(hands[3])),
        cards_left_to_deal=4 * match.rules.hand_size - r.dealt,
        burier=r.burier,
        kitty=tuple(r.kitty) if kitty_known else None,
        buried_by_me=r.buried_by.get(seat),
        kitty_taken=r.taken if match.phase == Phase.BURY and r.burier == seat else None,
        tricks=_tricks(r),
        points=(tally.points[0], tally.points[1]),
        penalties=(tally.penalties[0], tally.penalties[1]),
        attackers_score=r.attackers_score(),
        kitty_bonus=tally.kitty_bonus,
        result=r.result,
        winner=match.winner,
        rules=match.rules,
    )
