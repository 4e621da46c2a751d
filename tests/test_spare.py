"""engine.bots.spare: the hard bot (so the hint) spends no more than a play needs — the cases
a playtest reported (issue 28), each test naming the rule it checks."""

from __future__ import annotations

from collections.abc import Sequence

from engine.bots.knowledge import Memory
from engine.bots.play import PlayCtx
from engine.bots.spare import spare
from engine.cards import Card, points_of
from engine.rules import TRUMP, Trump, check_follow
from tests.helpers import cards, trump


def ctx_for(tr: Trump, hand: str, trick: Sequence[tuple[int, str]], seat: int = 0,
            played: str = "", void: dict[int, set[str]] | None = None,
            dealer: int = 1, no_pairs: dict[int, set[str]] | None = None) -> PlayCtx:
    """Seat `seat`'s play context: its hand, the trick so far, the cards played in earlier
    tricks, the voids shown and the suits where a seat answered a pair lead without a pair;
    East (1) is the 庄家 unless `dealer` says otherwise."""
    mem = Memory(seat)
    mine = cards(hand)
    plays = [(s, tuple(cards(p))) for s, p in trick]
    for c in mine:
        mem.unseen[c.index] -= 1
    for c in [*cards(played), *(c for _, p in plays for c in p)]:
        mem.unseen[c.index] -= 1
        mem.played[c.index] += 1
    for s, suits in (void or {}).items():
        mem.void[s] |= suits
    for s, suits in (no_pairs or {}).items():
        mem.no_pairs[s] |= suits
    return PlayCtx(tr, seat, mine, mem, plays, [len(mine)] * 4, dealer, 0.0)


def legal(ctx: PlayCtx, play: tuple[Card, ...]) -> tuple[Card, ...]:
    check_follow(ctx.hand, ctx.trick[0][1], play, ctx.trump)
    return play


def test_no_gift_play_low_is_fewest_points_among_losing_cards() -> None:
    """Last to play, East winning with ♥J: holding ♥5 ♥8 ♥8 ♥Q, ♥5 gives 5 points where ♥8
    loses for nothing (play low = the fewest points among the cards that lose)."""
    ctx = ctx_for(trump("2D"), "H5 H8 H8 HQ S3 C4", [(1, "HJ"), (2, "H3"), (3, "H4")])
    got = legal(ctx, spare(ctx, tuple(cards("H5"))))
    assert got == tuple(cards("H8")) and points_of(got) == 0


def test_no_gift_wins_with_the_fewest_points_when_every_losing_card_has_points() -> None:
    """West winning with ♠8, last to play with ♠5 ♠9: ♠5 gives 5 points, ♠9 takes the trick
    for nothing (no gift: a legal card with fewer points exists)."""
    ctx = ctx_for(trump("2D"), "S5 S9 H3 C4", [(1, "S4"), (2, "S6"), (3, "S8")])
    got = legal(ctx, spare(ctx, tuple(cards("S5"))))
    assert got == tuple(cards("S9"))


def test_never_spend_the_top_card_where_a_lower_card_does_the_same() -> None:
    """Under East's ♦QQKKAA, the last ♦A (the top diamond left) is thrown and ♦4 kept: the
    follow loses whatever it holds, so ♦4 goes and the ♦A stays."""
    ctx = ctx_for(trump("2C"), "D4 D6 D7 D8 D9 DJ DA S3 H4",
                  [(1, "DQ DQ DK DK DA DA"), (2, "D3 D3 D5 D10 D10 DJ"),
                   (3, "D6 D7 D8 D9 S4 S5")])
    got = legal(ctx, spare(ctx, tuple(cards("DA D6 D7 D8 D9 DJ"))))
    assert sorted(got, key=lambda c: c.index) == sorted(cards("D4 D6 D7 D8 D9 DJ"),
                                                         key=lambda c: c.index)


def test_ruff_with_the_lowest_trump_that_wins_for_sure() -> None:
    """Partner leads ♣3, West follows ♣5, East (still to play) has shown void in trumps:
    ruffing with ♠K or ♠10 while holding ♠6 and ♠7 spends trumps for nothing, ♠6 wins as
    surely."""
    ctx = ctx_for(trump("2S"), "S6 S7 S10 SK H3 D4", [(2, "C3"), (3, "C5")],
                  void={1: {TRUMP}})
    for chosen in ("SK", "S10"):
        assert legal(ctx, spare(ctx, tuple(cards(chosen)))) == tuple(cards("S6"))


