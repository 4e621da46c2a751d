"""The hard bot's 抄底 (R15) and post-deal bid (R11) by search (engine.bots.hard_auction): the
options that turn them off, determinism, slices, no cheating, and two constructed 抄底
positions with an obvious answer."""

import random
from collections import Counter
from dataclasses import replace

import pytest
from test_bots import reshuffled

from engine.actions import Bid, Bury, Deal, Pass, Snatch
from engine.bots import make_bot
from engine.bots.auction import choose_bury, decide_bid, decide_snatch
from engine.bots.hard_auction import (
    bid_candidates,
    deal_as_the_auction_tells,
    deal_hidden,
    seats_that_declined,
    snatch_candidates,
    snatch_trump,
    standing_serves,
    would_have_bid,
)
from engine.driver import next_action, next_action_steps, run_steps, seats_to_ask
from engine.match import Match, Start
from engine.phase import Phase
from engine.seats import same_team
from engine.view import AuctionEntry, BidView
from tools.arena import parse_spec, start_match

from helpers import cards, rig, run_in_slices

QUICK = {"snatch_worlds": 8}  # a small search: the tests check behaviour, not strength


def turns_where(seeds, wanted, most, first_round=lambda seed: False):
    """(match, seat) at the turns of normal rounds where `wanted(match)` holds, until the
    auction is over (at most `most`)."""
    out = []
    for seed in seeds:
        m = start_match(seed, first_round=first_round(seed))
        bs = [make_bot("normal", s, seed) for s in range(4)]
        while m.phase not in ("play", "result", "match-over"):
            if wanted(m):
                out.append((m.clone(), m.to_act))
                if len(out) >= most:
                    return out
            m.apply(next_action(m, bs))
    return out


def snatch_positions(seeds, most=6):
    """(match, seat) at snatch turns where the seat holds a legal snatch, from normal rounds."""
    return turns_where(seeds, lambda m: m.phase == "snatch"
                       and bool(snatch_candidates(m.view(m.to_act), 1)), most)


@pytest.fixture(scope="module")
def positions():
    found = snatch_positions(range(30))
    assert len(found) >= 4, "normal rounds give snatch turns with a legal snatch"
    return found


def test_candidates_are_distinct_trumps_with_normal_first(positions):
    for m, seat in positions:
        view = m.view(seat)
        cands = snatch_candidates(view, 3)
        assert 1 <= len(cands) <= 3
        trumps = [snatch_trump(view.level, c) for c in cands]
        assert len(set(trumps)) == len(trumps)
        assert all(len(c[0]) >= 2 for c in cands)  # a single never snatches
        normal = decide_snatch(view)
        if normal is not None:
            assert cands[0] == normal
        for c in cands:
            assert m.can_apply(Snatch(seat, c[0], c[1], c[2]))


def test_search_is_the_default_and_normal_on_request(positions):
    assert parse_spec("hard:playouts=600,snatch=normal") == (
        "hard", {"playouts": 600, "snatch": "normal"})
    searched = 0
    for m, seat in positions:
        view = m.view(seat)
        normal = decide_snatch(view)
        off = make_bot("hard", seat, 3, snatch="normal").choose(view)
        assert off == (Pass(seat) if normal is None else Snatch(seat, *normal))
        hard = make_bot("hard", seat, 3, **QUICK)
        act = hard.choose(view)
        assert isinstance(act, (Pass, Snatch)) and m.can_apply(act)
        assert hard.last_stats["worlds"] == QUICK["snatch_worlds"]
        assert hard.last_stats["candidates"] == 1 + len(snatch_candidates(view, 3))
        searched += 1
    assert searched == len(positions)
    with pytest.raises(TypeError):
        make_bot("hard", 0, 3, snatch_speed="fast")  # an unknown option is refused


