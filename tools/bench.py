"""`python -m tools.bench`: engine speed on this machine, printed (never asserted).

- rounds per second of random legal self-play on one core (deal, bidding, kitty, every trick);
- microseconds per call of `check_follow` and `trick_winner` on typical positions;
- a baseline in the same process (a plain Python loop of fixed work) and the ratio of each
  figure to it, so runs on machines of different speed or load can be compared.
"""

from __future__ import annotations

import argparse
import time
import timeit

from engine.bots import make_bot
from engine.cards import parse_cards
from engine.driver import play_round
from engine.match import Match
from engine.rules import Trump, check_follow, trick_winner

TRUMP = Trump("6", "H")
FOLLOW_CASES = [  # (hand, lead, play) typical of mid-round positions
    ("S2 S2 S3 S4 S4 S9 SJ SQ SK H3 H5 C7 C8 D9 DA", "S7 S7", "S4 S4"),
    ("S2 S2 S3 S3 S4 S4 S5 S5 S9 SJ H3 C7", "S7 S7 S8 S8 S9 S9", "S3 S3 S4 S4 S5 S5"),
    ("H2 H3 H9 HK S6 BJ C2 C3 D4 D4", "HA", "H3"),
    ("C2 C3 C4 D5 D6 D7 H2 H2", "SA SA SK", "H2 H2 C2"),
]
WINNER_CASES = [
    ("S7", "S9", "S8", "H2"),
    ("S7 S7", "H2 H2", "H3 H3", "SA SA"),
    ("S7 S7 S8 S8 S9 S9", "H2 H2 H3 H3 H4 H4", "S2 S3 S4 S5 SJ SQ", "C2 C3 C4 C5 C7 C8"),
    ("SA SA SK", "H2 H2 H3", "H4 H4 H2", "S2 S3 S4"),
]


def baseline_us() -> float:
    """Microseconds for a fixed chunk of plain Python work (the same-process yardstick)."""
    def work():
        total = 0
        for i in range(1000):
            total += i * i % 7
        return total
    return min(timeit.repeat(work, number=200, repeat=5)) / 200 * 1e6


def per_call_us(fn, cases) -> float:
    runs = 2000
    best = min(timeit.repeat(lambda: [fn(*c) for c in cases], number=runs, repeat=5))
    return best / (runs * len(cases)) * 1e6


def rounds_per_second(rounds: int) -> float:
    start = time.perf_counter()
    for seed in range(rounds):
        match = Match(seed)
        play_round(match, [make_bot("random", s, seed, bid_chance=0.05) for s in range(4)])
    return rounds / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench", description=__doc__)
    parser.add_argument("--rounds", type=int, default=200)
    args = parser.parse_args(argv)
    follow = [(parse_cards(h), parse_cards(lead), parse_cards(p), TRUMP)
              for h, lead, p in FOLLOW_CASES]
    winner = [([parse_cards(p) for p in plays], TRUMP) for plays in WINNER_CASES]
    base = baseline_us()
    rps = rounds_per_second(args.rounds)
    cf = per_call_us(check_follow, follow)
    tw = per_call_us(trick_winner, winner)
    print(f"baseline (fixed Python loop): {base:8.1f} µs")
    print(f"self-play rounds per second:  {rps:8.1f}   (ms per round × 1000 / baseline: "
          f"{1e3 / rps * 1e3 / base:.1f})")
    print(f"check_follow per call:        {cf:8.1f} µs (÷ baseline: {cf / base:.3f})")
    print(f"trick_winner per call:        {tw:8.1f} µs (÷ baseline: {tw / base:.3f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