def test_a_ruff_that_may_be_overruffed_is_kept() -> None:
    """The same ruff with East not shown void in trumps (and higher trumps unseen): no lower
    trump wins for sure, so the ruff chosen stands (the rule swaps only for a sure winner)."""
    ctx = ctx_for(trump("2S"), "S6 S7 S10 SK H3 D4", [(2, "C3"), (3, "C5")])
    assert spare(ctx, tuple(cards("SK"))) == tuple(cards("SK"))


def test_a_ruff_that_may_be_overruffed_risks_no_points_an_equal_trump_keeps() -> None:
    """A playtest (seed 11, round 1, trick 22): ruffing partner's club lead with ♠5 while
    holding ♠6, East still to play and not shown void in trumps: East overruffed and took 5
    more points. ♠6 takes the trick as ♠5 does, no unseen trump lies between them, and it
    carries no points."""
    ctx = ctx_for(trump("2S"), "S5 S6 SA SJ SJ H2", [(2, "C3"), (3, "C5")])
    assert legal(ctx, spare(ctx, tuple(cards("S5")))) == tuple(cards("S6"))


def test_a_ruff_that_may_be_overruffed_goes_without_points_where_a_trump_no_weaker_does() -> None:
    """Holding ♠5 and ♠8 (♠6, ♠7 unseen) on a trick with 5 points: ♠8 is not the same ruff as
    ♠5 (an opponent's ♠6 beats one and not the other), but it is no weaker and carries no
    points, so it goes instead (an overruff would take ♠5's 5 as well). Without that rule
    (`ruff_no_points=False`) the choice stands; a trump without points weaker than the
    chosen one is not taken on a trick with points."""
    ctx = ctx_for(trump("2S"), "S5 S8 H2", [(2, "C3"), (3, "C5")])
    assert legal(ctx, spare(ctx, tuple(cards("S5")))) == tuple(cards("S8"))
    assert spare(ctx, tuple(cards("S5")), ruff_no_points=False) == tuple(cards("S5"))
    ctx = ctx_for(trump("3S"), "S4 SK H2", [(2, "C3"), (3, "C5")])  # (♥2 no trump)
    assert spare(ctx, tuple(cards("SK"))) == tuple(cards("SK"))


def test_a_ruff_of_a_trick_without_points_risks_none_of_its_own() -> None:
    """A daily player (four times in a round): a club led, no points on it, East still to play
    and not shown void in trumps; holding ♦3 ♦4 ♦10 ♠2 (♦ trump at level 2) the hint ruffed
    with ♦10, which East could overruff for 10 points. The lowest trump without points that
    takes it goes; a ruff that wins for sure keeps the other rules'."""
    ctx = ctx_for(trump("2D"), "D3 D4 D10 S2 H6", [(2, "C7"), (3, "C4")])
    assert legal(ctx, spare(ctx, tuple(cards("D10")))) == tuple(cards("D3"))
    assert spare(ctx, tuple(cards("D10")), ruff_no_points=False) == tuple(cards("D10"))
    sure = ctx_for(trump("2D"), "D3 D4 D10 S2 H6", [(2, "C7"), (3, "C4")], void={1: {TRUMP}})
    assert legal(sure, spare(sure, tuple(cards("D10")))) == tuple(cards("D3"))


def test_lowest_winning_card_when_nobody_can_overtake() -> None:
    """Last to play, East winning with ♥J: ♥A and ♥Q both take it, ♥Q does the same and the
    top card is kept."""
    ctx = ctx_for(trump("2D"), "HQ HA S3", [(1, "HJ"), (2, "H3"), (3, "H4")])
    assert spare(ctx, tuple(cards("HA"))) == tuple(cards("HQ"))


def test_feeding_partner_is_left_alone() -> None:
    """Last to play, partner winning with the top ♥: ♥K (10 points) fed to partner is not
    swapped for a card with fewer points (the rule keeps the points when the trick is not
    lost)."""
    ctx = ctx_for(trump("2D"), "H5 HK S3", [(1, "H3"), (2, "HA"), (3, "H4")],
                  played="HA HA")
    assert spare(ctx, tuple(cards("HK"))) == tuple(cards("HK"))


