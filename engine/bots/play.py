"""The normal tier's card play: leads (units and safe throws) and follows.

The policy works on a `PlayCtx`: the trump tables, the seat's hand, its card memory
(`knowledge.Memory`), the trick in progress, hand sizes and the round's facts. It is used both
by the normal bot (context built from a SeatView) and inside the hard bot's rollouts (context
kept up to date by the simulator), so it is written to be quick.

Follows are chosen by scoring a handful of legal candidates:

    E = p * gain_if_we_win + (1 - p) * loss_if_they_win - worth(cards spent)

where p estimates the chance that the seat's team takes the trick after this play (exact when
the seat plays last; otherwise from the unseen higher cards and the voids of the players still
to play), the trick's points count for the team that takes them (the kitty's doubled points on
the last trick, R25), and `worth` prices trumps, masters and broken pairs. So a bot feeds
points to a partner who has the trick, plays low when an opponent has it won, and beats
cheaply when points are at stake.

Leads follow a human's priorities: throw the masters of a suit when the throw surely stands
(R19), cash sure winners (tractors, pairs, then singles), give a void partner a ruff, draw
trumps when long in them, and otherwise lead low from a short suit to make a void.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from heapq import nsmallest
from itertools import pairwise

from ..cards import ALL_CARDS, Card, points_of, points_of_plays, remove_card
from ..errors import IllegalPlay
from ..options import build_follows
from ..rules import (
    MIN_TRACTOR_PAIRS,
    PAIR,
    SINGLE,
    TRACTOR,
    TRUMP,
    Trump,
    Unit,
    check_follow,
    classify,
    decompose,
    fits_shape,
    lead_shape,
    pair_runs,
    shape_counts,
    single_or_pair_best,
    top_rank,
)
from ..seats import (
    OPPONENTS,
    OTHERS,
    SEATS,
    opponents_of,
    partner_of,
    same_team,
    seat_after,
    team_of,
)
from .certain import LOST, fewest_points_follow, last_seat_facts, opponents_take
from .knowledge import Memory


class PlayCtx:
    """Everything the play policy reads. `trick` is the trick in progress as (seat, cards)."""

    __slots__ = (
        "_counts",
        "_groups",
        "_ruff",
        "_sure",
        "_throw",
        "_units",
        "_unseen_n",
        "_unseen_suit",
        "attacking",
        "bw",
        "dealer",
        "hand",
        "kitty_points",
        "mem",
        "partner",
        "readings",
        "seat",
        "sizes",
        "trick",
        "trump",
        "unseen_total",
    )

    def __init__(self, trump: Trump, seat: int, hand: list[Card], mem: Memory,
                 trick: list[tuple[int, tuple[Card, ...]]], sizes: list[int], dealer: int,
                 kitty_points: float, unseen_total: int | None = None) -> None:
        self.trump = trump
        self.seat = seat
        self.hand = hand
        self.mem = mem
        self.trick = trick
        self.sizes = sizes
        self.dealer = dealer
        # (asked at every lead and follow: set once, as the seat and the 庄家 never change)
        self.partner = partner_of(seat)
        self.attacking = not same_team(seat, dealer)
        self.kitty_points = kitty_points
        self.unseen_total = sum(mem.unseen) if unseen_total is None else unseen_total
        self.bw = base_table(trump)  # `base_worth` by card index
        self.readings = units_memo(trump)
        # every play-suit's unseen cards and copies, found at once: every decision reads
        # them (a context that lives on keeps them in step: note_seen_card)
        unseen = mem.unseen
        self._unseen_suit = {suit: [c for c in cards if unseen[c.index]]
                             for suit, cards in trump.by_suit.items()}
        self._unseen_n = {suit: sum([unseen[c.index] for c in cards])
                          for suit, cards in self._unseen_suit.items()}
        self._counts: list[int] | None = None
        self._groups: dict[str, list[Card]] | None = None
        self._units: dict[str, list[Unit]] = {}
        self._sure: dict[str, list[Unit]] = {}
        self._throw: dict[str, tuple[Card, ...] | None] = {}
        self._ruff: dict[str, float] = {}

    # --- keeping the caches of a context that lives on (the hard bot's simulated seats) ---

    def fork(self, hand: list[Card], mem: Memory, trick: list[tuple[int, tuple[Card, ...]]],
             sizes: list[int]) -> PlayCtx:
        """This context for a copy of its world (hard.World.fork): the same facts and caches
        over the copy's own hand, memory, trick and hand sizes (the caches' lists that change
        in place are copied; the readings of units are shared, as they never change)."""
        new = PlayCtx.__new__(PlayCtx)
        new.trump, new.seat, new.dealer, new.bw, new.readings = (
            self.trump, self.seat, self.dealer, self.bw, self.readings)
        new.partner, new.attacking = self.partner, self.attacking
        new.kitty_points = self.kitty_points
        new.unseen_total = self.unseen_total
        new.hand, new.mem, new.trick, new.sizes = hand, mem, trick, sizes
        # (slices and copy(), not list() and dict(): a fork is made for every candidate)
        new._counts = None if self._counts is None else self._counts[:]
        new._groups = (None if self._groups is None
                       else {suit: cards[:] for suit, cards in self._groups.items()})
        new._unseen_suit = {suit: cards[:] for suit, cards in self._unseen_suit.items()}
        new._unseen_n = self._unseen_n.copy()
        new._units, new._sure = self._units.copy(), self._sure.copy()
        new._throw, new._ruff = self._throw.copy(), self._ruff.copy()
        return new

    def note_own_play(self, cards: tuple[Card, ...]) -> None:
        """This seat played `cards` (already taken out of `hand`): `note_own_card` for
        each."""
        play_suits = self.trump.play_suits
        for c in cards:
            self.note_own_card(c, play_suits[c.index])

    def note_own_card(self, c: Card, suit: str) -> None:
        """This seat played card `c` (of play-suit `suit`, already taken out of `hand`):
        update its own counts and groups, and forget what depended on its suit (and call
        `new_decision` before the next decision)."""
        counts, groups = self._counts, self._groups
        if counts is not None:
            counts[c.index] -= 1
        if groups is not None:
            g = groups[suit]
            remove_card(g, c)
            if not g:
                del groups[suit]
        # (`in` then `del`, not pop(suit, None): a method call, slower, and more so under
        # Pyodide; the caches mostly lack the suit)
        if suit in self._units:
            del self._units[suit]
        if suit in self._sure:
            del self._sure[suit]
        if suit in self._throw:
            del self._throw[suit]

    def note_seen(self, cards: tuple[Card, ...]) -> None:
        """Another seat played `cards`: `note_seen_card` for each."""
        play_suits = self.trump.play_suits
        for c in cards:
            self.note_seen_card(c, play_suits[c.index])

    def note_seen_card(self, c: Card, suit: str) -> None:
        """Another seat played card `c` (of play-suit `suit`): take it out of the unseen
        cards (`mem.unseen`, and the cached unseen cards and counts of its suit, kept in
        step rather than rebuilt), and forget what depended on the unseen cards of its
        suit."""
        unseen = self.mem.unseen
        i = c.index
        left = unseen[i] - 1  # (the seat that played it held it: this seat counted it unseen)
        unseen[i] = left
        self._unseen_n[suit] -= 1
        if not left:
            remove_card(self._unseen_suit[suit], c)
        if suit in self._sure:  # (see note_own_card)
            del self._sure[suit]
        if suit in self._throw:
            del self._throw[suit]

    def new_decision(self) -> None:
        """Forget what holds for one decision only (the ruff risks: every play changes the
        hand sizes they weigh); a context that lives on calls this before each decision."""
        self._ruff.clear()

    @property
    def counts(self) -> list[int]:
        """Copies of each card in the hand, by `Card.index` (a list: a Counter of cards would
        hash them in Python at every look-up)."""
        if self._counts is None:
            counts = [0] * len(ALL_CARDS)
            for c in self.hand:
                counts[c.index] += 1
            self._counts = counts
        return self._counts

    def groups(self) -> dict[str, list[Card]]:
        """The hand by play-suit, each ascending (by strength, then index)."""
        if self._groups is None:
            play_suits = self.trump.play_suits
            g: dict[str, list[Card]] = {}
            order = [c.index for c in self.hand]
            order.sort(key=self.trump.ascending.__getitem__)  # (strength, index): no lambda
            for i in order:
                suit = play_suits[i]
                if suit in g:
                    g[suit].append(ALL_CARDS[i])
                else:
                    g[suit] = [ALL_CARDS[i]]
            self._groups = g
        return self._groups

    def units(self, suit: str) -> list[Unit]:
        """R17 reading of the hand's cards of `suit` (cached)."""
        got = self._units.get(suit)
        if got is None:
            got = self._units[suit] = read_units(self.groups().get(suit, ()), self.trump,
                                                 self.readings)
        return got

    def sure(self, suit: str) -> list[Unit]:
        """The units of the hand's `suit` that no unseen cards can beat (cached)."""
        got = self._sure.get(suit)
        if got is None:
            if self._outpaired(suit):  # (most holdings early in a round: no reading needed)
                got = self._sure[suit] = []
            else:
                got = self._sure[suit] = self._unbeatable(self.units(suit), suit)
        return got

    def _outpaired(self, suit: str) -> bool:
        """Whether the hand's `suit` holds no unit that could be sure, seen without reading
        its units: too few cards for a tractor (R16), and a card stronger than all of them
        unseen twice or more, which beats each of its singles and pairs (R19)."""
        cards = self.groups().get(suit)
        if cards is None:
            return True
        if len(cards) >= 2 * MIN_TRACTOR_PAIRS:
            return False
        order, unseen = self.trump.strengths, self.mem.unseen
        best = order[cards[-1].index]  # (the groups are ascending)
        for c in self._unseen_suit[suit]:  # strongest first
            if order[c.index] <= best:
                return False
            if unseen[c.index] >= 2:
                return True
        return False

    def _unbeatable(self, units: list[Unit], suit: str) -> list[Unit]:
        """`[u for u in units if not unit_beatable(u)]` for the units of `decompose` (tractors,
        pairs, singles, each kind strongest first), in one pass: a single (a pair) is beatable
        exactly when an unseen card (held twice) is stronger, so the strongest such cards
        are found once, and once a single is beatable every weaker one is."""
        order, unseen = self.trump.strengths, self.mem.unseen
        top = top2 = -1  # the strongest unseen card, and held twice (-1: none)
        for c in self.unseen_in(suit):
            if top < 0:
                top = order[c.index]
            if unseen[c.index] >= 2:
                top2 = order[c.index]
                break
        out = []
        for u in units:
            kind = u.kind
            if kind == SINGLE:
                if top > order[u.cards[-1].index]:
                    break  # (singles come last)
            elif kind == PAIR:
                if top2 > order[u.cards[-1].index]:
                    continue
            elif self.unit_beatable(kind, u.cards, suit):
                continue
            out.append(u)
        return out

    # --- card memory ----------------------------------------------------------------------

    def unseen_in(self, suit: str) -> list[Card]:
        """Distinct unseen cards of a play-suit, strongest first."""
        return self._unseen_suit[suit]

    def unseen_count(self, suit: str) -> int:
        """Copies of a play-suit's cards this seat cannot place."""
        return self._unseen_n[suit]

    def is_master(self, c: Card) -> bool:
        """No unseen card of its play-suit is stronger."""
        order = self.trump.strengths
        top = self.unseen_in(self.trump.play_suits[c.index])
        return not top or order[top[0].index] <= order[c.index]

    def unit_beatable(self, kind: str, cards: tuple[Card, ...], suit: str) -> bool:
        """Whether some unseen cards could beat this unit of `suit` in a throw check (R19)."""
        order, unseen = self.trump.strengths, self.mem.unseen
        if kind == SINGLE:  # only the strongest unseen card matters
            top = self.unseen_in(suit)
            return bool(top) and order[top[0].index] > order[cards[-1].index]
        if kind == PAIR:
            mine = order[cards[-1].index]
            for c in self.unseen_in(suit):
                if order[c.index] <= mine:
                    return False
                if unseen[c.index] >= 2:
                    return True
            return False
        length = len(cards) // 2
        top_value = cards[-1].value
        pairable = [c for c in self.unseen_in(suit) if unseen[c.index] >= 2]
        return _has_run(pairable, self.trump, length, top_value)


