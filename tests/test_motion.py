"""The pure part of the page's motion and sound (ui/logic/motion.py, ui/logic/sound.py), on
CPython: durations by speed, which event moves what, how the hand before a redraw maps onto the
hand after it, the keyframes (transform and opacity only), and which tone a trick won plays.
The page's side (ui/page/motion.py, ui/page/sound.py) is tested in a browser:
e2e/test_motion.py."""

import dataclasses

import pytest

from engine import events as engine_events
from engine.cards import parse_cards
from ui.logic import motion as mp
from ui.logic import pacing
from ui.logic import sound as tones
from ui.logic.table import HUMAN, Table

MOVING = ("slow", "normal", "fast")


def ev(kind, **fields):
    """The engine's event of that kind with `fields`; the fields a test leaves out are None."""
    cls = getattr(engine_events, kind)
    blank = {f.name: None for f in dataclasses.fields(cls)
             if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING}
    return cls(**{**blank, **fields})


def dealt(seat, card=None):
    return ev("CardDealt", seat=seat, card=card)


def played(seat, text):
    return ev("CardsPlayed", seat=seat, cards=tuple(parse_cards(text)))


# --- durations --------------------------------------------------------------------------------

def test_nothing_moves_at_instant_speed_or_under_reduced_motion():
    assert mp.durations("instant") is None
    for speed in (*MOVING, "instant"):
        assert mp.durations(speed, reduced_motion=True) is None
    assert mp.durations("warp") is None  # an unknown speed moves nothing rather than failing
    assert mp.motion_ms([played(1, "S3")], "instant") == 0


def test_every_speed_but_instant_moves_and_slower_is_longer():
    assert set(mp.DURATIONS) == set(pacing.SPEEDS) - {"instant"}
    kinds = set(mp.DURATIONS["normal"])
    for speed in MOVING:
        assert set(mp.DURATIONS[speed]) == kinds
    for kind in kinds:
        slow, normal, fast = (mp.DURATIONS[s][kind] for s in MOVING)
        assert slow > normal > fast > 0, kind


def test_the_gather_the_game_waits_for_is_short():
    # the page's loop awaits the gather: it must stay about a quarter of a second
    assert mp.DURATIONS["normal"]["gather"] <= 250
    for speed in MOVING:
        assert mp.DURATIONS[speed]["gather"] <= 350


@pytest.mark.parametrize("speed", MOVING)
def test_what_a_step_sets_moving_ends_within_the_pause_after_it(speed):
    """A move never delays the game, and the next redraw never cuts it short."""
    steps = [
        [played(1, "S3")],
        [played(2, "S3 S3 S4 S4")],
        [played(3, "HA"), ev("TrickWon", seat=3)],
        [ev("ThrowFailed", seat=HUMAN), played(HUMAN, "SA")],
        [ev("BidMade", seat=1)],
        [ev("TrumpDecided")],
        [ev("KittyTaken", seat=2)],
        [ev("KittyBuried", seat=HUMAN)],
        [played(HUMAN, "D5")],
    ]
    for events in steps:
        moving = mp.motion_ms(events, speed)
        assert 0 < moving <= pacing.pause_ms(events, speed), [e.kind for e in events]


def test_cards_set_off_one_after_another_within_their_move():
    assert mp.stagger_step(200, 1) == 0
    assert mp.stagger_step(200, 0) == 0
    assert mp.stagger_step(200, 4) * 3 == pytest.approx(200 * mp.STAGGER)


# --- which events move what -------------------------------------------------------------------

