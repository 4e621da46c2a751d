"""Follows whose trick outcome is certain from the seat's own view.

The last seat to play in a trick sees every other play, so whether its team takes the trick is
no longer a matter of chance: either no legal play of its own can change the winner, or it
can. Two such situations are clear-cut for a player:

- the opponents win the trick whatever it plays ("certainly lost"): every point it adds is a
  gift, so a play with more points than the least it could add gives points away;
- its partner wins the trick whatever it plays ("certainly won"): it may add points freely.

A seat that plays earlier can be as sure: a trick led with a big joker at its top goes to
its leader whatever anyone plays. `certain_winner` finds such tricks from the seat's memory
(the cards each later seat may still hold), and `could_beat` asks whether one seat could
take a trick at all: the hint's words about a partner still to play rest on it.

`last_seat_facts(hand, trick, trump, seat)` judges the last seat's position;
`fewest_points_follow` and `most_points_follow` give the least and most points a legal follow
can add. The hard bot keeps its search away from gifts with them, the hint explains itself
with them, and tools.bots_bench counts each tier's gifts and missed feeds with them.

A third situation is as clear-cut: the last seat, an opponent winning, holds a follow that
takes the trick, and taking it is worth points to its team for certain ("a sure take").
`only_sure_takes` keeps the hard bot's search to the plays that take such a trick when the
points at stake reach `SURE_TAKE_POINTS`; `winning_follows` lists the follows that take a
trick, the weakest among them too.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..cards import ALL_CARDS, Card, points_of, points_of_plays
from ..errors import IllegalPlay
from ..options import Preference, build_follow, follow_options
from ..rules import TRUMP, Trump, check_follow, decompose, shape_counts, trick_winner
from ..seats import same_team
from .knowledge import Memory

LOST, WON = "lost", "won"

# The points a sure take must be worth before the hard bot leaves sampling for it. A named
# figure, not a search option: it is a judgment, not a weight to tune on the arena. Points
# come in 5s (R4), so 10 is the least stake beyond a lone 5 (a ten, a king, two fives), a
# third of a score band's step (R26: 30 points); a lone 5 stays with the search, which may
# rightly keep a high card or a trump for a later trick rather than spend it on 5 points.
SURE_TAKE_POINTS = 10


def _least_points_key(trump: Trump) -> Preference:
    strengths = trump.strengths
    play_suits = trump.play_suits
    return lambda c: (c.points, play_suits[c.index] == TRUMP, strengths[c.index], c.index)


def _most_points_key(trump: Trump) -> Preference:
    strengths = trump.strengths
    play_suits = trump.play_suits
    return lambda c: (-c.points, play_suits[c.index] == TRUMP, strengths[c.index], c.index)


def _follow_by(hand: Sequence[Card], lead: Sequence[Card], trump: Trump,
               key: Preference) -> tuple[Card, ...]:
    """A legal follow to `lead` choosing the cards it is free to choose by `key` (lowest
    first): within the led suit the R21 shape comes first, then `key`; outside it, `key`."""
    n = len(lead)
    led = trump.play_suits[lead[0].index]
    suit_cards = [c for c in hand if trump.play_suits[c.index] == led]
    if len(suit_cards) > n:
        tp, p = shape_counts(decompose(lead, trump))
        return tuple(build_follow(suit_cards, n, tp, p, trump, key))
    others = sorted((c for c in hand if trump.play_suits[c.index] != led), key=key)
    return tuple(suit_cards + others[:n - len(suit_cards)])


def fewest_points_follow(hand: Sequence[Card], lead: Sequence[Card],
                         trump: Trump) -> tuple[Card, ...]:
    """A legal follow adding as few points as the hand allows (then side cards, then low)."""
    return _follow_by(hand, lead, trump, _least_points_key(trump))


def most_points_follow(hand: Sequence[Card], lead: Sequence[Card],
                       trump: Trump) -> tuple[Card, ...]:
    """A legal follow adding as many points as the hand allows (then side cards, then low)."""
    return _follow_by(hand, lead, trump, _most_points_key(trump))


@dataclass(frozen=True)
class LastSeatFacts:
    """The last seat's position in a trick: `outcome` is LOST (the opponents take it whatever
    it plays), WON (its partner takes it whatever it plays) or None (its play decides);
    `winner` the seat winning so far; `least`/`most` the fewest/most points it can add."""

    outcome: str | None
    winner: int
    least: int
    most: int
    least_play: tuple[Card, ...]
    most_play: tuple[Card, ...]


def last_seat_facts(hand: Sequence[Card], trick: Sequence[tuple[int, Sequence[Card]]],
                    trump: Trump, seat: int,
                    extra: Sequence[Sequence[Card]] = ()) -> LastSeatFacts | None:
    """The facts of `seat`'s follow when it is the last of the four to play, else None.

    Whether some play of its own takes the trick is judged over the engine's varied legal
    follows (the strongest in-suit selection and the ruffs among them) and `extra` plays (a
    caller's own candidates): a play that could win is found among those whenever there is
    one, as the strongest selection of each kind is in the list."""
    if len(trick) != 3:
        return None
    lead = tuple(trick[0][1])
    plays = [tuple(p) for _, p in trick]
    w = trick_winner(plays, trump)
    winner = trick[w][0]
    least_play = fewest_points_follow(hand, lead, trump)
    most_play = most_points_follow(hand, lead, trump)
    outcome: str | None
    if same_team(winner, seat):
        outcome = WON  # the partner wins, or this seat overtakes: the team's either way
    else:
        options = [tuple(o) for o in follow_options(hand, lead, trump)]
        options += [tuple(o) for o in extra]
        beats = any(trick_winner([*plays, o], trump) == 3 for o in options)
        outcome = None if beats else LOST
    return LastSeatFacts(outcome, winner, points_of(least_play), points_of(most_play), least_play,
                         most_play)


def _play_suit_pool(hand: Sequence[Card], lead: Sequence[Card],
                    trump: Trump) -> list[Card]:
    """The cards a follow that takes the trick is made of (R22: all of the led play-suit or,
    void in a led side suit, all trumps): the led play-suit when the hand holds at least the
    lead's count of it, the trumps when it holds none of it; no cards when it holds some but
    too few (its follow mixes suits and cannot win)."""
    n = len(lead)
    led = trump.play_suits[lead[0].index]
    suit_cards = [c for c in hand if trump.play_suits[c.index] == led]
    if len(suit_cards) >= n:
        return suit_cards
    if suit_cards or led == TRUMP:
        return []
    trumps = [c for c in hand if trump.play_suits[c.index] == TRUMP]
    return trumps if len(trumps) >= n else []


def _from_strength(trump: Trump, floor: int) -> Preference:
    """Cards at `floor` strength or above first, the lowest of them first; then the rest."""
    strengths = trump.strengths
    return lambda c: (strengths[c.index] < floor, strengths[c.index], c.index)


def winning_follows(hand: Sequence[Card], trick: Sequence[tuple[int, Sequence[Card]]],
                    trump: Trump, extra: Sequence[Sequence[Card]] = ()) -> list[tuple[Card, ...]]:
    """The legal follows of the last seat to play that take `trick` (its three plays): among
    `extra` (a caller's candidates, first, in their order), the engine's varied follows, and,
    for each strength in the hand's play-suit that could win (the led suit, or trumps when
    void in it), the R21 selection built from the lowest cards at that strength or above: so
    the weakest selection that wins is among them, and the strongest (no duplicates)."""
    lead = tuple(trick[0][1])
    plays = [tuple(p) for _, p in trick]
    n = len(lead)
    pool = _play_suit_pool(hand, lead, trump)
    options = [tuple(o) for o in extra] + [tuple(o) for o in follow_options(hand, lead, trump)]
    if len(pool) > n:
        tp, p = shape_counts(decompose(lead, trump))
        floors = sorted({trump.strengths[c.index] for c in pool})
        options += [tuple(build_follow(pool, n, tp, p, trump, _from_strength(trump, f)))
                    for f in floors]
    elif pool:
        options.append(tuple(pool))
    out: list[tuple[Card, ...]] = []
    seen: set[tuple[int, ...]] = set()
    for o in options:
        key = play_key(o)
        if key in seen:
            continue
        seen.add(key)
        if trick_winner([*plays, o], trump) == len(plays) and _legal(hand, lead, o, trump):
            out.append(o)
    return out


def play_key(play: Sequence[Card]) -> tuple[int, ...]:
    """A key equal for two plays of the same cards in any order."""
    return tuple(sorted(c.index for c in play))


def _legal(hand: Sequence[Card], lead: Sequence[Card], play: Sequence[Card],
           trump: Trump) -> bool:
    try:
        check_follow(hand, lead, play, trump)
    except IllegalPlay:
        return False
    return True


def cheapest_take(takes: Sequence[tuple[Card, ...]], trump: Trump) -> tuple[Card, ...]:
    """The follow among `takes` that spends the least: the fewest trumps, then the lowest
    cards (their strengths added), so the hand keeps its higher cards."""
    suits, strengths = trump.play_suits, trump.strengths
    return min(takes, key=lambda o: (sum(suits[c.index] == TRUMP for c in o),
                                     sum(strengths[c.index] for c in o),
                                     play_key(o)))


def sure_takes(hand: Sequence[Card], trick: Sequence[tuple[int, Sequence[Card]]], trump: Trump,
               seat: int, attacking: bool,
               extra: Sequence[Sequence[Card]] = ()) -> list[tuple[Card, ...]]:
    """The follows of `seat`, the last to play, that take `trick` from the opponent winning it
    and are worth at least SURE_TAKE_POINTS to its team (`winning_follows` over `extra` and
    the engine's follows, `extra`'s first); none when it is not the last, its partner is
    winning, or no take is worth that much.

    What a take is worth (R24: only the attackers' points count): for an attacking seat, the
    trick's points and the points of the take itself, all of them its team's; for a declaring
    seat, the trick's points and the fewest a losing follow would add: what the attackers
    would get were it not to take the trick."""
    if len(trick) != 3:
        return []
    plays = [tuple(p) for _, p in trick]
    if same_team(trick[trick_winner(plays, trump)][0], seat):
        return []
    takes = winning_follows(hand, trick, trump, extra)
    if not takes:
        return []
    on_table = points_of_plays(plays)
    if attacking:
        return [o for o in takes if on_table + points_of(o) >= SURE_TAKE_POINTS]
    lead = plays[0]
    losing = [o for o in [fewest_points_follow(hand, lead, trump),
                          *(tuple(o) for o in follow_options(hand, lead, trump)),
                          *(tuple(o) for o in extra)]
              if trick_winner([*plays, o], trump) != len(plays)]
    if not losing or on_table + min(points_of(o) for o in losing) < SURE_TAKE_POINTS:
        return []
    return takes


def only_sure_takes(hand: Sequence[Card], trick: Sequence[tuple[int, Sequence[Card]]],
                    trump: Trump, seat: int, attacking: bool,
                    ranked: list[tuple[Card, ...]]) -> list[tuple[Card, ...]]:
    """`ranked` follows (best first) kept to the sure takes among them (`sure_takes`) when the
    seat has one: the points are its team's for certain, where a search over a few sampled
    worlds can leave them on noise, or on its estimate of the high cards a take would spend.
    The cheapest sure take when none of `ranked` is one; otherwise `ranked` unchanged."""
    takes = sure_takes(hand, trick, trump, seat, attacking, ranked)
    if not takes:
        return ranked
    sure = {play_key(o) for o in takes}
    keep = [p for p in ranked if play_key(p) in sure]
    return keep or [cheapest_take(takes, trump)]


def could_beat(plays: Sequence[Sequence[Card]], trump: Trump, cards: Sequence[Card],
               voids: Iterable[str] = (), pairless: Iterable[str] = ()) -> bool:
    """Whether a seat still to play, which may hold any of `cards` but none of the play-suits
    in `voids` and no pair in those of `pairless`, could take the trick from `plays` (the
    trick so far, the lead first).

    Its follow is judged from all those cards as one hand twice: holding the led suit (the
    strongest selection in it) and void in it (a ruff) unless it showed void there already.
    That is generous (a real hand holds fewer cards), so False is certain."""
    lead = tuple(plays[0])
    led = trump.play_suits[lead[0].index]
    shown = set(voids)
    possible = [c for c in cards if trump.play_suits[c.index] not in shown]
    single = set(pairless)
    if single:  # (it answered a pair lead of those suits without a pair, R21: a copy of each)
        possible = [c for c in dict.fromkeys(possible)
                    if trump.play_suits[c.index] in single] + [
                        c for c in possible if trump.play_suits[c.index] not in single]
    hands = [possible]
    if led not in shown:
        hands.append([c for c in possible if trump.play_suits[c.index] != led])
    now = [tuple(p) for p in plays]
    return any(trick_winner([*now, tuple(o)], trump) == len(now)
               for hand in hands if len(hand) >= len(lead)
               for o in follow_options(hand, lead, trump))


def certain_winner(hand: Sequence[Card], trick: Sequence[tuple[int, Sequence[Card]]],
                   trump: Trump, seat: int, mem: Memory,
                   extra: Sequence[Sequence[Card]] = ()) -> int | None:
    """The seat that takes `trick` whatever `seat` (to play next) and the seats after it play,
    as `seat` sees it (`mem`: its memory of the round), else None: no legal follow of its own
    (the engine's varied follows and `extra`) beats the play winning so far, and no seat after
    it could (`could_beat`, from the cards each may hold: unseen, or known to be its)."""
    if not trick or _seat_beats(hand, trick, trump, extra):
        return None
    plays = [tuple(p) for _, p in trick]
    if any(seat_could_beat(plays, trump, mem, later) for later in later_seats(trick, seat)):
        return None
    return trick[trick_winner(plays, trump)][0]


def opponents_take(hand: Sequence[Card], trick: Sequence[tuple[int, Sequence[Card]]],
                   trump: Trump, seat: int, mem: Memory,
                   extra: Sequence[Sequence[Card]] = ()) -> bool:
    """Whether the opponents take `trick` whatever `seat` (to play next) plays, as it sees
    it: an opponent is winning, no legal follow of the seat's beats that play, and partner,
    if still to play, could not beat it either: whichever opponent takes the trick, the
    points are theirs (third to play with partner's lead beaten; second to play where East
    may overtake West's trump pair but North cannot: a sentence checker saw the hint add ♥10
    there, "West is winning"). An opponent's later play that beats the winning one is beaten
    by nothing partner could not beat the winning one with."""
    if not trick or _seat_beats(hand, trick, trump, extra):
        return False
    plays = [tuple(p) for _, p in trick]
    if same_team(trick[trick_winner(plays, trump)][0], seat):
        return False
    return not any(seat_could_beat(plays, trump, mem, s)
                   for s in later_seats(trick, seat) if same_team(s, seat))


def _seat_beats(hand: Sequence[Card], trick: Sequence[tuple[int, Sequence[Card]]],
                trump: Trump, extra: Sequence[Sequence[Card]]) -> bool:
    """Whether some legal follow of `hand` (the engine's varied follows and `extra`) beats
    the play winning `trick` so far."""
    plays = [tuple(p) for _, p in trick]
    options = [tuple(o) for o in follow_options(hand, plays[0], trump)] + [tuple(o) for o in extra]
    return any(trick_winner([*plays, o], trump) == len(plays) for o in options)


def later_seats(trick: Sequence[tuple[int, Sequence[Card]]], seat: int) -> list[int]:
    """The seats still to play after `seat` in `trick`."""
    played = {s for s, _ in trick}
    return [s for s in range(4) if s != seat and s not in played]


def seat_could_beat(plays: Sequence[Sequence[Card]], trump: Trump, mem: Memory,
                    seat: int) -> bool:
    """`could_beat` for `seat`, still to play, as `mem`'s owner sees it: from the cards it
    may hold (unseen, or known to be its), the suits it showed void in and those it showed
    no pair in (R21: where both opponents answered a trump pair lead with two singles, no
    trump pair of theirs can beat partner's next one)."""
    may_hold = [c for c in ALL_CARDS for _ in range(mem.unseen[c.index])]
    return could_beat(plays, trump, may_hold + list(mem.known[seat].elements()), mem.void[seat],
                      mem.no_pairs[seat])


def is_gift(facts: LastSeatFacts | None, play: Sequence[Card]) -> bool:
    """Whether `play` gives points away: the trick certainly lost and more points added than
    the fewest a legal play adds."""
    return facts is not None and facts.outcome == LOST and points_of(play) > facts.least


def is_missed_feed(facts: LastSeatFacts | None, play: Sequence[Card]) -> bool:
    """Whether `play` adds fewer points than a legal play could to a trick its team certainly
    takes (for information: feeding can cost masters a player rightly keeps)."""
    return facts is not None and facts.outcome == WON and points_of(play) < facts.most