# The R17 readings of suit holdings met before (by their cards' indices, per trump context):
# a simulated seat holds the same cards in world after world, so most readings repeat. The
# lists are shared, so they are never changed in place (as the context's own caches). A hard
# decision adds a few hundred; the memo starts afresh at this size (about 3 MB), and only the
# latest trump context's memo is kept (a phone's memory).
UNITS_MEMO_SIZE = 4096


@lru_cache(maxsize=1)  # Trump hashes by (level, suit)
def units_memo(trump: Trump) -> dict[tuple[int, ...], list[Unit]]:
    return {}


def read_units(cards: Sequence[Card], trump: Trump,
               memo: dict[tuple[int, ...], list[Unit]]) -> list[Unit]:
    """`decompose(cards, trump)`, remembered by the cards' indices in `memo`, the trump's
    `units_memo` (a context keeps it at hand: looking it up hashes the Trump)."""
    key = tuple([c.index for c in cards])
    got = memo.get(key)
    if got is None:
        if len(memo) >= UNITS_MEMO_SIZE:
            memo.clear()
        got = memo[key] = decompose(cards, trump)
    return got


def _has_run(pairable: list[Card], trump: Trump, length: int, above_value: int) -> bool:
    """Whether `pairable` cards hold `length` adjacent pairs whose top is above `above_value`."""
    cards = sorted(pairable, key=lambda c: c.index)
    run = 1
    for a, b in pairwise(cards):
        run = run + 1 if trump.adjacent(a, b) else 1
        if run >= length and b.value > above_value:
            return True
    return False


