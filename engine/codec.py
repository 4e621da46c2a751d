"""A compact, URL-safe code for a list of actions: a few bytes per action, compressed, in
base64url. Saves keep a long match's finished rounds in it (cheap to store and to decode), and
share links carry a deal or a match in it.

Bytes, per action: a head byte `tag * 4 + seat` (the seat 0 for Deal and NextRound), then
- Deal: the count of cards (1..255);
- Bid and Snatch: the number of cards, each card's index (engine.cards.ALL_CARDS), then the
  named rank (index in RANKS + 1, or 0) and suit (index in SUITS + 1, or 0);
- Bury and Play: the number of cards and each card's index;
- Pass and NextRound: nothing more.
The whole is zlib-compressed and written in base64url without padding.

Decoding is strict: anything but a well-formed code raises CodeError (a ValueError). It
checks the form only; what the actions mean is judged by replaying them (engine.match).
"""

from __future__ import annotations

import base64
import binascii
import zlib
from collections.abc import Iterable, Sequence

from .actions import Action, Bid, Bury, Deal, NextRound, Pass, Play, Snatch
from .cards import ALL_CARDS, RANKS, SUITS, Card

_TAGS: dict[type, int] = {Deal: 0, Bid: 1, Pass: 2, Bury: 3, Snatch: 4, Play: 5, NextRound: 6}
MAX_DECODED = 1 << 20  # bytes: a code that inflates past this is not ours (a zip bomb)


class CodeError(ValueError):
    """A code that is not a well-formed list of actions."""


def encode_actions(actions: Iterable[Action]) -> str:
    """The compact code of `actions`."""
    out = bytearray()
    for action in actions:
        _encode(action, out)
    packed = zlib.compress(bytes(out), 9)
    return base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii")


def _encode(action: Action, out: bytearray) -> None:
    tag = _TAGS[type(action)]
    if isinstance(action, Deal):
        out += bytes((tag * 4, action.count))
    elif isinstance(action, NextRound):
        out.append(tag * 4)
    elif isinstance(action, Pass):
        out.append(tag * 4 + action.seat)
    else:
        out.append(tag * 4 + action.seat)
        out.append(len(action.cards))
        out += bytes(c.index for c in action.cards)
        if isinstance(action, Bid | Snatch):
            out.append(0 if action.rank is None else RANKS.index(action.rank) + 1)
            out.append(0 if action.suit is None else SUITS.index(action.suit) + 1)


def decode_actions(code: str) -> list[Action]:
    """The actions of a code made by `encode_actions`; CodeError if it is not one."""
    try:
        packed = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
        inflater = zlib.decompressobj()
        data = inflater.decompress(packed, MAX_DECODED)
        if inflater.unconsumed_tail or inflater.unused_data or not inflater.eof:
            raise CodeError("the code is truncated or too long")
    except (binascii.Error, zlib.error, UnicodeEncodeError, ValueError) as err:
        if isinstance(err, CodeError):
            raise
        raise CodeError(f"not a code: {err}") from err
    return _decode(data)


def _decode(data: bytes) -> list[Action]:
    actions: list[Action] = []
    at = 0

    def take(n: int) -> bytes:
        nonlocal at
        if at + n > len(data):
            raise CodeError("the code ends in the middle of an action")
        chunk = data[at:at + n]
        at += n
        return chunk

    while at < len(data):
        head = take(1)[0]
        tag, seat = divmod(head, 4)
        if tag == 0 and seat == 0:
            count = take(1)[0]
            if count == 0:
                raise CodeError("a deal of no cards")
            actions.append(Deal(count))
        elif tag == 6 and seat == 0:
            actions.append(NextRound())
        elif tag == 2:
            actions.append(Pass(seat))
        elif tag in (1, 3, 4, 5):
            cards = _cards(take(take(1)[0]))
            if tag in (1, 4):
                rank, suit = take(2)
                named = (_named(rank, RANKS), _named(suit, SUITS))
                actions.append((Bid if tag == 1 else Snatch)(seat, cards, *named))
            else:
                actions.append((Bury if tag == 3 else Play)(seat, cards))
        else:
            raise CodeError(f"byte {at}: not an action ({head})")
    return actions


def _cards(indices: bytes) -> tuple[Card, ...]:
    if not indices or any(i >= len(ALL_CARDS) for i in indices):
        raise CodeError("not a list of cards")
    return tuple(ALL_CARDS[i] for i in indices)


def _named(value: int, names: Sequence[str]) -> str | None:
    if value > len(names):
        raise CodeError("not a rank or suit")
    return None if value == 0 else names[value - 1]
