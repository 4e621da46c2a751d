"""The hard tier's 抄底 (kitty snatching, R15) and bids (R11) decided by search.

When the hard bot may snatch, it compares "pass" with a few legal snatches over the same
sampled deals (paired comparisons, as the card play and the bury do):

1. candidates: pass first; then the normal tier's snatch (`decide_snatch`), if it has one;
   then, for each other trump the hand can make by a snatch, its strongest showing, best
   trump first (`strength`), up to `snatch_candidates` snatches in all;
2. worlds: the cards it has not seen — the three other hands AND the kitty just buried — are
   dealt consistently with its view (`sample_hands`: hand sizes, shown bid cards, and a
   kitty buried by someone else seldom holds trumps, points or aces);
3. in each world, "pass" plays the whole round out under the current trump with that kitty;
   a snatch takes that kitty up, buries ten by the normal tier's rules (`choose_bury`) under
   its bid's trump, and plays the whole round out under that trump, the 庄家 leading the first
   trick (R15: a snatch changes neither the 庄家 nor the declaring team; R18). Every seat
   plays the normal policy; the outcome is scored in levels for the bot's team (`evaluate`:
   抠底 ×2 included, R25). Further snatches by other seats are not simulated;
4. a snatch replaces "pass" only when its mean paired gain, less `z` standard errors, clears
   `snatch_margin` levels; the weaker half of the snatches is dropped after 4, 8 … worlds.

The search runs as a generator that yields between slices of simulated tricks (the page's
hard bot thinks in 20 ms slices), stops after `snatch_worlds` worlds or `snatch_playouts`
simulated plays, and under `budget_ms` after `BURY_BUDGET_FACTOR` times that cap (checked
between worlds, at least one world). The random source is seeded from the bot's seed and the
decision's public context, so the choice depends only on (seed, view).

Bids, during the deal and after it (`bid_steps`: `bid="refine"`, the default, or
`bid="search"`), are searched the same way from the normal tier's choice, except that the
deals are drawn as the auction tells (a seat that declined to bid was not dealt a hand it
would have bid on) and in each the auction goes on by the rules after the choice: the rest of
the deal, the other seats' overcalls, the bury, 抄底 (see its docstring).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Generator
from dataclasses import replace
from typing import TYPE_CHECKING

from ..actions import Bid, Pass
from ..bidding import bid_trump_suit
from ..cards import ALL_CARDS, Card
from ..driver import next_action
from ..match import Match
from ..phase import Phase
from ..rules import Trump
from ..seats import SEATS, same_team, team_of
from ..view import SeatView
from .auction import BidChoice, bid_choice, choose_bury, decide_bid, decide_snatch, strength
from .hard import (
    BURY_BUDGET_FACTOR,
    BURY_SLICE_TRICKS,
    PairedRace,
    World,
    evaluate,
    place_known,
    sample_hands,
)
from .knowledge import build_memory
from .tiers import NormalBot

if TYPE_CHECKING:
    from .hard import HardBot


def snatch_trump(level: str, choice: BidChoice) -> Trump:
    """The trump a snatch makes (R15 视同反主: as a bid would, R9/R13)."""
    cards, rank, suit = choice
    return Trump(rank or level, bid_trump_suit(cards, suit))


def snatch_candidates(view: SeatView, most: int) -> list[BidChoice]:
    """The snatches worth comparing with "pass": the normal tier's, then one for each other
    trump the hand can snatch with (its strongest showing: the hardest to snatch back), the
    best trumps for this hand first; at most `most`."""
    standing = view.standing_bid
    opts = bid_choice(view.hand, standing.cards if standing else None, view.level, False, 2)
    if not opts or most <= 0:
        return []
    out: list[BidChoice] = []
    trumps: list[Trump] = []
    normal = decide_snatch(view)
    if normal is not None:
        out.append(normal)
        trumps.append(snatch_trump(view.level, normal))
    for t, choice in strongest_by_trump(view, opts):
        if len(out) >= most:
            break
        if t not in trumps:
            out.append(choice)
            trumps.append(t)
    return out


def strongest_by_trump(view: SeatView, opts: list[tuple[float, tuple[Card, ...], str | None,
                                                         str | None]],
                       ) -> list[tuple[Trump, BidChoice]]:
    """For each trump the showings `opts` (`bid_choice`'s) make, its strongest showing (the
    hardest to overcall or snatch back), the best trumps for this hand first."""
    by_trump: dict[Trump, tuple[float, BidChoice]] = {}
    for st, cards, rank, suit in opts:  # weakest showing first: a later one replaces it
        choice = (cards, rank, suit)
        by_trump[snatch_trump(view.level, choice)] = (st, choice)
    counts = Counter(view.hand)
    ranked = sorted(by_trump.items(),
                    key=lambda kv: (-strength(counts, len(view.hand), kv[0].level, kv[0].suit),
                                    -kv[1][0]))
    return [(t, choice) for t, (_, choice) in ranked]


def snatch_steps(bot: HardBot, view: SeatView) -> Generator[int, None, BidChoice | None]:
    """`bot`'s snatch for `view` (None: pass), searched as the module docstring says; with
    `snatch="normal"` the normal tier's rules of thumb (`decide_snatch`)."""
    params = bot.params
    if params.snatch != "search":
        return decide_snatch(view)
    trump0 = view.trump
    dealer, burier0 = view.dealer, view.burier
    assert trump0 is not None and dealer is not None and burier0 is not None  # after a bury
    cands = snatch_candidates(view, params.snatch_candidates)
    if not cands:
        bot.last_stats = {"candidates": 0, "worlds": 0, "plays": 0}
        return None
    start = bot.clock() if bot.budget_ms is not None else 0.0
    rng = bot.rng(view, "snatch")
    mem = build_memory(view, trump0)
    me = bot.seat
    my_team = team_of(me)
    size = view.rules.kitty_size
    trumps = [trump0] + [snatch_trump(view.level, c) for c in cands]
    race = PairedRace(len(trumps))  # 0: pass
    spent = 0
    ended = "budget"
    while race.worlds < params.snatch_worlds:
        hands, kitty = sample_hands(view, mem, trump0, rng)
        values: dict[int, float] = {}
        for i in race.active:
            world_hands = [list(h) for h in hands]
            if i == 0:
                w = World.at_first_trick(trump0, world_hands, list(kitty), burier0, dealer,
                                         view.rules)
            else:
                world_hands[me], buried = _take_up_and_bury(world_hands[me], kitty, trumps[i],
                                                            size)
                w = World.at_first_trick(trumps[i], world_hands, buried, me, dealer, view.rules)
            spent += yield from _play_out(w, race.worlds)
            values[i] = evaluate(w, my_team)
        race.record(values)
        if spent >= params.snatch_playouts:
            break
        if _over_budget(bot, start):
            ended = "capped"
            break
    best = _race_outcome(bot, race, params.snatch_margin, spent, ended)
    return None if best == 0 else cands[best - 1]


