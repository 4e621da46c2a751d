"""Bot pacing (ui/logic/pacing.py): pauses by speed, and a bot's thinking cut into slices that hand
the event loop back. On CPython, with a fake clock (no timing is measured)."""

import asyncio
from types import SimpleNamespace

import pytest

from engine.bots import make_bot
from ui.logic import pacing
from ui.logic.table import HUMAN, Table


def events(*kinds):
    return [SimpleNamespace(kind=k) for k in kinds]


def test_pause_is_the_longest_asked_for_by_the_events_at_that_speed():
    assert pacing.pause_ms(events("CardDealt"), "normal") == 20
    assert pacing.pause_ms(events("CardsPlayed", "TrickWon"), "normal") == 1900
    assert pacing.pause_ms(events("KittyBuried"), "slow") == 500  # no pause of its own
    assert pacing.pause_ms(events("PhaseChanged"), "slow") == 0
    assert pacing.pause_ms([], "fast") == 0
    assert pacing.pause_ms(events("TrickWon", "BidMade"), "instant") == 0


def test_the_guided_hand_keeps_a_failed_throws_trick_until_it_can_be_read():
    """A newcomer (twice): the failed throw's lesson pointed at a caption already gone; and a
    newcomer at fast speed saw each trick of the guided hand go before its caption was read.
    Outside the guided hand a trick's pause is the speed's."""
    won = events("CardsPlayed", "TrickWon")
    for speed in ("slow", "normal", "fast"):
        assert pacing.lesson_pause_ms(won, True, True, speed) == pacing.LESSON_TRICK_MS
        assert pacing.lesson_pause_ms(won, True, False, speed) == max(
            pacing.LESSON_CAPTION_MS, pacing.pause_ms(won, speed))
        assert pacing.lesson_pause_ms(won, False, False, speed) == pacing.pause_ms(won, speed)
        assert pacing.lesson_pause_ms(events("CardsPlayed"), True, True, speed) == \
            pacing.pause_ms(events("CardsPlayed"), speed), "the trick once won, not before"
    assert pacing.LESSON_TRICK_MS > pacing.LESSON_CAPTION_MS > pacing.pause_ms(won, "normal")
    assert pacing.lesson_pause_ms(won, True, True, "instant") == 0
    assert pacing.lesson_pause_ms(won, True, False, "instant") == 0


def test_a_bid_newly_open_to_the_player_holds_the_deal_a_moment():
    """A daily player at fast speed: the deal (about a second) was over before they could
    bid. Each bid that opens to the player holds the deal at every speed but instant; the
    same bids, fewer of them, or a bid open already do not (R11: bids while dealing)."""
    from engine.cards import parse_cards

    pair, single = tuple(parse_cards("C2 C2")), tuple(parse_cards("C2"))
    for speed in ("slow", "normal", "fast"):
        held = pacing.offer_pause_ms([], [single], speed)
        assert held == pacing.OFFER_PAUSE_MS[speed] >= 900
        assert pacing.offer_pause_ms([single], [single, pair], speed) == held
        assert pacing.offer_pause_ms([single], [single], speed) == 0
        assert pacing.offer_pause_ms([single, pair], [pair], speed) == 0
        assert pacing.offer_pause_ms([], [], speed) == 0
    assert pacing.offer_pause_ms([], [single], "instant") == 0
    a, b, c = (pacing.OFFER_PAUSE_MS[s] for s in ("slow", "normal", "fast"))
    assert a > b > c


@pytest.mark.parametrize("kind", ["CardDealt", "BidMade", "Passed", "TrumpDecided",
                                  "CardsPlayed", "TrickWon", "ThrowFailed", "Other"])
def test_slower_speeds_pause_longer(kind):
    slow, normal, fast = (pacing.pause_ms(events(kind), s) for s in ("slow", "normal", "fast"))
    assert slow > normal > fast > 0


