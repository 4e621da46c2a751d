"""Undo (ui/logic/undo.py, ui/logic/table.py): the player's last decision of the round taken back by
rebuilding the match from its save without it, on CPython."""

import asyncio
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Bid, Bury, Deal, NextRound, Pass, Play, Snatch
from engine.bots import make_bot
from engine.cards import parse_cards
from engine.driver import next_action
from engine.errors import GameError, SaveError
from engine.match import Match
from engine.save import load_match, save_match
from ui.logic import log, pacing, render
from ui.logic.table import HUMAN, Table
from ui.logic.undo import NothingToUndo, TakenBack, can_undo, last_decision, take_back


def players(seed, chance=0.3):
    return {s: make_bot("random", s, seed, bid_chance=chance) for s in range(4)}


def play_until(match, seats, stop, limit=2000):
    """Apply the driver's next actions until `stop(match, last_action)` holds."""
    for _ in range(limit):
        action = next_action(match, seats)
        match.apply(action)
        if stop(match, action):
            return action
    raise AssertionError("never stopped")


def mine(action, kind):
    return isinstance(action, kind) and action.seat == HUMAN


def a_match(kind, seed_range=range(60), after=lambda m: True, chance=0.3):
    """A seeded match just after the player's action of `kind` (and `after(match)`)."""
    for seed in seed_range:
        m = Match(seed)
        try:
            play_until(m, players(seed, chance),
                       lambda m, a: (mine(a, kind) and after(m)) or m.phase.round_over)
        except AssertionError:
            continue
        if not m.phase.round_over:
            return m
    pytest.fail(f"no seed gave a {kind.__name__} of the player")


def round_actions(m):
    return m.history_since(m.round_start[0])


# --- the table of cases ---------------------------------------------------------------------

def test_at_the_start_of_the_round_there_is_nothing_to_take_back():
    m = Match(3)
    m.apply(Deal(20))
    with pytest.raises(NothingToUndo, match="nothing of yours"):
        take_back(m, HUMAN)
    assert not can_undo(m, HUMAN)


def test_a_bid_during_the_deal_is_taken_back_and_the_deal_resumes_there():
    m = a_match(Bid, after=lambda m: m.phase == "deal")
    bid = m.last_action
    hand_before = sorted(m.hand(HUMAN))
    done = take_back(m, HUMAN)
    assert done.action == bid and done.steps == 1
    assert done.match.phase == "deal"
    assert done.match.history == m.history[:-1]
    assert done.match.round.dealt == m.round.dealt
    standing = done.match.round.standing
    assert standing is None or standing.seat != HUMAN or len(done.match.round.bids) < len(
        m.round.bids)
    assert sorted(done.match.hand(HUMAN)) == hand_before  # a bid shows cards, keeps them
    assert save_match(m) != save_match(done.match)


def test_a_pass_with_a_bid_to_choose_is_a_decision_and_comes_back_as_the_players_turn():
    for seed in range(200):
        m, seats = Match(seed), players(seed, chance=0.0)  # the player always passes
        chose = False
        for _ in range(400):
            action = next_action(m, seats)
            chose = mine(action, Pass) and bool(m.legal_bids(HUMAN))
            m.apply(action)
            if chose or m.phase not in ("deal", "bid", "snatch", "bury"):
                break
        if not chose:
            continue
        done = take_back(m, HUMAN)
        assert done.action == Pass(HUMAN) and done.steps == 1
        assert done.match.to_act == HUMAN and done.match.legal_bids(HUMAN)
        assert done.match.history == m.history[:-1]
        return
    pytest.fail("no seed gave the player a pass with a bid to choose")


def test_a_forced_pass_is_no_decision_and_is_gone_past():
    """A pass with no bid possible (the table makes it for the player) is skipped: undo takes
    back the decision before it, or says there is none."""
    for seed in range(200):
        m = Match(seed)
        seats = players(seed, chance=0.0)  # nobody bids during the deal
        play_until(m, seats, lambda m, a: mine(a, Pass) or m.phase.round_over)
        if m.phase.round_over:
            continue
        pass_at = len(round_actions(m)) - 1
        replay = Match(seed)
        for a in round_actions(m)[:pass_at]:
            replay.apply(a)
        if replay.legal_bids(HUMAN):
            continue  # a chosen pass: not this case
        with pytest.raises(NothingToUndo):
            last_decision(m, HUMAN)
        return
    pytest.fail("no seed gave the player a forced pass")


def test_a_bury_is_taken_back_with_the_kitty_returned_to_the_hand():
    m = a_match(Bury, seed_range=range(300), chance=0.9)
    bury = m.last_action
    done = take_back(m, HUMAN)
    assert done.action == bury
    assert done.match.phase == "bury" and done.match.to_act == HUMAN
    assert sorted(done.match.hand(HUMAN)) == sorted(m.hand(HUMAN) + list(bury.cards))