def test_the_decision_is_deterministic_and_sliced_like_choose(positions):
    for m, seat in positions[:3]:
        view = m.view(seat)
        first = make_bot("hard", seat, 8, **QUICK).choose(view)
        assert make_bot("hard", seat, 8, **QUICK).choose(view) == first
        sliced, slices = run_in_slices(make_bot("hard", seat, 8, **QUICK).choose_steps(view))
        assert sliced == first
        # whole rounds in slices of a few tricks: several slices per world
        assert slices > QUICK["snatch_worlds"]


def test_the_snatch_ignores_the_cards_it_cannot_see(positions):
    """Reshuffling the other hands and the kitty it did not bury never changes the choice."""
    rng = random.Random("snatch")
    for m, seat in positions:
        assert m.round.burier != seat
        for _ in range(2):
            m2 = reshuffled(m, seat, rng)
            assert Counter(m2.round.kitty) != Counter(m.round.kitty)
            v1, v2 = m.view(seat), m2.view(seat)
            assert v1 == v2
            a = make_bot("hard", seat, 12, **QUICK).choose(v1)
            b = make_bot("hard", seat, 12, **QUICK).choose(v2)
            assert a == b


def snatch_turn(my_hand: str, dealer_bid: str = "S6 S6"):
    """Level 6, 庄家 West (seat 3) has bid `dealer_bid` after the deal and buried by the normal
    rules; South (seat 0, an attacker, the 庄家's 下家) holds `my_hand` and is asked first."""
    m = rig(Match(5, start=Start(dealer=3, levels=("6", "6"))), {0: my_hand, 3: dealer_bid},
            first_seat=0)
    m.apply(Deal(len(m.round.deck) - m.rules.kitty_size))
    while m.phase == "bid":
        seat = m.to_act
        if seat == 3 and m.round.standing is None:
            m.apply(Bid(3, tuple(cards(dealer_bid))))
        else:
            m.apply(Pass(seat))
    assert m.phase == "bury" and m.to_act == 3
    view = m.view(3)
    m.apply(Bury(3, choose_bury(view.hand, view.trump, m.rules.kitty_size)))
    assert m.phase == "snatch" and m.to_act == 0
    return m, m.view(0)


def test_snatches_a_long_strong_suit_when_void_in_the_trump():
    """No spade at all; a triple of ♥6 with 21 more hearts, the jokers and other 6s: under ♠
    it holds 10 trumps, under ♥ 31. Taking the trump from the 庄家 is plainly right."""
    hand = ("BJ BJ LJ LJ H6 H6 H6 C6 C6 D6 "
            "HA HA HA HK HK HK HQ HQ HQ HJ HJ H10 H10 H9 H9 H8 H8 H7 H7 H5 H5 "
            "CA CA CK DA DA DK C3")
    assert len(cards(hand)) == 38
    m, view = snatch_turn(hand)
    hard = make_bot("hard", 0, 5)
    act = hard.choose(view)
    assert act == Snatch(0, tuple(cards("H6 H6 H6"))), (act, hard.last_stats)
    assert m.can_apply(act)


def test_passes_when_the_snatch_would_throw_away_its_trumps():
    """Long in the 庄家's trump (♣) and holding a pair of ♥6 with no other heart: a snatch to
    ♥ would turn its 20 clubs into side cards. Passing is plainly right."""
    hand = ("BJ LJ C6 H6 H6 "
            "CA CA CA CK CK CK CQ CQ CJ CJ C10 C10 C9 C9 C8 C8 C7 C7 C5 C5 "
            "SA SA SK S4 S3 DA DK DQ D4 D3 D2 S2 S2")
    assert len(cards(hand)) == 38
    _, view = snatch_turn(hand, dealer_bid="C6 C6")
    assert snatch_candidates(view, 3) == [(tuple(cards("H6 H6")), None, None)]
    hard = make_bot("hard", 0, 5)
    assert hard.choose(view) == Pass(0), hard.last_stats
    assert hard.last_stats["worlds"] >= 3


