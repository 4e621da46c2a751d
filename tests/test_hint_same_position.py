"""Issue 28 item 3: the same position gives the same hint — asked live, after a reload (the
save's round trip), after undo back to it, and in the review of the finished round. The hint
is the page's adviser (ui.logic.players.make_adviser): a fixed count of simulated plays with no
wall-clock cap, seeded by the match's seed and the player's view, so nothing else can change
it."""

from engine.actions import Play
from engine.bots import make_bot
from engine.driver import run_steps
from engine.phase import Phase
from ui.logic.players import make_adviser
from ui.logic.review import Review
from ui.logic.table import Table

SEED = 3
ASKED = (0, 5, 11)  # the player's plays whose hint is compared (counted from 0)


def fresh_table(save_text=None):
    bots = {s: make_bot("normal", s, SEED) for s in (1, 2, 3)}
    if save_text is None:
        return Table.new(SEED, bots, make_adviser(SEED))
    return Table.restore(save_text, bots, make_adviser(SEED))


def said(advice):
    """What the player is shown: the cards and the reason."""
    assert advice is not None
    return sorted(map(str, advice.action.cards)), advice.reason


def test_the_adviser_has_no_clock_cap():
    assert make_adviser(SEED).budget_ms is None


def test_the_same_position_gives_the_same_hint_live_reloaded_undone_and_in_review():
    table = fresh_table()
    live, reloaded, undone = {}, {}, {}
    plays = 0
    while not table.phase.round_over:
        table.run_until_player()
        if table.phase.round_over:
            break
        view = table.view()
        if view.phase != Phase.PLAY:  # bids and the bury: the adviser's choice, to move on
            advice = table.hint_advice()
            assert advice is not None
            table.act(advice.action)
            continue
        advice = table.hint_advice()
        if plays in ASKED:
            live[plays] = said(advice)
            reloaded[plays] = said(fresh_table(table.save()).hint_advice())
            # play it, let the bots answer, then take it back
            table.act(advice.action)
            table.run_until_player()
            table, taken = table.undone()
            assert isinstance(taken, Play) and taken.cards == advice.action.cards
            undone[plays] = said(table.hint_advice())
        table.act(advice.action)
        plays += 1
    review = Review(table.match)
    reviewed = {}
    k = -1
    for at, step in enumerate(review.steps):
        if step.own_at is None:
            continue
        k += 1
        if k in ASKED:
            review.at = at
            reviewed[k] = said(run_steps(review.hint_steps(make_adviser(SEED))))
    assert set(live) == set(ASKED)
    assert live == reloaded == undone == reviewed