def test_the_last_to_play_keeps_its_higher_cards() -> None:
    """A daily player's playtest: last to play, partner's ♠K winning, holding ♠3 and ♠Q, the
    hint played ♠Q where ♠3 does the same. A card that does not take the trick gives way to
    the lowest lone card of its suit with the same points, the trick going to the same seat;
    a pair is not broken for it, points are not changed, and an earlier seat is left alone
    (its partner's lead may still be beaten)."""
    cases = [  # (hand, trick, chosen, expected)
        ("S3 SQ H4 C5", [(1, "S4"), (2, "SK"), (3, "S6")], "SQ", "S3"),  # partner wins
        ("S3 S3 SQ H4", [(1, "S4"), (2, "SK"), (3, "S6")], "SQ", "SQ"),  # ♠3 ♠3: a pair kept
        ("S7 SQ S9 H4", [(1, "S4"), (2, "SK"), (3, "S6")], "SQ", "S7"),  # lowest lone card
        # with points to give, partner's sure trick gets them (banked, below)
        ("S7 SQ S10 H4", [(1, "S4"), (2, "SK"), (3, "S6")], "SQ", "S10"),
        ("S5 SQ H4 C6", [(1, "S4"), (2, "SK"), (3, "S6")], "SQ", "S5"),
        ("S3 SQ H4 C5", [(1, "SA"), (2, "S4"), (3, "S6")], "SQ", "S3"),  # East wins either way
        ("S3 SQ H4 C5", [(2, "SK"), (3, "S6")], "SQ", "SQ"),  # East still to play: left alone
    ]
    for hand, trick, chosen, expected in cases:
        ctx = ctx_for(trump("2D"), hand, trick)
        got = legal(ctx, spare(ctx, tuple(cards(chosen))))
        assert got == tuple(cards(expected)), (hand, trick, chosen, got)


def test_the_last_to_play_keeps_its_higher_cards_in_a_play_of_several() -> None:
    """A daily player's playtest: West winning a club pair lead, last to play with ♣7 ♣9 ♣J
    and no club pair, the hint played ♣9 ♣J ("play low") and kept ♣7; ♣J was the top club
    a trick later. Each lone card of a play that does not take the trick gives way to the
    lowest lone card of its suit with the same points, the trick going to the same seat and
    the play staying legal; no pair is broken for it (in the hand or the play), points are
    not changed, and an earlier seat is left alone."""
    cases = [  # (hand, trick, chosen, expected)
        ("C7 C9 CJ H4 S3", [(1, "C3 C3"), (2, "C4 C6"), (3, "CQ CQ")], "C9 CJ", "C7 C9"),
        ("C7 C9 CJ H4 S3", [(1, "CQ CQ"), (2, "C4 C6"), (3, "C3 C8")], "C9 CJ", "C7 C9"),
        ("C7 C7 C9 CJ H4", [(1, "C3 C3 C4"), (2, "C6 C8 CQ"), (3, "CK CK CA")], "C7 C7 CJ",
         "C7 C7 C9"),  # the played pair stays whole; ♣J gives way to ♣9
        ("C7 C7 C9 CJ H4", [(1, "CA CK"), (2, "C4 C6"), (3, "C3 C8")], "C9 CJ", "C9 CJ"),
        # (a thrown ♣A ♣K) ♣7 ♣7: a pair in hand is not broken for it
        ("C5 C9 CJ H4", [(1, "CQ CQ"), (2, "C4 C6"), (3, "C8 C8")], "C9 CJ", "C9 CJ"),
        # ♣5: five points more
        ("C7 C9 CJ H4 S3", [(2, "CQ CQ"), (3, "C4 C6")], "C9 CJ", "C9 CJ"),
        # East still to play: left alone
    ]
    for hand, trick, chosen, expected in cases:
        ctx = ctx_for(trump("2D"), hand, trick)
        got = legal(ctx, spare(ctx, tuple(cards(chosen))))
        assert sorted(got, key=lambda c: c.index) == sorted(cards(expected),
                                                            key=lambda c: c.index), (
            hand, trick, chosen, got)


def test_second_hand_plays_the_top_card_not_a_ten() -> None:
    """A playtest: second to play on West's ♠8, holding ♠A, the hint played ♠10, and North's
    ♠K took it with 10 more points for the attackers. ♠A beats the lead as ♠10 does, and no
    unseen spade beats it (second hand puts no points at risk)."""
    ctx = ctx_for(trump("2H"), "S3 S10 SA C4", [(3, "S8")])
    assert legal(ctx, spare(ctx, tuple(cards("S10")))) == tuple(cards("SA"))


