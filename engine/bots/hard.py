"""The hard tier: determinized sampling and rollouts with the normal policy.

For each card play with more than one sensible choice, the hard bot

1. lists candidates: for a follow, the normal policy's best-scored follows (up to 5, within
   15 points of its favourite), kept to the follows that take the trick when the seat is last
   to play and such a take is worth 10 points or more for certain (engine.bots.certain's
   `only_sure_takes`: nothing to sample there); for a lead, the normal policy's lead, then
   safe throws and tractors, high pairs, the lowest single without points and the highest
   single of each suit, and low pairs (up to 6) — but no pair or tractor someone may beat
   where the normal lead is a side pair nobody can (`sure_pair`);
2. samples worlds: deals the cards it cannot see to the other hands (and to the kitty when it
   did not bury it), keeping the hand sizes and everything its seat has seen — cards played,
   revealed voids and missing pairs, cards shown in bids or in a failed throw (R19), the kitty
   it buried. The deal leans the way people play: the final bidder tends to hold more trumps,
   and a kitty buried by someone else seldom holds trumps, points or aces;
3. in each world plays every candidate and then the rest of the round with the normal policy
   for all four seats (each simulated seat decides from its own knowledge in that world), and
   scores the outcome for its team in levels (R26: the declarers' rise, or the attackers' rise
   and the deal; a small term in the score breaks ties). With more than `horizon + 2` tricks
   left (horizon 8 by default), a rollout stops after `horizon` tricks and scores the expected
   result instead (`expected_end`): the points taken so far plus the attackers' expected share
   of the rest and of the kitty, their share judged by each team's cards class by class
   (jokers, level cards, trumps, side aces and kings …), a law fitted on rollouts of the
   normal policy (tools.eval_fit); closer to the end it plays the round out, 抠底 (R25)
   included;
4. compares every candidate with the normal choice on the same worlds (paired differences),
   drops the weaker half of the candidates after 4, 8, 16… worlds, and plays a candidate only
   when its mean advantage minus `z` (0.5) standard errors is above `margin` (0.02 levels);
   otherwise the normal choice. So it departs from the normal policy only with evidence.
   With `settle_k` = k set (off by default: k = 2 lost 0.13 levels a round against the whole
   budget in the arena, see the README), it stops before its budget once the decision is
   settled, after at least `settle_worlds` = 8 worlds: when every challenger still in the
   race has mean + k·SE below `margin` (normal's choice stands: the common case where every
   candidate ends the same way, spread 0), or when the leading challenger's mean − k·SE is
   above `margin` and above every other challenger's mean + k·SE (it wins). Either way the
   rule above, with its smaller `z` (k ≥ z), would choose the same now, and more worlds are
   unlikely to change it.

Budget and determinism. The effort is counted in simulated card plays (`playouts`, default
2500; at most `max_worlds` = 64 worlds): worlds are added while the plays spent stay under it
and (with `settle_k`) the decision is not settled, and only whole worlds count, so the choice
depends only on (seed, view) — the random source is seeded from the bot's seed and the decision's
public context. `budget_ms` adds a wall-clock cap for the browser: the search checks the
clock between worlds and stops when the cap is spent (always after at least one world); under
a time cap the choice can vary with the machine's speed. (`clock="cpu"` reads the cap on the
process's CPU time instead: the arena's, so that other jobs on the machine do not shorten it.)
Burying and 抄底 are searched too (`bury_steps`; engine.bots.hard_auction), and so are bids
wherever the normal tier's rules would bid, during the deal and after it (`bid="refine"`:
that bid, not bidding now and other trumps, over deals drawn as the auction tells and with the
auction played on by the rules in each; `bid="normal"` keeps the rules of thumb).
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable, Generator
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from ..actions import Action, Bid, Bury, Pass, Play, Snatch
from ..cards import ALL_CARDS, COPIES, Card, points_of
from ..config import RulesConfig
from ..driver import run_steps
from ..errors import IllegalPlay
from ..options import lead_options
from ..phase import Phase
from ..rules import (
    PAIR,
    SINGLE,
    TRACTOR,
    TRUMP,
    Trump,
    Unit,
    check_follow,
    check_throw,
    classify,
)
from ..scoring import settle
from ..seats import OTHERS, SEATS, attackers_of, next_seat, opponents_of, other_team, team_of
from ..tally import Tally, kitty_value
from ..view import SeatView
from .advice import Advice, explain
from .auction import bury_options, choose_bury
from .base import make_ctx
from .certain import only_sure_takes, play_key
from .knowledge import Memory, build_memory, expected_kitty_points, observe_follow
from .play import (
    PlayCtx,
    TrickInfo,
    choose_follow,
    choose_lead,
    choose_play,
    follow_candidates,
    read_units,
    safe_throw,
    score_follows,
    without_sure_gift,
)
from .spare import spare
from .tiers import NormalBot

_NODES = ((-2.0, 0.054), (-1.0, 0.242), (0.0, 0.408), (1.0, 0.242), (2.0, 0.054))
# Simulated seats weigh the kitty's points only in the last few tricks (R25 抠底).
KITTY_LOOKAHEAD_CARDS = 6


@dataclass(frozen=True)
class SearchParams:
    """The search's budget, and how much evidence it needs to leave the normal choice."""

    playouts: int = 2500  # simulated card plays per decision: strength against time
    max_worlds: int = 64  # sampled deals at most, however cheap each one is
    horizon: int | None = 8  # tricks per rollout before estimating the rest (None: to the
    #                          end): speed against accuracy early in the round
    max_candidates: int = 5  # plays compared: breadth against worlds spent on each
    window: float = 15.0  # follows compared: those normal scores within this of its best
    z: float = 0.5  # standard errors a challenger's mean gain must clear: caution
    margin: float = 0.02  # levels a challenger must gain beyond that: ignores near-ties
    settle_k: float | None = None  # stop once more worlds are unlikely to change the choice:
    #                                standard errors (PairedRace.settled); None: spend the
    #                                budget (the default: k = 2 cost strength in the arena)
    settle_worlds: int = 8  # … but never before this many worlds (3 at least: a spread)
    bury: str = "search"  # "search": buries compared by whole-round rollouts; "normal": the
    #                       normal tier's rules of thumb (the arena's comparison)
    bury_candidates: int = 4  # buries compared: the rules' cheapest few and a pointless one
    bury_worlds: int = 16  # sampled deals at most for the bury
    bury_playouts: int = 8000  # simulated card plays for the bury (a round is ~150)
    snatch: str = "search"  # 抄底 (R15): "search" compares pass with a few snatches by
    #                         whole-round rollouts (engine.bots.hard_auction); "normal": the
    #                         normal tier's rules of thumb (the arena's comparison)
    snatch_candidates: int = 3  # snatches compared with pass (distinct trumps)
    snatch_worlds: int = 24  # sampled deals (hands and kitty) at most for a snatch
    snatch_playouts: int = 8000  # simulated card plays for a snatch decision
    snatch_z: float = 0.5  # standard errors a snatch's gain over pass must clear …
    snatch_margin: float = 0.1  # … beyond this many levels (other seats may snatch back)
    bid: str = "refine"  # bids during the deal and after it (R11): "refine" (the default)
    #                      compares normal's bid with not bidding now and a few other
    #                      trumps by rollouts, wherever normal's rules would bid; "search"
    #                      also where they pass after the deal (it lost in the arena, see
    #                      the README); "normal": the normal tier's rules of thumb
    bid_candidates: int = 3  # trumps compared (normal's choice and pass besides)
    standing: str = "pass-first"  # after the first round, where the standing trump serves
    #                               the hand as well as normal's bid: "pass-first", the
    #                               search starts from passing; "bid-first", from the bid
    bid_worlds: int = 24  # sampled deals (hands and kitty) at most for a post-deal bid
    bid_playouts: int = 8000  # simulated card plays for a post-deal bid
    bid_margin: float = 0.1  # levels a choice must gain over normal's (after snatch_z)
    bid_infer_tries: int = 30  # deals drawn at most until no seat that declined would have
    #                            bid (inference from the auction; 1: a uniform deal)
    spare: str = "on"  # "on": the chosen follow spends no more than it needs (no gift, no
    #                    top card or trump where a lower card does the same:
    #                    engine.bots.spare); "off": the search's choice as it is (the arena's
    #                    comparison)
    ruff_guard: str = "all"  # leads into a shown void that may be trumped: "all", none
    #                           compared where a safe lead is (a daily player saw the hint
    #                           lead ♠4 into the void it had just named); "drop", those with
    #                           points or a top card not compared (two playtesters saw the
    #                           hint lead a top card into a shown void, and the trick
    #                           trumped); "masters", put last; "points", those with points
    #                           only put last (the arena's comparisons)
    take: str = "on"  # "on": last to play, an opponent winning, where a follow takes the
    #                   trick and SURE_TAKE_POINTS or more with it, the search compares only
    #                   the follows that take it (engine.bots.certain.only_sure_takes);
    #                   "off": its candidates as they are (the arena's comparison)
    second_hand: str = "top"  # "top": second to play on a single side-suit lead, beating it
    #                           with the suit's top card rather than with points an opponent
    #                           may overtake (engine.bots.spare); "search": the search's
    #                           choice (the arena's comparison)
    single_rules: str = "all"  # "all": a single follow also keeps its pairs and banks the
    #                            points of a trick its side takes for sure (engine.bots.spare);
    #                            "before": not those two (the arena's comparison)
    ruff_low: str = "points"  # "points": a ruff that no trump takes for sure is made with
    #                           no points where a trump without points takes it as well (on
    #                           a trick without points the lowest; engine.bots.spare);
    #                           "empty": only on a trick without points, with a ruff without
    #                           points; "search": as the search chose (the arena's comparisons)
    lead_singles: str = "lone"  # "lone": the singles compared as leads (a suit's lowest
    #                              without points, its highest) are lone cards where the suit
    #                              has one, so that no pair or triple is broken for them (a
    #                              daily player saw the hint break ♥4 ♥4 and BJ BJ to lead a
    #                              single); "any": any card (the arena's comparison)
    low_pair: str = "pointless"  # the low pair compared as a lead: "pointless", each
    #                              suit's lowest without points where it has one (a daily
    #                              player saw the hint lead a 10-point trump pair into the
    #                              opponents); "lowest", its lowest (the arena's comparison)
    partner_sure: str = "under"  # "under": no follow takes the trick from partner's play
    #                              that no opponent still to play could beat, where one that
    #                              leaves it adds no fewer points (engine.bots.spare);
    #                              "search": as the search chose (the arena's comparison)
    second_low: str = "on"  # "on": second to play on an opponent's single lead, a card
    #                         that leaves the lead winning adds the fewest points it can
    #                         (engine.bots.spare); "off": as the search chose
    contest_high: str = "on"  # "on": a side card with points that takes the trick but may
    #                           be beaten gives way to a higher one without (fewer) points
    #                           (engine.bots.spare); "off": as the search chose
    sure_pair: str = "first"  # "first": where the normal lead is a side pair or tractor
    #                            nobody can beat, no beatable pair or tractor is compared
    #                            with it (`sure_pair_first`); "search": every candidate