def test_a_step_s_events_say_what_moves():
    p = mp.plan([dealt(0, parse_cards("H5")[0]), dealt(1), dealt(2), dealt(3),
                 ev("PhaseChanged")])
    assert p.dealt == [(0, "H5"), (1, None), (2, None), (3, None)]
    assert not p.plays and not p.reflow_hand and not p.empty

    p = mp.plan([played(3, "S3 S3"), ev("TrickWon", seat=2)])
    assert p.plays == [(3, ("S3", "S3"))] and p.trick_won_by == 2
    assert not p.reflow_hand  # a bot's play leaves the player's hand as it was

    p = mp.plan([ev("ThrowFailed", seat=HUMAN), played(HUMAN, "SK")])
    assert p.throw_failed and p.reflow_hand  # the player's hand lost a card: it closes up

    p = mp.plan([ev("KittyTaken", seat=1)])
    assert p.kitty_taken_by == 1 and not p.reflow_hand
    p = mp.plan([ev("KittyTaken", seat=HUMAN)])
    assert p.kitty_taken_by == HUMAN and p.reflow_hand
    p = mp.plan([ev("KittyBuried", seat=3)])
    assert p.kitty_buried_by == 3 and not p.reflow_hand

    assert mp.plan([ev("TrumpDecided")]).reflow_hand  # the hand is sorted anew
    assert mp.plan([ev("BidMade", seat=2)]).reflow_hand
    assert mp.plan([ev("Passed", seat=1), ev("PhaseChanged")]).empty
    assert mp.plan([]).empty


def test_the_hand_is_read_before_a_redraw_only_when_it_will_change_by_more_than_a_deal():
    assert not mp.reads_hand([dealt(0, parse_cards("H5")[0]), dealt(1)])
    assert not mp.reads_hand([played(2, "S3")])
    assert mp.reads_hand([played(HUMAN, "S3")])
    assert mp.reads_hand([ev("KittyBuried", seat=HUMAN)])


def test_real_events_of_a_match_plan_as_they_should():
    """The plan reads the engine's own events (field names, card values), not only fakes."""
    table = Table.new(3, {s: _passer() for s in (1, 2, 3)})
    events = table.step()
    assert any(e.kind == "CardDealt" for e in events)
    p = mp.plan(events)
    assert p.dealt and all(s in (0, 1, 2, 3) for s, _ in p.dealt)
    mine = [k for s, k in p.dealt if s == HUMAN]
    theirs = [k for s, k in p.dealt if s != HUMAN]
    assert all(k is not None for k in mine) and all(k is None for k in theirs)


def _passer():
    from engine.bots import make_bot

    return make_bot("random", 1, 1)


# --- the hand before and after a redraw -------------------------------------------------------

def test_cards_that_stay_in_the_hand_are_matched_to_their_new_places():
    before = [("S3", False), ("S4", False), ("H5", False)]
    m = mp.match_hand(before, ["H5", "S3", "S4"])  # re-sorted (a new trump)
    assert m.moved == [(0, 1), (1, 2), (2, 0)] and m.removed == [] and m.added == []


def test_the_selected_copy_is_the_one_that_left_the_hand():
    # three decks: three ♠3; the player played the middle one (selected)
    before = [("S3", False), ("S3", True), ("S3", False), ("H5", False)]
    m = mp.match_hand(before, ["S3", "S3", "H5"])
    assert m.removed == [1]
    assert m.moved == [(0, 0), (2, 1), (3, 2)]
    assert m.added == []


def test_without_a_selection_the_last_copies_leave():
    m = mp.match_hand([("S3", False), ("S3", False), ("D2", False)], ["S3"])
    assert m.removed == [1, 2] and m.moved == [(0, 0)]


def test_cards_new_to_the_hand_are_added():
    m = mp.match_hand([("S3", False)], ["S3", "S3", "BJ"])
    assert m.moved == [(0, 0)] and m.added == [1, 2] and m.removed == []
    m = mp.match_hand([], ["S3"])
    assert m.added == [0]


# --- keyframes --------------------------------------------------------------------------------

def _properties(keyframes):
    return {k for frame in keyframes for k in frame} - {"offset"}


ALL_KEYFRAMES = [
    mp.arrive((0, 0, 10, 10), (100, 50, 20, 20), 0.6, 0.3),
    mp.glide((0, 0, 10, 10), (30, 0, 10, 10)),
    mp.leave((0, 0, 10, 10), (100, 100, 50, 50)),
    mp.flight((0, 0, 100, 100), (500, 300, 60, 60), (20, 30)),
    mp.PULSE, mp.SHAKE, mp.FADE_OUT, mp.SETTLE,
]


def test_only_transform_and_opacity_are_animated():
    for keyframes in ALL_KEYFRAMES:
        assert _properties(keyframes) <= {"transform", "opacity"}, keyframes


