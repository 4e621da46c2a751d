"""Small helpers for rule tables: cards in R3 notation."""

from engine.cards import parse_cards
from engine.rules import Trump


def cards(text: str):
    return parse_cards(text)


def trump(spec: str) -> Trump:
    """'6H' → level 6, trump ♥; '6-' → level 6, no-trump; '10S' → level 10, trump ♠."""
    level, suit = spec[:-1], spec[-1]
    return Trump(level, None if suit == "-" else suit)


def rig(match, hands: dict[int, str] | None = None, kitty: str = "", level: str | None = None,
        dealer: int | None = -1, first_seat: int | None = None):
    """Arrange the round about to be dealt so that `hands` (partial, in R3 notation) and the
    `kitty` come out as given; the rest of the 162 cards fill the hands in a fixed order.
    Test-only: it reaches into the round before any card is dealt."""
    from collections import Counter

    from engine.cards import full_deck
    from engine.seats import team_of

    r = match.round
    assert r.dealt == 0, "rig before dealing"
    if level is not None:
        r.level = level
        if r.dealer is not None:
            match.levels[team_of(r.dealer)] = level
    if dealer != -1:
        r.dealer, r.first_round = dealer, dealer is None
        r.first_seat = dealer if dealer is not None else r.first_seat
    if first_seat is not None:
        r.first_seat = first_seat
    hands = {s: cards(h) for s, h in (hands or {}).items()}
    kitty_cards = cards(kitty)
    rest = Counter(full_deck())
    rest.subtract([c for h in hands.values() for c in h] + kitty_cards)
    assert all(n >= 0 for n in rest.values()), "more than three copies of a card"
    pool = sorted(rest.elements(), key=lambda c: c.index)
    size = match.rules.hand_size
    full = {}
    for s in range(4):
        mine = list(hands.get(s, []))
        need = size - len(mine)
        full[s], pool = mine + pool[:need], pool[need:]
    kitty_cards += pool
    assert len(kitty_cards) == match.rules.kitty_size
    deck = []
    for k in range(4 * size):
        seat = (r.first_seat + k) % 4
        deck.append(full[seat][k // 4])
    r.deck = deck + kitty_cards
    return match


def run_in_slices(steps):
    """Drive a decision generator (a bot's or the hint's `…_steps`) as the page does, slice
    by slice: (its value, how many times it yielded)."""
    slices = 0
    while True:
        try:
            next(steps)
            slices += 1
        except StopIteration as done:
            return done.value, slices
