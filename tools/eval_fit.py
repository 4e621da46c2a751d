"""Fit the hard bot's estimate of a round's end (engine.bots.hard.evaluate) on rollouts.

    python -m tools.eval_fit [--seeds 1000-3000] [--test-every 5]

Hard's rollouts stop `horizon` tricks after a decision and score the rest of the round by an
estimate: the attackers' score so far, plus their expected share of the points still in the
hands and of the kitty (R25), spread by a normal law. This plays whole rounds with the normal
policy for all four seats in hard's own simulator (`World`: every hand known, the same rollouts
hard plays), from the first trick of a round dealt, bid and buried by normal bots, and records
at every trick what the estimate reads (the points still to play, the kitty's value, the points
in each team's hands, and each team's cards by class) beside the attackers' final score. It
then fits, by least squares, in two steps:

1. each class of card's power (CLASSES, relative to a low side card): the share of the rest
   as a linear function of the two teams' difference in each class, per card left;
2. the share's curve in that power, the kitty's share, the pull of points a team holds itself,
   and the spread of the final score about the estimate.

Every `--test-every`-th seed is held out: the figures printed are on those rounds, for the fit
and for the estimate hard uses now (EvalParams, CLASS_POWER), so a change of either is judged
by the same command. Pure Python (no numpy): the fit is a few normal equations.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from engine.bots import make_bot
from engine.bots.hard import CLASS_POWER, CLASSES, EVAL, World, card_class, expected_end
from engine.cards import points_of
from engine.driver import next_action
from engine.match import Match
from engine.phase import Phase
from engine.seats import SEATS, team_of
from engine.tally import kitty_value


@dataclass
class Position:
    """What the estimate reads at one trick of a rollout, and how the round ended."""

    seed: int
    score: float  # the attackers' points so far
    rest: float  # points still in the hands and the trick
    kitty: float  # the kitty's value if the attackers take the last trick (R25)
    held: float  # points in the attackers' hands minus the declarers'
    cards: float  # cards left in the four hands
    diff: list[float]  # by CLASSES: the attackers' cards of the class minus the declarers'
    now: float  # the estimate hard uses now (expected_end)
    final: float = 0.0  # the attackers' final score


def positions_of_round(seed: int) -> list[Position]:
    """One round of four normal bots, replayed in the simulator from its first trick: a
    position a trick (while 3 tricks or more are left, as hard estimates)."""
    m = Match(seed=seed)
    players = [make_bot("normal", s, seed=s) for s in SEATS]
    while m.phase != Phase.PLAY:
        m.apply(next_action(m, players))
    view = m.view(0)
    assert view.trump is not None and view.burier is not None and view.dealer is not None
    w = World.at_first_trick(view.trump, [list(m.hand(s)) for s in SEATS],
                             list(m.round.kitty), view.burier, view.dealer, view.rules)
    att = w.attack_team
    out: list[Position] = []
    while not w.finished():
        if len(w.hands[0]) >= 3:
            diff = [0.0] * len(CLASSES)
            held = 0.0
            for seat, hand in enumerate(w.hands):
                sign = 1.0 if team_of(seat) == att else -1.0
                held += sign * points_of(hand)
                for c in hand:
                    diff[CLASSES.index(card_class(c, w.trump))] += sign
            rest = sum(points_of(h) for h in w.hands) + sum(points_of(c) for _, c in w.trick)
            out.append(Position(seed, float(w.tally.attackers_score(att)), float(rest),
                                float(kitty_value(w.kitty, w.rules)), held,
                                float(sum(len(h) for h in w.hands)), diff, expected_end(w)[0]))
        w.run(1)
    for p in out:
        p.final = float(w.tally.attackers_score(att))
    return out


def least_squares(xs: Sequence[Sequence[float]], ys: Sequence[float]) -> list[float]:
    """The coefficients minimizing the squared error (normal equations, a small ridge term
    for the columns that sum to zero: each team holds as many cards as the other)."""
    n = len(xs[0])
    a = [[0.0] * n for _ in range(n)]
    b = [0.0] * n
    for x, y in zip(xs, ys, strict=True):
        for i in range(n):
            xi = x[i]
            if xi:
                b[i] += xi * y
                row = a[i]
                for j in range(n):
                    row[j] += xi * x[j]
    for i in range(n):
        a[i][i] += 1e-6 * (a[i][i] + 1.0)
    for col in range(n):  # Gauss-Jordan with partial pivoting
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot], b[col], b[pivot] = a[pivot], a[col], b[pivot], b[col]
        for r in range(n):
            if r != col and a[r][col]:
                f = a[r][col] / a[col][col]
                for j in range(col, n):
                    a[r][j] -= f * a[col][j]
                b[r] -= f * b[col]
    return [b[i] / a[i][i] for i in range(n)]


def power_per_card(p: Position, power: Sequence[float]) -> float:
    return sum(w * d for w, d in zip(power, p.diff, strict=True)) / p.cards


def step2_columns(p: Position, power: Sequence[float]) -> list[float]:
    """rest, kitty, held, and the power per card left times rest, times kitty, and squared
    times rest."""
    x = power_per_card(p, power)
    return [p.rest, p.kitty, p.held, p.rest * x, p.kitty * x, p.rest * x * x]


def rmse(errors: Sequence[float]) -> float:
    return math.sqrt(sum(e * e for e in errors) / len(errors))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--seeds", default="1000-3000", help="rounds' seeds, FIRST-LAST (excluded)")
    ap.add_argument("--test-every", type=int, default=5, help="every n-th seed is held out")
    args = ap.parse_args(argv)
    first, last = (int(s) for s in args.seeds.split("-"))
    t0 = time.time()
    every = [p for seed in range(first, last) for p in positions_of_round(seed)]
    test = [p for p in every if p.seed % args.test_every == 0]
    train = [p for p in every if p.seed % args.test_every != 0]
    print(f"{len(every)} positions from {last - first} rounds ({time.time() - t0:.0f} s); "
          f"{len(test)} held out", file=sys.stderr)
    gain = [p.final - p.score for p in train]
    # step 1: each class's power, relative to a low side card
    c1 = least_squares([[p.rest, p.kitty, p.held] + [p.rest * d / p.cards for d in p.diff]
                        for p in train], gain)
    low = c1[3 + CLASSES.index("low")]
    power = [w - low for w in c1[3:]]
    # step 2: the share's curve, the kitty's share, the points a team holds
    c2 = least_squares([step2_columns(p, power) for p in train], gain)
    fitted = [p.score + sum(c * x for c, x in zip(c2, step2_columns(p, power), strict=True))
              for p in test]
    print("class power (relative to a low side card; CLASS_POWER now):")
    for name, w in zip(CLASSES, power, strict=True):
        print(f"  {name:5} {w:+.3f}  ({CLASS_POWER[name]:+.3f})")
    print(f"share of the rest: {c2[0]:.3f} + {c2[3]:.3f} x + {c2[5]:.3f} x^2 (x: power per card"
          f" left); of the kitty: {c2[1]:.3f} + {c2[4]:.3f} x; of a team's own points: "
          f"{c2[2]:.4f}")
    print(f"now (EvalParams): {EVAL.share_base:.3f} + {EVAL.share_slope:.3f} x + "
          f"{EVAL.share_curve:.3f} x^2; kitty {EVAL.kitty_base:.3f} + {EVAL.kitty_slope:.3f} x;"
          f" own points {EVAL.held_share:.4f}")
    fit_err = rmse([f - p.final for f, p in zip(fitted, test, strict=True)])
    now_err = rmse([p.now - p.final for p in test])
    print(f"held-out error of the final score: fit {fit_err:.2f} points, now {now_err:.2f}")
    print("spread of the final score about the fit, by points still to play (+ half the kitty):")
    for lo in range(0, 300, 60):
        errs = [f - p.final for f, p in zip(fitted, test, strict=True)
                if lo <= p.rest + EVAL.sd_kitty_weight * p.kitty < lo + 60]
        if errs:
            now = EVAL.sd_base + EVAL.sd_per_point * (lo + 30)
            print(f"  {lo:3}-{lo + 59:3}: {rmse(errs):5.1f} points (now {now:.1f}), "
                  f"{len(errs)} positions")


if __name__ == "__main__":
    main()
