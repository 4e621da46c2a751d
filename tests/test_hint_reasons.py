"""Every hint reason is true of the seat's view (engine.bots.advice; issue 28, item 2).

A fixed-seed generator of positions: rounds from random deals driven by random-legal bots
(quick, and they reach odd positions), with the normal bot's choice (as the hard bot spends
it: engine.bots.spare) asked too at some of them. At every decision of the bid, bury, 抄底 and
play phases the reason `explain` gives for the action is checked against the seat's own view
(its hand, the public history, its card memory: engine.bots.knowledge), code by code, and
worded in both languages. The adviser is fixed when a reason is untrue, never this test.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path

from engine.actions import Action, Bid, Bury, Pass, Play, Snatch
from engine.bidding import can_overcall
from engine.bots import advice as A
from engine.bots import make_bot
from engine.bots.base import make_ctx
from engine.bots.certain import could_beat, fewest_points_follow
from engine.bots.hard import HardBot
from engine.bots.knowledge import Memory, build_memory
from engine.bots.play import without_sure_gift
from engine.bots.spare import spare
from engine.cards import ALL_CARDS, Card, cards_label, points_of
from engine.driver import next_action
from engine.match import Match
from engine.options import follow_options
from engine.phase import Phase
from engine.rules import (
    SUIT_WORDS,
    TRACTOR,
    TRUMP,
    Trump,
    check_throw,
    classify,
    playable_cards,
    trick_winner,
)
from engine.save import load_match
from engine.seats import opponents_of, partner_of, same_team
from engine.view import SeatView, TrickView
from tests.helpers import cards

POSITIONS = 10_000
EN = {0: ("You", "Your"), 1: ("East", "East's"), 2: ("North", "North's"), 3: ("West", "West's")}
ZH = {0: ("你", "你的"), 1: ("右家", "右家的"), 2: ("对家", "对家的"), 3: ("左家", "左家的")}


def positions(seed: int = 2828) -> Iterator[tuple[SeatView, Action]]:
    """(view, action) for every decision of random-legal rounds until POSITIONS views, with
    the normal bot's choice (and that choice spared, as hard plays it) for one in four."""
    rng = random.Random(seed)
    views = 0
    game = 0
    while views < POSITIONS:
        m = Match(seed * 1000 + game)
        game += 1
        drivers = [make_bot("random", s, seed + game) for s in range(4)]
        normal = [make_bot("normal", s, seed + game) for s in range(4)]
        start = m.round.number
        while m.round.number == start and not m.phase.round_over:
            action = next_action(m, drivers)
            seat = getattr(action, "seat", None)
            if (m.phase in (Phase.PLAY, Phase.BURY, Phase.BID, Phase.SNATCH)
                    and seat is not None and m.to_act == seat):
                view = m.view(seat)
                views += 1
                yield view, action
                if rng.random() < 0.25:
                    other = normal[seat].choose(view)
                    if other is not None:
                        yield view, other
                        if isinstance(other, Play) and view.current_trick is not None:
                            yield view, Play(seat, spare(make_ctx(view), other.cards))
            m.apply(action)


# --- the seat's view of a follow ---------------------------------------------------------


def _winner_with(view: SeatView, trump: Trump, play: Sequence[Card]) -> int:
    trick = view.current_trick
    assert trick is not None
    plays = [tuple(p) for _, p in trick.plays]
    w = trick_winner([*plays, tuple(play)], trump)
    return view.seat if w == len(plays) else trick.plays[w][0]


