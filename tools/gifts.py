"""Points given away by the hint and by the hard bot, on fresh deals.

    python -m tools.gifts [--seed 2800] [--rounds 6] [--playouts 600] [--hint-only | --hard-only]

A *chance* is a decision where the seat is the last to play on a single-card lead and the
trick goes to the opponents after its play; a *gift* is such a decision where the seat added
points while a legal card with fewer points existed (it could have lost more cheaply, or won
with fewer points). The gift rate is gifts / chances.

- hint: four normal bots play `--rounds` seeded rounds (seeds from `--seed` × 1000, deals the
  tests never use); wherever a seat is the last to play on a single lead, the hint
  (HardBot.advise for that seat's own view, `--playouts` simulated plays, no clock) is asked
  too, and its answer judged;
- hard: hard bots in seats 0 and 2 against normal bots in 1 and 3, the same seeds; hard's own
  last-to-play plays on a single lead are judged.

It prints the decisions judged (last to play on a single lead), the chances, the gifts and
the points gifted (more points than the fewest a legal card had). A second line ("sure") does
the same for a seat that plays before the last where the trick is certainly the opponents'
as the seat sees it (engine.bots.certain.opponents_take: nothing the later seats may hold
could beat the winning play, say a lead topped by a big joker, or partner's lead beaten with
only opponents still to play), on any lead: a chance is such
a decision, a gift one that adds more points than the fewest a legal follow adds. Figures are
printed, never asserted.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.actions import Action, Play
from engine.bots import Bot, make_bot
from engine.bots.certain import fewest_points_follow, opponents_take
from engine.bots.hard import HardBot
from engine.bots.knowledge import build_memory
from engine.cards import Card, format_cards
from engine.driver import play_round
from engine.phase import Phase
from engine.rules import Trump, playable_cards, trick_winner
from engine.seats import SEATS, same_team, team_of
from engine.view import SeatView

from .arena import start_match


@dataclass
class Tally:
    decisions: int = 0
    chances: int = 0
    gifts: int = 0
    points: int = 0
    cases: list[str] = field(default_factory=list)


def judge(view: SeatView, cards: Sequence[Card], tally: Tally) -> None:
    """Count `cards`, the seat's play for `view`, in `tally` (see the module docstring)."""
    trick = view.current_trick
    trump: Trump | None = view.trump
    if not last_on_single(view) or trick is None or trump is None:
        return
    tally.decisions += 1
    plays = [tuple(p) for _, p in trick.plays]
    w = trick_winner([*plays, tuple(cards)], trump)
    winner = trick.plays[w][0] if w < 3 else view.seat
    if same_team(winner, view.seat):
        return
    count(tally, view, cards, min(c.points for c in playable_cards(view.hand, plays[0], trump)))


def count(tally: Tally, view: SeatView, cards: Sequence[Card], fewest: int) -> None:
    """A chance in `tally`, and a gift if `cards` add more points than `fewest`."""
    tally.chances += 1
    spent = sum(c.points for c in cards)
    if spent > fewest:
        trick = view.current_trick
        played = [c for _, p in trick.plays for c in p] if trick is not None else []
        tally.gifts += 1
        tally.points += spent - fewest
        tally.cases.append(
            f"seat {view.seat} trick {format_cards(played)} "
            f"hand {format_cards(sorted(view.hand, key=lambda c: c.index))} "
            f"played {format_cards(cards)}")


def sure_loss(view: SeatView) -> bool:
    """Whether the seat plays before the last to a trick certainly the opponents' (see the
    module docstring)."""
    trick = view.current_trick
    trump = view.trump
    if trick is None or not trick.plays or len(trick.plays) == 3 or trump is None:
        return False
    return opponents_take(view.hand, trick.plays, trump, view.seat, build_memory(view, trump))


