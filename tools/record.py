"""`python -m tools.record --seed N [--rounds K] [--code]`: bots play a seeded match; print its
record (engine.record), as text or as the compact code for a link.

    python -m tools.record --seed 7 --rounds 2             # the first two rounds, as text
    python -m tools.record --seed 7 --round 2              # only the second round
    python -m tools.record --seed 7 --code                 # the whole match as a code
    python -m tools.record --read record.txt               # check a record, print its summary
"""

from __future__ import annotations

import argparse
import datetime
import sys

from engine.bots import make_bot
from engine.driver import play_match
from engine.errors import GameError
from engine.match import Match
from engine.record import RecordInfo, read_code, read_record, record_code, record_text


def played(seed: int, rounds: int, tiers: list[str]) -> Match:
    """The match bots play from `seed`, stopped after `rounds` rounds if not over."""
    match = Match(seed)
    play_match(match, [make_bot(tier, seat, seed) for seat, tier in enumerate(tiers)],
               rounds=rounds)
    return match


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.record", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1, help="match seed (default 1)")
    parser.add_argument("--rounds", type=int, default=400,
                        help="stop after this many rounds if the match is not over")
    parser.add_argument("--round", type=int, default=None, dest="round_no",
                        help="print only this round (counted from 1)")
    parser.add_argument("--tiers", default="normal,normal,normal,normal",
                        help="the bot tier of South, East, North, West (random, easy, "
                             "normal, hard; default normal for all)")
    parser.add_argument("--date", default=datetime.date.today().isoformat(),
                        help="the date in the header (YYYY-MM-DD, default today; '' for none)")
    parser.add_argument("--code", action="store_true", help="print the compact code instead")
    parser.add_argument("--read", metavar="FILE",
                        help="read a record (text, or a code) from FILE ('-': stdin), "
                             "replay it and print its summary; exit 1 if refused")
    args = parser.parse_args(argv)
    if args.read is not None:
        return read(args.read)
    tiers = args.tiers.split(",")
    if len(tiers) != 4:
        parser.error("--tiers names four tiers")
    try:
        date = datetime.date.fromisoformat(args.date) if args.date else None
        match = played(args.seed, args.rounds, tiers)
        info = RecordInfo((tiers[0], tiers[1], tiers[2], tiers[3]), date)
        if args.code:
            out = record_code(match, info, args.round_no) + "\n"
        else:
            out = record_text(match, info, args.round_no)
    except ValueError as err:  # an unknown tier, a bad date, a round the match has not
        parser.error(str(err))
    sys.stdout.write(out)
    return 0


def read(path: str) -> int:
    if path == "-":
        text = sys.stdin.read()
    else:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    try:
        if text.lstrip().startswith("["):
            match, info = read_record(text)
        else:
            match, info = read_code(text.strip())
    except GameError as err:
        sys.stderr.write(f"refused: {err.en}\n")
        return 1
    sys.stdout.write(f"a record of seed {match.seed}: {match.history_length} moves, round "
                     f"{match.round.number + 1}, phase {match.phase}, levels "
                     f"{match.levels[0]}/{match.levels[1]}; seats {info.seats}, "
                     f"date {info.date}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