def _take_up_and_bury(hand: list[Card], kitty: list[Card], trump: Trump, size: int,
                      ) -> tuple[list[Card], list[Card]]:
    """The hand left once `kitty` is taken up and ten cards buried by the normal tier's rules
    (`choose_bury`) under `trump`, and the cards buried."""
    taken = hand + list(kitty)
    buried = choose_bury(taken, trump, size)
    left = Counter(taken)
    left.subtract(buried)
    return sorted(left.elements(), key=lambda c: c.index), list(buried)


def _play_out(w: World, progress: int) -> Generator[int, None, int]:
    """Play `w` to the end of the round in slices of tricks, yielding `progress` between
    them; the simulated plays spent."""
    spent = 0
    while not w.finished():
        spent += w.run(BURY_SLICE_TRICKS)
        yield progress
    return spent


def _over_budget(bot: HardBot, start: float) -> bool:
    """Whether a search begun at `start` has spent its time (a multiple of the bot's cap)."""
    return (bot.budget_ms is not None
            and (bot.clock() - start) * 1000 >= BURY_BUDGET_FACTOR * bot.budget_ms)


def _race_outcome(bot: HardBot, race: PairedRace, margin: float, spent: int,
                  ended: str) -> int:
    """The race's winner (0: the baseline) under the auction's caution, with the search's
    figures in `bot.last_stats`: also the mean paired gain of each candidate still in the race
    over the baseline, in thousandths of a level."""
    strict = replace(bot.params, z=bot.params.snatch_z, margin=margin)
    best, bot.last_stats = race.outcome(strict, spent, ended)
    for i in race.active[1:]:
        bot.last_stats[f"gain{i}"] = round(1000 * race.dsum[i] / max(1, race.worlds))
    return best