# --- worth: what a card is worth keeping ---------------------------------------------------


def base_worth(trump: Trump, c: Card) -> float:
    """The price of spending card `c`, before knowing whether it is a master."""
    if trump.play_suits[c.index] == TRUMP:
        if c.suit is None:
            return 14.0 + (c.value - 15) * 2.0
        if c.rank == trump.level:
            return 12.0 if c.suit == trump.suit else 11.0
        return 5.0 + (c.value - 2) * 0.4
    return max(0, c.value - 8) * 0.7


@cache  # Trump hashes by (level, suit): one table per trump context
def base_table(trump: Trump) -> list[float]:
    """`base_worth` of every card, by `Card.index`."""
    return [base_worth(trump, c) for c in ALL_CARDS]


def card_worth(ctx: PlayCtx, c: Card) -> float:
    """The price of spending card `c` (its points are priced separately): its strength, and
    more if it is a master of its suit."""
    i = c.index
    w = ctx.bw[i]
    suit = ctx.trump.play_suits[i]
    top = ctx._unseen_suit[suit]  # (unseen_in)
    if not top or ctx.trump.strengths[top[0].index] <= ctx.trump.strengths[i]:  # a master
        w += 1.5 if suit == TRUMP else 2.5
    return w


def play_worth(ctx: PlayCtx, cards: tuple[Card, ...] | list[Card],
               counts: list[int]) -> float:
    """Worth of the cards plus the pairs the play breaks or spends."""
    if len(cards) == 1:
        c = cards[0]
        w = card_worth(ctx, c)
        if counts[c.index] == 2:
            w += 4.0 if ctx.trump.play_suits[c.index] == TRUMP else 2.5
        return w
    total = 0.0
    used: dict[int, int] = {}  # copies of each card, in order of first appearance
    for c in cards:
        used[c.index] = used.get(c.index, 0) + 1
    for i, k in used.items():
        c = ALL_CARDS[i]
        total += k * card_worth(ctx, c)
        n = counts[i]
        if n >= 2 and n - k < 2:
            total += 4.0 if ctx.trump.play_suits[c.index] == TRUMP else 2.5
    return total


# --- who may still beat a play --------------------------------------------------------------


def _share(ctx: PlayCtx, opp: int) -> float:
    """The share of the cards `ctx.seat` cannot place that `opp` holds (unseen_total > 0)."""
    share = ctx.sizes[opp] / ctx.unseen_total
    return share if share < 1.0 else 1.0  # (min(1.0, share), without a call)


def _beat_prob(ctx: PlayCtx, opp: int, suit: str, kind: str, rank: int, lead_pairs: int) -> float:
    """Chance that seat `opp` holds, in play-suit `suit`, a unit of the lead's kind that beats
    rank `rank` (R7 order; natural rank of the top pair for tractors)."""
    if suit in ctx.mem.void[opp] or ctx.unseen_total <= 0:
        return 0.0
    share = ctx.sizes[opp] / ctx.unseen_total  # _share
    if share > 1.0:
        share = 1.0
    trump, unseen = ctx.trump, ctx.mem.unseen
    strengths = trump.strengths
    # what `opp` is known to hold: mostly nothing (never in a rollout), and then no look-up
    # (a Counter of cards hashes each card in Python, and a miss calls __missing__)
    known = ctx.mem.known[opp] or None
    if kind == SINGLE:
        h = 0
        for c in ctx.unseen_in(suit):
            if strengths[c.index] <= rank:
                break
            if known is not None and known[c]:
                return 1.0
            h += unseen[c.index]
        return 1.0 - (1.0 - share) ** h if h else 0.0
    if suit in ctx.mem.no_pairs[opp]:
        return 0.0
    if kind == PAIR:
        miss = 1.0
        for c in ctx.unseen_in(suit):
            if strengths[c.index] <= rank:
                break
            u = unseen[c.index]
            if known is not None and known[c] >= 2:
                return 1.0
            if u >= 2:
                s2 = share * share
                miss *= 1.0 - (s2 if u == 2 else 3 * s2 - 2 * s2 * share)
        return 1.0 - miss
    # tractors: possible or not, then a rough chance
    pairable = [c for c in ctx.unseen_in(suit) if unseen[c.index] >= 2]
    if _has_run(pairable, trump, lead_pairs, rank):
        return 0.25 * share * 3
    return 0.0


def _void_prob(ctx: PlayCtx, opp: int, suit: str) -> float:
    if suit in ctx.mem.void[opp]:
        return 1.0
    if ctx.unseen_total <= 0:
        return 0.0
    share = _share(ctx, opp)
    n = ctx.unseen_count(suit)
    return (1.0 - share) ** n


def _ruff_prob(ctx: PlayCtx, opp: int, kind: str, lead_pairs: int) -> float:
    """Chance that `opp` (void in the led side suit) can trump with the lead's shape."""
    if TRUMP in ctx.mem.void[opp]:
        return 0.0
    n = ctx.unseen_count(TRUMP)
    if n == 0:
        return 0.0
    if kind == SINGLE:
        return 1.0 - (1.0 - min(1.0, ctx.sizes[opp] / max(1, ctx.unseen_total))) ** n
    if kind == PAIR and TRUMP not in ctx.mem.no_pairs[opp]:
        return 0.6 if n >= 6 else 0.3
    return 0.15


