"""Bids (亮主/反主, R9–R13) and their strength; 抄底 snatches use the same scale (R15)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import ALL_CARDS, SUITS, Card, cards_label
from .errors import WRONG_TYPES, ArgumentError, shown, wrong_arguments
from .scoring import JOKER_LEVELS, LADDER

NO_BID = -1


def bid_strength(cards: Sequence[Card], level: str, first_round: bool = False) -> int | None:
    """The strength of showing `cards` as a bid at the round's `level`, or None if they are
    not a bid. Higher is stronger; equal strengths do not overcall each other.

    R9: single < pair ♦ < ♣ < ♥ < ♠ < triple ♦ < … < ♠ < three 小王 < three 大王.
    R10 (first round): suits do not rank, only single < pair < triple < three 小王 < three 大王.
    R13 (joker level): one joker < two 小王 < two 大王 < three 小王 < three 大王.
    """
    if not cards or len(cards) > 3 or any(c is not cards[0] for c in cards):
        return None
    c, size = cards[0], len(cards)
    if c.is_joker:
        if size == 3:
            return 30 + (c.rank == "BJ")
        if level not in JOKER_LEVELS:
            return None
        return 0 if size == 1 else 10 + (c.rank == "BJ")
    if level in JOKER_LEVELS or c.rank != level:
        return None
    if size == 1:
        return 0
    return size * 10 - 10 + (0 if first_round else SUITS.index(c.suit))


def can_overcall(bid: Sequence[Card], standing: Sequence[Card] | None, level: str,
                 first_round: bool = False) -> bool:
    """Whether `bid` is a bid strictly stronger than the `standing` bid (None: no bid yet).
    A single can only be the first bid, since all singles are equally weak. ArgumentError
    for a level off the ladder, a standing bid that is none, or cards that are not cards."""
    if type(level) is not str or level not in LADDER:
        raise ArgumentError(f"not a level: {shown(level)}", f"不是级别：{shown(level, 'zh')}")
    try:
        strength = bid_strength(bid, level, first_round)
        standing_strength = None if standing is None else bid_strength(standing, level,
                                                                       first_round)
    except WRONG_TYPES as err:
        raise wrong_arguments("can_overcall", "bid and standing (or None): lists of cards",
                              err) from err
    if standing is not None and standing_strength is None:
        raise ArgumentError(f"the standing bid is not a bid: {shown(standing)}",
                            "当前的叫主不是合法的叫主")
    if strength is None:
        return False
    return standing_strength is None or strength > standing_strength


def bid_names_rank(level: str) -> bool:
    """R13: at a joker level (小王, 大王) every bid names the round's level rank."""
    return level in JOKER_LEVELS


def bid_names_suit(cards: Sequence[Card], level: str) -> bool:
    """R13: at a joker level a bid of one or two jokers names the level rank and the trump
    suit; three jokers name the rank only (no-trump)."""
    return bid_names_rank(level) and len(cards) < 3


def bid_trump_suit(cards: Sequence[Card], named_suit: str | None = None) -> str | None:
    """The trump suit a bid makes: the level cards' suit, a named suit (one or two jokers at a
    joker level), or None (no-trump) for three jokers."""
    if cards[0].is_joker:
        return named_suit if len(cards) < 3 else None
    return cards[0].suit


@dataclass(frozen=True)
class _SizeWords:
    """How a bid of 1, 2 or 3 identical cards is named, in each language."""

    en: str  # "a pair"
    en_plural: str  # "pairs"
    zh: str  # 对子: the kind
    zh_count: str  # 一对: how many, before what they are


_SIZE_WORDS = {1: _SizeWords("a single", "singles", "单张", "一张"),
               2: _SizeWords("a pair", "pairs", "对子", "一对"),
               3: _SizeWords("a triple", "triples", "三张", "三张")}


@dataclass(frozen=True)
class BidNeed:
    """What a bid (or a 抄底 snatch: `min_cards` 2) would need to show now, for a player who
    has none: the weakest bids that would beat the standing one, by size (R9/R10/R13/R15).
    `options` lists, for each size, the distinct cards that make such a bid; empty when
    nothing beats the standing bid."""

    standing: tuple[Card, ...] | None
    level: str
    options: tuple[tuple[int, tuple[Card, ...]], ...]

    def text(self, lang: str, whose: str = "") -> str:
        """One line, e.g. "♠2 ♠2, or three of a kind of 2s or jokers, would overcall North's
        ♥2 ♥2" ("whose": the standing bidder's name in the possessive)."""
        zh = lang == "zh"
        code = "zh" if zh else "en"
        if self.standing is not None:
            shown = cards_label(self.standing, code)
            if not self.options:
                return (f"{whose}{shown}是最大的叫主，没有牌能反" if zh
                        else f"nothing beats {whose} {shown}: it is the strongest bid")
        groups = [_group_text(size, cards, self.level, zh) for size, cards in self.options]
        joined = ("，或".join(groups) if zh else ", or ".join(groups))
        if self.standing is None:
            return f"亮{joined}就能叫主" if zh else f"{joined} would make a bid"
        return (f"{joined}才能反{whose}{shown}" if zh
                else f"{joined}{',' if len(groups) > 1 else ''} would overcall {whose} {shown}")


