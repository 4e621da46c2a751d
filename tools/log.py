"""A readable log of a match, line by line from its events: four random bots (which bid now
and then) play a match from a seed.

    python -m tools.log --seed 1 [--rounds 2]

tests/test_golden.py pins the log of seed 1's first two rounds, on CPython and under Pyodide.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable

from engine import events as ev
from engine.actions import Action
from engine.bots import make_bot
from engine.cards import Card, card_label
from engine.driver import play_match
from engine.match import Match
from engine.seats import SEATS

SEAT_NAMES = ("S 下", "E 右", "N 上", "W 左")
SUIT_WORDS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦", None: "无主 no-trump"}


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(card_label(c) for c in cards)


def seat_name(seat: int | None) -> str:
    return "-" if seat is None else f"{SEAT_NAMES[seat]}({seat})"


def describe(event: ev.Event) -> str | None:
    """One log line for an event, or None for the ones not worth a line (single cards dealt,
    phase changes)."""
    match event:
        case ev.RoundStarted():
            return (f"=== round {event.round_no + 1}: level {event.level}, "
                    f"dealer {seat_name(event.dealer)}, first card to "
                    f"{seat_name(event.first_seat)}; levels {event.levels[0]}/{event.levels[1]}")
        case ev.BidMade():
            verb = "snatches 抄底" if event.snatch else "bids 亮主"
            return (f"{seat_name(event.seat)} {verb} {cards_text(event.cards)} → level rank "
                    f"{event.level_rank}, trump {SUIT_WORDS[event.trump_suit]}")
        case ev.TrumpDecided():
            how = (f" (nobody bid; kitty card {card_label(event.kitty_card)})"
                   if event.by_kitty and event.kitty_card is not None else "")
            return (f"dealer 庄家 {seat_name(event.dealer)}, level rank {event.level_rank}, "
                    f"trump {SUIT_WORDS[event.trump_suit]}{how}")
        case ev.KittyTaken(cards=cards) if cards is not None:
            return f"{seat_name(event.seat)} takes the kitty: {cards_text(cards)}"
        case ev.KittyBuried(cards=cards) if cards is not None:
            return f"{seat_name(event.seat)} buries: {cards_text(cards)}"
        case ev.ThrowFailed():
            return (f"{seat_name(event.seat)} tries to throw {cards_text(event.attempted)}: "
                    f"fails, leads {cards_text(event.forced)}"
                    + (f" (penalty {event.penalty})" if event.penalty else ""))
        case ev.CardsPlayed():
            prefix = f"trick {event.trick_no:2d}: " if event.lead else " " * 11
            return f"{prefix}{seat_name(event.seat)} {cards_text(event.cards)}"
        case ev.TrickWon():
            return (f"           → {seat_name(event.seat)} wins {event.points} points; "
                    f"attackers {event.attackers_points}")
        case ev.KittyScored():
            return (f"抠底: kitty {cards_text(event.cards)} = {event.points} × "
                    f"{event.multiplier}")
        case ev.RoundSettled():
            who = "declarers keep the deal" if event.declarers_keep else "attackers take over"
            return (f"result: attackers scored {event.score}; {who}; team {event.rising_team} "
                    f"rises {event.rise}; levels {event.levels[0]}/{event.levels[1]}; "
                    f"next dealer {seat_name(event.next_dealer)}")
        case ev.MatchOver():
            return f"=== match over: team {event.winning_team} wins"
    return None


def match_log(seed: int, max_rounds: int) -> list[str]:
    """The log of the match of `seed` between four random bots, at most `max_rounds` rounds."""
    lines: list[str] = []

    def observe(action: Action, events: list[ev.Event]) -> None:
        lines.extend(line for e in events if (line := describe(e)) is not None)

    first = describe(Match(seed).round_started_event())
    assert first is not None  # a round's start always has a line
    lines.append(first)
    players = [make_bot("random", s, seed, bid_chance=0.05) for s in SEATS]
    play_match(Match(seed), players, rounds=max_rounds, observe=observe)
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.log",
        description="Four random bots play a match; print its log.")
    parser.add_argument("--seed", type=int, default=1, help="match seed (default 1)")
    parser.add_argument("--rounds", type=int, default=400,
                        help="stop after this many rounds if the match is not over")
    args = parser.parse_args(argv)
    sys.stdout.write("\n".join(match_log(args.seed, args.rounds)) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
