"""Hard's decisions and rollouts, play by play, for fixed seeds: a speed-up of the simulator
must not change any of them.

The expected figures are in tests/golden/hard_decisions.json, written from the code as it
decided before the simulator was made leaner. If a change is meant to alter hard's choices,
rewrite the file (`python tests/test_hard_same_decisions.py --write`) and say so in the
commit; a speed-up must leave it as it is.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.actions import Bury, Play
from engine.bots import make_bot
from engine.bots.base import make_ctx
from engine.bots.hard import World, evaluate, sample_hands
from engine.cards import format_cards
from engine.driver import next_action
from engine.match import Match
from engine.phase import Phase

GOLDEN = Path(__file__).parent / "golden" / "hard_decisions.json"
SEEDS = (3, 17)
# small budgets, so the test is quick; the bury is searched too (it plays whole rounds); the
# whole budget spent, as when the file was written (no stop once the decision is settled)
HARD = {"playouts": 600, "bury_playouts": 900, "bury_worlds": 4, "settle_k": None}
# search figures added since the file was written (how the search ended: always "budget" or
# "capped" here, which "capped" already says; the rollouts, candidates played out in all)
NEWER_STATS = ("ended", "rollouts")


def _decisions(seed: int) -> tuple[list[str], list[str]]:
    """One round with hard in every seat: each hard decision (its action and its search's
    figures), and for some positions the value and points of sampled rollouts."""
    m = Match(seed)
    bots = [make_bot("hard", s, seed, **HARD) for s in range(4)]
    decisions: list[str] = []
    rollouts: list[str] = []
    plays = 0
    while not m.phase.round_over:
        action = next_action(m, bots)
        if isinstance(action, Play | Bury):
            stats = {k: v for k, v in bots[action.seat].last_stats.items()
                     if k not in NEWER_STATS}
            decisions.append(f"{action.seat} {type(action).__name__} "
                             f"{format_cards(action.cards)} {json.dumps(stats, sort_keys=True)}")
        if isinstance(action, Play):
            if plays % 7 == 0:
                rollouts.extend(_rollouts(m, seed * 1000 + plays))
            plays += 1
        m.apply(action)
    return decisions, rollouts


def _rollouts(m: Match, seed: int) -> list[str]:
    """Sampled worlds from the position of the seat to act, played out (to the end and for
    a horizon of 3 tricks) from its normal choice: the points, the leader and the value."""
    view = m.view(m.to_act)
    assert view.phase == Phase.PLAY and view.burier is not None and view.dealer is not None
    ctx = make_ctx(view)
    rng = random.Random(seed)
    out = []
    for horizon in (None, 3):
        hands, kitty = sample_hands(view, ctx.mem, ctx.trump, rng)
        w = World.from_view(view, ctx.mem, [list(h) for h in hands], kitty)
        n = w.run(horizon)
        out.append(f"{n} {w.tally.points} {w.leader} {sum(map(len, w.hands))} "
                   f"{evaluate(w, view.seat % 2)!r}")
    return out


def _record() -> dict[str, dict[str, list[str]]]:
    out = {}
    for seed in SEEDS:
        decisions, rollouts = _decisions(seed)
        out[str(seed)] = {"decisions": decisions, "rollouts": rollouts}
    return out


def test_hard_decides_and_rolls_out_as_recorded():
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))
    got = _record()
    for seed in expected:
        for key in ("decisions", "rollouts"):
            want, have = expected[seed][key], got[seed][key]
            for i, (a, b) in enumerate(zip(want, have, strict=False)):
                assert a == b, f"seed {seed}, {key} #{i}: expected {a!r}, got {b!r}"
            assert len(want) == len(have), f"seed {seed}: {len(have)} {key}, not {len(want)}"
    # the record covers searches that left the normal choice, not only forced plays
    stats = [json.loads(d[d.index("{"):]) for s in expected for d in expected[s]["decisions"]]
    assert sum(st.get("choice", 0) > 0 for st in stats) >= 20


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/test_hard_same_decisions.py --write")
    GOLDEN.write_text(json.dumps(_record(), indent=1, ensure_ascii=False) + "\n",
                      encoding="utf-8")
    print(f"wrote {GOLDEN}")
