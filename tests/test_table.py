"""The DOM-free table controller the page drives (ui/table.py), on CPython."""

import pytest

from engine.actions import Bid, Bury, Deal, NextRound, Pass, Play, Snatch
from engine.bots import make_bot
from engine.cards import parse_cards as cards
from engine.errors import GameError, IllegalAction
from engine.match import Match
from ui.table import HUMAN, Table, positions_in

from helpers import rig


def bots(seed=0):
    return {s: make_bot("random", s, seed, bid_chance=0.1) for s in (1, 2, 3)}


def new_table(seed=5):
    return Table.new(seed, bots(seed), adviser=make_bot("random", HUMAN, seed, bid_chance=0))


def test_steps_deal_until_the_player_must_act():
    t = new_table()
    events = t.run_until_player()
    assert t.waiting_for_player() and t.match.to_act == HUMAN
    assert any(e.kind == "CardDealt" for e in events)
    dealt_to_others = [e for e in events if e.kind == "CardDealt" and e.seat != HUMAN]
    assert all(e.card is None for e in dealt_to_others), "only seat 0's cards are shown"


def test_player_can_bid_during_the_deal():
    for seed in range(40):
        t = new_table(seed)
        while t.phase == "deal" and not t.bid_choices():
            t.step()
        if t.phase == "deal":
            choice = t.bid_choices()[0]
            t.act(Bid(HUMAN, choice))
            assert t.match.round.standing.seat == HUMAN
            return
    pytest.fail("no seed gave the player a bid during the deal")


def test_player_actions_are_validated_and_refusals_change_nothing():
    t = new_table()
    t.run_until_player()
    before = t.save()
    with pytest.raises(GameError):
        t.act(Play(HUMAN, tuple(t.view().hand[:3])))  # probably not a legal lead
    with pytest.raises(IllegalAction):
        t.act(Bury(1, ()))  # not the player's seat
    assert t.save() == before


def play_out_round(t):
    while t.phase not in ("result", "match-over"):
        t.run_until_player()
        if t.phase in ("result", "match-over"):
            break
        t.act(t.hint())


def test_a_whole_round_with_the_hint_as_the_player():
    t = new_table()
    play_out_round(t)
    assert t.view().result is not None
    t.act(NextRound())
    assert t.phase == "deal" and t.match.round.number == 1


def test_restore_resumes_at_the_identical_position():
    t = new_table()
    t.run_until_player()
    for _ in range(5):
        if t.phase != "play":
            break
        t.act(t.hint())
        t.run_until_player()
    again = Table.restore(t.save(), bots(5))
    assert again.view() == t.view()
    assert again.save() == t.save()


def test_page_players_decide_like_the_bots_they_stand_for():
    from engine.bots import make_bot
    from ui.players import make_players

    bots, adviser = make_players({"1": "easy", "2": "normal", "3": "hard"}, seed=9)
    t = Table.new(9, bots, adviser)
    t.run_until_player()
    view = t.view()
    assert adviser.choose(view) == make_bot("normal", 0, 9).choose(view)
    assert bots[3].tier == "hard" and bots[1].tier == "easy"


# --- what the page asks of the table instead of the match ------------------------------------

def test_seed_rules_and_turn_are_the_matchs():
    t = new_table(seed=8)
    assert t.seed == 8 and t.rules.kitty_size == 10 and t.to_act is None
    t.run_until_player()
    assert t.to_act == HUMAN == t.view().to_act


def joker_table(hand: str) -> Table:
    """A table at the small-joker level, dealt, seat 0 to bid first with `hand` in it."""
    m = Match(1)
    m.levels = ["LJ", "5"]
    m.round = m._new_round(1, dealer=0)
    rig(m, {0: hand})
    m.apply(Deal(4 * m.rules.hand_size))
    return Table(m, bots())