def judge_sure(view: SeatView, cards: Sequence[Card], tally: Tally) -> None:
    """Count `cards` in `tally` where `sure_loss(view)`: a gift adds more points than the
    fewest a legal follow adds."""
    trick, trump = view.current_trick, view.trump
    if trick is None or trump is None or not sure_loss(view):
        return
    tally.decisions += 1
    count(tally, view, cards,
          sum(c.points for c in fewest_points_follow(view.hand, trick.plays[0][1], trump)))


def last_on_single(view: SeatView) -> bool:
    """Whether the seat is the last to play on a single-card lead."""
    trick = view.current_trick
    return (trick is not None and len(trick.plays) == 3 and len(trick.plays[0][1]) == 1
            and view.trump is not None)


class Hinted:
    """A normal bot whose every play decision is also put to the hint, and judged."""

    def __init__(self, bot: Bot, adviser: HardBot, tally: Tally, sure: Tally) -> None:
        self.bot, self.adviser, self.tally, self.sure = bot, adviser, tally, sure

    def choose(self, view: SeatView) -> Action | None:
        if view.phase == Phase.PLAY and view.to_act == view.seat and (
                last_on_single(view) or sure_loss(view)):
            advice = self.adviser.advise(view)
            if advice is not None and isinstance(advice.action, Play):
                judge(view, advice.action.cards, self.tally)
                judge_sure(view, advice.action.cards, self.sure)
        return self.bot.choose(view)


class Judged:
    """A bot whose own play decisions are judged."""

    def __init__(self, bot: Bot, tally: Tally, sure: Tally) -> None:
        self.bot, self.tally, self.sure = bot, tally, sure

    def choose(self, view: SeatView) -> Action | None:
        action = self.bot.choose(view)
        if view.phase == Phase.PLAY and isinstance(action, Play):
            judge(view, action.cards, self.tally)
            judge_sure(view, action.cards, self.sure)
        return action


def run_hint(seed: int, rounds: int, playouts: int) -> tuple[Tally, Tally]:
    tally, sure = Tally(), Tally()
    for k in range(rounds):
        s = seed * 1000 + k
        m = start_match(s, first_round=k % 3 == 0)
        players = [Hinted(make_bot("normal", seat, s), HardBot(seat, s, playouts=playouts),
                          tally, sure) for seat in SEATS]
        play_round(m, players)
    return tally, sure


def run_hard(seed: int, rounds: int, playouts: int) -> tuple[Tally, Tally]:
    tally, sure = Tally(), Tally()
    for k in range(rounds):
        s = seed * 1000 + k
        m = start_match(s, first_round=k % 3 == 0)
        players: list[Bot | Judged] = [
            Judged(make_bot("hard", seat, s, playouts=playouts), tally, sure)
            if team_of(seat) == 0 else make_bot("normal", seat, s) for seat in SEATS]
        play_round(m, players)
    return tally, sure


def report(name: str, tally: Tally, out=sys.stdout, cases: bool = False) -> None:
    rate = 100 * tally.gifts / tally.chances if tally.chances else 0.0
    print(f"{name:5} decisions {tally.decisions:6d}  chances {tally.chances:5d}  "
          f"gifts {tally.gifts:4d} = {rate:.2f}%  points gifted {tally.points}", file=out)
    if cases:
        for line in tally.cases:
            print(f"  {line}", file=out)
    out.flush()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=2800)
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--playouts", type=int, default=600)
    ap.add_argument("--cases", action="store_true", help="print every gift")
    group = ap.add_mutually_exclusive_group()
    group.add_argument("--hint-only", action="store_true")
    group.add_argument("--hard-only", action="store_true")
    args = ap.parse_args(argv)
    runs = [] if args.hard_only else [("hint", run_hint)]
    runs += [] if args.hint_only else [("hard", run_hard)]
    for name, run in runs:
        last, sure = run(args.seed, args.rounds, args.playouts)
        report(name, last, cases=args.cases)
        report("  sure", sure, cases=args.cases)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
