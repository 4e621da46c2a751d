"""Latency of bot decisions, per tier: p50 and p95 in milliseconds.

    python -m tools.bots_bench [--rounds 3] [--tiers easy,normal,hard] [--seed 1]
                                [--budget-ms 250] [--playouts N] [--opt settle_k=off]

For each tier, bots of that tier sit in seats 0 and 2 against normal bots in seats 1 and 3 for
`--rounds` seeded rounds (tools.arena.start_match); every decision of the tier's seats is
timed: "turn" decisions are the ones the seat had to make (post-deal bid or pass, bury, snatch
or pass, every lead and follow), "play" the leads and follows alone, and "deal hook" the
questions the driver asks during the deal (bid now or not; engine.driver). The hard tier
runs as the UI runs it: the default play budget plus the `--budget-ms` wall-clock cap. The
same code runs under Pyodide (bench/pyodide_bench.mjs). Timings are printed, never asserted.

For the hard tier it also prints the share of plays its time cap stopped, the share of
searched plays settled early (SearchParams.settle_k) and the simulated card plays they spent
on average, and the simulated card plays per second of CPU time (process time: a loaded
machine's waits do not count; under Pyodide process time is wall time, so there the figure
needs a quiet machine); for
every tier, the gift rate (last to play, the trick certainly lost, more points added than a
legal play needed: engine.bots.certain) and the missed-feed rate (the trick certainly won,
fewer points added than a legal play allowed).
"""

from __future__ import annotations

import argparse
import sys
import time

from engine.actions import Action, Play
from engine.bots import Bot, make_bot
from engine.bots.certain import LOST, WON, is_gift, is_missed_feed, last_seat_facts
from engine.bots.hard import PAGE_BUDGET_MS
from engine.driver import play_round
from engine.phase import Phase
from engine.seats import SEATS, team_of
from engine.view import SeatView

from .arena import parse_spec, start_match

HARD_UI_BUDGET_MS = PAGE_BUDGET_MS


def pct(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    k = min(len(xs) - 1, max(0, round(q * (len(xs) - 1))))
    return xs[k]


class Timed:
    """A bot whose decisions are timed into `times` by kind (see the module docstring)."""

    def __init__(self, bot: Bot, times: dict[str, list[float]]) -> None:
        self.bot = bot
        self.times = times

    def choose(self, view: SeatView) -> Action | None:
        t0, c0 = time.perf_counter(), time.process_time()
        action = self.bot.choose(view)
        ms = (time.perf_counter() - t0) * 1000
        cpu_ms = (time.process_time() - c0) * 1000
        if view.phase == Phase.DEAL:
            self.times["deal hook"].append(ms)
            return action
        self.times["turn"].append(ms)
        if view.phase == Phase.PLAY:
            self.times["play"].append(ms)
            stats = getattr(self.bot, "last_stats", None)
            if stats is not None:
                self.times["capped"].append(float(stats.get("capped", False)))
                if stats.get("candidates", 0) > 1:
                    self.times["settled"].append(float(stats.get("ended") == "settled"))
                    self.times["searched plays"].append(float(stats["plays"]))
                if stats.get("plays"):
                    self.times["sim plays"].append(float(stats["plays"]))
                    self.times["sim ms"].append(cpu_ms)
            if isinstance(action, Play):
                self._count_certain(view, action.cards)
        return action

    def _count_certain(self, view: SeatView, cards: tuple) -> None:
        """Gift and missed-feed counts (engine.bots.certain) for a last-to-play follow."""
        trick = view.current_trick
        if trick is None or len(trick.plays) != 3 or view.trump is None:
            return
        facts = last_seat_facts(view.hand, trick.plays, view.trump, view.seat)
        if facts is None:
            return
        if facts.outcome == LOST:
            self.times["lost"].append(float(is_gift(facts, cards)))
        elif facts.outcome == WON:
            self.times["won"].append(float(is_missed_feed(facts, cards)))


def bench_tier(tier: str, rounds: int, seed: int, options: dict) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {"turn": [], "play": [], "deal hook": [], "capped": [],
                                      "sim plays": [], "sim ms": [], "lost": [], "won": [],
                                      "settled": [], "searched plays": []}
    for k in range(rounds):
        s = seed * 1000 + k
        m = start_match(s, first_round=k % 3 == 0)
        players: list[Bot | Timed] = [
            Timed(make_bot(tier, seat, s, **options), times) if team_of(seat) == 0
            else make_bot("normal", seat, s) for seat in SEATS]
        play_round(m, players)
    return times


def run(tiers: list[str], rounds: int, seed: int, budget_ms: float | None,
        playouts: int | None, out=sys.stdout, hard_options: dict | None = None) -> None:
    print(f"{'tier':8} {'kind':10} {'n':>6} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}", file=out)
    for tier in tiers:
        options: dict = {}
        if tier == "hard":
            if budget_ms is not None:
                options["budget_ms"] = budget_ms
            if playouts is not None:
                options["playouts"] = playouts
            options.update(hard_options or {})
        times = bench_tier(tier, rounds, seed, options)
        for kind in ("turn", "play", "deal hook"):
            xs = times[kind]
            print(f"{tier:8} {kind:10} {len(xs):6d} {pct(xs, 0.5):8.2f} {pct(xs, 0.95):8.2f} "
                  f"{max(xs, default=0):8.2f}", file=out)
        if times["capped"]:
            share = 100 * sum(times["capped"]) / len(times["capped"])
            print(f"{tier:8} plays stopped by the time cap: {share:.1f}% "
                  f"of {len(times['capped'])}", file=out)
        if times["settled"]:
            settled, spent = times["settled"], times["searched plays"]
            print(f"{tier:8} searched plays: {len(spent)}, settled early "
                  f"{100 * sum(settled) / len(settled):.1f}%, simulated card plays "
                  f"{sum(spent) / len(spent):.0f} on average", file=out)
        if times["sim ms"]:
            rate = sum(times["sim plays"]) / (sum(times["sim ms"]) / 1000)
            print(f"{tier:8} simulated card plays per second of CPU time (searched "
                  f"decisions): {rate:.0f}", file=out)
        for key, what in (("lost", "gifts (last to play, trick certainly lost, more points "
                                   "added than needed)"),
                          ("won", "missed feeds (last to play, trick certainly won, fewer "
                                  "points added than allowed)")):
            xs = times[key]
            share = 100 * sum(xs) / len(xs) if xs else 0.0
            print(f"{tier:8} {what}: {sum(xs):.0f} of {len(xs)} = {share:.1f}%", file=out)
        out.flush()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.bots_bench")
    ap.add_argument("--tiers", default="easy,normal,hard")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget-ms", type=float, default=HARD_UI_BUDGET_MS,
                    help="hard tier wall-clock cap (0: none)")
    ap.add_argument("--playouts", type=int, default=None)
    ap.add_argument("--opt", action="append", default=[], metavar="KEY=VALUE",
                    help="a hard option, e.g. settle_k=off (repeatable; as tools.arena's)")
    args = ap.parse_args(argv)
    budget = args.budget_ms if args.budget_ms and args.budget_ms > 0 else None
    hard_options = parse_spec("hard:" + ",".join(args.opt))[1]
    print(f"python {sys.version.split()[0]} on {sys.platform}; hard budget_ms={budget} "
          f"{hard_options or ''}")
    run(args.tiers.split(","), args.rounds, args.seed, budget, args.playouts,
        hard_options=hard_options)
    return 0


if __name__ == "__main__":
    sys.exit(main())