def test_a_snatch_search_respects_the_time_cap(positions):
    m, seat = positions[0]
    hard = make_bot("hard", seat, 4, snatch_worlds=10**6, snatch_playouts=10**9, budget_ms=20)
    act = run_steps(hard.choose_steps(m.view(seat)))
    assert isinstance(act, (Pass, Snatch)) and m.can_apply(act)
    assert hard.last_stats["capped"] and hard.last_stats["worlds"] >= 1


# --- the post-deal bid ----------------------------------------------------------------------


def bid_positions(seeds, most=5):
    """(match, seat) at post-deal turns with more than one choice to compare, from normal
    rounds (first rounds and later ones)."""
    return turns_where(seeds, lambda m: m.phase == "bid"
                       and len(bid_candidates(m.view(m.to_act), 3)) > 1, most,
                       first_round=lambda seed: seed % 3 == 0)


@pytest.fixture(scope="module")
def bid_turns():
    found = bid_positions(range(20))
    assert len(found) >= 3, "normal rounds give post-deal turns with a bid to weigh"
    return found


def test_post_deal_bid_is_searched_on_request_from_normals_choice(bid_turns):
    for m, seat in bid_turns:
        view = m.view(seat)
        cands = bid_candidates(view, 3)
        normal = decide_bid(view, during_deal=False)
        serves = normal is not None and standing_serves(view, normal)  # (then pass first)
        assert cands[0] == (None if serves else normal) and (normal is None or None in cands)
        assert normal in cands
        chosen = [c for c in cands if c is not None]
        assert len({snatch_trump(view.level, c) for c in chosen}) == len(chosen)
        off = Pass(seat) if normal is None else Bid(seat, *normal)
        assert make_bot("hard", seat, 2, bid="normal").choose(view) == off
        default = make_bot("hard", seat, 2, bid_worlds=6)  # "refine": searched where normal bids
        first = Pass(seat) if cands[0] is None else Bid(seat, *cands[0])
        kept = default.choose(view) == first
        assert kept == (normal is None or default.last_stats["choice"] == 0)
        assert ("choice" in default.last_stats) == (normal is not None)
        searched = {"bid": "search", "bid_worlds": 6}
        hard = make_bot("hard", seat, 2, **searched)
        act = hard.choose(view)
        assert m.can_apply(act) and hard.last_stats["worlds"] == 6
        assert act == (Pass(seat) if cands[hard.last_stats["choice"]] is None
                       else Bid(seat, *cands[hard.last_stats["choice"]]))
        assert make_bot("hard", seat, 2, **searched).choose(view) == act  # deterministic
        assert run_steps(make_bot("hard", seat, 2, **searched).choose_steps(view)) == act


def test_post_deal_bid_ignores_the_cards_it_cannot_see(bid_turns):
    rng = random.Random("bid")
    for m, seat in bid_turns:
        m2 = reshuffled(m, seat, rng)
        assert Counter(m2.round.kitty) != Counter(m.round.kitty)
        v1, v2 = m.view(seat), m2.view(seat)
        assert v1 == v2
        assert (make_bot("hard", seat, 9, bid="search", bid_worlds=6).choose(v1)
                == make_bot("hard", seat, 9, bid="search", bid_worlds=6).choose(v2))


# --- bids during the deal (R11) -------------------------------------------------------------


def deal_bid_positions(seeds, most=4):
    """(match, seat) during the deal where the normal tier would bid now, from normal rounds
    (the seat that just received a card, as the driver asks it)."""
    out = []
    for seed in seeds:
        m = start_match(seed, first_round=seed % 2 == 0)
        bs = [make_bot("normal", s, seed) for s in range(4)]
        while m.phase == "deal":
            for seat in seats_to_ask(m):
                if decide_bid(m.view(seat), during_deal=True) is not None:
                    out.append((m.clone(), seat))
                    if len(out) >= most:
                        return out
            m.apply(next_action(m, bs))
    return out


@pytest.fixture(scope="module")
def deal_bid_turns():
    found = deal_bid_positions(range(12))
    assert len(found) >= 3, "normal rounds give bids during the deal"
    return found