def test_second_hand_without_a_top_card_leaves_the_search_its_choice() -> None:
    """Second on West's ♠8 with ♠3 ♠10 ♠Q (♠K, ♠A unseen): no card of the hand is the top
    spade, so ♠10 stands by this rule (playing low instead was measured and not kept; the
    contest rule plays ♠Q, above it without points: test_a_contest_risks_no_points…). Under a
    ♥Q lead with ♥A held, ♥10 (which would lose its points to West's ♥Q) gives way to ♥A."""
    ctx = ctx_for(trump("2D"), "S3 S10 SQ C4", [(3, "S8")])
    assert spare(ctx, tuple(cards("S10")), contest_high=False) == tuple(cards("S10"))
    assert spare(ctx, tuple(cards("S10"))) == tuple(cards("SQ"))
    ctx = ctx_for(trump("2D"), "H6 H10 HA C4", [(3, "HQ")])
    assert legal(ctx, spare(ctx, tuple(cards("H10")))) == tuple(cards("HA"))


def test_second_hand_leaves_trumps_top_cards_and_the_third_seat_alone() -> None:
    """A trump lead, a point card that is itself the top of its suit (♠K with every ♠A
    played) and the third seat's play are left to the search by this rule (the third seat's
    ♠10 gives way to ♠A by the contest rule: ♠A risks no points)."""
    ctx = ctx_for(trump("2D"), "D3 D10 DA C4", [(3, "D8")])
    assert spare(ctx, tuple(cards("D10"))) == tuple(cards("D10"))
    ctx = ctx_for(trump("2D"), "S3 SK C4", [(3, "S8")], played="SA SA SA")
    assert spare(ctx, tuple(cards("SK"))) == tuple(cards("SK"))
    ctx = ctx_for(trump("2D"), "S3 S10 SA C4", [(2, "S8"), (3, "S9")])
    assert spare(ctx, tuple(cards("S10")), contest_high=False) == tuple(cards("S10"))
    assert spare(ctx, tuple(cards("S10"))) == tuple(cards("SA"))


def test_a_trick_the_side_takes_for_sure_gets_the_most_points() -> None:
    """A daily player: partner's big joker takes the trick for sure, and the hint fed ♥5
    holding ♥10 (both trumps that cannot win later); last to play and void, it trumped with
    ♠5 where ♠K takes the trick as surely and banks 10. A trick the seat's side takes for
    sure gets the lone card of the play-suit with the most points that is not its top card;
    a trick that may still be lost is left to the search."""
    ctx = ctx_for(trump("2H"), "H5 H10 D2 H2 H2 LJ", [(2, "BJ"), (3, "H3")])
    assert legal(ctx, spare(ctx, tuple(cards("H5")))) == tuple(cards("H10"))
    ctx = ctx_for(trump("2S"), "S5 S9 SK H4", [(1, "D4"), (2, "D6"), (3, "D8")])
    assert legal(ctx, spare(ctx, tuple(cards("S5")))) == tuple(cards("SK"))
    ctx = ctx_for(trump("2H"), "H5 H10 C4", [(2, "HK"), (3, "H3")])  # ♥A unseen: not sure
    assert spare(ctx, tuple(cards("H5"))) == tuple(cards("H5"))


def test_a_single_follow_keeps_its_pairs() -> None:
    """A daily player saw the hint break ♠3 ♠3 under East's ♠A while ♠4 was a lone card, and
    ruff North's ♣3 with ♥4 of ♥4 ♥4 where the lone ♥9 trumps as well and higher. A card of
    a pair gives way to a lone card of its play-suit with the same points that does the same
    (no lower when it takes the trick); a top card is not spent for it."""
    ctx = ctx_for(trump("2D"), "S3 S3 S4 H4", [(1, "SA"), (2, "S5"), (3, "S5")])
    assert legal(ctx, spare(ctx, tuple(cards("S3")))) == tuple(cards("S4"))
    ctx = ctx_for(trump("2H"), "H4 H4 H9 D3", [(2, "C3"), (3, "C6")])
    assert legal(ctx, spare(ctx, tuple(cards("H4")))) == tuple(cards("H9"))
    ctx = ctx_for(trump("2D"), "S3 S3 SA H4", [(1, "S9"), (2, "S5"), (3, "S6")],
                  played="SA SA")  # ♠A is the top spade: not spent to keep ♠3 ♠3
    assert spare(ctx, tuple(cards("S3"))) == tuple(cards("S3"))


