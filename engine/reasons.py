"""Why a trick went as it did, in one line for a player, from the rules (R16, R22, R23).

`trick_reason(trick, trump, seat)` judges a finished trick: how its winner won (the lead held,
the highest card of the led suit, a trump on a side-suit lead, the highest trump) and, when
`seat` played in it and lost, what kept that play from winning (a discard, a play without the
lead's pairs or tractor, a tie lost to the earlier play). `TrickReason.text` words it in
English or Chinese with the seat names the caller gives.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .cards import Card, cards_label
from .rules import (
    PAIR,
    SINGLE,
    SUIT_WORDS,
    TRACTOR,
    TRUMP,
    Trump,
    Unit,
    classify,
    has_shape,
    pair_runs,
    trick_winner,
)
from .seats import same_team

# How the winner won.
HELD, HIGHEST, TRUMPED, TOP_TRUMP = "held", "highest", "trumped", "top-trump"
# What kept the seat's own play from winning: cards neither of the led suit nor trump (named),
# cards of the led suit and trumps together, no lead's shape, a tie with an earlier play.
DISCARD, MIXED, NO_SHAPE, TIE = "discard", "mixed", "no-shape", "tie"
THROW = "throw"  # (a lead of several units, R19: the words of a play that lacked its shape)

Names = Callable[[int], tuple[str, str]]  # seat -> (name, possessive): ("East", "East's")


@dataclass(frozen=True)
class TrickReason:
    """Why a trick's winner won, and (`own`) why `seat`'s play lost, if that says more."""

    how: str  # HELD | HIGHEST | TRUMPED | TOP_TRUMP
    winner: int
    winning: tuple[Card, ...]
    led: str  # the led play-suit
    lead: tuple[Card, ...]
    lead_kind: str  # SINGLE | PAIR | TRACTOR: the lead's strongest unit (R17)
    seat: int | None = None
    own: str | None = None  # DISCARD | MIXED | NO_SHAPE | TIE
    own_cards: tuple[Card, ...] = ()  # the seat's play; for DISCARD, its cards off the suit
    triple: bool = False  # the lead held three of a kind: a pair and a single (R16)
    top: tuple[Card, ...] = ()  # the winning play's unit the trick compared (R23), when it
    #                             is not the whole play (a throw's highest card, say)
    lead_units: int = 1  # the lead's units (R17): more than one, a throw (R19)

    def text(self, lang: str, names: Names) -> str:
        """One line, e.g. "West trumped the ♦ lead: any trump beats a side suit"."""
        words = _ZH if lang == "zh" else _EN
        code = "zh" if lang == "zh" else "en"

        def label(cards: Sequence[Card]) -> str:
            return cards_label(cards, code)

        suit = SUIT_WORDS[self.led][1 if lang == "zh" else 0]
        name, whose = names(self.winner)
        how = self.how + "-of" if self.top and self.how in (HIGHEST, TOP_TRUMP) else self.how
        if how == TRUMPED and len(self.lead) > 1:  # a lone trump does not beat a side pair:
            how += "-shape"  # the trumps had the lead's shape (R22)
        parts = [words[how].format(name=name, whose=whose, cards=label(self.winning),
                                   top=label(self.top), suit=suit)]
        if self.own is not None:
            kind = THROW if self.lead_units > 1 else self.lead_kind
            key = self.own if self.own != NO_SHAPE else f"{NO_SHAPE}-{kind}"
            if self.own == DISCARD and self.led == TRUMP:
                key = f"{DISCARD}-{TRUMP}"  # one word for both: "not a trump"
            be = "is" if len(self.own_cards) == 1 else "are"
            parts.append(words[key].format(cards=label(self.own_cards), lead=label(self.lead),
                                           suit=suit, be=be,
                                           a="a trump" if len(self.own_cards) == 1
                                           else "trumps"))
        if self.triple:
            parts.append(words["triple"])
        return words["join"].join(parts)


_EN = {
    HELD: "{whose} lead held: nobody beat it",
    HIGHEST: "{whose} {cards} is the highest of the {suit} in this trick",
    TRUMPED: "{name} trumped the {suit} lead: any trump beats a side suit",
    TRUMPED + "-shape": "{name} trumped the {suit} lead with {cards}: trumps of the lead's "
                        "shape beat a side suit",
    TOP_TRUMP: "{whose} {cards} is the highest trump in this trick",
    # (a play of several units: the one compared, R23)
    HIGHEST + "-of": "{whose} {cards}: its {top} is the highest of the {suit} in this trick",
    TOP_TRUMP + "-of": "{whose} {cards}: its {top} is the highest trump in this trick",
    DISCARD: "your {cards} {be} neither {suit} nor trumps, so your play cannot win",
    f"{DISCARD}-{TRUMP}": "your {cards} {be} not {a}, so your play cannot win",
    MIXED: "your {cards} mixes {suit} and trumps, so it cannot win",
    f"{NO_SHAPE}-{PAIR}": "a pair beats any two singles: your {cards} could not win",
    f"{NO_SHAPE}-{TRACTOR}": "{lead} is a tractor: it beats your {cards}, which is not one",
    f"{NO_SHAPE}-{SINGLE}": "your {cards} does not have the lead's shape",
    # (a throw of two pairs was explained as "a pair beats any two singles" to a follow of a
    # pair and two singles: the lead's other pair is what it lacked)
    f"{NO_SHAPE}-{THROW}": "your {cards} does not have the shape of {lead} (its pairs, its "
                           "tractors), so it could not win",
    TIE: "your {cards} ties, and the earlier play wins",
    "triple": "three of a kind plays as a pair and a single",
    "join": "; ",
}
_ZH = {
    HELD: "{whose}首家牌最大，没人管上",
    HIGHEST: "{whose}{cards}是这一轮{suit}中最大的",
    TRUMPED: "{name}用主牌毙了{suit}：主牌大于任何副牌",
    TRUMPED + "-shape": "{name}用主牌{cards}毙了{suit}：牌型相同的主牌大于副牌",
    TOP_TRUMP: "{whose}{cards}是这一轮最大的主牌",
    HIGHEST + "-of": "{whose}{cards}中的{top}是这一轮{suit}中最大的",
    TOP_TRUMP + "-of": "{whose}{cards}中的{top}是这一轮最大的主牌",
    DISCARD: "你的{cards}既不是{suit}也不是主牌，是垫牌，这手牌不能赢",
    f"{DISCARD}-{TRUMP}": "你的{cards}不是主牌，是垫牌，这手牌不能赢",
    MIXED: "你的{cards}既有{suit}又有主牌，不能赢",
    f"{NO_SHAPE}-{PAIR}": "对子大于任何两张单牌：你的{cards}不能赢",
    f"{NO_SHAPE}-{TRACTOR}": "{lead}是拖拉机：你的{cards}不是拖拉机，管不上",
    f"{NO_SHAPE}-{SINGLE}": "你的{cards}与首家牌型不同",
    f"{NO_SHAPE}-{THROW}": "你的{cards}与{lead}的牌型（对子、拖拉机）不同，不能赢",
    TIE: "你的{cards}与之一样大，先出者赢",
    "triple": "三张相同的牌算一对加一张单牌",
    "join": "；",
}


def trick_reason(plays: Sequence[tuple[int, Sequence[Card]]], trump: Trump,
                 seat: int | None = None) -> TrickReason:
    """Why the trick of `plays` ((seat, cards) in play order, complete) went as it did; about
    `seat`'s own play too when it played and its side lost the trick."""
    cards = [tuple(p) for _, p in plays]
    lead = cards[0]
    led = trump.suit_of(lead[0])
    units = classify(lead, trump)
    w = trick_winner(cards, trump)
    winner, winning = plays[w][0], cards[w]
    trumping = [i for i, p in enumerate(cards[1:], start=1)
                if led != TRUMP and _all_of(p, TRUMP, trump) and has_shape(p, units, trump)]
    if w == 0:
        how = HELD
    elif trump.suit_of(winning[0]) == TRUMP and led != TRUMP:
        how = TOP_TRUMP if len(trumping) > 1 else TRUMPED
    else:
        how = HIGHEST
    own: str | None = None
    own_cards: tuple[Card, ...] = ()
    mine = next((i for i, (s, _) in enumerate(plays) if s == seat), None)
    # (a play the partner's won trick made no loss of: "your play cannot win" read as one)
    if mine is not None and mine != w and not same_team(winner, plays[mine][0]):
        own_cards = cards[mine]
        own = _why_lost(own_cards, units, led, trump, cards, w, mine)
        if own == DISCARD:  # name only the cards that are neither of the led suit nor trump
            own_cards = tuple(c for c in own_cards if trump.suit_of(c) not in (led, TRUMP))
    triple = any(n == 3 for n in Counter(lead).values())
    top = compared_unit(winning, units, trump)
    return TrickReason(how, winner, winning, led, lead, units[0].kind, seat, own, own_cards,
                       triple, top if Counter(top) != Counter(winning) else (), len(units))


