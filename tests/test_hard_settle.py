"""Hard's card-play search stops when the decision is settled (SearchParams.settle_k): the
rule on made-up races (each world's paired gains given), then on positions from normal
self-play: the same choice for a seed, never fewer worlds than the minimum, and with the rule
off the whole budget spent as before."""

import pytest

from engine.bots import make_bot
from engine.bots.hard import PairedRace, SearchParams
from engine.driver import next_action
from engine.phase import Phase
from tools.arena import parse_spec, start_match

ON = SearchParams(settle_k=2.0, settle_worlds=8)
OFF = SearchParams(settle_k=None)


def race_of(gains: list[list[float]]) -> PairedRace:
    """A race whose worlds give candidate i the paired gain gains[w][i - 1] over candidate 0
    (a fixed value for candidate 0: only the differences count)."""
    race = PairedRace(len(gains[0]) + 1)
    for world in gains:
        race.record({0: 1.0, **{i + 1: 1.0 + g for i, g in enumerate(world)
                               if i + 1 in race.active}})
    return race


def first_settled(gains: list[list[float]], params: SearchParams = ON) -> int | None:
    """The number of worlds after which the race of `gains` is settled (None: never)."""
    for n in range(1, len(gains) + 1):
        if race_of(gains[:n]).settled(params):
            return n
    return None


def test_identical_outcomes_settle_at_the_minimum_on_normal_s_choice():
    same = [[0.0, 0.0, 0.0, 0.0]] * 20  # every candidate ends the same way: variance 0
    assert first_settled(same) == ON.settle_worlds
    race = race_of(same[:8])
    assert race.outcome(ON, 400, "settled") == (0, {
        "candidates": 5, "worlds": 8, "plays": 400, "choice": 0, "capped": False,
        "ended": "settled"})


def test_a_clear_winner_settles_early_and_is_chosen():
    # candidate 2 gains about a level in every world; the others about nothing
    gains = [[0.01 * (w % 3 - 1), 1.0 + 0.05 * (w % 2), -0.02] for w in range(20)]
    n = first_settled(gains)
    assert n == ON.settle_worlds
    assert race_of(gains[:n]).outcome(ON, 0, "settled")[0] == 2


def test_a_sure_gain_without_spread_is_a_winner_and_a_sure_loss_is_not():
    assert first_settled([[0.5]] * 10) == 8  # variance 0, mean above the margin
    assert race_of([[0.5]] * 8).outcome(ON, 0, "settled")[0] == 1
    assert first_settled([[-0.5]] * 10) == 8  # variance 0, mean below: normal stands
    assert race_of([[-0.5]] * 8).outcome(ON, 0, "settled")[0] == 0


def test_a_close_race_is_not_settled():
    # one challenger whose gain swings around the margin
    assert first_settled([[0.6 * (-1) ** w] for w in range(30)]) is None
    # two challengers well ahead of normal's choice, neither clear of the other: the race
    # goes on until the halving at 8 worlds leaves one
    close = [[0.5 + 0.3 * (w % 2), 0.5 + 0.3 * ((w + 1) % 2), -1.0, -1.0] for w in range(30)]
    early = SearchParams(settle_k=2.0, settle_worlds=4)
    assert race_of(close[:4]).active == [0, 1, 2]
    assert first_settled(close, early) == 8


def test_never_before_the_minimum_even_with_one_world_or_two_candidates():
    assert first_settled([[0.0]] * 30, SearchParams(settle_k=2.0, settle_worlds=12)) == 12
    # a minimum below three still waits for a spread to be measured
    assert first_settled([[0.0]] * 5, SearchParams(settle_k=2.0, settle_worlds=1)) == 3
    assert not race_of([[3.0]]).settled(SearchParams(settle_k=2.0, settle_worlds=1))


def test_off_never_settles_and_is_the_default():
    assert first_settled([[0.0, 0.0]] * 64, OFF) is None
    assert SearchParams().settle_k is None  # k = 2 cost strength in the arena (README)


def test_the_arena_turns_the_rule_off_by_name():
    assert parse_spec("hard:settle_k=off") == ("hard", {"settle_k": None})
    assert parse_spec("hard:settle_k=2.5") == ("hard", {"settle_k": 2.5})


# --- on positions from self-play ----------------------------------------------------------------


@pytest.fixture(scope="module")
def positions():
    """(match, seat) at card plays of normal rounds, one in three, from a few seeds."""
    out = []
    for seed in (4, 5):
        m = start_match(seed, first_round=False)
        bots = [make_bot("normal", s, seed) for s in range(4)]
        turn = 0
        while m.phase not in ("result", "match-over"):
            if m.phase == Phase.PLAY and turn % 3 == 0:
                out.append((m.clone(), m.to_act))
            turn += m.phase == Phase.PLAY
            m.apply(next_action(m, bots))
    return out


def decide(m, seat, **opts):
    """A hard bot's card play at (m, seat) and its search's figures."""
    hard = make_bot("hard", seat, 7, playouts=800, **opts)
    return hard.choose(m.view(seat)), hard.last_stats


def test_the_rule_stops_early_somewhere_and_never_before_the_minimum(positions):
    ended = []
    for m, seat in positions:
        _, stats = decide(m, seat, settle_k=2.0, settle_worlds=6)
        if stats["candidates"] > 1:
            ended.append(stats["ended"])
            assert stats["worlds"] >= 6 or stats["ended"] == "budget"
            if stats["ended"] == "settled":
                assert stats["worlds"] >= 6
    assert "settled" in ended and set(ended) <= {"settled", "budget"}


def test_off_spends_the_budget_and_on_spends_no_more_deciding_alike_when_settled(positions):
    for m, seat in positions:
        off_action, off = decide(m, seat, settle_k=None)
        on_action, on = decide(m, seat, settle_k=2.0)
        if off["candidates"] == 1:
            continue
        assert off["ended"] == "budget"
        assert off["plays"] >= 800 or off["worlds"] == SearchParams().max_worlds
        assert on["plays"] <= off["plays"] and on["worlds"] <= off["worlds"]
        if on["ended"] == "budget":  # not settled: the same worlds, the same choice
            assert (on_action, on["worlds"]) == (off_action, off["worlds"])


def test_the_settled_choice_is_deterministic(positions):
    for m, seat in positions[:8]:
        assert decide(m, seat, settle_k=2.0) == decide(m, seat, settle_k=2.0)