def test_a_sure_trump_in_hand_does_not_keep_a_ruff_with_points() -> None:
    """A playtest (seed 48213, round 3, trick 16; ♣ trump at level 6): North led ♦8, West
    ♦Q, East still to play with trumps; the hint ruffed with ♣K of ♣K ♣K, holding ♣7 ♣9 and
    the small joker, the top trump left (every big joker played). The rule stood aside
    because one trump in hand (the joker) takes the trick for sure, though ♣K does not: East
    overruffed with ♣A and took its 10 points. A ruff that is not sure goes without points
    where one does as much; the sure one is the search's to choose, not the rule's."""
    played = "BJ BJ BJ"
    ctx = ctx_for(trump("6C"), "H10 HJ HJ HQ S5 S9 C5 C7 C9 C10 CJ CK CK D6 LJ",
                  [(2, "D8"), (3, "DQ")], played=played, void={0: {"D"}})
    assert legal(ctx, spare(ctx, tuple(cards("CK")))) == tuple(cards("C7"))
    assert spare(ctx, tuple(cards("LJ"))) == tuple(cards("LJ"))  # (sure: left alone)


def test_a_ruff_of_a_trick_without_points_is_made_low() -> None:
    """A daily player: on partner's ♦6 (West discarding ♣J, East still to play and not
    shown void in trumps), the hint ruffed with ♠A where ♠9 ruffs as well. No trump of the
    hand takes the trick for sure, and the trick is worth no more than the lead: the lowest
    trump without points that takes it goes. A trick with points, or a ruff that wins for
    sure, is left to the other rules."""
    ctx = ctx_for(trump("2S"), "S9 SA H4 C3", [(2, "D6"), (3, "CJ")])
    assert legal(ctx, spare(ctx, tuple(cards("SA")))) == tuple(cards("S9"))
    ctx = ctx_for(trump("2S"), "S9 SA H4 C3", [(2, "D6"), (3, "CK")])  # 10 points on it
    assert spare(ctx, tuple(cards("SA"))) == tuple(cards("SA"))
    assert spare(ctx, tuple(cards("SA")), ruff_low=False) == tuple(cards("SA"))


def test_second_hand_adds_no_points_under_an_opponents_lead() -> None:
    """A daily player (seed 73914, round 2; ♠ trump at level 4): West led ♠Q, South second
    holding ♠5 ♠8 ♠9 ♠9 ♠10 ♠J ♠K ♠A ♦4 ♣4; the hint played ♠5 "for partner to take", East
    took it, and those 5 points decided the round at 120. A card that leaves the lead
    winning adds the fewest points it can: ♠8. A card that takes the trick is left alone;
    without the rule (`second_low=False`) ♠5 stands."""
    hand = "S5 S8 S9 S9 S10 SJ SK SA D4 C4"
    ctx = ctx_for(trump("4S"), hand, [(3, "SQ")])
    assert legal(ctx, spare(ctx, tuple(cards("S5")))) == tuple(cards("S8"))
    assert spare(ctx, tuple(cards("S5")), second_low=False) == tuple(cards("S5"))
    assert spare(ctx, tuple(cards("SA"))) == tuple(cards("SA"))  # (it takes the trick)


def test_no_follow_takes_partners_trick_that_no_opponent_could_beat() -> None:
    """A daily player (seed 57319, round 3, no-trump): East led the small jokers, and West,
    holding the three big jokers, took them with two: nobody else could beat East's pair,
    so the trick was the side's either way. A pair that leaves it to East goes (♠2 ♠2).
    Where the opponent still to play might beat East's pair (♥K ♥K, South not shown void),
    taking it stands; once South has shown void in trumps and hearts, ♥3 ♥3 goes."""
    ctx = ctx_for(trump("2-"), "BJ BJ BJ S2 S2 H3 C4", [(1, "LJ LJ"), (2, "H5 H6")], seat=3)
    assert legal(ctx, spare(ctx, tuple(cards("BJ BJ")))) == tuple(cards("S2 S2"))
    assert spare(ctx, tuple(cards("BJ BJ")), partner_sure=False) == tuple(cards("BJ BJ"))
    side = [(1, "HK HK"), (2, "C5 C6")]
    ctx = ctx_for(trump("2S"), "HA HA H3 H3 C4", side, seat=3)
    assert spare(ctx, tuple(cards("HA HA"))) == tuple(cards("HA HA"))
    ctx = ctx_for(trump("2S"), "HA HA H3 H3 C4", side, seat=3, void={0: {TRUMP, "H"}})
    assert legal(ctx, spare(ctx, tuple(cards("HA HA")))) == tuple(cards("H3 H3"))