def compared_unit(play: Sequence[Card], lead_units: Sequence[Unit],
                  trump: Trump) -> tuple[Card, ...]:
    """R23: the unit of `play` (which fits the lead's shape) that a trick compares: for a
    single led, its strongest card; for a pair, its strongest pair; for a tractor, its top
    run of pairs as long as the lead's longest tractor (rules.top_rank ranks the same)."""
    strengths = trump.strengths
    kind = lead_units[0].kind
    if kind == SINGLE:
        return (max(play, key=lambda c: strengths[c.index]),)
    runs = pair_runs(play, trump)
    if kind == TRACTOR:
        longest = lead_units[0].pairs
        run = max((r for r in runs if len(r) >= longest), key=lambda r: r[-1].value)
        return tuple(c for c in run for _ in range(2))
    best = max((c for r in runs for c in r), key=lambda c: strengths[c.index])
    return (best, best)


def _all_of(play: Sequence[Card], suit: str, trump: Trump) -> bool:
    return all(trump.suit_of(c) == suit for c in play)


def _why_lost(play: tuple[Card, ...], units: list[Unit], led: str, trump: Trump,
              cards: list[tuple[Card, ...]], w: int, mine: int) -> str | None:
    """R22/R23: what kept a losing play from winning, when it is not simply lower."""
    if mine == 0:
        return None  # the lead itself was beaten: the main line says by what
    if not (_all_of(play, led, trump) or _all_of(play, TRUMP, trump)):
        off = any(trump.suit_of(c) not in (led, TRUMP) for c in play)
        return DISCARD if off else MIXED
    if not has_shape(play, units, trump):
        return NO_SHAPE
    if 0 < w < mine and trick_winner([cards[0], play, cards[w]], trump) == 1:
        return TIE  # played first, it would have won: equal to the winner, which came earlier
    return None
