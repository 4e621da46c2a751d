"""The actions a match accepts, and their compact JSON form for saves (a PGN-like history).

Each action is a frozen value; `Match.apply(action)` validates it and returns the events it
caused. In JSON an action is a short list: `["play", 0, "S6 S6"]`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import RANKS, SUITS, Card, format_cards, parse_cards
from .errors import ArgumentError, CardParseError, IllegalAction, shown
from .seats import SEATS


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


def check_action(action: object) -> None:
    """IllegalAction unless `action` is one of the actions with fields of their types: a
    whole number of cards to deal, a seat 0–3, cards a tuple (or list) of cards, a rank and
    suit None or one of RANKS and SUITS. (No bools: True is an int to Python, not a seat or a
    count; a save could not hold it.) Whether the action may be taken now is the match's
    to judge (`Match.verify`, which calls this first)."""
    if type(action) not in _TAGS:  # (exactly one of them: the match dispatches on the type)
        raise IllegalAction(f"unknown action {shown(action)}", f"未知操作 {shown(action, 'zh')}")
    if isinstance(action, Deal):
        if not _whole(action.count):
            raise IllegalAction(f"cannot deal {shown(action.count)} cards", "发牌张数不对")
        return
    if isinstance(action, NextRound):
        return
    assert isinstance(action, Bid | Pass | Bury | Snatch | Play)  # (the rest of _TAGS)
    seat = action.seat
    if not _whole(seat) or seat not in SEATS:
        raise IllegalAction(f"no seat {shown(seat)}", f"没有座位 {shown(seat, 'zh')}")
    if isinstance(action, Pass):
        return
    cards = action.cards
    if type(cards) not in (tuple, list) or any(type(c) is not Card for c in cards):
        raise IllegalAction(f"not a list of cards: {shown(cards)}",
                            f"不是一组牌：{shown(cards, 'zh')}")
    if isinstance(action, Bid | Snatch):
        rank, suit = action.rank, action.suit
        if rank is not None and (type(rank) is not str or rank not in RANKS):
            raise IllegalAction(f"not a rank: {shown(rank)}", f"不是点数：{shown(rank, 'zh')}")
        if suit is not None and (type(suit) is not str or suit not in SUITS):
            raise IllegalAction(f"not a suit: {shown(suit)}", f"不是花色：{shown(suit, 'zh')}")


def check_seat(seat: object) -> int:
    """`seat` if it is one (0–3: an int, not a bool), else ArgumentError."""
    if not isinstance(seat, int) or isinstance(seat, bool) or seat not in SEATS:
        raise ArgumentError(f"no seat {shown(seat)}: seats are 0-3",
                            f"没有座位 {shown(seat, 'zh')}：座位为 0-3")
    return seat


def _whole(value: object) -> bool:
    """An int that is not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def action_to_json(action: Action) -> list[str | int | None]:
    check_action(action)
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
    """Read one saved action; IllegalAction (with the item) if it is not well formed."""
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
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in SEATS:
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
    raise IllegalAction(f"not an action: {shown(item)}", f"不是一步操作：{shown(item, 'zh')}")
