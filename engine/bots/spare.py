"""Spend no more than a play needs: the rules the hard bot (and so the hint) applies to the
card it has chosen, from its own view.

- **No gift** (the last to play on a single lead, the trick going to the opponents): play
  low, that is the fewest points among the cards that lose; and when every card with the
  fewest points would win, win with the lowest of them rather than lose points.
- **Never spend the top card of a suit or a trump where a lower card does the same**: a play
  that loses the trick keeps its masters and trumps when a lower card of the same play-suit,
  with no more points (the same points when the trick is still open: a partner may yet take
  it), loses it as well; a single that wins gives way to the lowest card of its play-suit
  that wins for sure. So a ruff is made with the lowest trump that wins for sure: one that no
  opponent still to play can beat, as the seat sees it (an unseen stronger card of the
  play-suit, an opponent who may be void in the led suit and hold trumps); where none does,
  the ruff risks no points an equal trump would not (♠6, not ♠5, when no unseen trump lies
  between them).
- **The last to play keeps its higher cards**: a single that does not take the trick gives
  way to the lowest lone card of its play-suit with the same points that leaves the trick
  to the same seat (♠3, not ♠Q, under a partner's ♠K; no pair is broken for it); so does
  each lone card of a play of several (♣7 ♣9, not ♣9 ♣J, under a pair lead).
- **Second hand takes with its top card rather than risk points**: the second to play on a
  single side-suit lead, following with a card that has points and is not the top card of
  the suit (an opponent plays last and may beat it, or take its points), plays the suit's
  top card instead when it holds one that beats the lead with no more points (♠A, not ♠10,
  over ♠8): a daily player saw the hint risk ♠10 second while holding ♠A. (Playing low
  instead where no top card is held, ♠3 for ♠10, was measured too and not kept:
  docs/bots.md.)
- **A single follow keeps its pairs, and banks a sure trick's points**: a card of a pair
  gives way to a lone card with the same points that does the same (`_from_lone_cards`); on
  a trick the seat's side takes for sure, the lone card with the most points (`_banked`).
- **A ruff of a trick without points is made low** where it does not take it for sure: the
  lowest trump without points that takes it, not for sure either (`_lowest_ruff`; a sure one,
  the top trump say, is the search's to choose). **A ruff that an opponent may
  overtrump risks no points of its own** where a trump without points takes it as well: on
  a trick without points the lowest such trump; on one with points, the lowest that is no
  weaker than the chosen one (a daily player saw the hint ruff with ♦10, East still to play,
  holding ♦3 and ♦4).

- **Second hand adds no points under the lead**: the second to play, with a single card
  that leaves the lead winning, plays one with the fewest points that does as much (♠8, not
  ♠5, under West's ♠Q: East plays after and may take it; a daily player saw ♠5 decide a
  round at 120).
- **A contest risks no points a higher card would not**: a side card with points that takes
  the trick for now, an opponent still to play who may beat it, gives way to the lowest
  card of its suit above it with fewer points (♥J, not ♥10), where no pair is broken for it.
- **A losing pair keeps its high pair**: a pair of trumps or top cards in a play that loses
  gives way to a lower pair of its play-suit (♦3 ♦3, not the small jokers, under BJ BJ).
- **Partner's sure trick is left to partner**: a follow that would take the trick from
  partner's winning play, which no opponent still to play could beat, gives way to the
  weakest follow that leaves it to partner with no fewer points (West took East's small
  jokers with two big jokers, holding all three).

`spare(ctx, play)` returns the play to make instead of `play` (or `play` itself); it never
looks at hidden cards, and what it returns is legal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from ..cards import Card, points_of
from ..errors import IllegalPlay
from ..options import follow_options
from ..rules import TRUMP, check_follow, playable_cards, trick_winner
from ..seats import OTHERS, opponents_of, same_team
from .certain import certain_winner, later_seats, seat_could_beat
from .play import PlayCtx


def spare(ctx: PlayCtx, play: tuple[Card, ...], second_hand: bool = True,
          keep_pairs: bool = True, bank_points: bool = True,
          ruff_low: bool = True, ruff_no_points: bool = True,
          partner_sure: bool = True, second_low: bool = True,
          contest_high: bool = True) -> tuple[Card, ...]:
    """The play to make instead of `play`, a legal follow of `ctx`'s seat (see the module
    docstring); `play` itself for a lead or when no rule applies. `second_hand`,
    `keep_pairs`, `bank_points`, `ruff_low`, `ruff_no_points`, `partner_sure`,
    `second_low` and `contest_high` False leave out those rules (the arena's
    comparisons)."""
    trick = ctx.trick
    if not trick:
        return play
    if partner_sure:
        play = _under_partner(ctx, play)
    if len(trick[0][1]) == 1 and len(play) == 1:
        c = _second_hand(ctx, play[0]) if second_hand and len(trick) == 1 else play[0]
        c = _second_low(ctx, c) if second_low and len(trick) == 1 else c
        c = _contest_high(ctx, c) if contest_high else c
        c = _spare_single(ctx, c)[0]
        c = _lowest_ruff(ctx, c, ruff_no_points) if ruff_low else c
        c = _banked(ctx, c) if bank_points else c
        return (_from_lone_cards(ctx, c) if keep_pairs else c,)
    if not _takes(ctx, play):
        kept = _keep_high(ctx, play)
        return _lowest_lone_cards(ctx, kept) if len(trick) == 3 else kept
    return play


def _winner(ctx: PlayCtx, play: Sequence[Card]) -> int:
    """The seat winning the trick so far once `play` is added to it."""
    plays = [tuple(p) for _, p in ctx.trick]
    w = trick_winner([*plays, tuple(play)], ctx.trump)
    return ctx.seat if w == len(plays) else ctx.trick[w][0]


def _takes(ctx: PlayCtx, play: Sequence[Card]) -> bool:
    """Whether `play` is winning the trick for the seat itself once played."""
    return _winner(ctx, play) == ctx.seat


def _high(ctx: PlayCtx, c: Card) -> bool:
    """A trump, or the top card of its side suit (no unseen card of the suit beats it)."""
    return ctx.trump.play_suits[c.index] == TRUMP or ctx.is_master(c)


def _spare_single(ctx: PlayCtx, c: Card) -> tuple[Card, ...]:
    trump, seat = ctx.trump, ctx.seat
    strengths, suits = trump.strengths, trump.play_suits
    legal = sorted(playable_cards(ctx.hand, ctx.trick[0][1], trump),
                   key=lambda x: (strengths[x.index], x.index))
    last = len(ctx.trick) == 3
    team = {x: same_team(_winner(ctx, (x,)), seat) for x in legal} if last else {}
    if last and not team[c]:
        fewest = min(x.points for x in legal)
        losing = [x for x in legal if not team[x]]
        if c.points > fewest:  # a gift: lose with fewer points, or win with the fewest
            cheap = [x for x in losing if x.points == fewest]
            if cheap:
                return (min(cheap, key=lambda x: (_high(ctx, x), strengths[x.index])),)
            return (min((x for x in legal if x.points == fewest),
                        key=lambda x: (_high(ctx, x), strengths[x.index])),)
    if not _takes(ctx, (c,)):
        if not _high(ctx, c):
            return (_lowest_alike(ctx, legal, c) if last else c,)
        # not the seat's: a lower card of the suit that does not take it either, with no
        # more points when the trick is lost for sure, the same points otherwise (a partner
        # who takes it, or may yet, is fed the same)
        lost = last and not team[c]
        lower = [x for x in legal if suits[x.index] == suits[c.index]
                 and strengths[x.index] < strengths[c.index] and not _takes(ctx, (x,))
                 and (x.points <= c.points if lost else x.points == c.points)]
        return (min(lower, key=lambda x: (x.points, strengths[x.index])),) if lower else (c,)
    if not _high(ctx, c):
        return (c,)
    # it wins: the lowest card of its play-suit that wins for sure does the same
    sure = [x for x in legal if suits[x.index] == suits[c.index]
            and strengths[x.index] <= strengths[c.index] and _takes(ctx, (x,))
            and _sure(ctx, x)]
    if not sure:
        return (_fewer_points_alike(ctx, legal, c),)
    return (min(sure, key=lambda x: (strengths[x.index], x.index)),)


def _second_hand(ctx: PlayCtx, c: Card) -> Card:
    """For the second to play on a single side-suit lead: instead of `c`, a card of the led
    suit with points that is not the suit's top card, the lowest top card of the suit that
    beats the lead with no more points; `c` itself when none is held, or when the rule does
    not apply (see the module docstring)."""
    trump = ctx.trump
    strengths, suits = trump.strengths, trump.play_suits
    led = suits[ctx.trick[0][1][0].index]
    if led == TRUMP or suits[c.index] != led or not c.points or ctx.is_master(c):
        return c
    tops = [x for x in set(ctx.hand) if suits[x.index] == led and ctx.is_master(x)
            and x.points <= c.points and _takes(ctx, (x,))]
    return min(tops, key=lambda x: (strengths[x.index], x.index)) if tops else c


def _second_low(ctx: PlayCtx, c: Card) -> Card:
    """For the second to play on a single lead (an opponent's): instead of `c`, a card with
    points that leaves the lead winning, the lowest card with the fewest points that leaves
    it winning too (♠8, not ♠5, under West's ♠Q: East plays after and may take the trick,
    partner's chance to beat them both is no reason to add points; a daily player saw the
    hint's ♠5 decide a round at 120). `c` itself where it takes the trick, or has no more
    points than such a card."""
    if not c.points or _takes(ctx, (c,)):  # (the lead, second to play, is an opponent's)
        return c
    legal = playable_cards(ctx.hand, ctx.trick[0][1], ctx.trump)
    losing = [x for x in legal if not _takes(ctx, (x,))]
    fewest = min(x.points for x in losing)
    if c.points <= fewest:
        return c
    strengths = ctx.trump.strengths
    return min((x for x in losing if x.points == fewest),
               key=lambda x: (_high(ctx, x), strengths[x.index], x.index))


def _contest_high(ctx: PlayCtx, c: Card) -> Card:
    """Instead of `c`, a side card with points that takes the trick for now but may be beaten
    later, the lowest card of its suit above it with fewer points that takes it too, where
    that breaks no pair (♥J, not ♥10, over West's ♥2: it beats all that ♥10 beats, and
    risks no points; a daily player saw the hint contest with ♥10 three times holding ♥J or
    ♥Q). `c` itself otherwise (a trump is left to the other rules)."""
    trump = ctx.trump
    strengths, suits = trump.strengths, trump.play_suits
    if (suits[c.index] == TRUMP or not c.points or not _takes(ctx, (c,))
            or _sure(ctx, c)):
        return c
    held = Counter(ctx.hand)
    legal = set(playable_cards(ctx.hand, ctx.trick[0][1], trump))
    higher = [x for x in legal if suits[x.index] == suits[c.index]
              and strengths[x.index] > strengths[c.index] and x.points < c.points
              and held[x] != 2 and _takes(ctx, (x,))]
    return min(higher, key=lambda x: (strengths[x.index], x.index)) if higher else c


def _under_partner(ctx: PlayCtx, play: tuple[Card, ...]) -> tuple[Card, ...]:
    """Instead of `play`, where it would take the trick from partner's winning play that no
    opponent still to play could beat: a follow that leaves it to partner with no fewer
    points, the weakest such (West took East's small jokers with two big jokers in the
    first trick, holding the three: the trick was the side's either way). `play` itself
    when it does not take the trick so, or when no such follow is held."""
    trick, trump = ctx.trick, ctx.trump
    plays = [tuple(p) for _, p in trick]
    winner = trick[trick_winner(plays, trump)][0]
    if not same_team(winner, ctx.seat) or not _takes(ctx, play):
        return play
    if any(seat_could_beat(plays, trump, ctx.mem, s) for s in later_seats(trick, ctx.seat)
           if not same_team(s, ctx.seat)):
        return play
    strengths = trump.strengths
    under = [tuple(o) for o in follow_options(ctx.hand, plays[0], trump)]
    under = [o for o in under if not _takes(ctx, o) and points_of(o) >= points_of(play)]
    return min(under, key=lambda o: (sum(strengths[c.index] for c in o), -points_of(o)),
               default=play)


def _lowest_ruff(ctx: PlayCtx, c: Card, with_points: bool = True) -> Card:
    """A ruff `c` that does not take the trick for sure, instead of `c`: on a trick with no
    points, the lowest trump without points that takes it so far, and not for sure either
    (♣7, not ♣K, though the small joker in hand is the top trump left; ♠9, not ♠A, on partner's
    ♦6 and West's ♣J: the trick is worth no more than the lead, and an overruff takes a low
    trump as well as a high one); `with_points`, where `c` has points, also on a trick with
    points, the lowest trump without points no weaker than `c` (an overruff would take
    `c`'s points too). `c` itself when the rule does not apply."""
    trump = ctx.trump
    strengths, suits = trump.strengths, trump.play_suits
    if (suits[ctx.trick[0][1][0].index] == TRUMP or suits[c.index] != TRUMP
            or (c.points and not with_points) or not _takes(ctx, (c,))):
        return c
    on_points = any(x.points for _, p in ctx.trick for x in p)
    if on_points and not c.points:
        return c
    legal = playable_cards(ctx.hand, ctx.trick[0][1], trump)
    trumps = [x for x in set(legal) if suits[x.index] == TRUMP and not x.points
              and _takes(ctx, (x,))
              and (not on_points or strengths[x.index] >= strengths[c.index])]
    if _sure(ctx, c):
        return c  # (a sure one: `_spare_single` has chosen the lowest of them)
    # (a trump that takes it for sure, the top one left, say, is the search's to choose: the
    # rule only keeps a ruff that may be overruffed from risking points)
    unsure = [x for x in trumps if not _sure(ctx, x)]
    return min(unsure, key=lambda x: (strengths[x.index], x.index)) if unsure else c


def _own_for_sure(ctx: PlayCtx, c: Card) -> bool:
    """Whether the seat's side takes the trick once `c` is played, whatever the seats after
    it play: the last to play, its side winning; or partner's play that nothing of the
    seat's own and nothing the later seats may hold could beat (`certain_winner`)."""
    if len(ctx.trick) == 3:
        return same_team(_winner(ctx, (c,)), ctx.seat)
    sure = certain_winner(ctx.hand, ctx.trick, ctx.trump, ctx.seat, ctx.mem)
    return sure is not None and same_team(sure, ctx.seat)


def _banked(ctx: PlayCtx, c: Card) -> Card:
    """On a trick the seat's side takes for sure: instead of `c`, the lone card of its
    play-suit with the most points that is not the suit's top card and leaves the trick to
    the seat's side (♥10, not ♥5, on partner's big joker; last to play and void, the trump
    ♠K that takes the trick, not ♠5); `c` itself when none has more points."""
    if not _own_for_sure(ctx, c):
        return c
    suits = ctx.trump.play_suits
    held = Counter(ctx.hand)
    legal = playable_cards(ctx.hand, ctx.trick[0][1], ctx.trump)
    richer = [x for x in set(legal) if suits[x.index] == suits[c.index] and held[x] == 1
              and x.points > c.points and not ctx.is_master(x)
              and same_team(_winner(ctx, (x,)), ctx.seat)]
    return max(richer, key=lambda x: (x.points, -ctx.trump.strengths[x.index])) if richer else c


def _from_lone_cards(ctx: PlayCtx, c: Card) -> Card:
    """Instead of `c`, one of a pair in hand, a lone card of its play-suit with the same
    points that is not the suit's top card and does what `c` does: leaves the trick to the
    same seat, and where `c` takes it, takes it as surely and no lower (♠4, not ♠3 of ♠3 ♠3,
    under East's ♠A; a ruff with ♥9, not ♥4 of ♥4 ♥4): the pair is kept for a pair lead.
    The lowest such card; `c` itself when there is none, or when `c` is a lone card."""
    held = Counter(ctx.hand)
    if held[c] < 2:
        return c
    strengths, suits = ctx.trump.strengths, ctx.trump.play_suits
    winner = _winner(ctx, (c,))
    takes, sure = winner == ctx.seat, winner == ctx.seat and _sure(ctx, c)
    legal = playable_cards(ctx.hand, ctx.trick[0][1], ctx.trump)
    alike = [x for x in set(legal) if suits[x.index] == suits[c.index] and held[x] == 1
             and x.points == c.points and not ctx.is_master(x) and _winner(ctx, (x,)) == winner
             and (not takes or strengths[x.index] >= strengths[c.index])
             and (not sure or _sure(ctx, x))]
    return min(alike, key=lambda x: (strengths[x.index], x.index)) if alike else c


def _lowest_alike(ctx: PlayCtx, legal: Sequence[Card], c: Card) -> Card:
    """For the last seat's single `c`, which does not take the trick: the lowest lone card
    of its play-suit with the same points that leaves the trick to the same seat (♠3, not
    ♠Q, under a partner's ♠K), so that the hand keeps its higher card and breaks no pair;
    `c` itself when there is none."""
    strengths, suits = ctx.trump.strengths, ctx.trump.play_suits
    winner = _winner(ctx, (c,))
    held = Counter(ctx.hand)
    lower = [x for x in legal if suits[x.index] == suits[c.index] and held[x] == 1
             and strengths[x.index] < strengths[c.index] and x.points == c.points
             and _winner(ctx, (x,)) == winner]
    return min(lower, key=lambda x: (strengths[x.index], x.index)) if lower else c


def _lowest_lone_cards(ctx: PlayCtx, play: tuple[Card, ...]) -> tuple[Card, ...]:
    """For the last seat's play of several cards, which does not take the trick: each card
    that is lone in the play and in the hand swapped for the lowest lone card of its
    play-suit left in hand with the same points (♣7 ♣9, not ♣9 ♣J, under a club pair with no
    club pair)."""
    strengths, suits = ctx.trump.strengths, ctx.trump.play_suits
    held = Counter(ctx.hand)

    def lower(c: Card, current: Sequence[Card]) -> list[Card]:
        if held[c] != 1:
            return []
        return sorted((x for x, n in held.items() if n == 1 and x not in current
                       and suits[x.index] == suits[c.index] and x.points == c.points
                       and strengths[x.index] < strengths[c.index]),
                      key=lambda x: (strengths[x.index], x.index))

    return _swapped_down(ctx, play, lower)


def _swapped_down(ctx: PlayCtx, play: tuple[Card, ...],
                  lower: Callable[[Card, Sequence[Card]], Sequence[Card]]) -> tuple[Card, ...]:
    """`play` (a follow that does not take the trick) with its cards, highest first, each
    swapped for the first of `lower(card, play as it stands)` that keeps it legal and leaves
    the trick to the same seat."""
    strengths = ctx.trump.strengths
    winner = _winner(ctx, play)
    current = list(play)
    for i, c in sorted(enumerate(play), key=lambda ic: -strengths[ic[1].index]):
        for x in lower(c, current):
            trial = current[:]
            trial[i] = x
            if _same_outcome(ctx, trial, winner):
                current = trial
                break
    return tuple(current)


def _same_outcome(ctx: PlayCtx, trial: Sequence[Card], winner: int) -> bool:
    """Whether `trial` is a legal follow that leaves the trick to `winner`."""
    try:
        check_follow(ctx.hand, ctx.trick[0][1], trial, ctx.trump)
    except IllegalPlay:
        return False
    return _winner(ctx, trial) == winner


def _fewer_points_alike(ctx: PlayCtx, legal: Sequence[Card], c: Card) -> Card:
    """For a single `c` that takes the trick but may be beaten later: a card of its play-suit
    that takes it too, with fewer points, and no unseen card between the two (so whoever can
    beat one can beat the other, and the hand keeps the same strength): a ruff with ♠6, not
    ♠5, when an opponent may overruff. `c` itself when there is none."""
    strengths, suits = ctx.trump.strengths, ctx.trump.play_suits
    suit = suits[c.index]
    unseen = [strengths[u.index] for u in ctx.unseen_in(suit)]

    def alike(x: Card) -> bool:
        low, high = sorted((strengths[c.index], strengths[x.index]))
        return not any(low < u < high for u in unseen)

    cheaper = [x for x in legal if suits[x.index] == suit and x.points < c.points
               and _takes(ctx, (x,)) and alike(x)]
    return min(cheaper, key=lambda x: (x.points, strengths[x.index])) if cheaper else c


def _sure(ctx: PlayCtx, c: Card) -> bool:
    """Whether no opponent still to play after the seat can beat its single `c`, as far as
    the seat can tell: no unseen card of `c`'s play-suit is stronger (unless that opponent
    showed void in it), and on a side-suit lead followed in suit, no opponent who may be void
    in the led suit holds a trump."""
    trump = ctx.trump
    void = ctx.mem.void
    suit = trump.play_suits[c.index]
    led = trump.play_suits[ctx.trick[0][1][0].index]
    later = OTHERS[ctx.seat][:3 - len(ctx.trick)]
    rivals = [s for s in later if s in opponents_of(ctx.seat)]
    if not rivals:
        return True
    top = ctx.unseen_in(suit)
    stronger = bool(top) and trump.strengths[top[0].index] > trump.strengths[c.index]
    trumps_out = ctx.unseen_count(TRUMP) > 0
    for s in rivals:
        if stronger and suit not in void[s]:
            return False
        if suit != TRUMP and led != TRUMP and trumps_out and TRUMP not in void[s]:
            return False
    return True


def _keep_high(ctx: PlayCtx, play: tuple[Card, ...]) -> tuple[Card, ...]:
    """A losing play of several cards with each trump or top card in it swapped for a lower
    card of its play-suit left in hand, when the play stays legal and still loses, with no
    more points when the trick is lost for sure (the same points otherwise)."""
    strengths, suits = ctx.trump.strengths, ctx.trump.play_suits
    lost = len(ctx.trick) == 3 and not same_team(_winner(ctx, play), ctx.seat)

    def lower(c: Card, current: Sequence[Card]) -> list[Card]:
        if not _high(ctx, c):
            return []
        spare_left = Counter(ctx.hand)
        spare_left.subtract(current)
        return sorted((x for x, n in spare_left.items() if n > 0
                       and suits[x.index] == suits[c.index]
                       and strengths[x.index] < strengths[c.index]
                       and (x.points <= c.points if lost else x.points == c.points)),
                      key=lambda x: (x.points, strengths[x.index], x.index))

    kept = _pairs_down(ctx, _swapped_down(ctx, play, lower), lower)
    return kept if points_of(kept) <= points_of(play) else play


def _pairs_down(ctx: PlayCtx, play: tuple[Card, ...],
                lower: Callable[[Card, Sequence[Card]], Sequence[Card]]) -> tuple[Card, ...]:
    """`play` (a follow that does not take the trick) with each pair in it swapped for the
    first pair of `lower(card, play as it stands)` left in hand that keeps it legal and
    leaves the trick to the same seat: one card at a time a pair follow cannot change (West
    led BJ BJ, which nothing beats, and North followed with its small jokers, holding ♦3 ♦3
    and ♦5 ♦5 in trumps; a daily player saw it)."""
    strengths = ctx.trump.strengths
    winner = _winner(ctx, play)
    current = list(play)
    for c in sorted({c for c, n in Counter(play).items() if n >= 2},
                    key=lambda c: -strengths[c.index]):
        left = Counter(ctx.hand)
        left.subtract(current)
        for x in (x for x in lower(c, current) if left[x] >= 2):
            trial = current[:]
            for _ in range(2):
                trial[trial.index(c)] = x
            if _same_outcome(ctx, trial, winner):
                current = trial
                break
    return tuple(current)


__all__ = ["spare"]