def test_partners_pair_that_no_opponent_can_answer_with_a_pair_is_left_to_partner() -> None:
    """South leads ♠9 ♠9 (♠ trump); East followed with two singles, and West had answered an
    earlier trump pair with two singles (R21: it holds no trump pair). No opponent can beat
    the pair, so North leaves it to South with ♠5 ♠5 and keeps ♠2 ♠2. Where West has shown
    nothing, West might hold a higher pair: ♠2 ♠2 stands."""
    trick = [(0, "S9 S9"), (1, "S8 SJ")]
    ctx = ctx_for(trump("2S"), "S2 S2 S5 S5 C4", trick, seat=2, played="S4 S6 S4 S7",
                  no_pairs={3: {TRUMP}})
    assert legal(ctx, spare(ctx, tuple(cards("S2 S2")))) == tuple(cards("S5 S5"))
    ctx = ctx_for(trump("2S"), "S2 S2 S5 S5 C4", trick, seat=2, played="S4 S6 S4 S7")
    assert spare(ctx, tuple(cards("S2 S2"))) == tuple(cards("S2 S2"))


def test_a_contest_risks_no_points_a_higher_card_would_not() -> None:
    """A daily player (seed 73519, round 2; ♠ trump at level 5): West led ♥2, South second
    holding ♥3 ♥3 ♥9 ♥10 ♥J ♥Q ♥K; the hint went for the trick with ♥10, and did so three
    times in the round. ♥J beats all that ♥10 beats (East and North still to play) and risks
    no points: it goes instead. No pair is broken for it (with ♥J ♥J held, ♥Q goes), a
    trump is left to the other rules, the last to play has nothing to fear, and without the
    rule (`contest_high=False`) ♥10 stands."""
    hand = "H3 H3 H9 H10 HJ HQ HK S6 S9 C8"
    ctx = ctx_for(trump("5S"), hand, [(3, "H2")])
    assert legal(ctx, spare(ctx, tuple(cards("H10")))) == tuple(cards("HJ"))
    assert spare(ctx, tuple(cards("H10")), contest_high=False) == tuple(cards("H10"))
    paired = ctx_for(trump("5S"), "H3 H3 H9 H10 HJ HJ HQ S6 S9 C8", [(3, "H2")])
    assert legal(paired, spare(paired, tuple(cards("H10")))) == tuple(cards("HQ"))
    kings = ctx_for(trump("5S"), "H9 HK HA S6", [(3, "H2")])  # (♥A: higher, no points)
    assert spare(kings, tuple(cards("HK"))) == tuple(cards("HA"))
    trumps = ctx_for(trump("5S"), "S10 SJ SQ H4", [(3, "S7")])
    assert spare(trumps, tuple(cards("S10")), contest_high=False) == spare(
        trumps, tuple(cards("S10")))
    last = ctx_for(trump("5S"), hand, [(1, "H2"), (2, "H4"), (3, "H6")])  # nobody after
    assert spare(last, tuple(cards("H10"))) == tuple(cards("H10"))


def test_a_lost_pair_follow_keeps_its_high_pair() -> None:
    """A daily player (seed 48213, round 1, trick 9; ♦ trump at level 2): West led BJ BJ,
    which nothing beats, and North, last to play, followed with its small jokers holding
    ♦3 ♦3 and ♦5 ♦5. One card at a time no swap is legal (a pair must follow a pair); the
    pair ♦3 ♦3 goes, without points, and the jokers stay. A trick still open to partner is
    given a lower pair with the same points only."""
    hand = "C4 C5 C6 C6 HA D3 D3 D5 D5 D8 D9 LJ LJ"
    ctx = ctx_for(trump("2D"), hand, [(3, "BJ BJ"), (0, "D7 D7"), (1, "DK DK")], seat=2)
    assert legal(ctx, spare(ctx, tuple(cards("LJ LJ")))) == tuple(cards("D3 D3"))
    open_trick = ctx_for(trump("2D"), "D3 D3 D5 D5 LJ LJ C4", [(3, "D8 D8")], seat=0)
    got = legal(open_trick, spare(open_trick, tuple(cards("LJ LJ"))))
    assert got == tuple(cards("LJ LJ"))  # (it takes the trick: not a losing follow)
    under = ctx_for(trump("2D"), "D3 D3 D5 D5 SA SA C4", [(3, "BJ BJ")], seat=0)
    assert spare(under, tuple(cards("D5 D5"))) == tuple(cards("D5 D5"))  # (open: same points)