@dataclass(frozen=True)
class EvalParams:
    """How an outcome is scored in levels for the searching team (see `evaluate`). The
    estimate of a round's end is fitted on rollouts of the normal policy by `python -m
    tools.eval_fit` (docs/bots.md has its figures): x is the attackers' power minus the
    declarers' (CLASS_POWER) per card left in the four hands."""

    deal_value: float = 0.3  # levels the next deal is worth to the team that will hold it
    point_value: float = 0.002  # levels per attackers' point: breaks ties between outcomes
    share_base: float = 0.499  # the attackers' share of the points still to play: at x = 0,
    share_slope: float = 1.01  # … its growth with x,
    share_curve: float = 0.283  # … and with x²
    kitty_base: float = 0.0876  # their share of the kitty's value (R25) at x = 0,
    kitty_slope: float = 0.667  # … and its growth with x
    held_share: float = 0.0766  # of the points each team holds, this share more goes its way
    sd_base: float = 6.0  # spread of an estimated final score: its floor, in points
    sd_per_point: float = 0.1  # … and its growth per point still to be played
    sd_kitty_weight: float = 0.5  # … counting the kitty's (multiplied) points this much


@dataclass(frozen=True)
class SampleParams:
    """How sampled deals lean towards what people do (see `sample_hands`)."""

    bidder_trump: float = 1.6  # the final bidder holds trumps this much more often
    kitty_trump: float = 0.15  # a kitty buried by someone else holds trumps this seldom
    kitty_valuable: float = 0.4  # … and points or aces this seldom


# The page's hard bot: the default play count, and a wall-clock cap per decision (the page
# runs the search in slices, so the page stays responsive meanwhile). ui.players uses these;
# `python -m tools.arena --page` plays hard with them too (see `page_options`).
PAGE_BUDGET_MS = 250.0
# Pyodide's speed against CPython's on the same machine (bench/pyodide_bench.mjs and
# tools.bots_bench print simulated plays per second): the arena scales the cap by it.
PYODIDE_SLOWDOWN = 2.0


# The clocks a time cap can be read on: the page's is the wall clock (the player waits for
# it); "cpu" is this process's CPU time, for the arena on a shared machine, where the wall
# clock would count the time other processes take from it (a cap then buys fewer plays than
# the page would make).
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}


def page_options(slowdown: float = 1.0, clock: str = "wall") -> dict[str, float | str]:
    """The page's options for the hard bot; `slowdown` > 1 shortens the cap for a faster
    runtime (the arena on CPython) so that it spends the time the page would, and `clock`
    says how that time is read (CLOCKS)."""
    return {"budget_ms": PAGE_BUDGET_MS / slowdown, "clock": clock}