def threat(ctx: PlayCtx, opp: int, led: str, win_suit: str, kind: str, rank: int,
           lead_pairs: int, multi: bool) -> float:
    """Chance that `opp`, still to play, beats the winning play (of `win_suit`)."""
    if multi:  # a throw: beating needs its whole shape, seldom possible
        if led != TRUMP and win_suit == led:
            return 0.3 * _void_prob(ctx, opp, led) * _ruff_prob(ctx, opp, PAIR, 1)
        return 0.02
    if win_suit == led:
        same = _beat_prob(ctx, opp, led, kind, rank, lead_pairs)
        if led == TRUMP:
            return same
        ruff = _void_prob(ctx, opp, led) * _ruff_prob(ctx, opp, kind, lead_pairs)
        return 1.0 - (1.0 - same) * (1.0 - ruff)
    # the trick was trumped: only an over-ruff by a player void in the led suit beats it
    return _void_prob(ctx, opp, led) * _beat_prob(ctx, opp, TRUMP, kind, rank, lead_pairs)


# --- the trick in progress -----------------------------------------------------------------


class TrickInfo:
    """The lead's shape and the winner so far. `lead_units` is the lead read as units (R17),
    None for a lead of one single or one pair (its `kind` says all). For those two leads,
    `best` and `best_key` are the winning play so far and its R22/R23 key (trump, strength),
    so that a follow's effect is judged without judging the whole trick again."""

    __slots__ = ("_multi_best", "best", "best_key", "kind", "lead", "lead_pairs", "lead_units",
                 "led", "multi", "n", "plays", "pts", "shape")

    def __init__(self, ctx: PlayCtx) -> None:
        self.plays = plays = [cards for _, cards in ctx.trick]
        self.lead = lead = plays[0]
        self.n = len(lead)
        trump = ctx.trump
        self.led = trump.play_suits[lead[0].index]
        self.pts = points_of_plays(plays)
        self.best = -1
        self.best_key = (False, 0)
        self._multi_best: tuple[int, tuple[bool, int]] | None = None
        if self.n == 1 or (self.n == 2 and lead[0] is lead[1]):
            if self.n == 1:
                self.kind, self.lead_pairs, self.multi, self.lead_units = SINGLE, 0, False, None
            else:
                self.kind, self.lead_pairs, self.multi, self.lead_units = PAIR, 1, False, None
            found = single_or_pair_best(plays, trump)
            assert found is not None  # the lead is one single or one pair
            self.best, self.best_key = found
        else:
            units = read_units(lead, trump, ctx.readings)
            self.lead_units = units
            self.shape = lead_shape(units)
            self.multi = len(units) > 1
            self.kind = units[0].kind
            self.lead_pairs = units[0].pairs

    def winner_with(self, ctx: PlayCtx, play: tuple[Card, ...]) -> int:
        """Index of the trick's winner if `play` is added to the plays so far."""
        if self.best < 0:
            return self._winner_with_units(ctx, play)
        if self.n == 2 and play[0] is not play[1]:
            return self.best
        trump = ctx.trump
        suit = trump.play_suits[play[0].index]
        if suit != self.led and suit != TRUMP:
            return self.best
        if (suit == TRUMP, trump.strengths[play[0].index]) > self.best_key:
            return len(self.plays)
        return self.best

    def _winner_with_units(self, ctx: PlayCtx, play: tuple[Card, ...]) -> int:
        """`winner_with` for any other lead, as rules.trick_winner_by_units judges it: each
        play's R23 key depends on the lead alone, so the plays so far are judged once and a
        candidate only against the best of them."""
        trump = ctx.trump
        units = self.lead_units
        assert units is not None  # set for every lead but one single or one pair
        if self._multi_best is None:
            plays = self.plays
            best, best_key = 0, (self.led == TRUMP, top_rank(plays[0], units, trump))
            for i in range(1, len(plays)):
                key = self._unit_key(trump, plays[i])
                if key is not None and key > best_key:
                    best, best_key = i, key
            self._multi_best = (best, best_key)
        best, best_key = self._multi_best
        key = self._unit_key(trump, play)
        return len(self.plays) if key is not None and key > best_key else best

    def _unit_key(self, trump: Trump, play: tuple[Card, ...]) -> tuple[bool, int] | None:
        """A follow's R22/R23 key against this lead, or None if it cannot win."""
        suits = trump.play_suits
        suit = suits[play[0].index]
        if suit != self.led and suit != TRUMP:
            return None
        for c in play:
            if suits[c.index] != suit:
                return None
        units = self.lead_units
        assert units is not None  # (as above)
        if not self.shape[0]:  # no tractor led: only the play's pairs count (R22/R23)
            return self._pairs_key(trump, play, suit == TRUMP)
        runs = pair_runs(play, trump)
        if not fits_shape(runs, self.shape):
            return None
        return (suit == TRUMP, top_rank(play, units, trump, runs))

    def _pairs_key(self, trump: Trump, play: tuple[Card, ...],
                   trumps: bool) -> tuple[bool, int] | None:
        """`_unit_key` against a lead without tractors, from the play's paired cards alone
        (no runs to build: `fits_shape` then asks for enough pairs, and `top_rank` reads the
        strongest paired card for a lead with pairs, else the strongest card)."""
        strengths = trump.strengths
        copies: dict[int, int] = {}
        for c in play:
            copies[c.index] = copies.get(c.index, 0) + 1
        paired = [i for i, k in copies.items() if k >= 2]
        if len(paired) < self.shape[1]:
            return None
        if self.kind == SINGLE:  # (the lead's strongest kind)
            return (trumps, max([strengths[i] for i in copies]))
        return (trumps, max([strengths[i] for i in paired]))

    def rank_of(self, ctx: PlayCtx, play: tuple[Card, ...]) -> int:
        """R23 rank of a play's top unit as the lead's kind."""
        trump = ctx.trump
        if self.kind == SINGLE:
            if len(play) == 1:  # the common case: no generator
                return trump.strengths[play[0].index]
            return max(trump.strengths[c.index] for c in play)
        if self.kind == PAIR:
            if self.multi:
                runs = pair_runs(play, trump)
                return max((trump.strengths[c.index] for r in runs for c in r), default=0)
            return trump.strengths[play[0].index]
        runs = pair_runs(play, trump)
        return max((r[-1].value for r in runs if len(r) >= self.lead_pairs), default=0)


