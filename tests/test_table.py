"""The DOM-free table controller the page drives (ui/table.py), on CPython."""

import pytest

from engine.actions import Bid, Bury, NextRound, Play
from engine.bots import make_bot
from engine.errors import GameError, IllegalAction
from ui.table import HUMAN, Table


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