def test_a_bid_during_the_deal_is_refined_by_search_where_normal_bids(deal_bid_turns):
    searched = {"bid_worlds": 6}  # bid="refine", the default
    for m, seat in deal_bid_turns:
        view = m.view(seat)
        normal = decide_bid(view, during_deal=True)
        assert make_bot("hard", seat, 2, bid="normal").choose(view) == Bid(seat, *normal)
        cands = bid_candidates(view, 3)
        assert cands[0] == normal and None in cands
        hard = make_bot("hard", seat, 2, **searched)
        act = hard.choose(view)
        assert hard.last_stats["worlds"] == 6
        chosen = cands[hard.last_stats["choice"]]
        assert act == (None if chosen is None else Bid(seat, *chosen))
        assert act is None or m.can_apply(act)
        assert make_bot("hard", seat, 2, **searched).choose(view) == act  # deterministic
        # as the page's table asks during the deal: in slices, the same bid
        players = {seat: make_bot("hard", seat, 2, **searched)}
        sliced, slices = run_in_slices(next_action_steps(m, players))
        assert sliced == (act or Deal(1)) and slices >= 6


def test_a_bid_during_the_deal_is_never_searched_where_normal_waits():
    for seed in range(3):
        m = start_match(seed, first_round=True)
        for _ in range(30):
            m.apply(Deal(1))
        for seat in range(4):
            view = m.view(seat)
            if decide_bid(view, during_deal=True) is None:
                for mode in ("refine", "search"):
                    hard = make_bot("hard", seat, 2, bid=mode)
                    assert hard.choose(view) is None and hard.last_stats == {}


def test_a_bid_during_the_deal_ignores_the_cards_it_cannot_see(deal_bid_turns):
    rng = random.Random("deal bid")
    searched = {"bid": "refine", "bid_worlds": 6}
    for m, seat in deal_bid_turns:
        m2 = reshuffled(m, seat, rng)
        assert m2.round.deck[m2.round.dealt:] != m.round.deck[m.round.dealt:]
        assert m.view(seat) == m2.view(seat)
        assert (make_bot("hard", seat, 2, **searched).choose(m.view(seat))
                == make_bot("hard", seat, 2, **searched).choose(m2.view(seat)))


# --- inference from the auction: a seat that declined to bid holds no hand it would bid on ---


def _bid(seat, text, phase):
    return AuctionEntry(seat, phase, BidView(seat, tuple(cards(text)), "2", "S"))


def _pass(seat):
    return AuctionEntry(seat, Phase.BID, None)


DEAL, BID = Phase.DEAL, Phase.BID


@pytest.mark.parametrize("phase, auction, expected", [
    # the deal, no bid yet: every other seat let each card go by
    (DEAL, [], [(1, True), (2, True), (3, True)]),
    # an opponent (seat 1) bid: its team would not overcall it, the partner (2) could have
    (DEAL, [_bid(1, "S2", DEAL)], [(2, True)]),
    # the partner (2) bid: the opponents could have overcalled and did not
    (DEAL, [_bid(2, "S2", DEAL)], [(1, True), (3, True)]),
    # after the deal with no bid: seat 1 passed after the deal, seats 2 and 3 only let the
    # deal's cards go by so far
    (BID, [_pass(1)], [(1, False), (2, True), (3, True)]),
    # a bid during the deal, then passes after it
    (BID, [_bid(3, "S2", DEAL), _pass(2)], [(2, False)]),
    # a bid after the deal: only the seats asked since then (passed) tell anything
    (BID, [_bid(3, "S2", BID), _pass(2)], [(2, False)]),
    (BID, [_pass(2), _bid(3, "S2", BID)], []),
])
def test_the_seats_that_declined_are_read_from_the_auction(phase, auction, expected):
    view = replace(Match(5).view(0), phase=phase, auction=tuple(auction),
                   bids=tuple(e.bid for e in auction if e.bid is not None))
    assert seats_that_declined(view) == expected


