"""Cards, the 162-card deck, points and the R3 notation.

A card is one of 54 interned values (52 suited cards and two jokers); the three copies of a
card in the deck are the same value (R1: identical copies are interchangeable). Cards are
hashable, compare by identity and sort in a fixed order that never depends on hashing, so
CPython and Pyodide replay a match identically.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .errors import ArgumentError, CardParseError, shown

SUITS = ("D", "C", "H", "S")  # bidding order, weakest first (R9): ♦ < ♣ < ♥ < ♠
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
JOKERS = ("LJ", "BJ")  # 小王, 大王
COPIES = 3  # R1: three decks
DECK_SIZE = 54 * COPIES

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
SUIT_NAMES_ZH = {"S": "黑桃", "H": "红桃", "C": "梅花", "D": "方块"}
JOKER_NAMES_ZH = {"LJ": "小王", "BJ": "大王"}


class Card:
    """One of the 54 distinct cards. Build them with `card()` or `parse_card()`, never directly.

    `suit` is "S", "H", "C" or "D", or None for a joker; `rank` is "2".."A", "LJ" or "BJ";
    `value` is the natural rank (2..14 for 2..A, 15 for 小王, 16 for 大王); `index` orders the
    cards (by suit in bidding order, then rank; jokers last); `points` is R4's value.
    """

    __slots__ = ("index", "points", "rank", "suit", "value")

    def __init__(self, index: int, suit: str | None, rank: str) -> None:
        self.index = index
        self.suit = suit
        self.rank = rank
        self.value = RANKS.index(rank) + 2 if suit else 15 + JOKERS.index(rank)
        self.points = {"5": 5, "10": 10, "K": 10}.get(rank, 0)  # R4

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    def __str__(self) -> str:
        return self.rank if self.suit is None else self.suit + self.rank

    def __repr__(self) -> str:
        return f"Card({self})"

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __reduce__(self) -> tuple[Callable[[str], Card], tuple[str]]:
        # copies and pickles keep the interned identity
        return (parse_card, (str(self),))


ALL_CARDS: tuple[Card, ...] = tuple(
    [Card(si * 13 + ri, s, r) for si, s in enumerate(SUITS) for ri, r in enumerate(RANKS)]
    + [Card(52 + ji, None, j) for ji, j in enumerate(JOKERS)]
)
_BY_NAME = {str(c): c for c in ALL_CARDS}


def card(name: str) -> Card:
    """The card named in canonical notation (`"S6"`, `"H10"`, `"BJ"`); CardParseError if
    `name` is not one."""
    found = _BY_NAME.get(name) if type(name) is str else None
    if found is None:
        raise CardParseError(name if type(name) is str else shown(name))
    return found


def full_deck() -> list[Card]:
    """R1: the 162 cards, in a fixed order (to be shuffled by the match's own random source)."""
    return [c for c in ALL_CARDS for _ in range(COPIES)]


def remove_card(cards: list[Card], c: Card) -> None:
    """`cards.remove(c)`, by identity: a card is equal only to itself (cards are interned),
    but `==` between two different cards goes through Python-level dispatch (Card defines
    `__lt__`), about 100 ns a card compared, where `is` takes a few. The bots' simulations
    take every card played out of lists this way."""
    k = 0
    for x in cards:
        if x is c:
            del cards[k]
            return
        k += 1  # noqa: SIM113  (a counter: quicker here than enumerate's tuples)
    raise ValueError(f"{c} is not in the list")


def points_of(cards: Iterable[Card]) -> int:
    """R4: the points of some cards (5s count 5, 10s and Ks count 10). Every sum of points in
    the engine and the bots is this one, or `points_of_plays`."""
    total = 0
    for c in cards:  # (a loop, not sum() over a generator: quicker for the few cards of a play)
        total += c.points
    return total


def points_of_plays(plays: Iterable[Iterable[Card]]) -> int:
    """The points of several plays (a trick's): `points_of` of all their cards, in one loop
    rather than a call for each play, as the rollouts ask it at every follow."""
    total = 0
    for play in plays:
        for c in play:
            total += c.points
    return total


# --- R3 notation -------------------------------------------------------------------------

_SUIT_ALIASES = {"S": "S", "H": "H", "C": "C", "D": "D", "♠": "S", "♥": "H", "♣": "C", "♦": "D",
                 "♤": "S", "♡": "H", "♧": "C", "♢": "D"}
_JOKER_ALIASES = {"LJ": "LJ", "BJ": "BJ", "小王": "LJ", "大王": "BJ"}
_RANK_ALIASES = {r: r for r in RANKS} | {"T": "10"}


def parse_card(token: str) -> Card:
    """Read one card: canonical form plus R3's aliases (T for 10, lower case, suit symbols,
    小王/大王). Raises CardParseError naming the bad token."""
    if type(token) is not str:
        raise CardParseError(shown(token))
    text = token.strip()
    upper = text.upper()
    if upper in _JOKER_ALIASES:
        return _BY_NAME[_JOKER_ALIASES[upper]]
    if len(text) >= 2 and text[0].upper() in _SUIT_ALIASES:
        suit = _SUIT_ALIASES[text[0].upper()]
        rank = _RANK_ALIASES.get(upper[1:])
        if rank is not None:
            return _BY_NAME[suit + rank]
    raise CardParseError(token)


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Read a space-separated list of cards (`"S6 S6 H10 BJ"`), or a list of tokens/cards.
    CardParseError names the first token that is not a card (or the argument, if it is not
    text or a list)."""
    if isinstance(text, str):
        tokens: Iterable[str | Card] = text.split()
    elif isinstance(text, list | tuple):
        tokens = text
    else:
        try:  # any other iterable of tokens
            tokens = list(text)
        except TypeError:
            raise CardParseError(shown(text)) from None
    return [t if isinstance(t, Card) else parse_card(t) for t in tokens]


def format_cards(cards: Iterable[Card]) -> str:
    """Canonical R3 notation: `parse_cards(format_cards(cards)) == cards`. ArgumentError if
    `cards` are not cards."""
    listed = cards if isinstance(cards, list | tuple) else _listed(cards)  # (read once)
    if listed is None or any(type(c) is not Card for c in listed):
        raise ArgumentError(f"not a list of cards: {shown(cards)}",
                            f"不是一组牌：{shown(cards, 'zh')}")
    return " ".join(str(c) for c in listed)


def _listed(items: Iterable[Card]) -> tuple[Card, ...] | None:
    try:
        return tuple(items)
    except TypeError:  # not iterable
        return None


# A joker in an English sentence: by name. (Its face's letters SJ/BJ were read as ♠J by four
# players in a row: in card notation, R3's included, SJ is the jack of spades.)
JOKER_LABELS_EN = {"LJ": "small joker", "BJ": "big joker"}


def card_label(c: Card, lang: str = "zh") -> str:
    """A short human label with suit symbols (`♠6`; a joker `小王`/`大王`, or in English
    `small joker`/`big joker`), for logs, messages and the page."""
    if c.suit is None:
        return (JOKER_NAMES_ZH if lang == "zh" else JOKER_LABELS_EN)[c.rank]
    return SUIT_SYMBOLS[c.suit] + c.rank


def cards_label(cards: Iterable[Card], lang: str = "zh") -> str:
    """Labels of several cards, in order: `♠6 ♠6 大王`; in English a joker's copies side by
    side once, counted (`♠6 ♠6 big joker ×2`: words are long, and read the same)."""
    labels = [card_label(c, lang) for c in cards]
    if lang == "zh":
        return " ".join(labels)
    out: list[str] = []
    run = 1
    for i, label in enumerate(labels):
        if i + 1 < len(labels) and labels[i + 1] == label and " " in label:
            run += 1  # (a joker's name is the only label with a space)
            continue
        out.append(f"{label} ×{run}" if run > 1 else label)
        run = 1
    return " ".join(out)
