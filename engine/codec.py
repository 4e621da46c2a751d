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

Decoding is strict: anything but a well-formed code raises CodeError (a GameError, so a
ValueError, with en and zh messages). It checks the form only; what the actions mean is
judged by replaying them (engine.match). A code inflates to at most MAX_DECODED bytes and
holds at most MAX_ACTIONS actions (engine.limits), so decoding any text is bounded work.
"""

from __future__ import annotations

import base64
import zlib
from collections.abc import Generator, Iterable, Sequence

from .actions import Action, Bid, Bury, Deal, NextRound, Pass, Play, Snatch, check_action
from .cards import ALL_CARDS, RANKS, SUITS, Card
from .errors import GameError
from .limits import MAX_ACTIONS

_TAGS: dict[type, int] = {Deal: 0, Bid: 1, Pass: 2, Bury: 3, Snatch: 4, Play: 5, NextRound: 6}
MAX_DECODED = 1 << 20  # bytes: a code that inflates past this is not ours (a zip bomb)
DECODE_SLICE = 1000  # actions decoded between two yields of decode_actions_steps (~8 ms)


class CodeError(GameError):
    """A code that is not a well-formed list of actions (or actions that have no code)."""


def encode_actions(actions: Iterable[Action]) -> str:
    """The compact code of `actions`: IllegalAction for what is not an action, CodeError for
    an action the code cannot hold (a deal of more than 255 cards at once, say)."""
    given: object = actions  # (from any caller: checked)
    if isinstance(given, str | bytes) or not isinstance(given, Iterable):
        raise CodeError("not a list of actions", "不是一组操作")
    out = bytearray()
    for action in actions:
        check_action(action)
        try:
            _encode(action, out)
        except ValueError as err:  # a number past a byte
            raise CodeError(f"an action the code cannot hold: {err}",
                            f"代码无法容纳这一步：{err}") from err
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
    """The actions of a code made by `encode_actions`; CodeError if it is not one (or holds
    more than MAX_ACTIONS actions)."""
    steps = decode_actions_steps(code)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            actions: list[Action] = done.value
            return actions


def decode_actions_steps(code: str, slice_actions: int = DECODE_SLICE
                         ) -> Generator[int, None, list[Action]]:
    """`decode_actions` in slices: it yields the number of actions decoded so far every
    `slice_actions` actions (a long match's code takes a while to read, and the page gives
    its main thread back between slices); its value (StopIteration's) is `decode_actions`'s,
    and it raises what `decode_actions` raises."""
    if not isinstance(code, str):
        raise CodeError("a code is text", "代码应为文本")
    try:
        packed = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
        inflater = zlib.decompressobj()
        data = inflater.decompress(packed, MAX_DECODED)
        if inflater.unconsumed_tail or inflater.unused_data or not inflater.eof:
            raise CodeError("the code is truncated or too long", "代码不完整或过长")
    except CodeError:
        raise
    except Exception as err:  # binascii.Error, zlib.error, UnicodeEncodeError, TypeError…
        raise CodeError(f"not a code: {str(err)[:80]}", "这不是有效的代码") from err
    return (yield from _decode(data, max(1, slice_actions)))


def _decode(data: bytes, every: int) -> Generator[int, None, list[Action]]:
    actions: list[Action] = []
    at = 0

    def take(n: int) -> bytes:
        nonlocal at
        if at + n > len(data):
            raise CodeError("the code ends in the middle of an action", "代码在一步的中间结束")
        chunk = data[at:at + n]
        at += n
        return chunk

    while at < len(data):
        if len(actions) >= MAX_ACTIONS:
            raise CodeError(f"the code holds more than {MAX_ACTIONS} actions",
                            f"代码中的步数超过 {MAX_ACTIONS}")
        if actions and len(actions) % every == 0:
            yield len(actions)
        head = take(1)[0]
        tag, seat = divmod(head, 4)
        if tag == 0 and seat == 0:
            count = take(1)[0]
            if count == 0:
                raise CodeError("a deal of no cards", "发零张牌")
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
            raise CodeError(f"byte {at}: not an action ({head})", f"第 {at} 字节：不是一步操作")
    return actions


def _cards(indices: bytes) -> tuple[Card, ...]:
    if not indices or any(i >= len(ALL_CARDS) for i in indices):
        raise CodeError("not a list of cards", "不是一组牌")
    return tuple(ALL_CARDS[i] for i in indices)


def _named(value: int, names: Sequence[str]) -> str | None:
    if value > len(names):
        raise CodeError("not a rank or suit", "不是点数或花色")
    return None if value == 0 else names[value - 1]