class ThinkingTable:
    """A table whose next step thinks in `slices` slices, each taking `ms` of the fake clock."""

    def __init__(self, clock, slices, ms):
        self.clock, self.slices, self.ms = clock, slices, ms

    def step_in_slices(self):
        for _ in range(self.slices):
            self.clock[0] += self.ms
            yield
        return ["decided"]


def run_with_a_neighbour(table, clock):
    """Run the sliced step beside another task; count how often that task got to run."""
    ran = []

    async def neighbour():
        while True:
            ran.append(clock[0])
            await asyncio.sleep(0)

    async def main():
        other = asyncio.ensure_future(neighbour())
        await asyncio.sleep(0)  # the neighbour starts
        ran.clear()
        result = await pacing.step_in_slices(table, lambda: clock[0], slice_ms=20)
        other.cancel()
        return result

    return asyncio.run(main()), ran


def test_long_thinking_hands_the_loop_back_every_slice():
    clock = [0.0]
    result, ran = run_with_a_neighbour(ThinkingTable(clock, slices=50, ms=5), clock)
    assert result == ["decided"]
    # 250 ms of thinking in 5 ms pieces: the loop is handed back after each 20 ms of it
    assert ran == list(range(20, 250, 20))


def test_quick_steps_keep_the_loop():
    clock = [0.0]
    result, ran = run_with_a_neighbour(ThinkingTable(clock, slices=3, ms=1), clock)
    assert result == ["decided"] and ran == []


def test_a_real_table_steps_the_same_sliced_or_not():
    def table():
        bots = {s: make_bot("random", s, 3, bid_chance=0.1) for s in (1, 2, 3)}
        return Table.new(3, bots, adviser=make_bot("random", HUMAN, 3, bid_chance=0.05))

    sliced, whole = table(), table()
    while not whole.waiting_for_player():
        assert asyncio.run(pacing.step_in_slices(sliced, lambda: 0.0)) == whole.step()
    assert sliced.save() == whole.save()


def test_the_deal_at_normal_speed_takes_at_most_three_seconds_of_pauses():
    """152 cards in bursts: the pauses alone stay well under the 3 s the deal may take, so
    the redraws between them have room."""
    frames = -(-152 // pacing.cards_per_frame("normal"))
    assert frames * pacing.pause_ms(events("CardDealt"), "normal") <= 2000
    assert pacing.cards_per_frame("slow") <= pacing.cards_per_frame("normal") \
        <= pacing.cards_per_frame("fast")


def test_only_dealing_and_cards_dealt_read_a_steps_events():
    assert pacing.only_dealing(events("CardDealt", "CardDealt"))
    assert pacing.only_dealing(events("CardDealt", "PhaseChanged"))
    assert not pacing.only_dealing(events("CardDealt", "BidMade"))
    assert not pacing.only_dealing([])
    assert pacing.cards_dealt(events("CardDealt", "BidMade", "CardDealt")) == 2


@pytest.mark.parametrize("redraw_ms", [2, 15, 40, 100, 200])
def test_the_deal_keeps_its_pace_however_long_a_redraw_takes(redraw_ms):
    """152 cards at normal speed, each burst followed by its redraw and its pause: the deal
    takes at most 3 s whether a redraw costs 2 ms (a fast desktop) or 200 ms (a slow phone
    throttled), since a slower device shows more cards at each redraw."""
    pause = pacing.pause_ms(events("CardDealt"), "normal")
    dealt, clock, since = 0, 0.0, None
    while dealt < 152:
        dealt += pacing.deal_burst("normal", since)
        since = redraw_ms + pause
        clock += since
    assert clock <= 3000, f"{clock:.0f} ms"


def test_a_burst_after_a_pause_for_a_bid_is_one_frame():
    """The time a bid's pause took is not owed in cards: the next burst is a frame's worth."""
    assert pacing.deal_burst("normal", None) == pacing.cards_per_frame("normal")
    assert pacing.deal_burst("normal", 10_000) == \
        pacing.MOST_FRAMES_AT_ONCE * pacing.cards_per_frame("normal")
    assert pacing.deal_burst("normal", 1) == pacing.cards_per_frame("normal")