def _hold_prob(ctx: PlayCtx, ti: TrickInfo, play: tuple[Card, ...], win_seat: int,
               later: tuple[int, ...]) -> float:
    """Chance that `play`, of seat `win_seat`, stays the winner against the opponents (of
    its player) who still play after it, in order `later`."""
    win_suit = ctx.trump.play_suits[play[0].index]
    win_team = team_of(win_seat)
    rank = -1
    p = 1.0
    for s in later:
        if team_of(s) == win_team:
            continue
        if rank < 0:  # (a throw's threat does not weigh the rank: not read then)
            rank = 0 if ti.multi else ti.rank_of(ctx, play)
        p *= 1.0 - threat(ctx, s, ti.led, win_suit, ti.kind, rank, ti.lead_pairs, ti.multi)
    return p


# --- follows -----------------------------------------------------------------------------


def follow_candidates(ctx: PlayCtx, ti: TrickInfo) -> list[tuple[Card, ...]]:
    """A varied set of legal follows: every card or pair for single and pair leads, and
    cheap / strong / point-feeding selections (and ruffs) otherwise."""
    trump = ctx.trump
    n, led = ti.n, ti.led
    groups = ctx.groups()
    suit_cards = groups.get(led, [])
    counts = ctx.counts
    bw = ctx.bw
    cheap = lambda c: (bw[c.index] + c.points * 1.5 + (2.0 if counts[c.index] >= 2 else 0.0),  # noqa: E731
                       c.index)
    feed = lambda c: (-c.points, bw[c.index], c.index)  # noqa: E731
    strong = lambda c: (-trump.strengths[c.index], c.points, c.index)  # noqa: E731
    out: list[tuple[Card, ...]] = []
    if len(suit_cards) > n:
        if n == 1:
            return _single_follows(ctx, ti.plays[ti.best][0], suit_cards)  # (distinct)
        if ti.kind == PAIR and not ti.multi:
            pairs = _pair_follows(suit_cards, counts)
            if pairs:
                return pairs
            by_cheap = sorted(suit_cards, key=cheap)
            by_feed = sorted(suit_cards, key=feed)
            by_strong = sorted(suit_cards, key=strong)
            out = [tuple(by_cheap[:2]), tuple(by_feed[:2]), tuple(by_strong[:2])]
            rest = list(by_feed)
            remove_card(rest, by_cheap[0])
            out.append((by_cheap[0], rest[0]))
        else:
            # TrickInfo reads the units of every lead but one single or one pair (the two
            # cases above), so `lead_units` is set here: no check in this hot path.
            tp, p = shape_counts(ti.lead_units)  # type: ignore[arg-type]
            out += [tuple(f) for f in build_follows(suit_cards, n, tp, p, trump,
                                                    (cheap, feed, strong))]
    else:
        k = n - len(suit_cards)
        base = tuple(suit_cards)
        if k == 0:
            return [base]
        trumps = groups.get(TRUMP, []) if led != TRUMP else []
        side_others = [c for s, g in groups.items() if s != led and s != TRUMP for c in g]
        others = side_others + trumps
        if k == 1:
            fills = [[min(others, key=cheap)], [min(others, key=feed)]]
            if side_others:
                fills.append([min(side_others, key=feed)])
        else:
            fills = [nsmallest(k, others, key=cheap), nsmallest(k, others, key=feed)]
            if len(side_others) >= k:
                fills.append(nsmallest(k, side_others, key=feed))
        out = [base + tuple(f) for f in fills]
        if not suit_cards and led != TRUMP and len(trumps) >= n:
            if n == 1:
                out += _single_follows(ctx, ti.plays[ti.best][0], trumps)
            elif ti.kind == PAIR and not ti.multi:
                out += [(c, c) for c in sorted({c for c in trumps if counts[c.index] >= 2},
                                               key=lambda c: c.index)]
            else:
                tp, p = shape_counts(ti.lead_units)  # type: ignore[arg-type]  # as above
                if len(trumps) == n:
                    out.append(tuple(trumps))
                else:
                    out += [tuple(f) for f in build_follows(trumps, n, tp, p, trump,
                                                            (cheap, strong, feed))]
    seen = set()
    uniq = []
    if n == 1:
        for play in out:
            i = play[0].index
            if i not in seen:
                seen.add(i)
                uniq.append(play)
        return uniq
    keys: set[tuple[int, ...]] = set()
    for play in out:
        key = tuple(sorted([c.index for c in play]))
        if key not in keys:
            keys.add(key)
            uniq.append(play)
    return uniq


def _pair_follows(cards: list[Card], counts: list[int]) -> list[tuple[Card, ...]]:
    """Every pair in `cards` (one play-suit of the hand), by card index."""
    pairs = []
    last = None
    for c in cards:  # (copies of a card sit side by side in the hand's groups)
        if c is not last and counts[c.index] >= 2:
            pairs.append(c)
        last = c
    pairs.sort(key=lambda c: c.index)
    return [(c, c) for c in pairs]


def _single_follows(ctx: PlayCtx, best: Card, cards: list[Card]) -> list[tuple[Card, ...]]:
    """The single cards worth considering from `cards` (one play-suit of the hand, as
    `groups()` keeps it: ascending by strength, then index): the lowest, the lowest without
    points, the lowest of each point rank, the cheapest that beats `best` (the card winning
    the trick so far), and the highest."""
    trump = ctx.trump
    order = trump.strengths
    # The distinct cards by (strength, points, index): `cards` in their order, since two
    # cards of equal strength (level cards of the side suits, R7) have the same rank, so the
    # same points. Copies of a card sit side by side.
    distinct = []
    last = None
    for c in cards:
        if c is not last:
            distinct.append(c)
            last = c
    if len(distinct) <= 4:
        return [(c,) for c in distinct]
    # one pass: the lowest without points, of each point rank (5, 10, K: R4), that beats
    suit = trump.play_suits[distinct[0].index]
    beating = trump.play_suits[best.index] == suit
    to_beat = order[best.index]
    nonpoint: Card | None = None
    five = ten = king = beat = nonpoint
    for c in distinct:
        if not c.points:
            if nonpoint is None:
                nonpoint = c
        elif c.value == 5:
            if five is None:
                five = c
        elif c.value == 10:
            if ten is None:
                ten = c
        elif king is None:  # (a K: the only other cards with points)
            king = c
        if beating and beat is None and order[c.index] > to_beat:
            beat = c
    if suit == TRUMP and not beating:  # trumping a side-suit lead: any trump beats it
        beat = nonpoint or distinct[0]
    out: list[tuple[Card, ...]] = [(distinct[0],)]
    taken = {distinct[0].index}  # (indices: == between cards is slow, see remove_card)
    for kept in (distinct[-1], nonpoint, five, ten, king, beat):
        if kept is not None and kept.index not in taken:
            taken.add(kept.index)
            out.append((kept,))
    return out


