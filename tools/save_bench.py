"""`python -m tools.save_bench`: what a long match costs to save and to resume, printed (never
asserted; `node bench/pyodide_bench.mjs saves` runs it under Pyodide).

- load_match of a save taken mid-round in round 1 and in round 30 (the same number of actions
  into the round), best of several runs, and their ratio: resuming should cost about the same
  whatever the match's length (the earlier rounds are not replayed on load);
- the full check of the round-30 save (`verify_steps`, which the page runs in slices once the
  table is ready): its total time and its longest slice;
- the save's size after every 10 rounds, its growth per round, and that growth carried to 60
  rounds.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from engine.actions import NextRound
from engine.bots import make_bot
from engine.driver import next_action, play_round
from engine.match import Match
from engine.save import load_match, save_match, verify_steps

TRICKS_IN = 6  # tricks into the round where a save is taken (mid-play)


def best_ms(fns: list[Callable[[], object]], runs: int) -> list[float]:
    """Each function's best time in ms over `runs`, the functions taking turns (so a burst
    of load on this shared machine touches them alike)."""
    best = [float("inf")] * len(fns)
    for _ in range(runs):
        for i, fn in enumerate(fns):
            start = time.perf_counter()
            fn()
            best[i] = min(best[i], time.perf_counter() - start)
    return [b * 1000 for b in best]


def long_match(seed: int, rounds: int) -> tuple[dict[int, str], dict[int, int]]:
    """Saves taken TRICKS_IN tricks into round 1 and round `rounds`, and the save's size at
    each round's end, from the first seed at or after `seed` whose match lasts that long."""
    while True:
        match = Match(seed)
        players = [make_bot("easy", s, seed) for s in range(4)]
        saves: dict[int, str] = {}
        sizes: dict[int, int] = {}
        for number in range(1, rounds + 1):
            if number in (1, rounds):
                while len(match.round.finished_tricks) < TRICKS_IN:
                    match.apply(next_action(match, players))
                saves[number] = save_match(match)
            play_round(match, players)
            sizes[number] = len(save_match(match))
            if match.winner is not None:
                break
            match.apply(NextRound())
        if len(saves) == 2:
            return saves, sizes
        seed += 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args(argv)

    saves, sizes = long_match(args.seed, args.rounds)
    first, last = saves[1], saves[args.rounds]
    first_ms, last_ms = best_ms([lambda: load_match(first), lambda: load_match(last)], args.runs)
    print(f"load_match, round 1 save ({len(first)} B):  {first_ms:7.2f} ms")
    print(f"load_match, round {args.rounds} save ({len(last)} B): {last_ms:7.2f} ms")
    print(f"ratio round {args.rounds} / round 1:        {last_ms / first_ms:7.2f}")

    slices: list[float] = []
    start = time.perf_counter()
    steps = verify_steps(last)
    while True:
        t = time.perf_counter()
        if next(steps, None) is None:
            slices.append((time.perf_counter() - t) * 1000)
            break
        slices.append((time.perf_counter() - t) * 1000)
    total = (time.perf_counter() - start) * 1000
    print(f"verify_steps, round {args.rounds} save:        {total:7.1f} ms in {len(slices)} "
          f"slices, longest {max(slices):.1f} ms")

    marks = [n for n in sorted(sizes) if n % 10 == 0]
    print("save size at the end of round: " + ", ".join(f"{n}: {sizes[n]} B" for n in marks))
    per_round = (sizes[max(sizes)] - sizes[1]) / (max(sizes) - 1)
    print(f"growth: {per_round:.0f} B per round; at that rate 60 rounds: "
          f"{(sizes[1] + 59 * per_round) / 1000:.1f} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