EVAL = EvalParams()
SAMPLE = SampleParams()


# --- the simulator -------------------------------------------------------------------------


# What a simulated seat knows another holds beyond the deal: nothing (a world is dealt
# whole). Shared by every World's memories, never changed.
_KNOWN_NOTHING: list[Counter[Card]] = [Counter(), Counter(), Counter(), Counter()]


class World:
    """One determinized deal of the hidden cards, played on from the current position by the
    rules as `Match` applies them: R19's throw check and penalty, each trick's winner and
    points, 抠底 (`engine.tally.Tally`, the match's own tally). Each simulated seat decides
    from its own memory of the world, kept up to date play by play (`PlayCtx`)."""

    __slots__ = (
        "attack_team",
        "burier",
        "ctxs",
        "dealer",
        "hand_indices",
        "hands",
        "kitty",
        "kitty_points",
        "leader",
        "mems",
        "no_pairs",
        "played",
        "rules",
        "sizes",
        "tally",
        "totals",
        "trick",
        "trump",
        "void",
    )

    def __init__(self, trump: Trump, hands: list[list[Card]], kitty: list[Card], burier: int,
                 dealer: int, played: list[int], void: list[set[str]], no_pairs: list[set[str]],
                 trick: list[tuple[int, tuple[Card, ...]]], leader: int, tally: Tally,
                 rules: RulesConfig) -> None:
        """The round with every hand and the kitty known: `played` counts the copies of each
        card played, `void` and `no_pairs` what each seat has shown it lacks (as
        `knowledge.Memory` keeps them), `trick` is the trick in progress and `leader` the seat
        that led it (with no trick in progress, the seat to lead), `tally` the score so far."""
        self.trump = trump
        self.hands = hands
        # each hand's card indices, in the hand's order: a card played is found among ints
        # (quick) and taken out of both lists at that place, as list.remove would
        self.hand_indices = [[c.index for c in h] for h in hands]
        self.kitty = kitty
        self.burier = burier
        self.dealer = dealer
        self.attack_team = attackers_of(dealer)
        self.played = played
        self.void = void
        self.no_pairs = no_pairs
        self.trick = trick
        self.leader = leader
        self.tally = tally
        self.rules = rules
        self.mems: list[Memory] = []
        for s in SEATS:
            # (not Memory(s): its four Counters and tables would be replaced at once)
            m = Memory.__new__(Memory)
            m.seat, m.kitty = s, None
            m.played, m.void, m.no_pairs, m.known = played, void, no_pairs, _KNOWN_NOTHING
            unseen = [COPIES - p for p in played]
            for c in hands[s]:
                unseen[c.index] -= 1
            if s == burier:
                for c in kitty:
                    unseen[c.index] -= 1
                m.kitty = tuple(kitty)
            m.unseen = unseen
            self.mems.append(m)
        self.totals = [sum(m.unseen) for m in self.mems]
        self.sizes = [len(h) for h in hands]
        self.kitty_points = float(points_of(kitty))
        # One context per simulated seat for the whole rollout: its caches (the hand by suit,
        # its units, the unseen cards of each suit) are updated play by play, not rebuilt.
        self.ctxs = [PlayCtx(trump, s, hands[s], self.mems[s], trick, self.sizes, dealer, 0.0,
                             self.totals[s]) for s in SEATS]

    @classmethod
    def at_first_trick(cls, trump: Trump, hands: list[list[Card]], kitty: list[Card],
                       burier: int, dealer: int, rules: RulesConfig) -> World:
        """A round about to be played from its first trick, the 庄家 leading (R18)."""
        return cls(trump, hands, kitty, burier, dealer, [0] * len(ALL_CARDS),
                   [set(), set(), set(), set()], [set(), set(), set(), set()], [], dealer,
                   Tally(), rules)

    @classmethod
    def from_view(cls, view: SeatView, mem: Memory, hands: list[list[Card]],
                  kitty: list[Card]) -> World:
        """The round in play as `view` shows it (`mem`: its seat's memory, `build_memory`),
        with the cards the seat cannot see as `hands` and `kitty` deal them: play goes on
        from the trick in progress, with the view's points and penalties."""
        trump, burier, dealer, to_act = view.trump, view.burier, view.dealer, view.to_act
        assert trump is not None and burier is not None and dealer is not None  # in play
        assert to_act is not None  # (a seat acts in every turn of the play)
        trick = view.current_trick
        plays = list(trick.plays) if trick is not None else []
        return cls(trump, hands, kitty, burier, dealer, list(mem.played),
                   [set(v) for v in mem.void], [set(v) for v in mem.no_pairs], plays,
                   plays[0][0] if plays else to_act, Tally(view.points, view.penalties),
                   view.rules)

    def warm(self) -> World:
        """Fill the caches every seat's first decision reads (its hand by play-suit and
        counted), so that the forks of this world start with them; returns the world."""
        for ctx in self.ctxs:
            ctx.groups()
            ctx.counts  # noqa: B018  (a property that fills the cache)
        return self

    def fork(self) -> World:
        """A copy of this world, to be played on apart (each candidate of a search from the
        same sampled deal): everything a play changes is copied, the seats' caches with it,
        so that the copy decides as a World built afresh from the same deal would."""
        w = World.__new__(World)
        w.trump, w.kitty, w.burier, w.dealer = self.trump, self.kitty, self.burier, self.dealer
        w.attack_team, w.rules, w.kitty_points = self.attack_team, self.rules, self.kitty_points
        w.leader = self.leader
        w.tally = self.tally.copy()
        w.hands = [h[:] for h in self.hands]
        w.hand_indices = [h[:] for h in self.hand_indices]
        w.played = self.played[:]
        w.void = [v.copy() for v in self.void]
        w.no_pairs = [v.copy() for v in self.no_pairs]
        w.trick = self.trick[:]
        w.sizes = self.sizes[:]
        w.totals = self.totals[:]
        w.mems = []
        for m in self.mems:
            copy = Memory.__new__(Memory)
            copy.seat, copy.kitty, copy.known = m.seat, m.kitty, m.known  # (never changed)
            copy.played, copy.void, copy.no_pairs = w.played, w.void, w.no_pairs
            copy.unseen = m.unseen[:]
            w.mems.append(copy)
        w.ctxs = [ctx.fork(w.hands[s], w.mems[s], w.trick, w.sizes)
                  for s, ctx in enumerate(self.ctxs)]
        return w

    def to_act(self) -> int:
        return next_seat(self.trick[-1][0]) if self.trick else self.leader

    def ctx(self, seat: int) -> PlayCtx:
        ctx = self.ctxs[seat]
        mem = ctx.mem
        kp = 0.0
        if mem.kitty is not None:
            kp = self.kitty_points
        elif self.sizes[seat] <= KITTY_LOOKAHEAD_CARDS:  # only the last trick looks at it (R25)
            kp = expected_kitty_points(mem.unseen, self.rules.kitty_size)
        ctx.kitty_points = kp
        ctx.new_decision()
        ctx.trick = self.trick
        ctx.unseen_total = self.totals[seat]
        return ctx

    def play(self, seat: int, cards: tuple[Card, ...]) -> None:
        """Apply a play as the match would (a lead is checked as a throw, R19; the trick,
        once complete, is judged and scored, R22–R25), and update every seat's memory."""
        trump = self.trump
        trick, ctxs = self.trick, self.ctxs
        # one unit (a pair, a tractor) always stands: only a throw is checked, and whether
        # the lead is one unit is read from the memo of R17 readings (check_throw's first step)
        n = len(cards)
        if not trick and n > 1:
            units = read_units(cards, trump, ctxs[seat].readings)
            if len(units) > 1:
                led = trump.play_suits[cards[0].index]  # (the others' cards of it, at hand)
                others = [ctxs[s].groups().get(led, []) for s in OTHERS[seat]]
                forced = check_throw(cards, others, trump, units)
                if forced is not None:  # the forced unit is led, the penalty credited
                    self.tally.throw_failed(seat, n, len(forced), self.rules)
                    cards = tuple(forced)
                    n = len(cards)
        hand, indices = self.hands[seat], self.hand_indices[seat]
        play_suits = trump.play_suits
        played = self.played
        totals = self.totals
        if n == 1:  # (most plays: no loops, no set)
            c = cards[0]
            k = indices.index(c.index)  # (the first copy, as hand.remove(c))
            del hand[k], indices[k]
            played[c.index] += 1
            suit = play_suits[c.index]
            for s in OTHERS[seat]:
                totals[s] -= 1
                ctxs[s].note_seen_card(c, suit)
            ctxs[seat].note_own_card(c, suit)
        else:
            for c in cards:
                k = indices.index(c.index)
                del hand[k], indices[k]
                played[c.index] += 1
            for s in OTHERS[seat]:
                totals[s] -= n
                ctxs[s].note_seen(cards)
            ctxs[seat].note_own_play(cards)
        self.sizes[seat] -= n
        if trick:
            lead = trick[0][1]
            if n == 1:  # observe_follow for one card: a void if it is not of the led suit
                led = play_suits[lead[0].index]
                if play_suits[cards[0].index] != led:
                    self.void[seat].add(led)
            else:
                observe_follow(self.mems[seat], trump, seat, lead, cards)
        trick.append((seat, cards))
        if len(trick) == 4:
            lead = trick[0][1]  # (a lead of more than two cards is read from the memo)
            lead_units = read_units(lead, trump, ctxs[seat].readings) if len(lead) > 2 else None
            winner, _ = self.tally.trick_won(trick, trump, lead_units)
            if not self.sizes[seat]:  # the last trick: every hand is empty
                self.tally.last_trick_won(winner, self.attack_team, self.kitty, self.rules)
            self.trick = []
            self.leader = winner

    def finished(self) -> bool:
        return not self.hands[0] and not self.trick

    def run(self, limit_tricks: int | None) -> int:
        """Play on with the normal policy; returns the card plays simulated."""
        n = tricks = 0
        while self.sizes[0] or self.trick:  # (not finished(): a hand is empty at the end)
            leader = self.leader
            if not self.trick:
                self.play(leader, choose_lead(self.ctx(leader)))
                n += 1
            for seat in OTHERS[leader][len(self.trick) - 1:]:  # the rest of the trick
                self.play(seat, choose_follow(self.ctx(seat)))
                n += 1
            tricks += 1
            if limit_tricks is not None and tricks >= limit_tricks:
                break
        return n