def choose_follow(ctx: PlayCtx) -> tuple[Card, ...]:
    lead = ctx.trick[0][1]
    n = len(lead)
    suit_cards = (ctx._groups or ctx.groups()).get(ctx.trump.play_suits[lead[0].index])
    if suit_cards is not None:
        held = len(suit_cards)
        if held == n:  # every card of the led suit (R20): follow_candidates' only one
            return tuple(suit_cards)
        if held > n and n <= 2:
            got = _follow_unit_in_suit(ctx, lead, suit_cards)
            if got is not None:
                return got
    ti = TrickInfo(ctx)
    cands = follow_candidates(ctx, ti)
    if len(cands) == 1:
        return cands[0]
    scored = score_follows(ctx, ti, cands)
    best = max(scored, key=lambda x: x[0])
    return best[1]


def _follow_unit_in_suit(ctx: PlayCtx, lead: tuple[Card, ...],
                         suit_cards: list[Card]) -> tuple[Card, ...] | None:
    """`choose_follow` to a `lead` of one card or two when the seat holds more cards of the
    led play-suit (`suit_cards`) than were led (the rollouts' commonest plays), else None: the
    candidates of `follow_candidates` (every card worth trying, or every pair) scored as
    `score_follows` scores them, without a TrickInfo (the winner so far is
    `single_or_pair_best`'s) and with each candidate priced as `play_worth` prices
    one card or one pair. None also when a pair was led and the seat holds no pair of its
    suit. tests/test_sim_fast_paths.py checks it against the general path."""
    trump = ctx.trump
    play_suits, strengths = trump.play_suits, trump.strengths
    trick = ctx.trick
    n = len(lead)
    pair = n == 2
    if pair and lead[0] is not lead[1]:
        return None
    led = play_suits[lead[0].index]
    plays = [play for _, play in trick]
    winning = single_or_pair_best(plays, trump)  # R22/R23, as the rules judge these leads
    assert winning is not None  # a single or a pair was led
    best, best_key = winning
    pos = len(trick)  # my place in the trick
    counts = ctx._counts or ctx.counts
    if pair:
        cands = _pair_follows(suit_cards, counts)
        if not cands:
            return None
    else:
        cands = _single_follows(ctx, trick[best][1][0], suit_cards)
    if len(cands) == 1:
        return cands[0]
    seat, leader = ctx.seat, trick[0][0]
    later = _LATER[seat][pos]
    opponents_later = _OPPONENTS_LATER[seat][pos]
    partner = ctx.partner
    partner_later = partner in later
    trick_pts = points_of_plays(plays)  # the points on the table
    kind = PAIR if pair else SINGLE
    lead_trump = led == TRUMP
    pair_cost = 4.0 if lead_trump else 2.5  # a pair broken or spent (play_worth)
    master_cost = 1.5 if lead_trump else 2.5  # (card_worth)
    bw = ctx.bw
    top = ctx.unseen_in(led)
    top_strength = strengths[top[0].index] if top else -1  # a card this strong is a master
    best_value = 0.0
    chosen: tuple[Card, ...] | None = None
    lost_p = -1.0  # (below; -1: not found yet)
    rivals: list[tuple[int, float]] | None = None  # the opponents after me, and their ruffs
    for cand in cands:
        c = cand[0]
        i = c.index
        wins = (lead_trump, strengths[i]) > best_key
        if wins:  # _hold_prob: threat(...) of each opponent after me, its ruff found once
            if rivals is None:
                rivals = [(s, 0.0 if lead_trump else
                           _void_prob(ctx, s, led) * _ruff_prob(ctx, s, kind, n - 1))
                          for s in opponents_later]
            rank = strengths[i]
            p = 1.0
            for s, ruff in rivals:
                same = _beat_prob(ctx, s, led, kind, rank, n - 1)
                p *= 1.0 - (same if lead_trump else 1.0 - (1.0 - same) * (1.0 - ruff))
        elif lost_p >= 0.0:
            p = lost_p
        else:  # the winner so far stays the winner: the same chance for every such card
            win = trick[best][1][0]
            win_suit = play_suits[win.index]
            if seat_after(leader, best) == partner:  # _hold_prob
                rank = strengths[win.index]
                p = 1.0
                for s in opponents_later:
                    p *= 1.0 - threat(ctx, s, led, win_suit, kind, rank, n - 1, False)
            elif partner_later:  # an opponent's, and my partner may still take it
                p = 0.5 * threat(ctx, partner, led, win_suit, kind, strengths[win.index],
                                 n - 1, False)
            else:
                p = 0.0
            lost_p = p
        # (more cards in hand than this trick takes: not the last trick, no kitty bonus)
        worth = bw[i]  # card_worth
        if top_strength <= strengths[i]:
            worth += master_cost
        if pair:
            pts = trick_pts + 2 * c.points
            worth = 2 * worth + pair_cost  # (at most 3 copies: a pair spent)
        else:
            pts = trick_pts + c.points
            if counts[i] == 2:
                worth += pair_cost
        value = p * (pts + 0.0) - (1.0 - p) * (pts + 0.0) - worth
        if wins:
            value += 1.0  # taking the lead is worth a little
        if chosen is None or value > best_value:
            best_value, chosen = value, cand
    return chosen


# The seats still to play after `seat` when it plays `pos`-th (0: the lead) in a trick, and
# the opponents among them.
_LATER = [[OTHERS[seat][:3 - pos] for pos in range(4)] for seat in SEATS]
_OPPONENTS_LATER = [[tuple(s for s in later if s in OPPONENTS[seat]) for later in _LATER[seat]]
                    for seat in SEATS]