# --- the post-deal bid (R11) ----------------------------------------------------------------


def bid_candidates(view: SeatView, most: int, pass_first: bool = True,
                   ) -> list[BidChoice | None]:
    """The choices worth comparing, during the deal or after it: the normal tier's first (a
    bid, or None: pass, or not now), then None if that was a bid (None first where the
    standing trump serves the hand as well: `standing_serves`), then one bid for each other
    trump the hand can make (its strongest showing), the best trumps for this hand first; at
    most `most` bids."""
    standing = view.standing_bid
    opts = bid_choice(view.hand, standing.cards if standing else None, view.level,
                      view.first_round, 1)
    normal = decide_bid(view, during_deal=view.phase == Phase.DEAL)
    out: list[BidChoice | None] = [normal]
    if normal is not None:  # pass first where the standing trump serves the hand as well
        out.insert(0 if pass_first and standing_serves(view, normal) else 1, None)
    trumps = [] if normal is None else [snatch_trump(view.level, normal)]
    for t, choice in strongest_by_trump(view, opts):
        if len(trumps) >= most:
            break
        if t not in trumps:
            out.append(choice)
            trumps.append(t)
    return out


def standing_serves(view: SeatView, bid: BidChoice) -> bool:
    """Whether, after the first round (the 庄家 is fixed: a bid only sets the trump), the
    standing bid's trump makes the hand at least as strong as `bid`'s would (`strength`):
    overcalling then gives away trumps for nothing. A daily player saw the hint overcall
    with ♣2 ♣2 ♣2 for 14 trumps under West's ♠2, which gave the hand 19."""
    standing, current = view.standing_bid, view.sort_trump
    if view.first_round or standing is None or current is None:
        return False
    counts, n = Counter(view.hand), len(view.hand)
    cards, rank, suit = bid
    if rank is None:  # (not a joker level: the cards' suit is the trump suit)
        rank, suit = view.level, cards[0].suit
    return strength(counts, n, current.level, current.suit) >= strength(counts, n, rank, suit)