def test_bid_action_names_rank_and_suit_at_a_joker_level_as_r13_says():
    t = joker_table("LJ LJ BJ BJ BJ")
    assert t.view().level == "LJ" and t.to_act == HUMAN
    two = tuple(cards("LJ LJ"))
    assert t.bid_action(two, rank="9", suit="H") == Bid(HUMAN, two, "9", "H")
    three = tuple(cards("BJ BJ BJ"))  # three jokers make no-trump: no suit is named
    assert t.bid_action(three, rank="7", suit="H") == Bid(HUMAN, three, "7", None)
    assert t.bid_action(two, snatch=True, rank="9", suit="S") == Snatch(HUMAN, two, "9", "S")
    t.act(t.bid_action(three, rank="7", suit="H"))  # the engine takes it as it is
    assert t.match.round.standing.seat == HUMAN


def test_bid_action_at_a_plain_level_names_nothing():
    t = new_table()
    cards_ = tuple(cards("H2"))
    assert t.bid_action(cards_, rank="9", suit="S") == Bid(HUMAN, cards_)
    assert t.bid_action(cards_, snatch=True) == Snatch(HUMAN, cards_)


class Recording:
    """An adviser that remembers what it suggested last."""

    def __init__(self, bot):
        self.bot, self.last = bot, None

    def choose(self, view):
        self.last = self.bot.choose(view)
        return self.last


def test_hint_positions_point_at_the_suggested_cards_in_the_sorted_hand():
    for seed in range(40):
        t = new_table(seed)
        t.run_until_player()
        while t.phase == "bid":  # the player bids whatever they can
            choices = t.bid_choices()
            t.act(Bid(HUMAN, choices[0]) if choices else Pass(HUMAN))
            t.run_until_player()
        if t.phase == "bury" and t.to_act == HUMAN:
            break
    else:
        pytest.fail("no seed gave the player the kitty to bury")
    t.adviser = adviser = Recording(t.adviser)
    positions = t.hint_positions()
    suggestion, hand = adviser.last, t.view().hand
    assert len(positions) == len(set(positions)) == t.rules.kitty_size
    assert sorted(hand[i] for i in positions) == sorted(suggestion.cards)
    t.act(Bury(HUMAN, tuple(hand[i] for i in positions)))


def test_hint_positions_are_empty_for_a_pass_and_none_without_a_hint():
    t = new_table()
    t.ask_bids = True  # stop at the bid turn even with nothing to bid
    assert t.hint_positions() is None  # the cards are being dealt: no decision yet
    t.run_until_player()
    assert t.phase == "bid"
    t.adviser = make_bot("random", HUMAN, 0, bid_chance=0)  # passes on bids
    assert t.hint() == Pass(HUMAN) and t.hint_positions() == []
    t.adviser = None
    assert t.hint_positions() is None


def test_positions_in_matches_each_copy_once_first_copies_first():
    hand = cards("S6 S6 S6 H2 BJ")
    assert positions_in(hand, cards("S6 BJ S6")) == [0, 1, 4]
    assert positions_in(hand, cards("S6 S6 S6 S6")) == [0, 1, 2], "no fourth copy"
    assert positions_in(hand, []) == []


def test_the_table_passes_for_the_player_with_nothing_to_bid_unless_asked_to_ask():
    """No stop when there is nothing to choose: with no legal bid the player's bid turn is a
    pass the table makes (and shows); with ask_bids the page stops there as before."""
    for ask in (False, True):
        m = rig(Match(3), {0: "S3 S4 S5 H3 H4"}, level="2", dealer=1)  # no 2s, no jokers
        t = Table(m, bots(3))
        t.ask_bids = ask
        while not t.waiting_for_player():
            t.step()
            empty_turn = t.phase in ("bid", "snatch") and t.to_act == HUMAN \
                and not t.bid_choices()
            assert ask or not empty_turn, "the page would show a turn with nothing to do"
        if ask:
            assert t.phase == "bid" and t.to_act == HUMAN and t.bid_choices() == []
        else:
            assert t.phase != "bid" and Pass(HUMAN) in m.history