def score_follows(ctx: PlayCtx, ti: TrickInfo,
                  cands: list[tuple[Card, ...]]) -> list[tuple[float, tuple[Card, ...]]]:
    seat, leader = ctx.seat, ctx.trick[0][0]
    my_team = team_of(seat)
    pos = len(ctx.trick)  # my index among the plays
    later = _LATER[seat][pos]
    partner = ctx.partner
    partner_later = partner in later
    plays = ti.plays
    trick_pts = ti.pts
    counts = ctx.counts
    last_trick = len(ctx.hand) == ti.n
    bonus = 0.0
    if last_trick:  # R25: the last trick decides the kitty's doubled points
        bonus = ctx.kitty_points * 2
    attack = ctx.attacking
    gain_bonus = bonus if attack else 0.0
    loss_bonus = 0.0 if attack else bonus
    out = []
    cache: dict[int, float] = {}
    for cand in cands:
        w = ti.winner_with(ctx, cand)
        if w != pos and w in cache:  # the trick's winner is not this play: same chance
            p = cache[w]
        else:
            w_seat = seat_after(leader, w)
            win_play = plays[w] if w != pos else cand
            if team_of(w_seat) == my_team:
                p = _hold_prob(ctx, ti, win_play, w_seat, later)
            elif partner_later:
                # the partner may still take it: a rough chance of beating the winner
                rank = 0 if ti.multi else ti.rank_of(ctx, win_play)  # (as in _hold_prob)
                win_suit = ctx.trump.play_suits[win_play[0].index]
                b = threat(ctx, partner, ti.led, win_suit, ti.kind, rank, ti.lead_pairs,
                           ti.multi)
                p = 0.5 * b
            else:
                p = 0.0
            if w != pos:
                cache[w] = p
        pts = trick_pts + points_of(cand)
        value = (p * (pts + gain_bonus) - (1.0 - p) * (pts + loss_bonus)
                 - play_worth(ctx, cand, counts))
        if w == pos:
            value += 1.0  # taking the lead is worth a little
        out.append((value, cand))
    return out


# --- leads -------------------------------------------------------------------------------


def _ruff_risk(ctx: PlayCtx, suit: str) -> float:
    """Chance that an opponent is void in side suit `suit` and holds trumps (known voids count
    fully; otherwise judged from how few cards of the suit are left unseen)."""
    if suit == TRUMP:
        return 0.0
    got = ctx._ruff.get(suit)
    if got is None:
        safe = 1.0
        void, sizes, total = ctx.mem.void, ctx.sizes, ctx.unseen_total
        for opp in OPPONENTS[ctx.seat]:
            if TRUMP in void[opp] or sizes[opp] == 0:
                continue
            if suit in void[opp]:  # _void_prob, inline
                p = 1.0
            elif total <= 0:
                p = 0.0
            else:
                share = sizes[opp] / total  # _share
                if share > 1.0:
                    share = 1.0
                p = (1.0 - share) ** ctx.unseen_count(suit)
            safe *= 1.0 - p
        got = ctx._ruff[suit] = 1.0 - safe
    return got


RUFF_RISK_OK = 0.3


def _opponents_void(ctx: PlayCtx, suit: str) -> bool:
    return all(suit in ctx.mem.void[o] for o in opponents_of(ctx.seat))


def sure_units(ctx: PlayCtx, suit: str) -> list[Unit]:
    """The units of the hand's `suit` that no unseen cards can beat."""
    return ctx.sure(suit)


def safe_throw(ctx: PlayCtx, suit: str) -> tuple[Card, ...] | None:
    """A throw of two or more units of the hand's `suit` that surely stands (R19), or None."""
    void = ctx.mem.void
    first, second, third = OTHERS[ctx.seat]
    nobody = suit in void[first] and suit in void[second] and suit in void[third]
    # (the rest depends only on the hand and the unseen cards: a throw found before, with
    # two units or more, stands until a play of the suit forgets it)
    if nobody:  # nobody can beat anything (R19): the whole suit, if it is two units or more
        return tuple(ctx.groups()[suit]) if len(ctx.units(suit)) >= 2 else None
    if suit in ctx._throw:
        return ctx._throw[suit]
    sure = sure_units(ctx, suit)  # (fewer than two units: fewer than two sure)
    got: tuple[Card, ...] | None = None
    if len(sure) >= 2:
        throw = [c for u in sure for c in u.cards]
        units = read_units(throw, ctx.trump, ctx.readings)  # (one play-suit: nothing to check)
        if len(units) >= 2 and not any(ctx.unit_beatable(u.kind, u.cards, suit)
                                       for u in units):
            got = tuple(throw)
    ctx._throw[suit] = got
    return got