def test_a_card_arrives_from_its_source_s_centre():
    # target centre (110, 60); source centre (5, 5): it starts 105 px left, 55 px up
    frames = mp.arrive((0, 0, 10, 10), (100, 50, 20, 20), scale=0.6, fade_from=0.3)
    assert frames[0] == {"transform": "translate(-105.0px, -55.0px) scale(0.600)",
                         "opacity": 0.3}
    assert frames[-1] == {"transform": "none", "opacity": 1}
    plain = mp.arrive((0, 0, 20, 20), (0, 40, 20, 20))
    assert plain == [{"transform": "translate(0.0px, -40.0px)"}, {"transform": "none"}]


def test_a_card_that_did_not_move_does_not_glide():
    assert mp.glide((10, 10, 20, 30), (10.2, 10, 20, 30)) is None
    assert mp.glide((10, 10, 20, 30), (40, 10, 20, 30)) == [
        {"transform": "translate(-30.0px, 0.0px)"}, {"transform": "none"}]


def test_a_gathered_card_ends_on_the_winner_s_seat_and_unseen():
    frames = mp.leave((0, 0, 10, 10), (100, 100, 50, 50))  # centres (5, 5) → (125, 125)
    assert frames[0] == {"transform": "none", "opacity": 1}
    assert frames[-1]["opacity"] == 0
    assert frames[-1]["transform"].startswith("translate(120.0px, 120.0px)")


def test_a_card_back_flies_between_centres_and_shows_only_on_its_way():
    frames = mp.flight((0, 0, 100, 100), (500, 300, 60, 60), (20, 30), end_scale=0.5)
    assert frames[0]["transform"] == "translate(40.0px, 35.0px) scale(0.900)"  # (50, 50)
    assert frames[-1]["transform"] == "translate(520.0px, 315.0px) scale(0.500)"  # (530, 330)
    assert frames[0]["opacity"] == frames[-1]["opacity"] == 0
    assert max(f["opacity"] for f in frames) == 1
    offsets = [f["offset"] for f in frames]
    assert offsets == sorted(offsets) and offsets[0] == 0 and offsets[-1] == 1


def test_a_card_from_the_hand_shrinks_to_its_size_on_the_table_within_reason():
    assert mp.scale_of((0, 0, 80, 120), (0, 0, 40, 60)) == 2
    assert mp.scale_of((0, 0, 400, 120), (0, 0, 40, 60)) == 2.5
    assert mp.scale_of((0, 0, 1, 1), (0, 0, 40, 60)) == 0.4
    assert mp.scale_of((0, 0, 0, 0), (0, 0, 40, 60)) == 1


# --- tones ------------------------------------------------------------------------------------

def test_a_trick_won_by_the_player_s_team_has_its_own_tone():
    assert tones.trick_tone([ev("TrickWon", seat=0)]) == "ours"
    assert tones.trick_tone([ev("TrickWon", seat=2)]) == "ours"  # the partner, across
    assert tones.trick_tone([ev("TrickWon", seat=1)]) == "theirs"
    assert tones.trick_tone([ev("TrickWon", seat=3)]) == "theirs"
    assert tones.trick_tone([played(1, "S3")]) is None
    assert tones.trick_tone([]) is None
    assert tones.TONES["ours"] != tones.TONES["theirs"] != tones.TONES["turn"]


def test_tones_are_short_and_soft():
    for name, notes in tones.TONES.items():
        assert name in tones.WAVE
        end = max(start + length for _, start, length in notes)
        assert 0 < end <= 0.5, name
        assert all(20 <= f <= 4000 for f, _, _ in notes), name
    assert 0 < tones.VOLUME <= 0.3


def test_a_note_rises_then_falls_to_silence():
    env = tones.envelope(1.0, 0.2)
    assert [how for how, _, _ in env] == ["set", "exp", "exp"]
    times = [at for _, _, at in env]
    assert times == sorted(times) and times[0] == 1.0 and times[-1] == pytest.approx(1.2)
    values = [v for _, v, _ in env]
    assert values[1] == tones.VOLUME and all(v > 0 for v in values)  # (exp ramps: never 0)
