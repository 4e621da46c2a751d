"""The bot arena: duplicate deals between two bot tiers.

    python -m tools.arena --a hard --b normal --rounds 200 --seed 1 [--matches 20] [--jobs 2]
    python -m tools.arena --a hard --b hard:bury=normal --rounds 200 --seed 1   # one decision

Rounds (level gain). Each of `--rounds` deals is a fresh match seeded from `--seed` and the deal
number, started at a seeded position: a random 庄家 seat and random levels for both teams
(2..A, and 小王/大王 one time in ten), so the statistics cover all kinds of rounds, not only the
first round of a match; `--first-round` plays the match's real first round instead (both teams
at 2, the bidding picks the 庄家). Each deal is played twice, with the same cards in the same
seats and team A in seats 0/2 then in seats 1/3 (duplicate), so each team holds each side of the
deal once. Per deal we take A's level gain (the levels A rose minus the levels B rose in that
round), averaged over the two plays: the paired difference removes the luck of the deal. The
table prints its mean with a 95% confidence interval (normal approximation, mean ± 1.96·sd/√n
over deals), the rounds each team won as declarers (kept the deal) and as attackers (took it,
score ≥ 120), and the average attackers' score when each team attacked.

Matches (win rate). `--matches` whole matches from the real start (both teams at 2), each one
also played twice with the seats swapped; the table prints A's share of the matches won
(a match still unfinished after `--max-rounds` rounds counts half).

`--out FILE` appends each round as it finishes (JSON lines, with the sides and their options);
`--pool FILE...` summarizes such files (only deals played in both seatings), so runs can be
stopped, split and pooled; it names the sides the files played, and refuses files of
different sides.

Work is spread over `--jobs` processes (default 2; bots themselves never use more than one).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time

from engine.bots import Bot, make_bot
from engine.bots.hard import CLOCKS, PYODIDE_SLOWDOWN, page_options
from engine.driver import play_match, play_round
from engine.match import Match, Start
from engine.scoring import LADDER
from engine.seats import SEATS, team_of

LEVELS_PLAIN = LADDER[:13]


def arena_start(seed: int) -> Start:
    """A seeded position to deal from: a random 庄家 and random levels (a joker level for the
    declarers one time in ten)."""
    rng = random.Random(f"arena/{seed}")
    dealer = rng.randrange(4)
    levels = [rng.choice(LEVELS_PLAIN) for _ in range(2)]
    if rng.random() < 0.1:
        levels[team_of(dealer)] = rng.choice(("LJ", "BJ"))
    return Start(dealer=dealer, levels=(levels[0], levels[1]))


def start_match(seed: int, first_round: bool) -> Match:
    """A match about to deal a seeded round: at `arena_start(seed)` unless `first_round`."""
    return Match(seed) if first_round else Match(seed, start=arena_start(seed))


def _value(text: str) -> object:
    """An option's value from the command line: int, float, None ("None" or "off": a
    feature turned off, `settle_k=off`) or the text itself."""
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return None if text in ("None", "off") else text


def parse_spec(spec: str) -> tuple[str, dict]:
    """A side's tier and its own options: "hard" or "hard:bury=normal,playouts=1500" (so
    that one tier can meet itself with one decision made another way)."""
    tier, _, rest = spec.partition(":")
    opts: dict = {}
    for item in filter(None, rest.split(",")):
        key, eq, value = item.partition("=")
        if not eq:
            raise ValueError(f"option {item!r} of {spec!r} is not KEY=VALUE")
        opts[key] = _value(value)
    return tier, opts


def _bots(a: str, b: str, a_team: int, seed: int, options: dict) -> list[Bot]:
    specs = [a if team_of(s) == a_team else b for s in SEATS]
    bots = []
    for s, spec in enumerate(specs):
        tier, own = parse_spec(spec)
        bots.append(make_bot(tier, s, seed, **{**options.get(tier, {}), **own}))
    return bots


def run_round(task) -> dict:
    a, b, seed, a_team, first_round, options = task
    m = start_match(seed, first_round)
    r = play_round(m, _bots(a, b, a_team, seed, options))
    a_declares = team_of(r.dealer) == a_team
    gain = r.rise if r.rising_team == a_team else -r.rise
    return {"seed": seed, "a_team": a_team, "gain": gain, "a_declares": a_declares,
            "keep": r.declarers_keep, "score": r.score}


def run_match(task) -> dict:
    a, b, seed, a_team, max_rounds, options = task
    m = Match(seed)
    results = play_match(m, _bots(a, b, a_team, seed, options), rounds=max_rounds)
    win = 0.5 if m.winner is None else float(m.winner == a_team)
    return {"seed": seed, "a_team": a_team, "win": win, "rounds": len(results)}


def _mean_ci(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    if n == 0:
        return 0.0, 0.0
    mean = sum(xs) / n
    if n < 2:
        return mean, float("inf")
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def summarize_rounds(a: str, b: str, results: list[dict]) -> str:
    by_seed: dict[int, list[dict]] = {}
    for r in results:
        by_seed.setdefault(r["seed"], []).append(r)
    diffs = [sum(x["gain"] for x in rs) / len(rs) for _, rs in sorted(by_seed.items())]
    mean, half = _mean_ci(diffs)
    lines = [f"{a} (A) vs {b} (B): {len(diffs)} duplicate deals, {len(results)} rounds",
             f"  level gain per round, A over B: {mean:+.3f}  "
             f"(95% CI {mean - half:+.3f} .. {mean + half:+.3f})"]
    for name, is_a in ((a + " (A)", True), (b + " (B)", False)):
        decl = [r for r in results if r["a_declares"] == is_a]
        att = [r for r in results if r["a_declares"] != is_a]
        won_decl = sum(1 for r in decl if r["keep"])
        won_att = sum(1 for r in att if not r["keep"])
        avg_att = sum(r["score"] for r in att) / len(att) if att else 0.0
        lines.append(f"  {name:>14}: won {won_decl}/{len(decl)} as declarers, "
                     f"{won_att}/{len(att)} as attackers; "
                     f"average score when attacking {avg_att:.1f}")
    return "\n".join(lines)


def summarize_matches(a: str, b: str, results: list[dict]) -> str:
    wins = sum(r["win"] for r in results)
    n = len(results)
    p = wins / n if n else 0.0
    half = 1.96 * math.sqrt(p * (1 - p) / n) if n else 0.0
    avg_rounds = sum(r["rounds"] for r in results) / n if n else 0.0
    return (f"  whole matches: A won {wins:g}/{n} = {100 * p:.1f}% "
            f"(±{100 * half:.1f}), {avg_rounds:.1f} rounds per match")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.arena", description=__doc__.split("\n")[0])
    ap.add_argument("--a", default="normal",
                    help="tier of team A, with its own options: hard:bury=normal,playouts=900")
    ap.add_argument("--b", default="easy", help="tier of team B (as --a)")
    ap.add_argument("--rounds", type=int, default=100, help="duplicate deals (each played twice)")
    ap.add_argument("--matches", type=int, default=0, help="whole matches (each played twice)")
    ap.add_argument("--max-rounds", type=int, default=60, help="round cap for a whole match")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--first-round", action="store_true",
                    help="play each deal as a match's first round (both teams at 2)")
    ap.add_argument("--playouts", type=int, default=None, help="hard tier: card plays/decision")
    ap.add_argument("--opt", action="append", default=[], metavar="TIER.KEY=VALUE",
                    help="a bot option, e.g. hard.horizon=6 (repeatable)")
    ap.add_argument("--out", help="append each round's result to this file (JSON lines), so "
                    "that a long run can be stopped and its finished deals still counted")
    ap.add_argument("--pool", nargs="+", metavar="FILE",
                    help="summarize the rounds of --out files (whole deals only) and exit")
    ap.add_argument("--page", action="store_true",
                    help="hard plays as in the page: its default play count under the page's "
                         "time cap, shortened by --slowdown (and read on --clock)")
    ap.add_argument("--slowdown", type=float, default=PYODIDE_SLOWDOWN,
                    help="how much slower the page's runtime (Pyodide) is than this one "
                         f"(default {PYODIDE_SLOWDOWN}: measured, see the README)")
    ap.add_argument("--clock", choices=sorted(CLOCKS), default="cpu",
                    help="with --page, how hard's cap is read: 'cpu' (default), the CPU time "
                         "of its own process, so that other jobs on a shared machine take "
                         "none of it; 'wall', the wall clock, as in the page")
    args = ap.parse_args(argv)
    options: dict = {}
    if args.page:
        options["hard"] = page_options(args.slowdown, args.clock)
        print(f"  hard as in the page: {options['hard']} (load average "
              f"{os.getloadavg()[0]:.1f})", file=sys.stderr)
    if args.playouts is not None:
        options.setdefault("hard", {})["playouts"] = args.playouts
    for item in args.opt:
        key, _, value = item.partition("=")
        tier, _, name = key.partition(".")
        options.setdefault(tier, {})[name] = _value(value)
    base = args.seed * 1_000_003
    t0 = time.time()
    tasks = [(args.a, args.b, base + i, a_team, args.first_round, options)
             for i in range(args.rounds) for a_team in (0, 1)]
    mtasks = [(args.a, args.b, base + 500_000 + i, a_team, args.max_rounds, options)
              for i in range(args.matches) for a_team in (0, 1)]
    if args.pool:
        results = []
        for path in args.pool:
            with open(path, encoding="utf-8") as f:
                results += [json.loads(line) for line in f if line.strip()]
        results = [r for r in results if "gain" in r]
        # only whole duplicate deals (both seatings) count
        done: dict[int, int] = {}
        for r in results:
            done[r["seed"]] = done.get(r["seed"], 0) + 1
        results = [r for r in results if done[r["seed"]] == 2]
        sides = {json.dumps(r["sides"], sort_keys=True) for r in results if "sides" in r}
        if len(sides) > 1:  # (files from before the sides were written have none)
            print("these files hold rounds of different sides or options:\n  "
                  + "\n  ".join(sorted(sides)), file=sys.stderr)
            return 2
        a, b = args.a, args.b
        if sides:
            played = json.loads(sides.pop())
            a, b = played["a"], played["b"]
            print(f"  pooled: {played}", file=sys.stderr)
        print(summarize_rounds(a, b, results))
        return 0
    out = open(args.out, "a", encoding="utf-8") if args.out else None  # noqa: SIM115

    sides = {"a": args.a, "b": args.b, "options": options}  # (so that --pool can say them)

    def record(r: dict) -> dict:
        if out is not None:
            out.write(json.dumps({**r, "sides": sides}) + "\n")
            out.flush()
        return r

    jobs = max(1, min(2, args.jobs))
    if jobs == 1:
        results = [record(run_round(t)) for t in tasks]
        mresults = [run_match(t) for t in mtasks]
    else:
        from multiprocessing import Pool  # here, so that Pyodide can import this module

        with Pool(jobs) as pool:
            results = [record(r) for r in pool.imap(run_round, tasks, chunksize=1)]
            mresults = pool.map(run_match, mtasks, chunksize=1)
    if results:
        print(summarize_rounds(args.a, args.b, results))
    else:
        print(f"{args.a} (A) vs {args.b} (B)")
    if mresults:
        print(summarize_matches(args.a, args.b, mresults))
    print(f"  ({time.time() - t0:.0f} s, seed {args.seed}, {jobs} processes)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