def test_a_strong_hand_would_have_bid_and_a_weak_one_would_not():
    view = Match(5).view(0)  # level 2, no bid: a seat that declined during the deal …
    strong = cards("BJ BJ SJ SJ S2 S2 H2 H2 SA SA SK SQ")  # … with these would have bid
    weak = cards("H3 H4 H6 D7 D8 D9 C3 C4 C6 S7 S8 S9")
    hands = [[], strong, weak, weak]
    assert would_have_bid(view, hands, [(1, True)])
    assert not would_have_bid(view, hands, [(2, True), (3, True)])
    assert not would_have_bid(view, hands, [])


def _hidden_well_dealt(view, hands, undealt):
    assert [len(h) for h in hands] == list(view.hand_sizes)
    assert Counter(hands[view.seat]) == Counter(view.hand)
    assert len(undealt) == view.cards_left_to_deal + view.rules.kitty_size
    assert sum(len(h) for h in hands) + len(undealt) == 162


def test_the_deals_drawn_agree_with_the_auction(deal_bid_turns, bid_turns):
    contradicted = agreed = drawn = 0
    for m, seat in [*deal_bid_turns, *bid_turns]:
        view = m.view(seat)
        declined = seats_that_declined(view)
        for k in range(10):
            hands, undealt = deal_hidden(view, random.Random(k))
            contradicted += would_have_bid(view, hands, declined)
            hands, undealt = deal_as_the_auction_tells(view, random.Random(k), 40)
            _hidden_well_dealt(view, hands, undealt)
            agreed += not would_have_bid(view, hands, declined)
            drawn += 1
    assert contradicted >= drawn // 20, "uniform deals often give a silent seat a bid"
    assert agreed >= drawn - 1, "the deals drawn again agree with the auction"


def test_one_try_is_the_uniform_deal():
    view = Match(3).view(1)
    assert (deal_as_the_auction_tells(view, random.Random(7), 1)
            == deal_hidden(view, random.Random(7)))


def test_a_bid_searched_with_inference_ignores_the_cards_it_cannot_see(deal_bid_turns,
                                                                        bid_turns):
    rng = random.Random("inferred bid")
    searched = {"bid": "search", "bid_worlds": 4, "bid_infer_tries": 20}
    for m, seat in [*deal_bid_turns[:2], *bid_turns[:2]]:
        m2 = reshuffled(m, seat, rng)
        assert m.view(seat) == m2.view(seat)
        assert (make_bot("hard", seat, 4, **searched).choose(m.view(seat))
                == make_bot("hard", seat, 4, **searched).choose(m2.view(seat)))


def test_pass_comes_first_where_the_standing_trump_serves_the_hand_as_well():
    """A daily player: after the first round (the 庄家 fixed), the hint overcalled West's ♠2
    with ♣2 ♣2 ♣2, 14 trumps where spades gave the hand 19. Where the standing trump makes
    the hand at least as strong as the normal tier's bid would, passing is the choice the
    search starts from (a bid replaces it only when clearly better); elsewhere the bid is."""
    from engine.bots.auction import strength

    def bid_turn(m):  # (after the deal: the seat to bid is asked in turn)
        if m.phase != "bid":
            return False
        view = m.view(m.to_act)
        standing = view.standing_bid
        return (standing is not None and not same_team(standing.seat, m.to_act)
                and decide_bid(view, during_deal=False) is not None)

    found = turns_where(range(200, 320), bid_turn, 400)
    served = unserved = 0
    for m, seat in found:
        view = m.view(seat)
        normal = decide_bid(view, during_deal=view.phase == Phase.DEAL)
        cands = bid_candidates(view, 3)
        if standing_serves(view, normal):
            served += 1
            assert cands[:2] == [None, normal]
            counts, current = Counter(view.hand), view.sort_trump
            assert strength(counts, len(view.hand), current.level, current.suit) >= strength(
                counts, len(view.hand), view.level, normal[0][0].suit) or normal[1] is not None
        else:
            unserved += 1
            assert cands[:2] == [normal, None]
    assert served and unserved, (served, unserved)