def _alternatives(view: SeatView, trump: Trump, lead: Sequence[Card],
                  play: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    """Legal follows: every single for a single lead, else a varied set of them (with the
    play itself and the one adding the fewest points)."""
    if len(lead) == 1:
        return [(c,) for c in playable_cards(view.hand, lead, trump)]
    return [tuple(o) for o in follow_options(view.hand, lead, trump)] + [
        fewest_points_follow(view.hand, lead, trump), play]


def _later(view: SeatView) -> list[int]:
    """The seats still to play to the trick after the view's seat."""
    trick = view.current_trick
    assert trick is not None
    return [(view.seat + k) % 4 for k in range(1, 4 - len(trick.plays))]


def _could_take(mem: Memory, trump: Trump, seat: int, plays: Sequence[Sequence[Card]]) -> bool:
    """Whether `seat`, holding any cards it may hold (unseen, or known to be its; no pair in a
    suit where it answered a pair lead with singles), could take the trick from `plays`."""
    may_hold = [c for c in ALL_CARDS for _ in range(mem.unseen[c.index])]
    return could_beat(plays, trump, may_hold + list(mem.known[seat].elements()), mem.void[seat],
                      mem.no_pairs[seat])


def check_follow_reason(view: SeatView, trump: Trump, reason: A.Reason,
                        play: tuple[Card, ...], lines: dict[str, str]) -> None:
    trick = view.current_trick
    assert trick is not None
    lead = trick.plays[0][1]
    led = trump.suit_of(lead[0])
    plays = [tuple(p) for _, p in trick.plays]
    seat, partner = view.seat, partner_of(view.seat)
    winner = _winner_with(view, trump, play)
    pts = points_of(play)
    alts = _alternatives(view, trump, lead, play)
    code = reason.code
    void = not any(trump.suit_of(c) == led for c in view.hand)
    if code == A.FORCED:  # "your only legal play"
        assert all(Counter(a) == Counter(play) for a in alts)
    elif code == A.TRICK_LOST:  # the opponents take it whatever: no (or fewest) points
        assert all(not same_team(_winner_with(view, trump, a), seat) for a in alts)
        assert pts == min(points_of(a) for a in alts)
        assert reason.number == pts and not same_team(winner, seat)
        if reason.seat is None:  # "the opponents take it": no partner still to play could
            mem = build_memory(view, trump)  # take it (only opponents are, or partner cannot)
            assert not any(_could_take(mem, trump, later, plays) for later in _later(view)
                           if same_team(later, seat))
        else:  # "West takes it": nobody still to play could take it from West
            assert reason.seat == winner
            mem = build_memory(view, trump)
            assert not any(_could_take(mem, trump, later, plays) for later in _later(view))
    elif code in (A.FEED, A.PARTNER_HOLDS, A.PARTNER_WINNING):  # partner is winning
        mem = build_memory(view, trump)
        before = trick.plays[trick_winner(plays, trump)][0]
        last_over_partner = winner == seat and not _later(view) and before == partner
        assert (winner == partner or last_over_partner) and reason.seat == partner
        if code == A.FEED:  # "add points": no opponent still to play may take them
            assert pts > 0 and reason.number == pts
            assert not any(_could_take(mem, trump, later, [*plays, play])
                           for later in _later(view) if not same_team(later, seat))
        else:
            assert pts == 0
            # "so far": an opponent still to play could beat partner's play (else not said)
            risk = any(_could_take(mem, trump, later, [*plays, play]) for later in _later(view)
                       if not same_team(later, seat))
            assert reason.so_far == risk
            en, zh = _words(reason)
            assert ("so far" in en) == ("暂时" in zh) == risk
        if code == A.PARTNER_HOLDS:  # "a small card": side cards below 10
            assert all(c.value < 10 and trump.suit_of(c) != TRUMP for c in play)
            assert reason.cards == play
    elif code == A.FEED_RISK:  # "partner is winning so far, East still to play: add points"
        assert winner == partner and pts > 0 and reason.number == pts
        assert reason.seat in _later(view) and not same_team(reason.seat, seat)
        assert _could_take(build_memory(view, trump), trump, reason.seat, [*plays, play])
    elif code in (A.RUFF, A.RUFF_PARTNER):  # void in a side suit, trumped, winning
        assert _later(view) or trick.plays[trick_winner(plays, trump)][0] != partner
        assert led != TRUMP and void and all(trump.suit_of(c) == TRUMP for c in play)
        assert winner == seat and reason.suit == led
        assert reason.number == points_of(c for _, p in trick.plays for c in p)
        if code == A.RUFF_PARTNER:  # "partner's lead is low": below 10, nobody trumped
            assert trick.plays[0][0] == partner
            assert all(c.value < 10 for c in trick.plays[0][1])
    elif code in (A.TAKE, A.TAKE_TRY):  # winning the trick so far with these cards
        assert winner == seat and reason.cards == play
        assert reason.number == points_of(c for _, p in trick.plays for c in p)
        mem = build_memory(view, trump)  # "take": no opponent still to play could beat it
        beaten = any(_could_take(mem, trump, later, [*plays, play]) for later in _later(view)
                     if not same_team(later, seat))
        assert beaten == (code == A.TAKE_TRY)
        ruffers = [later for later in _later(view) if not same_team(later, seat)
                   and led != TRUMP and led in mem.void[later]
                   and _could_take(mem, trump, later, [*plays, play])]
        if code == A.TAKE_TRY:  # "…, though East is out of clubs and may trump it"
            assert reason.seat == (ruffers[0] if ruffers else None)
            assert (", though" in lines["en"]) == ("，但" in lines["zh"]) == bool(ruffers)
            assert reason.seat is None or reason.suit == led
    elif code in (A.PLAY_LOW, A.PLAY_FEWEST):  # an opponent is winning: the fewest points
        assert not same_team(winner, seat) and reason.seat == winner  # among losing plays
        losing = [a for a in alts if _winner_with(view, trump, a) != seat]
        assert pts == min(points_of(a) for a in losing)
        small = all(c.value < 10 and c.rank != trump.level for c in play)
        assert small == (code == A.PLAY_LOW)  # "play low": below 10, no level card or joker
        assert code == A.PLAY_LOW or reason.number == pts
    elif code == A.KEEP_PAIR:  # a single follow that kept a lower pair of the suit
        (kept, _) = reason.cards
        assert len(play) == 1 and Counter(view.hand)[kept] >= 2 and kept != play[0]
        assert Counter(view.hand)[play[0]] != 2  # (it breaks no pair of its own)
        assert trump.suit_of(kept) == led
        assert trump.strengths[kept.index] < trump.strengths[play[0].index]
        assert not same_team(winner, seat)
    elif code in (A.DISCARD, A.DISCARD_TRUMP):  # void in a side suit: the cheapest cards
        assert led != TRUMP and void and reason.suit == led and winner != seat
        # (垫, "discard", is said of side cards only: ♦2, a trump, was called one)
        assert any(trump.suit_of(c) == TRUMP for c in play) == (code == A.DISCARD_TRUMP)
        assert pts == min(points_of(a) for a in alts if _winner_with(view, trump, a) != seat)
        # (the points named, where there are some: every play that loses carries as many)
        assert reason.number == pts and reason.cards == play
    elif code == A.PARTNER_LATER:  # an opponent is winning, partner still to play: points
        assert not same_team(winner, seat) and reason.seat == winner and pts > 0
        assert partner not in (s for s, _ in trick.plays)
        assert _could_take(build_memory(view, trump), trump, partner, [*plays, play])
    elif code == A.OPPONENT_WINNING:
        assert not same_team(winner, seat) and reason.seat == winner
    else:
        raise AssertionError(f"{code} is not a follow's reason")


# --- the seat's view of a lead -----------------------------------------------------------


def _stronger_unseen(mem: Memory, trump: Trump, play: tuple[Card, ...]) -> list[Card]:
    """The cards of the lead's play-suit stronger than its top card that may beat it in the
    suit (R21): for a single, any unseen; for a pair, those with two copies unseen."""
    suit = trump.suit_of(play[0])
    top = max(trump.strengths[c.index] for c in play)
    return [c for c in trump.by_suit[suit]
            if mem.unseen[c.index] >= len(play) and trump.strengths[c.index] > top]


def _beatable(mem: Memory, trump: Trump, play: tuple[Card, ...]) -> bool:
    """Whether the lead (a single or a pair) may be beaten in its own play-suit."""
    return bool(_stronger_unseen(mem, trump, play))


def _opponent_may_hold_trump(view: SeatView, mem: Memory) -> bool:
    unseen_trumps = sum(mem.unseen[c.index] for c in view.trump.by_suit[TRUMP]) if view.trump else 0
    return unseen_trumps > 0 and any(TRUMP not in mem.void[o] and view.hand_sizes[o]
                                     for o in opponents_of(view.seat))


def _points_may_fall(view: SeatView, mem: Memory, trump: Trump, play: tuple[Card, ...]) -> bool:
    """Points in the lead, or an unseen point card of its play-suit (which a follower may
    have to play), or another seat shown void in it (it may discard points)."""
    suit = trump.suit_of(play[0])
    if points_of(play):
        return True
    if any(mem.unseen[c.index] and c.points for c in trump.by_suit[suit]):
        return True
    return any(suit in mem.void[s] and view.hand_sizes[s] for s in range(4) if s != view.seat)


def check_lead_reason(view: SeatView, trump: Trump, reason: A.Reason, play: tuple[Card, ...],
                      lines: dict[str, str]) -> None:
    mem = build_memory(view, trump)
    suit = trump.suit_of(play[0])
    units = classify(play, trump)
    partner = partner_of(view.seat)
    code = reason.code
    if code == A.FORCED:  # "your only legal play": the last card in hand
        assert len(view.hand) == 1 and play == view.hand
    elif code in (A.THROW, A.THROW_SIDE, A.THROW_RUFFABLE):  # "no unseen card of the suit
        assert len(units) > 1  # beats any part of it": it stands against every unseen card (R19)
        unseen = [c for c in ALL_CARDS for _ in range(mem.unseen[c.index])]
        assert check_throw(play, [unseen], trump) is None
        ruffers = [o for o in opponents_of(view.seat) if suit != TRUMP and suit in mem.void[o]
                   and TRUMP not in mem.void[o] and view.hand_sizes[o]]
        assert bool(ruffers) == (code == A.THROW_RUFFABLE)
        # "an opponent out of the suit may still trump it": a side suit, and an opponent with
        # cards who has not shown void in trumps, while trumps are unseen
        may_trump = suit != TRUMP and any(
            view.hand_sizes[o] and TRUMP not in mem.void[o] for o in opponents_of(view.seat)
        ) and any(mem.unseen[c.index] for c in trump.by_suit[TRUMP])
        assert (code == A.THROW_SIDE) == (may_trump and not ruffers)
        assert code != A.THROW_RUFFABLE or ([reason.seat] if reason.seat is not None
                                   else list(opponents_of(view.seat))) == sorted(ruffers)
    elif code == A.THROW_TRY:  # a throw that some unseen cards would beat
        assert len(units) > 1
    elif code == A.LEAD_TRACTOR:
        assert len(units) == 1 and units[0].kind == TRACTOR
    elif code == A.MASTER:  # "cannot be beaten" (and "the points played to it are yours")
        assert len(units) == 1 and not _beatable(mem, trump, play)
        assert suit == TRUMP or not any(suit in mem.void[o] and TRUMP not in mem.void[o]
                                        for o in opponents_of(view.seat))
        may_fall = _points_may_fall(view, mem, trump, play)
        assert ("分都归你" in lines["zh"]) == ("points played to it" in lines["en"]) == may_fall
    elif code == A.MASTER_BARE:  # cannot be beaten, and no points can fall into it
        assert len(units) == 1 and not _beatable(mem, trump, play)
        assert not _points_may_fall(view, mem, trump, play)
        assert "分都归你" not in lines["zh"] and "points" not in lines["en"]
    elif code == A.TOP_RUFFABLE:  # the top card, an opponent void in the suit
        assert suit != TRUMP and not _beatable(mem, trump, play) and reason.suit == suit
        voids = [o for o in opponents_of(view.seat)  # the one named, or both: "both"
                 if suit in mem.void[o] and TRUMP not in mem.void[o]]
        assert ([reason.seat] if reason.seat is not None else list(opponents_of(view.seat))
                ) == voids
        assert (reason.seat is None) == ("both" in lines["en"]) == ("两家" in lines["zh"])
    elif code == A.PARTNER_VOID:
        assert suit != TRUMP and reason.suit == suit and reason.seat == partner
        assert suit in mem.void[partner] and TRUMP not in mem.void[partner]
    elif code == A.OPPONENT_VOID:
        assert reason.seat in opponents_of(view.seat) and reason.suit != suit
        assert not any(suit in mem.void[o] and TRUMP not in mem.void[o]  # (not into another)
                       for o in opponents_of(view.seat))
        assert reason.suit in mem.void[reason.seat] and reason.suit != TRUMP
        assert any(trump.suit_of(c) == reason.suit for c in view.hand)
    elif code == A.DRAW_TRUMPS:  # an opponent may still hold a trump; long in trumps
        assert suit == TRUMP and _opponent_may_hold_trump(view, mem)
        mine = sum(1 for c in view.hand if trump.suit_of(c) == TRUMP)
        assert mine >= A.LONG_TRUMPS_MIN and mine >= A.LONG_TRUMPS_SHARE * len(view.hand)
        assert sum(mem.unseen[c.index] for c in trump.by_suit[TRUMP]) < mine  # (longer than
        #                                                    all the trumps still out)
    elif code == A.LEAD_TRUMPS:  # an opponent may still hold a trump
        assert suit == TRUMP and _opponent_may_hold_trump(view, mem)
    elif code == A.NO_TRUMPS_OUT:  # neither opponent can hold a trump
        assert suit == TRUMP and not _opponent_may_hold_trump(view, mem)
    elif code == A.SHORT_SUIT:  # the shortest of the hand's side suits, others may follow
        counts = Counter(trump.suit_of(c) for c in view.hand if trump.suit_of(c) != TRUMP)
        assert suit == reason.suit != TRUMP and counts[suit] == min(counts.values()) <= 4
        assert len(counts) >= 2, "short beside another side suit, not the only one"
        mem = build_memory(view, trump)
        assert any(mem.unseen[c.index] for c in trump.by_suit[suit]), "a void of nothing"
        assert any(suit not in mem.void[s] for s in range(4) if s != view.seat), \
            "a void of a suit all three others have shown void in"
    elif code == A.LEAD_LOW:  # side cards below 10, their points named where they have any
        assert all(c.value < 10 and trump.suit_of(c) != TRUMP for c in play)
        assert reason.number == points_of(play)
        named = f"({reason.number} points at stake)" in lines["en"]
        assert named == bool(reason.number) == (f"带 {reason.number} 分" in lines["zh"]), lines
    elif code == A.LEAD_PAIR:  # "only a pair of … beats it": those pairs exactly, and no
        #                         opponent shown void in the suit (it might trump the pair)
        assert len(units) == 1 and units[0].kind == "pair" and reason.cards == play
        assert _beatable(mem, trump, play)
        ruff = any(suit in mem.void[o] and TRUMP not in mem.void[o]
                   for o in opponents_of(view.seat))
        assert set(reason.above) == (set() if ruff else set(_stronger_unseen(mem, trump, play)))
        assert ("only a pair of" in lines["en"]) == ("只有一对" in lines["zh"]) == (not ruff)
        may_trump = not ruff and suit != TRUMP and _opponent_may_hold_trump(view, mem)
        assert reason.may_trump == may_trump  # ("only those pairs" in the suit: a trump may)
        assert ("may still trump it" in lines["en"]) == ("仍可用主牌毙" in lines["zh"]) == may_trump
    elif code == A.LEAD_PROBE:  # higher cards are still out
        assert len(units) == 1 and _beatable(mem, trump, play) and reason.cards == play
    else:
        raise AssertionError(f"{code} is not a lead's reason")
    if code in (A.MASTER, A.MASTER_BARE) and suit != TRUMP:  # a void seat may trump it
        assert "cannot be beaten" not in lines["en"] and "没人管得上" not in lines["zh"]
        assert "nothing unseen in" in lines["en"] and "管不上" in lines["zh"]
        # "an opponent out of the suit may still trump it": an opponent with cards who has
        # not shown void in trumps, while trumps are unseen (else not said)
        may_trump = any(view.hand_sizes[o] and TRUMP not in mem.void[o]
                        for o in opponents_of(view.seat)) and any(
            mem.unseen[c.index] for c in trump.by_suit[TRUMP])
        assert reason.may_trump == may_trump
        assert ("may still trump it" in lines["en"]) == ("仍可用主牌毙" in lines["zh"]) == may_trump
    elif code not in (A.THROW_SIDE, A.LEAD_PAIR):  # (a throw says it in words of its own)
        assert not reason.may_trump and "may still trump it" not in lines["en"]


# --- the auction and the bury ------------------------------------------------------------


def check_other_reason(view: SeatView, action: Action, reason: A.Reason) -> None:
    code = reason.code
    if isinstance(action, (Bid, Snatch)):
        assert code == (A.SNATCH if isinstance(action, Snatch) else A.BID)
        own = (isinstance(action, Snatch) and view.burier is not None  # the partner's kitty
               and same_team(view.burier, view.seat))
        assert reason.seat == (view.burier if own else None)
        rank, suit = ((action.rank, action.suit) if action.rank is not None
                      else (view.level, action.cards[0].suit))
        t = Trump(rank, suit)
        assert reason.number == sum(1 for c in view.hand if t.is_trump(c))
        assert reason.suit == suit  # the line names the trump it counts (None: no-trump)
        en, zh = _words(reason)
        assert ("no-trump" in en and "无主" in zh) if suit is None else (
            SUIT_WORDS[suit][0] in en and SUIT_WORDS[suit][1] in zh)
        assert ("stays your side's" in en) == ("底仍是你方的" in zh) == own
    elif isinstance(action, Pass):
        standing = view.standing_bid
        if code == A.PASS_PARTNER:  # partner's bid stands
            assert standing is not None and standing.seat == partner_of(view.seat)
        elif code == A.PASS_PARTNER_SNATCH:  # … and R15: once partner (the kitty's taker,
            #                                  R10) has buried, a snatch of two cards or more
            #                                  that beats their bid may still be made
            assert view.phase == Phase.BID and standing is not None
            assert standing.seat == partner_of(view.seat)
            assert (view.dealer if view.dealer is not None else standing.seat) == standing.seat
            assert len(reason.cards) >= 2 and not Counter(reason.cards) - Counter(view.hand)
            assert can_overcall(reason.cards, standing.cards, view.level, first_round=False)
        elif code == A.PASS_OWN:
            assert standing is not None and standing.seat == view.seat
        elif code == A.PASS_SNATCH:  # R15: a snatch of two cards or more that beats the
            #                            standing bid by R9/R13, once an opponent has buried
            #                            (or any such bid where none stands, R12)
            assert view.phase == Phase.BID
            taker = view.dealer if view.dealer is not None else standing.seat
            assert not same_team(taker, view.seat) and reason.seat == taker  # stays 庄家
            assert len(reason.cards) >= 2 and not Counter(reason.cards) - Counter(view.hand)
            assert can_overcall(reason.cards, standing.cards if standing else None, view.level,
                                first_round=False)
        elif code == A.NO_SNATCH_OWN:  # the kitty is the seat's side's
            assert view.phase == Phase.SNATCH and view.burier is not None
            assert same_team(view.burier, view.seat) and reason.seat == view.burier
        elif code == A.NO_SNATCH:  # the cards named could snatch (R15), and are not shown
            assert view.phase == Phase.SNATCH
            assert view.burier is None or not same_team(view.burier, view.seat)
            if reason.cards:
                assert len(reason.cards) >= 2 and not Counter(reason.cards) - Counter(view.hand)
                assert can_overcall(reason.cards, standing.cards if standing else None,
                                    view.level, first_round=False)
        else:
            assert code == A.PASS_WEAK and view.phase != Phase.SNATCH
    elif isinstance(action, Bury):
        trump = view.trump
        assert trump is not None
        cards = action.cards
        assert reason.number == points_of(cards)
        assert reason.attacking == (view.dealer is not None  # (whose the doubled kitty is)
                                    and not same_team(view.dealer, view.seat))
        left = Counter(view.hand)
        left.subtract(cards)
        if code == A.BURY_VOID:
            for s in reason.suits:
                assert any(trump.suit_of(c) == s for c in view.hand)
                assert not any(trump.suit_of(c) == s for c, n in left.items() if n > 0)
        elif code == A.BURY_LOW:  # side cards; trumps, pairs and tractors kept
            assert all(trump.suit_of(c) != TRUMP for c in cards)
            assert all(Counter(view.hand)[c] < 2 for c in cards)
        else:
            assert code == A.BURY_SPARE  # it names the pairs' and trumps' cards buried
            assert reason.cards == tuple(c for c in cards if Counter(view.hand)[c] >= 2
                                         or trump.suit_of(c) == TRUMP) != ()
            en, zh = _words(reason)
            named = len(reason.cards) <= A.BURY_NAMED_MOST
            assert (f"even {cards_label(reason.cards, 'en')}" in en) == named
            assert (f"连 {cards_label(reason.cards, 'zh')} 也扣" in zh) == named


def test_every_hint_reason_is_true_of_the_seats_view() -> None:
    seen: Counter[str] = Counter()
    checked = 0
    for view, action in positions():
        reason = A.explain(view, action)
        lines = {lang: reason.text(lang, (EN if lang == "en" else ZH).__getitem__)
                 for lang in ("en", "zh")}
        assert all(lines.values()) and "{" not in lines["en"] + lines["zh"]
        if "{cards}" in A.WORDS["en"][reason.code]:  # the cards it names are the ones it means
            assert cards_label(reason.cards, "en") in lines["en"], (reason, lines)
            assert cards_label(reason.cards, "zh") in lines["zh"], (reason, lines)
        if isinstance(action, Play):
            trump = view.trump
            assert trump is not None
            trick = view.current_trick
            if trick is None or not trick.plays:
                check_lead_reason(view, trump, reason, action.cards, lines)
            else:
                check_follow_reason(view, trump, reason, action.cards, lines)
        else:
            check_other_reason(view, action, reason)
        seen[reason.code] += 1
        checked += 1
    assert checked >= POSITIONS
    # the generator reaches the reasons of play
    for code in (A.FORCED, A.TRICK_LOST, A.FEED, A.FEED_RISK, A.PARTNER_WINNING, A.RUFF, A.TAKE,
                 A.TAKE_TRY, A.PLAY_LOW, A.PARTNER_LATER, A.DISCARD, A.MASTER, A.SHORT_SUIT,
                 A.LEAD_LOW, A.NO_SNATCH, A.NO_SNATCH_OWN):
        assert seen[code], (code, seen)


# --- the reported cases ------------------------------------------------------------------


def _lead_view(hand: str, trump: Trump, tricks: Sequence[Sequence[tuple[int, str]]] = ()
               ) -> SeatView:
    """South's view when leading, holding `hand`, after the complete `tricks` [(seat, R3)]."""
    m = Match(7)
    bots = [make_bot("normal", s, 1) for s in range(4)]
    while m.phase != Phase.PLAY:
        m.apply(next_action(m, bots))
    done = tuple(TrickView(leader=t[0][0], plays=tuple((s, tuple(cards(c))) for s, c in t),
                           winner=t[0][0], points=0, failed_throw=None) for t in tricks)
    return dataclasses.replace(m.view(0), hand=tuple(cards(hand)), trump=trump, tricks=done,
                               to_act=0, kitty=None, bids=())


def test_master_says_take_points_only_where_points_may_fall() -> None:
    """A BJ BJ lead in no-trump at level 2, nobody shown void in trumps: no trump holds points
    (jokers and 2s), so none can fall into it — "先拿分" (take points first) was untrue; with
    ♥ trumps (♥5, ♥10, ♥K unseen) it is true."""
    lead = Play(0, tuple(cards("BJ BJ")))
    bare = A.explain(_lead_view("BJ BJ S3 S4 C5", Trump("2", None)), lead)
    assert bare.code == A.MASTER_BARE and "分都归你" not in bare.text("zh", ZH.__getitem__)
    hearts = A.explain(_lead_view("BJ BJ S3 S4 C5", Trump("2", "H")), lead)
    assert hearts.code == A.MASTER and "分都归你" in hearts.text("zh", ZH.__getitem__)


def test_draw_trumps_only_while_an_opponent_may_hold_a_trump() -> None:
    """Both opponents showed void in trumps (♥ trumps: East and West discarded on South's ♥
    lead): "draw the opponents' trumps" was untrue; the hint says they have none left."""
    tr = Trump("2", "H")
    hand = "H5 H6 H7 H8 H9 HJ HQ S3 S4 C5"
    void = _lead_view(hand, tr, [[(0, "H3"), (1, "S5"), (2, "H4"), (3, "C3")]])
    reason = A.explain(void, Play(0, tuple(cards("H5"))))
    assert reason.code == A.NO_TRUMPS_OUT
    assert "draw" not in reason.text("en", EN.__getitem__)
    assert "调" not in reason.text("zh", ZH.__getitem__)
    open_ = _lead_view(hand, tr, [[(0, "H3"), (1, "H10"), (2, "H4"), (3, "C3")]])
    assert A.explain(open_, Play(0, tuple(cards("H5")))).code == A.LEAD_TRUMPS
    # "long in trumps" where the seat holds more trumps than are still out: a daily player
    # read it of four, West holding the five still out. Seven held, all but six of the
    # others played (in one made-up trick): long; all but seven: as many out, not long.
    held = Counter(cards(hand))
    others = [c for c in ALL_CARDS if tr.suit_of(c) == TRUMP for _ in range(3 - held[c])]
    for out, code in ((6, A.DRAW_TRUMPS), (7, A.LEAD_TRUMPS)):
        gone = " ".join(str(c) for c in others[out:])
        late = _lead_view(hand, tr, [[(0, gone), (1, ""), (2, ""), (3, "")]])
        assert A.explain(late, Play(0, tuple(cards("H5")))).code == code, out


# --- positions a player reported (tests/golden/reported_hints.json) -----------------------

REPORTED = json.loads((Path(__file__).parent / "golden" / "reported_hints.json").read_text())


def _reported(name: str) -> SeatView:
    return load_match(REPORTED[name]["save"]).view(0)


def _words(reason: A.Reason) -> tuple[str, str]:
    return reason.text("en", EN.__getitem__), reason.text("zh", ZH.__getitem__)


def test_no_points_for_partner_to_take_where_nobody_can_beat_the_lead() -> None:
    """West's trump throw BJ LJ ♦4: its big joker cannot be beaten, so the trick is West's
    whatever South and North play. "Points for partner to take" was untrue, and ♦5 ♦J ♦A gave
    5 points away: the hint (hard) plays ♦J ♦A ♥4 and says the trick is lost."""
    view = _reported("partner-later-certain")
    gift = A.explain(view, Play(0, tuple(cards("D5 DJ DA"))))
    assert gift.code == A.OPPONENT_WINNING and "partner" not in _words(gift)[0]
    choice = HardBot(0, seed=1, playouts=600).play(view)
    assert points_of(choice) == 0
    reason = A.explain(view, Play(0, choice))
    assert reason.code == A.TRICK_LOST and reason.seat == 3
    assert _words(reason) == ("West takes this trick whatever you play: give no points",
                              "左家赢定这一轮：不要送分")


def test_a_throw_an_opponent_may_trump_is_not_called_unbeatable() -> None:
    """♦8 ♦8 ♦8 ♦9 ♦Q after both opponents showed void in diamonds: the throw stands (R19),
    but "nobody can beat these" was untrue; the hint names the void, and both opponents
    (it named one only, as of a top card led into two shown voids in a later playtest)."""
    reason = A.explain(_reported("throw-ruffable"), Play(0, tuple(cards("D8 D8 D8 D9 DQ"))))
    assert reason.code == A.THROW_RUFFABLE and reason.seat is None
    en, zh = _words(reason)
    assert "both opponents showed void in diamonds" in en and "两家对手都已无方块" in zh
    assert "nobody" not in en and "没人" not in zh


def test_take_the_trick_only_when_nobody_after_can_beat_the_card() -> None:
    """♥K over West's ♥7 with ♥A unseen and East still to play: "take the trick with ♥K" was
    untrue (East's ♥A took it); the hint goes for the trick."""
    reason = A.explain(_reported("take-not-last"), Play(0, tuple(cards("HK"))))
    assert reason.code == A.TAKE_TRY
    assert _words(reason) == ("go for the trick with ♥K", "用♥K争这一轮")


def test_going_for_the_trick_names_an_opponent_out_of_the_suit_who_may_trump_it() -> None:
    """A daily player (seed 64127, round 1; ♥ trump): West led ♣7, South second with ♣9 ♣J
    ♣Q ♣Q ♣K; the hint said "go for the trick with ♣9" though East, to play next, had shown
    void in clubs, and East trumped it. The reason now says so."""
    view = _reported("take-try-void-ruffer")
    assert view.trump is not None
    reason = A.explain(view, Play(0, tuple(cards("C9"))))
    en, zh = _words(reason)
    check_follow_reason(view, view.trump, reason, tuple(cards("C9")), {"en": en, "zh": zh})
    assert reason.code == A.TAKE_TRY and reason.seat == 1
    assert en == "go for the trick with ♣9, though East is out of clubs and may trump it"
    assert zh == "用♣9争这一轮，但右家已无梅花，可能毙"


def test_the_kitty_doubles_for_the_attackers_in_both_languages() -> None:
    """The player snatched as an attacker: the Chinese said the kitty doubles for 对方 (the
    declarers, there), the English for the attackers (R25: the attackers); a daily player,
    snatching as an attacker, read "for the attackers if they take it" of their own side.
    Both languages say it is theirs."""
    view = _reported("bury-attacker-zh")
    assert view.dealer is not None and not same_team(view.dealer, view.seat)
    reason = A.explain(view, Bury(0, tuple(cards("S3 S4 S5"))))
    assert reason.attacking and reason.number == 5
    en, zh = _words(reason)
    assert "doubled for your side if it takes the last trick" in en and "你方拿到最后一轮" in zh
    assert "attackers" not in en and "抓分方" not in zh
    declarer = dataclasses.replace(view, dealer=2)
    en, zh = _words(A.explain(declarer, Bury(0, tuple(cards("S3 S4 S5")))))
    assert "for the attackers if they take the last trick" in en and "抓分方拿到最后一轮" in zh


def test_a_pass_is_not_called_weak_where_a_bid_would_hold_many_trumps() -> None:
    """"Too few trumps to bid" where ♥3 ♥3 would hold 12 trumps (the snatch hint then said
    so): East, the 庄家, will bury, and ♥3 ♥3 beats East's ♦3 at the snatch (R15)."""
    reason = A.explain(_reported("pass-with-trumps"), Pass(0))
    en, zh = _words(reason)
    assert reason.code == A.PASS_SNATCH and reason.cards == tuple(cards("H3 H3"))
    assert "too few" not in en and "太少" not in zh and "♥3 ♥3" in en and "♥3 ♥3" in zh


def test_a_pass_under_partners_bid_says_a_snatch_from_partner_may_come() -> None:
    """A daily player's playtest: after the deal the bid hint said "partner's bid stands:
    pass", and once partner had buried the snatch hint said to snatch from partner (R15: any
    seat but the burier may snatch, a partner's kitty too). Seed 2: North's single ♦2 stands
    after the first round's deal and South holds ♥2 ♥2, which beats it at a snatch (two cards,
    R9): the pass says that the snatch may come."""
    from engine.driver import next_action
    from engine.match import Match
    m = Match(2)
    bots = [make_bot("normal", s, 2) for s in range(4)]
    while not (m.phase == Phase.BID and m.to_act == 0):
        m.apply(next_action(m, bots))
    view = m.view(0)
    assert view.standing_bid is not None and view.standing_bid.seat == 2
    reason = A.explain(view, Pass(0))
    check_other_reason(view, Pass(0), reason)
    assert reason.code == A.PASS_PARTNER_SNATCH and reason.cards == tuple(cards("H2 H2"))
    en, zh = _words(reason)
    assert en == "partner's bid stands: pass; ♥2 ♥2 may snatch (抄底) later"
    assert "抄底" in zh and "♥2 ♥2" in zh


def test_keep_the_pair_is_not_said_of_a_follow_that_breaks_another() -> None:
    """A daily player (seed 73519, round 2; ♠ trump at level 5): West led ♦A, South second
    holding ♦2 ♦2 ♦10 ♦Q ♦Q ♦K; the hint played ♦Q and said "keep the pair ♦2 ♦2 for later",
    breaking ♦Q ♦Q. A follow that breaks a pair of its own says nothing of keeping one."""
    view = _reported("keep-pair-broke-another")
    assert view.trump is not None
    reason = A.explain(view, Play(0, tuple(cards("DQ"))))
    en, zh = _words(reason)
    check_follow_reason(view, view.trump, reason, tuple(cards("DQ")), {"en": en, "zh": zh})
    assert reason.code != A.KEEP_PAIR and "keep the pair" not in en and "留住" not in zh
    low = A.explain(view, Play(0, tuple(cards("D2"))))  # (♦2 from ♦2 ♦2 keeps ♦Q ♦Q: no
    assert low.code != A.KEEP_PAIR  # lower pair is kept by it either)


def test_a_pass_with_no_bid_standing_says_the_snatch_it_keeps() -> None:
    """A newcomer's playtest: nobody had bid after a later round's deal, South held a
    triple of level cards, and the pass said "no bid worth making now". The kitty sets trump
    (R12), West, the 庄家, buries, and any bid of two cards or more may then snatch (R15).
    Seed 2, round 2, every bid passed: South holds BJ BJ BJ."""
    from engine.actions import Deal
    from engine.driver import next_action
    from engine.match import Match
    m = Match(2)
    bots = [make_bot("normal", s, 2) for s in range(4)]
    while m.phase != Phase.RESULT:
        m.apply(next_action(m, bots))
    m.apply(next_action(m, bots))  # the next round
    while m.phase == Phase.DEAL:
        m.apply(Deal(1))
    while m.to_act != 0:
        m.apply(Pass(m.to_act))
    view = m.view(0)
    assert view.phase == Phase.BID and view.standing_bid is None and view.dealer == 3
    reason = A.explain(view, Pass(0))
    check_other_reason(view, Pass(0), reason)
    assert reason.code == A.PASS_SNATCH and reason.cards == tuple(cards("BJ BJ BJ"))
    en, zh = _words(reason)
    assert en.startswith("pass now: once West has buried, big joker ×3 can snatch the kitty")
    assert "worth" not in en and "抄底" in zh and "庄家仍是左家" in zh


def test_a_pass_that_waits_to_snatch_says_so() -> None:
    """A daily player's playtest: after the first round's deal, West's single ♦2 standing,
    South holding ♠2 ♠2 and 16 trumps under spades, the hint passed with "no bid worth
    making now". Its search passes to snatch once West has buried (R15: suits rank at a
    snatch, and West stays 庄家), and the line says that."""
    view = _reported("pass-to-snatch-first-round")
    choice = HardBot(0, seed=1, playouts=600).advise(view)
    assert choice is not None
    reason = A.explain(view, Pass(0))
    assert reason.code == A.PASS_SNATCH and reason.cards == tuple(cards("S2 S2"))
    en, zh = _words(reason)
    assert "♠2 ♠2 can snatch" in en and "抄底" in zh and "worth" not in en
    # (R15: the snatch changes trump, not the 庄家; a daily player missed that cost)
    taker = view.dealer if view.dealer is not None else view.standing_bid.seat
    name = {1: ("East", "右家"), 2: ("North", "对家"), 3: ("West", "左家")}[taker]
    assert f"{name[0]} will still be dealer" in en and f"庄家仍是{name[1]}" in zh


def test_the_last_cards_lead_is_the_only_legal_play() -> None:
    """A daily player's playtest: on the last trick, leading the one card left, the hint
    said "lead trumps: draw the opponents' trumps"; it is the only legal play."""
    tr = Trump("2", "H")
    view = _lead_view("H5", tr, [[(0, "H3"), (1, "H10"), (2, "H4"), (3, "C3")]])
    reason = A.explain(view, Play(0, tuple(cards("H5"))))
    assert reason.code == A.FORCED
    assert _words(reason) == ("your only legal play", "只能这样出")


def test_no_void_to_make_in_a_suit_all_three_others_showed_void_in() -> None:
    """♥8 led from ♥7 ♥7 ♥8 after East, North and West all showed void in hearts: "lead from
    your short hearts to make a void" was said, though only the kitty could hold a heart."""
    view = _reported("short-suit-all-void")
    reason = A.explain(view, Play(0, tuple(cards("H8"))))
    assert reason.code != A.SHORT_SUIT
    en, zh = _words(reason)
    assert "void" not in en and "绝门" not in zh


def test_a_lead_into_a_shown_void_is_not_said_to_keep_off_another() -> None:
    """A daily player read "West showed void in diamonds: lead ♠2 instead" where West had
    shown void in spades too, and ruffed ♠2: the reason does not offer a lead into another
    shown void as the way round one."""
    tr = Trump("3", "C")
    hand = "S2 S4 D5 D9 H6 H8"
    tricks = [[(0, "D7"), (1, "D8"), (2, "D10"), (3, "H4")],  # West void in diamonds
              [(0, "S6"), (1, "S7"), (2, "S8"), (3, "H5")]]   # … and in spades
    view = _lead_view(hand, tr, tricks)
    reason = A.explain(view, Play(0, tuple(cards("S2"))))
    assert reason.code != A.OPPONENT_VOID, _words(reason)
    only_diamonds = _lead_view(hand, tr, tricks[:1])
    reason = A.explain(only_diamonds, Play(0, tuple(cards("S2"))))
    assert reason.code == A.OPPONENT_VOID and reason.seat == 3 and reason.suit == "D"


def test_partners_lead_beaten_with_only_opponents_to_play_gives_no_points() -> None:
    """A daily player's phone (seed 64213, trick 24; ♦ trump at level 2): North led ♥5, West
    played ♥2, and South, void in hearts, cannot beat it (its own ♥2 ties, and the first
    played wins); East, the only seat still to play, is West's partner. The hint played ♦5,
    5 points to the declarers, saying only "West is winning", where ♣6 costs nothing."""
    view = _lead_view("C6 C6 C9 C9 D5 D10 DA H2", Trump("2", "D"))
    trick = TrickView(leader=2, plays=((2, tuple(cards("H5"))), (3, tuple(cards("H2")))),
                      winner=None, points=0, failed_throw=None)
    view = dataclasses.replace(view, tricks=(*view.tricks, trick))
    gift = A.explain(view, Play(0, tuple(cards("D5"))))
    assert gift.code != A.TRICK_LOST
    follows = [tuple(f) for f in follow_options(view.hand, cards("H5"), view.trump)]
    kept = without_sure_gift(make_ctx(view), follows)  # what hard's search may choose from
    assert kept and all(points_of(f) == 0 for f in kept)
    reason = A.explain(view, Play(0, tuple(cards("C6"))))
    assert reason.code == A.TRICK_LOST and reason.seat is None
    assert _words(reason) == ("the opponents take this trick whatever you play: give no points",
                              "这一轮对方赢定：不要送分")


def test_play_low_is_said_only_over_small_cards() -> None:
    """A daily player: West led ♦A ♦A (♦ trump at level 2); holding ♦5 ♦10 ♦A ♥2, the hint
    played ♦A ♥2 (no points: right) saying "play low", of the hand's two biggest trumps. Over
    a card of 10 or more, a level card or a joker, it says the points instead."""
    reason = A.Reason(A.PLAY_FEWEST, seat=3, number=0)
    assert _words(reason) == ("West is winning: give no points", "左家正大：不送分")
    reason = A.Reason(A.PLAY_FEWEST, seat=3, number=5)
    assert _words(reason) == ("West is winning: give as few points as you can",
                              "左家正大：尽量少送分")


def test_a_pair_lead_says_which_pairs_can_beat_it() -> None:
    """A daily player read ♥K ♥K explained by the rule alone ("the others must follow with a
    pair"). A pair is beaten in its suit only by a pair of a higher card (R21): with two ♥A
    unseen the line names that pair; with one ♥A unseen nothing in hearts beats it, and it is
    a master; an opponent void in hearts may trump it, so no 'only' is said. "Only" is of the
    suit: while an opponent may hold trumps, the line says one out of hearts may trump it (a
    sentence checker read "only a pair of ♥Q or ♥K beats it" with trumps still out)."""
    tr = Trump("2", "S")
    kings = Play(0, tuple(cards("HK HK")))
    hand = "HK HK H3 H4 H6 H7 C5 C6 C7 D3 D4 D5"
    above = A.explain(_lead_view(hand + " HA", tr), kings)
    assert above.code == A.LEAD_PAIR and above.above == tuple(cards("HA"))
    assert _words(above) == (
        "lead the pair ♥K ♥K: only a pair of ♥A beats it, and the others must follow with a "
        "pair if they have one (an opponent out of hearts may still trump it)",
        "出对子♥K ♥K：只有一对♥A管得上，有对子的必须跟对子（对手若已无红桃，仍可用主牌毙）")
    queens = A.explain(_lead_view(hand.replace("HK HK", "HQ HQ") + " HA", tr),
                       Play(0, tuple(cards("HQ HQ"))))
    assert "only a pair of ♥K or ♥A beats it" in _words(queens)[0]
    assert "只有一对♥K或♥A管得上" in _words(queens)[1]
    master = A.explain(_lead_view(hand + " HA HA", tr), kings)
    assert master.code == A.MASTER
    assert _words(master)[0] == ("nothing unseen in hearts beats ♥K ♥K: the points played to "
                                 "it are yours (an opponent out of hearts may still trump it)")
    ruff = _lead_view(hand + " HA", tr, [[(0, "H9"), (1, "C3"), (2, "H10"), (3, "H8")]])
    plain = A.explain(ruff, kings)  # (East showed void in hearts)
    assert plain.code == A.LEAD_PAIR and not plain.above
    assert "only" not in _words(plain)[0] and "只有" not in _words(plain)[1]


def test_a_snatch_of_partners_kitty_says_it_stays_the_sides() -> None:
    """A daily player asked why the hint snatched their partner's kitty: the line says so,
    and what it does (R15: the kitty stays the side's; a further snatch must beat this bid)."""
    view = dataclasses.replace(_lead_view("S2 S2 S3 H4", Trump("2", "H")), phase=Phase.SNATCH,
                               burier=2)
    snatch = Snatch(0, tuple(cards("S2 S2")))
    own = A.explain(view, snatch)
    assert own.code == A.SNATCH and own.seat == 2
    assert _words(own) == (
        "3 trumps with spades as trump: snatch North's kitty; it stays your side's, and only a "
        "bid stronger than yours can take it",
        "以黑桃做主抄底有3张主：抄对家的底，底仍是你方的，只有比你更强的才能再抄")
    theirs = A.explain(dataclasses.replace(view, burier=1), snatch)
    assert theirs.seat is None and _words(theirs)[0] == (
        "3 trumps with spades as trump: snatch the kitty")


def _follow_view(hand: str, trump: Trump, plays: Sequence[tuple[int, str]]) -> SeatView:
    """South's view, holding `hand`, to follow `plays` [(seat, R3)] of the trick under way."""
    view = _lead_view(hand, trump)
    trick = TrickView(leader=plays[0][0], plays=tuple((s, tuple(cards(c))) for s, c in plays),
                      winner=None, points=0, failed_throw=None)
    return dataclasses.replace(view, tricks=(*view.tricks, trick))


def test_points_on_partners_trick_say_who_may_still_beat_it() -> None:
    """A newcomer: "partner is winning: add points" put ♣5 on North's trick with East still to
    play, and East took it. With an opponent still to play who may beat it the line says so;
    last to play, it is the side's trick: "add points" (R2: 5, 10 and K count)."""
    tr = Trump("2", "S")
    risky = _follow_view("H5 H9 C3 C4", tr, [(2, "HK"), (3, "H3")])  # (East still to play)
    assert _words(A.explain(risky, Play(0, tuple(cards("H5"))))) == (
        "partner is winning so far, East still to play: add points",
        "对家暂时正大，右家还没出：送分")
    sure = _follow_view("H5 H9 C3 C4", tr, [(1, "H3"), (2, "HA"), (3, "H4")])  # (last)
    assert _words(A.explain(sure, Play(0, tuple(cards("H5"))))) == (
        "partner is winning: add points", "对家正大：送分")


def test_a_trump_on_partners_winning_trick_last_to_play_is_said_to_add_points() -> None:
    """A daily player, last to play and void in hearts, North winning with ♥K: the hint put
    ♣10 (clubs trump) on it saying "no hearts left: trump it". The trick was the side's
    whatever South played: the line says that it adds points."""
    view = _follow_view("C10 C3 S4 S6", Trump("2", "C"), [(1, "H4"), (2, "HK"), (3, "H6")])
    reason = A.explain(view, Play(0, tuple(cards("C10"))))
    assert reason.code == A.FEED and _words(reason)[0] == "partner is winning: add points"


def test_small_cards_on_partners_trick_are_said_in_the_plural() -> None:
    """A daily player read "play a small card" of the two it played on partner's pair."""
    view = _follow_view("H3 H4 H9 C3", Trump("2", "S"), [(1, "H6 H6"), (2, "HA HA"),
                                                          (3, "H7 H7")])
    assert _words(A.explain(view, Play(0, tuple(cards("H3 H4"))))) == (
        "partner is winning: play small cards", "对家正大：出小牌")