# --- scoring an outcome -----------------------------------------------------------------------


def _levels(score: float, my_team: int, declarers: int, rules: RulesConfig) -> float:
    keep, rise = settle(max(0, round(score / 5.0) * 5), rules)  # scores come in fives
    rising = declarers if keep else other_team(declarers)
    v = float(rise if rising == my_team else -rise)
    next_decl = declarers if keep else other_team(declarers)
    return v + (EVAL.deal_value if next_decl == my_team else -EVAL.deal_value)


# Classes of cards for the estimate of a round's end, and what each is worth towards taking
# the points still to play, relative to a low side card (fitted by tools.eval_fit: a side
# ace is worth about a joker; a 5 or 10 in the hand, a little less than a low card).
CLASSES = ("BJ", "LJ", "tlev", "olev", "tA", "tK", "tQ", "tpt", "tlow",
           "A", "K", "Q", "ten", "five", "low")
CLASS_POWER = {"BJ": 2.204, "LJ": 2.506, "tlev": 2.907, "olev": 1.617, "tA": 1.469,
               "tK": 1.809, "tQ": 1.252, "tpt": 1.552, "tlow": 1.281, "A": 2.215, "K": 1.626,
               "Q": 0.559, "ten": -0.443, "five": -0.45, "low": 0.0}
_SIDE_CLASS = {14: "A", 13: "K", 12: "Q", 10: "ten", 5: "five"}
_TRUMP_CLASS = {14: "tA", 13: "tK", 12: "tQ", 10: "tpt", 5: "tpt"}


def card_class(c: Card, trump: Trump) -> str:
    """The card's class in CLASSES: a joker, a level card (of the trump suit or another), a
    trump by rank (5 and 10 together), or a side card by rank."""
    if trump.play_suits[c.index] != TRUMP:
        return _SIDE_CLASS.get(c.value, "low")
    if c.suit is None:
        return "BJ" if c.value == 16 else "LJ"
    if c.rank == trump.level:
        return "tlev" if c.suit == trump.suit else "olev"
    return _TRUMP_CLASS.get(c.value, "tlow")


@cache  # Trump hashes by (level, suit): one table per trump context
def _power_table(trump: Trump) -> list[float]:
    """Each card's CLASS_POWER, by `Card.index`."""
    return [CLASS_POWER[card_class(c, trump)] for c in ALL_CARDS]


def expected_end(world: World) -> tuple[float, float]:
    """The attackers' expected final score from a world's position, and its spread (EvalParams;
    tools.eval_fit fits both)."""
    power = _power_table(world.trump)
    att = world.attack_team
    x = held = 0.0
    cards = rest = 0
    for seat, hand in enumerate(world.hands):
        p = sum([power[c.index] for c in hand])  # (in the hand's order: a float sum)
        pts = points_of(hand)
        rest += pts
        cards += len(hand)
        if team_of(seat) == att:
            x += p
            held += pts
        else:
            x -= p
            held -= pts
    for _, played in world.trick:
        rest += points_of(played)
    if cards:
        x /= cards
    kitty = kitty_value(world.kitty, world.rules)
    e = EVAL
    share = min(1.0, max(0.0, e.share_base + e.share_slope * x + e.share_curve * x * x))
    kitty_share = min(1.0, max(0.0, e.kitty_base + e.kitty_slope * x))
    mean = (world.tally.attackers_score(att) + share * rest + kitty_share * kitty
            + e.held_share * held)
    return mean, e.sd_base + e.sd_per_point * (rest + e.sd_kitty_weight * kitty)


