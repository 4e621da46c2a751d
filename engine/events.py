"""What happened: the records a match returns from every action, for a UI to animate.

An event with `private_to` set carries cards only that seat may see (its dealt card, the kitty
it picked up or buried); `for_seat()` hides them from everybody else.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace

from .bidding import Overcall
from .cards import Card, format_cards
from .phase import Phase
from .scoring import Band
from .seats import attackers_of, team_of


@dataclass(frozen=True)
class Event:
    """Base of every event; `kind` is the class name."""

    @property
    def kind(self) -> str:
        return type(self).__name__

    def for_seat(self, seat: int) -> Event:
        """This event as `seat` may see it: private cards of other seats are blanked."""
        private_to = getattr(self, "private_to", None)
        if private_to is None or private_to == seat:
            return self
        hidden = {f.name: None for f in fields(self) if f.name in ("card", "cards")}
        return replace(self, **hidden)

    def to_dict(self) -> dict[str, object]:
        """Plain data (cards in R3 notation) for logs and JavaScript."""
        out: dict[str, object] = {"kind": self.kind}
        for key, value in asdict(self).items():
            out[key] = _plain(value)
        return out


def _plain(value: object) -> object:
    """A field as plain data: cards in R3 notation, inside a nested record too (BidMade.why)."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple) and value and isinstance(value[0], Card):
        return format_cards(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


@dataclass(frozen=True)
class RoundStarted(Event):
    """A round begins (R8): its level, 庄家 (if known yet), and first seat to be dealt."""

    round_no: int
    level: str
    dealer: int | None  # None in the first round until the bidding decides (R10)
    first_seat: int
    levels: tuple[str, str]


@dataclass(frozen=True)
class CardDealt(Event):
    """One card dealt to `seat` (R9); the card is private to that seat."""

    seat: int
    card: Card | None
    left: int  # cards still to deal
    private_to: int | None = None


@dataclass(frozen=True)
class BidMade(Event):
    """A bid (亮/反, R9-R11) or a 抄底 snatch (R15), shown to everyone."""

    seat: int
    cards: tuple[Card, ...]
    trump_suit: str | None
    level_rank: str | None
    snatch: bool = False
    overcall: bool = False  # 反主: it beat a standing bid (a snatch does, unless none stood:
    #                          R12, nobody bid)
    why: Overcall | None = None  # how it beat the standing bid, by the bid order (R9/R10/R13)
    beaten_seat: int | None = None  # whose bid it beat
    dealer: int | None = None  # a snatch: the 庄家, whom a snatch never changes (R15)


@dataclass(frozen=True)
class Passed(Event):
    """`seat` declined to bid or to snatch in `phase`."""

    seat: int
    phase: Phase


@dataclass(frozen=True)
class PhaseChanged(Event):
    """The round moved to `phase`; `to_act` is the seat to act, if one."""

    phase: Phase
    to_act: int | None


@dataclass(frozen=True)
class TrumpDecided(Event):
    """The bidding closed (R11/R12/R13): who is 庄家 and what is trump."""

    dealer: int
    level_rank: str
    trump_suit: str | None
    by_kitty: bool  # nobody bid; a kitty card decided (R12/R13)
    kitty_card: Card | None = None  # that card, shown to everyone


@dataclass(frozen=True)
class KittyTaken(Event):
    """`seat` took up the kitty (R14/R15); the cards are private to it."""

    seat: int
    cards: tuple[Card, ...] | None
    private_to: int | None = None


@dataclass(frozen=True)
class KittyBuried(Event):
    """`seat` buried the new kitty (R14/R15); the cards are private to it."""

    seat: int
    cards: tuple[Card, ...] | None
    private_to: int | None = None


@dataclass(frozen=True)
class CardsPlayed(Event):
    """`seat` led or followed in trick `trick_no` (R18-R21)."""

    seat: int
    cards: tuple[Card, ...]
    trick_no: int
    lead: bool


@dataclass(frozen=True)
class ThrowFailed(Event):
    """R19: the attempted throw is shown to everyone; only `forced` is led. `blocker` is the
    first seat after the thrower who holds something that beats it (what made it fail)."""

    seat: int
    attempted: tuple[Card, ...]
    forced: tuple[Card, ...]
    penalty: int
    blocker: int
    forced_kind: str  # "single" | "pair" | "tractor" (R16)


@dataclass(frozen=True)
class TrickWon(Event):
    """`seat` won trick `trick_no` (R22/R23) and its points (R24)."""

    seat: int
    trick_no: int
    points: int
    attackers_points: int


@dataclass(frozen=True)
class KittyScored(Event):
    """R25 抠底: the attackers won the last trick; the kitty's points count multiplied."""

    cards: tuple[Card, ...]
    points: int
    multiplier: int


@dataclass(frozen=True)
class RoundSettled(Event):
    """The round's result (R24–R28) with its whole breakdown, so that nobody re-derives it:
    the attackers' score and where it came from, the band, who rises and by how much, the
    next 庄家."""

    score: int  # the attackers' final score: trick points + kitty + penalties
    declarers_keep: bool
    rising_team: int
    rise: int
    levels: tuple[str, str]  # by team, after the rise
    levels_before: tuple[str, str]  # by team, as the round was played (before the rise)
    next_dealer: int
    round_no: int
    dealer: int  # this round's 庄家
    level: str  # this round's level (the declarers')
    trump_rank: str  # the trump of the round (R13: the rank named at a joker level)
    trump_suit: str | None
    trick_points: int  # the attackers' points from tricks (R24)
    kitty_points: int  # the points in the final kitty (R25), captured or not
    kitty_multiplier: int  # R25 抠底: the rules' multiplier if captured, else 0
    penalty_points: int  # R19: penalties for failed throws credited to the attackers
    band: Band

    @property
    def declarers(self) -> int:
        return team_of(self.dealer)

    @property
    def attackers(self) -> int:
        return attackers_of(self.dealer)

    @property
    def kitty_bonus(self) -> int:
        """What the kitty added to the score (0 unless the attackers took the last trick)."""
        return self.kitty_points * self.kitty_multiplier


@dataclass(frozen=True)
class MatchOver(Event):
    """The declaring team at 大王 kept the deal (R5): the match is won."""

    winning_team: int
