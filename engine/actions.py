"""The actions a match accepts, and their compact JSON form for saves (a PGN-like history).

Each action is a frozen value; `Match.apply(action)` validates it and returns the events it
caused. In JSON an action is a short list: `["play", 0, "S6 S6"]`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import Card, format_cards, parse_cards
from .errors import CardParseError


@dataclass(frozen=True)
class Deal:
    """Deal the next `count` cards (R8). The dealer is the table, not a seat."""

    count: int = 1


@dataclass(frozen=True)
class Bid:
    """Show level cards (or jokers) as a bid (R9–R13). At a joker level, `rank` and `suit` name
    the round's level rank and trump suit (R13)."""

    seat: int
    cards: tuple[Card, ...]
    rank: str | None = None
    suit: str | None = None


@dataclass(frozen=True)
class Pass:
    """Decline to bid in the post-deal turn (R11), or to snatch (R15)."""

    seat: int


@dataclass(frozen=True)
class Bury:
    """Put the kitty's number of cards face down as the new kitty (R14; R8: 10)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Snatch:
    """抄底: show a bid of two or more cards that overcalls the standing one (R15)."""

    seat: int
    cards: tuple[Card, ...]
    rank: str | None = None
    suit: str | None = None


@dataclass(frozen=True)
class Play:
    """Lead or follow with these cards (R18–R21)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class NextRound:
    """Leave the result screen and deal the next round."""


Action = Deal | Bid | Pass | Bury | Snatch | Play | NextRound

_TAGS = {Deal: "deal", Bid: "bid", Pass: "pass", Bury: "bury", Snatch: "snatch", Play: "play",
         NextRound: "next"}


def action_to_json(action: Action) -> list[str | int | None]:
    tag = _TAGS[type(action)]
    if isinstance(action, Deal):
        return [tag, action.count]
    if isinstance(action, NextRound):
        return [tag]
    if isinstance(action, Pass):
        return [tag, action.seat]
    out: list[str | int | None] = [tag, action.seat, format_cards(action.cards)]
    if isinstance(action, Bid | Snatch) and (action.rank or action.suit):
        out += [action.rank, action.suit]
    return out


def action_from_json(item: object) -> Action:
    """Read one saved action; ValueError (with the item) if it is not well formed."""
    # `item` is parsed JSON, so Any: each piece is checked as it is read, and anything of the
    # wrong shape raises one of the errors caught below (the match checks ranks and suits).
    parts: Any = item
    try:
        tag, *args = parts
        if tag == "deal":
            (count,) = args
            if not isinstance(count, int) or isinstance(count, bool) or count < 1:
                raise ValueError
            return Deal(count)
        if tag == "next" and not args:
            return NextRound()
        seat, *rest = args
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 4:
            raise ValueError
        if tag == "pass" and not rest:
            return Pass(seat)
        text, *naming = rest
        cards = tuple(parse_cards(text))
        if tag in ("bid", "snatch") and len(naming) in (0, 2):
            rank, suit = naming or (None, None)
            return (Bid if tag == "bid" else Snatch)(seat, cards, rank, suit)
        if tag in ("bury", "play") and not naming:
            return (Bury if tag == "bury" else Play)(seat, cards)
    except (TypeError, ValueError, AttributeError, CardParseError):
        pass
    raise ValueError(f"not an action: {item!r}")