def evaluate(world: World, my_team: int) -> float:
    """My team's value of a world's position: exact at the end of the round, else expected
    (`expected_end`, spread over a normal law's five nodes)."""
    rules = world.rules
    declarers = team_of(world.dealer)
    att = world.attack_team
    if world.finished():
        s = float(world.tally.attackers_score(att))  # (抠底 included)
        tiebreak = EVAL.point_value * s
        return _levels(s, my_team, declarers, rules) + (tiebreak if my_team == att else -tiebreak)
    mean, sd = expected_end(world)
    v = 0.0
    for z, w in _NODES:
        v += w * _levels(mean + z * sd, my_team, declarers, rules)
    tiebreak = EVAL.point_value * mean
    return v + (tiebreak if my_team == att else -tiebreak)


# --- sampling the hidden cards -------------------------------------------------------------


def place_known(mem: Memory, me: int, sizes: list[int], hands: list[list[Card]]) -> list[int]:
    """Put into each other seat's hand the cards it is known to hold (as many as its hand
    takes); returns how many of each card are left for the random part of the deal."""
    pool_counts = list(mem.unseen)
    for s in SEATS:
        if s == me:
            continue
        for c in sorted(mem.known[s]):
            k = min(mem.known[s][c], pool_counts[c.index], sizes[s] - len(hands[s]))
            hands[s].extend([c] * k)
            pool_counts[c.index] -= k
    return pool_counts