def test_a_play_that_closed_a_trick_is_taken_back_and_the_trick_reopens():
    def closed(m):
        return not m.round.current_trick and m.round.tricks and m.round.tricks[-1].winner \
            is not None
    m = a_match(Play, after=closed)
    play = m.last_action
    tricks = len(m.round.tricks)
    done = take_back(m, HUMAN)
    r = done.match.round
    assert done.action == play
    assert len(r.tricks) == tricks and r.current_trick is not None
    assert len(r.current_trick.plays) == 3 and done.match.to_act == HUMAN
    assert sorted(done.match.hand(HUMAN)) == sorted(m.hand(HUMAN) + list(play.cards))


def test_after_the_bots_replies_undo_takes_back_the_players_play_and_the_replies():
    m = a_match(Play)
    play = m.last_action
    hand = sorted(m.hand(HUMAN) + list(play.cards))
    seats = players(0)
    # the bots answer (and may lead the next trick) until it is the player's turn again
    while m.to_act != HUMAN and not m.phase.round_over:
        m.apply(next_action(m, seats))
    if m.phase.round_over:
        pytest.skip("the round ended")
    replies = round_actions(m)[round_actions(m).index(play) + 1:]
    assert replies and all(a.seat != HUMAN for a in replies)
    done = take_back(m, HUMAN)
    assert done.action == play and done.steps == 1 + len(replies)
    assert sorted(done.match.hand(HUMAN)) == hand
    for seat in (1, 2, 3):  # the bots have their cards back too
        back = [c for a in replies if a.seat == seat for c in a.cards]
        assert sorted(done.match.hand(seat)) == sorted(m.hand(seat) + back)


def test_at_the_rounds_end_the_result_stands():
    m = Match(4)
    play_until(m, players(4), lambda m, a: m.phase.round_over)
    with pytest.raises(NothingToUndo, match="round is over"):
        take_back(m, HUMAN)


def test_the_next_round_starts_with_nothing_to_take_back_and_never_reaches_back():
    m = Match(4)
    play_until(m, players(4), lambda m, a: m.phase.round_over)
    m.apply(NextRound())
    m.apply(Deal(10))
    with pytest.raises(NothingToUndo, match="nothing of yours"):
        take_back(m, HUMAN)


def test_a_resumed_long_match_is_rebuilt_from_its_round_without_decoding_earlier_rounds():
    m = Match(6)
    seats = players(6)
    play_until(m, seats, lambda m, a: m.phase.round_over)
    m.apply(NextRound())
    play_until(m, seats, lambda m, a: mine(a, Play) or m.phase.round_over)
    if m.phase.round_over:
        pytest.skip("no play of the player in round 2")
    resumed = load_match(save_match(m))
    done = take_back(resumed, HUMAN)
    assert done.match.round_start[0] == m.round_start[0]
    assert done.match.history == m.history[:-1]


def test_undo_leaves_the_match_it_was_given_untouched():
    m = a_match(Play)
    before = save_match(m)
    take_back(m, HUMAN)
    assert save_match(m) == before


def test_a_refusal_is_a_game_error_in_both_languages():
    with pytest.raises(GameError) as refused:
        take_back(Match(1), HUMAN)
    err = refused.value
    assert err.en and err.zh and err.zh != err.en


# --- the property: undo, then the same action and the same replies, is the same match --------

@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(1, 400))
def test_undo_then_the_same_actions_again_is_the_same_match(seed, steps):
    m = Match(seed)
    seats = players(seed, chance=0.4)
    for _ in range(steps):
        if m.phase.round_over:
            break
        m.apply(next_action(m, seats))
    if not can_undo(m, HUMAN):
        with pytest.raises(NothingToUndo):
            take_back(m, HUMAN)
        return
    index = last_decision(m, HUMAN)
    removed = round_actions(m)[index:]
    done = take_back(m, HUMAN)
    assert done.action == removed[0] and isinstance(done.action, Bid | Snatch | Pass | Bury | Play)
    assert len(done.match.history) < len(m.history) or done.match.round.dealt < m.round.dealt
    for action in removed:
        done.match.apply(action)
    assert save_match(done.match) == save_match(m)


# --- the table: a new table, the count going down, the rounds marked in the save ------------

def table_after_play(seed=0):
    m = a_match(Play)
    bots = {s: make_bot("random", s, seed) for s in (1, 2, 3)}
    table = Table(m, bots)
    table.actions = 50
    return table


