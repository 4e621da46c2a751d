"""The rules of play: trumps and card order, units, leads, follows, throws and trick winners.

Rule ids (R6, R7, R16–R23) refer to shared/RULES.md. Everything here is a pure function of
cards and a `Trump`; the match state machine (engine.match) calls these and nothing else to
judge a play.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations

from .cards import ALL_CARDS, RANKS, SUITS, Card, card_label, cards_label, format_cards
from .errors import WRONG_TYPES, ArgumentError, shown, wrong_arguments
from .errors import IllegalPlay as IllegalPlay  # part of the stable rules API (DESIGN.md)

TRUMP = "T"  # the play-suit of all trumps (R6)
SINGLE, PAIR, TRACTOR = "single", "pair", "tractor"
_KIND_ORDER = {SINGLE: 0, PAIR: 1, TRACTOR: 2}
MIN_TRACTOR_PAIRS = 3  # R16: three or more pairs
PLAY_SUITS = (*SUITS, TRUMP)
_TABLE_NAMES = ("play_suits", "strengths", "by_suit", "ascending", "_display")


@dataclass(frozen=True)
class Trump:
    """The trump context of a round (R6/R7): the level rank and the trump suit (None: 无主).

    Every card's play-suit and strength are looked up in tables built once per context and
    shared by every Trump of that context. The tables are public, indexed by `Card.index`,
    for code that must be quick (the bots' simulations): `play_suits[c.index]` is
    `suit_of(c)`, `strengths[c.index]` is `order(c)`, `by_suit[s]` lists the distinct
    cards of play-suit `s`, strongest first, and `ascending[c.index]` is the card's place
    among all 54 sorted by (strength, index) (a sort key that is a list's `__getitem__`).
    """

    level: str
    suit: str | None = None
    play_suits: tuple[str, ...] = field(init=False, repr=False, compare=False)
    strengths: tuple[int, ...] = field(init=False, repr=False, compare=False)
    by_suit: dict[str, tuple[Card, ...]] = field(init=False, repr=False, compare=False)
    ascending: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _display: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if type(self.level) is not str or self.level not in RANKS:
            raise ArgumentError(f"the trump's level must be a rank 2..A, not {shown(self.level)}",
                                f"主牌的级牌必须是 2..A 中的点数，不能是 {shown(self.level, 'zh')}")
        if self.suit is not None and (type(self.suit) is not str or self.suit not in SUITS):
            raise ArgumentError(f"the trump suit must be one of {', '.join(SUITS)} or None, not "
                                f"{shown(self.suit)}",
                                f"主花色必须是 {', '.join(SUITS)} 之一或 None，"
                                f"不能是 {shown(self.suit, 'zh')}")
        tables = _context_tables(self.level, self.suit)
        for name, table in zip(_TABLE_NAMES, tables, strict=True):
            object.__setattr__(self, name, table)

    def suit_of(self, c: Card) -> str:
        """The play-suit of a card: "T" for every trump, else its printed suit (R6)."""
        return self.play_suits[c.index]

    def is_trump(self, c: Card) -> bool:
        return self.play_suits[c.index] == TRUMP

    def order(self, c: Card) -> int:
        """The card's strength within its play-suit (R7); equal numbers are equal cards."""
        return self.strengths[c.index]

    def adjacent(self, low: Card, high: Card) -> bool:
        """Whether pairs of `low` and `high` are neighbours in a tractor (R16): same printed
        suit, consecutive natural rank, same play-suit. Jokers never are."""
        return (
            low.suit is not None
            and low.suit == high.suit
            and high.value == low.value + 1
            and self.play_suits[low.index] == self.play_suits[high.index]
        )

    def ranking(self) -> list[tuple[Card, ...]]:
        """The trumps from strongest to weakest (R7), cards of equal strength grouped: 大王,
        小王, the trump suit's level card, the other level cards (equal), then the trump suit
        A..2. (No-trump: jokers and level cards only.)"""
        groups: list[tuple[Card, ...]] = []
        for c in self.by_suit[TRUMP]:
            if groups and self.strengths[groups[-1][0].index] == self.strengths[c.index]:
                groups[-1] = (*groups[-1], c)
            else:
                groups.append((c,))
        return groups

    def sort_key(self, c: Card) -> int:
        """Display order for a hand: side suits by bidding order, trumps together last, each
        group low to high."""
        return self._display[c.index]


def _rank_card(c: Card, level: str, suit: str | None) -> tuple[str, int]:
    """R7: a card's play-suit and strength: 大王 > 小王 > 主级牌 > other level cards (equal)
    > trump suit A..2 > side cards."""
    if c.suit is None:
        return TRUMP, 200 + c.value
    if c.rank == level:
        return TRUMP, 198 if c.suit == suit else 197
    if c.suit == suit:
        return TRUMP, c.value
    return c.suit, c.value


@cache  # one set of tables per trump context, shared by every Trump built for it
def _context_tables(level: str, suit: str | None) -> tuple[object, ...]:
    suits, strengths = zip(*(_rank_card(c, level, suit) for c in ALL_CARDS), strict=True)
    display = tuple((4 if s == TRUMP else SUITS.index(s)) * 10_000 + o * 100 + c.index
                    for c, s, o in zip(ALL_CARDS, suits, strengths, strict=True))
    by_suit = {s: tuple(sorted((c for c in ALL_CARDS if suits[c.index] == s),
                               key=lambda c: (-strengths[c.index], -c.index)))
               for s in PLAY_SUITS}
    ascending = [0] * len(ALL_CARDS)
    for place, c in enumerate(sorted(ALL_CARDS, key=lambda c: (strengths[c.index], c.index))):
        ascending[c.index] = place
    return suits, strengths, by_suit, tuple(ascending), display


@dataclass(frozen=True)
class Unit:
    """A single, a pair or a tractor (R16). `cards` are ascending; `top` is the highest card
    (for a tractor, a card of its top pair); `pairs` is 0, 1 or the tractor's length."""

    kind: str
    cards: tuple[Card, ...]

    @property
    def top(self) -> Card:
        return self.cards[-1]

    @property
    def pairs(self) -> int:
        return 0 if self.kind == SINGLE else len(self.cards) // 2

    def __str__(self) -> str:
        return f"{self.kind}({format_cards(self.cards)})"


# Every single and every pair, by card index: a unit is an immutable value, so decompose
# hands out these instead of making new ones for every reading.
_SINGLES = tuple(Unit(SINGLE, (c,)) for c in ALL_CARDS)
_PAIRS = tuple(Unit(PAIR, (c, c)) for c in ALL_CARDS)


# --- reading cards as units (R16/R17) ------------------------------------------------------


def play_suit_of(cards: Sequence[Card], trump: Trump) -> str:
    """The one play-suit of `cards`, or IllegalPlay (saying which card is out) if they are
    empty or mixed."""
    if not cards:
        raise IllegalPlay("no cards played", "没有出牌")
    suits = {trump.suit_of(c) for c in cards}
    if len(suits) != 1:
        raise _mixed_lead(cards, trump)
    return suits.pop()


SUIT_WORDS = {"S": ("spades", "黑桃"), "H": ("hearts", "红桃"), "C": ("clubs", "梅花"),
              "D": ("diamonds", "方块"), TRUMP: ("trumps", "主牌")}


def _mixed_lead(cards: Sequence[Card], trump: Trump) -> IllegalPlay:
    """R6/R18: why a lead of several play-suits is refused, naming the card that is out."""
    sides = [c for c in cards if not trump.is_trump(c)]
    trumps = [c for c in cards if trump.is_trump(c)]
    if trumps and sides:
        side_suits = {c.suit for c in sides}
        level_card = next((c for c in trumps if c.suit in side_suits), None)
        if level_card is not None and level_card.suit is not None:  # ♠2 with spades, at 2
            en, zh = SUIT_WORDS[level_card.suit]
            return IllegalPlay(
                f"{card_label(level_card, 'en')} is a trump here (a level card), so it cannot be "
                f"led with your other {en}",
                f"{card_label(level_card)} 在本局是主牌（级牌），不能和{zh}一起出")
        return IllegalPlay(
            f"{card_label(trumps[0], 'en')} is a trump: a lead is all trumps or all of one suit",
            f"{card_label(trumps[0])} 是主牌：首家出牌要么全是主牌，要么全是同一门副牌")
    first = sides[0]
    other = next(c for c in sides if c.suit != first.suit)
    return IllegalPlay(
        f"{card_label(first, 'en')} and {card_label(other, 'en')} are of different suits: "
        "a lead is all of one suit",
        f"{card_label(first)} 和 {card_label(other)} 不是同一门：首家出牌必须是同一门")


def _runs_of(paired: list[Card], trump: Trump) -> list[list[Card]]:
    """`paired` (distinct cards held at least twice) as maximal runs of adjacent pairs."""
    if len(paired) < 2:  # most holdings: no pair or one (no sort needed)
        return [[c] for c in paired]
    return _runs_in_order(sorted(paired, key=lambda c: c.index), trump)


def _runs_in_order(paired: list[Card], trump: Trump) -> list[list[Card]]:
    """`_runs_of` for cards already in index order (suit then natural rank: neighbours
    meet)."""
    runs: list[list[Card]] = []
    for c in paired:
        if runs and trump.adjacent(runs[-1][-1], c):
            runs[-1].append(c)
        else:
            runs.append([c])
    return runs


def _paired_in_order(counts: dict[int, int]) -> list[Card]:
    """The cards held at least twice, from copies by card index, in index order (the ints
    sorted as they are: no key function)."""
    paired = [i for i, n in counts.items() if n >= 2]
    paired.sort()
    return [ALL_CARDS[i] for i in paired]


def pair_runs(cards: Iterable[Card], trump: Trump) -> list[list[Card]]:
    """The maximal runs of adjacent pairs in `cards` (R16), each ascending; a lone pair is a
    run of one. A card held three times gives one pair (triples are not a unit)."""
    # (a plain dict by card index: Counter's constructor is slower, and a card hashes in
    # Python; the bots' simulations call this for every multi-card play)
    counts: dict[int, int] = {}
    for c in cards:
        counts[c.index] = counts.get(c.index, 0) + 1
    return _runs_in_order(_paired_in_order(counts), trump)


def decompose(cards: Iterable[Card], trump: Trump) -> list[Unit]:
    """R17: read cards greedily as units, longest tractors first, then pairs, then singles.
    Units come strongest kind first: tractors (longest, highest first), pairs, singles.

    Written for speed (the bots' simulations call it constantly): one counting pass, and no
    run-finding at all when no card is held twice. A card held three times is a pair and a
    single (three decks: never more than three copies)."""
    counts: dict[int, int] = {}  # by card index (a card hashes in Python)
    held = 0
    for c in cards:
        counts[c.index] = counts.get(c.index, 0) + 1
        held += 1
    # strongest first: (strength, index) descending, by the trump's table of that order
    # (distinct cards only, so no two keys are equal)
    rank = trump.ascending.__getitem__
    if len(counts) == held:  # no pairs: singles only
        return [_SINGLES[i] for i in sorted(counts, key=rank, reverse=True)]
    runs = _runs_in_order(_paired_in_order(counts), trump)
    tractors = [r for r in runs if len(r) >= MIN_TRACTOR_PAIRS]
    pairs = [c.index for r in runs if len(r) < MIN_TRACTOR_PAIRS for c in r]
    singles = [i for i, n in counts.items() if n % 2 == 1]
    tractors.sort(key=lambda r: (-len(r), -r[-1].value, -r[-1].index))
    pairs.sort(key=rank, reverse=True)
    singles.sort(key=rank, reverse=True)
    return (
        [Unit(TRACTOR, tuple(c for c in r for _ in (0, 1))) for r in tractors]
        + [_PAIRS[i] for i in pairs]
        + [_SINGLES[i] for i in singles]
    )


def classify(cards: Sequence[Card], trump: Trump) -> list[Unit]:
    """The units of a lead (R17). Raises IllegalPlay unless all cards share one play-suit."""
    try:
        play_suit_of(cards, trump)
        return decompose(cards, trump)
    except WRONG_TYPES as err:
        raise wrong_arguments("classify", "cards: a list of cards, trump: a Trump", err) from err


def shape_counts(units: Iterable[Unit]) -> tuple[int, int]:
    """(Tp, P) of R21: pairs inside tractors, and all pairs (tractor pairs included)."""
    tp = p = 0
    for u in units:
        if u.kind == TRACTOR:
            tp += u.pairs
        p += u.pairs
    return tp, p


# --- following (R20/R21) -------------------------------------------------------------------


def _remove(hand: Sequence[Card], cards: Iterable[Card]) -> list[Card] | None:
    """`hand` less `cards` as multisets, or None if `cards` are not all in `hand`."""
    left = Counter(hand)
    for c in cards:
        if left[c] == 0:
            return None
        left[c] -= 1
    return list(left.elements())


def best_follow_key(suit_cards: Sequence[Card], n: int, lead_tp: int, lead_p: int,
                    trump: Trump) -> tuple[int, int]:
    """The largest R21 key among all `n`-card selections from `suit_cards` (more than `n` of
    the led play-suit), found without enumerating subsets.

    Tractor pairs: each maximal run of L pairs can give 0 or any 3..L of them (two pieces of
    one run are never better than one longer piece), within n // 2 pairs in all. Pairs: every
    distinct paired card, up to n // 2; adding pairs never lowers Tp, so both maxima are
    reached by one selection.
    """
    return best_follow_key_of_runs(pair_runs(suit_cards, trump), n, lead_tp, lead_p)


def best_follow_key_of_runs(runs: list[list[Card]], n: int, lead_tp: int,
                            lead_p: int) -> tuple[int, int]:
    """`best_follow_key` from the cards' `pair_runs` (for a caller that has them)."""
    budget = n // 2
    best_tp = 0
    if lead_tp:
        reachable = {0}
        for run in runs:
            if len(run) >= MIN_TRACTOR_PAIRS:
                reachable |= {s + k for s in reachable
                              for k in range(MIN_TRACTOR_PAIRS, len(run) + 1) if s + k <= budget}
        best_tp = max(reachable)
    npairs = sum(len(r) for r in runs)
    return min(best_tp, lead_tp), min(npairs, budget, lead_p)


def follow_key(play: Sequence[Card], lead_tp: int, lead_p: int, trump: Trump) -> tuple[int, int]:
    tp, p = shape_counts(decompose(play, trump))
    return min(tp, lead_tp), min(p, lead_p)


def check_follow(hand: Sequence[Card], lead: Sequence[Card], play: Sequence[Card],
                 trump: Trump) -> None:
    """None if `play` is a legal follow to `lead` from `hand` (R20/R21), else IllegalPlay
    saying why, with the cards that make it so."""
    try:
        _check_follow(hand, lead, play, trump)
    except WRONG_TYPES as err:
        raise wrong_arguments("check_follow", "hand, lead and play: lists of cards, trump: a "
                              "Trump", err) from err


def _check_follow(hand: Sequence[Card], lead: Sequence[Card], play: Sequence[Card],
                  trump: Trump) -> None:
    n = len(lead)
    if len(play) != n:
        raise IllegalPlay(f"play {n} card{'s' if n != 1 else ''}, as many as the lead",
                          f"必须出 {n} 张牌，与首家张数相同")
    if _remove(hand, play) is None:
        raise IllegalPlay("those cards are not in your hand", "手中没有这些牌")
    led = play_suit_of(lead, trump)
    suit_cards = [c for c in hand if trump.suit_of(c) == led]
    in_suit = [c for c in play if trump.suit_of(c) == led]
    en, zh = SUIT_WORDS[led]
    if len(suit_cards) <= n:
        if len(in_suit) != len(suit_cards):
            held = _remove(suit_cards, in_suit) or []
            raise IllegalPlay(
                f"you still hold {cards_label(held, 'en')} of the led suit ({en}): play all of "
                "them first",
                f"你还有{zh} {cards_label(held)}，必须先出完首家这一门")
        return
    if len(in_suit) != n:
        raise _not_following(next(c for c in play if trump.suit_of(c) != led), led, trump)
    lead_tp, lead_p = shape_counts(decompose(lead, trump))
    if (lead_tp or lead_p) and follow_key(play, lead_tp, lead_p, trump) != best_follow_key(
            suit_cards, n, lead_tp, lead_p, trump):
        raise _wrong_shape(suit_cards, play, lead_tp, trump)


def _not_following(card: Card, led: str, trump: Trump) -> IllegalPlay:
    """R6/R20: a card of another play-suit played while the led one is still held."""
    en, zh = SUIT_WORDS[led]
    if card.suit == led:  # a level card of the led suit: a trump (R6), not of that suit
        return IllegalPlay(
            f"{card_label(card, 'en')} is a trump here, so it does not follow {en}",
            f"{card_label(card)} 在本局是主牌，不算{zh}")
    return IllegalPlay(f"{card_label(card, 'en')} is not of the led suit: you still hold {en}, "
                       f"so follow with {en}",
                       f"{card_label(card)} 不是{zh}：你还有{zh}，必须跟{zh}")


def _wrong_shape(suit_cards: Sequence[Card], play: Sequence[Card], lead_tp: int,
                 trump: Trump) -> IllegalPlay:
    """R21: a follow that leaves out a pair (or tractor) the hand could have shown."""
    runs = pair_runs(suit_cards, trump)
    played = {c for r in pair_runs(play, trump) for c in r}
    if lead_tp:
        tractor = next((r for r in runs if len(r) >= MIN_TRACTOR_PAIRS), None)
        if tractor is not None:
            shown = cards_label([c for c in tractor for _ in (0, 1)], "en")
            return IllegalPlay(
                f"you hold the tractor {shown}: follow the lead's tractor with one, then pairs",
                f"你有拖拉机 {cards_label([c for c in tractor for _ in (0, 1)])}：有拖拉机必须跟"
                "拖拉机，有对必须跟对")
    pair = next((c for r in runs for c in r if c not in played), runs[0][0])
    return IllegalPlay(
        f"you hold the pair {cards_label((pair, pair), 'en')}: follow the lead's pairs with "
        "pairs as far as you can",
        f"你有对子 {cards_label((pair, pair))}：有对必须跟对")


def playable_cards(hand: Sequence[Card], lead: Sequence[Card] | None,
                   trump: Trump) -> set[Card]:
    """The cards of `hand` that are part of some legal play now: every card for a lead (a
    single is always a legal lead), else those in some legal follow to `lead` (R20/R21).

    Exact, without enumerating n-card subsets: a follow with more led-suit cards than the lead
    is judged by its pairs alone (R21's key counts pairs and tractor pairs), so it enumerates
    the sets S of distinct cards played as pairs (at most n // 2 of them); the rest of the
    follow is singles, at most one copy of each other card (two would be another pair) and
    the third copy of a card of S. A card is playable if some S with the best key holds it,
    or leaves room for a single it can be."""
    try:
        return _playable_cards(hand, lead, trump)
    except WRONG_TYPES as err:
        raise wrong_arguments("playable_cards", "hand and lead (or None): lists of cards, "
                              "trump: a Trump", err) from err


def _playable_cards(hand: Sequence[Card], lead: Sequence[Card] | None,
                    trump: Trump) -> set[Card]:
    if not lead:
        return set(hand)
    n = len(lead)
    led = trump.suit_of(lead[0])
    suit = [c for c in hand if trump.suit_of(c) == led]
    if len(suit) < n:  # all of the suit, then any others (R20)
        return set(hand)
    if len(suit) == n:
        return set(suit)
    lead_tp, lead_p = shape_counts(decompose(lead, trump))
    if not (lead_tp or lead_p):  # singles led: any n of the suit
        return set(suit)
    best = best_follow_key(suit, n, lead_tp, lead_p, trump)
    counts = Counter(suit)
    pairable = sorted((c for c, k in counts.items() if k >= 2), key=lambda c: c.index)
    playable: set[Card] = set()
    for size in range(min(len(pairable), n // 2) + 1):
        for pairs in combinations(pairable, size):
            singles = n - 2 * size
            spare = len(counts) - size + sum(1 for c in pairs if counts[c] == 3)
            if spare < singles:
                continue
            tp = sum(len(r) for r in _runs_of(list(pairs), trump) if len(r) >= MIN_TRACTOR_PAIRS)
            if (min(tp, lead_tp), min(size, lead_p)) != best:
                continue
            playable.update(pairs)
            if singles:
                playable.update(c for c in counts if c not in pairs or counts[c] == 3)
            if len(playable) == len(counts):
                return playable
    return playable


# --- throws (R19) --------------------------------------------------------------------------


def _beats_unit(unit: Unit, cards: Sequence[Card], trump: Trump,
                runs: list[list[Card]] | None = None) -> bool:
    """Whether `cards` (one player's cards of the unit's play-suit) hold something that beats
    `unit` in a throw check (R19). `runs`: the cards' `pair_runs`, when the caller has them."""
    strengths = trump.strengths  # (`order` as a table: the simulations check many throws)
    if unit.kind == SINGLE:
        mine = strengths[unit.top.index]
        return any(strengths[c.index] > mine for c in cards)
    if runs is None:
        runs = pair_runs(cards, trump)
    if unit.kind == PAIR:
        mine = strengths[unit.top.index]
        return any(strengths[c.index] > mine for r in runs for c in r)
    return any(len(r) >= unit.pairs and r[-1].value > unit.top.value for r in runs)


def _unit_rank(unit: Unit, trump: Trump) -> int:
    """R23 rank of a unit: tractors by natural rank of the top pair, others by R7 order."""
    return unit.top.value if unit.kind == TRACTOR else trump.order(unit.top)


def check_throw(lead: Sequence[Card], other_hands: Iterable[Sequence[Card]],
                trump: Trump, lead_units: Sequence[Unit] | None = None) -> list[Card] | None:
    """None if the lead stands (R19; one unit always does), else the cards of the one unit
    the leader must play instead: of the units someone can beat, the smallest kind, then the
    lowest-ranking, then the lower suit in bidding order (♦ < ♣ < ♥ < ♠). `lead_units`: the
    lead's `classify`, when the caller has it already."""
    try:
        units = classify(lead, trump) if lead_units is None else lead_units
        if len(units) == 1:
            return None
        suits = trump.play_suits
        led = suits[lead[0].index]
        others = [held for h in other_hands
                  if (held := [c for c in h if suits[c.index] == led])]
        # each hand's runs of pairs found once, if a pair or tractor is to be beaten
        runs = ([pair_runs(h, trump) for h in others] if any(u.kind != SINGLE for u in units)
                else [None] * len(others))
        beaten = [u for u in units
                  if any(_beats_unit(u, h, trump, r) for h, r in zip(others, runs, strict=True))]
    except WRONG_TYPES as err:  # (inline, not a helper's call: the hard bot's rollouts call it)
        raise wrong_arguments("check_throw", "lead: a list of cards, other_hands: lists of "
                              "cards, trump: a Trump", err) from err
    if not beaten:
        return None
    forced = min(beaten, key=lambda u: (_KIND_ORDER[u.kind], u.pairs, _unit_rank(u, trump),
                                        -1 if u.top.suit is None else SUITS.index(u.top.suit)))
    return list(forced.cards)


def throw_blocker(forced: Sequence[Card], other_hands: Sequence[Sequence[Card]],
                  trump: Trump) -> int:
    """Index of the first of `other_hands` holding something that beats `forced`, the unit a
    failed throw leads instead (R19: someone can, or check_throw would not have forced it)."""
    unit = classify(forced, trump)[0]
    led = trump.suit_of(forced[0])
    for i, hand in enumerate(other_hands):
        held = [c for c in hand if trump.suit_of(c) == led]
        if held and _beats_unit(unit, held, trump):
            return i
    raise ValueError(f"nobody beats {format_cards(forced)}: the throw did not fail")


# --- the trick winner (R22/R23) -------------------------------------------------------------


def _fits(lengths: list[int], capacities: list[int]) -> bool:
    """Whether tractors of `lengths` can be cut from disjoint pieces of runs of `capacities`."""
    if not lengths:
        return True
    first, rest = lengths[0], lengths[1:]
    for i, cap in enumerate(capacities):
        if cap >= first:
            capacities[i] -= first
            if _fits(rest, capacities):
                capacities[i] += first
                return True
            capacities[i] += first
    return False


Shape = tuple[list[int], int]  # a lead's tractor lengths (longest first), its pairs in all


def lead_shape(lead_units: Sequence[Unit]) -> Shape:
    """What R22 asks of a play against this lead: its tractors' lengths and its pairs."""
    lengths = [u.pairs for u in lead_units if u.kind == TRACTOR]
    if len(lengths) > 1:
        lengths.sort(reverse=True)
    pairs = 0
    for u in lead_units:
        pairs += u.pairs
    return lengths, pairs


def fits_shape(runs: list[list[Card]], shape: Shape) -> bool:
    """R22 for a play whose runs of pairs are `runs` (`pair_runs`) against a lead's shape."""
    lengths, need_pairs = shape
    if sum(len(r) for r in runs) < need_pairs:
        return False
    return _fits(lengths, [len(r) for r in runs])


def has_shape(play: Sequence[Card], lead_units: Sequence[Unit], trump: Trump) -> bool:
    """R22: whether `play` splits into units of exactly the lead's kinds and sizes."""
    return fits_shape(pair_runs(play, trump), lead_shape(lead_units))


def top_rank(play: Sequence[Card], lead_units: Sequence[Unit], trump: Trump,
             runs: list[list[Card]] | None = None) -> int:
    """R23: the rank of a play's top unit, read as the lead's strongest kind (`lead_units`:
    the lead's `classify`): for a tractor led, the natural rank of the play's top pair in a
    run as long as the lead's longest tractor; for a pair, the R7 strength of its strongest
    pair; for a single, of its strongest card. Two plays of one play-suit that fit the lead's
    shape (`fits_shape`) compare by it: the higher wins, the earlier on a tie. `runs`: the
    play's `pair_runs` when the caller has them already."""
    lead_kind = lead_units[0].kind  # decompose() puts the strongest kind first
    if lead_kind == SINGLE:
        strengths = trump.strengths
        return max(strengths[c.index] for c in play)
    if runs is None:
        runs = pair_runs(play, trump)
    if lead_kind == TRACTOR:
        longest = lead_units[0].pairs
        return max(r[-1].value for r in runs if len(r) >= longest)
    strengths = trump.strengths
    return max(strengths[c.index] for r in runs for c in r)


def single_or_pair_winner(plays: Sequence[Sequence[Card]], trump: Trump) -> int | None:
    """`trick_winner` for a lead of one single or one pair, in one pass over table lookups
    (the bots' simulations judge thousands of such tricks); None for any other lead."""
    best = single_or_pair_best(plays, trump)
    return None if best is None else best[0]


def single_or_pair_best(plays: Sequence[Sequence[Card]],
                        trump: Trump) -> tuple[int, tuple[bool, int]] | None:
    """The winning play of a trick led by one single or one pair, and its key (trumps?, the
    card's strength) that a later play must pass to win; None for any other lead.

    R22/R23 for these leads: a play can win only as one card (or one pair) of the led suit or
    of trumps; the highest in the led suit wins unless trumped, the highest trump wins."""
    lead = plays[0]
    pair = len(lead) == 2 and lead[0] is lead[1]
    if len(lead) != 1 and not pair:
        return None
    suits, strengths = trump.play_suits, trump.strengths
    led = suits[lead[0].index]
    best, best_key = 0, (led == TRUMP, strengths[lead[0].index])
    for i in range(1, len(plays)):
        play = plays[i]
        if pair and play[0] is not play[1]:
            continue
        suit = suits[play[0].index]
        if suit != led and suit != TRUMP:
            continue
        key = (suit == TRUMP, strengths[play[0].index])
        if key > best_key:
            best, best_key = i, key
    return best, best_key


def trick_winner_by_units(plays: Sequence[Sequence[Card]], trump: Trump,
                          lead_units: Sequence[Unit] | None = None) -> int:
    """The general R22/R23 judgement of any trick: each play is read as units of the lead's
    kinds and sizes (`trick_winner` takes a quicker path for single and pair leads).
    `lead_units`: the lead's `classify`, when the caller has it already."""
    if lead_units is None:
        lead_units = classify(plays[0], trump)
    shape = lead_shape(lead_units)
    play_suits = trump.play_suits
    led = play_suits[plays[0][0].index]
    best, best_key = 0, (led == TRUMP, top_rank(plays[0], lead_units, trump))
    for i, play in enumerate(plays[1:], start=1):
        suits = {play_suits[c.index] for c in play}
        if len(suits) != 1:
            continue
        (suit,) = suits
        if suit not in (led, TRUMP):
            continue
        runs = pair_runs(play, trump)
        if not fits_shape(runs, shape):
            continue
        key = (suit == TRUMP, top_rank(play, lead_units, trump, runs))
        if key > best_key:
            best, best_key = i, key
    return best


def trick_winner(plays: Sequence[Sequence[Card]], trump: Trump,
                 lead_units: Sequence[Unit] | None = None) -> int:
    """Index into `plays` (plays[0] is the lead) of the play that wins the trick (R22/R23).
    `lead_units`: the lead's `classify`, when the caller has it already. ArgumentError for a
    trick of no plays, or of anything but lists of cards."""
    if not plays:
        raise ArgumentError("a trick has at least its lead: no plays given",
                            "一墩牌至少要有首家出的牌：没有给出任何出牌")
    try:
        quick = single_or_pair_best(plays, trump)  # (single_or_pair_winner, one call less)
        if quick is not None:
            return quick[0]
        return trick_winner_by_units(plays, trump, lead_units)
    except WRONG_TYPES as err:
        raise wrong_arguments("trick_winner", "plays: lists of cards, each of the lead's size, "
                              "trump: a Trump", err) from err