def choose_lead(ctx: PlayCtx) -> tuple[Card, ...]:
    trump = ctx.trump
    groups = ctx.groups()
    hand = ctx.hand
    counts = ctx.counts
    # 1. the whole hand in one go (the last trick, or a suit that is all masters)
    if len(groups) == 1:
        (suit, cards), = groups.items()
        if len(ctx.units(suit)) == 1:
            return tuple(cards)
        t = safe_throw(ctx, suit)
        if t is not None and len(t) == len(hand):
            return t
    trumps = groups.get(TRUMP, [])
    # 抠底 (R25): near the end, a 庄家's side with points in the kitty draws the attackers'
    # trumps with its sure trump units, so that the last trick stays theirs
    endgame = len(hand) <= 8 and ctx.kitty_points >= 10
    if endgame and not ctx.attacking and trumps and ctx.unseen_count(TRUMP):
        sure_t = sorted(ctx.sure(TRUMP), key=lambda u: (u.pairs, len(u.cards)), reverse=True)
        if sure_t and len(sure_t[0].cards) < len(hand):
            return sure_t[0].cards
    # each side suit's ruff risk, once (steps 2, 3 and 6 weigh it)
    risks = {suit: _ruff_risk(ctx, suit) for suit in groups if suit != TRUMP}
    # 2. safe throws of side suits (no ruff risk), largest first
    best = None
    for suit, risk in risks.items():
        if risk > RUFF_RISK_OK:
            continue
        t = safe_throw(ctx, suit)
        if t is not None:
            key = (len(t), points_of(t))
            if best is None or key > best[0]:
                best = (key, t)
    if best is not None:
        return best[1]
    # 3. sure winners in side suits: tractors, pairs, then singles (the first of the best)
    sure_key: tuple[int, int, int] | None = None
    sure_lead: tuple[Card, ...] = ()
    for suit, risk in risks.items():
        if risk > RUFF_RISK_OK:
            continue
        length = len(groups[suit])
        for u in sure_units(ctx, suit):
            # a lone master single with few cards left in the suit outside is still fine
            rank = (u.pairs * 3 + len(u.cards), points_of(u.cards), -length)
            if sure_key is None or rank > sure_key:
                sure_key, sure_lead = rank, u.cards
    if sure_key is not None:
        return sure_lead
    # 4. a ruff for a void partner
    partner = ctx.partner
    pv = ctx.mem.void[partner]
    if TRUMP not in pv:
        options = []
        for suit, cards in groups.items():
            if suit != TRUMP and suit in pv and not _opponents_void(ctx, suit):
                low = min(cards, key=lambda c: (c.points, trump.strengths[c.index]))
                options.append(((low.points, len(cards)), (low,)))
        if options:
            options.sort(key=lambda x: x[0])
            return options[0][1]
    # 5. draw trumps when long in them, with sure trump units first
    opp_trumps = ctx.unseen_count(TRUMP)
    if trumps and opp_trumps and not (endgame and ctx.attacking):  # attackers keep trumps late
        sure_t = sure_units(ctx, TRUMP)
        long_trumps = len(trumps) >= max(4, 0.45 * len(hand))
        if sure_t and (long_trumps or sure_t[0].pairs):
            t = safe_throw(ctx, TRUMP)
            if t is not None and long_trumps:
                return t
            # sorted, not in place: the list is the context's cache
            sure_t = sorted(sure_t, key=lambda u: (u.pairs, len(u.cards)), reverse=True)
            if sure_t[0].pairs or long_trumps:
                return sure_t[0].cards
        if long_trumps and not ctx.attacking and len(trumps) >= opp_trumps * 0.6:
            units = ctx.units(TRUMP)
            pairs = [u for u in units if u.pairs]
            if pairs:
                low_pair = min(pairs, key=lambda u: (trump.strengths[u.top.index], u.top.index))
                if low_pair.top.points == 0 and card_worth(ctx, low_pair.top) < 9:
                    return low_pair.cards
    # 6. lead low from a short side suit; avoid point cards and breaking pairs
    if risks:
        best_c = None
        bw, strengths = ctx.bw, trump.strengths
        for suit, ruff in risks.items():
            shortness = len(groups[suit]) * 0.35  # prefer short suits (voids)
            partner_ruffs = suit in pv and TRUMP not in pv
            unseen = ctx.unseen_in(suit)
            master = strengths[unseen[0].index] if unseen else -1  # (card_worth's master)
            for u in ctx.units(suit):
                kind = u.kind
                if kind == TRACTOR:
                    continue
                top = u.cards[-1]
                i = top.index
                # play_worth of a side single or pair, as card_worth prices each card
                worth = bw[i] + 2.5 if master <= strengths[i] else bw[i]
                if kind == PAIR:
                    worth = 2 * worth + 2.5  # (a pair spent)
                    pts = 2 * top.points
                else:
                    if counts[i] == 2:
                        worth += 2.5  # (a pair broken)
                    pts = top.points
                cost = worth + pts * 1.6
                if kind == PAIR:
                    cost += -1.0 if top.points == 0 else 3.0
                cost += shortness
                if ruff:
                    cost += ruff * (3.0 + 2.0 * pts)
                if partner_ruffs:  # partner void (and can ruff): attractive
                    cost -= 3.0
                if best_c is None or (cost, i) < best_c[0]:
                    best_c = ((cost, i), u.cards)
        if best_c is not None:
            return best_c[1]
    # 7. only trumps (or only tractors): lead the cheapest unit
    units = list(ctx.units(TRUMP)) if trumps else decompose(hand, trump)
    units.sort(key=lambda u: (play_worth(ctx, u.cards, counts) / len(u.cards)
                              + points_of(u.cards), u.top.index))
    return units[0].cards


def choose_play(ctx: PlayCtx, validate: bool = True) -> tuple[Card, ...]:
    """The normal policy's play, checked against the rules (falls back to a legal play)."""
    if not validate:
        return choose_lead(ctx) if not ctx.trick else choose_follow(ctx)
    if not ctx.trick:
        play = choose_lead(ctx)
        try:
            classify(play, ctx.trump)
            return play
        except IllegalPlay:  # pragma: no cover - defensive
            return (min(ctx.hand, key=lambda c: c.index),)
    play = choose_follow(ctx)
    try:
        check_follow(ctx.hand, ctx.trick[0][1], play, ctx.trump)
        return play
    except IllegalPlay:  # pragma: no cover - defensive
        from ..options import follow_options
        return tuple(follow_options(ctx.hand, ctx.trick[0][1], ctx.trump)[0])


def without_gift(ctx: PlayCtx, ranked: list[tuple[Card, ...]]) -> list[tuple[Card, ...]]:
    """`ranked` follows (best first) kept to those adding the fewest points the hand allows
    when the seat plays last to a trick the opponents take whatever it plays (certain.py): a
    point added there is a gift. Otherwise `ranked` unchanged."""
    facts = last_seat_facts(ctx.hand, ctx.trick, ctx.trump, ctx.seat, ranked)
    if facts is None or facts.outcome != LOST:
        return ranked
    keep = [p for p in ranked if points_of(p) == facts.least]
    return keep or [facts.least_play]


def without_sure_gift(ctx: PlayCtx, ranked: list[tuple[Card, ...]]) -> list[tuple[Card, ...]]:
    """`without_gift`, and for a seat that plays before the last as well: where the opponents
    take the trick whatever anyone still to play does (certain.py's `opponents_take`: a lead
    topped by a big joker, say, or partner's lead beaten with only opponents still to play),
    the follows adding the fewest points."""
    if len(ctx.trick) == 3:
        return without_gift(ctx, ranked)
    if not opponents_take(ctx.hand, ctx.trick, ctx.trump, ctx.seat, ctx.mem, ranked):
        return ranked
    least = fewest_points_follow(ctx.hand, ctx.trick[0][1], ctx.trump)
    keep = [p for p in ranked if points_of(p) == points_of(least)]
    return keep or [least]


def choose_checked_play(ctx: PlayCtx) -> tuple[Card, ...]:
    """The normal bot's own play: `choose_play`, and no gift when the seat plays last to a
    trick certainly lost (the rollouts of the hard bot use `choose_play` alone, for speed)."""
    play = choose_play(ctx)
    if len(ctx.trick) == 3:
        ti = TrickInfo(ctx)
        cands = follow_candidates(ctx, ti)
        ranked = [c for _, c in sorted(score_follows(ctx, ti, cands), key=lambda x: -x[0])]
        if play not in ranked:
            ranked.insert(0, play)
        else:
            ranked.remove(play)
            ranked.insert(0, play)
        play = without_gift(ctx, ranked)[0]
    return play


__all__ = ["PlayCtx", "choose_checked_play", "choose_follow", "choose_lead", "choose_play",
           "without_gift", "without_sure_gift"]
