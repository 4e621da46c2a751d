"""The hard bot's search can run in slices (for the page's main thread) and decides the same."""

from engine.bots import make_bot
from engine.driver import next_action, run_steps
from engine.match import Match

from helpers import run_in_slices


def test_sliced_search_yields_and_decides_like_choose():
    m = Match(21)
    players = [make_bot("random", s, 21, bid_chance=0.1) for s in range(4)]
    while m.phase != "play":
        m.apply(next_action(m, players))
    sliced_somewhere = False
    for _ in range(24):
        seat = m.to_act
        view = m.view(seat)
        whole = make_bot("hard", seat, seed=5, playouts=300).choose(view)
        sliced, slices = run_in_slices(
            make_bot("hard", seat, seed=5, playouts=300).choose_steps(view))
        assert sliced == whole
        sliced_somewhere |= slices > 1
        m.apply(whole)
    assert sliced_somewhere, "a search over several worlds yields between them"
    assert run_steps(iter(())) is None