def deal_hidden(view: SeatView, rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
    """During the deal or after it: the cards `view.seat` cannot see dealt uniformly to the
    three other hands (as many as each holds now; the cards a seat showed in a bid stay in
    its hand), and the rest shuffled: the cards still to deal in their order, the kitty last
    (after the deal: the kitty)."""
    mem = build_memory(view, Trump("2", None))  # no trick yet: the trump reads nothing
    me = view.seat
    sizes = list(view.hand_sizes)
    hands: list[list[Card]] = [[], [], [], []]
    pool_counts = place_known(mem, me, sizes, hands)
    hands[me] = list(view.hand)
    pool = [c for c in ALL_CARDS for _ in range(pool_counts[c.index])]
    rng.shuffle(pool)
    for s in SEATS:
        if s != me:
            need = sizes[s] - len(hands[s])
            hands[s].extend(pool[:need])
            pool = pool[need:]
    return hands, pool


def seats_that_declined(view: SeatView) -> list[tuple[int, bool]]:
    """The other seats that, as the auction shows, could have made a bid over the standing one
    (or the first bid) and did not, each with whether it declined during the deal (True) or
    passed after it (False). A seat of the standing bidder's team is left out: it would not
    overcall its own side. A seat asked during the deal, before a bid made after the deal, is
    left out too: it has not been asked since that bid."""
    standing = view.standing_bid
    since = view.auction
    for i in range(len(view.auction) - 1, -1, -1):
        if view.auction[i].bid is not None:
            since = view.auction[i + 1:]
            standing_phase = view.auction[i].phase
            break
    else:
        standing_phase = Phase.DEAL
    passed = {e.seat for e in since if e.bid is None and e.phase == Phase.BID}
    out = []
    for s in SEATS:
        if s == view.seat or (standing is not None and same_team(standing.seat, s)):
            continue
        if s in passed:
            out.append((s, False))
        elif standing_phase == Phase.DEAL:
            out.append((s, True))
    return out


def would_have_bid(view: SeatView, hands: list[list[Card]],
                   declined: list[tuple[int, bool]]) -> bool:
    """Whether a seat of `declined` would, by the normal tier's rules, bid over the standing
    bid with its hand in this sampled deal, although it declined: a deal the auction makes
    unlikely when the others bid as the bots do."""
    for s, during_deal in declined:
        theirs = replace(view, seat=s, hand=tuple(hands[s]))
        if decide_bid(theirs, during_deal) is not None:
            return True
    return False


def deal_as_the_auction_tells(view: SeatView, rng: random.Random, tries: int,
                              ) -> tuple[list[list[Card]], list[Card]]:
    """`deal_hidden`, dealt again (up to `tries` deals in all) while a seat that declined to
    bid would have bid with the hand it was dealt: inference from the auction, the others'
    silence read as the normal tier's rules would mean it."""
    declined = seats_that_declined(view)
    hands, undealt = deal_hidden(view, rng)
    for _ in range(tries - 1):
        if not would_have_bid(view, hands, declined):
            break
        hands, undealt = deal_hidden(view, rng)
    return hands, undealt


def bid_steps(bot: HardBot, view: SeatView) -> Generator[int, None, BidChoice | None]:
    """`bot`'s bid for `view`, during the deal or after it (None: not now, or pass). The
    normal tier's choice, None and a few other trumps are compared over the same sampled
    deals (the hidden hands, the cards still to deal in their order, the kitty). In each, the
    auction goes on from that choice by the rules (`Match.in_auction`): every seat, this one
    included, is dealt the rest and bids, passes, buries and snatches (抄底) by the normal
    tier's rules until the first trick, and the round is then played out with the normal
    policy. The deals are drawn as the auction tells (`deal_as_the_auction_tells`): a seat
    that let a bid go by holds no hand the normal tier's rules would have bid on. Another
    choice replaces the normal one only when clearly better (`snatch_z`, `bid_margin`).
    `bid="refine"` (the default) searches only where the normal tier bids (so it may wait,
    pass or choose another trump, but never bids where the normal tier would not);
    `bid="search"` also weighs a bid where the normal tier passes after the deal (during the
    deal, as "refine": a search at every card dealt would cost too much); `bid="normal"`
    keeps the normal tier's."""
    params = bot.params
    normal = decide_bid(view, during_deal=view.phase == Phase.DEAL)  # (asked at every card)
    weigh_all = params.bid == "search" and view.phase == Phase.BID
    if not (weigh_all or (params.bid in ("search", "refine") and normal is not None)):
        return normal
    cands = bid_candidates(view, params.bid_candidates, params.standing == "pass-first")
    if len(cands) < 2:
        return normal
    start = bot.clock() if bot.budget_ms is not None else 0.0
    rng = bot.rng(view, "bid")
    my_team = team_of(bot.seat)
    by_rules = [NormalBot(s, bot.seed) for s in SEATS]
    race = PairedRace(len(cands))  # 0: the normal tier's choice
    spent = 0
    ended = "budget"
    while race.worlds < params.bid_worlds:
        hands, undealt = deal_as_the_auction_tells(view, rng, params.bid_infer_tries)
        values: dict[int, float] = {}
        for i in race.active:
            w = _after_auction(view, hands, undealt, cands[i], by_rules)
            spent += yield from _play_out(w, race.worlds)
            values[i] = evaluate(w, my_team)
        race.record(values)
        if spent >= params.bid_playouts:
            break
        if _over_budget(bot, start):
            ended = "capped"
            break
    return cands[_race_outcome(bot, race, params.bid_margin, spent, ended)]


def _after_auction(view: SeatView, hands: list[list[Card]], undealt: list[Card],
                   choice: BidChoice | None, by_rules: list[NormalBot]) -> World:
    """The round about to be played in the sampled deal (`hands`, and `undealt`: the cards
    still to deal, the kitty last) once `view.seat` has made `choice` (None: pass, or not
    now) and every seat has gone on by `by_rules` to the first trick: the rest of the deal,
    the later bids, the bury and 抄底 (R11–R15), as the match applies them."""
    match = Match.in_auction(view, hands, undealt)
    seat = view.seat
    if choice is not None:
        match.apply(Bid(seat, tuple(choice[0]), choice[1], choice[2]))
    elif view.phase == Phase.BID:
        match.apply(Pass(seat))  # (during the deal, not now: the next card is dealt)
    while match.phase in (Phase.DEAL, Phase.BID, Phase.BURY, Phase.SNATCH):
        match.apply(next_action(match, by_rules))
    r = match.round
    assert r.trump is not None and r.burier is not None and r.dealer is not None  # in play
    return World.at_first_trick(r.trump, r.hands, r.kitty, r.burier, r.dealer, match.rules)