def test_the_table_undone_is_a_new_table_with_fewer_actions_and_the_round_marked():
    table = table_after_play()
    assert not table.undo_used_this_round and table.can_undo()
    new, action = table.undone()
    assert new is not table and new.bots is table.bots
    assert isinstance(action, Play)
    assert new.actions == 49
    assert new.undo_used_this_round and not table.undo_used_this_round
    assert new.waiting_for_player()


def test_the_rounds_with_undo_survive_a_save_and_old_saves_load_without_them():
    table, _ = table_after_play().undone()
    text = table.save()
    assert json.loads(text)["undo_rounds"] == [table.match.round.number]
    again = Table.restore(text, table.bots)
    assert again.undo_used_this_round and again.save() == text
    old = save_match(table.match)  # a save from before undo
    assert "undo_rounds" not in old
    assert not Table.restore(old, table.bots).undo_used_this_round


@pytest.mark.parametrize("marks", ['"1"', "[true]", "[-1]", '["x"]', "{}"])
def test_a_save_with_unreadable_undo_marks_is_refused_with_a_reason(marks):
    table, _ = table_after_play().undone()
    text = table.save().replace(f'"undo_rounds":[{table.match.round.number}]',
                                f'"undo_rounds":{marks}')
    with pytest.raises(SaveError, match="undo marks"):
        Table.restore(text, table.bots)


def test_a_table_with_nothing_to_take_back_refuses_and_stays_as_it_was():
    table = Table(Match(2), {s: make_bot("random", s, 2) for s in (1, 2, 3)})
    table.run_until_player()
    before = table.save()
    if table.can_undo():
        pytest.skip("the player bid during the deal")
    with pytest.raises(NothingToUndo):
        table.undone()
    assert table.save() == before and not table.undo_rounds


# --- what the page shows: the button, and the log's line --------------------------------------

def test_the_undo_button_is_drawn_only_when_offered():
    m = a_match(Play)
    view = m.view(HUMAN)
    assert 'data-action="undo"' not in render.controls_html(view, render.Screen(), [])
    html = render.controls_html(view, render.Screen(lang="zh"), [], undo=True)
    assert 'data-action="undo"' in html and ">悔牌</button>" in html
    assert ">Undo</button>" in render.controls_html(view, render.Screen(), [], True)


@pytest.mark.parametrize("action, en, zh", [
    (Play(HUMAN, tuple(parse_cards("S6 S6"))), "You took back your play ♠6 ♠6", "收回 ♠6 ♠6"),
    (Bid(HUMAN, tuple(parse_cards("H2"))), "You took back your bid ♥2", "收回亮主 ♥2"),
    (Snatch(HUMAN, tuple(parse_cards("LJ LJ"))), "You took back your snatch", "收回抄底"),
    (Pass(HUMAN), "You took back your pass", "收回不叫"),
    (Bury(HUMAN, tuple(parse_cards("S3 S4 S5 S6 S7 S8 S9 S10 SJ SQ"))),
     "You took back your bury", "收回扣底"),
])
def test_the_log_says_what_was_taken_back(action, en, zh):
    taken = TakenBack.of(action)
    assert log.event_line(taken, "en").startswith(en)
    assert zh in log.event_line(taken, "zh")
    if isinstance(action, Bury):  # the kitty's cards stay the player's own
        assert "♠" not in log.event_line(taken, "en")


class Thinker:
    """A bot that thinks in slices (as the hard bot does in the page)."""

    def __init__(self, seat):
        self.inner = make_bot("random", seat, 0)

    def choose(self, view):
        return self.inner.choose(view)

    def choose_steps(self, view):
        for _ in range(5):
            yield
        return self.inner.choose(view)


def test_an_undo_while_a_bot_thinks_drops_the_bots_move():
    """The page's loop runs a bot's turn in slices and stops it when its table is no longer
    the page's (ui.page.app `_steps`): undo replaces the table, so the old position's move is
    never applied, to the old table or to the new one."""
    m = a_match(Play, after=lambda m: m.to_act != HUMAN)
    old = Table(m, {s: Thinker(s) for s in (1, 2, 3)})
    before = old.save()
    page = {"table": old}
    ticks = iter(range(0, 10**6, 100))  # every slice is past SLICE_MS: a break after each

    async def undo_meanwhile():
        thinking = asyncio.ensure_future(pacing.step_in_slices(
            old, lambda: next(ticks), going_on=lambda: page["table"] is old))
        await asyncio.sleep(0)  # the bot has begun to think
        assert not thinking.done()
        page["table"], _ = old.undone()
        return await thinking

    assert asyncio.run(undo_meanwhile()) == []
    assert old.save() == before, "nothing applied to the old table"
    assert page["table"].match.to_act == HUMAN
    assert len(page["table"].match.history) == len(m.history) - 1
