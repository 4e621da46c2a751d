"""`python -m engine --seed 1`: four random legal-move players play a match; print the log."""

from __future__ import annotations

import argparse
import sys

from .actions import Action
from .bots import make_bot
from .driver import play_match
from .events import Event
from .log import describe
from .match import Match


def match_log(seed: int, max_rounds: int) -> list[str]:
    lines: list[str] = []

    def observe(action: Action, events: list[Event]) -> None:
        lines.extend(line for e in events if (line := describe(e)) is not None)

    first = describe(Match(seed).round_started_event())
    assert first is not None  # a round's start always has a line
    lines.append(first)
    players = [make_bot("random", s, seed, bid_chance=0.05) for s in range(4)]
    play_match(Match(seed), players, rounds=max_rounds, observe=observe)
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    parser.add_argument("--seed", type=int, default=1, help="match seed (default 1)")
    parser.add_argument("--rounds", type=int, default=400,
                        help="stop after this many rounds if the match is not over")
    args = parser.parse_args(argv)
    sys.stdout.write("\n".join(match_log(args.seed, args.rounds)) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
