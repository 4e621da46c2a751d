"""A sure take is not left to sampling (engine.bots.certain's `only_sure_takes`): the last seat
to play, an opponent winning, with a follow that takes the trick and 10 points or more with
it, searches only among the follows that take it. A daily 升级 player's playtest found the
hint (hard at the page's budget) playing ♦8♦8 under East's ♦J♦J while ♦K♦K took 20 points
for certain, and discarding ♥8♥8 on East's ♣A♣A while the level pair ♥4♥4 ruffed 15."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine.actions import Play
from engine.bots import advice as A
from engine.bots.certain import SURE_TAKE_POINTS, only_sure_takes, winning_follows
from engine.bots.hard import HardBot
from engine.cards import Card
from engine.match import Match
from engine.record import round_actions
from engine.rules import check_follow, trick_winner
from engine.save import load_match
from engine.view import SeatView
from tests.helpers import cards, trump
from tests.test_spare import ctx_for

DAILY_SAVE = (
    '{"format":"chaodipi-match","version":2,"rules":{"hand_size":38,"kitty_size":10,"kitty_multip'
    'lier":2,"throw_penalty_per_card":0,"shutout_rise":6,"small_shutout_limit":60,"small_shutout_'
    'rise":3,"below_threshold_rise":1,"threshold":120,"step":30,"max_rise":6},"seed":48213,"earli'
    'er":{"actions":162,"from":{"round":2,"dealer":3,"levels":["3","4"]},"code":"eNodT0diwkAQW8mL'
    'AZvOFHoH0zvHvCT__0dMdFI9KPxUUYQQfvOYhC_qWd7IWu1uT9yH42MpJT2fL5frVdP96Xy53i09HG7P497Tx-P53J8k'
    '3u-vl8bj7fGyeDipery1e33hZKKcTo2LhXM8M7QcJqgpWsL5XL8eV1vnfClxuVyvNS42253F6WS28bha78o2FKkBjqrz'
    '8xFWKso8N77fzqIQhqDMMmOSCBsNZVo1InWSgqCoWzlEFBSKhiH75yPFyNB2VARUfAx9R105HBq7XWdnIKzVBBtFz7Ar'
    'M0dTEBVqEGezKUzeykHHaO4c5VL-UPbFyu3gD7tQGQM.eNoNz1myokAQQNHKrEQKEBTMQQXnERRn9_A-e_-raf9vxInr'
    '_iIA59y_NAtFemq7_vZ4vl5NFkosCufy1KEniuLs1FS-rmvnflkZDSYxq7ksJErDYZYZ0SBOmaIoTYVGl2uvOJ0amjFO'
    'JoJ5ruAMMgYnIAY5w0hgplBJeDyeP_L91hC8RySqLJxO_f3-eL05tF13uVyvvWBZKs4SQxHGcWUQGIYCC4VEkFnxcDAc'
    'KaMPisul4WbDuNvJ70PodmtbpWa13htNt4cxEw7ip_judle_PR7Nf2HPPmmWBjMGEFCFWv33-zE_b1bs5_Ot-M9nrVTX'
    '58Josd7smRar41loB-fx9D_BJRoO"},"history":[["deal",127],["bid",1,"D4"],["deal",25],["pass",3]'
    ',["pass",0],["pass",1],["pass",2],["bury",3,"C2 C2 C3 C6 C8 C10 CJ CJ CA CA"],["pass",0],["s'
    'natch",1,"BJ BJ BJ"],["bury",1,"D2 H2 S2 D3 C3 S3 D6 H6 H7 S7"],["pass",2],["pass",3],["pass'
    '",0],["play",3,"SJ SJ"],["play",0,"S2 S6"],["play",1,"S6 S6"],["play",2,"SQ SQ"],["play",2,"'
    'SA SA"],["play",3,"S8 S8"],["play",0,"S10 SK"],["play",1,"S8 SJ"],["play",2,"S3"],["play",3,'
    '"S2"],["play",0,"S9"],["play",1,"S10"],["play",1,"C8 C8 C9 C9 C10 C10 CJ CJ CQ CQ"],["play",'
    '2,"C3 C3 C7 C7 CK CK C2 C9 CJ CQ"],["play",3,"D10 S10 DK HK SK D5 H5 H5 S5 S5"],["play",0,"D'
    '2 D6 D7 D9 C5 C7 C8 CA H3 H6"],["play",1,"DJ DJ"],["play",2,"D3 D3"],["play",3,"D7 D7"],["pl'
    'ay",0,"DK DK"],["play",0,"DA"],["play",1,"D9"],["play",2,"D5"],["play",3,"D9"],["play",0,"H9'
    ' H9"],["play",1,"H3 H3"],["play",2,"H10 H10"],["play",3,"H2 H2"],["play",2,"DQ"],["play",3,"'
    'DQ"],["play",0,"D5"],["play",1,"DQ"],["play",2,"H8"],["play",3,"HJ"],["play",0,"HA"],["play"'
    ',1,"HA"],["play",0,"D8 D8"],["play",1,"DA C2"],["play",2,"D2 D6"],["play",3,"DA H6"],["play"'
    ',0,"S4 S4"],["play",1,"BJ BJ"],["play",2,"H4 LJ"],["play",3,"D4 D4"],["play",1,"CA CA"],["pl'
    'ay",2,"C5 C10"],["play",3,"S3 S7"],["play",0,"H4 H4"],["play",0,"D10 D10 DJ"],["play",1,"C2 '
    'C6 C6"],["play",2,"D8 S7 H9"],["play",3,"S9 H7 H7"],["play",0,"HK"],["play",1,"D4"],["play",'
    '2,"HQ"],["play",3,"HQ"],["play",1,"BJ LJ"],["play",2,"S9 HJ"],["play",3,"S4 C4"],["play",0,"'
    'H8 C4"],["play",1,"CK C6 C5"],["play",2,"HJ S5 HK"],["play",3,"SQ HA C4"],["play",0,"H5 H8 H'
    'Q"],["play",1,"SA"],["play",2,"SK"],["play",3,"LJ"],["play",0,"H10"]]}'
)


def daily_view(trick_no: int) -> SeatView:
    """South's view before its play in trick `trick_no` of the saved match's round 3 (the
    player's save, as the page stored it)."""
    match = load_match(DAILY_SAVE)
    start, actions = round_actions(match, 3)
    replay = Match(match.seed, match.rules, start)
    for action in actions:
        if (isinstance(action, Play) and action.seat == 0
                and len(replay.round.finished_tricks) + 1 == trick_no):
            return replay.view(0)
        replay.apply(action)
    raise AssertionError(f"South does not play in trick {trick_no}")


def sort(p: Sequence[Card]) -> tuple[Card, ...]:
    """A play's cards in one order, to compare plays."""
    return tuple(sorted(p, key=lambda c: c.index))


def play(text: str) -> tuple[Card, ...]:
    return sort(cards(text))


# (name, trump, South's hand, the trick (East, North, West), the 庄家, the ranked follows,
#  the follows kept: None when the rule does not apply and the ranked follows stay). At
#  level 2 every 2 is a trump (R6): the spade cases hold none.
CASES = [
    ("attacker takes 20 with the pair that beats the lead (playtest 1)", "4-",
     "D5 D8 D8 D10 D10 DJ DK DK DA H4 H4 S4", [(1, "DJ DJ"), (2, "D3 D3"), (3, "D7 D7")], 3,
     ["D8 D8", "DK DK", "D10 D10"], ["DK DK"]),
    ("attacker ruffs 15 with the level pair (playtest 2)", "4-",
     "H5 H8 H8 D10 D10 H10 DJ HQ HK C4 H4 H4", [(1, "CA CA"), (2, "C5 C10"), (3, "S3 S7")], 3,
     ["H8 H8", "H4 H4", "D10 D10"], ["H4 H4"]),
    ("no ranked follow takes it: the cheapest take, the lowest pair that wins", "4-",
     "D5 D8 D8 D10 D10 DQ DQ DK DK DA DA S4", [(1, "DJ DJ"), (2, "D3 D10"), (3, "D7 D7")], 3,
     ["D8 D8"], ["DQ DQ"]),
    ("no ranked ruff: the cheapest ruff, the lowest trump pair", "2S",
     "S3 S3 SA SA C3 C4 D6", [(1, "HA HA"), (2, "H5 H10"), (3, "H3 H4")], 3,
     ["C3 C4", "C4 D6"], ["S3 S3"]),
    ("an attacker's own 10 makes the take worth 10: ♠10, not ♠A", "2D",
     "S4 S10 SA H3", [(1, "S3"), (2, "S4"), (3, "S6")], 3,
     ["S4", "SA", "S10"], ["S10"]),
    ("5 points only: left to the search", "2D",
     "S4 S9 SA H3", [(1, "S3"), (2, "S5"), (3, "S6")], 3,
     ["S4", "SA", "S9"], None),
    ("the partner is winning: no take needed", "2D",
     "S4 SA H3", [(1, "S3"), (2, "SK"), (3, "S6")], 3,
     ["S4", "SA"], None),
    ("no follow takes it: the rule has nothing to keep", "2D",
     "S4 S5 H3", [(1, "SK"), (2, "S3"), (3, "S6")], 3,
     ["S4", "S5"], None),
    ("declarer: 10 on the table, the attackers' if it loses", "2D",
     "S5 S6 SA H3", [(1, "S10"), (2, "S3"), (3, "S4")], 0,
     ["S6", "S5", "SA"], ["SA"]),
    ("declarer: 5 on the table and 5 more its only losing card would add", "2D",
     "S5 SK SA", [(1, "S5"), (2, "S3"), (3, "S9")], 2,
     ["S5", "SK", "SA"], ["SK", "SA"]),
    ("declarer: 5 on the table, a losing card without points: left to the search", "2D",
     "S5 S6 SA H3", [(1, "S9"), (2, "S3"), (3, "S5")], 0,
     ["S6", "S5", "SA"], None),
]


@pytest.mark.parametrize(("name", "tr", "hand", "trick", "dealer", "ranked", "kept"), CASES,
                         ids=[c[0] for c in CASES])
def test_sure_takes(name: str, tr: str, hand: str, trick: list[tuple[int, str]], dealer: int,
                    ranked: list[str], kept: list[str] | None) -> None:
    ctx = ctx_for(trump(tr), hand, trick, dealer=dealer)
    given = [play(p) for p in ranked]
    for p in given:  # (the table's follows are legal ones)
        check_follow(ctx.hand, ctx.trick[0][1], p, ctx.trump)
    got = only_sure_takes(ctx.hand, ctx.trick, ctx.trump, ctx.seat, ctx.attacking, given)
    if kept is None:
        assert got is given
    else:
        assert [sort(p) for p in got] == [play(p) for p in kept]


def test_the_threshold_is_ten_points() -> None:
    assert SURE_TAKE_POINTS == 10


def test_not_last_to_play_nothing_is_certain() -> None:
    """With West still to play, taking East's trick is not certain: the rule stays out."""
    ctx = ctx_for(trump("2D"), "S4 S10 SA H3", [(1, "SK"), (2, "S3")])
    given = [play("S4"), play("SA")]
    assert only_sure_takes(ctx.hand, ctx.trick, ctx.trump, ctx.seat, ctx.attacking,
                           given) is given


def test_winning_follows_are_legal_and_win_and_include_the_weakest() -> None:
    """Under ♦J♦J the pairs above the jack are found, the weakest among them (♦Q♦Q)."""
    ctx = ctx_for(trump("4-"), "D5 D8 D8 D10 D10 DQ DQ DK DK DA DA S4",
                  [(1, "DJ DJ"), (2, "D3 D10"), (3, "D7 D7")])
    got = {sort(o) for o in winning_follows(ctx.hand, ctx.trick, ctx.trump)}
    plays = [p for _, p in ctx.trick]
    assert all(trick_winner([*plays, o], ctx.trump) == 3 for o in got)
    assert {play("DQ DQ"), play("DK DK"), play("DA DA")} <= got


@pytest.mark.parametrize(("trick_no", "want", "code"), [(5, "DK DK", A.TAKE),
                                                        (12, "H4 H4", A.RUFF)])
def test_hard_takes_the_reported_tricks_and_says_why(trick_no: int, want: str,
                                                     code: str) -> None:
    """The two playtest positions, from the player's save: hard at 400 playouts takes the
    trick whatever its seed, and the hint's reason says it takes (not "play low", not
    "discard")."""
    view = daily_view(trick_no)
    for seed in range(4):
        assert sort(HardBot(0, seed=seed, playouts=400).play(view)) == play(want)
    reason = A.explain(view, Play(0, play(want)))
    assert reason.code == code


def test_take_off_keeps_the_search_candidates() -> None:
    """`take="off"` (the arena's comparison) leaves the candidates as they were: on the first
    playtest position some seeds still play ♦8♦8."""
    view = daily_view(5)
    choices = {sort(HardBot(0, seed=s, playouts=400, take="off").play(view))
               for s in range(12)}
    assert play("D8 D8") in choices