def shuffle(cards: list[Card], rng: random.Random) -> None:
    """`rng.shuffle(cards)`, the same draws and the same order, without a method call for
    each card (Random.shuffle asks Random._randbelow for every index: a tenth of a sampled
    deal's time, more under Pyodide). tests/test_sim_fast_paths.py checks it against
    rng.shuffle."""
    getrandbits = rng.getrandbits
    for i in reversed(range(1, len(cards))):
        n = i + 1  # (Random._randbelow_with_getrandbits(n), inline)
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def sample_hands(view: SeatView, mem: Memory, trump: Trump,
                 rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
    """Deal the cards `view.seat` cannot place to the other hands (and a hidden kitty) so that
    the hand sizes, known holdings, revealed voids and missing pairs hold. The deal leans the
    way play does: the final bidder tends to hold more trumps, and a kitty buried by someone
    else seldom holds trumps, points or aces."""
    me = view.seat
    sizes = list(view.hand_sizes)
    hands: list[list[Card]] = [[], [], [], []]
    hands[me] = list(view.hand)
    pool_counts = place_known(mem, me, sizes, hands)
    kitty_hidden = mem.kitty is None
    kitty_need = view.rules.kitty_size if kitty_hidden else 0
    pool = [c for c in ALL_CARDS for _ in range(pool_counts[c.index])]
    others = [s for s in SEATS if s != me]
    slots = others + ([4] if kitty_need else [])

    standing = view.standing_bid
    bidder = standing.seat if standing is not None and standing.seat != me else None
    suit_of = trump.play_suits

    kitty_trump, kitty_valuable = SAMPLE.kitty_trump, SAMPLE.kitty_valuable
    bidder_trump = SAMPLE.bidder_trump

    # each slot's weight (SampleParams) for a trump, a card with points or an ace, and any
    # other card: looked up, as the deal below runs for every card of every sampled world
    weights = {s: ((kitty_trump, kitty_valuable, 1.0) if s == 4 else
                   ((bidder_trump if s == bidder else 1.0), 1.0, 1.0)) for s in slots}
    no_pairs = mem.no_pairs
    for attempt in range(8):
        use_voids = attempt < 6
        need = [0] * 5
        for s in others:
            need[s] = sizes[s] - len(hands[s])
        if kitty_need:
            need[4] = kitty_need
        cards = list(pool)
        shuffle(cards, rng)
        # the slots each play-suit may go to, and the most constrained cards first
        allowed = {suit: [s for s in slots
                          if s == 4 or not use_voids or suit not in mem.void[s]]
                   for suit in ("D", "C", "H", "S", TRUMP)}
        n_allowed = {suit: len(ss) for suit, ss in allowed.items()}
        if len(set(n_allowed.values())) > 1:  # (all alike: the stable sort changes nothing)
            cards.sort(key=lambda c: n_allowed[suit_of[c.index]])
        # the slots where a second copy of a card cannot go (a seat shown to lack pairs)
        pairless = {suit: {s for s in slots if s < 4 and suit in no_pairs[s]} if use_voids
                    else set() for suit in allowed}
        watched = set().union(*pairless.values())  # the slots whose cards `held` records
        # each play-suit's slots with their weights for each kind of card (a trump, a card
        # with points or an ace, any other), and each card's, by card index
        slot_weights = {suit: [[(s, weights[s][kind]) for s in ss] for kind in range(3)]
                        for suit, ss in allowed.items()}
        slots_of = [slot_weights[suit_of[c.index]][0 if suit_of[c.index] == TRUMP else
                                                  (1 if c.points or c.value == 14 else 2)]
                    for c in ALL_CARDS]
        got: list[list[Card]] = [[], [], [], [], []]  # by slot
        held: list[set[int]] = [set(), set(), set(), set(), set()]  # card indices per slot
        ok = True
        for c in cards:
            i = c.index
            no_second = pairless[suit_of[i]]
            # each slot's weight, 0 where the card cannot go (full, or a second copy where
            # pairs lack): zeros change neither the sum nor the pick below, and build no
            # list of the slots open
            options = slots_of[i]
            if no_second:
                ws = [0.0 if s in no_second and i in held[s] else need[s] * weight
                      for s, weight in options]
            else:
                ws = [need[s] * weight for s, weight in options]
            total = sum(ws)
            if not total:
                ok = False
                break
            r = rng.random() * total
            pick = -1  # the slot where r falls, else the last open one (rounding)
            if no_second:
                for (s, _), weight in zip(options, ws, strict=True):
                    if weight:
                        pick = s
                        r -= weight
                        if r < 0:
                            break
            else:  # (the same walk, each weight made again as in ws: no zip to call)
                for s, weight in options:
                    weight = need[s] * weight
                    if weight:
                        pick = s
                        r -= weight
                        if r < 0:
                            break
            got[pick].append(c)
            if pick in watched:
                held[pick].add(i)
            need[pick] -= 1
        if ok:
            out = [list(h) for h in hands]
            for s in others:
                out[s].extend(got[s])
            kitty = got[4] if mem.kitty is None else list(mem.kitty)
            return out, kitty
    raise RuntimeError("could not sample a world")  # pragma: no cover - pool always fits


# --- candidates -----------------------------------------------------------------------------


def lead_candidates(ctx: PlayCtx, normal: tuple[Card, ...],
                    lone: bool = True, low_pair_pointless: bool = True,
                    ) -> list[tuple[Card, ...]]:
    """The normal lead first, then safe throws, tractors, the high and low pair, the lowest
    single without points and the highest single of each suit; with `lone`, those singles
    from the suit's lone cards where it has one (no pair or triple broken for a single);
    with `low_pair_pointless`, the low pair the suit's lowest without points where it has one
    (the defaults are SearchParams's)."""
    trump = ctx.trump
    held = Counter(ctx.hand)
    by_suit: dict[str, list[Unit]] = {}
    for u in lead_options(ctx.hand, trump):
        by_suit.setdefault(trump.play_suits[u.top.index], []).append(u)
    tiers: list[list[tuple[Card, ...]]] = [[normal], [], [], [], [], []]
    for suit, us in by_suit.items():
        singles = sorted((u for u in us if u.kind == SINGLE),
                         key=lambda u: (trump.strengths[u.top.index], u.top.points, u.top.index))
        lone_singles = [u for u in singles if held[u.top] == 1] if lone else singles
        pairs = sorted((u for u in us if u.kind == PAIR),
                       key=lambda u: (trump.strengths[u.top.index], u.top.index))
        tractors = [u for u in us if u.kind == TRACTOR]
        t = safe_throw(ctx, suit)
        if t is not None:
            tiers[1].append(t)
        longest = max(tractors, key=lambda u: (len(u.cards), u.top.value), default=None)
        if longest is not None:
            tiers[1].append(longest.cards)
        if pairs:
            tiers[2].append(pairs[-1].cards)
            low = [u for u in pairs if not u.top.points] if low_pair_pointless else []
            tiers[5].append((low or pairs)[0].cards)
        nonpoint = ([u for u in lone_singles if not u.top.points]
                    or [u for u in singles if not u.top.points])
        if nonpoint:
            tiers[3].append(nonpoint[0].cards)
        if singles:
            tiers[4].append((lone_singles or singles)[-1].cards)
    seen = set()
    uniq = []
    for tier in tiers:
        for p in tier:
            key = play_key(p)
            if key not in seen:
                seen.add(key)
                uniq.append(tuple(p))
    return uniq


def into_a_ruff(ctx: PlayCtx, lead: tuple[Card, ...], masters: bool = True,
                anything: bool = False) -> bool:
    """Whether `lead` carries points into a side suit an opponent has shown void in while
    not shown void in trumps: that opponent can trump it and take the points; with
    `masters`, a top card of the suit too (no unseen card of the suit beats it): the lead
    would win but for the ruff, and spends the top card for nothing (a daily player saw the
    hint lead ♦A into West's shown void twice); with `anything`, any lead of the suit."""
    trump = ctx.trump
    suit = trump.play_suits[lead[0].index]
    if suit == TRUMP:
        return False
    if not anything and not points_of(lead) and not (masters and ctx.is_master(max(
            lead, key=lambda c: trump.strengths[c.index]))):
        return False
    void = ctx.mem.void
    return any(suit in void[o] and TRUMP not in void[o]
               for o in opponents_of(ctx.seat))


def safe_first(ctx: PlayCtx, cands: list[tuple[Card, ...]],
               masters: bool = True, drop: bool = False,
               anything: bool = False) -> list[tuple[Card, ...]]:
    """Lead candidates with those that carry points (or, with `masters`, a top card) into a
    known ruff (`into_a_ruff`) put last: the search starts from a safe lead and leaves it
    only with evidence."""
    risky = [c for c in cands if into_a_ruff(ctx, c, masters, anything)]
    if not risky or len(risky) == len(cands):
        return cands
    safe = [c for c in cands if c not in risky]
    return safe if drop else safe + risky


def sure_pair_first(ctx: PlayCtx, normal: tuple[Card, ...],
                    cands: list[tuple[Card, ...]]) -> list[tuple[Card, ...]]:
    """`cands` without the pairs and tractors someone may beat, where the normal lead is a
    side pair or tractor nobody can beat, or a sure throw with one (a playtest: the hint led
    ♣J ♣J over ♥A ♥A; in about half such leads the estimate at the rollouts' horizon, which
    credits a side ace still in hand, chose the beatable pair, docs/bots.md)."""
    trump = ctx.trump
    suit = trump.play_suits[normal[0].index]
    if suit == TRUMP:
        return cands
    units = read_units(normal, trump, ctx.readings)  # (a throw: each of its units)
    sure = _sure_keys(ctx, suit)
    if not any(u.pairs for u in units) or not all(play_key(u.cards) in sure for u in units):
        return cands
    return [c for c in cands if not _beatable_pairs(ctx, c)]


def _sure_keys(ctx: PlayCtx, suit: str) -> set[tuple[int, ...]]:
    """The units of the hand's `suit` that no unseen cards can beat, as `play_key`s."""
    return {play_key(u.cards) for u in ctx.sure(suit)}


def _beatable_pairs(ctx: PlayCtx, lead: tuple[Card, ...]) -> bool:
    """Whether `lead` is one pair or tractor (not a throw) that some unseen cards may beat."""
    units = read_units(lead, ctx.trump, ctx.readings)
    if len(units) != 1 or not units[0].pairs:
        return False
    return play_key(lead) not in _sure_keys(ctx, ctx.trump.play_suits[lead[0].index])


# --- the bot --------------------------------------------------------------------------------


class HardBot(NormalBot):
    """Normal bids; searched burying, 抄底 and card play (see the module docstring)."""

    tier = "hard"

    def __init__(self, seat: int, seed: int = 0, budget_ms: float | None = None,
                 clock: str = "wall", **search: Any) -> None:
        """`search` overrides SearchParams' fields by name (`playouts=300`, `horizon=6`);
        `budget_ms` adds the page's time cap, read on `clock` (CLOCKS: "wall", the page's,
        or "cpu")."""
        # Any: the fields differ in type (int, int | None, float); `replace` refuses an
        # unknown name.
        super().__init__(seat, seed)
        self.params = replace(SearchParams(), **search)
        self.budget_ms = budget_ms
        if clock not in CLOCKS:
            raise ValueError(f"unknown clock {clock!r}; choose from {sorted(CLOCKS)}")
        self.clock = CLOCKS[clock]
        self.last_stats: dict[str, int | bool | str] = {}

    def play(self, view: SeatView) -> tuple[Card, ...]:
        return run_steps(self.play_steps(view))

    def bury(self, view: SeatView) -> tuple[Card, ...]:
        return run_steps(self.bury_steps(view))

    def deal_bid(self, view: SeatView) -> Bid | None:
        return run_steps(self.bid_steps(view))

    def post_deal_bid(self, view: SeatView) -> Bid | None:
        return run_steps(self.bid_steps(view))

    def bid_steps(self, view: SeatView) -> Generator[int, None, Bid | None]:
        """A bid during the deal or after it (R11), searched where the normal tier's rules
        would bid (engine.bots.hard_auction); `bid="normal"` keeps those rules."""
        from .hard_auction import bid_steps  # it builds on this module's simulator

        got = yield from bid_steps(self, view)
        return None if got is None else Bid(self.seat, tuple(got[0]), got[1], got[2])

    def snatch(self, view: SeatView) -> Snatch | None:
        return run_steps(self.snatch_steps(view))

    def snatch_steps(self, view: SeatView) -> Generator[int, None, Snatch | None]:
        """抄底 (R15) by search (engine.bots.hard_auction); `snatch="normal"` keeps the
        normal tier's rules of thumb."""
        from .hard_auction import snatch_steps  # it builds on this module's simulator

        got = yield from snatch_steps(self, view)
        return None if got is None else Snatch(self.seat, tuple(got[0]), got[1], got[2])

    def bury_steps(self, view: SeatView) -> Generator[int, None, tuple[Card, ...]]:
        """The ten cards to bury: the normal tier's choice and a few others (other voids,
        no points buried), each played out over the same sampled deals to the end of the
        round (抠底 included, R25); another bury replaces the normal one only when clearly
        better, as in card play. `bury="normal"` keeps the normal tier's choice."""
        trump = view.trump
        assert trump is not None and view.dealer is not None  # decided before the bury
        size = view.rules.kitty_size
        normal = choose_bury(view.hand, trump, size)
        if self.params.bury != "search":
            return normal
        cands = bury_candidates(view.hand, trump, size, self.params.bury_candidates)
        if len(cands) < 2:
            return normal
        start = self.clock() if self.budget_ms is not None else 0.0
        rng = self.rng(view, "bury")
        mem = build_memory(view, trump)
        my_team = team_of(self.seat)
        race = PairedRace(len(cands))
        spent = 0
        ended = "budget"
        while race.worlds < self.params.bury_worlds:
            others = deal_others(view, mem, rng)
            values: dict[int, float] = {}
            for i in race.active:
                left = Counter(view.hand)
                left.subtract(cands[i])
                hands = [list(h) for h in others]
                hands[self.seat] = sorted(left.elements(), key=lambda c: c.index)
                w = World.at_first_trick(trump, hands, list(cands[i]), self.seat, view.dealer,
                                         view.rules)
                while not w.finished():  # a whole round: yield every few tricks (slices)
                    spent += w.run(BURY_SLICE_TRICKS)
                    yield race.worlds
                values[i] = evaluate(w, my_team)
            race.record(values)
            if spent >= self.params.bury_playouts:
                break
            if (self.budget_ms is not None and (self.clock() - start) * 1000
                    >= BURY_BUDGET_FACTOR * self.budget_ms):
                ended = "capped"
                break
        best, self.last_stats = race.outcome(self.params, spent, ended)
        return cands[best]

    def advise_steps(self, view: SeatView) -> Generator[int, None, Advice | None]:
        """The hint: this bot's decision for `view` (its own seat's view), in slices like
        `choose_steps`, with the reason for it (engine.bots.advice); None when the seat has
        nothing to decide."""
        action = yield from self.choose_steps(view)
        if action is None:
            return None
        return Advice(action, explain(view, action))

    def advise(self, view: SeatView) -> Advice | None:
        """`advise_steps` run to its end."""
        return run_steps(self.advise_steps(view))

    def choose_steps(self, view: SeatView) -> Generator[int, None, Action | None]:
        """`choose(view)` as a generator that yields after every sampled world of a search,
        so a caller on a browser's main thread can hand control back between slices (the
        decision is the generator's return value, the same as `choose` would give)."""
        if view.phase == Phase.DEAL and view.seat == self.seat:
            return (yield from self.bid_steps(view))
        if view.to_act == self.seat and view.seat == self.seat:
            if view.phase == Phase.PLAY:
                return Play(self.seat, tuple((yield from self.play_steps(view))))
            if view.phase == Phase.BURY:
                return Bury(self.seat, tuple((yield from self.bury_steps(view))))
            if view.phase == Phase.BID:
                return (yield from self.bid_steps(view)) or Pass(self.seat)
            if view.phase == Phase.SNATCH:
                return (yield from self.snatch_steps(view)) or Pass(self.seat)
        return self.choose(view)

    def play_steps(self, view: SeatView) -> Generator[int, None, tuple[Card, ...]]:
        ctx = make_ctx(view)
        if ctx.trick:
            ti = TrickInfo(ctx)
            cands = follow_candidates(ctx, ti)
            every = cands
            if len(cands) > 1:
                scored = sorted(score_follows(ctx, ti, cands), key=lambda x: -x[0])
                top = scored[0][0]
                within = top - self.params.window
                ranked = [c for v, c in scored if v >= within]
                every = [c for _, c in scored]  # no gift to a trick certainly lost
                kept = without_sure_gift(ctx, every)
                if kept is not every:
                    ranked = kept
                cands = ranked[:self.params.max_candidates]
            if self.params.take == "on":  # a sure take of points is not left to sampling
                takes = only_sure_takes(ctx.hand, ctx.trick, ctx.trump, ctx.seat,
                                        ctx.attacking, every)
                if takes is not every:
                    cands = takes[:self.params.max_candidates]
        else:
            normal = choose_lead(ctx)
            guard = self.params.ruff_guard
            cands = safe_first(ctx, lead_candidates(ctx, normal,
                                                    self.params.lead_singles == "lone",
                                                    self.params.low_pair == "pointless"),
                               masters=guard in ("masters", "drop", "all"),
                               drop=guard in ("drop", "all"), anything=guard == "all")
            if self.params.sure_pair == "first":
                cands = sure_pair_first(ctx, normal, cands)
            cands = cands[:self.params.max_candidates + 1]
        if len(cands) == 1:
            self.last_stats = {"candidates": 1, "worlds": 0, "plays": 0}
            choice = cands[0]
        else:
            choice = yield from self._search_steps(view, ctx, cands)
        if ctx.trick and self.params.spare == "on":  # no gift, no top card or trump spent
            # where a lower card does the same, no points put at risk second hand
            both = self.params.single_rules == "all"
            choice = spare(make_ctx(view), choice, self.params.second_hand == "top", both, both,
                           self.params.ruff_low != "search", self.params.ruff_low == "points",
                           self.params.partner_sure == "under", self.params.second_low == "on",
                           self.params.contest_high == "on")
        try:  # never illegal: fall back to the checked normal play
            if ctx.trick:
                check_follow(ctx.hand, ctx.trick[0][1], choice, ctx.trump)
            else:
                classify(choice, ctx.trump)
        except IllegalPlay:  # pragma: no cover - defensive
            choice = choose_play(ctx)
        return choice

    def _search_steps(self, view: SeatView, ctx: PlayCtx, cands: list[tuple[Card, ...]],
                      ) -> Generator[int, None, tuple[Card, ...]]:
        """Paired comparison of each candidate with the normal choice (cands[0]) over the same
        sampled worlds; a candidate replaces it only when clearly better."""
        start = self.clock() if self.budget_ms is not None else 0.0
        rng = self.rng(view, "search")
        trump, mem = ctx.trump, ctx.mem
        my_team = team_of(self.seat)
        race = PairedRace(len(cands))
        spent = rollouts = 0
        ended = "budget"  # or "settled" (the decision is clear), or "capped" (out of time)
        horizon = self.params.horizon
        if horizon is not None and len(view.hand) <= horizon + 2:
            horizon = None  # close to the end: play the round out
        while race.worlds < self.params.max_worlds:
            hands, kitty = sample_hands(view, mem, trump, rng)
            values: dict[int, float] = {}
            # the sampled deal, built once with its seats' first caches; each candidate is
            # played on a fork of it
            deal = World.from_view(view, mem, hands, kitty).warm()
            for i in race.active:
                w = deal.fork()
                w.play(self.seat, cands[i])
                spent += 1 + w.run(horizon)
                values[i] = evaluate(w, my_team)
                yield race.worlds  # a slice boundary: nothing is shared with the caller
            rollouts += len(values)
            race.record(values)
            if race.settled(self.params):
                ended = "settled"
                break
            if spent >= self.params.playouts:
                break
            if (self.budget_ms is not None
                    and (self.clock() - start) * 1000 >= self.budget_ms):
                ended = "capped"
                break
        best, self.last_stats = race.outcome(self.params, spent, ended)
        self.last_stats["rollouts"] = rollouts  # (candidates played out, all worlds)
        return cands[best]


class PairedRace:
    """Candidates compared with candidate 0 (the normal choice) over the same sampled worlds:
    the sums of each one's advantage and of its square, the field halved (the weaker half
    dropped) at 4, 8, 16 … worlds, so the budget goes to the contenders."""

    def __init__(self, candidates: int) -> None:
        self.active = list(range(candidates))
        self.dsum = [0.0] * candidates
        self.dsq = [0.0] * candidates
        self.worlds = 0
        self._next_cut = 4

    def record(self, values: dict[int, float]) -> None:
        """One more world: `values` of every active candidate in it."""
        base = values[0]
        for i in self.active:
            d = values[i] - base
            self.dsum[i] += d
            self.dsq[i] += d * d
        self.worlds += 1
        if self.worlds >= self._next_cut and len(self.active) > 2:
            rest = sorted(self.active[1:], key=lambda i: (-self.dsum[i], i))
            self.active = [0, *sorted(rest[:max(1, len(rest) // 2)])]
            self._next_cut *= 2

    def settled(self, params: SearchParams) -> bool:
        """Whether more worlds are very unlikely to change the choice (the module docstring's
        point 4): after `settle_worlds` worlds, every challenger's mean + k·SE is below the
        margin, or the leader's mean − k·SE clears the margin and every other's mean + k·SE
        (k = `settle_k`; never with `settle_k` None)."""
        k = params.settle_k
        if k is None or self.worlds < max(3, params.settle_worlds):
            return False
        bounds = {i: self.interval(i, k) for i in self.active[1:]}
        if all(high < params.margin for _, high in bounds.values()):
            return True  # normal's choice stands
        leader = max(bounds, key=lambda i: bounds[i][0])
        low = bounds[leader][0]
        return low > params.margin and all(high < low for i, (_, high) in bounds.items()
                                           if i != leader)

    def interval(self, i: int, k: float) -> tuple[float, float]:
        """Candidate i's mean advantage over candidate 0, minus and plus k standard errors
        (worlds ≥ 2)."""
        n = self.worlds
        mean = self.dsum[i] / n
        var = max(0.0, (self.dsq[i] - n * mean * mean) / (n - 1))
        half = k * math.sqrt(var / n)
        return mean - half, mean + half

    def outcome(self, params: SearchParams, plays: int,
                ended: str) -> tuple[int, dict[str, int | bool | str]]:
        """The candidate chosen (see `best_challenger`) and the race's figures; `ended` says
        why the search stopped: "budget" (plays or worlds spent), "settled" or "capped"."""
        best = self.best_challenger(params)
        return best, {"candidates": len(self.dsum), "worlds": self.worlds, "plays": plays,
                      "choice": best, "capped": ended == "capped", "ended": ended}

    def best_challenger(self, params: SearchParams) -> int:
        """The candidate whose paired advantage over candidate 0 is clearly above zero: mean
        minus `z` standard errors above `margin`, the largest such; else 0."""
        best, best_low = 0, 0.0
        if self.worlds >= 3:
            for i in self.active[1:]:
                low = self.interval(i, params.z)[0]
                if low > params.margin and low > best_low:
                    best, best_low = i, low
        return best


# --- the bury -------------------------------------------------------------------------------

# The bury is one decision a round: in the page it may think this many times a play's budget.
BURY_BUDGET_FACTOR = 4.0
BURY_SLICE_TRICKS = 8  # tricks of a bury's rollout between two yields


def bury_candidates(hand: tuple[Card, ...], trump: Trump, size: int,
                    most: int) -> list[tuple[Card, ...]]:
    """The normal tier's bury first, then the next cheapest by its rules that void other
    suits, and the cheapest that buries no points (抠底 doubles what the attackers dig out)."""
    options = bury_options(hand, trump, size)
    out: list[tuple[Card, ...]] = []
    voids: list[frozenset[str]] = []

    def voided(cards: tuple[Card, ...]) -> frozenset[str]:
        left = Counter(hand)
        left.subtract(cards)
        held = {trump.play_suits[c.index] for c, n in left.items() if n > 0}
        return frozenset(s for s in ("S", "H", "C", "D") if s not in held)

    for _, cards in options:
        v = voided(cards)
        if v in voids:
            continue
        out.append(cards)
        voids.append(v)
        if len(out) >= most - 1:
            break
    if any(c.points for c in out[0]):
        pointless = sorted((c for c in hand if not c.points),
                           key=lambda c: (trump.play_suits[c.index] == TRUMP,
                                          Counter(hand)[c] >= 2, trump.strengths[c.index],
                                          c.index))[:size]
        if len(pointless) == size and tuple(pointless) not in out:
            out.append(tuple(pointless))
    return out


def deal_others(view: SeatView, mem: Memory, rng: random.Random) -> list[list[Card]]:
    """Before the first trick, the cards `view.seat` cannot see dealt to the three other
    hands (the cards a seat showed in a bid stay in its hand)."""
    me = view.seat
    sizes = [view.rules.hand_size] * 4
    hands: list[list[Card]] = [[], [], [], []]
    pool_counts = place_known(mem, me, sizes, hands)
    pool = [c for c in ALL_CARDS for _ in range(pool_counts[c.index])]
    rng.shuffle(pool)
    for s in SEATS:
        if s == me:
            continue
        need = sizes[s] - len(hands[s])
        hands[s].extend(pool[:need])
        pool = pool[need:]
    return hands