def _group_text(size: int, cards: tuple[Card, ...], level: str, zh: bool) -> str:
    code = "zh" if zh else "en"
    if len(cards) == 1 or (len(cards) <= 3 and size <= 2):  # few kinds: name each
        return " / ".join(cards_label((c,) * size, code) for c in cards)
    jokers = any(c.is_joker for c in cards)
    ranks = any(not c.is_joker for c in cards)
    zh_words = _SIZE_WORDS[size].zh_count
    if zh:
        what = ("级牌" if ranks else "") + ("或王" if ranks and jokers else "王" if jokers else "")
        return f"{zh_words}相同的{what}" if size > 1 else f"{zh_words}{what}（{level}）"
    name = (f"{level}s" if ranks else "") + (" or jokers" if ranks and jokers
                                             else "jokers" if jokers else "")
    if size == 1:
        return f"a {level} of any suit" if not jokers else f"one {level} or joker"
    return (f"three of a kind ({name})" if size == 3
            else f"a pair of {name} (two identical cards)")


def bid_needed(standing: Sequence[Card] | None, level: str, first_round: bool = False,
               min_cards: int = 1) -> BidNeed:
    """The bids of each size (at least `min_cards` cards) that would beat `standing` (None: no
    bid yet) at `level`: what a player without a bid would need to show. With no bid yet the
    smallest size that makes one is enough to say."""
    kinds = [c for c in ALL_CARDS if c.is_joker or c.rank == level]
    options = []
    for size in range(max(1, min_cards), 4):
        beating = tuple(c for c in kinds if can_overcall((c,) * size, standing, level,
                                                          first_round))
        if beating:
            options.append((size, beating))
            if standing is None:
                break
    return BidNeed(None if standing is None else tuple(standing), level, tuple(options))


# --- why a bid beats the standing one (the log's words for an overcall and a 抄底) -----------

SIZE = "size"  # more identical cards beat fewer (R9/R10/R13)
SUIT = "suit"  # as many level cards: the higher suit wins, ♠ > ♥ > ♣ > ♦ (R9)
THREE_JOKERS = "three-jokers"  # three identical jokers beat any level cards (R9)
BIG_JOKERS = "big-jokers"  # as many jokers: 大王 beat 小王 (R9/R13)

_OVERCALL_EN = {
    SIZE: "{bid} beats {standing}: {kind} outranks {other}",
    SUIT: "{bid} beats {standing}: of two {kinds} of level cards the higher suit wins, "
          "♠ > ♥ > ♣ > ♦",
    THREE_JOKERS: "{bid} beats {standing}: three identical jokers outrank any level cards",
    BIG_JOKERS: "{bid} beats {standing}: as many jokers, and the big joker outranks the small "
                "one",
}
_OVERCALL_ZH = {
    SIZE: "{bid} 大过 {standing}：{kind}大过{other}",
    SUIT: "{bid} 大过 {standing}：同为级牌{kind}，比花色：♠ > ♥ > ♣ > ♦",
    THREE_JOKERS: "{bid} 大过 {standing}：三张相同的王大过任何级牌",
    BIG_JOKERS: "{bid} 大过 {standing}：王的张数相同，大王大过小王",
}


@dataclass(frozen=True)
class Overcall:
    """Why the bid `bid` beat the standing bid `standing`: which step of the bid order
    decided it (`rule`: SIZE, SUIT, THREE_JOKERS or BIG_JOKERS), as `bid_strength` ranks them."""

    bid: tuple[Card, ...]
    standing: tuple[Card, ...]
    rule: str
    cites: str = "R9"  # the rule with that order: R9, R10 (the first round), R13 (jokers)

    def text(self, lang: str) -> str:
        """One line, e.g. "♥2 ♥2 beats ♣2 ♣2: of two pairs of level cards the higher suit wins,
        ♠ > ♥ > ♣ > ♦" (`cites` names the rule, for the docs and tests: a player's page names
        no rule numbers)."""
        zh = lang == "zh"
        words = (_OVERCALL_ZH if zh else _OVERCALL_EN)[self.rule]
        code = "zh" if zh else "en"
        bid, standing = _SIZE_WORDS[len(self.bid)], _SIZE_WORDS[len(self.standing)]
        return words.format(bid=cards_label(self.bid, code),
                            standing=cards_label(self.standing, code),
                            kind=bid.zh if zh else bid.en,
                            other=standing.zh if zh else standing.en,
                            kinds=bid.zh if zh else bid.en_plural)


def overcall(bid: Sequence[Card], standing: Sequence[Card], level: str,
             first_round: bool = False) -> Overcall | None:
    """Why `bid` overcalls `standing` at `level` (`can_overcall`'s order: R9, R10 in the first
    round's bidding, R13 at a joker level), or None when it does not."""
    if not can_overcall(bid, standing, level, first_round):
        return None
    mine, theirs = tuple(bid), tuple(standing)
    if mine[0].is_joker and len(mine) == 3 and not theirs[0].is_joker:
        rule = THREE_JOKERS  # (over jokers: their number, or the big one over the small, below)
    elif len(mine) != len(theirs):
        rule = SIZE
    elif mine[0].is_joker:
        rule = BIG_JOKERS
    else:
        rule = SUIT
    cites = ("R13" if level in JOKER_LEVELS and rule != THREE_JOKERS
             else "R10" if first_round else "R9")
    return Overcall(mine, theirs, rule, cites)
